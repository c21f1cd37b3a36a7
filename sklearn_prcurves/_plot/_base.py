"""What the displays share: lazy matplotlib, scores from estimators, fold handling."""

from numbers import Integral, Real

import numpy as np

from .._base._compat import check_pos_label_consistency


def import_pyplot():
    """matplotlib.pyplot, or an ImportError that names the extra to install."""
    try:
        import matplotlib.pyplot as plt
    except ImportError as exc:  # pragma: no cover - exercised where matplotlib is absent
        raise ImportError(
            "Plotting needs matplotlib: pip install 'sklearn-prcurves[plot]'"
        ) from exc
    return plt


def check_band_options(confidence_band, n_resamples):
    """Clear errors for the bootstrap band's options, before any work is done."""
    if confidence_band is None:
        return
    if isinstance(confidence_band, bool) or not isinstance(confidence_band, Real) or not (
        0 < confidence_band < 1
    ):
        raise ValueError(
            f"confidence_band must be a confidence level in (0, 1), e.g. 0.95; got "
            f"{confidence_band!r}."
        )
    if isinstance(n_resamples, bool) or not isinstance(n_resamples, Integral) or n_resamples < 2:
        raise ValueError(
            f"n_resamples must be an integer of at least 2 for a confidence band; got "
            f"{n_resamples!r}."
        )


def binary_scores(estimator, X, *, response_method="auto", pos_label=None):
    """Scores of the positive class from a fitted binary classifier.

    Returns ``(y_score, pos_label)``; ``pos_label`` defaults to ``estimator.classes_[1]``.
    """
    classes = getattr(estimator, "classes_", None)
    if classes is None or len(classes) != 2:
        raise ValueError(
            f"{type(estimator).__name__} is not a fitted binary classifier "
            "(classes_ must hold two classes)."
        )
    if pos_label is None:
        pos_label = classes[1]
    elif pos_label not in list(classes):
        raise ValueError(
            f"pos_label={pos_label!r} is not a class of the estimator: {list(classes)}")
    methods = (
        ("predict_proba", "decision_function") if response_method == "auto" else (response_method,)
    )
    for method in methods:
        if hasattr(estimator, method):
            scores = np.asarray(getattr(estimator, method)(X))
            if method == "predict_proba":
                return scores[:, list(classes).index(pos_label)], pos_label
            return (scores if pos_label == classes[1] else -scores), pos_label
    raise ValueError(f"{type(estimator).__name__} has none of {methods}.")


def legend_label(name, metric, value, std=None):
    """``"name (METRIC = 0.xx)"``, as scikit-learn's displays label their curves."""
    if value is None:
        return name
    text = f"{metric} = {value:0.2f}" + ("" if std is None else f" ± {std:0.2f}")
    return f"{name} ({text})" if name else text


def resolved_pos_label(pos_label, y_true):
    """The positive label as scikit-learn's displays name it on the axes (1 for 0/1 or
    -1/1 labels), so that a curve from predictions is labelled as one from an
    estimator. None when scikit-learn cannot tell (the curve's own check then says
    what is wrong)."""
    try:
        return check_pos_label_consistency(pos_label, np.asarray(y_true))
    except (ValueError, TypeError):
        return pos_label


def log_axis_low(rates):
    """The left end of a log false-positive-rate axis: half the smallest positive rate
    a curve reaches (1e-3 without one), never below 5e-8."""
    positive = rates[rates > 0]
    return max(float(positive.min()) if positive.size else 1e-3, 1e-7) / 2


def log_view(fpr, tpr, low, points=600):
    """A ROC polyline (straight in linear space) resampled densely, for a log x axis."""
    grid = np.geomspace(low, 1, points)
    shown = fpr >= low
    x = np.concatenate([grid, fpr[shown]])
    y = np.concatenate([np.interp(grid, fpr, tpr), tpr[shown]])
    order = np.lexsort((y, x))  # the curve rises in both coordinates
    return x[order], y[order]


# --- the package's figure style, shared by its displays and the report's figures ---------
# Iso-F1 lines light, behind the curves, labelled just outside the right edge (where no
# curve is drawn); marked operating points labelled with their threshold beside them.
ISO_F1_STYLE = {"color": "0.8", "linewidth": 0.8, "zorder": 0}
ISO_F1_LABEL = {"color": "0.5", "fontsize": 7}
THRESHOLD_LABEL = {"fontsize": 7}
THRESHOLD_GID = "threshold-label"  # (how the report finds them to keep them apart)


def draw_iso_f1(ax, levels):
    """Iso-F1 lines at ``levels`` on ``ax``, labelled outside the right edge; returns
    the lines."""
    lines = []
    for level in levels:
        recall, precision = iso_f1_curve(level)
        lines += ax.plot(recall, precision, **ISO_F1_STYLE)
        ax.annotate(f"F1={level:0.1f}", xy=(1, precision[-1]), xytext=(4, 0),
                    textcoords="offset points", va="center", annotation_clip=False,
                    **ISO_F1_LABEL)
    return lines


def label_threshold(ax, x, y, threshold, colour):
    """The threshold of a marked operating point, written beside it in its colour: to
    its right, or to its left near the axes' right edge (where it would be cut off)."""
    low, high = ax.get_xlim()
    left = (x - low) > 0.85 * (high - low)
    ax.annotate(f"{threshold:.3g}", xy=(x, y), xytext=(-4 if left else 4, 4),
                textcoords="offset points", ha="right" if left else "left", color=colour,
                gid=THRESHOLD_GID, **THRESHOLD_LABEL)


def iso_f1_curve(level):
    """Recall and precision of the iso-F1 line, from where it enters at precision 1."""
    recall = np.linspace(level / (2 - level), 1, 200)
    return recall, level * recall / (2 * recall - level)


def display_repr(display, **fields):
    """``Name(name='model', auc=0.83, n_points=120)``: what a display shows."""
    shown = ", ".join(f"{k}={v:.4g}" if isinstance(v, float) else f"{k}={v!r}"
                      for k, v in fields.items() if v is not None)
    return f"{type(display).__name__}({shown})"


def curves_frame(curves):
    """Plotted points as one pandas DataFrame: ``curves`` a list of ``(fold, columns)``,
    a ``fold`` column first when there are several; a ``threshold`` column of None,
    or one value short (a precision-recall curve's end point), padded with NaN."""
    try:
        import pandas as pd
    except ImportError:
        raise ImportError("A display's frame is a pandas DataFrame: install pandas "
                          "(pip install pandas).") from None
    frames = []
    for fold, columns in curves:
        length = len(next(iter(columns.values())))
        data = {name: np.asarray(values, dtype=np.float64) for name, values in columns.items()
                if name != "threshold"}
        threshold = columns.get("threshold")
        threshold = np.zeros(0) if threshold is None else np.asarray(threshold)
        if threshold.shape[0] < length:  # (kept in the scores' own type where complete)
            threshold = np.concatenate([threshold, np.full(length - threshold.shape[0], np.nan)])
        data["threshold"] = threshold
        order = list(columns) if "threshold" in columns else [*columns, "threshold"]
        frame = pd.DataFrame({name: data[name] for name in order})
        if len(curves) > 1:
            frame.insert(0, "fold", fold)
        frames.append(frame)
    return pd.concat(frames, ignore_index=True)

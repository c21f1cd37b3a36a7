"""The likely mistake behind an error of the package's own functions.

A hurried user swaps ``y_true`` and ``y_score``, passes ``predict_proba``'s two
columns, or text labels without saying which is positive; scikit-learn's checks then
speak of "continuous format", "a 1d array" or "pos_label=1", which name none of these.
The package's own functions (not the drop-ins, which keep scikit-learn's messages
exactly) put the likely mistake first, the original message after it.
"""

import numpy as np

# The functions that mirror scikit-learn's and keep its messages to the letter.
DROP_INS = frozenset({"roc_curve", "precision_recall_curve", "det_curve", "roc_auc_score",
                      "average_precision_score", "confusion_matrix_at_thresholds", "auc",
                      "metric_at_thresholds"})

# The functions whose scores have a column per class or label: two columns are theirs.
PER_COLUMN = frozenset({"certified_threshold_per_label"})


def likely_mistake(error, params, passed, per_column=False):
    """A sentence naming the likely mistake behind ``error`` (a plain ValueError),
    given the call's arguments ``params`` and the keywords ``passed``; None when
    nothing likely is recognised. ``per_column``: the function takes a score column
    per class (two columns are no mistake)."""
    if type(error) is not ValueError or "y_true" not in params:
        return None
    message = str(error)
    y_true, y_score = params.get("y_true"), params.get("y_score")
    for name in () if per_column else ("y_score", "y_score_a", "y_score_b"):
        scores = params.get(name)
        if ("predict_proba" not in message and scores is not None and np.ndim(scores) == 2
                and np.shape(scores)[1] == 2 and _binary(y_true)):
            return (f"{name} has two columns (predict_proba's?): pass the positive "
                    "class's column, e.g. model.predict_proba(X)[:, 1].")
    if "contains NaN" in message or "contains infinity" in message:
        found = _first_not_finite(params)
        if found is not None:
            return (f"{found[0]} holds {found[2]} (first at row {found[1]}): drop or fill "
                    "those rows first.")
    if "continuous" in message and y_score is not None and _two_values(y_score):
        return ("y_true holds many values and y_score two: were the labels and the "
                "scores swapped? The labels come first: f(y_true, y_score).")
    not_valid = "is not a valid label" in message and "pos_label" not in passed
    if not_valid or "pos_label is not specified" in message:
        labels = ", ".join(repr(v) for v in _labels(y_true))
        return (f"y_true's labels are {labels}: pass pos_label= to say which one is the "
                "positive class.")
    return None


def _first_not_finite(params):
    """``(argument, row, "NaN" or "an infinity")`` of the first value that is not
    finite among the call's arrays, or None."""
    for name in ("y_score", "y_score_a", "y_score_b", "sample_weight", "y_true"):
        values = _on_host(params.get(name))
        if values is None or values.dtype.kind not in "fc":
            continue
        bad = ~np.isfinite(values)
        if bad.any():
            index = np.argwhere(bad)[0]
            row = int(index[0]) if index.size else 0
            kind = "NaN" if np.isnan(values[tuple(index)]) else "an infinity"
            return name, row, kind
    return None


def _binary(y_true):
    """Whether ``y_true`` holds one label per row of at most two classes (two score
    columns are then predict_proba's, where one was wanted)."""
    try:
        return np.ndim(y_true) == 1 and len(_labels(y_true)) <= 2
    except TypeError:  # (labels that cannot be sorted: not ours to judge here)
        return True


def _two_values(values):
    values = _on_host(values)
    return (values is not None and values.ndim == 1 and values.dtype.kind in "biuf"
            and np.unique(values).size <= 2)


def _labels(y):
    y = _on_host(y)
    return [] if y is None else np.unique(y).tolist()[:10]


def _on_host(values):
    """``values`` as a NumPy array (an array of another namespace copied through
    DLPack), or None."""
    try:
        return np.asarray(values)
    except (TypeError, ValueError, RuntimeError):  # (RuntimeError: on another device)
        try:
            return np.from_dlpack(values, device="cpu")
        except (TypeError, ValueError, RuntimeError, AttributeError):
            return None

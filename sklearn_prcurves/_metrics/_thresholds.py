"""Measures at every threshold: the drop-in for scikit-learn 1.9's
``metric_at_thresholds``, the operating points of a table, and the per-threshold frame.

scikit-learn calls the metric once per distinct score, each call a pass over all rows:
quadratic in the rows. Every confusion-matrix metric is a function of the four counts
at a threshold, which one count table gives for all thresholds at once; such metrics
are read from it with scikit-learn's own arithmetic, and any other callable is called
per threshold, as scikit-learn calls it.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable
from numbers import Integral, Real
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import ArrayLike

from .._base._array_api import array_api_boundary, on_host, to_numpy, where
from .._base._compat import Interval, check_sample_weight, validate_params
from .._base._labels import in_problem, label_problems, per_label_values
from .._base._undefined import undefined_ignored, warn_undefined
from .._base._validation import check_binary_input, check_scores
from .._table._counts import count_rows
from .._table._entry import BINARY_PARAMS, two_class_table

if TYPE_CHECKING:
    import pandas
    import polars

__all__ = ["metric_at_thresholds", "threshold_table"]


@validate_params(
    {
        "y_true": ["array-like"],
        "y_score": ["array-like"],
        "metric_func": [callable],
        "sample_weight": ["array-like", None],
        "metric_params": [dict, None],
    },
    prefer_skip_nested_validation=True,
)
def metric_at_thresholds(
    y_true: ArrayLike,
    y_score: ArrayLike,
    metric_func: Callable,
    *,
    sample_weight: ArrayLike | None = None,
    metric_params: dict | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """A metric of the predictions ``y_score >= threshold`` at every distinct score.

    Drop-in for :func:`sklearn.metrics.metric_at_thresholds` (scikit-learn 1.9; the
    same behaviour on earlier releases): the same values, thresholds, errors and
    warnings. scikit-learn's confusion-matrix metrics (``accuracy_score``,
    ``balanced_accuracy_score``, ``precision_score``, ``recall_score``, ``f1_score``,
    ``fbeta_score``, ``jaccard_score``, ``matthews_corrcoef``, ``cohen_kappa_score``)
    on binary 0/1 labels are read from one count table of the rows, with scikit-learn's
    arithmetic (the same floats without weights, within rounding with them), in
    ``O(n log n)`` instead of one pass over the rows per threshold; any other metric,
    or other labels or parameters, is called per threshold.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels, passed to ``metric_func`` as they are.
    y_score : array-like of shape (n_samples,)
        Scores; higher means more likely positive.
    metric_func : callable
        Called as ``metric_func(y_true, y_pred, **metric_params)`` with
        ``y_pred = (y_score >= threshold)`` as 0/1 integers; returns a number or a
        collection of numbers of one size.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights, passed to ``metric_func``; rows of zero weight are left out.
    metric_params : dict, default=None
        More keyword arguments of ``metric_func``.

    Returns
    -------
    metric_values : ndarray of shape (n_thresholds,) or (n_thresholds, n_outputs)
        The metric at each threshold.
    thresholds : ndarray of shape (n_thresholds,)
        Distinct scores, decreasing, in the dtype of ``y_score``.

    See Also
    --------
    confusion_matrix_at_thresholds, fbeta_optimal_threshold, operating_points

    Examples
    --------
    >>> from sklearn.metrics import f1_score
    >>> from sklearn_prcurves import metric_at_thresholds
    >>> values, thresholds = metric_at_thresholds([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8],
    ...                                           f1_score)
    >>> thresholds
    array([0.8 , 0.4 , 0.35, 0.1 ])
    >>> values.round(4)
    array([0.6667, 0.5   , 0.8   , 0.6667])
    """
    y_true, y_score, sample_weight = _checked_rows(y_true, y_score, sample_weight)
    counted = _counted_metric(metric_func, metric_params or {}, y_true, y_score)
    if counted is not None and _table_holds(sample_weight):
        table = count_rows(y_true == 1, y_score, sample_weight)
        params = _with_weights(metric_params, sample_weight)
        if _first_call_is_quiet(metric_func, y_true, y_score, table.thresholds[0], params):
            return counted(*_confusion_counts(table)), table.thresholds
    return _per_threshold(metric_func, y_true, y_score, sample_weight, metric_params)


def _with_weights(metric_params, sample_weight):
    """The metric's keywords, ``sample_weight`` (the argument's) added as scikit-learn
    adds it (one inside ``metric_params`` is passed on as it is)."""
    return {**(metric_params or {}),
            **({"sample_weight": sample_weight} if sample_weight is not None else {})}


def _checked_rows(y_true, y_score, sample_weight):
    """scikit-learn's checks, in its order (so its errors), and rows of zero weight
    left out. Scores that are not numbers are refused (scikit-learn fails deep in
    NumPy on text); arrays of other namespaces are read on the host."""
    from sklearn.utils import assert_all_finite, check_consistent_length, column_or_1d

    y_true, y_score, sample_weight = on_host(y_true, y_score, sample_weight)
    check_consistent_length(y_true, y_score, sample_weight)
    y_true, y_score = column_or_1d(y_true), column_or_1d(y_score)
    assert_all_finite(y_true)
    assert_all_finite(y_score)
    y_score = check_scores(y_score)
    if sample_weight is not None:
        sample_weight = check_sample_weight(column_or_1d(sample_weight), y_true)
        kept = sample_weight != 0
        y_true, y_score, sample_weight = y_true[kept], y_score[kept], sample_weight[kept]
    if y_score.shape[0] == 0:  # (scikit-learn's loop fails on it with NumPy's IndexError)
        raise ValueError("metric_at_thresholds needs at least one row: y_true and y_score "
                         "are empty.")
    return y_true, y_score, sample_weight


def _table_holds(sample_weight):
    """Whether the count table holds these weights as scikit-learn's metrics sum
    them: positive (scikit-learn takes negative ones here) and summing to a finite
    total (past the float range its sums and ours overflow differently)."""
    if sample_weight is None:
        return True
    with np.errstate(over="ignore"):
        return bool((sample_weight > 0).all() and np.isfinite(sample_weight.sum()))


def _per_threshold(metric_func, y_true, y_score, sample_weight, metric_params):
    """scikit-learn's loop: the rows in decreasing order of score (ties in their
    order), the metric of the predictions at each distinct score."""
    n = y_score.shape[0]
    order = n - 1 - np.argsort(y_score[::-1], kind="stable")[::-1]
    y_true, y_score = y_true[order], y_score[order]
    params = _with_weights(metric_params,
                           None if sample_weight is None else sample_weight[order])
    # (booleans have no difference in NumPy; other scores change where it is not 0,
    # as scikit-learn finds them)
    changes = y_score[1:] != y_score[:-1] if y_score.dtype == bool else np.diff(y_score)
    ends = np.concatenate([np.flatnonzero(changes), [n - 1]])
    thresholds = y_score[ends]
    values = [metric_func(y_true, (y_score >= t).astype(np.int32), **params)
              for t in thresholds]
    return np.asarray(values), thresholds


def _first_call_is_quiet(metric_func, y_true, y_score, threshold, params):
    """Call the metric once, at the highest threshold: its parameters are checked as
    scikit-learn checks them, and a call that warns or fails sends the work to the
    loop, which warns or fails as scikit-learn does."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            metric_func(y_true, (y_score >= threshold).astype(np.int32), **params)
        except Exception:  # noqa: BLE001 - the loop raises it again, as scikit-learn
            return False
    return not caught


def _confusion_counts(table):
    """``(tn, fp, fn, tp)`` at each threshold; the counts below a threshold as sums of
    the rows below it (not totals minus counts above: that cancels with weights)."""
    def below(steps):
        out = np.zeros_like(steps)
        out[:-1] = np.cumsum(steps[:0:-1])[::-1]
        return out

    return below(table.neg), table.fps, below(table.pos), table.tps


def _counted_metric(metric_func, metric_params, y_true, y_score):
    """``f(tn, fp, fn, tp) -> values`` for a scikit-learn confusion-matrix metric with
    parameters it reads from the counts, on labels 0 and 1 both present and plain
    numeric scores; None for anything else (the loop)."""
    import sklearn.metrics

    name = getattr(metric_func, "__name__", None)
    reader = _READERS.get(name)
    if (reader is None or getattr(sklearn.metrics, name, None) is not metric_func
            or y_true.dtype.kind not in "iuf" or y_score.dtype.kind not in "iuf"):
        return None
    labels = np.unique(y_true)
    if labels.shape[0] != 2 or not (labels == (0, 1)).all() or _signed_zeros(y_score):
        return None
    return reader(metric_params)


def _signed_zeros(y_score):
    """Whether -0.0 and 0.0 both occur: the threshold standing for their tie is the
    one scikit-learn's loop finds last, which the table does not promise."""
    if y_score.dtype.kind != "f":
        return False
    zeros = np.signbit(y_score[y_score == 0])
    return bool(zeros.any() and not zeros.all())


# --- each metric read from the counts, with its own arithmetic in scikit-learn ---------
# (each reader takes the metric's keywords and returns None for any it does not read)

def _binary_params(params, allowed=()):
    """Whether ``params`` hold only the default binary set-up (and ``allowed``)."""
    pos_label = params.get("pos_label", 1)
    return (isinstance(pos_label, Integral) and not isinstance(pos_label, bool)
            and pos_label == 1 and params.get("average", "binary") == "binary"
            and params.get("labels") is None
            and set(params) <= {"pos_label", "average", "labels", "zero_division",
                                *allowed})


def _accuracy(params):
    if set(params) - {"normalize"} or params.get("normalize", True) is not True:
        return None
    return lambda tn, fp, fn, tp: (tp + tn) / (tn + fp + fn + tp)


def _balanced_accuracy(params):
    if set(params) - {"adjusted"} or not isinstance(params.get("adjusted", False), bool):
        return None

    def read(tn, fp, fn, tp):
        score = (tn / (tn + fp) + tp / (fn + tp)) / 2
        return (score - 0.5) / (1 - 0.5) if params.get("adjusted") else score
    return read


def _fbeta(params, beta=None):
    if not _binary_params(params, () if beta is not None else ("beta",)):
        return None
    beta = params.get("beta") if beta is None else beta
    if isinstance(beta, bool) or not isinstance(beta, (Integral, float)) or not beta >= 0:
        return None  # (the first call refuses it, or it is a type we do not read)

    def read(tn, fp, fn, tp):
        if np.isposinf(beta):
            return tp / (tp + fn)
        if beta == 0:
            return tp / (tp + fp)
        beta2 = beta**2
        return (1 + beta2) * tp / (beta2 * (tp + fn) + (tp + fp))
    return read


def _precision(params):
    if not _binary_params(params):
        return None
    return lambda tn, fp, fn, tp: tp / (tp + fp)


def _recall(params):
    if not _binary_params(params):
        return None
    return lambda tn, fp, fn, tp: tp / (tp + fn)


def _jaccard(params):
    if not _binary_params(params):
        return None
    return lambda tn, fp, fn, tp: tp / ((tp + fp) + fn)


def _matthews(params):
    if params:
        return None

    def read(tn, fp, fn, tp):
        t_neg, t_pos, p_neg, p_pos = tn + fp, fn + tp, tn + fn, fp + tp
        n = p_neg + p_pos
        cov_ytyp = (tn + tp) * n - (t_neg * p_neg + t_pos * p_pos)
        cov_ypyp = n**2 - (p_neg * p_neg + p_pos * p_pos)
        cov_ytyt = n**2 - (t_neg * t_neg + t_pos * t_pos)
        product = cov_ypyp * cov_ytyt
        with np.errstate(divide="ignore", invalid="ignore"):
            values = cov_ytyp / np.sqrt(product)
        return np.where(product == 0, 0.0, values)
    return read


def _cohen_kappa(params):
    if set(params) - {"weights", "labels", "replace_undefined_by"} or params.get(
            "labels") is not None or params.get("weights") not in (None, "linear",
                                                                    "quadratic"):
        return None

    def read(tn, fp, fn, tp):
        p_neg, p_pos, t_neg, t_pos = tn + fn, fp + tp, tn + fp, fn + tp
        total = p_neg + p_pos
        expected = p_neg * t_pos / total + p_pos * t_neg / total
        return 1 - (fp + fn) / expected
    return read


_READERS = {
    "accuracy_score": _accuracy,
    "balanced_accuracy_score": _balanced_accuracy,
    "precision_score": _precision,
    "recall_score": _recall,
    "f1_score": lambda params: _fbeta(params, beta=1),
    "fbeta_score": _fbeta,
    "jaccard_score": _jaccard,
    "matthews_corrcoef": _matthews,
    "cohen_kappa_score": _cohen_kappa,
}


# --- the operating points of a table, and the per-threshold frame ----------------------

def _warn_undefined_rows(xp, undefined, name, verb="is"):
    count = int(xp.sum(xp.astype(undefined, xp.int64)))
    if count:
        warn_undefined(f"{name} {verb} undefined (0 / 0) at {count} threshold(s) and set "
                       "to NaN there.")


def _ratio(xp, num, den, name, verb="is"):
    """``num / den``, NaN with an UndefinedMetricWarning where ``den`` is 0."""
    undefined = ~(den > 0)
    _warn_undefined_rows(xp, undefined, name, verb)
    with np.errstate(invalid="ignore", divide="ignore"):
        return where(xp, undefined, math.nan, num / where(xp, undefined, 1.0, den))


# Where nothing is predicted negative, the measures that divide by the predicted
# negatives (npv) or by the true negative rate over them (LR-) are 0 / 0 together.
NOTHING_NEGATIVE = "npv and lr_minus (nothing predicted negative)"


def table_points(table):
    """:func:`operating_points` of a counting table (both classes present)."""
    from sklearn.utils import Bunch

    tp, fp = table.tps, table.fps
    n_pos, n_neg = tp[-1], fp[-1]
    fn, tn = n_pos - tp, n_neg - fp
    xp = table.xp
    tpr, tnr, fpr, fnr = tp / n_pos, tn / n_neg, fp / n_neg, fn / n_pos
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        # (likelihood ratios, which no prevalence moves: IEEE division gives inf where
        # only the divisor is 0, and NaN where nothing is decided negative, 0 / 0)
        lr_plus, lr_minus = tpr / fpr, fnr / tnr
    return Bunch(
        threshold=table.thresholds,
        tp=tp,
        fp=fp,
        tn=tn,
        fn=fn,
        tpr=tpr,
        tnr=tnr,
        fpr=fpr,
        fnr=fnr,
        ppv=tp / (tp + fp),
        npv=_ratio(xp, tn, tn + fn, NOTHING_NEGATIVE, verb="are"),
        fdr=fp / (tp + fp),
        accuracy=(tp + tn) / (n_pos + n_neg),
        f1=2 * tp / (n_pos + tp + fp),
        youden_j=tp / n_pos + tn / n_neg - 1,
        lr_plus=lr_plus,
        lr_minus=lr_minus,
    )


# The frame's names for the operating points' measures a user may ask for by name.
_ALIASES = {"specificity": "tnr", "sensitivity": "tpr", "precision": "ppv",
            "recall": "tpr", "miss_rate": "fnr"}


@validate_params(
    {**BINARY_PARAMS, "metrics": [list, tuple, dict, None], "drop_intermediate": ["boolean"],
     "max_rows": [Interval(Integral, 4, None, closed="left"), None],
     "prevalence": [Interval(Real, 0, 1, closed="neither"), "array-like", None],
     "classes": ["array-like", None]},
    prefer_skip_nested_validation=True,
)
@array_api_boundary("y_score", "y_true", "sample_weight")
def threshold_table(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    metrics: list | tuple | dict | None = None,
    drop_intermediate: bool = False,
    max_rows: int | None = None,
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
    prevalence: float | ArrayLike | None = None,
    classes: ArrayLike | None = None,
) -> pandas.DataFrame | polars.DataFrame:
    """One row per distinct threshold: the counts and measures of predicting positive
    for scores at or above it, as a data frame.

    Multiclass and multilabel input (a score column per class or label) gives the
    same table for each class against the rest, one after the other, in long format
    with a first column ``class``.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,) or (n_samples, n_labels)
        True binary labels. If labels are not in {-1, 1} or {0, 1}, ``pos_label``
        must be given. With a score column per class: one class per row (three or
        more classes), or a 0/1 indicator matrix (multilabel).
    y_score : array-like of shape (n_samples,) or (n_samples, n_classes)
        Scores; higher means more likely positive (a column per class or label).
    metrics : list or dict, default=None
        More columns: names of :func:`operating_points`' measures (``"tnr"`` or
        ``"specificity"``, ``"npv"``, ``"fdr"``, ``"fnr"``, ``"accuracy"``,
        ``"youden_j"``), names of :mod:`sklearn.metrics` functions
        (``"matthews_corrcoef"``, ``"balanced_accuracy_score"``, ...), or callables
        ``metric(y_true, y_pred, sample_weight=None)``; a dict names the columns.
        Functions are evaluated by :func:`metric_at_thresholds` on the 0/1 labels
        (scikit-learn's confusion-matrix metrics from the counts, others per threshold).
    drop_intermediate : bool, default=False
        Leave out the thresholds where neither the ROC nor the precision-recall curve
        turns (scikit-learn's rule in :func:`~sklearn.metrics.roc_curve`): the rows
        of a curve's corners remain.
    max_rows : int, default=None
        At most this many rows, for plotting: a row is kept where the recall or the
        false positive rate passes a multiple of ``1 / ((max_rows - 2) // 2)`` (about
        ``2 / max_rows``), with the first and last rows, so each row left out is within
        that of the kept row above it in both rates (of the corner above it, with
        ``drop_intermediate``).
    pos_label : int, float, bool or str, default=None
        The label of the positive class.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.
    prevalence : float in (0, 1), default=None
        The deployment's share of positives: the columns that population would see
        (precision, F1, the negatives' counts and the metrics), the negatives weighted
        to hold ``1 - prevalence`` of the weight (Davis and Goadrich's Theorem 3.1;
        recall and the rates do not move). None: the data's own. With a column per
        class: one share for every class, or one per class.
    classes : array-like of shape (n_classes,), default=None
        With a column per class, each column's name (as
        :func:`certified_threshold_per_label` reads them).

    Returns
    -------
    table : pandas.DataFrame or polars.DataFrame
        Decreasing ``threshold`` (in the scores' dtype), ``tp``, ``fp``, ``fn``,
        ``tn``, ``predicted_positive_rate``, ``precision``, ``recall``, ``fpr``,
        ``f1``, then the ``metrics`` asked for. A polars frame when ``y_true`` or
        ``y_score`` is a polars Series; pandas (which must be installed) otherwise.

    See Also
    --------
    operating_points : the same measures as arrays.
    metric_at_thresholds : one metric at every threshold.

    Examples
    --------
    >>> from sklearn_prcurves import threshold_table
    >>> table = threshold_table([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8],
    ...                         metrics=["specificity"])
    >>> table[["threshold", "tp", "fp", "precision", "recall", "specificity"]]
       threshold   tp   fp  precision  recall  specificity
    0       0.80  1.0  0.0   1.000000     0.5          1.0
    1       0.40  1.0  1.0   0.500000     0.5          0.5
    2       0.35  2.0  1.0   0.666667     1.0          0.5
    3       0.10  2.0  2.0   0.500000     1.0          0.0
    """
    if _per_class(y_true, y_score, classes):
        names, positives, scores = label_problems(y_true, y_score, classes)
        kind = "label" if np.ndim(y_true) == 2 else "class"
        prevalences = per_label_values(prevalence, len(names))
        parts = [in_problem(kind, name, _table_columns, positives[:, k], scores[:, k], True,
                            sample_weight, prevalences[k], metrics, drop_intermediate,
                            max_rows) for k, name in enumerate(names)]
        sizes = [part["threshold"].shape[0] for part in parts]
        columns = {"class": np.repeat(np.asarray(names), sizes),
                   **{key: np.concatenate([part[key] for part in parts]) for key in parts[0]}}
        return points_frame(columns, y_true, y_score)
    if np.ndim(prevalence) != 0:
        raise ValueError("prevalence is one share for a binary problem; one per class goes "
                         "with a score column per class.")
    return points_frame(_table_columns(y_true, y_score, pos_label, sample_weight, prevalence,
                                       metrics, drop_intermediate, max_rows), y_true, y_score)


def _per_class(y_true, y_score, classes):
    """Whether the input is a score column per class (multiclass, three or more
    classes, or multilabel); two columns of a binary problem are predict_proba's, the
    binary path's error says so."""
    if np.ndim(y_score) != 2:
        return False
    return np.ndim(y_true) == 2 or classes is not None or np.unique(
        np.asarray(y_true)).shape[0] > 2


def _table_columns(y_true, y_score, pos_label, sample_weight, prevalence, metrics,
                   drop_intermediate, max_rows):
    """One binary problem's columns, thinned as asked."""
    table = two_class_table(y_true, y_score, pos_label, sample_weight, prevalence=prevalence)
    columns = threshold_columns(table, metrics, (y_true, y_score, sample_weight, pos_label),
                                reweighted=prevalence is not None)
    keep = thinned_rows(table.tps, table.fps, drop_intermediate, max_rows)
    return {name: values[keep] for name, values in columns.items()}


def threshold_columns(table, metrics=None, rows=None, reweighted=False):
    """:func:`threshold_table`'s columns of a two-class table, every row (``rows``: the
    call's ``(y_true, y_score, sample_weight, pos_label)``, for metrics called per
    threshold; ``reweighted``: the table's negatives were weighted to a prevalence,
    and the rows' are weighted alike)."""
    with undefined_ignored():  # (npv warns where it is asked for)
        points = table_points(table)
    columns = {
        "threshold": points.threshold, "tp": points.tp, "fp": points.fp,
        "fn": points.fn, "tn": points.tn,
        "predicted_positive_rate": (points.tp + points.fp) / (table.n_pos + table.n_neg),
        "precision": points.ppv, "recall": points.tpr, "fpr": points.fpr, "f1": points.f1,
    }
    columns.update(_metric_columns(metrics, table, points, rows, reweighted))
    return columns


def points_frame(columns, *inputs):
    """The columns as a data frame: polars when one of ``inputs`` is a polars object,
    pandas otherwise; a clear error naming what to install."""
    polars = any(type(v).__module__.split(".")[0] == "polars" for v in inputs)
    module = "polars" if polars else "pandas"
    try:
        library = __import__(module)
    except ImportError:
        raise ImportError(f"The frame of operating points is a {module} DataFrame: "
                          f"install {module} (pip install {module}), or read the same "
                          "measures as arrays with operating_points.") from None
    return library.DataFrame({name: np.asarray(to_numpy(values))
                              for name, values in columns.items()})


def _metric_columns(metrics, table, points, rows, reweighted=False):
    """The columns asked for: operating points' measures by name, scikit-learn's
    confusion-matrix metrics read from the table, other functions through
    :func:`metric_at_thresholds` on the 0/1 labels (``rows``: the call's arguments)."""
    named = (dict(metrics) if isinstance(metrics, dict) else
             {m if isinstance(m, str) else getattr(m, "__name__", repr(m)): m
              for m in metrics or ()})
    columns, functions = {}, {}
    for name, metric in named.items():
        key = _ALIASES.get(metric, metric) if isinstance(metric, str) else None
        if key in ("npv", "lr_minus"):  # (warning where asked for: see threshold_columns)
            _warn_undefined_rows(np, ~(points.tn + points.fn > 0),
                                 f"{key} (nothing predicted negative)")
            columns[name] = points[key]
        elif key in points:
            columns[name] = points[key]
        else:
            function = _metric_function(metric)
            reader = _READERS.get(getattr(function, "__name__", None))
            if reader is not None and _is_sklearns(function):
                # (every one is a ratio of counts: read from shares, whose products
                # do not overflow whatever the weights)
                total = table.n_pos + table.n_neg
                columns[name] = reader({})(*(c / total for c in _confusion_counts(table)))
            else:
                functions[name] = function
    if functions:
        is_pos, scores, weight = check_binary_input(*rows)
        if reweighted:  # (each class's weights scaled to the table's total of it)
            weight = np.ones(is_pos.shape[0]) if weight is None else np.asarray(weight, float)
            weight = weight * np.where(is_pos, table.n_pos / np.sum(weight[is_pos]),
                                       table.n_neg / np.sum(weight[~is_pos]))
        for name, function in functions.items():
            columns[name], _ = metric_at_thresholds(
                is_pos.astype(np.int64), scores, function, sample_weight=weight)
    return columns


def _is_sklearns(function):
    import sklearn.metrics

    return getattr(sklearn.metrics, function.__name__, None) is function


def _metric_function(metric):
    import sklearn.metrics

    if callable(metric):
        return metric
    function = getattr(sklearn.metrics, metric, None) if isinstance(metric, str) else None
    if not callable(function) or metric.startswith("_"):
        raise ValueError(
            f"threshold_table cannot compute the metric {metric!r}: give a measure of "
            f"operating_points ({', '.join(sorted(_POINT_NAMES))}), the name of a "
            "sklearn.metrics function, or a callable.")
    return function


_POINT_NAMES = {"tnr", "fnr", "npv", "fdr", "accuracy", "youden_j", "tpr", "ppv",
                *_ALIASES}


def thinned_rows(tps, fps, drop_intermediate, max_rows):
    """The rows kept: the curves' corners (``drop_intermediate``), at most about
    ``max_rows`` (where a rate passes a multiple of ``2 / max_rows``)."""
    tps, fps = np.asarray(to_numpy(tps)), np.asarray(to_numpy(fps))
    keep = np.arange(tps.shape[0])
    if drop_intermediate and tps.shape[0] > 2:
        corner = np.logical_or(np.diff(fps, 2), np.diff(tps, 2))
        keep = np.flatnonzero(np.concatenate([[True], corner, [True]]))
    if max_rows is not None and keep.shape[0] > max_rows:
        steps = (max_rows - 2) // 2

        def passes(rate):
            level = np.floor(rate[keep] / rate[-1] * steps)
            return np.concatenate([[True], level[1:] != level[:-1]])
        kept = passes(tps) | passes(fps)
        kept[-1] = True
        keep = keep[kept]
    return keep

"""Drop-in replacements for scikit-learn's curve functions.

Same signatures, defaults, outputs (values, dtypes, order), warnings and errors as
:mod:`sklearn.metrics`; the counts come from the package's counting kernel.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import ArrayLike

from .._base._array_api import array_api_boundary, device_of, divide, on_host, where
from .._base._compat import (
    DET_CURVE_BEFORE_1_7,
    ROC_DET_THRESHOLDS_KEEP_OBJECTS,
    ROC_THRESHOLDS_KEEP_SCORE_DTYPE,
    accepts_deprecated_probas_pred,
    keywords_by_position,
    validate_params,
)
from .._base._labels import n_distinct_labels
from .._base._undefined import warn, warn_undefined
from .._table._count_table import CountTable
from .._table._entry import BINARY_PARAMS, binary_table
from ._stepwise import keep_ends_of_flat_runs, numpy_det, numpy_roc, precision_recall_arrays

__all__ = [
    "confusion_matrix_at_thresholds",
    "det_curve",
    "precision_recall_curve",
    "roc_curve",
]


def _cumulative_counts(y_true, y_score, pos_label, sample_weight):
    table = binary_table(y_true, y_score, pos_label, sample_weight)
    return table.fps, table.tps, table.thresholds


@keywords_by_position
@validate_params(BINARY_PARAMS, prefer_skip_nested_validation=True)
@array_api_boundary("y_score", "y_true", "sample_weight", in_namespace=True)
def confusion_matrix_at_thresholds(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Binary confusion-matrix counts at every distinct score.

    Drop-in for :func:`sklearn.metrics.confusion_matrix_at_thresholds` (scikit-learn
    1.8), available whatever scikit-learn is installed. ``pos_label`` and
    ``sample_weight`` passed by position are taken, with scikit-learn's FutureWarning
    from 1.9 on, as scikit-learn takes them.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels. If labels are not in {-1, 1} or {0, 1}, ``pos_label``
        must be given.
    y_score : array-like of shape (n_samples,)
        Scores; higher means more likely positive.
    pos_label : int, float, bool or str, default=None
        The label of the positive class.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights. Rows of zero weight are ignored.

    Returns
    -------
    tns, fps, fns, tps : ndarray of shape (n_thresholds,)
        Weighted true negatives, false positives, false negatives and true positives
        when predicting positive for scores >= ``thresholds[i]``.
    thresholds : ndarray of shape (n_thresholds,)
        Distinct scores, decreasing, in the dtype of ``y_score``.

    See Also
    --------
    roc_curve, precision_recall_curve

    Examples
    --------
    >>> from sklearn_prcurves import confusion_matrix_at_thresholds
    >>> tns, fps, fns, tps, thr = confusion_matrix_at_thresholds(
    ...     [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> tps
    array([1., 1., 2., 2.])
    >>> thr
    array([0.8 , 0.4 , 0.35, 0.1 ])
    """
    fps, tps, thresholds = _cumulative_counts(y_true, y_score, pos_label, sample_weight)
    return fps[-1] - fps, fps, tps[-1] - tps, tps, thresholds


@accepts_deprecated_probas_pred
@validate_params(
    {**BINARY_PARAMS, "drop_intermediate": ["boolean"]},
    prefer_skip_nested_validation=True,
)
@array_api_boundary("y_score", "y_true", "sample_weight", in_namespace=True)
def precision_recall_curve(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
    drop_intermediate: bool = False,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Precision-recall pairs at every distinct score.

    Drop-in for :func:`sklearn.metrics.precision_recall_curve`: identical outputs,
    including the artificial last point (recall 0, precision 1) that scikit-learn
    appends. For the Davis-Goadrich interpolated curve, which has no such point, see
    :func:`pr_curve`.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels. If labels are not in {-1, 1} or {0, 1}, ``pos_label``
        must be given.
    y_score : array-like of shape (n_samples,)
        Scores; higher means more likely positive.
    pos_label : int, float, bool or str, default=None
        The label of the positive class.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.
    drop_intermediate : bool, default=False
        Drop thresholds whose recall equals that of both neighbours (points inside a
        vertical run of the plotted curve).

    Returns
    -------
    precision : ndarray of shape (n_thresholds + 1,)
        Precision at each threshold, increasing thresholds, then 1.
    recall : ndarray of shape (n_thresholds + 1,)
        Recall at each threshold, decreasing, then 0.
    thresholds : ndarray of shape (n_thresholds,)
        Increasing distinct scores, in the dtype of ``y_score``.

    See Also
    --------
    pr_curve : The interpolated precision-recall curve of Davis and Goadrich (2006).
    average_precision_score : Area under the step curve.

    Examples
    --------
    >>> from sklearn_prcurves import precision_recall_curve
    >>> precision, recall, thresholds = precision_recall_curve(
    ...     [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> precision
    array([0.5       , 0.66666667, 0.5       , 1.        , 1.        ])
    >>> recall
    array([1. , 1. , 0.5, 0.5, 0. ])
    """
    return precision_recall_points(y_true, y_score, pos_label, sample_weight, drop_intermediate)


def precision_recall_points(y_true, y_score, pos_label, sample_weight, drop_intermediate=False):
    table = binary_table(y_true, y_score, pos_label, sample_weight)
    return table_precision_recall(table, drop_intermediate)


def table_precision_recall(table, drop_intermediate=False):
    """:func:`precision_recall_curve` of a counting table: precision and recall at
    each threshold in increasing threshold order, then the point (recall 0, precision
    1); with ``drop_intermediate``, thresholds inside a run of equal recall left out.
    Precision is 0 where nothing is predicted positive (weights cancelling out)."""
    if table.numpy:
        precision, recall, keep = precision_recall_arrays(table, drop_intermediate)
        return precision, recall, table.thresholds[keep][::-1]
    xp, device = table.xp, table.device
    tps, fps, thresholds = table.tps, table.fps, table.thresholds
    if drop_intermediate and tps.shape[0] > 2:
        yes = xp.ones(1, dtype=xp.bool, device=device)
        keep = xp.concat([yes, (tps[1:-1] != tps[:-2]) | (tps[2:] != tps[1:-1]), yes])
        tps, fps, thresholds = tps[keep], fps[keep], thresholds[keep]
    predicted = tps + fps
    precision = where(xp, predicted != 0, tps / where(xp, predicted != 0, predicted, 1.0), 0.0)
    if table.n_pos > 0:
        recall = divide(tps, table.n_pos)
    else:
        warn(
            "No positive class found in y_true, recall is set to one for all thresholds.")
        recall = xp.ones(tps.shape, dtype=xp.float64, device=device)
    one = xp.ones(1, dtype=xp.float64, device=device)
    return (xp.concat([xp.flip(precision), one]), xp.concat([xp.flip(recall), one - 1]),
            xp.flip(thresholds))


@validate_params(
    {**BINARY_PARAMS, "drop_intermediate": ["boolean"]},
    prefer_skip_nested_validation=True,
)
@array_api_boundary("y_score", "y_true", "sample_weight", in_namespace=True)
def roc_curve(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
    drop_intermediate: bool = True,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Receiver operating characteristic (ROC) points at every distinct score.

    Drop-in for :func:`sklearn.metrics.roc_curve`, including its
    ``drop_intermediate`` heuristic exactly as scikit-learn applies it (a point is
    dropped when both the false- and true-positive counts have zero second
    difference there; some collinear points survive). For the convex hull of the ROC
    points, see :func:`roc_convex_hull`.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels. If labels are not in {-1, 1} or {0, 1}, ``pos_label``
        must be given.
    y_score : array-like of shape (n_samples,)
        Scores; higher means more likely positive.
    pos_label : int, float, bool or str, default=None
        The label of the positive class.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.
    drop_intermediate : bool, default=True
        Drop some thresholds that lie inside straight runs of the curve.

    Returns
    -------
    fpr : ndarray of shape (n_thresholds + 1,)
        False positive rates, increasing, starting at 0.
    tpr : ndarray of shape (n_thresholds + 1,)
        True positive rates, increasing, starting at 0.
    thresholds : ndarray of float64, shape (n_thresholds + 1,)
        Decreasing thresholds; the first is ``inf`` (nothing predicted positive).

    See Also
    --------
    roc_convex_hull : Vertices of the ROC convex hull.
    roc_auc_score : Area under the ROC curve.

    Examples
    --------
    >>> from sklearn_prcurves import roc_curve
    >>> fpr, tpr, thresholds = roc_curve([1, 1, 2, 2], [0.1, 0.4, 0.35, 0.8], pos_label=2)
    >>> fpr
    array([0. , 0. , 0.5, 0.5, 1. ])
    >>> thresholds
    array([ inf, 0.8 , 0.4 , 0.35, 0.1 ])
    """
    return roc_points(y_true, y_score, pos_label, sample_weight, drop_intermediate)


def roc_points(y_true, y_score, pos_label=None, sample_weight=None, drop_intermediate=True):
    table = binary_table(y_true, y_score, pos_label, sample_weight)
    xp, score_dtype = table.xp, table.thresholds.dtype
    if table.numpy and score_dtype == object and ROC_DET_THRESHOLDS_KEEP_OBJECTS:  # noqa: E721 (a dtype)
        return table_roc(table, drop_intermediate, object_thresholds=True)
    fpr, tpr, thresholds = table_roc(table, drop_intermediate)
    if (ROC_THRESHOLDS_KEEP_SCORE_DTYPE and score_dtype != object  # noqa: E721 (a dtype)
            and xp.isdtype(score_dtype, "real floating") and score_dtype != xp.float64):
        thresholds = xp.astype(thresholds, score_dtype)  # (exact: they are the scores)
    return fpr, tpr, thresholds


def table_roc(table, drop_intermediate=True, thresholds=True, object_thresholds=False):
    """:func:`roc_curve` of a counting table: false and true positive rates from the
    origin, and the thresholds (float64, inf first; None for ``thresholds=False``;
    a table of objects' own with ``object_thresholds``). ``drop_intermediate``:
    scikit-learn's rule, a point kept where either count's step changes (its second
    difference is not zero), and both ends."""
    if table.numpy:
        return numpy_roc(table, drop_intermediate, thresholds, object_thresholds)
    xp, device = table.xp, table.device
    fps, tps, rows = table.fps, table.tps, table.thresholds
    if drop_intermediate and fps.shape[0] > 2:
        corner = (_second_difference(fps) != 0) | (_second_difference(tps) != 0)
        yes = xp.ones(1, dtype=xp.bool, device=device)
        keep = xp.concat([yes, corner, yes])
        fps, tps, rows = fps[keep], tps[keep], rows[keep]
    fpr = _rates_from_origin(xp, fps, table.n_neg, "negative")
    tpr = _rates_from_origin(xp, tps, table.n_pos, "positive")
    if not thresholds:
        return fpr, tpr, None
    inf = xp.full(1, math.inf, dtype=xp.float64, device=device)
    return fpr, tpr, xp.concat([inf, xp.astype(rows, xp.float64)])


def _second_difference(values):
    """``np.diff(values, 2)``, operation for operation (float counts round alike)."""
    first = values[1:] - values[:-1]
    return first[1:] - first[:-1]


def _rates_from_origin(xp, counts, total, kind):
    """``counts / total`` after the origin's 0; NaN with scikit-learn's warning where
    the class is absent."""
    zero = xp.zeros(1, dtype=xp.float64, device=device_of(counts))
    if total > 0:
        return xp.concat([zero, divide(counts, total)])
    warn_undefined(f"No {kind} samples in y_true, {'false' if kind == 'negative' else 'true'} "
                   "positive value should be meaningless")
    return xp.full(counts.shape[0] + 1, math.nan, dtype=xp.float64, device=device_of(counts))


@validate_params(
    {**BINARY_PARAMS, "drop_intermediate": ["boolean"]},
    prefer_skip_nested_validation=True,
)
@array_api_boundary("y_score", "y_true", "sample_weight", in_namespace=True)
def det_curve(
    y_true: ArrayLike,
    y_score: ArrayLike,
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
    drop_intermediate: bool = False,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Detection error tradeoff (DET): false positive and false negative rates.

    Drop-in for :func:`sklearn.metrics.det_curve` (whose ``pos_label`` and
    ``sample_weight`` are positional too).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels. If labels are not in {-1, 1} or {0, 1}, ``pos_label``
        must be given.
    y_score : array-like of shape (n_samples,)
        Scores; higher means more likely positive.
    pos_label : int, float, bool or str, default=None
        The label of the positive class.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.
    drop_intermediate : bool, default=False
        Drop thresholds where the true-positive count equals that of both neighbours.

    Returns
    -------
    fpr : ndarray of shape (n_thresholds,)
        False positive rates, decreasing.
    fnr : ndarray of shape (n_thresholds,)
        False negative rates, increasing.
    thresholds : ndarray of float64, shape (n_thresholds,)
        Increasing thresholds; may end with ``inf`` (nothing predicted positive).

    See Also
    --------
    roc_curve

    Examples
    --------
    >>> from sklearn_prcurves import det_curve
    >>> fpr, fnr, thresholds = det_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> fpr
    array([0.5, 0.5, 0. ])
    >>> fnr
    array([0. , 0.5, 0.5])
    """
    if DET_CURVE_BEFORE_1_7:  # (scikit-learn 1.6's algorithm: on the host)
        y_true, y_score, sample_weight = on_host(y_true, y_score, sample_weight)
    table = binary_table(y_true, y_score, pos_label, sample_weight)
    if table.numpy:  # (the labels are checked as scikit-learn checks them: on the host)
        (y_true,) = on_host(y_true)
    return det_of_table(table, y_true, pos_label, drop_intermediate)


def det_of_table(table, y_true, pos_label, drop_intermediate):
    """:func:`det_curve`'s result from its count table, by the installed scikit-learn's
    rules (``y_true`` and ``pos_label`` as given, for its check of the labels)."""
    if DET_CURVE_BEFORE_1_7:
        return _det_before_1_7(table, y_true, drop_intermediate)
    if table.numpy:  # (a namespace table holds both labels: the check is done)
        check_det_classes(table, y_true, pos_label)
        if table.thresholds.dtype == object and ROC_DET_THRESHOLDS_KEEP_OBJECTS:
            return _with_object_thresholds(table, table_det, drop_intermediate)
    return table_det(table, drop_intermediate)


def table_det(table, drop_intermediate=False):
    """:func:`det_curve` of a counting table (scikit-learn 1.7 and later): false
    positive and false negative rates, from the last point with no false positive to
    the first with no false negative, in increasing threshold order, the point at
    threshold infinity included; ``drop_intermediate`` as the precision-recall
    curve's."""
    if table.numpy:
        return numpy_det(table, drop_intermediate)
    xp, device = table.xp, table.device
    tp, fp = table.path()
    thresholds = xp.concat([xp.full(1, math.inf, dtype=xp.float64, device=device),
                            xp.astype(table.thresholds, xp.float64)])
    if drop_intermediate and fp.shape[0] > 2:
        yes = xp.ones(1, dtype=xp.bool, device=device)
        keep = xp.concat([yes, (tp[1:-1] != tp[:-2]) | (tp[2:] != tp[1:-1]), yes])
        tp, fp, thresholds = tp[keep], fp[keep], thresholds[keep]
    first = int(xp.sum(xp.astype(fp <= fp[0], xp.int64))) - 1
    last = int(xp.sum(xp.astype(tp < tp[-1], xp.int64))) + 1
    fn = tp[-1] - tp
    return (xp.flip(fp[first:last]) / fp[-1], xp.flip(fn[first:last]) / tp[-1],
            xp.flip(thresholds[first:last]))


def _with_object_thresholds(table, curve, *args):
    """``curve(table, *args)`` of a table of object scores, its thresholds the scores
    themselves (an object array; inf stays a float): computed on a table whose
    thresholds are its row numbers counted down (exact in float64), then read back."""
    n = len(table)
    numbered = CountTable(np.arange(n, 0, -1, dtype=np.float64), table.tps, table.fps)
    *values, numbers = curve(numbered, *args)
    thresholds = numbers.astype(object)
    finite = np.isfinite(numbers)
    thresholds[finite] = table.thresholds[n - numbers[finite].astype(np.intp)]
    return (*values, thresholds)


def _det_before_1_7(table, y_true, drop_intermediate):
    """:func:`det_curve` as scikit-learn before 1.7 computes it: two labels required
    (zero-weight rows counted), no point at threshold infinity, thresholds in the
    scores' dtype. ``drop_intermediate``, which those releases lack, drops points as
    1.7 does."""
    if n_distinct_labels(y_true) != 2:
        raise ValueError(
            "Only one class is present in y_true. Detection error "
            "tradeoff curve is not defined in that case."
        )
    fps, tps, thresholds = table.fps, table.tps, np.asarray(table.thresholds)
    if drop_intermediate and tps.shape[0] > 2:
        keep = keep_ends_of_flat_runs(tps)
        fps, tps, thresholds = fps[keep], tps[keep], thresholds[keep]
    first = np.searchsorted(fps, fps[0], side="right") - 1
    last = np.searchsorted(tps, tps[-1]) + 1
    kept = slice(first, last)
    return ((fps[kept] / fps[-1])[::-1], ((tps[-1] - tps[kept]) / tps[-1])[::-1],
            thresholds[kept][::-1])


def check_det_classes(table, y_true, pos_label):
    """scikit-learn's refusal of a DET curve unless y_true holds exactly two labels.

    Both classes weighted and no pos_label: two labels (the input is binary).
    Otherwise count them as scikit-learn does, zero-weight rows included (with a
    pos_label, labels 0, 1 and 2 are three: scikit-learn refuses them)."""
    if ((pos_label is not None or table.n_pos <= 0 or table.n_neg <= 0)
            and n_distinct_labels(y_true) != 2):
        raise ValueError(
            "Only one class is present in y_true. Detection error "
            "tradeoff curve is not defined in that case."
        )

"""Drop-in replacements for scikit-learn's curve functions.

Same signatures, defaults, outputs (values, dtypes, order), warnings and errors as
:mod:`sklearn.metrics`; the counts come from the package's counting kernel.
"""

from __future__ import annotations

from numpy.typing import ArrayLike

import warnings
from numbers import Real

import numpy as np

from . import _device
from ._compat import (
    DET_CURVE_BEFORE_1_7,
    ROC_DET_THRESHOLDS_KEEP_OBJECTS,
    StrOptions,
    accepts_deprecated_probas_pred,
    curve_thresholds,
    validate_params,
)
from ._array_api import array_api_boundary
from ._counts import count_rows, refuse_overflowing_totals, weights_within_range
from ._table import BLOCK, CountTable, cumsum_into, running_dtype
from ._interpolation import INTERPOLATIONS, LEADING_NEGATIVES, path_points, table_path
from ._validation import check_binary_input, check_non_negative_weight, n_distinct_labels
from .exceptions import UndefinedMetricWarning

__all__ = [
    "confusion_matrix_at_thresholds",
    "det_curve",
    "pr_curve",
    "precision_recall_curve",
    "roc_curve",
]

BINARY_PARAMS = {
    "y_true": ["array-like"],
    "y_score": ["array-like"],
    "pos_label": [Real, str, "boolean", None],
    "sample_weight": ["array-like", None],
}


def binary_table(y_true, y_score, pos_label=None, sample_weight=None):
    """Validate a binary problem and count it: the entry point of every curve."""
    return count_rows(*check_binary_input(y_true, y_score, sample_weight, pos_label),
                      sklearn_object_ties=True)


def measure_table(y_true, y_score, pos_label=None, sample_weight=None, counts=None):
    """:func:`binary_table` for the package's own measures, which need non-negative
    weights.

    Weights whose total would overflow are divided by a power of two
    (:func:`~sklearn_prcurves._counts.weights_within_range`): the table's shares and
    rates are the weights', its counts not. ``counts``: the name of a function that
    returns the counts themselves, which refuses such weights instead.
    """
    if sample_weight is not None:
        check_non_negative_weight(np.asarray(sample_weight))
    is_pos, y_score, sample_weight = check_binary_input(y_true, y_score, sample_weight,
                                                        pos_label)
    if sample_weight is not None:
        if counts is not None:
            refuse_overflowing_totals(sample_weight, counts)
        sample_weight, _ = weights_within_range(sample_weight)
    return count_rows(is_pos, y_score, sample_weight)


def two_class_table(y_true, y_score, pos_label=None, sample_weight=None, counts=None):
    """:func:`measure_table` holding both classes (an error, not a NaN, when a curve
    is asked for)."""
    return require_two_classes(measure_table(y_true, y_score, pos_label, sample_weight,
                                             counts))


def require_two_classes(table):
    """The table, if it holds both classes; the package's error otherwise."""
    require_class_totals(table.n_pos, table.n_neg)
    return table


def require_class_totals(n_pos, n_neg):
    """The package's error unless both classes are present."""
    if n_pos <= 0 or n_neg <= 0:
        raise ValueError(
            "Only one class is present in y_true: this needs both positives and negatives."
        )


def _cumulative_counts(y_true, y_score, pos_label, sample_weight):
    table = binary_table(y_true, y_score, pos_label, sample_weight)
    return table.fps, table.tps, table.thresholds


def _keep_ends_of_flat_runs(values):
    """Indices keeping only the first and last point of each run of equal ``values``."""
    step = np.diff(values)
    keep = np.empty(values.shape[0], dtype=bool)
    keep[0] = keep[-1] = True
    np.logical_or(step[:-1], step[1:], out=keep[1:-1])
    return np.flatnonzero(keep)


def _keep_pr_points(table):
    """:func:`_keep_ends_of_flat_runs` of the table's ``tps`` (the precision-recall
    curve's ``drop_intermediate``); from the integer steps when the table has them,
    a step of ``tps`` being a non-zero count of positives."""
    pos = table.positive_steps
    if pos is None:
        return _keep_ends_of_flat_runs(table.tps)
    keep = np.empty(len(table), dtype=bool)
    keep[0] = keep[-1] = True
    np.logical_or(pos[1:-1], pos[2:], out=keep[1:-1])
    return np.flatnonzero(keep)


def _keep_corners(table):
    """scikit-learn's ROC ``drop_intermediate`` rule: keep both ends and every point
    where either count has a non-zero second difference (``np.diff(x, 2)``), that is
    where a count's step differs from the next one.

    A table with integer steps (unweighted counts, whose float differences are exact)
    has them compared directly: a pass over small integers instead of differencing
    the running sums. Otherwise the steps are differenced block by block in two small
    buffers: at 1e7 points a fresh temporary of all of them costs more in page faults
    than the arithmetic.
    """
    n = len(table)
    keep = np.empty(n, dtype=bool)
    keep[0] = keep[-1] = True
    bend = keep[1:-1]
    if table.positive_steps is not None:
        pos = table.positive_steps
        np.not_equal(pos[2:], pos[1:-1], out=bend)
        if pos.dtype != bool:  # (a row per score: negatives' steps bend where positives' do)
            neg = table.unit_steps[1]
            bend |= neg[2:] != neg[1:-1]
    else:
        # Block by block, the steps in buffers that stay in cache.
        fps, tps = table.fps, table.tps
        step, other = np.empty(_CORNER_BLOCK + 1), np.empty(_CORNER_BLOCK, dtype=bool)
        for lo in range(0, n - 2, _CORNER_BLOCK):
            hi = min(lo + _CORNER_BLOCK, n - 2)
            at, size = bend[lo:hi], hi - lo
            block = step[: size + 1]
            np.subtract(fps[lo + 1 : hi + 2], fps[lo : hi + 1], out=block)
            np.not_equal(block[1:], block[:-1], out=at)
            np.subtract(tps[lo + 1 : hi + 2], tps[lo : hi + 1], out=block)
            at |= np.not_equal(block[1:], block[:-1], out=other[:size])
    if np.count_nonzero(keep) == n:  # every point a corner (typical with weights)
        return slice(None)
    return np.flatnonzero(keep)


# _keep_corners: rows per block of float steps (256 KiB of them).
_CORNER_BLOCK = 1 << 15


def _counts_at_corners(table, keep):
    """``tps`` and ``fps`` at the corners ``keep`` (from :func:`_keep_corners`) of a
    step-only table, from its steps alone: every row between two corners has the step
    of the later corner (a row is a corner where its step differs from the next one),
    so each count grows by ``rows x step`` from corner to corner. Exact integers (as
    int64: divided, they give the floats' quotients), no running sum over rows."""
    counts = []
    for steps in (table.positive_steps, None):
        if steps is None:
            steps = table.unit_steps[1]
        grown = np.empty(keep.shape[0], dtype=np.int64)
        grown[0] = steps[0]
        np.subtract(keep[1:], keep[:-1], out=grown[1:])
        grown[1:] *= steps[keep[1:]]
        counts.append(np.cumsum(grown, out=grown))
        if steps.dtype == bool:  # a row per score: the rows at or above less the TPs
            fps = np.add(keep, 1, dtype=np.int64)
            counts.append(np.subtract(fps, counts[0], out=fps))
            break
    return counts


def _prepend_origin(counts, total):
    """``concatenate([[0], counts]) / total`` without the intermediate array."""
    out = np.empty(counts.shape[0] + 1)
    out[0] = 0.0
    if total > 0:
        np.divide(counts, total, out=out[1:])
    else:
        out[1:] = counts
    return out


@validate_params(BINARY_PARAMS, prefer_skip_nested_validation=True)
@array_api_boundary("y_score", "y_true", "sample_weight",
                    on_device=_device.confusion_matrix_at_thresholds)
def confusion_matrix_at_thresholds(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Binary confusion-matrix counts at every distinct score.

    Drop-in for :func:`sklearn.metrics.confusion_matrix_at_thresholds` (scikit-learn
    1.9), available whatever scikit-learn is installed. Arguments after ``y_score`` are
    keyword-only.

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
@array_api_boundary("y_score", "y_true", "sample_weight",
                    on_device=_device.precision_recall_curve)
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
    """:func:`precision_recall_curve` of a counting table."""
    precision, recall, keep = precision_recall_arrays(table, drop_intermediate)
    return precision, recall, table.thresholds[keep][::-1]


def precision_recall_arrays(table, drop_intermediate=False):
    """The precision and recall of :func:`table_precision_recall` and the rows of the
    table they keep (indices, or a slice of all).

    Outputs run in increasing threshold order, then the point (recall 0, precision 1),
    filled through reversed views. A table holding only its integer steps (unweighted,
    every score distinct) is read block by block (:func:`_precision_recall_blocks`)
    instead of forming its float running sums.
    """
    keep = slice(None)
    if drop_intermediate and len(table) > 2:
        keep = _keep_pr_points(table)
    n_pos = table.n_pos
    if isinstance(keep, slice) and table.lazy and n_pos > 0:
        n_points = len(table)
        precision, recall = np.empty(n_points + 1), np.empty(n_points + 1)
        precision[-1], recall[-1] = 1.0, 0.0
        if table.positive_steps.dtype == bool:  # a row per score
            _one_row_precision_recall(table.positive_steps[::-1], n_pos, precision, recall)
            return precision, recall, keep
        by_row_precision, by_row_recall = precision[-2::-1], recall[-2::-1]
        for start, stop, tp, predicted in _predicted_blocks(table):
            # (never zero: every row holds a sample)
            np.divide(tp, predicted, out=by_row_precision[start:stop])
            np.divide(tp, n_pos, out=by_row_recall[start:stop])
        return precision, recall, keep
    tps, fps = (table.tps, table.fps) if isinstance(keep, slice) else table.counts_at(keep)
    n_points = tps.shape[0]
    # The predicted positives are held in recall's buffer until recall is computed: a
    # fresh temporary of 1e7 floats costs more in page faults than its arithmetic.
    recall = np.empty(n_points + 1)
    predicted_pos = np.add(tps, fps, out=recall[:-1])
    del fps
    precision = np.empty(n_points + 1)
    precision[-1] = 1.0
    if predicted_pos.min() > 0:  # always, unless weights cancel out
        np.divide(tps, predicted_pos, out=precision[-2::-1])
    else:
        precision[:-1] = 0.0
        np.divide(tps, predicted_pos, out=precision[-2::-1], where=predicted_pos != 0)
    del predicted_pos
    recall[-1] = 0.0
    if n_pos == 0:
        warnings.warn(
            "No positive class found in y_true, recall is set to one for all thresholds."
        )
        recall[:-1] = 1.0
    else:
        np.divide(tps, n_pos, out=recall[-2::-1])
    return precision, recall, keep


def _one_row_precision_recall(positive, n_pos, precision, recall):
    """Precision and recall of a table holding one row per score, written into the
    outputs' first ``n`` places (``positive``: see :func:`_one_row_blocks`). Every
    array is read and written forward, block by block: reversed views halve the
    speed of NumPy's division."""
    for start, stop, tp, predicted in _one_row_blocks(positive, n_pos):
        np.divide(tp[:-1], predicted, out=precision[start:stop])
        np.divide(tp[:-1], n_pos, out=recall[start:stop])


def _one_row_blocks(positive, n_pos):
    """The counts of a table holding one row per score, block by block of rows in
    increasing score order (the order of the precision-recall outputs), ``positive``
    being each row's class in that order: ``(start, stop, tp, predicted)``, ``tp`` the
    TPs of rows ``start`` to ``stop`` inclusive (0 at row n) and ``predicted`` the
    predicted positives of rows ``start`` to ``stop - 1``, integer buffers reused from
    block to block.

    The j-th lowest score predicts ``n - j`` rows positive, ``n_pos`` less the
    positives below it among them: no running sum of the negatives. Divided as
    integers, the counts give the floats of dividing scikit-learn's float counts.
    """
    n = positive.shape[0]
    size = min(n, BLOCK)
    dtype = running_dtype(n + 1)
    tp, predicted = np.empty(size + 1, dtype=dtype), np.empty(size, dtype=dtype)
    offsets = np.arange(size, dtype=dtype)
    remaining = int(n_pos)  # positives at or above the block's first row
    for start in range(0, n, BLOCK):
        stop = min(start + BLOCK, n)
        block = tp[: stop - start + 1]
        block[0] = 0
        np.copyto(block[1:], positive[start:stop])
        np.cumsum(block, out=block)  # positives below each row, within the block
        np.subtract(remaining, block, out=block)
        remaining = int(block[-1])
        yield start, stop, block, np.subtract(n - start, offsets[: stop - start],
                                              out=predicted[: stop - start])


def _running_blocks(table):
    """The running sums of a step-only table, block by block of its rows (decreasing
    score): ``(start, stop, tp, fp)``, integer arrays reused from block to block (the
    caller may overwrite them).

    Summed in 32-bit integers where they fit, in a small buffer: no n-element
    temporary is formed, and dividing these integers gives the same floats as
    dividing the float running sums.
    """
    pos, neg = table.unit_steps
    n = len(table)
    size = min(n, BLOCK)
    tp = np.empty(size, dtype=running_dtype(n))
    fp = np.empty(size, dtype=tp.dtype)
    tp_before = fp_before = 0
    for start in range(0, n, BLOCK):
        stop = min(start + BLOCK, n)
        block_tp, block_fp = tp[:stop - start], fp[:stop - start]
        cumsum_into(pos[start:stop], block_tp)
        block_tp += tp_before
        cumsum_into(neg[start:stop], block_fp)
        block_fp += fp_before
        tp_before, fp_before = int(block_tp[-1]), int(block_fp[-1])
        yield start, stop, block_tp, block_fp


def _predicted_blocks(table):
    """``(start, stop, tp, predicted positives)`` block by block of a table's rows:
    from the steps of a step-only table (:func:`_running_blocks`), else slices of
    its running sums and their sums in a reused buffer."""
    if table.lazy:
        for start, stop, tp, fp in _running_blocks(table):
            fp += tp
            yield start, stop, tp, fp
        return
    tps, fps = table.tps, table.fps
    n = tps.shape[0]
    predicted = np.empty(min(n, BLOCK))
    for start in range(0, n, BLOCK):
        stop = min(start + BLOCK, n)
        tp = tps[start:stop]
        yield start, stop, tp, np.add(tp, fps[start:stop], out=predicted[:stop - start])


def _precision_into(tp, predicted, out):
    """``tp / predicted`` into ``out``, 0 where nothing is predicted positive (weights
    of both signs cancelling out), as scikit-learn's precision."""
    if predicted.min() > 0:  # always, unless weights cancel out
        return np.divide(tp, predicted, out=out)
    nothing = predicted == 0
    np.divide(tp, predicted, out=out, where=~nothing)
    out[nothing] = 0.0
    return out


def step_area_terms(table):
    """The terms ``(R_{k+1} - R_k) P_k`` of the average precision, in the order of
    :func:`precision_recall_arrays`' points, as that function's arrays give them.

    A table with positives is read block by block, so only the terms are formed
    (not the precision and recall besides them, nor a step-only table's running
    sums).
    """
    if not table.n_pos > 0:
        precision, recall, _ = precision_recall_arrays(table)
        terms = np.subtract(recall[1:], recall[:-1])
        terms *= precision[:-1]
        return terms
    n = len(table)
    terms = np.empty(n)
    n_pos = table.n_pos
    if table.lazy and table.positive_steps.dtype == bool:  # a row per score: forward
        size = min(n, BLOCK)
        precision, recall = np.empty(size), np.empty(size + 1)
        for start, stop, tp, predicted in _one_row_blocks(table.positive_steps[::-1], n_pos):
            m = stop - start
            np.divide(tp[:-1], predicted, out=precision[:m])
            np.divide(tp, n_pos, out=recall[: m + 1])
            np.subtract(recall[1 : m + 1], recall[:m], out=terms[start:stop])
            terms[start:stop] *= precision[:m]
        return terms
    # In table order (decreasing score) term j is (recall[j - 1] - recall[j]) *
    # precision[j], recall[-1] being the final point's 0.
    # The block's recall follows the previous row's in one buffer.
    by_row = terms[::-1]
    size = min(n, BLOCK)
    precision, recall = np.empty(size), np.empty(size + 1)
    recall[0] = 0.0
    for start, stop, tp, predicted in _predicted_blocks(table):
        m = stop - start
        _precision_into(tp, predicted, precision[:m])
        np.divide(tp, n_pos, out=recall[1 : m + 1])
        out = by_row[start:stop]
        np.subtract(recall[:m], recall[1 : m + 1], out=out)
        out *= precision[:m]
        recall[0] = recall[m]
    return terms


@validate_params(
    {**BINARY_PARAMS, "drop_intermediate": ["boolean"]},
    prefer_skip_nested_validation=True,
)
@array_api_boundary("y_score", "y_true", "sample_weight",
                    on_device=_device.roc_curve)
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
    score_dtype = table.thresholds.dtype
    if score_dtype == object and ROC_DET_THRESHOLDS_KEEP_OBJECTS:
        return table_roc(table, drop_intermediate, object_thresholds=True)
    fpr, tpr, thresholds = table_roc(table, drop_intermediate)
    return fpr, tpr, curve_thresholds(thresholds, score_dtype)


def table_roc(table, drop_intermediate=True, thresholds=True, object_thresholds=False):
    """:func:`roc_curve` of a counting table (``thresholds=False``: None for them).

    ``object_thresholds``: a table of Python integers gives its thresholds as they
    are (an object array)."""
    if drop_intermediate and len(table) > 2:
        keep = _keep_corners(table)
    else:
        keep = slice(None)
    n_neg, n_pos = table.n_neg, table.n_pos
    if isinstance(keep, slice):
        fps, tps = table.fps, table.tps
    elif table.lazy:
        tps, fps = _counts_at_corners(table, keep)
    else:
        tps, fps = table.tps[keep], table.fps[keep]
    fpr = _prepend_origin(fps, n_neg)
    tpr = _prepend_origin(tps, n_pos)
    if thresholds:
        rows = table.thresholds[keep]
        thresholds = np.empty(fpr.shape[0], dtype=object if (
            object_thresholds and rows.dtype == object) else np.float64)
        thresholds[0] = np.inf
        thresholds[1:] = rows
    else:
        thresholds = None

    if n_neg <= 0:
        warnings.warn(
            "No negative samples in y_true, false positive value should be meaningless",
            UndefinedMetricWarning,
        )
        fpr = np.full(fpr.shape, np.nan)
    if n_pos <= 0:
        warnings.warn(
            "No positive samples in y_true, true positive value should be meaningless",
            UndefinedMetricWarning,
        )
        tpr = np.full(tpr.shape, np.nan)
    return fpr, tpr, thresholds


@validate_params(
    {**BINARY_PARAMS, "drop_intermediate": ["boolean"]},
    prefer_skip_nested_validation=True,
)
@array_api_boundary("y_score", "y_true", "sample_weight", on_device=_device.det_curve)
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
    table = binary_table(y_true, y_score, pos_label, sample_weight)
    return det_of_table(table, y_true, pos_label, drop_intermediate)


def det_of_table(table, y_true, pos_label, drop_intermediate):
    """:func:`det_curve`'s result from its count table, by the installed scikit-learn's
    rules (``y_true`` and ``pos_label`` as given, for its check of the labels)."""
    if DET_CURVE_BEFORE_1_7:
        return _det_before_1_7(table, y_true, drop_intermediate)
    check_det_classes(table, y_true, pos_label)
    if table.thresholds.dtype == object and ROC_DET_THRESHOLDS_KEEP_OBJECTS:
        return _with_object_thresholds(table, table_det, drop_intermediate)
    return table_det(table, drop_intermediate)


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
        keep = _keep_ends_of_flat_runs(tps)
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


def table_det(table, drop_intermediate=False):
    """:func:`det_curve` of a counting table."""
    if table.lazy and not drop_intermediate and table.n_pos > 0 and table.n_neg > 0:
        return _lazy_det(table)
    fps, tps = table.fps, table.tps
    if (drop_intermediate and tps.shape[0] > 1) or not (
            _non_decreasing(fps) and _non_decreasing(tps)):  # negative weights
        return _det_of_path(*table_path_arrays(table), drop_intermediate=drop_intermediate)
    # The same points without copying the whole table first: only the kept range.
    # On the path with the origin prepended: start at the last point with no false
    # positive, stop at the first with no false negative.
    first = int(np.searchsorted(fps, 0.0, side="right"))
    last = (int(np.searchsorted(tps, tps[-1])) + 1 if tps[-1] > 0 else 0) + 1
    lo = max(first - 1, 0)
    # Each output is filled through a reversed view of its own buffer and computed in
    # place there: at 1e7 rows every fresh temporary costs more in page faults than
    # its arithmetic.
    origin = int(first == 0)  # the origin itself is kept
    size = last - 1 - lo + origin
    if size <= 0:
        # The last point without a false positive comes after the first without a
        # false negative: weights whose sums absorb the small ones (1e17 beside 1) can
        # do that, and scikit-learn's range is then empty.
        return np.empty(0), np.empty(0), np.empty(0)
    fpr, fnr, thresholds = np.empty(size), np.empty(size), np.empty(size)
    for by_row, rows, at_origin in ((fpr[::-1], fps, 0.0), (fnr[::-1], tps, 0.0),
                                    (thresholds, table.thresholds, np.inf)):
        by_row[:origin] = at_origin
        np.copyto(by_row[origin:], rows[lo:last - 1], casting="unsafe")  # as astype
    np.divide(fpr, fps[-1], out=fpr)
    np.subtract(tps[-1], fnr, out=fnr)
    np.divide(fnr, tps[-1], out=fnr)
    return fpr, fnr, thresholds[::-1]


def _lazy_det(table):
    """:func:`table_det` of a step-only table holding both classes: the kept range
    found from the steps, the rates computed block by block of running sums."""
    pos = table.positive_steps
    n, n_pos, n_neg = len(table), table.n_pos, table.n_neg
    # As in table_det: from the last point with no false positive (the origin when
    # the first row holds a negative) to the first with no false negative.
    if pos.dtype == bool:  # rows before the first negative
        first = int(np.argmin(pos))
    else:
        first = int(np.argmax(table.unit_steps[1]))
    lo, stop = max(first - 1, 0), n - int(np.argmax(pos[::-1]))  # one past the last positive
    origin = int(first == 0)
    size = stop - lo + origin
    fpr, fnr = np.empty(size), np.empty(size)
    by_row_fpr, by_row_fnr = fpr[::-1], fnr[::-1]
    if origin:
        by_row_fpr[0], by_row_fnr[0] = 0.0, 1.0
    if pos.dtype == bool:  # a row per score: forward, in the outputs' order
        low = n - stop  # the kept rows in increasing score order: low to n - lo
        spare = np.empty(min(n, BLOCK), dtype=running_dtype(n + 1))
        for start, end, tp, predicted in _one_row_blocks(pos[::-1], n_pos):
            a, b = max(start, low), min(end, n - lo)
            if a >= b:
                continue
            rows, block = slice(a - low, b - low), slice(a - start, b - start)
            fp = np.subtract(predicted[block], tp[block], out=spare[: b - a])
            np.divide(fp, n_neg, out=fpr[rows])
            np.subtract(n_pos, tp[block], out=fnr[rows])
            fnr[rows] /= n_pos
    else:
        _det_blocks(table, lo, stop, origin, by_row_fpr, by_row_fnr)
    thresholds = np.empty(size)
    thresholds[origin:] = table.thresholds[lo:stop]
    if origin:
        thresholds[0] = np.inf
    return fpr, fnr, thresholds[::-1]


def _det_blocks(table, lo, stop, origin, by_row_fpr, by_row_fnr):
    """:func:`_lazy_det`'s rates of table rows ``lo`` to ``stop``, from the running sums
    block by block, written through the outputs' reversed views."""
    n_pos, n_neg = table.n_pos, table.n_neg
    for start, end, tp, fp in _running_blocks(table):
        a, b = max(start, lo), min(end, stop)
        if a >= b:
            continue
        rows = slice(a - lo + origin, b - lo + origin)
        np.divide(fp[a - start:b - start], n_neg, out=by_row_fpr[rows])
        np.subtract(n_pos, tp[a - start:b - start], out=by_row_fnr[rows])
        by_row_fnr[rows] /= n_pos


def _non_decreasing(values):
    return values[0] >= 0 and bool(np.all(values[1:] >= values[:-1]))


def table_path_arrays(table):
    """``(fps, tps, thresholds)`` with the origin (threshold inf) prepended."""
    return (np.concatenate([[0.0], table.fps]), np.concatenate([[0.0], table.tps]),
            np.concatenate([[np.inf], table.thresholds.astype(np.float64, copy=False)]))


def _det_of_path(fps, tps, thresholds, drop_intermediate):
    if drop_intermediate and fps.shape[0] > 2:
        keep = _keep_ends_of_flat_runs(tps)
        fps, tps, thresholds = fps[keep], tps[keep], thresholds[keep]

    fns = tps[-1] - tps
    # Start at the last threshold with no false positive, stop at the first with no
    # false negative.
    first = np.searchsorted(fps, fps[0], side="right") - 1
    last = np.searchsorted(tps, tps[-1]) + 1
    kept = slice(first, last)
    return fps[kept][::-1] / fps[-1], fns[kept][::-1] / tps[-1], thresholds[kept][::-1]


@validate_params(
    {
        **BINARY_PARAMS,
        "interpolation": [StrOptions(set(INTERPOLATIONS))],
        "leading_negatives": [StrOptions(set(LEADING_NEGATIVES))],
    },
    prefer_skip_nested_validation=True,
)
@array_api_boundary("y_score", "y_true", "sample_weight", on_device=_device.pr_curve)
def pr_curve(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    interpolation: str = "davis-goadrich",
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
    leading_negatives: str = "interpolate",
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The interpolated precision-recall curve of Davis and Goadrich (2006).

    Between two thresholds (or across a tie group) the curve is the expected curve
    over random orderings: true positives grow by one while false positives grow by
    the local skew ``s = dFP / dTP``, so precision is *not* linear in recall and
    straight lines between PR points overstate the area.

    Conventions: the curve starts at recall 0 at the first point's precision (held
    flat); when only negatives rank above the first positive it starts at precision 0
    and rises (``leading_negatives="interpolate"``, the exact image of the ROC curve),
    or holds the first positive point's precision flat (``"drop"``, the authors'
    AUCCalculator). It ends at (1, P / (P + N)). Unlike
    :func:`precision_recall_curve` it adds no (recall 0, precision 1) point.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels. If labels are not in {-1, 1} or {0, 1}, ``pos_label``
        must be given.
    y_score : array-like of shape (n_samples,)
        Scores; higher means more likely positive.
    interpolation : {"davis-goadrich", "continuous", "linear", "step"}, \
            default="davis-goadrich"
        ``"davis-goadrich"``: a point at every whole positive inside each step,
        joined by straight lines (their trapezoid area is :func:`pr_auc_score`);
        where a step holds more whole units than 1/2048 of the recall axis can show
        (large weights or tie groups), evenly spaced ones among them, so the curve
        stays small whatever the weights (the area is computed over every unit).
        ``"continuous"``: points on the same exact curve, at most 64 per step and one
        per 1/2048 of recall, for drawing. ``"linear"`` and ``"step"``: the
        threshold points only.
    pos_label : int, float, bool or str, default=None
        The label of the positive class.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights. Davis-Goadrich steps are one unit of weight.
    leading_negatives : {"interpolate", "drop"}, default="interpolate"
        How the curve starts when the top-ranked samples are all negative.

    Returns
    -------
    precision, recall : ndarray of shape (n_points,)
        The curve, in increasing recall.
    thresholds : ndarray of float64, shape (n_points,)
        Score threshold reached at each point; points inside a tie group carry the
        group's score, a start held flat carries ``inf``.

    See Also
    --------
    pr_auc_score, achievable_pr_curve, precision_recall_curve

    References
    ----------
    .. [1] J. Davis and M. Goadrich, "The Relationship Between Precision-Recall and
           ROC Curves", ICML 2006, section 4.

    Examples
    --------
    Five positives and five negatives tied at the top, then five and twenty-five:

    >>> from sklearn_prcurves import pr_curve
    >>> y = [1] * 5 + [0] * 5 + [1] * 5 + [0] * 25 + [1] * 10
    >>> scores = [0.9] * 10 + [0.8] * 30 + [0.1] * 10
    >>> precision, recall, thresholds = pr_curve(y, scores)
    >>> precision[:6]  # the first tie group: constant precision from recall 0
    array([0.5, 0.5, 0.5, 0.5, 0.5, 0.5])
    >>> second = (recall >= 0.25) & (recall <= 0.5)  # across the second tie group
    >>> recall[second]
    array([0.25, 0.3 , 0.35, 0.4 , 0.45, 0.5 ])
    >>> precision[second].round(3)  # Davis and Goadrich's Table 1
    array([0.5  , 0.375, 0.318, 0.286, 0.265, 0.25 ])
    """
    tp, fp, thresholds = table_path(two_class_table(y_true, y_score, pos_label, sample_weight))
    return path_points(tp, fp, thresholds, interpolation, leading_negatives)

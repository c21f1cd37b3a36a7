"""Readers of NumPy tables that form no n-element temporaries.

The readers in :mod:`._curves` and :mod:`._auc` are written once against the array API.
For NumPy tables these compute the same points and the same floats without the
temporaries those would form, which at 1e6 rows and more cost more in page faults than
their arithmetic: an unweighted table is read from the kernel's integer steps (no
running sums; the ROC curve only at its corners), passes are made block by block
through small buffers, and outputs are written through reversed views of their own
buffers. ``docs/internals.rst`` gives the benchmark rows that keep each.
"""

from __future__ import annotations

import numpy as np

from .._base._undefined import warn, warn_undefined
from .._table._count_table import BLOCK, cumsum_into, running_dtype

__all__ = ["numpy_det", "numpy_roc", "precision_recall_arrays", "step_area_terms"]


def keep_ends_of_flat_runs(values):
    """Indices keeping only the first and last point of each run of equal ``values``."""
    step = np.diff(values)
    keep = np.empty(values.shape[0], dtype=bool)
    keep[0] = keep[-1] = True
    np.logical_or(step[:-1], step[1:], out=keep[1:-1])
    return np.flatnonzero(keep)


def _keep_pr_points(table):
    """:func:`keep_ends_of_flat_runs` of the table's ``tps`` (the precision-recall
    curve's ``drop_intermediate``); from the integer steps when the table has them,
    a step of ``tps`` being a non-zero count of positives."""
    pos = table.positive_steps
    if pos is None:
        return keep_ends_of_flat_runs(table.tps)
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
        warn(
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


def numpy_roc(table, drop_intermediate=True, thresholds=True, object_thresholds=False):
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
        warn_undefined(
            "No negative samples in y_true, false positive value should be meaningless")
        fpr = np.full(fpr.shape, np.nan)
    if n_pos <= 0:
        warn_undefined(
            "No positive samples in y_true, true positive value should be meaningless")
        tpr = np.full(tpr.shape, np.nan)
    return fpr, tpr, thresholds


def numpy_det(table, drop_intermediate=False):
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
        keep = keep_ends_of_flat_runs(tps)
        fps, tps, thresholds = fps[keep], tps[keep], thresholds[keep]

    fns = tps[-1] - tps
    # Start at the last threshold with no false positive, stop at the first with no
    # false negative.
    first = np.searchsorted(fps, fps[0], side="right") - 1
    last = np.searchsorted(tps, tps[-1]) + 1
    kept = slice(first, last)
    return fps[kept][::-1] / fps[-1], fns[kept][::-1] / tps[-1], thresholds[kept][::-1]

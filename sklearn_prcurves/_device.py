"""The counting kernel where the scores live: any array API namespace and device.

Under ``sklearn.set_config(array_api_dispatch=True)``, scores held by PyTorch (CPU or
CUDA), CuPy or ``array_api_strict`` are counted on their own device, by the kernel
scikit-learn's ``confusion_matrix_at_thresholds`` describes: one stable sort, running
sums of the labels (and weights), and a mask of the rows where the score changes. The
result is the same table as :class:`~sklearn_prcurves._counts.CountTable` (distinct
scores, running positives, running negatives), held on the device; the areas and
curves below read it there, and only scalars and the ROC convex hull's few
candidate vertices come back to the host.

Exactness: unweighted counts are integers (integer running sums), whatever the score
dtype; weights are summed in float64, in scikit-learn's row order, so counts are the
same floats as its; ties are grouped by exact equality in the scores' own dtype. Areas
are formed from float64 rates with scikit-learn's formulas, term by term as on the
host; only the order of the final sum is the device library's, so a device area may
differ from the NumPy one in its last bits (tested to 1e-12 relative).

Arrays in the host's memory (torch on the CPU, array_api_strict) are viewed as NumPy
arrays without a copy and counted by the NumPy kernel instead, which is several times
faster there than a general-purpose library's CPU sort (1e6 float32 scores in torch on
two cores: 28 ms against 145 ms; ``benchmarks/bench_devices.py``). The tests turn
:data:`COUNT_HOST_ARRAYS_WITH_NUMPY` off to run this kernel on the CPU.

Each public function's device version (bottom of the module) takes the function's own
arguments and returns ``NotImplemented`` whenever the input is anything but plain
binary data it can count on the device (one class only, labels to infer, a
non-finite score, a negative weight, options it does not cover, a device without
float64): the NumPy implementation then runs on a host copy and gives scikit-learn's
errors and warnings exactly as for NumPy input.
"""

from __future__ import annotations

import numpy as np

from ._table import CountTable
from ._array_api import counted_where_they_live, has_float64, namespace_and_device, to_numpy
from ._counts import _LARGEST_TOTAL, count_in_namespace
from ._interpolation import INTERPOLATIONS, LEADING_NEGATIVES, segment_areas

__all__ = ["DEVICE_FUNCTIONS"]

# --- areas and curves of a device table ------------------------------------------------


def _rates(xp, counts, total):
    return xp.astype(counts, xp.float64) / total


def device_roc(table, drop_intermediate=True):
    """``(fps, tps, thresholds)`` of :func:`roc_curve` before the rates, origin first;
    collinear intermediate points dropped as scikit-learn drops them."""
    xp, device = table.xp, table.device
    fps, tps, thresholds = table.fps, table.tps, table.thresholds
    if drop_intermediate and fps.shape[0] > 2:
        corner = (_second_difference(fps) != 0) | (_second_difference(tps) != 0)
        yes = xp.ones(1, dtype=xp.bool, device=device)
        keep = xp.concat([yes, corner, yes])
        fps, tps, thresholds = fps[keep], tps[keep], thresholds[keep]
    zero = xp.zeros(1, dtype=fps.dtype, device=device)
    return xp.concat([zero, fps]), xp.concat([zero, tps]), thresholds


def _second_difference(values):
    """``np.diff(values, 2)``, operation for operation (float counts round alike)."""
    first = values[1:] - values[:-1]
    return first[1:] - first[:-1]


def device_roc_auc(table, max_fpr=None):
    """:func:`roc_auc_score` of a table with both classes: scikit-learn's trapezoids;
    with ``max_fpr`` in (0, 1), McClish's standardised partial area up to it."""
    xp = table.xp
    fps, tps, _ = device_roc(table)
    fpr, tpr = _rates(xp, fps, table.n_neg), _rates(xp, tps, table.n_pos)
    if max_fpr is None or max_fpr == 1:
        return float(xp.sum((fpr[1:] - fpr[:-1]) * (tpr[1:] + tpr[:-1]) / 2.0))
    # The curve up to max_fpr, closed by a point on the segment crossing it (NumPy's
    # interp of that segment, in Python floats: the same operations).
    stop = int(xp.sum(xp.astype(fpr <= max_fpr, xp.int64)))
    x0, x1, y0, y1 = (float(fpr[stop - 1]), float(fpr[stop]), float(tpr[stop - 1]),
                      float(tpr[stop]))
    closing = (y1 - y0) / (x1 - x0) * (max_fpr - x0) + y0
    fpr, tpr = fpr[:stop], tpr[:stop]
    partial = float(xp.sum((fpr[1:] - fpr[:-1]) * (tpr[1:] + tpr[:-1]) / 2.0))
    partial += (max_fpr - x0) * (closing + y0) / 2.0
    min_area = 0.5 * max_fpr**2
    return 0.5 * (1 + (partial - min_area) / (max_fpr - min_area))


def device_precision_recall(table, drop_intermediate=False):
    """``(precision, recall, keep)`` in increasing threshold order (no end point)."""
    xp = table.xp
    tps, fps = table.tps, table.fps
    keep = None
    if drop_intermediate and tps.shape[0] > 2:
        yes = xp.ones(1, dtype=xp.bool, device=table.device)
        keep = xp.concat([yes, (tps[1:-1] != tps[:-2]) | (tps[2:] != tps[1:-1]), yes])
        tps, fps = tps[keep], fps[keep]
    tps64 = xp.astype(tps, xp.float64)
    precision = tps64 / xp.astype(tps + fps, xp.float64)
    return precision, tps64 / table.n_pos, keep


def device_average_precision(table):
    """:func:`average_precision_score` of a table with a positive."""
    xp = table.xp
    precision, recall, _ = device_precision_recall(table)
    # scikit-learn: -sum(diff(recall reversed, with 0 appended) * precision reversed)
    steps = xp.concat([recall[:1], recall[1:] - recall[:-1]])
    return max(0.0, float(xp.sum(steps * precision)))


def device_pr_auc(table, interpolation, leading_negatives="interpolate"):
    """:func:`pr_auc_score` of a table with a positive (the path's rising segments)."""
    tp, fp = table.path()
    return _path_area(table.xp, tp, fp, table.n_pos, interpolation, leading_negatives)


def _path_area(xp, tp, fp, n_pos, interpolation, leading_negatives="interpolate"):
    """:func:`~sklearn_prcurves._interpolation.path_area` of a path on the device."""
    rising = tp[1:] > tp[:-1]
    tp_a, fp_a = tp[:-1][rising], fp[:-1][rising]
    tp_b, fp_b = tp[1:][rising], fp[1:][rising]
    if leading_negatives == "drop":
        fp_a = xp.where(tp_a == 0, 0.0, fp_a)
    area = float(xp.sum(segment_areas(tp_a, fp_a, tp_b, fp_b, n_pos, interpolation,
                                      xp=xp)))
    return min(max(area, 0.0), 1.0)


def _hull_fp_at(xp, device, tp, hull_tp, hull_fp):
    """:func:`~sklearn_prcurves._hull.hull_fp_at` on the device: the hull's (fewest)
    false positives at each of ``tp``, by NumPy's ``interp`` arithmetic between its
    vertices (host arrays, few) up to the first vertex holding every positive: the
    vertex's own value where ``tp`` is one, else the slope form, and its other end's
    form where that is NaN (where weights of 1e-300 and 1e30 meet, a fraction-first
    form would underflow and a slope can overflow)."""
    top = int(np.searchsorted(hull_tp, hull_tp[-1]))
    hull_tp, hull_fp = hull_tp[: top + 1], hull_fp[: top + 1]
    if hull_tp.shape[0] == 1:
        return xp.full(tp.shape, float(hull_fp[0]), dtype=xp.float64, device=device)
    x = xp.asarray(hull_tp, dtype=xp.float64, device=device)
    y = xp.asarray(hull_fp, dtype=xp.float64, device=device)
    last = x.shape[0] - 1
    j = xp.clip(xp.searchsorted(x, tp, side="right") - 1, min=0, max=last)
    j1 = xp.clip(j + 1, max=last)
    x0, x1, y0, y1 = xp.take(x, j), xp.take(x, j1), xp.take(y, j), xp.take(y, j1)
    with np.errstate(all="ignore"):  # (NumPy-backed namespaces: as interp, silent)
        slope = (y1 - y0) / (x1 - x0)
        value = slope * (tp - x0) + y0
        other = slope * (tp - x1) + y1
        value = xp.where(xp.isnan(value),
                         xp.where(xp.isnan(other) & (y0 == y1), y0, other), value)
    return xp.where((j == last) | (tp >= x[-1]), y[-1], xp.where(x0 == tp, y0, value))




def _to_host(array):
    return to_numpy(array)


# --- the public functions on the device --------------------------------------------
#
# Each takes the public function's arguments and returns its result, or NotImplemented
# for the host path. ``_binary_rows`` makes the common checks with a few reductions
# (and returns None where the host path must decide, and speak).


def _counted(y_true, y_score, sample_weight, pos_label, infer="greater", flags=()):
    """The :class:`DeviceTable` of plain binary rows, or None (the host decides;
    also when one of ``flags``, boolean options, is not a bool).

    ``infer``: how the positive label is found when ``pos_label`` is None: the
    greater of the two labels (``roc_auc_score``), or scikit-learn's
    ``_check_pos_label_consistency`` (labels in {0, 1} or {-1, 1}: 1; the curves).
    """
    found = namespace_and_device(y_score, y_true, sample_weight)
    if found is None or any(flag not in (True, False) for flag in flags):
        return None
    xp, device = found
    if not hasattr(xp, "cumulative_sum"):  # an array API before 2023.12
        return None
    if y_score.ndim != 1 or y_true.ndim != 1 or y_true.shape[0] != y_score.shape[0]:
        return None
    if y_score.shape[0] == 0 or not xp.isdtype(y_score.dtype, "real floating"):
        return None
    if not xp.isdtype(y_true.dtype, ("bool", "integral", "real floating")):
        return None
    if not has_float64(xp, device):
        return None  # (Apple's MPS): the host computes in float64 instead
    if sample_weight is not None:
        if sample_weight.ndim != 1 or sample_weight.shape[0] != y_score.shape[0]:
            return None
        if not xp.isdtype(sample_weight.dtype, ("integral", "real floating")):
            return None
        if not bool(xp.all(xp.isfinite(xp.astype(sample_weight, xp.float64))
                           & (sample_weight >= 0))):
            return None
        if not bool(xp.any(sample_weight > 0)):
            return None
        with np.errstate(over="ignore"):
            total = float(xp.sum(xp.astype(sample_weight, xp.float64)))
        if not total <= _LARGEST_TOTAL:
            return None  # (the host divides them by a power of two, or refuses them)
    if not bool(xp.all(xp.isfinite(y_score))):
        return None
    labels = _two_labels(xp, y_true)
    if labels is None:
        return None
    if pos_label is None:
        if infer == "greater":
            pos_label = labels[1]
        elif set(labels) in ({0, 1}, {-1, 1}):
            pos_label = 1
        else:
            return None
    elif isinstance(pos_label, str) or pos_label not in labels:
        return None
    if xp.isdtype(y_true.dtype, "bool"):
        is_pos = y_true if pos_label else ~y_true
    else:
        is_pos = y_true == pos_label
    if sample_weight is not None and not bool(xp.any(is_pos & (sample_weight > 0))
                                              & xp.any(~is_pos & (sample_weight > 0))):
        return None
    return count_in_namespace(xp, device, is_pos, y_score, sample_weight)


def _two_labels(xp, y_true):
    """The two labels of binary ``y_true`` as Python numbers (sorted), or None."""
    if xp.isdtype(y_true.dtype, "bool"):
        both = bool(xp.any(y_true)) and not bool(xp.all(y_true))
        return (False, True) if both else None
    low, high = xp.min(y_true), xp.max(y_true)
    if bool(low == high) or not bool(xp.all((y_true == low) | (y_true == high))):
        return None
    labels = (float(low), float(high))
    if not all(v.is_integer() for v in labels):
        return None  # type_of_target calls these continuous: the host says so
    return tuple(int(v) for v in labels)


# The averages a binary problem ignores (the host refuses others with its own error).
_AVERAGES = ("micro", "macro", "samples", "weighted", None)


def roc_auc_score(y_true, y_score, *, average="macro", sample_weight=None, max_fpr=None,
                  multi_class="raise", labels=None):
    from numbers import Real

    if max_fpr is not None and (isinstance(max_fpr, bool) or not isinstance(max_fpr, Real)
                                or not 0 < max_fpr <= 1):
        return NotImplemented
    if average not in _AVERAGES or multi_class not in ("raise", "ovr", "ovo"):
        return NotImplemented
    max_fpr = None if max_fpr in (None, 1) else float(max_fpr)
    if getattr(y_true, "ndim", 1) == 2:  # multilabel: each column a binary problem
        if labels is not None:
            return NotImplemented
        return _averaged(y_true, y_score, sample_weight, average,
                         lambda table: device_roc_auc(table, max_fpr),
                         rows=_rows_roc_auc if max_fpr is None else None)
    if getattr(y_score, "ndim", 1) == 2 and max_fpr is None:
        return _multiclass_roc_auc(y_true, y_score, average, multi_class, sample_weight,
                                   labels)
    if labels is not None:
        return NotImplemented
    table = _counted(y_true, y_score, sample_weight, None, infer="greater")
    if table is None:
        return NotImplemented
    return device_roc_auc(table, max_fpr)


def _label_matrix(y_true, y_score, sample_weight, labels=None):
    """``(xp, device, positives, classes)`` of plain multiclass or multilabel input,
    else None (the host decides, and speaks).

    Multiclass: integer labels, as many classes as score columns (``labels``, sorted
    and distinct, when given), at least three; ``positives`` is the one-vs-rest label
    matrix, on the device. Multilabel: a 0/1 (or boolean) indicator matrix of the
    scores' shape, which is ``positives``; ``classes`` is None. Either way: finite
    real scores and usable weights.
    """
    found = namespace_and_device(y_score, y_true, sample_weight)
    if found is None:
        return None
    xp, device = found
    if (not hasattr(xp, "cumulative_sum") or y_score.ndim != 2
            or y_score.shape[0] != y_true.shape[0] or y_score.shape[0] == 0
            or not xp.isdtype(y_score.dtype, "real floating") or not has_float64(xp, device)
            or not bool(xp.all(xp.isfinite(y_score)))):
        return None
    if sample_weight is not None and not _usable_weights(xp, sample_weight, y_score):
        return None
    if y_true.ndim == 2:
        if y_true.shape != y_score.shape or y_true.shape[1] < 2:
            return None
        if xp.isdtype(y_true.dtype, "bool"):
            return xp, device, y_true, None
        if not xp.isdtype(y_true.dtype, ("integral", "real floating")) or not bool(
                xp.all((y_true == 0) | (y_true == 1))):
            return None
        return xp, device, y_true == 1, None
    if (y_true.ndim != 1 or y_score.shape[1] < 3
            or not xp.isdtype(y_true.dtype, "integral")):
        return None
    classes = _to_host(xp.unique_values(y_true)).tolist()
    if labels is not None:
        if not isinstance(labels, (list, tuple, np.ndarray)):
            return None
        given = np.asarray(labels)
        if (given.ndim != 1 or given.dtype.kind not in "iu"
                or not np.all(given[1:] > given[:-1]) or not set(classes) <= set(
                    given.tolist())):
            return None  # (the host says what is wrong with them)
        classes = given.tolist()
    if len(classes) != y_score.shape[1]:
        return None
    row = xp.asarray(classes, dtype=y_true.dtype, device=device)
    return xp, device, y_true[:, None] == row[None, :], classes


def _averaged(y_true, y_score, sample_weight, average, measure, rows=None, found=None):
    """``measure`` (of a device table) of multiclass or multilabel input, averaged as
    scikit-learn's ``_average_binary_score`` averages it: 'micro' (the label matrix
    and the scores read row after row as one binary problem), 'macro', 'weighted' (by
    each class's weight) or None over the columns, or 'samples' over the rows (by
    ``rows``, all rows at once; without it, the host). NotImplemented for the host
    where a column (or row) lacks a class, or the averaging weights sum to zero.
    ``found``: :func:`_label_matrix`'s answer, where the caller has it already."""
    if average == "samples" and rows is None:
        return NotImplemented
    found = found or _label_matrix(y_true, y_score, sample_weight)
    if found is None:
        return NotImplemented
    xp, device, positives, _ = found
    if average == "micro":
        k = positives.shape[1]
        weight = None if sample_weight is None else xp.repeat(sample_weight, k)
        table = count_in_namespace(xp, device, xp.reshape(positives, (-1,)),
                                   xp.reshape(y_score, (-1,)), weight)
        if not table.n_pos > 0 or not table.n_neg > 0:
            return NotImplemented
        return measure(table)
    if average == "samples":
        return rows(xp, device, positives, y_score, sample_weight)
    scores = []
    for c in range(positives.shape[1]):
        table = count_in_namespace(xp, device, positives[:, c], y_score[:, c],
                                   sample_weight)
        if not table.n_pos > 0 or not table.n_neg > 0:
            return NotImplemented
        scores.append(measure(table))
    if average is None:
        return xp.asarray(scores, dtype=xp.float64, device=device)
    weights = None
    if average == "weighted":
        per_row = (xp.astype(positives, xp.float64) if sample_weight is None else
                   xp.where(positives, xp.astype(sample_weight, xp.float64)[:, None], 0.0))
        weights = np.asarray(_to_host(xp.sum(per_row, axis=0)), dtype=np.float64)
        if np.isclose(np.sum(weights), 0):
            return NotImplemented
    return float(np.average(np.asarray(scores), weights=weights))


def _row_groups(xp, device, positives, y_score):
    """Every row's own count table, all rows at once, for the 'samples' average:
    ``(row, pos, neg, tp, fp, n_pos, n_neg)`` with, for each distinct score of each
    row (rows in order, scores decreasing), its row, its positives and negatives, and
    the positives and negatives at or above it in its row; and each row's totals.
    One sort along the rows, then flat running sums restarted at each row."""
    n, k = y_score.shape
    order = xp.argsort(y_score, axis=1, descending=True)
    offsets = xp.arange(0, n * k, k, dtype=order.dtype, device=device)
    flat = xp.reshape(order + offsets[:, None], (-1,))
    del order
    scores = xp.reshape(xp.take(xp.reshape(y_score, (-1,)), flat), (n, k))
    positive = xp.take(xp.reshape(positives, (-1,)), flat)
    del flat
    last = xp.concat([scores[:, 1:] != scores[:, :-1],
                      xp.ones((n, 1), dtype=xp.bool, device=device)], axis=1)
    ends = xp.nonzero(xp.reshape(last, (-1,)))[0]
    del scores, last
    running = xp.cumulative_sum(xp.astype(positive, xp.int64), include_initial=True)
    row = ends // k
    first = row * k  # (each row's first element, flat)
    tp = xp.take(running, ends + 1) - xp.take(running, first)
    fp = (ends - first + 1) - tp
    starts_row = xp.concat([xp.ones(1, dtype=xp.bool, device=device), row[1:] != row[:-1]])
    zero = xp.zeros(1, dtype=tp.dtype, device=device)
    pos = tp - xp.where(starts_row, 0, xp.concat([zero, tp[:-1]]))
    neg = fp - xp.where(starts_row, 0, xp.concat([zero, fp[:-1]]))
    n_pos = xp.sum(xp.astype(positives, xp.int64), axis=1)
    return row, pos, neg, tp, fp, n_pos, k - n_pos


def _rows_averaged(xp, terms, row, n, sample_weight):
    """The mean over the ``n`` rows (weighted by ``sample_weight``) of each row's sum
    of ``terms`` (one per group of ``row``)."""
    if sample_weight is None:
        return float(xp.sum(terms)) / n
    weight = xp.astype(sample_weight, xp.float64)
    total = float(xp.sum(weight))
    if not total > 0:
        return NotImplemented  # (the host: weights summing to zero)
    return float(xp.sum(xp.take(weight, row) * terms)) / total


def _rows_average_precision(xp, device, positives, y_score, sample_weight):
    """The 'samples' average of :func:`average_precision_score`: each row's
    average precision, the precision at each of its distinct scores times the share
    of its positives there, averaged over the rows."""
    row, pos, _, tp, fp, n_pos, _ = _row_groups(xp, device, positives, y_score)
    if not bool(xp.all(n_pos > 0)):
        return NotImplemented
    tp64 = xp.astype(tp, xp.float64)
    precision = tp64 / xp.astype(tp + fp, xp.float64)
    recall_step = xp.astype(pos, xp.float64) / xp.astype(xp.take(n_pos, row), xp.float64)
    return _rows_averaged(xp, recall_step * precision, row, y_score.shape[0], sample_weight)


def _rows_roc_auc(xp, device, positives, y_score, sample_weight):
    """The 'samples' average of :func:`roc_auc_score`: each row's area, the
    trapezoid over each distinct score's negatives, averaged over the rows."""
    row, pos, neg, tp, _, n_pos, n_neg = _row_groups(xp, device, positives, y_score)
    if not bool(xp.all((n_pos > 0) & (n_neg > 0))):
        return NotImplemented
    both = xp.astype(xp.take(n_pos * n_neg, row), xp.float64)
    below_half = xp.astype(tp, xp.float64) - xp.astype(pos, xp.float64) / 2.0
    return _rows_averaged(xp, xp.astype(neg, xp.float64) * below_half / both, row,
                          y_score.shape[0], sample_weight)


def _multiclass_roc_auc(y_true, y_score, average, multi_class, sample_weight, labels):
    """Multiclass :func:`roc_auc_score` (one-vs-rest or Hand and Till's one-vs-one) of
    plain input, each class (or pair) counted on the device; anything else (labels to
    check, scores not summing to one, a class absent or weighing nothing) the host's."""
    if (multi_class not in ("ovr", "ovo")
            or average not in (("micro", "macro", "weighted", None) if multi_class == "ovr"
                               else ("macro", "weighted"))
            or (multi_class == "ovo" and sample_weight is not None)
            or getattr(y_true, "ndim", 0) != 1):
        return NotImplemented
    found = _label_matrix(y_true, y_score, sample_weight, labels)
    if found is None:
        return NotImplemented
    xp, device, positives, classes = found
    sums = xp.astype(xp.sum(y_score, axis=1), xp.float64)
    if not bool(xp.all(xp.abs(sums - 1) <= 1e-8 + 1e-5 * xp.abs(sums))):
        return NotImplemented  # (the host says the scores must be probabilities)
    if multi_class == "ovr":
        return _averaged(y_true, y_score, sample_weight, average, device_roc_auc,
                         found=found)

    def binary(is_pos, column):
        table = count_in_namespace(xp, device, is_pos, column)
        if not table.n_pos > 0 or not table.n_neg > 0:
            return None
        return device_roc_auc(table)

    pair_scores, prevalence = [], []
    n = y_true.shape[0]
    for a in range(len(classes)):
        for b in range(a + 1, len(classes)):
            a_rows, b_rows = positives[:, a], positives[:, b]
            either = a_rows | b_rows
            prevalence.append(float(xp.sum(xp.astype(either, xp.int64))) / n)
            a_vs_b = binary(a_rows[either], y_score[:, a][either])
            b_vs_a = binary(b_rows[either], y_score[:, b][either])
            if a_vs_b is None or b_vs_a is None:
                return NotImplemented  # (a class absent from y_true: the host's error)
            pair_scores.append((a_vs_b + b_vs_a) / 2)
    return float(np.average(np.asarray(pair_scores),
                            weights=np.asarray(prevalence) if average == "weighted" else None))


def _usable_weights(xp, sample_weight, y_score):
    with np.errstate(over="ignore"):
        return _plain_weights(xp, sample_weight, y_score)


def _plain_weights(xp, sample_weight, y_score):
    return (sample_weight.ndim == 1 and sample_weight.shape[0] == y_score.shape[0]
            and xp.isdtype(sample_weight.dtype, ("integral", "real floating"))
            and bool(xp.all(xp.isfinite(xp.astype(sample_weight, xp.float64))
                            & (sample_weight >= 0)))
            and bool(xp.any(sample_weight > 0))
            and float(xp.sum(xp.astype(sample_weight, xp.float64))) <= _LARGEST_TOTAL)


def average_precision_score(y_true, y_score, *, average="macro", pos_label=1,
                            sample_weight=None):
    if average not in _AVERAGES:
        return NotImplemented
    if getattr(y_score, "ndim", 1) == 2:  # multiclass (one-vs-rest) or multilabel
        if pos_label != 1:
            return NotImplemented  # (the host says it is fixed to 1)
        return _averaged(y_true, y_score, sample_weight, average, device_average_precision,
                         rows=_rows_average_precision)
    table = _counted(y_true, y_score, sample_weight, pos_label)
    if table is None:
        return NotImplemented
    return device_average_precision(table)


def pr_auc_score(y_true, y_score, *, interpolation="davis-goadrich", average="macro",
                 pos_label=1, sample_weight=None, leading_negatives="interpolate",
                 recall_range=None):
    if (interpolation not in INTERPOLATIONS or leading_negatives not in LEADING_NEGATIVES
            or recall_range is not None
            or average not in _AVERAGES):
        return NotImplemented

    def area(table):
        if interpolation == "step":
            return min(device_average_precision(table), 1.0)
        return device_pr_auc(table, interpolation, leading_negatives)

    if getattr(y_score, "ndim", 1) == 2:  # multiclass (one-vs-rest) or multilabel
        return NotImplemented if pos_label != 1 else _averaged(
            y_true, y_score, sample_weight, average, area)
    table = _counted(y_true, y_score, sample_weight, pos_label)
    return NotImplemented if table is None else area(table)


def achievable_pr_auc_score(y_true, y_score, *, interpolation="davis-goadrich",
                            average="macro", pos_label=1, sample_weight=None):
    if (interpolation not in INTERPOLATIONS
            or average not in _AVERAGES):
        return NotImplemented

    def area(table):
        from ._interpolation import path_area

        from ._hull import hull_path  # (this module goes: a temporary import)

        hull_tp, hull_fp, _ = hull_path(table)
        if interpolation in ("davis-goadrich", "continuous"):
            return path_area(hull_tp, hull_fp, interpolation)
        # Step and linear: sums over the raw curve's points, read on the hull at each
        # of their recalls (as the host's achievable_area does), on the device.
        tp, _ = table.path()
        fp = _hull_fp_at(table.xp, table.device, tp, hull_tp, hull_fp)
        return _path_area(table.xp, tp, fp, table.n_pos, interpolation)

    if getattr(y_score, "ndim", 1) == 2:  # multiclass (one-vs-rest) or multilabel
        return NotImplemented if pos_label != 1 else _averaged(
            y_true, y_score, sample_weight, average, area)
    table = _counted(y_true, y_score, sample_weight, pos_label)
    return NotImplemented if table is None else area(table)


def chunk_table(y_true, y_score, sample_weight, pos_label, bin_bits=None):
    """A stream's chunk counted on its device, for the summaries' ``update``:
    ``(labels, table, whole_weights)`` with the chunk's distinct labels and its
    :class:`~sklearn_prcurves._counts.CountTable`, both on the host (the table is
    what the summary keeps of the chunk anyway); None where the host decides.

    A chunk may hold one class. Without ``pos_label`` the positive label is 1 and the
    labels must lie in {-1, 0, 1} (the stream's union is checked by the summary).
    ``whole_weights``: whether every weight is a whole number (no weights: True).

    ``bin_bits``: a :class:`~sklearn_prcurves.BinnedSummary`'s mantissa bits. The
    table is then merged on the device into one row per bin (its highest score and
    the counts through its last one), where the namespace can read a float's bits
    (torch, CuPy; the array API standard has no bit cast): the summary bins that
    score as it bins a row, and only the bins come to the host.
    """
    if not counted_where_they_live((y_true, y_score, sample_weight)):
        return None
    found = namespace_and_device(y_score, y_true, sample_weight)
    if found is None:
        return None
    xp, device = found
    if (not hasattr(xp, "cumulative_sum") or y_score.ndim != 1 or y_true.ndim != 1
            or y_true.shape[0] != y_score.shape[0] or y_score.shape[0] == 0
            or not xp.isdtype(y_score.dtype, "real floating")
            or not xp.isdtype(y_true.dtype, ("bool", "integral", "real floating"))
            or not has_float64(xp, device)
            or not bool(xp.all(xp.isfinite(y_score)))):
        return None
    whole_weights = True
    if sample_weight is not None:
        if (sample_weight.ndim != 1 or sample_weight.shape[0] != y_score.shape[0]
                or not xp.isdtype(sample_weight.dtype, ("integral", "real floating"))):
            return None
        weight = xp.astype(sample_weight, xp.float64)
        if not bool(xp.all(xp.isfinite(weight) & (weight >= 0))) or not bool(
                xp.any(weight > 0)):
            return None
        whole_weights = bool(xp.all(weight == xp.floor(weight)))
    labels = _to_host(xp.unique_values(y_true))
    if pos_label is None:
        if not set(labels.tolist()) <= {-1, 0, 1}:
            return None
        pos_label = 1
    elif isinstance(pos_label, str):
        return None
    if xp.isdtype(y_true.dtype, "bool"):
        is_pos = y_true if pos_label else ~y_true
    else:
        is_pos = y_true == pos_label
    table = count_in_namespace(xp, device, is_pos, y_score, sample_weight)
    if bin_bits is not None:
        table = _binned(table, bin_bits)
    thresholds = _to_host(table.thresholds)
    tps, fps = (np.asarray(_to_host(xp.astype(c, xp.float64)), dtype=np.float64)
                for c in (table.tps, table.fps))
    return labels, CountTable(thresholds, tps, fps), whole_weights


def _binned(table, mantissa_bits):
    """The table with its rows merged per bin of ``mantissa_bits`` (the scores rounded
    to float32 up to 23 bits, as the summary bins them), or the table itself where
    the namespace has no bit cast. Two scores of one sign share a bin when their bits
    agree above the bin's width; the two zeros share one; scores below float32's
    smallest normal number fall in the bin of 0 or of -1.2e-38, as on the host."""
    xp = table.xp
    values = table.thresholds
    if not hasattr(values, "view"):
        return table
    if mantissa_bits <= 23:
        tiny = float(np.finfo(np.float32).tiny)
        # (float32 scores are binned as they are, subnormal ones included)
        small = (xp.abs(values) < tiny) & (values != 0) & (values.dtype != xp.float32)
        above_zero = values > 0
        with np.errstate(over="ignore", under="ignore"):  # (as the host: past 3.4e38, inf)
            values = xp.astype(values, xp.float32)  # (rounded to nearest, as NumPy)
        if bool(xp.any(small)):
            values = xp.where(small & above_zero, 0.0, xp.where(small, -tiny, values))
        shift, bits_dtype = 23 - mantissa_bits, xp.int32
    else:
        values = xp.astype(values, xp.float64)
        shift, bits_dtype = 52 - mantissa_bits, xp.int64
    values = xp.where(values == 0, 0.0, values)  # -0.0: the bits of 0.0
    try:
        bits = values.view(bits_dtype)
    except (AttributeError, TypeError, RuntimeError, ValueError):
        return table
    high = bits >> shift
    last = xp.concat([high[1:] != high[:-1], xp.ones(1, dtype=xp.bool, device=table.device)])
    ends = xp.nonzero(last)[0]
    starts = xp.concat([xp.zeros(1, dtype=ends.dtype, device=table.device), ends[:-1] + 1])
    return CountTable(xp.take(table.thresholds, starts), xp.take(table.tps, ends),
                      xp.take(table.fps, ends), xp=xp, device=table.device)


def auc(x, y):
    """scikit-learn's trapezoids between points of one namespace and device, float64
    (1-D, at least two points, monotonic x); anything else to the host."""
    found = namespace_and_device(x, y)
    if found is None:
        return NotImplemented
    xp, _ = found
    if (x.ndim != 1 or y.ndim != 1 or x.shape[0] != y.shape[0] or x.shape[0] < 2
            or not all(xp.isdtype(a.dtype, "real floating") for a in (x, y))
            or not has_float64(xp, found[1])):
        return NotImplemented
    x, y = xp.astype(x, xp.float64), xp.astype(y, xp.float64)
    dx = x[1:] - x[:-1]
    if bool(xp.any(dx < 0)):
        if not bool(xp.all(dx <= 0)):
            return NotImplemented  # the host names the problem
        return -float(xp.sum(dx * (y[1:] + y[:-1]) / 2.0))
    return float(xp.sum(dx * (y[1:] + y[:-1]) / 2.0))


#: The public functions computed on the device, by name.
DEVICE_FUNCTIONS = {
    func.__name__: func
    for func in (roc_auc_score, average_precision_score, pr_auc_score,
                 achievable_pr_auc_score, auc)
}

"""Mergeable summaries: the counting table built chunk by chunk, exactly or in bins.

:class:`ExactSummary` holds the counting kernel's table of everything seen so far;
updating with a chunk and merging two summaries are associative and commutative, and
its areas are read by the in-memory metrics' own readings of one table: with whole
counts (no weights, or whole-number weights) the merged table is the one-shot table and
a chunked result equals the one-shot result to the bit; with fractional weights the
table's sums are formed in another order and agree to their rounding.

:class:`BinnedSummary` keeps counts per bin of the score's order-preserving float key
(the top bits of the IEEE-754 pattern: bins of equal *relative* width), merged by
addition, so its size is bounded whatever the data. Inside a bin the order of
positives and negatives is unknown, and its results say by how much that can matter:

- AUC-ROC, counting the pairs inside a bin as ties, is within
  ``1/2 * sum_b p_b * n_b / (P * N)`` of the exact value;
- average precision lies between its value for the worst ordering inside every bin
  (negatives first, then positives one by one) and the best case (all the bin's
  positives tied at its top: a tie credits each of its positives with the precision
  at its end, more than any one-by-one order), both in closed form;
- the Davis-Goadrich AUC-PR is estimated treating each bin as a tie group.
"""

from numbers import Integral, Real

import numpy as np

from .._base._array_api import counting_namespace, to_numpy, where
from .._base._labels import check_class_union, check_label_kind, chunk_classes, union_classes
from .._base._validation import (
    check_binary_input,
    check_non_negative_weight,
    check_range,
    check_running_total,
)
from .._measures._bounds import table_normalized_pr_auc
from .._measures._hull import achievable_area, hull_path
from .._measures._interpolation import (
    check_options,
    path_area,
    path_area_between,
    path_points,
    step_sum,
    table_path,
)
from .._measures._lift import table_ks
from .._measures._operating import table_precision_at_recall, table_recall_at_precision
from .._measures._partial import table_partial_roc_auc
from .._measures._prg import table_prg_auc
from .._metrics._auc import table_average_precision
from .._metrics._curves import table_precision_recall, table_roc
from .._metrics._roc_auc import normalized_trapezoid, table_roc_auc
from .._table._count_table import CountTable
from .._table._counts import count_in_namespace, count_rows

__all__ = ["BinnedSummary", "ExactSummary"]


class _Stream:
    """What both summaries check of the chunks they are given: labels that agree.

    A chunk may hold one class or none (an empty chunk is normal when streaming), but
    the labels of all chunks together must be what the in-memory functions accept:
    {0, 1} or {-1, 1} without ``pos_label``, and never text in one chunk and numbers
    in another, nor a ``pos_label`` no label can equal.
    """

    def _counted_on_device(self, y_true, y_score, sample_weight, bin_bits=None):
        """A chunk of another array namespace, counted where it lives (torch on a
        GPU): ``(table, whole_weights)`` with its labels checked against the stream
        (``bin_bits``: one row per bin, see :func:`chunk_in_namespace`); None when
        the chunk is to be read on the host (:func:`_host_arrays`)."""
        chunk = chunk_in_namespace(y_true, y_score, sample_weight, self.pos_label,
                                   bin_bits)
        if chunk is None:
            return None
        labels, table, whole_weights = chunk
        self._observe(labels, labels, None)
        return table, whole_weights

    def _start_stream(self, pos_label):
        self.pos_label = pos_label
        self.classes_ = None if pos_label is not None else np.zeros(0)
        self.label_kind_ = None
        self._total = 0.0  # the weight summed so far

    def _room_for(self, weight):
        """The stream's total weight with a chunk's added (its rows' weights, or a
        table's totals), refused before any running sum could overflow."""
        with np.errstate(over="ignore"):
            chunk = float(np.add.reduce(np.asarray(weight, dtype=np.float64), axis=None))
        return check_running_total(self._total + chunk,
                                   f"the totals {type(self).__name__} holds")

    def _observe(self, y_true, y_score, sample_weight):
        """Check a chunk's labels against the stream; False for an empty chunk."""
        if _length(y_true) == 0 and _length(y_score) == 0 and (
            sample_weight is None or _length(sample_weight) == 0
        ):
            return False
        kind = check_label_kind(y_true, self.pos_label, self.label_kind_)
        classes = union_classes(self.classes_, chunk_classes(y_true, self.pos_label))
        check_class_union(classes)
        self.label_kind_, self.classes_ = kind, classes
        return True

    def _merge_stream(self, other, merged):
        if type(other) is not type(self):
            raise TypeError(
                f"{type(self).__name__} merges only with another {type(self).__name__}; "
                f"got {type(other).__name__}."
            )
        if other.pos_label != self.pos_label:
            raise ValueError(
                f"Summaries with different pos_label cannot be merged: "
                f"{self.pos_label!r} and {other.pos_label!r}."
            )
        kinds = {k for k in (self.label_kind_, other.label_kind_) if k is not None}
        if len(kinds) > 1:
            raise ValueError("One summary's labels are text, the other's numbers.")
        classes = union_classes(self.classes_, other.classes_)
        check_class_union(classes)
        merged.label_kind_ = kinds.pop() if kinds else None
        merged.classes_ = classes
        return merged


def _host_arrays(*arrays):
    """Arrays of another namespace (torch, CuPy, ...) as NumPy on the host."""
    return tuple(None if a is None else to_numpy(a) for a in arrays)


def _length(values):
    return np.shape(values)[0] if np.ndim(values) else 1


class ExactSummary(_Stream):
    """The exact counting table of all rows seen, built by ``update`` and ``merge``.

    Parameters
    ----------
    pos_label : int, float, bool, str or None, default=None
        The positive class of the labels passed to :meth:`update`.

    Attributes
    ----------
    table_ : CountTable or None
        Distinct scores with cumulative weighted positives and negatives.
    classes_ : ndarray or None
        Labels seen so far (None when ``pos_label`` is given).

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn_prcurves import ExactSummary, pr_auc_score
    >>> y, s = np.array([0, 1, 1, 0, 1]), np.array([0.1, 0.8, 0.6, 0.7, 0.3])
    >>> summary = ExactSummary().update(y[:2], s[:2]).update(y[2:], s[2:])
    >>> summary.pr_auc() == pr_auc_score(y, s)
    True
    """

    def __init__(self, pos_label=None):
        self._start_stream(pos_label)
        # Tables of chunks not yet merged, largest first, each at least twice the next:
        # merging like a binary counter costs O(D log chunks) over a stream, where
        # merging every chunk into one table would cost O(D * chunks).
        self._tables = []

    @property
    def table_(self):
        """The :class:`CountTable` of every row seen (None before any)."""
        while len(self._tables) > 1:
            top = self._tables.pop()
            self._tables[-1] = self._tables[-1].merge(top)
        return self._tables[0] if self._tables else None

    def add_table(self, table):
        """Add the counting table of a chunk of rows (validated elsewhere). Returns self."""
        if len(table):
            self._total = self._room_for([table.n_pos, table.n_neg])
        self._tables.append(table)
        while len(self._tables) > 1 and 2 * len(self._tables[-1]) >= len(self._tables[-2]):
            top = self._tables.pop()
            self._tables[-1] = self._tables[-1].merge(top)
        return self

    def __repr__(self):
        rows = "empty" if self.table_ is None else repr(self.table_)
        return f"ExactSummary(pos_label={self.pos_label!r}; {rows})"

    def update(self, y_true, y_score, sample_weight=None):
        """Add a chunk of rows (an empty chunk changes nothing). Returns self.

        Arrays of another array namespace away from host memory (torch on a GPU) are
        counted on their device: only their table comes to the host."""
        on_device = self._counted_on_device(y_true, y_score, sample_weight)
        if on_device is not None:
            return self.add_table(on_device[0])
        y_true, y_score, sample_weight = _host_arrays(y_true, y_score, sample_weight)
        if not self._observe(y_true, y_score, sample_weight):
            return self
        if sample_weight is not None:
            check_non_negative_weight(np.asarray(sample_weight))
        is_pos, scores, weight = check_binary_input(y_true, y_score, sample_weight,
                                                    self.pos_label, all_zero_weight="drop")
        if scores.shape[0] == 0:  # every row weighed 0: as the one-shot functions drop them
            return self
        if weight is not None:
            self._room_for(weight)  # (refused before the kernel sums them)
        # (a tie's fractional weights summed in one order, whatever the rows')
        return self.add_table(count_rows(is_pos, scores, weight, ties_by_weight=True))

    def merge(self, other):
        """A new summary of the rows of both."""
        merged = self._merge_stream(other, ExactSummary(self.pos_label))
        for table in (self.table_, other.table_):
            if table is not None:
                merged.add_table(table)
        return merged

    def _points(self):
        """``(tp, fp)`` of the path (the areas need no thresholds)."""
        return _require_two_classes(self.table_).path()

    def roc_auc(self):
        """Area under the ROC curve (ties count one half): :func:`roc_auc_score` of the
        rows seen, to the bit where the counts are whole (the table is then the
        one-shot table)."""
        return table_roc_auc(_require_two_classes(self.table_))

    def pr_auc(self, interpolation="davis-goadrich", leading_negatives="interpolate",
               recall_range=None):
        """Area under the interpolated PR curve, as :func:`pr_auc_score`."""
        check_options(interpolation, leading_negatives)
        tp, fp = self._points()
        if recall_range is not None:
            low, high = check_range(recall_range, "recall_range")
            return path_area_between(tp, fp, interpolation, leading_negatives, low, high)
        return path_area(tp, fp, interpolation, leading_negatives)

    def normalized_pr_auc(self, interpolation="davis-goadrich"):
        """Boyd et al.'s normalised AUC-PR, as :func:`normalized_pr_auc_score`."""
        return table_normalized_pr_auc(_require_two_classes(self.table_),
                                       self.pr_auc(interpolation), interpolation)

    def partial_roc_auc(self, fpr_range=(0.0, 1.0), tpr_range=(0.0, 1.0), standardized=False):
        """Partial area under the ROC curve, as :func:`partial_roc_auc_score`."""
        return table_partial_roc_auc(
            _require_two_classes(self.table_), check_range(fpr_range, "fpr_range"),
            check_range(tpr_range, "tpr_range"), standardized)

    def prg_auc(self):
        """Area under the precision-recall-gain curve, as :func:`prg_auc_score`."""
        return table_prg_auc(_require_two_classes(self.table_))

    def ks_statistic(self):
        """The Kolmogorov-Smirnov statistic and its threshold, as :func:`ks_statistic`."""
        return table_ks(_require_two_classes(self.table_))

    def achievable_pr_auc(self, interpolation="davis-goadrich"):
        """Area under the achievable PR curve, as :func:`achievable_pr_auc_score`."""
        check_options(interpolation)
        tp, fp = self._points()
        return achievable_area(tp, fp, interpolation)

    def average_precision(self):
        """Average precision (step-wise area): :func:`average_precision_score` of the
        rows seen, to the bit where the counts are whole."""
        return table_average_precision(_require_two_classes(self.table_))

    def recall_at_precision(self, min_precision):
        """``(recall, threshold)``: the highest recall at a precision of at least
        ``min_precision``, as :func:`recall_at_precision`."""
        return table_recall_at_precision(_require_two_classes(self.table_),
                                         _share(min_precision, "min_precision"))

    def precision_at_recall(self, min_recall):
        """``(precision, threshold)``: the highest precision at a recall of at least
        ``min_recall``, as :func:`precision_at_recall`."""
        return table_precision_at_recall(_require_two_classes(self.table_),
                                         _share(min_recall, "min_recall"))

    def roc_curve(self, drop_intermediate=True):
        """``(fpr, tpr, thresholds)``, as :func:`roc_curve`."""
        return table_roc(_require_rows(self.table_), drop_intermediate)

    def precision_recall_curve(self, drop_intermediate=False):
        """``(precision, recall, thresholds)``, as :func:`precision_recall_curve`."""
        return table_precision_recall(_require_rows(self.table_), drop_intermediate)

    def pr_curve(self, interpolation="davis-goadrich", leading_negatives="interpolate"):
        """``(precision, recall, thresholds)`` of the interpolated PR curve, as
        :func:`pr_curve`."""
        check_options(interpolation, leading_negatives)
        return path_points(*table_path(_require_two_classes(self.table_)), interpolation,
                           leading_negatives)

    def roc_convex_hull(self):
        """``(fpr, tpr, thresholds)`` of the hull's vertices, as :func:`roc_convex_hull`."""
        tp, fp, thresholds = hull_path(_require_two_classes(self.table_))
        return fp / fp[-1], tp / tp[-1], thresholds

    def achievable_pr_curve(self, interpolation="davis-goadrich"):
        """``(precision, recall, thresholds)``, as :func:`achievable_pr_curve`."""
        check_options(interpolation)
        return path_points(*hull_path(_require_two_classes(self.table_)), interpolation)


def _mean_integral_precision(tp_before, fp_before, pos):
    """Mean over c in [0, pos] of the precision (T + c) / (T + F + c): the integral
    ``pos - F log(1 + pos / (T + F))`` divided by ``pos``, formed as
    ``1 - F / (T + F) * log1p(t) / t`` with t = pos / (T + F), every factor at most 1
    (1 where nothing precedes). So no weight scale (1e-300 beside 1e300, subnormal
    weights) underflows a credit to 0 or overflows it; where t is past the float range
    ``log1p(t)`` is ``log(pos) - log(T + F)`` (an upper bound within 1e-300 of it,
    kept so that the result stays a lower bound)."""
    start = tp_before + fp_before
    mean = np.ones(pos.shape[0])
    inner = (start > 0) & (pos > 0)
    f, st, p = fp_before[inner], start[inner], pos[inner]
    with np.errstate(over="ignore", under="ignore"):
        t = p / st
    huge = ~np.isfinite(t)
    ratio = np.empty_like(t)  # log1p(t) / t
    small = t == 0
    ratio[small] = 1.0
    regular = ~huge & ~small
    ratio[regular] = np.log1p(t[regular]) / t[regular]
    loss = (f / st) * ratio
    # t past the float range: log1p(t) / t is below 1e-305; the loss F log1p(t) / pos
    # is computed from logarithms instead.
    loss[huge] = (f[huge] / p[huge]) * ((np.log(p[huge]) - np.log(st[huge])) + 1e-300)
    mean[inner] = 1.0 - loss
    return mean


def _share(value, name):
    """A required rate: a real number in [0, 1] (NaN refused)."""
    if isinstance(value, bool) or not isinstance(value, Real) or not 0 <= value <= 1:
        raise ValueError(f"{name} must be a number in [0, 1]; got {value!r}.")
    return float(value)


def merge_optional(a, b):
    """The merge of two tables of which either may be None (no rows)."""
    if a is None:
        return b
    return a if b is None else a.merge(b)


def _require_rows(table):
    if table is None or len(table) == 0:
        raise ValueError("The summary holds no rows yet: call update() first.")
    return table


def _require_two_classes(table):
    if table is None or len(table) == 0 or table.n_pos <= 0 or table.n_neg <= 0:
        raise ValueError(
            "The summary holds a single class (or nothing): the areas need both "
            "positives and negatives."
        )
    return table


# Up to this many mantissa bits, bins come from the score rounded to float32: rounding is
# monotone, so bins stay ordered score intervals and every bound holds, and float32
# scores need no conversion. Bin keys then have 9 + mantissa_bits bits, few enough (up to
# 13 mantissa bits) to count into a dense array instead of sorting.
_FLOAT32_BITS = 23
_DENSE_KEY_BITS = 22


def _as_float32(scores):
    """Scores rounded to float32, the bins' resolution. Rounding keeps their order;
    scores past float32's range share the bin of its infinity (a coarse bin, which
    the bounds count as such), so the overflow is no error.

    Scores below float32's smallest normal number (1.2e-38, normal as float64) would
    round to float32 subnormals, which a process with flush-to-zero on turns into 0:
    the bins would depend on that mode. Positive ones go to the bin of 0, negative
    ones to that of -1.2e-38, in every mode (the order and each bin's floor kept)."""
    with np.errstate(over="ignore", under="ignore"):
        values = np.asarray(scores, dtype=np.float32)
    if np.asarray(scores).dtype != np.float32:
        tiny = np.finfo(np.float32).tiny
        small = np.abs(scores) < tiny
        small &= np.asarray(scores) != 0
        if small.any():
            values = values.copy() if not values.flags.writeable else values
            values[small] = np.where(np.asarray(scores)[small] > 0, np.float32(0.0), -tiny)
    return values


def _float32_order_key(scores):
    """Order-preserving unsigned 32-bit keys of the scores rounded to float32."""
    values = _as_float32(scores)
    bits = values.view(np.uint32)
    key = bits >> np.uint32(31)
    key *= np.uint32(0x7FFFFFFF)
    key |= np.uint32(1 << 31)
    key ^= bits
    key[values == 0] = np.uint32(1 << 31)  # -0.0 and 0.0: one bin
    return key


_FLOAT32_MINUS_INF_KEY = np.uint32(0x007FFFFF)  # ~0xFF800000, the bits of -inf


def _float32_key_to_float64_key(key):
    """The float64 order key of the float32 value with this float32 order key."""
    # The lowest bin's floor, its low bits cleared, falls below the key of -inf on
    # the keys of NaNs: -inf is that bin's floor (no score lies below it).
    key = np.maximum(np.asarray(key, dtype=np.uint32), _FLOAT32_MINUS_INF_KEY)
    bits = np.where(key >> np.uint32(31), key ^ np.uint32(1 << 31), ~key)
    return order_key(bits.view(np.float32).astype(np.float64))


def order_key(scores):
    """Order-preserving unsigned 64-bit keys of the scores as float64."""
    values = np.array(scores, dtype=np.float64)  # a copy: modified in place below
    values += 0.0  # -0.0 -> 0.0: one bin for zero
    bits = values.view(np.uint64)
    # Negative numbers: flip every bit; others: flip the sign bit.
    flip = bits >> np.uint64(63)
    flip *= np.uint64(0x7FFFFFFFFFFFFFFF)
    flip |= np.uint64(1 << 63)
    bits ^= flip
    return bits


# Rows per block of the dense count: the block's bin indices stay in cache and no
# temporary grows with the data (large fresh arrays cost page faults, most of all in
# Dask workers, whose allocator returns memory to the system eagerly).
_BLOCK_ROWS = 1 << 16


def _dense_bin_counts(is_pos, scores, weight, mantissa_bits):
    """``(keys, pos, neg)`` of the occupied bins (keys increasing), by dense counting.

    The bins of the float32 order key are those of the raw float32 bit pattern, in
    another order (same top bits, complemented for negative numbers): rows are binned
    by one shift of their bits, and only the occupied bins are mapped to order keys.
    Unweighted, the second table counts all rows and negatives are all rows minus
    positives (exact in integers), which saves selecting the majority class.
    """
    bits = _as_float32(scores).view(np.uint32)
    width = 9 + mantissa_bits
    shift = np.uint32(32 - width)
    size = 1 << width
    pos = np.zeros(size, np.int64 if weight is None else np.float64)
    other = np.zeros(size, pos.dtype)  # all rows (unweighted) or negatives (weighted)
    buffer = np.empty(min(_BLOCK_ROWS, bits.shape[0]), np.uint32)
    if weight is None:
        np.add.at(pos, np.compress(is_pos, bits) >> shift, 1)
    for start in range(0, bits.shape[0], _BLOCK_ROWS):
        stop = min(start + _BLOCK_ROWS, bits.shape[0])
        raw = np.right_shift(bits[start:stop], shift, out=buffer[: stop - start])
        if weight is None:
            np.add.at(other, raw, 1)
        else:
            rows, w = is_pos[start:stop], weight[start:stop]
            np.add.at(pos, raw[rows], w[rows])
            np.add.at(other, raw[~rows], w[~rows])
    sign = 1 << (width - 1)
    if pos[sign] or other[sign]:
        # The raw bin of the sign bit alone holds -0.0, which ties 0.0: recount the two
        # bins with -0.0 in 0.0's (rare: only scores within ~1e-42 of zero land here).
        negative_zero = bits == np.uint32(1 << 31)
        raw = bits >> shift
        for b, in_bin in ((0, (raw == 0) | negative_zero),
                          (sign, (raw == sign) & ~negative_zero)):
            if weight is None:
                pos[b], other[b] = np.count_nonzero(in_bin & is_pos), np.count_nonzero(in_bin)
            else:
                pos[b] = np.sum(weight[in_bin & is_pos])
                other[b] = np.sum(weight[in_bin & ~is_pos])
    if weight is None:
        used = np.flatnonzero(other)
        pos, neg = pos[used], other[used] - pos[used]
    else:
        used = np.flatnonzero(pos + other)  # weights are positive
        pos, neg = pos[used], other[used]
    # Order keys: negative scores (raw bins from `sign` up) come first, reversed;
    # then the others, in raw order.
    split = int(np.searchsorted(used, sign))
    order = np.concatenate([np.arange(used.shape[0] - 1, split - 1, -1), np.arange(split)])
    used = used[order]
    keys = np.where(used & sign, ~used & (size - 1), used | sign).astype(np.uint64)
    return keys, pos[order].astype(np.float64), neg[order].astype(np.float64)


class BinnedSummary(_Stream):
    """Counts per relative-precision bin of the score, merged by addition, with bounds.

    Parameters
    ----------
    mantissa_bits : int, default=16
        Mantissa bits kept in the bin key: scores within a relative distance of about
        ``2**-mantissa_bits`` may share a bin. Up to 23 bits, bins are taken from the
        score rounded to float32 (a monotone map, so every bound holds) and there are at
        most ``2**(9 + mantissa_bits)`` of them.
    pos_label : int, float, bool, str or None, default=None

    Attributes
    ----------
    keys_ : ndarray of uint64
        Bin keys, increasing (after :meth:`refine`, full order keys).
    pos_, neg_ : ndarray of float64
        Weight of positives and negatives in each bin.
    exact_ : ndarray of bool or None
        After :meth:`refine`: which entries are exact scores rather than bins.

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn_prcurves import BinnedSummary, roc_auc_score
    >>> rng = np.random.default_rng(0)
    >>> y = rng.integers(0, 2, 10_000)
    >>> s = rng.normal(size=10_000) + y
    >>> estimate, bound = BinnedSummary(mantissa_bits=8).update(y, s).roc_auc()
    >>> bool(abs(estimate - roc_auc_score(y, s)) <= bound)
    True
    """

    def __init__(self, mantissa_bits=16, pos_label=None):
        if (
            isinstance(mantissa_bits, bool)
            or not isinstance(mantissa_bits, Integral)
            or not 0 <= mantissa_bits <= 52
        ):
            raise ValueError(f"mantissa_bits must be an integer in [0, 52]; got {mantissa_bits!r}.")
        self.mantissa_bits = int(mantissa_bits)
        self._start_stream(pos_label)
        self.keys_ = np.zeros(0, dtype=np.uint64)
        self.pos_ = np.zeros(0)
        self.neg_ = np.zeros(0)
        # After refine(): entries keyed by full 64-bit order keys; True where an entry
        # is an exact score (a tie group), False where it is still a bin.
        self.exact_ = None
        # Whether every row seen had a whole-number weight (or none): the tighter
        # average-precision bound counts positives one unit at a time.
        self.integer_weights_ = True

    def _bins(self, scores):
        if self.mantissa_bits <= _FLOAT32_BITS:
            return _float32_order_key(scores) >> np.uint32(_FLOAT32_BITS - self.mantissa_bits)
        return order_key(scores) >> np.uint64(52 - self.mantissa_bits)

    def _bin_floor_keys(self, keys):
        """Float64 order keys of the lowest score in each bin (for refined orderings)."""
        if self.mantissa_bits <= _FLOAT32_BITS:
            shift = np.uint64(_FLOAT32_BITS - self.mantissa_bits)
            return _float32_key_to_float64_key((keys.astype(np.uint64) << shift).astype(np.uint32))
        return keys.astype(np.uint64) << np.uint64(52 - self.mantissa_bits)

    def __repr__(self):
        return (
            f"BinnedSummary(mantissa_bits={self.mantissa_bits}, pos_label={self.pos_label!r}; "
            f"{self.keys_.shape[0]} bins)"
        )

    def update(self, y_true, y_score, sample_weight=None):
        """Add a chunk of rows (an empty chunk changes nothing). Returns self.

        Arrays of another array namespace away from host memory (torch on a GPU) are
        counted and binned on their device (where it can read a float's bits: torch,
        CuPy; else the table is binned on the host)."""
        on_device = self._counted_on_device(y_true, y_score, sample_weight,
                                            self.mantissa_bits)
        if on_device is not None:
            table, whole_weights = on_device
            self.integer_weights_ = self.integer_weights_ and whole_weights
            self._total = self._room_for([table.n_pos, table.n_neg])
            # Every row of the table is a bin (or a score within one) with weight in
            # it, even where a running sum absorbed that weight: each keeps its bin.
            keys = self._bins(table.thresholds)[::-1].astype(np.uint64)
            starts = np.flatnonzero(np.concatenate([[True], keys[1:] != keys[:-1]]))
            self._add(keys[starts], np.add.reduceat(table.pos[::-1], starts),
                      np.add.reduceat(table.neg[::-1], starts))
            return self
        y_true, y_score, sample_weight = _host_arrays(y_true, y_score, sample_weight)
        if not self._observe(y_true, y_score, sample_weight):
            return self
        if sample_weight is not None:
            check_non_negative_weight(np.asarray(sample_weight))
        return self.add_counts(*check_binary_input(
            y_true, y_score, sample_weight, self.pos_label, all_zero_weight="drop"))

    def add_counts(self, is_pos, scores, weight=None):
        """:meth:`update` for rows already validated (boolean labels, finite scores,
        positive weights or None). Returns self."""
        if scores.shape[0] == 0:
            return self
        self._total = self._room_for([scores.shape[0]] if weight is None else weight)
        if weight is not None and self.integer_weights_:
            self.integer_weights_ = bool(np.all(weight == np.floor(weight)))
        if self.mantissa_bits <= _FLOAT32_BITS and 9 + self.mantissa_bits <= _DENSE_KEY_BITS:
            self._add(*_dense_bin_counts(is_pos, scores, weight, self.mantissa_bits))
            return self
        # The counting kernel itself, run on the bin keys instead of the scores.
        table = count_rows(is_pos, self._bins(scores).astype(np.uint64), weight)
        self._add(table.thresholds[::-1], table.pos[::-1], table.neg[::-1])
        return self

    def _add(self, keys, pos, neg):
        """Add the counts of bins ``keys`` (increasing, distinct)."""
        if self.keys_.shape[0] == 0:
            self.keys_, self.pos_, self.neg_ = keys, pos, neg
            return
        # Two increasing runs: the stable sort merges them in linear time, and a key
        # then occurs once or twice in a row.
        all_keys = np.concatenate([self.keys_, keys])
        order = np.argsort(all_keys, kind="stable")
        all_keys = all_keys[order]
        starts = np.flatnonzero(np.concatenate([[True], all_keys[1:] != all_keys[:-1]]))
        self.pos_ = np.add.reduceat(np.concatenate([self.pos_, pos])[order], starts)
        self.neg_ = np.add.reduceat(np.concatenate([self.neg_, neg])[order], starts)
        self.keys_ = all_keys[starts]

    def merge(self, other):
        """A new summary of the rows of both (same ``mantissa_bits``)."""
        merged = self._merge_stream(other, BinnedSummary(self.mantissa_bits, self.pos_label))
        if self.exact_ is not None or other.exact_ is not None:
            raise ValueError("Refined summaries cannot be merged; merge, then refine.")
        if other.mantissa_bits != self.mantissa_bits:
            raise ValueError("Only summaries with the same mantissa_bits can be merged.")
        for summary in (self, other):
            merged._total = merged._room_for([summary._total])
            merged._add(summary.keys_, summary.pos_, summary.neg_)
        merged.integer_weights_ = self.integer_weights_ and other.integer_weights_
        return merged

    def table(self):
        """The bins as a :class:`CountTable` (bin keys as thresholds, decreasing)."""
        return CountTable.from_counts(self.keys_[::-1], self.pos_[::-1], self.neg_[::-1])

    def _uncertain(self):
        """Per entry: True where the order inside it is unknown (an unrefined bin)."""
        return np.ones(self.keys_.shape[0], bool) if self.exact_ is None else ~self.exact_

    def score_table(self):
        """:meth:`table` with each entry's lowest score as its threshold (float64):
        predicting positive from there is a real cut of the scores."""
        table = self.table()
        keys = table.thresholds.astype(np.uint64)
        if self.exact_ is None:  # (refined summaries hold floor keys already)
            keys = self._bin_floor_keys(keys)
        negative = (keys >> np.uint64(63)) == 0
        bits = np.where(negative, ~keys, keys ^ np.uint64(1 << 63))
        return CountTable(bits.view(np.float64), table.tps, table.fps)

    def corner_tables(self):
        """``(best, worst)``: :meth:`score_table` with every bin's positives ranked
        above its negatives, and below them.

        Any true order inside the bins gives an ROC curve between these two, and every
        measure that only improves as the ROC curve rises (the areas, the best F1,
        precision at a recall, recall at a precision: Davis and Goadrich's Theorem 3.2
        carries this to PR space) is bounded by its values on the two.
        """
        table = self.score_table()
        pos, neg, thresholds = table.pos, table.neg, table.thresholds
        uncertain = self._uncertain()[::-1]
        tables = []
        for positives_first in (True, False):
            first_pos = np.where(uncertain, pos if positives_first else 0.0, pos)
            first_neg = np.where(uncertain, 0.0 if positives_first else neg, neg)
            second_pos = np.where(uncertain, 0.0 if positives_first else pos, 0.0)
            second_neg = np.where(uncertain, neg if positives_first else 0.0, 0.0)
            p = np.column_stack([first_pos, second_pos]).ravel()
            n = np.column_stack([first_neg, second_neg]).ravel()
            t = np.repeat(thresholds, 2)
            kept = (p > 0) | (n > 0)
            tables.append(CountTable.from_counts(t[kept], p[kept], n[kept]))
        return tuple(tables)

    def roc_auc(self):
        """``(estimate, bound)`` with ``abs(exact AUC-ROC - estimate) <= bound``, guaranteed."""
        table = _require_two_classes(self.table())
        n_pos, n_neg = table.tps[-1], table.fps[-1]
        estimate = normalized_trapezoid(table.tps, table.fps, n_pos, n_neg, first=(0.0, 0.0))
        # Shares of P and N: products of weights of 1e-300 or 1e300 would not fit.
        mixed = (self.pos_ / n_pos) * (self.neg_ / n_neg) * self._uncertain()
        return estimate, float(0.5 * np.sum(mixed))

    def bins_to_refine(self, tolerance):
        """Bin keys whose refinement brings the AUC-ROC bound to ``tolerance`` or less.

        The bins with the largest ``p_b * n_b`` first; refining all bins that hold both
        classes gives the exact answer (bound 0).
        """
        if self.exact_ is not None:
            raise ValueError("This summary is refined already.")
        n_pos, n_neg = self.pos_.sum(), self.neg_.sum()
        share = 0.5 * (self.pos_ / n_pos) * (self.neg_ / n_neg)
        if share.sum() <= tolerance:
            return np.zeros(0, dtype=np.uint64)
        order = np.argsort(share)[::-1]
        # What stays uncertain after refining the first k bins: sums of the smallest
        # shares, added smallest first (the total less a prefix would absorb a share
        # of 4e-301 beside 0.06 and leave its bin unrefined at tolerance 0).
        remaining = np.cumsum(share[order][::-1])[::-1]
        remaining = np.append(remaining[1:], 0.0)
        count = int(np.searchsorted(-remaining, -tolerance)) + 1  # first prefix within tolerance
        count = min(count, int(np.count_nonzero(share)))
        return np.sort(self.keys_[order[:count]])

    def refine_rows(self, y_true, y_score, sample_weight, keys):
        """The exact counts of the rows falling in bins ``keys`` (one chunk of rows).

        Returns a :class:`CountTable` keyed by full order keys; merge the tables of all
        chunks, then pass the result to :meth:`refined`.
        """
        chunk = chunk_in_namespace(y_true, y_score, sample_weight, self.pos_label)
        if chunk is not None:  # counted on its device: the table's scores stand for rows
            table = chunk[1]
            kept = np.isin(self._bins(table.thresholds).astype(np.uint64), keys)
            if not kept.any():
                return None
            return CountTable.from_counts(order_key(table.thresholds[kept]),
                                          table.pos[kept], table.neg[kept])
        y_true, y_score, sample_weight = _host_arrays(y_true, y_score, sample_weight)
        is_pos, scores, weight = check_binary_input(y_true, y_score, sample_weight, self.pos_label)
        rows = np.isin(self._bins(scores).astype(np.uint64), keys)
        if not rows.any():
            return None
        return count_rows(is_pos[rows], order_key(scores[rows]),
                           None if weight is None else weight[rows])

    def refined(self, keys, table):
        """A new summary in which bins ``keys`` are replaced by the exact ``table``."""
        kept = ~np.isin(self.keys_, keys)
        exact_keys = np.zeros(0, np.uint64) if table is None else table.thresholds[::-1]
        all_keys = np.concatenate([self._bin_floor_keys(self.keys_[kept]), exact_keys])
        order = np.argsort(all_keys, kind="stable")
        out = BinnedSummary(self.mantissa_bits, self.pos_label)
        out.classes_, out.label_kind_ = self.classes_, self.label_kind_
        pos = [self.pos_[kept]] + ([] if table is None else [table.pos[::-1]])
        neg = [self.neg_[kept]] + ([] if table is None else [table.neg[::-1]])
        out.keys_ = all_keys[order]
        out.pos_ = np.concatenate(pos)[order]
        out.neg_ = np.concatenate(neg)[order]
        out.exact_ = np.concatenate([np.zeros(kept.sum(), bool),
                                     np.ones(exact_keys.shape[0], bool)])[order]
        out.integer_weights_ = self.integer_weights_
        return out

    def refine(self, y_true, y_score, sample_weight=None, *, tolerance=0.0):
        """Second pass over in-memory data: refine bins until the AUC-ROC bound is at
        most ``tolerance`` (0: the exact AUC-ROC). Returns a new summary.

        Only bins holding both classes are refined (they make the AUC-ROC bound); the
        average-precision interval tightens with them but keeps the uncertainty of
        bins holding positives alone.
        """
        keys = self.bins_to_refine(tolerance)
        return self.refined(keys, self.refine_rows(y_true, y_score, sample_weight, keys))

    def average_precision_interval(self):
        """``(low, high)`` guaranteed to contain the exact average precision.

        Inside a bin, no positive can be credited more than the precision reached
        with all the bin's positives tied at its top, nor less than with the bin's
        negatives first. From there, with whole-number weights the positives count
        one unit at a time (ties and larger weights only raise a positive's credit);
        with fractional weights the credit is bounded below by the integral of the
        precision over the bin's positive weight (a right Riemann sum of an
        increasing function is at least its integral), a looser bound that holds for
        any weights.
        """
        table = _require_two_classes(self.table())
        pos, neg = table.pos, table.neg
        uncertain = self._uncertain()[::-1]
        tp_before = table.tps - pos
        fp_before = table.fps - neg
        n_pos = table.n_pos
        # Each bin's share of the positives times a precision: shares and precisions
        # lie in [0, 1], so no weight scale underflows or overflows a credit (a
        # product of a weight of 5e-324 and a precision is 0).
        share = pos / n_pos
        with np.errstate(invalid="ignore", divide="ignore"):
            best = np.where(pos > 0, share * ((tp_before + pos) / (tp_before + fp_before + pos)),
                            0.0)
            # An exact entry is one tie group: its positives are credited the precision
            # at its end, negatives included.
            exact = np.where(pos > 0, share * (table.tps / (table.tps + table.fps)), 0.0)
        if self.integer_weights_:
            worst = step_sum(tp_before, tp_before + fp_before + neg, pos) / n_pos
        else:
            worst = share * _mean_integral_precision(tp_before, fp_before + neg, pos)
        best = np.where(uncertain, best, exact)
        worst = np.where(uncertain, worst, exact)
        # Widened by the rounding of the sums and the terms (a few ulps each), so that
        # the exact value, computed with other roundings, is never outside.
        slack = (best.shape[0] + 8) * np.finfo(np.float64).eps
        low, high = np.sum(worst), np.sum(best)
        return float(max(low - slack * low, 0.0)), float(min(high + slack * high, 1.0))

    def pr_auc(self, interpolation="davis-goadrich", leading_negatives="interpolate"):
        """AUC-PR estimated with each bin as one tie group (no bound)."""
        check_options(interpolation, leading_negatives)
        tp, fp = _require_two_classes(self.table()).path()
        return path_area(tp, fp, interpolation, leading_negatives)


# --- chunks of another array namespace, counted where they live -----------------------


def chunk_in_namespace(y_true, y_score, sample_weight, pos_label, bin_bits=None):
    """A stream's chunk counted on its device, for the summaries' ``update``:
    ``(labels, table, whole_weights)`` with the chunk's distinct labels and its
    :class:`~sklearn_prcurves._table._counts.CountTable`, both on the host (the table is
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
    found = counting_namespace(y_score, y_true, sample_weight, dispatch=False)
    if found is None:
        return None
    xp, device = found
    if (y_score.ndim != 1 or y_true.ndim != 1
            or y_true.shape[0] != y_score.shape[0] or y_score.shape[0] == 0
            or not xp.isdtype(y_score.dtype, "real floating")
            or not xp.isdtype(y_true.dtype, ("bool", "integral", "real floating"))
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
    labels = to_numpy(xp.unique_values(y_true))
    if pos_label is None:
        if not set(labels.tolist()) <= {-1, 0, 1}:
            return None
        pos_label = 1
    elif isinstance(pos_label, (str, bytes)):
        return None
    if xp.isdtype(y_true.dtype, "bool"):
        is_pos = y_true if pos_label else ~y_true
    elif xp.isdtype(y_true.dtype, "integral") and not float(pos_label).is_integer():
        is_pos = xp.zeros(y_true.shape, dtype=xp.bool, device=device)  # (no such label)
    else:  # (the label in the labels' own type: 1.0 or True names the integer 1)
        is_pos = y_true == (int(pos_label) if xp.isdtype(y_true.dtype, "integral")
                            else float(pos_label))
    table = count_in_namespace(xp, device, is_pos, y_score, sample_weight)
    if bin_bits is not None:
        table = binned_in_namespace(table, bin_bits)
    thresholds = to_numpy(table.thresholds)
    tps, fps = (np.asarray(to_numpy(xp.astype(c, xp.float64)), dtype=np.float64)
                for c in (table.tps, table.fps))
    return labels, CountTable(thresholds, tps, fps), whole_weights


def binned_in_namespace(table, mantissa_bits):
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
            values = where(xp, small & above_zero, 0.0, where(xp, small, -tiny, values))
        shift, bits_dtype = 23 - mantissa_bits, xp.int32
    else:
        values = xp.astype(values, xp.float64)
        shift, bits_dtype = 52 - mantissa_bits, xp.int64
    values = where(xp, values == 0, 0.0, values)  # -0.0: the bits of 0.0
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

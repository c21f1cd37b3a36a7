"""The counting kernel: labels, scores and weights -> a small table of counts.

Every curve, area, hull and scorer in the package starts from a :class:`CountTable`:
the distinct scores in decreasing order with the (weighted) number of positives and
negatives holding each score. Because ties are grouped once, here, by exact equality
in the input dtype (as scikit-learn groups them), every function agrees on ties and
weights. Tables built from disjoint chunks merge into the table of their union.

Speed. Sorting values is several times faster than sorting indices (``np.argsort``)
and the unweighted table needs no indices at all. Non-negative float scores
(probabilities) are sorted once as 64-bit keys holding the score's bits and the
row's label, which gives the distinct scores and the positives per score together.
Other scores: one sort of all scores gives the distinct scores and the rows per
score, one sort of the smaller class gives, by binary search, how many of its rows
are at or below each distinct score. The counts
are then exact integers at any ``n``, whatever the dtype of the scores. Weighted rows
need their weights carried along, so that path sorts an order, again as values: 64-bit
keys holding the score's leading bits above the row's position, rows whose scores share
those bits re-sorted afterwards (:func:`_descending_order`; ``np.argsort`` only for
other dtypes and for scores crowded into too few leading bits).

Arrays in another array API namespace, away from host memory (CUDA), are counted on
their device by :mod:`._device`, the same algorithm written against the standard; this
module is its NumPy specialisation. Each of its shortcuts is kept only where an
interleaved A/B at 1e6 rows shows it buying 10% of a call or more (issue 34: the
measurements are in the commit messages that removed the others).
"""

from __future__ import annotations

import math
import sys
from numbers import Real

import numpy as np
from numpy.typing import ArrayLike

from ._compat import TIES_SUMMED_LAST_ROW_FIRST
from ._array_api import arrays_read_on_host

__all__ = [
    "CountTable",
    "count_rows",
    "count_table",
    "count_table_with_groups",
    "count_table_in_score_order",
    "score_order",
    "table_in_score_order",
]


class CountTable:
    """Weighted positives and negatives per distinct score, stored cumulatively.

    Row ``j`` describes the distinct score ``thresholds[j]`` (decreasing in ``j``):
    ``tps[j]`` and ``fps[j]`` are the total weight of positives and negatives scoring
    at least ``thresholds[j]``. The per-score weights are :attr:`pos` and :attr:`neg`.
    Without sample weights every count is an exact integer (held in float64, exact
    below 2**53 rows).

    Parameters
    ----------
    thresholds : ndarray of shape (n_thresholds,), or a function returning it
        Distinct scores, strictly decreasing, in the dtype of the scores. The kernel
        may pass a function, called when they are first read (the areas never read
        them).
    tps : ndarray of float64, shape (n_thresholds,)
        Cumulative weight of positives, non-decreasing.
    fps : ndarray of float64, shape (n_thresholds,)
        Cumulative weight of negatives, non-decreasing.

    Examples
    --------
    >>> from sklearn_prcurves import count_table
    >>> table = count_table([1, 0, 1, 0], [0.9, 0.8, 0.8, 0.1])
    >>> table
    CountTable(n_thresholds=3, n_pos=2.0, n_neg=2.0)
    >>> table.pos, table.neg
    (array([1., 1., 0.]), array([0., 1., 1.]))
    """

    __slots__ = ("_thresholds", "_tps", "_fps", "_steps", "_totals")

    def __init__(self, thresholds, tps, fps, unit_steps=None):
        self._thresholds = thresholds
        self._tps = tps
        self._fps = fps
        # Unweighted tables from the kernel also hold the positives and negatives per
        # score as integer arrays (any integer dtype; booleans when each score has one
        # row). Tests on the steps (corners, flat runs) then read small integers
        # instead of differencing the float running sums, and the kernel may leave
        # ``tps`` and ``fps`` None: they are summed when first read, and functions that
        # need only some rows of them (the ROC curve's corners) read those through
        # :meth:`counts_at`. At 1e6 rows two running sums are 16 MB a call never has
        # to touch.
        # (With a row per score the negatives' steps are the positives' negation, formed
        # when first read: the one-row shortcuts read only ``positive_steps``.)
        self._steps = unit_steps
        self._totals = None
        if tps is None and unit_steps is None:
            raise ValueError("A CountTable needs its counts or its steps.")

    @property
    def thresholds(self):
        """Distinct scores, strictly decreasing, in the dtype of the scores."""
        if callable(self._thresholds):
            # (Threads reading them together may both decode: the same array.)
            self._thresholds = self._thresholds()
        return self._thresholds

    def __getstate__(self):  # decoded before pickling: a function does not travel
        self.thresholds
        return None, {name: getattr(self, name) for name in self.__slots__}

    @property
    def tps(self):
        """Cumulative weight of positives at each threshold (float64)."""
        if self._tps is None:
            self._tps = _running_sum(self.unit_steps[0])
        return self._tps

    @property
    def fps(self):
        """Cumulative weight of negatives at each threshold (float64)."""
        if self._fps is None:
            self._fps = _running_sum(self.unit_steps[1])
        return self._fps

    @property
    def unit_steps(self):
        """``(positives, negatives)`` per score as integer arrays (booleans when every
        score holds one row), or None for a table of float counts."""
        steps = self._steps
        if steps is not None and steps[1] is None:
            steps = self._steps = (steps[0], ~steps[0])
        return steps

    @property
    def positive_steps(self):
        """The positives per score of :attr:`unit_steps` (None without steps)."""
        return None if self._steps is None else self._steps[0]

    @property
    def lazy(self):
        """True while the running sums are not formed (the table holds its steps)."""
        return self._tps is None

    def counts_at(self, index):
        """``(tps[index], fps[index])`` for an increasing array of row indices, without
        forming the whole running sums when the table has not formed them."""
        if self._tps is not None and self._fps is not None:
            return self.tps[index], self.fps[index]
        pos, neg = self.unit_steps
        running = np.empty(pos.shape[0], dtype=running_dtype(pos.shape[0]))
        tp = cumsum_into(pos, running)[index].astype(np.float64)
        return tp, cumsum_into(neg, running)[index].astype(np.float64)

    @classmethod
    def from_counts(cls, thresholds, pos, neg):
        """Build from per-score weights of positives and negatives."""
        return cls(
            thresholds,
            np.cumsum(pos, dtype=np.float64),
            np.cumsum(neg, dtype=np.float64),
        )

    @classmethod
    def from_pieces(cls, scores, pos, neg):
        """The table of per-score weights given in any order, a score possibly several
        times (the rows of several chunks' tables): sorted and summed per score."""
        order = np.argsort(scores)[::-1]
        descending = scores[order]
        pos, neg = np.asarray(pos, np.float64)[order], np.asarray(neg, np.float64)[order]
        if descending.shape[0]:
            starts = _run_starts(descending)
            if starts.shape[0] < descending.shape[0]:
                descending = descending[starts]
                pos, neg = np.add.reduceat(pos, starts), np.add.reduceat(neg, starts)
        return cls.from_counts(descending, pos, neg)

    def __len__(self):
        if self._steps is not None:
            return self._steps[0].shape[0]
        return self.tps.shape[0]

    def __repr__(self):
        return (
            f"CountTable(n_thresholds={len(self)}, n_pos={self.n_pos!r}, "
            f"n_neg={self.n_neg!r})"
        )

    @property
    def n_pos(self):
        """Total weight of positives (P); 0 for a table of no rows."""
        if self._tps is not None:
            return float(self.tps[-1]) if self.tps.shape[0] else 0.0
        return self._step_totals()[0]

    @property
    def n_neg(self):
        """Total weight of negatives (N); 0 for a table of no rows."""
        if self._fps is not None:
            return float(self.fps[-1]) if self.fps.shape[0] else 0.0
        return self._step_totals()[1]

    def _step_totals(self):
        if self._totals is None:
            pos = self._steps[0]
            if pos.dtype == bool:  # a row per score
                n_pos = np.count_nonzero(pos)
                self._totals = float(n_pos), float(pos.shape[0] - n_pos)
            else:
                self._totals = tuple(float(np.sum(steps, dtype=np.int64))
                                     for steps in self.unit_steps)
        return self._totals

    @property
    def pos(self):
        """Weight of positives holding each distinct score."""
        if self.unit_steps is not None:
            return self.unit_steps[0].astype(np.float64)
        return np.diff(self.tps, prepend=0.0)

    @property
    def neg(self):
        """Weight of negatives holding each distinct score."""
        if self.unit_steps is not None:
            return self.unit_steps[1].astype(np.float64)
        return np.diff(self.fps, prepend=0.0)

    def merge(self, other):
        """The table of the union of the rows behind ``self`` and ``other``."""
        a, b = self.thresholds, other.thresholds
        if a.dtype != b.dtype:
            dtype = np.result_type(a, b)
            a, b = a.astype(dtype), b.astype(dtype)
        # Both are decreasing: a linear merge. Each element's place in the result is
        # its index plus the number of the other table's elements before it (ties:
        # ``self``'s first), found by binary searches of sorted keys, which are fast.
        # (Temporaries are reused in place: merged tables can be most of memory.)
        place_b = np.searchsorted(a[::-1], b[::-1], side="left")[::-1]
        np.subtract(a.shape[0] + np.arange(b.shape[0]), place_b, out=place_b)
        place_a = np.searchsorted(b[::-1], a[::-1], side="right")[::-1]
        np.subtract(b.shape[0] + np.arange(a.shape[0]), place_a, out=place_a)
        size = a.shape[0] + b.shape[0]
        descending = np.empty(size, dtype=a.dtype)
        descending[place_a], descending[place_b] = a, b
        tps = np.empty(size)
        tps[place_a], tps[place_b] = self.pos, other.pos
        fps = np.empty(size)
        fps[place_a], fps[place_b] = self.neg, other.neg
        del place_a, place_b
        starts = _run_starts(descending)
        if starts.shape[0] < size:
            descending = descending[starts]
            tps, fps = np.add.reduceat(tps, starts), np.add.reduceat(fps, starts)
        np.cumsum(tps, out=tps)
        np.cumsum(fps, out=fps)
        return CountTable(descending, tps, fps)


@arrays_read_on_host
def count_table(
    is_pos: ArrayLike,
    y_score: ArrayLike,
    sample_weight: ArrayLike | None = None,
) -> CountTable:
    """Build the :class:`CountTable` of labels, scores and weights.

    Parameters
    ----------
    is_pos : array-like of bool (or 0/1), shape (n_samples,)
        True for positive rows.
    y_score : array-like of shape (n_samples,)
        Finite scores; higher means more positive.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative weights (zero-weight rows are left out). Their totals must be
        finite: the table holds them.

    Returns
    -------
    table : CountTable

    Examples
    --------
    >>> from sklearn_prcurves import count_table
    >>> table = count_table([0, 1, 1, 0], [0.1, 0.5, 0.9, 0.5])
    >>> table.thresholds, table.tps, table.fps
    (array([0.9, 0.5, 0.1]), array([1., 2., 2.]), array([0., 1., 2.]))
    >>> table.merge(count_table([True], [0.7]))
    CountTable(n_thresholds=4, n_pos=3.0, n_neg=2.0)
    """
    is_pos, y_score, sample_weight = _as_arrays(is_pos, y_score, sample_weight)
    if sample_weight is not None:
        refuse_overflowing_totals(sample_weight, "count_table")
    return count_rows(is_pos, y_score, sample_weight)


def count_rows(is_pos, y_score, sample_weight=None, sklearn_object_ties=False):
    """The kernel behind :func:`count_table`, for rows already checked: ``is_pos``
    booleans, ``y_score`` finite numbers (or an object array of real numbers),
    ``sample_weight`` None or positive float64, all 1-D NumPy arrays of one length.

    ``sklearn_object_ties``: ties of an object array as scikit-learn finds them (the
    drop-ins), not exactly (see :func:`_count_objects`)."""
    if y_score.shape[0] == 0:
        raise ValueError(
            "No sample with non-zero weight: the curve needs at least one sample."
        )
    if y_score.dtype == object:
        return _count_objects(is_pos, y_score, sample_weight, sklearn_object_ties)
    if TIES_SUMMED_LAST_ROW_FIRST:
        # The installed scikit-learn's order of tied rows, last row first: the order
        # its weighted sums are rounded in, and which of +0.0 and -0.0 stands for a
        # tie of both.
        is_pos, y_score = is_pos[::-1].copy(), y_score[::-1].copy()
        sample_weight = None if sample_weight is None else sample_weight[::-1].copy()
    if sample_weight is None:
        return _count_unweighted(is_pos, y_score)
    return _count_weighted(is_pos, y_score, sample_weight)


# Totals of weights are kept at most this (1.1e304), so that no running sum of them
# overflows, nor a count times a small factor (a drawn curve's point numbers).
_LARGEST_BITS = 1010
_LARGEST_TOTAL = 2.0**_LARGEST_BITS


def weights_within_range(sample_weight, resampled=False):
    """``(weights, exponent)``: non-negative weights divided by ``2**exponent`` where
    their total would pass :data:`_LARGEST_TOTAL`, else unchanged (exponent 0).

    The one way the package forms totals of weights that could overflow: a power of
    two divides exactly (weights below 1e-300 of the largest, which no total can see,
    aside), so every share, rate and area is the same number. ``resampled``: rows are
    drawn with replacement (a bootstrap), so a total may hold the heaviest row as
    often as there are rows.
    """
    with np.errstate(over="ignore"):
        if resampled:
            total = float(np.max(sample_weight)) * sample_weight.size if sample_weight.size \
                else 0.0
        else:
            total = float(np.add.reduce(sample_weight, axis=None))
    if total <= _LARGEST_TOTAL:
        return sample_weight, 0
    largest = float(np.max(sample_weight))
    exponent = (math.frexp(largest)[1] + int(sample_weight.size).bit_length()
                - _LARGEST_BITS)
    with np.errstate(under="ignore"):
        return np.ldexp(np.asarray(sample_weight, dtype=np.float64), -exponent), exponent


def refuse_overflowing_totals(sample_weight, name):
    """The error of functions that return totals of weights (counts), where those
    would pass the largest float64: their shares and rates are defined, but not them."""
    if weights_within_range(sample_weight)[1]:
        raise overflowing_totals(f"the weighted counts {name} returns")


def check_running_total(total, name):
    """``total`` (a Python float: the weight a stream or a cluster has summed so far),
    refused past :data:`_LARGEST_TOTAL`, where its running sums would overflow. (A
    single call divides such weights by a power of two; chunks counted apart cannot
    share one without a first pass over them all.)"""
    if not total <= _LARGEST_TOTAL:
        raise overflowing_totals(name)
    return total


def overflowing_totals(what):
    return ValueError(
        f"sample_weight sums past the largest float64 (1.8e308), so {what} cannot be "
        "represented. Divide the weights by a common factor: the rates and areas do "
        "not change.")


def _count_objects(is_pos, y_score, sample_weight, sklearn_ties=False):
    """The table of an object array of real numbers, compared as Python objects,
    exactly (2**70 + 1 and 2**70 stay two thresholds; 1, 1.0 and True are one), in
    scikit-learn's stable sort. Each threshold is the object of the tie's last row in
    that order, as there, so an int stays an int and a float a float.

    ``sklearn_ties``: a tie wherever two neighbours' difference is zero, as
    scikit-learn finds them, which Python computes in floats for an int beside a
    float (2**53 + 1 - 2.0**53 == 0), so that such neighbours are one tie or not with
    the rows' order: for the drop-ins, which give scikit-learn's output."""
    n = y_score.shape[0]
    if TIES_SUMMED_LAST_ROW_FIRST:  # an ascending stable sort, reversed
        order = np.argsort(y_score, kind="stable")[::-1]
    else:  # decreasing, ties in input order
        order = n - 1 - np.argsort(y_score[::-1], kind="stable")[::-1]
    descending = y_score[order]
    new_tie = np.ones(n, dtype=bool)
    if sklearn_ties:
        new_tie[1:] = ((descending[1:] - descending[:-1]) != 0).astype(bool)
    else:
        new_tie[1:] = (descending[1:] != descending[:-1]).astype(bool)
    group = np.cumsum(new_tie) - 1  # each sorted row's tie, from the highest
    last_of_tie = np.flatnonzero(np.append(new_tie[1:], True))
    # The kernel counts the ties as scores: the highest tie has the highest number.
    number = np.empty(n, dtype=np.float64)
    number[order] = group[-1] - group
    table = count_rows(is_pos, number, sample_weight)
    chosen = order[last_of_tie[group[-1] - table.thresholds.astype(np.intp)]]
    return CountTable(y_score[chosen], table.tps, table.fps, table.unit_steps)


def count_table_with_groups(is_pos, y_score, sample_weight=None):
    """The :class:`CountTable` of validated rows and, for each row, the index of its
    score in ``table.thresholds``.

    For measures that need each row's place (resampled tables). Per-score weights are
    summed in score order, so with fractional weights the counts can differ from
    :func:`count_table`'s in the last bits.

    Parameters
    ----------
    is_pos : ndarray of bool, shape (n_samples,)
    y_score : ndarray of shape (n_samples,)
        Finite scores.
    sample_weight : ndarray of float64, shape (n_samples,), default=None
        Positive weights.

    Returns
    -------
    table : CountTable
    groups : ndarray of intp, shape (n_samples,)
        ``table.thresholds[groups[i]] == y_score[i]``.
    """
    table, order, _, group_sorted = count_table_in_score_order(is_pos, y_score, sample_weight)
    groups = np.empty(order.shape[0], dtype=np.intp)
    groups[order] = np.arange(order.shape[0]) if group_sorted is None else group_sorted
    return table, groups


def count_table_in_score_order(is_pos, y_score, sample_weight=None):
    """The :class:`CountTable` of validated rows, with the rows in decreasing score
    order: the order, each sorted row's label, and each sorted row's index in
    ``table.thresholds`` (None when every score is distinct: sorted row ``i`` is table
    row ``i``).

    For measures that need each row's place (DeLong's per-row components): looking
    every row up in the table afterwards (``np.searchsorted`` with unsorted queries)
    costs tens of sorts on large data, its binary searches missing the cache at every
    step, while the sort that builds the table already holds each row's place.
    """
    order, positive, descending = score_order(is_pos, y_score)
    table, group_sorted = table_in_score_order(order, positive, descending, y_score,
                                               sample_weight)
    return table, order, positive, group_sorted


def score_order(is_pos, y_score):
    """The rows in decreasing score order, ties in input order: the order, each sorted
    row's label, and the scores in that order, or None when the sort keys alone show
    every score distinct.

    Reading every score back in sorted order is a random read of each row, about half
    a sort on large data; measures that need only the rows' places (DeLong's per-row
    components) skip it when the scores are distinct. :func:`table_in_score_order`
    then counts the table.
    """
    order, descending, _ = _descending_order_and_buffer(y_score, scores=False)
    return order, is_pos[order], descending


def table_in_score_order(order, positive, descending, y_score, sample_weight=None):
    """The :class:`CountTable` of rows in the order :func:`score_order` gave, and each
    sorted row's index in ``table.thresholds`` (None when every score is distinct)."""
    n = order.shape[0]
    distinct = descending is None
    if distinct:
        descending = y_score[order]
    else:
        new_run = np.empty(n, dtype=bool)
        new_run[0] = True
        np.not_equal(descending[1:], descending[:-1], out=new_run[1:])
        distinct = np.count_nonzero(new_run) == n
    weight = None if sample_weight is None else sample_weight[order]
    if distinct:  # every score distinct: the rows are the table
        if weight is None:
            tps = cumsum_into(positive, np.empty(n))
            fps = np.arange(1.0, n + 1.0)
            fps -= tps
            return CountTable(descending, tps, fps), None
        pos = np.where(positive, weight, 0.0)
        return CountTable.from_counts(descending, pos, weight - pos), None
    starts = np.flatnonzero(new_run)
    if weight is None:
        pos = np.add.reduceat(positive, starts, dtype=np.float64)
        neg = np.diff(np.append(starts, n)).astype(np.float64) - pos
    else:
        pos = np.add.reduceat(np.where(positive, weight, 0.0), starts)
        neg = np.add.reduceat(np.where(positive, 0.0, weight), starts)
    group_sorted = np.cumsum(new_run, dtype=np.intp)
    group_sorted -= 1
    return CountTable.from_counts(descending[starts], pos, neg), group_sorted


def _as_arrays(is_pos, y_score, sample_weight):
    """Array-likes (lists, pandas columns) as the kernel's arrays, checked: ``is_pos``
    booleans or 0/1, finite numeric scores, non-negative weights (zeros dropped)."""
    is_pos = np.asarray(is_pos)
    if is_pos.dtype != bool:
        if is_pos.dtype.kind not in "biuf" or not np.isin(is_pos, (0, 1)).all():
            raise ValueError("is_pos must hold booleans (or 0 and 1): True for positive rows.")
        is_pos = is_pos.astype(bool)
    y_score = np.asarray(y_score)
    if y_score.dtype == object and y_score.size and real_objects(y_score):
        if any(v != v for v in y_score.tolist()):
            raise ValueError("y_score holds NaN or infinity.")
    elif y_score.dtype.kind not in "biuf":
        raise ValueError(f"y_score must hold numbers; got dtype {y_score.dtype}.")
    if is_pos.ndim != 1 or y_score.shape != is_pos.shape:
        raise ValueError(
            f"is_pos and y_score must be 1-D and of one length; got shapes {is_pos.shape} "
            f"and {y_score.shape}.")
    if y_score.dtype != object and not np.isfinite(y_score).all():
        raise ValueError("y_score holds NaN or infinity.")
    if sample_weight is not None:
        sample_weight = np.asarray(sample_weight, dtype=np.float64)
        if sample_weight.shape != y_score.shape:
            raise ValueError("sample_weight must have one weight per row.")
        if not np.isfinite(sample_weight).all() or (sample_weight < 0).any():
            raise ValueError("sample_weight must hold finite, non-negative numbers.")
        kept = sample_weight > 0
        if not kept.all():
            is_pos, y_score, sample_weight = is_pos[kept], y_score[kept], sample_weight[kept]
    return is_pos, y_score, sample_weight


def real_objects(y_score):
    """Whether an object array holds real numbers only (Python or NumPy numbers,
    booleans): scores the kernel compares as Python objects, exactly."""
    return all(isinstance(v, (Real, np.bool_)) for v in y_score.tolist())


def _run_starts(values):
    """Index of the first element of each run of equal values."""
    first = np.empty(values.shape[0], dtype=bool)
    first[0] = True
    np.not_equal(values[1:], values[:-1], out=first[1:])
    return np.flatnonzero(first)


def _count_unweighted(is_pos, y_score):
    packs, negative_zero = _packs_with_label(y_score)
    if packs:
        table = _count_packed(is_pos, y_score, negative_zero)
        if table is not None:
            return table
    n = y_score.shape[0]
    ascending = np.sort(y_score)
    starts = _run_starts(ascending)  # also the number of rows strictly below each value
    values = ascending[starts]
    del ascending
    _signed_zero_as_first_seen(values, y_score)

    n_pos = np.count_nonzero(is_pos)
    minority_is_pos = 2 * n_pos <= n
    minority = np.compress(is_pos if minority_is_pos else ~is_pos, y_score)
    minority.sort()
    # Each minority row's value is one of ``values``: find its index, then count.
    minority_per_value = np.bincount(
        np.searchsorted(values, minority), minlength=values.shape[0]
    )
    del minority

    # Per value from the highest, then running sums in integers (several times faster
    # than in floats), converted.
    minority_per_value = minority_per_value[::-1]
    majority_per_value = np.diff(starts, append=n)[::-1]
    majority_per_value -= minority_per_value
    minority_at_or_above = _float(np.cumsum(minority_per_value))
    majority_at_or_above = _float(np.cumsum(majority_per_value))
    if minority_is_pos:
        return CountTable(values[::-1], minority_at_or_above, majority_at_or_above,
                          (minority_per_value, majority_per_value))
    return CountTable(values[::-1], majority_at_or_above, minority_at_or_above,
                      (majority_per_value, minority_per_value))


def _packs_with_label(y_score):
    """Whether each score's bits and its row's label fit one sort key: scores of
    float64 or float32 that are all >= 0 (probabilities), whose sign bit is then free;
    and whether a -0.0 is among them.

    The smallest of the scores' bits read as signed integers is negative exactly when
    some score has its sign bit set: usually none, which settles both questions in
    one pass.
    """
    if y_score.dtype not in (np.float64, np.float32) or not y_score.flags.c_contiguous:
        return False, False
    smallest = int(y_score.view(np.int64 if y_score.dtype == np.float64 else np.int32).min())
    if smallest >= 0:
        return True, False  # (a NaN sends _count_packed back)
    low = y_score.min()
    return bool(low >= 0), True  # False for NaN too


def _count_packed(is_pos, y_score, negative_zero=True):
    """The unweighted table from one sort of ``score bits << 1 | label``.

    For non-negative floats the IEEE-754 bits order as the values do, and the sign
    bit is free (-0.0 is the only score holding it, and dropping it makes -0.0 the
    key of 0.0, as the two compare equal). One value sort then both groups ties and
    brings every row's label along: no second sort, no lookups, where the general
    path sorts the minority class again and searches the table for each of its rows.
    The keys are sorted as integers (as doubles, float64 keys would sort 4-6% faster,
    but those of zero and subnormal scores are subnormal doubles, which flush-to-zero
    modes compare as equal).
    """
    n = y_score.shape[0]
    if y_score.dtype == np.float64:
        keys = y_score.view(np.uint64) << np.uint64(1)
    else:
        # float32: 31 bits of score and the label fit a 32-bit key, which sorts in
        # half the time of a 64-bit one (3.9 against 7.6 ms at 1e6).
        keys = y_score.view(np.uint32) << np.uint32(1)
    keys |= is_pos
    one = keys.dtype.type(1)
    top = keys[np.argmax(keys)]
    if top > _NAN_KEYS[y_score.dtype.type]:
        return None  # NaN, from a caller that skipped the checks: the general path
    keys.sort()
    last = _last_of_runs(keys)  # last row of each distinct score
    n_distinct = np.count_nonzero(last)
    if n_distinct == n:  # every score distinct: the rows are the table
        del last
        if sys.byteorder == "little":
            labels = keys.view(np.uint8)[::keys.itemsize] & np.uint8(1)
        else:  # pragma: no cover - big-endian machines
            labels = (keys & one).astype(np.uint8)
        pos = labels.view(bool)[::-1]
        # The running sums are left to the functions that read them (the table sums
        # them when asked): the ROC curve needs them only at its corners.
        keys >>= one  # the scores' bits: decoded in place
        values = _decoded(keys, y_score.dtype)[::-1]
        if negative_zero and values[-1] == 0:
            _signed_zero_as_first_seen(values[-1:], y_score)
        return CountTable(values, None, None, (pos, None))
    ends = np.flatnonzero(last)
    del last
    if ends.shape[0] * 16 < n:
        last_keys = keys[ends]
        # Few distinct scores: a score's negatives sort before its positives, so its
        # first positive is found by binary search for its key with the label bit set
        # (the next score's first row when it has none), a search per distinct score
        # instead of a pass over the rows.
        pos = ends + 1
        pos -= np.searchsorted(keys, last_keys | one)
    else:
        # Many (float32 probabilities: most of 1e6 scores distinct, some tied): the
        # searches would cost log n each; one running count of the label bits, read
        # at the runs' ends, gives the counts directly (40 -> 24 ms, roc_auc_score on
        # 1e6 float32 probabilities, 983,000 distinct).
        if sys.byteorder == "little":
            labels = keys.view(np.uint8)[::keys.itemsize] & np.uint8(1)
        else:  # pragma: no cover - big-endian machines
            labels = (keys & one).astype(np.uint8)
        running = cumsum_into(labels, np.empty(n, dtype=running_dtype(n)))
        tps, fps = _counts_from_below(running[ends], ends, n)
        del running
        # The thresholds are decoded when first read (12% of roc_auc_score on 1e6
        # float32 probabilities, which never reads them).
        return CountTable(lambda: _thresholds_of_runs(keys, ends, y_score, negative_zero),
                          tps, fps)
    pos = pos[::-1]
    values = _decoded(last_keys >> one, y_score.dtype)[::-1]
    neg = np.diff(ends, prepend=-1)[::-1]  # rows per distinct score, from the highest
    neg -= pos
    tps, fps = np.cumsum(pos).astype(np.float64), np.cumsum(neg).astype(np.float64)
    if negative_zero and values[-1] == 0:  # scikit-learn's sign for a tie of zeros
        _signed_zero_as_first_seen(values[-1:], y_score)
    return CountTable(values, tps, fps, (pos, neg))


def _thresholds_of_runs(keys, ends, y_score, negative_zero):
    """The distinct scores (decreasing) of sorted packed keys whose runs end at rows
    ``ends``, with scikit-learn's sign for a tie of zeros."""
    values = _decoded(keys[ends] >> keys.dtype.type(1), y_score.dtype)[::-1]
    if negative_zero and values[-1] == 0:
        _signed_zero_as_first_seen(values[-1:], y_score)
    return values


def _counts_from_below(pos_through, ends, n):
    """``tps`` and ``fps`` (float64, decreasing scores) of ascending runs of sorted rows
    ending at rows ``ends``, through which ``pos_through`` positives lie: what lies at
    or above a score is everything minus what lies below its run."""
    tps, fps = np.empty(ends.shape[0]), np.empty(ends.shape[0])
    up_tps, up_fps = tps[::-1], fps[::-1]  # written in ascending order
    up_tps[0] = pos_through[-1]
    np.subtract(pos_through[-1], pos_through[:-1], out=up_tps[1:])
    up_fps[0] = n
    np.subtract(n - 1, ends[:-1], out=up_fps[1:])
    up_fps -= up_tps
    return tps, fps


def _last_of_runs(keys):
    """For sorted ``score << 1 | label`` keys: True at the last row of each score.

    Computed block by block through a small buffer: an n-element temporary costs more
    in page faults than the arithmetic on it.
    """
    n = keys.shape[0]
    last = np.empty(n, dtype=bool)
    last[-1] = True
    buffer = np.empty(min(n, BLOCK), dtype=keys.dtype)
    for start in range(0, n - 1, BLOCK):
        stop = min(start + BLOCK, n - 1)
        part = buffer[:stop - start]
        np.bitwise_xor(keys[start + 1:stop + 1], keys[start:stop], out=part)
        np.greater(part, 1, out=last[start:stop])
    return last


# Rows per block of the passes done block by block (64 KiB-element buffers).
BLOCK = 1 << 16

# Keys above these hold a NaN: the key of +inf with the label bit set.
# The smallest key of a NaN score (any sign bit: the float32 key drops it, the float64
# one shifts it out).
_NAN_KEYS = {np.float64: np.uint64(0x7FF0000000000000 << 1 | 1),
             np.float32: np.uint32(0x7F800000 << 1 | 1)}


def _decoded(bits, dtype):
    """Scores back from their (shifted-back) key bits: 64-bit keys of float64 scores,
    32-bit keys of float32 ones."""
    return bits.view(dtype)


def _float(counts):
    return counts.astype(np.float64)


def running_dtype(n):
    # 32-bit running sums where they fit: summing and converting them costs half what
    # 64-bit ones do.
    return np.int32 if n < 2**31 else np.int64


def _running_sum(steps):
    """The running sum of integer steps, as float64 (exact below 2**53)."""
    running = np.empty(steps.shape[0], dtype=running_dtype(steps.shape[0]))
    return cumsum_into(steps, running).astype(np.float64)


def cumsum_into(steps, out):
    """``np.cumsum(steps, out=out)`` for integer (or boolean) steps, in ``out``'s dtype.

    Copied in first, then summed in place: NumPy's cumsum with a different output
    dtype first casts the whole input into a temporary, and runs slower.
    """
    np.copyto(out, steps)
    return np.cumsum(out, out=out)


def _count_weighted(is_pos, y_score, sample_weight):
    # Accumulate row by row in decreasing score order, as scikit-learn does, so that
    # the weighted sums are the same floats as scikit-learn's, ties included. Products
    # with the 0/1 labels, as there, keep the sign of a zero (0 * -w is -0.0).
    order, descending, spare = _descending_order_and_buffer(y_score)
    pos_weight, weight = _class_weights_in_order(is_pos, sample_weight, order, spare)
    del order, spare
    n = descending.shape[0]
    last = np.empty(n, dtype=bool)  # the last row of each run of tied scores
    last[-1] = True
    np.not_equal(descending[1:], descending[:-1], out=last[:-1])
    # In place: the row-level running sums are only read at the last row of each run.
    np.cumsum(pos_weight, out=pos_weight)
    np.cumsum(weight, out=weight)
    if np.count_nonzero(last) == n:  # every score distinct: the rows are the table
        return CountTable(descending, pos_weight, weight)
    last = np.flatnonzero(last)
    return CountTable(descending[last], pos_weight[last], weight[last])


def _class_weights_in_order(is_pos, sample_weight, order, spare):
    """Each row's weight as a positive and as a negative (0 for the other class, a
    product with the label as in scikit-learn, which keeps the sign of a zero), rows
    in ``order``. Written over ``spare`` (n 64-bit elements, or None) and over
    ``order``'s own buffer, which the caller no longer reads: fresh memory costs more
    in page faults than the passes over it."""
    sample_weight = np.asarray(sample_weight, dtype=np.float64)
    if spare is not None:
        # (mode="clip" with out= writes straight into out; the indices are all valid.)
        weight = np.take(sample_weight, order, out=spare.view(np.float64), mode="clip")
    else:
        weight = sample_weight[order]
    positive = is_pos[order]
    pos_weight = None
    if order.dtype == np.int64 and order.flags.c_contiguous:
        pos_weight = order.view(np.float64)
    pos_weight = np.multiply(positive, weight, out=pos_weight)
    np.logical_not(positive, out=positive)
    return pos_weight, np.multiply(positive, weight, out=weight)


def _signed_zero_as_first_seen(values, y_score):
    """Give a tie of -0.0 and 0.0 the sign scikit-learn gives it: its last row's.

    scikit-learn's threshold for a tie group is the group's last row in input order
    (a stable descending sort); a value sort puts -0.0 and 0.0 in either order.
    """
    if values.dtype.kind == "f":
        zero = np.flatnonzero(values == 0)
        if zero.shape[0]:
            last = y_score.shape[0] - 1 - int(np.argmax(y_score[::-1] == 0))
            values[zero[0]] = y_score[last]


def _descending_order(y_score, scores=True):
    """Indices that sort ``y_score`` in decreasing order, ties in input order, and the
    scores in that order.

    That is scikit-learn's stable descending sort, so weighted sums are added in its
    order and each tie group's threshold is its last row, as in scikit-learn.

    NumPy sorts values several times faster than it sorts indices, so the order comes
    from a value sort of 64-bit keys holding the score's leading bits above the row's
    position. float32 scores fit whole. For float64 the keys hold the leading bits of
    an order-preserving map of the score: sign, exponent and 28 to 40 bits of
    mantissa, depending on ``n``. Two scores sharing those bits can come out in position order
    instead of score order; they are found by reading the scores back in the sorted
    order (which the caller usually needs anyway) and re-sorted within their runs,
    usually a few hundred rows. Other dtypes, and inputs where that repair would be
    large, take NumPy's argsort. ``scores=False``: the scores come back as None when
    no two keys share their leading bits (every score distinct, already in order).
    """
    order, descending, _ = _descending_order_and_buffer(y_score, scores)
    return order, descending


def _descending_order_and_buffer(y_score, scores=True):
    """:func:`_descending_order`, and the n 64-bit sort keys' buffer, free now for
    the caller to write over (None where NumPy's argsort gave the order).

    ``scores=False``: the scores in order are returned as None when the keys alone
    show every score distinct. Keys whose leading bits differ order their scores
    strictly, so the order needs no reading back of the scores to check it.

    """
    n = y_score.shape[0]
    if y_score.dtype == np.float32 and n < 2**32:
        key = _ordered_bits32(y_score).astype(np.uint64)
        key <<= np.uint64(32)
        order = _order_from_keys(key, 32, n)
        return order, y_score[order], key
    if y_score.dtype == np.float64 and 1 < n < 2**40:
        position_bits = int(n - 1).bit_length()
        key = _score_keys64(y_score, position_bits)
        order = _order_from_keys(key, position_bits, n)
        shift = position_bits
        if not scores:
            key >>= np.uint64(position_bits)  # the scores' leading bits, ascending
            shift = 0
            if _order_distinct_scores(order, key, y_score):
                return order, None, key
        repaired = _repair_truncated(order, key, y_score, shift)
        if repaired is not None:
            return (*repaired, key)
    order = _argsort_descending(y_score)
    return order, y_score[order], None


def _score_keys64(y_score, position_bits, out=None):
    """Sort keys of float64 scores with their low ``position_bits`` bits zero: each
    score's order-preserving bits less the smallest score's, their leading bits moved
    up to just below the two top bits.

    Measured from the smallest score and cut at the span's leading bit, the keys keep
    every bit that tells the scores apart: with 1e7 scores in (0, 1.3), 7 bits more
    than the scores' own bits cut at the sign, and about 120 times fewer rows that
    only the costly repair of :func:`_repair_truncated` can order. ``out``: n uint64
    to hold the keys.
    """
    low, high = y_score.min(), y_score.max()
    if low >= 0:
        # The bits of non-negative doubles order as the values do; -0.0, the one such
        # score with its sign bit set, is 0.0 without it.
        if low > 0:
            base = int(low.view(np.uint64))
            key = np.subtract(y_score.view(np.uint64), np.uint64(base), out=out)
        else:
            base = 0
            key = np.bitwise_and(y_score.view(np.uint64), np.uint64(0x7FFFFFFFFFFFFFFF),
                                 out=out)
        span = int(high.view(np.uint64)) - base
    else:
        key = _ordered_bits64(y_score, out)
        base, top = (int(b) for b in _ordered_bits64(np.array([low, high])))
        key -= np.uint64(base)
        span = top - base
    drop = max(span.bit_length() - (62 - position_bits), 0)
    # key >> drop << position_bits, as two shifts in place.
    if drop:
        key >>= np.uint64(drop)
    key <<= np.uint64(position_bits)
    return key


def _ordered_bits32(y_score):
    """uint32 keys of float32 scores ordering as the scores do, -0.0 equal to 0.0."""
    bits = y_score.view(np.uint32)
    # Flip every bit of negatives, only the sign bit of the others.
    flip = np.where(bits >> 31, np.uint32(0xFFFFFFFF), np.uint32(0x80000000))
    ordered = bits ^ flip
    ordered[y_score == 0] = np.uint32(0x80000000)
    return ordered


def _ordered_bits64(y_score, out=None):
    """uint64 keys of float64 scores ordering as the scores do, -0.0 equal to 0.0:
    the sign-and-magnitude bits as a two's-complement integer, its sign bit flipped.
    ``out``: uint64 to hold them."""
    signed = y_score.view(np.int64)
    key = np.bitwise_and(signed, np.int64(0x7FFFFFFFFFFFFFFF),
                         out=None if out is None else out.view(np.int64))
    sign = signed >> np.int64(63)  # -1 for negative scores and -0.0, else 0
    key ^= sign
    key -= sign
    del sign
    key = key.view(np.uint64)
    key ^= np.uint64(0x8000000000000000)
    return key


def _order_from_keys(key, position_bits, n):
    """Descending order of rows by ``key`` (its low ``position_bits`` zero; modified in
    place), ties in input order: one value sort of ``key | reversed position``, read
    backwards."""
    positions = np.arange(n - 1, -1, -1, dtype=np.uint64)
    key |= positions
    key.sort()  # as integers: see _count_packed
    # The positions' buffer takes the order (one fresh n-element array fewer).
    order = np.bitwise_and(key[::-1], np.uint64((1 << position_bits) - 1),
                           out=positions).view(np.int64)
    np.subtract(n - 1, order, out=order)
    return order.view(np.intp) if np.intp is np.int64 else order.astype(np.intp)


def _order_distinct_scores(order, key, y_score):
    """Whether every score is distinct, ``order`` put in score order where the
    truncated scores ``key`` (sorted) tie, reading back only the scores of those rows.
    False (``order`` maybe repaired, still to be checked) when some scores tie or the
    ties of truncated scores are too many to read back."""
    n = order.shape[0]
    at = np.flatnonzero(np.equal(key[1:], key[:-1]))
    if at.shape[0] == 0:
        return True
    if at.shape[0] > n // 64:
        return False
    resorted = _resort_key_runs(order, key, y_score, 0, at)
    if resorted is None:
        return False
    _, values, run = resorted
    # Two rows can hold one score only inside a run of equal truncated scores.
    return not np.any((values[1:] == values[:-1]) & (run[1:] == run[:-1]))


def _repair_truncated(order, key, y_score, shift):
    """``order`` with rows whose truncated keys tie but whose scores differ put in
    score order, and the scores in that order; None when that would touch too many
    rows to be worth it. ``key``: the sorted keys, each row's
    truncated score shifted up by ``shift`` bits (0 once the position bits are shifted
    out)."""
    descending = y_score[order]
    misplaced = np.flatnonzero(descending[1:] > descending[:-1])
    if misplaced.shape[0] == 0:
        return order, descending
    n = order.shape[0]
    if misplaced.shape[0] > n // 64:
        return None
    # Descending position i is ascending position n - 1 - i.
    resorted = _resort_key_runs(order, key, y_score, shift, n - 1 - misplaced)
    if resorted is None:
        return None
    rows, values, _ = resorted
    descending[rows] = values
    return order, descending


def _resort_key_runs(order, key, y_score, shift, at):
    """Put in score order (then input order) the rows of ``order`` whose keys share
    their truncated score with the sorted key at any ascending position in ``at``.

    Returns the rows touched (as positions in ``order``, run after run), their scores
    and each one's run; None, leaving ``order`` alone, when the runs hold more than
    n / 16 rows.
    """
    n = order.shape[0]
    shift = np.uint64(shift)
    truncated = key[at] >> shift
    first = n - np.searchsorted(key, (truncated + np.uint64(1)) << shift)
    last = n - np.searchsorted(key, truncated << shift)  # one past, descending
    first, keep = np.unique(first, return_index=True)
    last = last[keep]
    length = last - first
    if length.sum() > n // 16:
        return None
    rows = np.repeat(first - np.cumsum(np.append(0, length[:-1])), length) + np.arange(
        length.sum())
    run = np.repeat(np.arange(first.shape[0]), length)
    position = order[rows]
    values = y_score[position]
    # Within each run: decreasing score, then input position.
    resorted = np.lexsort((position, -values, run))
    order[rows] = position[resorted]
    return rows, values[resorted], run


def _argsort_descending(y_score):
    """:func:`_descending_order` by NumPy's unstable argsort (much faster than its
    stable one), then a sort of the row indices inside each run of tied scores."""
    n = y_score.shape[0]
    order = np.argsort(y_score)[::-1]
    descending = y_score[order]
    tied = np.zeros(n, dtype=bool)  # tied[i]: row i of the sorted order equals row i + 1
    np.equal(descending[1:], descending[:-1], out=tied[:-1])
    del descending
    if not tied.any():
        return order
    order = order.copy()
    in_run = tied.copy()
    in_run[1:] |= tied[:-1]
    rows = np.flatnonzero(in_run)
    del in_run
    # Rows of a run after its first are those whose predecessor ties with them.
    continues = tied[rows - 1]
    continues[rows == 0] = False
    del tied
    key = np.cumsum(~continues, dtype=np.int64)  # run number of each tied row
    del continues
    key *= n
    key += order[rows]  # run first, then input position
    key.sort()
    np.remainder(key, n, out=key)
    order[rows] = key
    return order

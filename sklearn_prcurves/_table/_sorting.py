"""The NumPy specialisations of the counting kernel: sorting values, not indices.

:func:`~sklearn_prcurves._table._counts.count_in_namespace` is the kernel: one stable sort,
running sums of the labels, the rows where the score changes. For NumPy arrays the
functions here build the same table faster, because NumPy sorts values several times
faster than it sorts indices (``np.argsort``):

- unweighted non-negative float scores (probabilities): one value sort of keys holding
  the score's bits above the row's label gives the distinct scores and the positives
  per score together (:func:`_count_packed`);
- other unweighted scores: one sort of the scores and one of the smaller class, the
  counts found by binary search (:func:`_count_unweighted`);
- weighted rows: their order from a value sort of keys holding the score's leading
  bits above the row's position, rows whose scores share those bits re-sorted after
  (:func:`descending_order`), then the weights summed in scikit-learn's row order.

The counts are exact integers at any ``n``, whatever the scores' dtype, and weighted
counts the same floats as scikit-learn's. ``docs/internals.rst`` gives the benchmark
row behind each.
"""

from __future__ import annotations

import sys

import numpy as np

from ._count_table import BLOCK, CountTable, cumsum_into, exact_sums, run_starts, running_dtype

__all__ = [
    "count_numpy_unweighted",
    "count_numpy_weighted",
    "count_table_in_score_order",
    "count_table_with_groups",
    "score_order",
    "table_in_score_order",
]


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


def count_numpy_unweighted(is_pos, y_score):
    packs, negative_zero = _packs_with_label(y_score)
    if packs:
        table = _count_packed(is_pos, y_score, negative_zero)
        if table is not None:
            return table
    n = y_score.shape[0]
    ascending = np.sort(y_score)
    starts = run_starts(ascending)  # also the number of rows strictly below each value
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
    The keys are sorted as integers: as doubles, the keys of zero and subnormal
    scores are subnormal doubles, which flush-to-zero modes compare as equal.
    """
    n = y_score.shape[0]
    if y_score.dtype == np.float64:
        keys = y_score.view(np.uint64) << np.uint64(1)
    else:
        # float32: 31 bits of score and the label fit a 32-bit key, which sorts in
        # half the time of a 64-bit one.
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
        # Many (float32 probabilities: most scores distinct, some tied): the searches
        # would cost log n each; one running count of the label bits, read at the
        # runs' ends, gives the counts directly.
        if sys.byteorder == "little":
            labels = keys.view(np.uint8)[::keys.itemsize] & np.uint8(1)
        else:  # pragma: no cover - big-endian machines
            labels = (keys & one).astype(np.uint8)
        running = cumsum_into(labels, np.empty(n, dtype=running_dtype(n)))
        tps, fps = _counts_from_below(running[ends], ends, n)
        del running
        # The thresholds are decoded when first read (the areas never read them).
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


def count_numpy_weighted(is_pos, y_score, sample_weight, ties_by_weight=False):
    # Accumulate row by row in decreasing score order, as scikit-learn does, so that
    # the weighted sums are the same floats as scikit-learn's, ties included. Products
    # with the 0/1 labels, as there, keep the sign of a zero (0 * -w is -0.0).
    # ``ties_by_weight`` (the package's own measures): a tie's rows in decreasing
    # weight instead of input order, so that no sum depends on the order of the rows.
    order, descending, spare = _descending_order_and_buffer(y_score)
    if ties_by_weight and not exact_sums(np.asarray(sample_weight)):
        _ties_in_weight_order(order, descending, sample_weight)
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


def _ties_in_weight_order(order, descending, sample_weight):
    """Reorder ``order`` in place so that each run of tied scores (``descending``, the
    scores in that order) holds its rows in decreasing weight: its running sums are
    then the same floats whatever the order the rows came in (rows of equal weight may
    swap: the same values in the same order)."""
    starts = np.empty(descending.shape[0], dtype=bool)
    starts[:1] = True
    np.not_equal(descending[1:], descending[:-1], out=starts[1:])
    if starts.all():
        return
    run = np.cumsum(starts) - 1
    tied = np.bincount(run)[run] > 1  # (rows of runs of two or more)
    rows, runs = order[tied], run[tied]
    weight = np.asarray(sample_weight)[rows]
    rank_bits = max(int(rows.shape[0] - 1).bit_length(), 1)
    if rank_bits + max(int(runs[-1]).bit_length(), 1) > 63:
        order[tied] = rows[np.lexsort((-weight, runs))]
        return
    # One value sort of packed keys (run, rank of the weight): a lexsort of the two
    # took 4.5 times as long at 1e6 tied rows.
    by_weight = descending_order(weight, scores=False)[0]
    key = np.empty(rows.shape[0], dtype=np.int64)
    key[by_weight] = np.arange(rows.shape[0])
    key |= runs.astype(np.int64) << rank_bits
    key.sort()
    key &= (1 << rank_bits) - 1  # (each key's rank among the weights)
    order[tied] = rows[by_weight[key]]


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


def descending_order(y_score, scores=True):
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
    """:func:`descending_order`, and the n 64-bit sort keys' buffer, free now for
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
    """:func:`descending_order` by NumPy's unstable argsort (much faster than its
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

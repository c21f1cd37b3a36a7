"""The census plan of the cluster fronts (Dask, Spark): score ranges, and each range's
totals, read from one histogram of float32 scores.

A range's rows must reach one task, and its place on the curve needs the totals of the
ranges above it. For float32 scores (the usual model output) one pass can give both: a
histogram of the rows and weight of each class per bin of the leading
:data:`LEADING_BITS` bits of the score's ordered key (a million bins, sparse: the
occupied ones only). Ranges are cut at bin tops, so every range's totals are sums of
whole bins, and no pass over the data is needed for them. Dask computes the histogram
in its partitions (:func:`histogram`), Spark in its own column arithmetic; both read
the plan here.
"""

import numpy as np

__all__ = ["LEADING_BITS", "histogram", "histogram_plan", "key_values", "merged_histograms",
           "ordered_key"]

#: The ordered key's bits that make a histogram bin.
LEADING_BITS = 20


def ordered_key(values):
    """float32 values as uint32 keys in the same order (-0.0 taken as 0.0, as
    comparisons take it)."""
    bits = (values + np.float32(0)).view(np.uint32)
    return bits ^ ((bits.view(np.int32) >> 31).view(np.uint32) | np.uint32(1 << 31))


def histogram(is_pos, score, weight):
    """Rows and weight of float32 scores per bin and class, sparse: ``(slots, rows,
    weights)`` of the slots ``2 b + is_pos`` that hold rows, b the score's bin (the
    leading ``LEADING_BITS`` bits of its ordered key)."""
    slot = ordered_key(score) >> np.uint32(31 - LEADING_BITS)
    slot &= np.uint32(0xFFFFFFFE)
    slot |= is_pos
    rows = np.bincount(slot, minlength=2 << LEADING_BITS)
    where = np.flatnonzero(rows)
    weighed = rows if weight is None else np.bincount(slot, weight, 2 << LEADING_BITS)
    return where.astype(np.uint32), rows[where].astype(np.float64), weighed[where].astype(
        np.float64)


def merged_histograms(a, b):
    """Two histograms (:func:`histogram`) as one; None if either is None."""
    if a is None or b is None:
        return None
    slots = np.concatenate([a[0], b[0]])
    rows, weights = (np.bincount(slots, np.concatenate([a[k], b[k]]), 2 << LEADING_BITS)
                     for k in (1, 2))
    where = np.flatnonzero(rows)
    return where.astype(np.uint32), rows[where], weights[where]


def histogram_plan(histogram, n_ranges):
    """``(edges, totals)`` read from the data's histogram: edges at bin boundaries
    cutting ``n_ranges`` ranges of about equal rows, and each range's exact
    ``(positives, negatives, rows)``, so that no pass over the data is needed for the
    totals. None where a bin holds more than an eighth of a range's share of the rows
    (a heavily repeated score: the sample's plan gives it a range of its own)."""
    slots, rows, weights = histogram
    n_bins, shift = 1 << LEADING_BITS, np.uint32(32 - LEADING_BITS)
    bins, is_pos = slots >> np.uint32(1), (slots & np.uint32(1)).astype(bool)
    bin_rows = np.bincount(bins, rows, n_bins)
    filled = np.flatnonzero(bin_rows)
    cumulative = np.cumsum(bin_rows)
    if filled.shape[0] == 0 or bin_rows.max() > cumulative[-1] / n_ranges / 8:
        return None
    targets = cumulative[-1] * np.arange(1, n_ranges) / n_ranges
    # Each range's last bin: where the running rows reach the range's share.
    last = np.unique(np.searchsorted(cumulative, targets, side="left"))
    last = last[last < filled[-1]].astype(np.uint32)
    top = (last << shift) | np.uint32((1 << int(shift)) - 1)
    # (The top of the bin below zero is -0.0, which compares as 0.0: its largest
    # negative float instead; scores of -0.0 are 0.0's bin.)
    top[top == np.uint32(0x7FFFFFFF)] = 0x7FFFFFFE
    edges = key_values(top)
    n_split = last.shape[0] + 1
    which = np.searchsorted(last, bins, side="left")
    totals = np.column_stack([
        np.bincount(which[is_pos], weights[is_pos], n_split),
        np.bincount(which[~is_pos], weights[~is_pos], n_split),
        np.bincount(which, rows, n_split),
    ])
    # Each filled bin's lowest and highest score lie in its range by the comparisons
    # the partitions make (edges[r-1] < s <= edges[r]).
    low = filled.astype(np.uint32) << shift
    keys = np.concatenate([low, low | np.uint32((1 << int(shift)) - 1)])
    keys = keys[keys != np.uint32(0x7FFFFFFF)]  # (-0.0: never a score's key)
    values = key_values(keys)
    finite = np.isfinite(values)
    expected = np.searchsorted(last, keys >> shift, side="left")
    if not np.array_equal(np.searchsorted(edges, values[finite], side="left"),
                          expected[finite]):
        return None
    return edges, totals


def key_values(keys):
    """The float32 values of ordered keys (:func:`_ordered_key`'s inverse)."""
    keys = keys.astype(np.uint32)
    positive = (keys & np.uint32(1 << 31)) != 0
    return np.where(positive, keys ^ np.uint32(1 << 31), ~keys).astype(np.uint32).view(
        np.float32)

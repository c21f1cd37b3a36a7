"""The counting kernel: labels, scores and weights -> a small table of counts.

Every curve, area, hull and scorer in the package starts from a :class:`CountTable`:
the distinct scores in decreasing order with the (weighted) number of positives and
negatives holding each score. Because ties are grouped once, here, by exact equality
in the input dtype (as scikit-learn groups them), every function agrees on ties and
weights. Tables built from disjoint chunks merge into the table of their union.

Speed. Sorting values is several times faster than sorting indices (``np.argsort``)
and the unweighted table needs no indices at all: one sort of all scores gives the
distinct scores and the rows per score, one sort of the smaller class gives, by
binary search, how many of its rows are at or below each distinct score. The counts
are then exact integers at any ``n``, whatever the dtype of the scores. Weighted rows
need their weights carried along, so that path sorts an order (a packed 64-bit key for
scores of 32 bits or less, which NumPy sorts as values; ``np.argsort`` otherwise).
"""

import numpy as np

__all__ = ["CountTable", "count_table"]


class CountTable:
    """Weighted positives and negatives per distinct score.

    Parameters
    ----------
    thresholds : ndarray of shape (n_thresholds,)
        Distinct scores, strictly decreasing.
    pos : ndarray of shape (n_thresholds,)
        Total weight (count when unweighted, as int64) of positives at each score.
    neg : ndarray of shape (n_thresholds,)
        Total weight of negatives at each score.
    """

    __slots__ = ("thresholds", "pos", "neg")

    def __init__(self, thresholds, pos, neg):
        self.thresholds = thresholds
        self.pos = pos
        self.neg = neg

    def __len__(self):
        return self.thresholds.shape[0]

    def __repr__(self):
        return (
            f"CountTable(n_thresholds={len(self)}, n_pos={self.n_pos!r}, "
            f"n_neg={self.n_neg!r})"
        )

    @property
    def n_pos(self):
        """Total weight of positives (P)."""
        return self.pos.sum()

    @property
    def n_neg(self):
        """Total weight of negatives (N)."""
        return self.neg.sum()

    def cumulative(self):
        """``(tps, fps)``: float64 weight of positives and negatives scoring >= each threshold."""
        return (
            np.cumsum(self.pos).astype(np.float64, copy=False),
            np.cumsum(self.neg).astype(np.float64, copy=False),
        )

    def merge(self, other):
        """The table of the union of the rows behind ``self`` and ``other``."""
        thresholds = np.concatenate([self.thresholds, other.thresholds])
        order = np.argsort(thresholds, kind="stable")
        return _sum_runs(
            thresholds[order],
            np.concatenate([self.pos, other.pos])[order],
            np.concatenate([self.neg, other.neg])[order],
        )


def count_table(is_pos, y_score, sample_weight=None):
    """Build the :class:`CountTable` of validated inputs.

    Parameters
    ----------
    is_pos : ndarray of bool, shape (n_samples,)
        True for positive rows.
    y_score : ndarray of shape (n_samples,)
        Finite scores; higher means more positive.
    sample_weight : ndarray of shape (n_samples,), default=None
        Weights with no zeros (remove zero-weight rows first).

    Returns
    -------
    table : CountTable
    """
    if y_score.shape[0] == 0:
        raise ValueError(
            "No sample with non-zero weight: the curve needs at least one sample."
        )
    if sample_weight is None:
        return _count_unweighted(is_pos, y_score)
    return _count_weighted(is_pos, y_score, sample_weight)


def _count_unweighted(is_pos, y_score):
    n = y_score.shape[0]
    ascending = np.sort(y_score)
    # exclusive end of each run of equal scores
    ends = np.flatnonzero(ascending[1:] != ascending[:-1])
    ends += 1
    ends = np.append(ends, n)
    values = ascending[ends - 1]
    del ascending

    n_pos = np.count_nonzero(is_pos)
    minority_is_pos = n_pos <= n - n_pos
    minority = y_score[is_pos] if minority_is_pos else y_score[~is_pos]
    minority.sort()
    minority_at_or_below = np.searchsorted(minority, values, side="right")

    rows = np.diff(ends, prepend=0)
    minority_rows = np.diff(minority_at_or_below, prepend=0)
    majority_rows = rows - minority_rows
    pos, neg = (
        (minority_rows, majority_rows) if minority_is_pos else (majority_rows, minority_rows)
    )
    return CountTable(values[::-1], pos[::-1].astype(np.int64), neg[::-1].astype(np.int64))


def _count_weighted(is_pos, y_score, sample_weight):
    order = _ascending_order(y_score)
    weight = np.asarray(sample_weight, dtype=np.float64)[order]
    pos_weight = np.where(is_pos[order], weight, 0.0)
    return _sum_runs(y_score[order], pos_weight, weight - pos_weight)


def _sum_runs(ascending, pos, neg):
    """Sum ``pos`` and ``neg`` over runs of equal values of ``ascending``."""
    starts = np.flatnonzero(ascending[1:] != ascending[:-1])
    starts += 1
    starts = np.concatenate([[0], starts])
    return CountTable(
        ascending[starts][::-1],
        np.add.reduceat(pos, starts)[::-1],
        np.add.reduceat(neg, starts)[::-1],
    )


def _ascending_order(y_score):
    """Indices that sort ``y_score``; a value sort of packed keys when they fit."""
    n = y_score.shape[0]
    if y_score.dtype == np.float32 and n < 2**32:
        bits = y_score.view(np.uint32)
        # Order-preserving map of IEEE-754 bits: flip every bit of negatives, only the
        # sign bit of the others.
        flip = np.where(bits >> 31, np.uint32(0xFFFFFFFF), np.uint32(0x80000000))
        key = (bits ^ flip).astype(np.uint64)
        key <<= np.uint64(32)
        key |= np.arange(n, dtype=np.uint64)
        key.sort()
        return (key & np.uint64(0xFFFFFFFF)).astype(np.intp)
    return np.argsort(y_score)

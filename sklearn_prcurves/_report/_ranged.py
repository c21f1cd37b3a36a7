"""An exact count table held as consecutive score ranges, so that no step of a long
stream needs temporaries the size of the whole table.

Each batch is counted by the kernel, and its table is cut at the range edges; each
range merges its pieces like :class:`~sklearn_prcurves.ExactSummary` (a binary
counter). A range that grows past ``cap`` distinct scores is split at its median
score, so merges stay small whatever the order of the input (sorted files included).

The ranges are then measured as a table held in pieces
(:class:`~sklearn_prcurves._distributed.RangesHere`), by the same arithmetic as the
clusters' ranges. When the whole table is one range (fewer than ``cap`` distinct
scores) the caller uses the library's own functions on it, and every number is the
library's to the last bit; with several ranges the sums are taken piece by piece and
agree to rounding (about 1e-15 relative), and the best thresholds (KS, F1, operating
points) are decided by the library's exact rules on the few rows that can be them.
"""

import numpy as np

from .._summary import ExactSummary
from .._table import CountTable

__all__ = ["RangeStream", "piece_components", "piece_delong"]

# Distinct scores per range before it is split: a merge of two such ranges needs a
# few hundred MB at most.
RANGE_CAP = 1 << 21


class RangeStream:
    """The counting table of a stream, as ranges of decreasing score."""

    def __init__(self, cap=None):
        self.cap = RANGE_CAP if cap is None else cap
        # lowers[j]: range j holds scores >= lowers[j] (and < lowers[j - 1]); the last
        # range's lower bound is -inf and is not stored.
        self.lowers = []
        self.ranges = [ExactSummary()]
        self.sizes = [0]

    def add_table(self, table):
        """Add a batch's :class:`CountTable` (thresholds decreasing)."""
        if len(table) == 0:
            return self
        if self.lowers:
            ascending = table.thresholds[::-1]
            above = ascending.shape[0] - np.searchsorted(ascending, np.array(self.lowers),
                                                          side="left")
            cuts = [0, *above.tolist(), ascending.shape[0]]
        else:
            cuts = [0, len(table)]
        # Last range first: splitting range j renumbers only the ranges after it.
        for j in reversed(range(len(cuts) - 1)):
            if cuts[j + 1] > cuts[j]:
                self._add(j, _slice(table, cuts[j], cuts[j + 1]))
        return self

    def _add(self, j, piece):
        self.ranges[j].add_table(piece)
        self.sizes[j] += len(piece)
        if self.sizes[j] <= self.cap:
            return
        table = self.ranges[j].table_
        self.sizes[j] = len(table)
        if len(table) <= self.cap // 2:
            return
        middle = len(table) // 2
        upper, lower = ExactSummary(), ExactSummary()
        upper.add_table(_slice(table, 0, middle))
        lower.add_table(_slice(table, middle, len(table)))
        self.ranges[j:j + 1] = [upper, lower]
        self.sizes[j:j + 1] = [middle, len(table) - middle]
        self.lowers.insert(j, table.thresholds[middle - 1])

    def pieces(self):
        """The non-empty ranges' tables, highest scores first."""
        out = []
        for summary in self.ranges:
            table = summary.table_
            if table is not None and len(table):
                out.append(table)
        return out

    def absorb(self, other):
        """Add another stream's table to this one, in place (parts read apart, merged
        as they come: re-adding both streams at each merge made the merges of many
        parts quadratic)."""
        for table in other.pieces():
            self.add_table(table)
        return self


def _slice(table, start, stop):
    """Rows ``start:stop`` of a table as a table of their own."""
    tps, fps = table.tps[start:stop], table.fps[start:stop]
    if start:
        tps, fps = tps - table.tps[start - 1], fps - table.fps[start - 1]
    return CountTable(table.thresholds[start:stop], tps, fps)


def piece_delong(path, auc):  # (path: a RangesHere)
    """DeLong's variance over the pieces: ``S10 / P + S01 / N``."""
    n_pos, n_neg = path.n_pos, path.n_neg
    s10 = s01 = 0.0
    for piece, (tp0, fp0) in zip(path.tables, path._offsets):
        pos, neg = piece.pos, piece.neg
        v10 = (n_neg - (fp0 + piece.fps) + neg / 2) / n_neg
        v01 = (tp0 + piece.tps - pos / 2) / n_pos
        s10 += float(np.sum(pos * (v10 - auc) ** 2))
        s01 += float(np.sum(neg * (v01 - auc) ** 2))
    return s10 / (n_pos - 1) / n_pos + s01 / (n_neg - 1) / n_neg


def piece_components(path, auc):
    """Per piece, DeLong's centred components ``(thresholds, v10 - auc, v01 - auc)``."""
    n_pos, n_neg = path.n_pos, path.n_neg
    out = []
    for piece, (tp0, fp0) in zip(path.tables, path._offsets):
        pos, neg = piece.pos, piece.neg
        v10 = (n_neg - (fp0 + piece.fps) + neg / 2) / n_neg - auc
        v01 = (tp0 + piece.tps - pos / 2) / n_pos - auc
        out.append((piece.thresholds, v10, v01))
    return out


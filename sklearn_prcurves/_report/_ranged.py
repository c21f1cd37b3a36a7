"""An exact count table held as consecutive score ranges, so that no step of a long
stream needs temporaries the size of the whole table.

Each batch is counted by the kernel, and its table is cut at the range edges; each
range merges its pieces like :class:`~sklearn_prcurves.ExactSummary` (a binary
counter). A range that grows past ``cap`` distinct scores is split at its median
score, so merges stay small whatever the order of the input (sorted files included).

The measures are then computed piece by piece, in decreasing score order, each piece
carrying the counts of the pieces above it: the same arithmetic as the Dask path's
ranges. When the whole table is one range (fewer than ``cap`` distinct scores) the
caller uses the library's own functions on it, and every number is the library's to
the last bit; with several ranges the sums are taken piece by piece and agree to
rounding (about 1e-15 relative), and the best thresholds (KS, F1, operating points) are
decided by the library's exact rules on the few rows that can be them
(:func:`piece_candidates`).
"""

import numpy as np

from .._counts import CountTable
from .._exact import best_sure_value, candidates_at_least, candidates_near
from .._hull import hull_vertices
from .._interpolation import path_area
from .._summary import ExactSummary

__all__ = ["Path", "RangedTable", "piece_candidates", "piece_components", "piece_delong",
           "piece_measures"]

# Distinct scores per range before it is split: a merge of two such ranges needs a
# few hundred MB at most.
RANGE_CAP = 1 << 21


class RangedTable:
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

    def merge(self, other):
        """The ranged table of both streams (used to combine parts read apart)."""
        merged = RangedTable(self.cap)
        for source in (self, other):
            for table in source.pieces():
                merged.add_table(table)
        return merged


def _slice(table, start, stop):
    """Rows ``start:stop`` of a table as a table of their own."""
    tps, fps = table.tps[start:stop], table.fps[start:stop]
    if start:
        tps, fps = tps - table.tps[start - 1], fps - table.fps[start - 1]
    return CountTable(table.thresholds[start:stop], tps, fps)


class Path:
    """The global path (with the origin) over a list of pieces, piece by piece."""

    def __init__(self, pieces):
        self.pieces = pieces
        tp_totals = np.array([p.n_pos for p in pieces])
        fp_totals = np.array([p.n_neg for p in pieces])
        self.tp_offsets = np.concatenate([[0.0], np.cumsum(tp_totals)])
        self.fp_offsets = np.concatenate([[0.0], np.cumsum(fp_totals)])
        self.n_pos, self.n_neg = float(self.tp_offsets[-1]), float(self.fp_offsets[-1])

    def __iter__(self):
        """``(tp, fp, thresholds)`` of each piece, starting at the previous piece's end."""
        for piece, tp0, fp0 in zip(self.pieces, self.tp_offsets, self.fp_offsets):
            yield (np.concatenate([[tp0], tp0 + piece.tps]),
                   np.concatenate([[fp0], fp0 + piece.fps]),
                   piece.thresholds)

    def hull(self):
        """``(tp, fp)`` of the ROC hull's vertices (the global hull's vertices are
        among the pieces' own)."""
        tps, fps = [np.zeros(1)], [np.zeros(1)]
        for tp, fp, _ in self:
            keep = hull_vertices(fp, tp)[1:]
            tps.append(tp[keep])
            fps.append(fp[keep])
        tp, fp = np.concatenate(tps), np.concatenate(fps)
        keep = hull_vertices(fp, tp)
        return tp[keep], fp[keep]


def piece_measures(path, hull):
    """The areas of a path over several pieces."""
    n_pos, n_neg = path.n_pos, path.n_neg
    roc = step = dg = continuous = 0.0
    for tp, fp, _ in path:
        roc += float(np.sum(np.diff(fp) * (tp[1:] + tp[:-1])))
        step += path_area(tp, fp, "step", n_pos=n_pos)
        dg += path_area(tp, fp, "davis-goadrich", n_pos=n_pos)
        continuous += path_area(tp, fp, "continuous", n_pos=n_pos)
    return {
        "auc_roc": roc / (2 * n_pos * n_neg),
        "average_precision": step,
        "auc_pr": dg,
        "auc_pr_continuous": continuous,
    }


def piece_candidates(path, values, constraint=None):
    """The rows of a path held in pieces that can answer "the best ``values(tp, fp)``
    among rows meeting ``values >= level``" (``constraint``: ``(measure(tp, fp),
    level)``, or None), as one :class:`CountTable` of those rows and the last one (the
    totals), for the library's table functions to decide exactly, ties and rounding
    included, as they decide on the whole table.

    Two passes over the pieces: the best surely feasible value, then the rows near it
    (:func:`~sklearn_prcurves._exact.candidates_near`); a few rows, whatever the
    table's length, except on a plateau of equal values.
    """
    def masks(tp, fp):
        v = values(tp, fp)
        if constraint is None:
            every = np.ones(v.shape, dtype=bool)
            return v, every, every
        measure, level = constraint
        return (v, *candidates_at_least(measure(tp, fp), level))

    top = -np.inf
    for tp, fp, _ in path:
        v, _, sure = masks(tp[1:], fp[1:])
        top = max(top, best_sure_value(v, sure))
    thresholds, tps, fps = [], [], []
    for tp, fp, piece_thresholds in path:
        tp, fp = tp[1:], fp[1:]
        v, possible, _ = masks(tp, fp)
        keep = candidates_near(v, possible, top)
        thresholds.append(piece_thresholds[keep])
        tps.append(tp[keep])
        fps.append(fp[keep])
    if not (keep.shape[0] and keep[-1]):  # the totals: the last piece's last row
        thresholds.append(piece_thresholds[-1:])
        tps.append(tp[-1:])
        fps.append(fp[-1:])
    return CountTable(np.concatenate(thresholds), np.concatenate(tps), np.concatenate(fps))


def piece_delong(path, auc):
    """DeLong's variance over the pieces: ``S10 / P + S01 / N``."""
    n_pos, n_neg = path.n_pos, path.n_neg
    s10 = s01 = 0.0
    for piece, tp0, fp0 in zip(path.pieces, path.tp_offsets, path.fp_offsets):
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
    for piece, tp0, fp0 in zip(path.pieces, path.tp_offsets, path.fp_offsets):
        pos, neg = piece.pos, piece.neg
        v10 = (n_neg - (fp0 + piece.fps) + neg / 2) / n_neg - auc
        v01 = (tp0 + piece.tps - pos / 2) / n_pos - auc
        out.append((piece.thresholds, v10, v01))
    return out


"""What the cluster back-ends (Dask, Spark) share: a counting table held as score ranges.

A cluster cannot hold the whole counting table in one process, so the score axis is
cut into ranges and each range's table (the counting kernel run on that range's rows)
stays where it was counted. The client only ever receives per-range totals, from which
it computes where each range's piece of the global curve starts, and then each range's
small result: a partial area (the areas of consecutive pieces of a curve add up to the
area of the whole curve), the vertices of the piece's convex hull (the global hull's
vertices are among them), or a best statistic. :class:`RangedTable` holds that logic;
a back-end supplies only :meth:`RangedTable._pieces`, which evaluates
:func:`range_piece` on every range where it lives.

References
----------
J. Davis and M. Goadrich, "The Relationship Between Precision-Recall and ROC Curves",
ICML 2006.
"""

import numpy as np

from .._base._validation import check_range, check_running_total
from .._measures._bounds import table_normalized_pr_auc
from .._measures._hull import achievable_area, hull_vertices
from .._measures._interpolation import check_options, path_area, path_points
from .._measures._lift import ks_fields
from .._measures._partial import path_partial_roc_area
from .._metrics._auc import table_average_precision
from .._metrics._roc_auc import normalized_trapezoid, table_roc_auc
from .._table._count_table import CountTable
from .._table._exact import best_sure_value, candidates_at_least, candidates_near

__all__ = ["RangedTable", "RangesHere", "check_mode", "range_piece", "range_totals"]


def check_mode(mode, interpolation="davis-goadrich", leading_negatives="interpolate"):
    if mode not in ("exact", "binned"):
        raise ValueError(f"mode must be 'exact' or 'binned'; got {mode!r}.")
    check_options(interpolation, leading_negatives)


def range_totals(table):
    """``(positives, negatives, distinct scores)`` of one range's table (None: empty)."""
    return (0.0, 0.0, 0) if table is None else (table.n_pos, table.n_neg, len(table))


def _global_path_piece(table, tp_offset, fp_offset, rows=slice(None)):
    """The piece of the global path of the range's ``rows`` (a slice of its table),
    starting where the rows above end."""
    tps, fps, start = table.tps, table.fps, rows.start or 0
    first = (tp_offset + tps[start - 1], fp_offset + fps[start - 1]) if start else (
        tp_offset, fp_offset)
    # (the top range adds nothing: a copy the less)
    tp = np.concatenate([[first[0]], tp_offset + tps[rows] if tp_offset else tps[rows]])
    fp = np.concatenate([[first[1]], fp_offset + fps[rows] if fp_offset else fps[rows]])
    return tp, fp


def range_piece(table, path, n_pos, n_neg, what, options, rows=slice(None)):
    """One range's share of a measure of the whole table (see :class:`RangedTable`),
    read from the ``rows`` of its table, whose piece of the global path is ``path``
    (:func:`_global_path_piece`)."""
    if table is None:
        if what == "ks":
            return np.zeros(0), np.zeros(0), np.zeros(0)
        return 0.0 if what != "hull" else (np.zeros(0), np.zeros(0), np.zeros(0))
    tp, fp = path
    if what == "roc":
        return normalized_trapezoid(tp, fp, n_pos, n_neg)
    if what == "hull":
        keep = hull_vertices(fp, tp)[1:]  # the piece's first point is the one above's
        thresholds = table.thresholds[rows.start or 0:][keep - 1]
        return tp[keep], fp[keep], thresholds.astype(np.float64)
    if what == "ks":
        # The rows that can hold the best gap (near this range's best: the global best
        # is no lower), and the range's last row (the last range's: the totals).
        gap = tp[1:] / n_pos - fp[1:] / n_neg
        every = np.ones(gap.shape, dtype=bool)
        keep = candidates_near(gap, every, best_sure_value(gap, every))
        keep[-1] = True
        return tp[1:][keep], fp[1:][keep], table.thresholds[rows][keep]
    if what == "partial_roc":
        return path_partial_roc_area(fp / n_neg, tp / n_pos, options["fpr_range"],
                                     options["tpr_range"])
    if what == "achievable":
        return achievable_area(tp, fp, options["interpolation"], options["hull"], n_pos)
    if what == "pr":
        return path_area(tp, fp, options["interpolation"], options["leading_negatives"],
                         n_pos=n_pos)
    raise ValueError(f"unknown range measure {what!r}")


#: Rows of a range's table that one reading takes at a time: its temporaries (a few
#: float64 arrays that long) then stay small beside a range of millions of scores.
READ_BLOCK = 1 << 20


def range_pieces(table, offsets, n_pos, n_neg, requests):
    """Every request ``(what, options)`` evaluated on one range: what a back-end's task
    computes. ``offsets`` is the range's ``(tp_offset, fp_offset)``. A long table is
    read in blocks of rows, each a piece of the range as the range is of the curve;
    each block's path is built once for all the requests."""
    if table is None:
        return [range_piece(None, None, n_pos, n_neg, what, options)
                for what, options in requests]
    whole = (len(table) <= READ_BLOCK and offsets[0] == offsets[1] == 0
             and (table.n_pos, table.n_neg) == (n_pos, n_neg))
    blocks = []
    for start in range(0, max(len(table), 1), READ_BLOCK):
        rows = slice(start, start + READ_BLOCK)
        path = _global_path_piece(table, offsets[0], offsets[1], rows)
        blocks.append([_whole_table_piece(table, path, what, options) if whole else
                       range_piece(table, path, n_pos, n_neg, what, options, rows)
                       for what, options in requests])
    if len(blocks) == 1:
        return blocks[0]
    return [_joined([pieces[i] for pieces in blocks]) for i in range(len(requests))]


def _whole_table_piece(table, path, what, options):
    """A range that is the whole table: the drop-ins' own floats where their sums
    differ from the rates-first pieces' in the last bit (AUC-ROC, average precision)."""
    if what == "roc":
        return table_roc_auc(table)
    if what == "pr" and options["interpolation"] == "step":
        return table_average_precision(table)
    if what == "ks":  # (every row a candidate: the exact rule decides on all of them)
        return table.tps, table.fps, table.thresholds
    return range_piece(table, path, table.n_pos, table.n_neg, what, options)


def _joined(pieces):
    """One range's piece from its blocks': areas add, vertices and candidates join."""
    if isinstance(pieces[0], tuple):
        return tuple(np.concatenate(parts) for parts in zip(*pieces))
    return float(np.sum(pieces))


class RangedTable:
    """The counting table held as score ranges (decreasing), measured piece by piece.

    Subclasses hold the ranges where they were counted and implement
    :meth:`_pieces`. ``totals`` has one row ``(positives, negatives, distinct scores)``
    per range, in decreasing score order.

    Held in one range, its areas are the in-memory functions' floats (the same reading
    of the same table). In several, each range's share is summed after the ranges
    before it, so an area agrees with the one-shot value to its rounding, not to the
    bit: within 1e-12 relative in the tests (``tests/test_distributed.py``), a few
    units in the last place on random tables.

    Attributes
    ----------
    n_pos, n_neg : float
        Total weight of positives and negatives.
    n_ranges : int
        Number of score ranges.
    largest_range : int
        Distinct scores in the largest range: no process holds more of the table.
    """

    def __init__(self, totals):
        totals = np.asarray(totals, dtype=float).reshape(-1, 3)
        with np.errstate(over="ignore", invalid="ignore"):
            check_running_total(float(totals[:, :2].sum()), "the totals of the ranges")
        self.n_pos, self.n_neg = float(totals[:, 0].sum()), float(totals[:, 1].sum())
        if self.n_pos <= 0 or self.n_neg <= 0:
            raise ValueError(
                "Only one class is present in y_true: this needs both positives and "
                "negatives."
            )
        self.n_ranges = totals.shape[0]
        self.largest_range = int(totals[:, 2].max())
        self._offsets = np.column_stack([
            np.concatenate([[0.0], np.cumsum(totals[:, 0])[:-1]]),
            np.concatenate([[0.0], np.cumsum(totals[:, 1])[:-1]]),
        ])

    def __repr__(self):
        return (f"{type(self).__name__}(n_pos={self.n_pos!r}, n_neg={self.n_neg!r}, "
                f"n_ranges={self.n_ranges}, largest_range={self.largest_range})")

    @property
    def offsets(self):
        """``(positives, negatives)`` above each range (decreasing scores): where its
        piece of the curve starts, shape ``(n_ranges, 2)``."""
        return self._offsets

    def _pieces(self, requests):
        """For each range (decreasing scores), the list of :func:`range_piece` results
        of ``requests``, a list of ``(what, options)``."""
        raise NotImplementedError

    def _piece_list(self, what, **options):
        return [pieces[0] for pieces in self._pieces([(what, options)])]

    def roc_auc(self):
        """AUC-ROC, as :func:`sklearn_prcurves.roc_auc_score`."""
        return float(np.sum(self._piece_list("roc")))

    def pr_auc(self, interpolation="davis-goadrich", leading_negatives="interpolate"):
        """Interpolated AUC-PR, as :func:`sklearn_prcurves.pr_auc_score`."""
        check_options(interpolation, leading_negatives)
        return float(np.sum(self._piece_list(
            "pr", interpolation=interpolation, leading_negatives=leading_negatives)))

    def average_precision(self):
        """Average precision, as :func:`sklearn_prcurves.average_precision_score`."""
        return self.pr_auc("step")

    def achievable_pr_auc(self, interpolation="davis-goadrich"):
        """Area under the achievable PR curve, as
        :func:`sklearn_prcurves.achievable_pr_auc_score`."""
        check_options(interpolation)
        tp, fp, _ = self._hull_path()
        if interpolation in ("davis-goadrich", "continuous"):
            return path_area(tp, fp, interpolation)
        # Step and linear read the hull at every recall of the raw path, piece by piece.
        return float(np.sum(self._piece_list("achievable", interpolation=interpolation,
                                             hull=(tp, fp))))

    def normalized_pr_auc(self, interpolation="davis-goadrich"):
        """Boyd et al.'s normalised AUC-PR, as
        :func:`sklearn_prcurves.normalized_pr_auc_score`."""
        return table_normalized_pr_auc(self, self.pr_auc(interpolation), interpolation)

    def ks_statistic(self):
        """``(statistic, threshold)`` of the Kolmogorov-Smirnov statistic, as
        :func:`sklearn_prcurves.ks_statistic` (ties: the highest threshold)."""
        # Each range's candidate rows, decided by the library's exact rule.
        tps, fps, thresholds = (np.concatenate(rows)
                                for rows in zip(*self._piece_list("ks")))
        ks = ks_fields(CountTable(thresholds, tps, fps))
        return ks["statistic"], ks["threshold"]

    def partial_roc_auc(self, fpr_range=(0.0, 1.0), tpr_range=(0.0, 1.0)):
        """Partial area under the ROC curve (not standardised), as
        :func:`sklearn_prcurves.partial_roc_auc_score`."""
        return float(np.sum(self._piece_list(
            "partial_roc", fpr_range=check_range(fpr_range, "fpr_range"),
            tpr_range=check_range(tpr_range, "tpr_range"))))

    def roc_convex_hull(self):
        """``(fpr, tpr, thresholds)`` of the hull's vertices, as
        :func:`sklearn_prcurves.roc_convex_hull` (a few points, whatever the data)."""
        tp, fp, thresholds = self._hull_path()
        return fp / self.n_neg, tp / self.n_pos, thresholds

    def achievable_pr_curve(self, interpolation="davis-goadrich"):
        """``(precision, recall, thresholds)``, as
        :func:`sklearn_prcurves.achievable_pr_curve`."""
        check_options(interpolation)
        return path_points(*self._hull_path(), interpolation)

    def scores(self):
        """The main figures in one evaluation of the ranges: a dict with ``roc_auc``,
        ``average_precision``, ``pr_auc`` (Davis-Goadrich), ``pr_auc_continuous``,
        ``achievable_pr_auc`` (Davis-Goadrich) and ``roc_convex_hull_auc``."""
        return self.scores_and_hull()[0]

    def scores_and_hull(self):
        """:meth:`scores`, and ``(tp, fp, thresholds)`` of the hull's vertices."""
        requests = [
            ("roc", {}),
            ("pr", {"interpolation": "step", "leading_negatives": "interpolate"}),
            ("pr", {"interpolation": "davis-goadrich", "leading_negatives": "interpolate"}),
            ("pr", {"interpolation": "continuous", "leading_negatives": "interpolate"}),
            ("hull", {}),
        ]
        pieces = self._pieces(requests)
        sums = [float(np.sum([p[i] for p in pieces])) for i in range(4)]
        tp, fp, thresholds = self._hull_from([p[4] for p in pieces])
        hull_auc = normalized_trapezoid(tp, fp, self.n_pos, self.n_neg)
        return {
            "roc_auc": sums[0],
            "average_precision": sums[1],
            "pr_auc": sums[2],
            "pr_auc_continuous": sums[3],
            "achievable_pr_auc": path_area(tp, fp, "davis-goadrich"),
            "roc_convex_hull_auc": hull_auc,
        }, (tp, fp, thresholds)

    def _hull_path(self):
        return self._hull_from(self._piece_list("hull"))

    @staticmethod
    def _hull_from(pieces):
        """The path through the global hull's vertices, which are among the pieces'."""
        tp = np.concatenate([[0.0], *[p[0] for p in pieces]])
        fp = np.concatenate([[0.0], *[p[1] for p in pieces]])
        thresholds = np.concatenate([[np.inf], *[p[2] for p in pieces]])
        keep = hull_vertices(fp, tp)
        return tp[keep], fp[keep], thresholds[keep]


class RangesHere(RangedTable):
    """The counting table held as consecutive pieces in this process (the ranges of a
    stream too long to merge into one table, the report's), each piece measured here
    by the same :func:`range_piece` as the clusters' ranges where they live.

    Iterating gives each piece of the global path, ``(tp, fp, thresholds)``, starting
    where the piece above ends. ``tables`` may be a sequence that loads each table when
    it is read and gives their totals (``tables.totals()``) without loading them.
    """

    def __init__(self, tables):
        if hasattr(tables, "totals"):
            self.tables = tables
            super().__init__(tables.totals())
        else:
            self.tables = list(tables)
            super().__init__([range_totals(table) for table in self.tables])

    def _pieces(self, requests):
        return [range_pieces(table, offsets, self.n_pos, self.n_neg, requests)
                for table, offsets in zip(self.tables, self._offsets)]

    def __iter__(self):
        for table, (tp_offset, fp_offset) in zip(self.tables, self._offsets):
            yield (*_global_path_piece(table, tp_offset, fp_offset), table.thresholds)

    def candidates(self, values, constraint=None):
        """The rows that can answer "the best ``values(tp, fp)`` among rows meeting
        ``measure(tp, fp) >= level``" (``constraint``: ``(measure, level)``, or None),
        as one :class:`CountTable` of those rows and the last one (the totals), for the
        library's table functions to decide exactly, ties and rounding included, as
        they decide on the whole table.

        Two passes over the pieces: the best surely feasible value, then the rows near
        it (:func:`~sklearn_prcurves._table._exact.candidates_near`); a few rows, whatever
        the table's length, except on a plateau of equal values.
        """
        if len(self.tables) == 1:  # the whole table: every row a candidate
            return self.tables[0]

        def masks(tp, fp):
            v = values(tp, fp)
            if constraint is None:
                every = np.ones(v.shape, dtype=bool)
                return v, every, every
            measure, level = constraint
            return (v, *candidates_at_least(measure(tp, fp), level))

        top = -np.inf
        for tp, fp, _ in self:
            v, _, sure = masks(tp[1:], fp[1:])
            top = max(top, best_sure_value(v, sure))
        thresholds, tps, fps = [], [], []
        for tp, fp, piece_thresholds in self:
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
        return CountTable(np.concatenate(thresholds), np.concatenate(tps),
                          np.concatenate(fps))


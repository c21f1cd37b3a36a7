"""An exact count table held as consecutive score ranges, so that no step of a long
stream needs temporaries the size of the whole table.

Each batch is counted by the kernel, and its table is cut at the range edges; each
range merges its pieces like :class:`~sklearn_prcurves.ExactSummary` (a binary
counter). A range that grows past ``cap`` distinct scores is split at its median
score, so merges stay small whatever the order of the input (sorted files included).

The ranges are then measured as a table held in pieces
(:class:`~sklearn_prcurves._streams._distributed.RangesHere`), by the same arithmetic as the
clusters' ranges. When the whole table is one range (fewer than ``cap`` distinct
scores) the caller uses the library's own functions on it, and every number is the
library's to the last bit; with several ranges the sums are taken piece by piece and
agree to rounding (about 1e-15 relative), and the best thresholds (KS, F1, operating
points) are decided by the library's exact rules on the few rows that can be them.

Once the streams of one report hold :data:`SPILL_AFTER` distinct scores together
(a :class:`Budget`), the stream that grows sends its ranges to files in the temporary
directory: each range's pieces are appended as they come and merged when the range
has taken ``cap`` rows, and the readers map one range at a time. Memory then stays
bounded whatever the number of rows (the distinct scores of a billion float32 scores
fill gigabytes).
"""

import os
import shutil
import tempfile
import weakref

import numpy as np

from .._inference._delong import score_components, table_variance
from .._streams._distributed import READ_BLOCK
from .._streams._summary import ExactSummary
from .._table._count_table import CountTable

__all__ = ["Budget", "RangeStream", "piece_components", "piece_delong", "piece_lowest"]

# Distinct scores per range before it is split: a merge of two such ranges needs a
# few hundred MB at most.
RANGE_CAP = 1 << 21
# Distinct scores the streams of one report hold in memory together (about 24 bytes
# each, 800 MB) before the one growing sends its ranges to disk.
SPILL_AFTER = 1 << 25


class Budget:
    """The distinct scores that streams sharing this budget hold in memory."""

    def __init__(self, rows=None):
        self.rows = SPILL_AFTER if rows is None else rows
        self.held = 0


class RangeStream:
    """The counting table of a stream, as ranges of decreasing score."""

    def __init__(self, cap=None, spill_after=None, budget=None):
        self.cap = RANGE_CAP if cap is None else cap
        self.budget = Budget(spill_after) if budget is None else budget
        self._held = 0  # this stream's share of the budget
        # lowers[j]: range j holds scores >= lowers[j] (and < lowers[j - 1]); the last
        # range's lower bound is -inf and is not stored.
        self.lowers = []
        self.ranges = [ExactSummary()]
        # sizes[j]: rows added to range j since it was last merged, at least its
        # distinct scores.
        self.sizes = [0]
        self._disk = None  # the _Spill once the ranges are on disk

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
        self._split(j)
        if self._disk is None:
            held = sum(self.sizes)
            self.budget.held += held - self._held
            self._held = held
            if self.budget.held > self.budget.rows:
                self.budget.held -= held
                self._held = 0
                self._disk = _Spill()
                # (sizes kept as they were: the ranges then split where they would
                # have in memory, so the areas are summed over the same pieces)
                self.ranges = [self._disk.range(summary.table_) for summary in self.ranges]

    def _split(self, j):
        """Merge range ``j`` once it has taken ``cap`` rows, and split it in two at its
        median score if it is still over half of that."""
        if self.sizes[j] <= self.cap:
            return
        # (on disk: merged, then written once, whole or as the two halves)
        table = self.ranges[j].table_ if self._disk is None else self.ranges[j].merged()
        self.sizes[j] = len(table)
        if len(table) <= self.cap // 2:
            if self._disk is not None:
                self.ranges[j].keep(table)
            return
        middle = len(table) // 2
        upper, lower = (_slice(table, 0, middle), _slice(table, middle, len(table)))
        if self._disk is None:
            upper, lower = ExactSummary().add_table(upper), ExactSummary().add_table(lower)
        else:
            self.ranges[j].remove()
            upper, lower = self._disk.range(upper), self._disk.range(lower)
        self.ranges[j:j + 1] = [upper, lower]
        self.sizes[j:j + 1] = [middle, len(table) - middle]
        self.lowers.insert(j, table.thresholds[middle - 1])

    def pieces(self):
        """The non-empty ranges' tables, highest scores first: a list, or on disk a
        sequence that loads each range when it is read."""
        if self._disk is not None:
            return _SpilledPieces(self.ranges, self._disk)
        out = []
        for summary in self.ranges:
            table = summary.table_
            if table is not None and len(table):
                out.append(table)
        return out

    def join(self, budget):
        """Count this stream against ``budget`` from now on."""
        self.budget.held -= self._held
        budget.held += self._held
        self.budget = budget
        return self

    def __getstate__(self):
        # (a stream sent to another process takes its tables along, not file names)
        state = dict(self.__dict__)
        if self._disk is not None:
            state["ranges"] = [ExactSummary().add_table(table) for table in self.pieces()]
            state["sizes"] = [len(summary.table_) for summary in state["ranges"]]
            state["lowers"] = [summary.table_.thresholds[-1]
                               for summary in state["ranges"][:-1]]
            state["_disk"] = None
            state["_held"] = 0  # (counted in the receiving process as it grows)
        return state

    def absorb(self, other):
        """Add another stream's table to this one, in place (parts read apart, merged
        as they come: re-adding both streams at each merge made the merges of many
        parts quadratic)."""
        for table in other.pieces():
            self.add_table(table)
        return self


class _Spill:
    """A temporary directory of range files, removed with the last reader of it."""

    def __init__(self):
        self.directory = tempfile.mkdtemp(prefix="sklearn-prcurves-ranges-")
        self._finalizer = weakref.finalize(self, shutil.rmtree, self.directory, True)
        self._files = 0

    def new_path(self):
        self._files += 1
        return os.path.join(self.directory, str(self._files))

    def range(self, table):
        spilled = _SpilledRange(self)
        if table is not None and len(table):
            spilled.add_table(table)
            spilled.totals = (table.n_pos, table.n_neg, len(table), table.thresholds[-1])
        return spilled


class _SpilledRange:
    """One range's table in a file: each table added is appended (its thresholds and
    running sums as raw bytes, so that a table read back is the same floats, mapped
    rather than copied); reading merges them (oldest first, as :class:`ExactSummary`
    merges) and writes the merged table to a new file, the range's only table."""

    def __init__(self, spill):
        self._spill = spill
        self.path = spill.new_path()
        self.records = []  # (offset, rows, dtype of the thresholds) of each table
        self.totals = (0.0, 0.0, 0, None)  # (n_pos, n_neg, distinct, lowest) once merged

    @property
    def tables(self):
        return len(self.records)

    def add_table(self, table):
        if not len(table):
            return self
        with open(self.path, "ab") as file:
            offset = file.tell()
            for array in (table.thresholds, table.tps, table.fps):
                np.ascontiguousarray(array).tofile(file)
        self.records.append((offset, len(table), table.thresholds.dtype))
        self.totals = (0.0, 0.0, 0, None)
        return self

    def _read(self):
        for offset, rows, dtype in self.records:
            arrays = []
            for kind in (dtype, np.float64, np.float64):
                arrays.append(np.asarray(np.memmap(self.path, dtype=kind, mode="r",
                                                   offset=offset, shape=(rows,))))
                offset += rows * np.dtype(kind).itemsize
            yield CountTable(*arrays)

    def merged(self):
        """The range's table, its pieces merged (the file left as it is)."""
        if len(self.records) <= 1:
            return next(self._read(), None)
        summary = ExactSummary()
        for table in self._read():
            summary.add_table(table)
        return summary.table_

    def keep(self, table):
        """Hold ``table`` (this range's :meth:`merged` table) as the file's only one."""
        if len(self.records) > 1:
            self.remove()
            self.add_table(table)
        self.totals = (table.n_pos, table.n_neg, len(table), table.thresholds[-1])

    @property
    def table_(self):
        table = self.merged()
        if table is not None:
            self.keep(table)
        return table

    def measured(self):
        """Whether :attr:`totals` describes the file (one table, its totals known)."""
        return len(self.records) == 1 and self.totals[3] is not None

    def remove(self):
        """Start a new, empty file (the old one goes once nothing maps it)."""
        try:
            os.remove(self.path)
        except OSError:  # (mapped, on Windows: removed with the directory)
            pass
        self.path = self._spill.new_path()
        self.records = []


class _SpilledPieces:
    """The ranges of a stream on disk as a sequence of tables, each loaded when read;
    ``totals`` gives each range's ``(positives, negatives, distinct scores)`` without
    loading it."""

    def __init__(self, ranges, spill):
        self._spill = spill  # (kept alive while the pieces are read)
        for spilled in ranges:
            if spilled.tables and not spilled.measured():
                table = spilled.table_
                spilled.totals = (table.n_pos, table.n_neg, len(table),
                                  table.thresholds[-1])
        self._ranges = [spilled for spilled in ranges if spilled.tables]

    def __len__(self):
        return len(self._ranges)

    def __getitem__(self, index):
        return self._ranges[index].table_

    def __iter__(self):
        for spilled in self._ranges:
            yield spilled.table_

    def totals(self):
        return [spilled.totals[:3] for spilled in self._ranges]

    def lowest(self):
        """Each range's lowest score."""
        return [spilled.totals[3] for spilled in self._ranges]


def _slice(table, start, stop):
    """Rows ``start:stop`` of a table as a table of their own."""
    tps, fps = table.tps[start:stop], table.fps[start:stop]
    if start:
        tps, fps = tps - table.tps[start - 1], fps - table.fps[start - 1]
    return CountTable(table.thresholds[start:stop], tps, fps)


def piece_delong(path, auc):  # (path: a RangesHere)
    """DeLong's variance over the pieces (:func:`~sklearn_prcurves._inference._delong.
    table_variance`, each piece at its offset)."""
    return table_variance(zip(path.tables, path.offsets), path.n_pos, path.n_neg, auc)


def piece_components(path, auc):
    """Per piece, DeLong's centred components ``(thresholds, v10 - auc, v01 - auc)``
    (:func:`~sklearn_prcurves._inference._delong.score_components`; a generator: one
    piece at a time)."""
    for piece, offset in zip(path.tables, path.offsets):
        v10, v01, _, _ = score_components(piece, offset, path.n_pos, path.n_neg)
        v10 -= auc
        v01 -= auc
        yield piece.thresholds, v10, v01


def path_blocks(path):
    """A path's pieces ``(tp, fp, thresholds)`` cut into blocks of at most
    ``READ_BLOCK`` rows, each starting at the last point of the one before (views)."""
    for tp, fp, thresholds in path:
        for start in range(0, thresholds.shape[0], READ_BLOCK):
            stop = start + READ_BLOCK
            yield tp[start:stop + 1], fp[start:stop + 1], thresholds[start:stop]


def piece_lowest(path):
    """Each piece's lowest score (pieces on disk say it without being loaded)."""
    tables = path.tables
    if hasattr(tables, "lowest"):
        return tables.lowest()
    return [table.thresholds[-1] for table in tables]

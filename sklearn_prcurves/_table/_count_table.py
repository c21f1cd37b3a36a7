"""The table every reading of the package starts from: :class:`CountTable`.

For each distinct score (decreasing), the weighted positives and negatives scoring at
least that much, held as running sums in the namespace (and on the device) of the
scores; tables of disjoint rows merge into the table of their union. The NumPy kernel
may hold an unweighted table as its per-score steps only (``unit_steps``): the running
sums are formed when first read, and readers that need only some of them read those
(:meth:`CountTable.counts_at`), a saving measured in :mod:`benchmarks.bench_dropins`.
"""

from __future__ import annotations

import numpy as np

from .._base._array_api import NUMPY

__all__ = ["BLOCK", "CountTable", "common_thresholds", "cumsum_into", "exact_sums",
           "run_starts", "running_dtype"]


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

    __slots__ = ("_thresholds", "_tps", "_fps", "_steps", "_totals", "_xp", "device")

    def __init__(self, thresholds, tps, fps, unit_steps=None, *, xp=None, device=None):
        self._thresholds = thresholds
        self._tps = tps
        self._fps = fps
        # The arrays' namespace and device: NumPy's (None) unless counted elsewhere.
        self._xp = xp
        self.device = device
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
    def numpy(self):
        """Whether the table's arrays are NumPy's (on the host)."""
        return self._xp is None

    @property
    def xp(self):
        """The namespace of the table's arrays (NumPy under the array API's names on
        NumPy 1.26 too)."""
        return NUMPY if self._xp is None else self._xp

    def path(self):
        """``(tp, fp)``, float64, with the origin first: the curve's points."""
        xp = self.xp
        zero = xp.zeros(1, dtype=xp.float64, device=self.device)
        return xp.concat([zero, self.tps]), xp.concat([zero, self.fps])

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

    def __setstate__(self, state):  # (tables pickled before xp and device existed)
        for name in self.__slots__:
            setattr(self, name, state[1].get(name))

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
        times (the rows of several chunks' tables): sorted and summed per score, a
        score's pieces in the order of their weights, so that the sums (and every area
        read from them) do not depend on the order the pieces come in."""
        order = np.lexsort((neg, pos, scores))[::-1]
        descending = scores[order]
        pos, neg = np.asarray(pos, np.float64)[order], np.asarray(neg, np.float64)[order]
        if descending.shape[0]:
            starts = run_starts(descending)
            if starts.shape[0] < descending.shape[0]:
                descending = descending[starts]
                pos, neg = np.add.reduceat(pos, starts), np.add.reduceat(neg, starts)
        return cls.from_counts(descending, pos, neg)

    def __len__(self):
        if self._steps is not None:
            return self._steps[0].shape[0]
        return int(self.tps.shape[0])

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
        a, b = common_thresholds(self.thresholds, other.thresholds)
        # Both decrease: a stable sort of the two runs, ascending, is one linear merge
        # (NumPy's timsort finds the runs). A score in both is two adjacent rows,
        # summed into the first. (Temporaries go early: tables can be most of memory.)
        keys = np.concatenate([a[::-1], b[::-1]])
        order = np.argsort(keys, kind="stable")[::-1]
        descending = keys[order]
        del keys
        tps = np.concatenate([self.pos[::-1], other.pos[::-1]])[order]
        fps = np.concatenate([self.neg[::-1], other.neg[::-1]])[order]
        del order
        second = np.flatnonzero(descending[1:] == descending[:-1]) + 1
        if second.shape[0]:
            tps[second - 1] += tps[second]
            fps[second - 1] += fps[second]
            kept = np.ones(descending.shape[0], dtype=bool)
            kept[second] = False
            descending, tps, fps = descending[kept], tps[kept], fps[kept]
        np.cumsum(tps, out=tps)
        np.cumsum(fps, out=fps)
        return CountTable(descending, tps, fps)


def common_thresholds(a, b):
    """Two decreasing threshold arrays in one dtype that orders both exactly.

    NumPy promotes int64 with uint64 to float64, which merges integers past 2**53
    (a column read in parts can be int64 in one and uint64 in another); such pairs
    become the integer type that holds both, or Python integers where none does."""
    if a.dtype == b.dtype:
        return a, b
    if a.dtype.kind in "iu" and b.dtype.kind in "iu" and np.result_type(a, b).kind == "f":
        signed, unsigned = (a, b) if a.dtype.kind == "i" else (b, a)
        if not signed.shape[0] or signed[-1] >= 0:  # (decreasing: the last is the least)
            dtype = np.uint64
        elif not unsigned.shape[0] or unsigned[0] <= np.iinfo(np.int64).max:
            dtype = np.int64
        else:
            dtype = object
        return _as_integers(a, dtype), _as_integers(b, dtype)
    dtype = np.result_type(a, b)
    return a.astype(dtype), b.astype(dtype)


def _as_integers(values, dtype):
    if dtype is object:
        out = np.empty(values.shape[0], dtype=object)
        out[:] = values.tolist()  # (Python integers: exact whatever their size)
        return out
    return values.astype(dtype)


def run_starts(values):
    """Index of the first element of each run of equal values."""
    first = np.empty(values.shape[0], dtype=bool)
    first[0] = True
    np.not_equal(values[1:], values[:-1], out=first[1:])
    return np.flatnonzero(first)


# Rows per block of the passes done block by block (64 KiB-element buffers).
BLOCK = 1 << 16


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


def exact_sums(weight, xp=NUMPY):
    """Whether every sum of these weights is exact in float64, in any order: whole
    numbers whose total is below 2**53 (then a tie's sum needs no fixed order)."""
    return bool(xp.sum(weight) < 2.0**53) and bool(xp.all(xp.floor(weight) == weight))

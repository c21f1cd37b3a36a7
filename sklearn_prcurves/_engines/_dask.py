"""The Dask engine: how :mod:`sklearn_prcurves.dask` counts dask collections, exactly
in score ranges (a census of the scores, a shuffle of each range's rows to the task
that counts it, each range's totals, then each range's pieces of the measures) or in
bins (a :class:`~sklearn_prcurves.BinnedSummary` merged over partitions).

The public module holds the signatures and docstrings; the work is here, with the
report's runner on a Dask cluster (``--engine dask``).
"""

import collections
import itertools
import logging
import os

import numpy as np

from .._base._labels import check_class_union, check_label_kind, chunk_classes, union_classes
from .._base._messages import InputError
from .._base._validation import check_scores
from .._streams._distributed import RangedTable, range_pieces, range_totals
from .._streams._summary import BinnedSummary, merge_optional
from .._table._count_table import CountTable
from .._table._counts import count_rows
from ._census import LEADING_BITS, histogram, histogram_plan, merged_histograms, ordered_key

__all__ = ["ROWS_IN_MEMORY", "ROWS_PER_DISK_RANGE", "ROWS_PER_RANGE", "DaskRunner",
           "DistributedTable", "binned_summary", "exact_summary", "read_parquet"]

_SAMPLE_PER_PARTITION = 2000
# Rows a score range is sized for by default: the number of ranges follows the rows,
# not the partitions (every partition sends a piece to every range, so a count tied to
# the partitions made the plan quadratic in the data). A range's rows and their sort
# fit well within one worker: about 1 GiB at float64 scores with weights.
ROWS_PER_RANGE = 1 << 24
# Rows per worker thread past which the default shuffle goes through disk: the
# in-memory split holds every row at once (about 2 GiB per worker at 2**26 rows of
# float32 scores, with the counted tables).
ROWS_IN_MEMORY = 1 << 26
# Rows a range is sized for with the disk shuffle: counted, a range's rows take up to
# about 60 bytes each (the measures read its table in blocks, within that), so that a
# worker needs about 0.25 GiB for its range beside its shuffle buffers.
ROWS_PER_DISK_RANGE = 1 << 22


def _import_dask():
    try:
        import dask
        import dask.array  # noqa: F401
        import dask.dataframe  # noqa: F401
    except ImportError as exc:  # pragma: no cover - exercised where dask is absent
        raise ImportError(
            "sklearn_prcurves.dask needs dask: pip install 'sklearn-prcurves[dask]'"
        ) from exc
    return dask


def read_parquet(path, columns=None):
    """:func:`sklearn_prcurves.dask.read_parquet` (its parameters and what it returns)."""
    _import_dask()
    import dask.dataframe as dd

    if isinstance(path, (list, tuple)):
        return dd.read_parquet([os.fspath(p) for p in path], columns=columns)
    return dd.read_parquet(os.fspath(path), columns=columns)


def _partitions(y_true, y_score, sample_weight, data=None):
    """Aligned delayed numpy partitions ``(y, score, weight or None)``.

    With ``data`` (a dask DataFrame) the other arguments are column names and the
    partitions are the frame's. Separate dask Series are first assembled into one frame
    (dask may partition single-column reads differently), which costs a join: pass
    ``data=`` when the columns come from one frame.
    """
    dask = _import_dask()
    import dask.array as da

    if data is not None:
        names = [y_true, y_score] + ([sample_weight] if sample_weight is not None else [])
        if _is_path(data):
            data = read_parquet(data)  # lazily: only the named columns are read
        missing = [n for n in names if n not in data.columns]
        if missing:
            raise ValueError(f"no column {missing[0]!r} in data; columns are {list(data.columns)}")
        frame = data[names]
        return dask, [
            tuple(dask.delayed(_frame_columns, nout=3)(part, names))
            for part in frame.to_delayed()
        ]
    if hasattr(y_score, "to_frame") and not isinstance(y_score, da.Array):  # dask Series
        frame = y_score.to_frame(name="s").assign(y=y_true)
        names = ["y", "s"]
        if sample_weight is not None:
            frame = frame.assign(w=sample_weight)
            names.append("w")
        return dask, [
            tuple(dask.delayed(_frame_columns, nout=3)(part, names))
            for part in frame.to_delayed()
        ]

    def parts(column, like=None):
        if column is None:
            return None
        if not isinstance(column, da.Array):
            column = da.from_array(np.asarray(column), chunks=like or "auto")
        if like is not None and column.chunks[0] != like:
            column = column.rechunk({0: like})
        return column

    score = parts(y_score)
    chunks = score.chunks[0]
    y = parts(y_true, chunks)
    weight = parts(sample_weight, chunks)
    if y.shape[0] != score.shape[0] or (weight is not None and weight.shape[0] != score.shape[0]):
        raise ValueError("y_true, y_score and sample_weight must have the same length.")
    y_parts = y.to_delayed().ravel()
    s_parts = score.to_delayed().ravel()
    w_parts = [None] * len(s_parts) if weight is None else list(weight.to_delayed().ravel())
    return dask, list(zip(y_parts, s_parts, w_parts))


def _is_path(data):
    """True for a file, folder or glob name, or a list of them (Parquet input)."""
    items = data if isinstance(data, (list, tuple)) else [data]
    return len(items) > 0 and all(isinstance(p, (str, os.PathLike)) for p in items)


def _frame_columns(frame, names):
    """``(labels, scores, weights or None)`` of one partition, by column names."""
    return (
        frame[names[0]].to_numpy(),
        frame[names[1]].to_numpy(),
        frame[names[2]].to_numpy() if len(names) > 2 else None,
    )


def _binarize(y, score, weight, pos_label):
    """One partition's positives mask, scores and weights (zero weights dropped)."""
    y = np.asarray(y)
    check_label_kind(y, pos_label)
    score = check_scores(np.asarray(score).ravel())
    is_pos = (y == (1 if pos_label is None else pos_label)).ravel()
    if weight is not None:
        weight = np.asarray(weight, dtype=np.float64)
        if np.any(~np.isfinite(weight)) or np.any(weight < 0):
            raise ValueError("sample_weight must hold finite non-negative values.")
        keep = weight > 0
        is_pos, score, weight = is_pos[keep], score[keep], weight[keep]
    return is_pos, score, weight


def _census(y, score, weight, pos_label, seed):
    """``(a sample of the partition's scores, its classes, its row count, its
    histogram)``: the census's histogram
    (:func:`~sklearn_prcurves._engines._census.histogram`) of float32 scores only, else None."""
    is_pos, score, weight = _binarize(y, score, weight, pos_label)
    rng = np.random.default_rng(seed)
    take = min(_SAMPLE_PER_PARTITION, score.shape[0])
    counted = histogram(is_pos, score, weight) if score.dtype == np.float32 else None
    return (rng.choice(score, size=take, replace=False) if take else score,
            chunk_classes(y, pos_label), score.shape[0], counted)


def _merged_censuses(a, b):
    return (np.concatenate([a[0], b[0]]), union_classes(a[1], b[1]), a[2] + b[2],
            merged_histograms(a[3], b[3]))


def _on_cluster():
    """Whether computations go to a distributed client's workers (the peer-to-peer
    shuffle runs only there)."""
    from dask.base import get_scheduler

    try:
        from distributed import Client
    except ImportError:  # pragma: no cover - distributed is part of the extra
        return False
    return isinstance(getattr(get_scheduler(), "__self__", None), Client)


def _parallelism():
    """Tasks the cluster runs at once: the threads of a distributed client's workers,
    else this machine's cores (Dask's local schedulers)."""
    try:
        from distributed import default_client

        workers = default_client().scheduler_info()["workers"].values()
        return max(1, sum(worker.get("nthreads", 1) for worker in workers))
    except (ImportError, ValueError):  # (ValueError: no client)
        return os.cpu_count() or 1


def _range_of(score, edges):
    """Each score's range (range r: edges[r-1] < s <= edges[r]), as int32."""
    if score.dtype != np.float32 or edges.dtype != np.float32 or score.shape[0] < _LOOKUP:
        return np.searchsorted(edges, score, side="left").astype(np.int32)
    # float32 scores, the usual model output: a table indexed by the leading bits of a
    # score's ordered key holds the range of every score whose leading bits no edge
    # shares; only the others are searched (a binary search per row took most of a
    # partition's pass).
    shift = np.uint32(32 - LEADING_BITS)
    edge_keys = ordered_key(edges)
    starts = np.arange(1 << LEADING_BITS, dtype=np.uint64) << np.uint64(shift)
    table = np.searchsorted(edge_keys, starts, side="left").astype(np.int32)
    shared = np.zeros(1 << LEADING_BITS, dtype=bool)
    shared[edge_keys >> shift] = True
    leading = ordered_key(score) >> shift
    which = table[leading]
    rows = np.flatnonzero(shared[leading])
    which[rows] = np.searchsorted(edges, score[rows], side="left")
    return which


# Rows from which _range_of builds its table (indexed by the census's leading bits).
_LOOKUP = 1 << 18


def _range_totals(y, score, weight, pos_label, edges):
    """One partition's ``(positives, negatives, rows)`` per score range, increasing."""
    is_pos, score, weight = _binarize(y, score, weight, pos_label)
    where = _range_of(score, edges).astype(np.intp) * 2 + is_pos
    return _class_totals(where, weight, edges.shape[0] + 1)


def _class_totals(where, weight, n_split):
    """``(positives, negatives, rows)`` per range, from each row's ``2 r + is_pos``
    (one bincount instead of a masked copy of the rows per class)."""
    rows = np.bincount(where, minlength=2 * n_split).reshape(n_split, 2)
    weighed = rows if weight is None else np.bincount(
        where, weight, minlength=2 * n_split).reshape(n_split, 2)
    return np.column_stack([weighed[:, 1], weighed[:, 0], rows.sum(axis=1)]).astype(np.float64)


def _tables_totals(tables, n_split):
    """``(positives, negatives, distinct scores)`` per range of persisted tables."""
    totals = np.zeros((n_split, 3))
    for r, table in tables.items():
        totals[r] = range_totals(table)
    return totals


def _ranged_rows(y, score, weight, pos_label, edges, score_dtype, alone):
    """One partition's rows as a frame for the shuffle that gathers each range's rows:
    the column ``_partitions`` says where a row goes, ``2 r`` for a negative of score
    range r and ``2 r + 1`` for a positive (no class column to move), in the narrowest
    unsigned integer that holds it; then its score, in the dtype common to all
    partitions. The rows of ranges ``alone``, one score each, stay behind.

    Dask's shuffle moves the frame's index as a column of its own: here one byte of
    zeros (a range index would travel as eight bytes a row, more than the row)."""
    import pandas as pd

    is_pos, score, weight = _binarize(y, score, weight, pos_label)
    where = _range_of(score, edges).astype(_where_dtype(edges), copy=False)
    where *= 2
    where += is_pos
    if len(alone):
        keep = ~np.isin(where >> 1, alone)
        where, score = where[keep], score[keep]
        weight = None if weight is None else weight[keep]
    columns = {"_partitions": where, "score": score.astype(score_dtype, copy=False)}
    if weight is not None:
        columns["weight"] = weight
    return pd.DataFrame(columns, index=pd.Index(np.zeros(where.shape[0], np.uint8)))


def _where_dtype(edges):
    # (Every byte of a row crosses the workers' disks twice. Unsigned: pandas joins an
    # int16 column to the shuffle's int64 partition numbers slowly, by a lossless-cast
    # check the unsigned types skip; 0.27 against 0.18 s for 5e6 rows.)
    largest = 2 * (edges.shape[0] + 1) - 1
    return next(t for t in (np.uint8, np.uint16, np.uint32) if largest <= np.iinfo(t).max)


def _split(y, score, weight, pos_label, edges):
    """One partition's rows per score range, for the in-memory shuffle."""
    is_pos, score, weight = _binarize(y, score, weight, pos_label)
    which = _range_of(score, edges)
    order = np.argsort(which, kind="stable")
    bounds = np.searchsorted(which[order], np.arange(edges.shape[0] + 2))
    pieces = []
    for r in range(edges.shape[0] + 1):
        rows = order[bounds[r] : bounds[r + 1]]
        pieces.append((is_pos[rows], score[rows], None if weight is None else weight[rows]))
    return pieces


def _range_table(r, *pieces):
    """``{r: counting table}`` of score range r, from its rows in every partition."""
    is_pos = np.concatenate([p[0] for p in pieces])
    if is_pos.shape[0] == 0:
        return {}
    score = np.concatenate([p[1] for p in pieces])
    weight = None if pieces[0][2] is None else np.concatenate([p[2] for p in pieces])
    with np.errstate(over="ignore", invalid="ignore"):  # (totals past 1.8e308: the
        return {r: count_rows(is_pos, score, weight)}  # client refuses them)


def _range_tables(rows, r):
    """``{r: counting table}`` of score range r, from its rows ``(negatives,
    positives)`` (the shuffle's output partitions 2 r and 2 r + 1), or ``{}`` where
    it has none."""
    negatives, positives = rows
    if len(negatives) + len(positives) == 0:
        return {}
    is_pos = np.repeat([False, True], [len(negatives), len(positives)])
    score = np.concatenate([np.asarray(negatives["score"]), np.asarray(positives["score"])])
    weight = None
    if "weight" in negatives.columns:
        weight = np.concatenate([np.asarray(negatives["weight"]),
                                 np.asarray(positives["weight"])])
    with np.errstate(over="ignore", invalid="ignore"):  # (totals past 1.8e308: the
        return {r: count_rows(is_pos, score, weight)}  # client refuses them)


def _pieces_of(received, r, view, requests):
    """``{range: its pieces}`` for the ranges of one shuffled partition (the rows of
    range r, or tables by range); ``view``: :func:`_range_view` of the totals."""
    offsets, n_pos, n_neg = view
    if not isinstance(received, dict):
        received = _range_tables(received, r)
    return {r: range_pieces(table, offsets[r], n_pos, n_neg, requests)
            for r, table in received.items()}


def _settled(totals, alone, score_dtype):
    """``(totals, {range: its one-row table})``: a range holding one score alone (its
    rows left out of the shuffle) is that score's row, known from the totals."""
    tables = {r: CountTable(np.array([score], dtype=score_dtype), totals[r, :1].copy(),
                            totals[r, 1:2].copy())
              for r, score in alone.items() if totals[r, 2] > 0}
    totals = totals.copy()
    totals[list(tables), 2] = 1
    return totals, tables


def _range_view(totals):
    """What a range's pieces need of the totals (increasing ranges): ``({range: (tp,
    fp) above it}, n_pos, n_neg)``; raises where a class has no weight."""
    ranged = RangedTable(totals[::-1])
    n_split = totals.shape[0]
    offsets = {n_split - 1 - k: tuple(offsets) for k, offsets in enumerate(ranged.offsets)}
    return offsets, ranged.n_pos, ranged.n_neg


def _tree_reduce(dask, items, combine):
    while len(items) > 1:
        items = [
            dask.delayed(combine)(items[i], items[i + 1]) if i + 1 < len(items) else items[i]
            for i in range(0, len(items), 2)
        ]
    return items[0]


class DistributedTable(RangedTable):
    """The counting table of dask data, held as score ranges on the workers.

    Made by :func:`exact_summary`. Each area is computed from the ranges with small
    messages only. With persisted ranges (the default with the in-memory shuffle)
    their tables stay on the workers and several areas cost one pass over the data;
    otherwise each evaluation is one pass (:meth:`scores` gives the main areas
    together) and a worker holds a few ranges' rows at a time.

    Attributes
    ----------
    n_pos, n_neg : float
        Total weight of positives and negatives.
    n_ranges : int
        Number of score ranges.
    largest_range : int
        Size of the largest range, which no task exceeds: its distinct scores where
        the ranges are persisted, else its rows.

    Examples
    --------
    >>> import dask.array as da
    >>> import numpy as np
    >>> import sklearn_prcurves.dask as spd
    >>> y = da.from_array(np.array([0, 1, 1, 0, 1, 0] * 50), chunks=100)
    >>> s = da.from_array(np.array([0.1, 0.8, 0.6, 0.7, 0.3, 0.2] * 50), chunks=100)
    >>> table = spd.exact_summary(y, s, n_ranges=2)
    >>> table
    DistributedTable(n_pos=150.0, n_neg=150.0, n_ranges=2, largest_range=3)
    >>> round(table.average_precision(), 4)
    0.8056
    """

    def __init__(self, dask, received, totals, alone=None, score_dtype=None):
        self._dask = dask
        self._received = received  # [r]: range r's (negatives, positives), or {r: table}
        totals, self._alone = _settled(totals, alone or {}, score_dtype)
        super().__init__(totals[::-1])  # (per range in increasing score order)
        self._view = _range_view(totals)

    def _pieces(self, requests):
        # (the view travels in each task: a range's count depends on its rows alone, so
        # the scheduler runs it where the shuffle left them)
        computed = self._dask.compute(*[
            self._dask.delayed(_pieces_of)(received, r, self._view, requests)
            for r, received in enumerate(self._received)
        ])
        found = {}
        for pieces in computed:
            found.update(pieces)
        found.update(_pieces_of(self._alone, None, self._view, requests))
        empty = range_pieces(None, (0.0, 0.0), self.n_pos, self.n_neg, requests)
        return [found.get(r, empty) for r in sorted(self._view[0], reverse=True)]


def exact_summary(y_true, y_score, *, sample_weight=None, pos_label=None, n_ranges=None,
                  random_state=0, data=None, shuffle=None, persist=None):
    """:func:`sklearn_prcurves.dask.exact_summary` (its parameters and what it returns)."""
    if shuffle not in (None, "memory", "disk"):
        raise ValueError(f"shuffle must be 'memory', 'disk' or None; got {shuffle!r}.")
    dask, parts = _partitions(y_true, y_score, sample_weight, data)
    if shuffle == "disk" and not _on_cluster():
        raise ValueError("shuffle='disk' needs a distributed Client (Dask's peer-to-peer "
                         "shuffle runs on its workers).")
    seed = np.random.default_rng(random_state).integers(2**31)
    pooled, labels, rows, histogram = dask.compute(_tree_reduce(dask, [
        dask.delayed(_census)(y, s, w, pos_label, seed + i) for i, (y, s, w) in enumerate(parts)
    ], _merged_censuses))[0]
    check_class_union(labels)
    if pooled.shape[0] == 0:
        raise ValueError("No sample with non-zero weight.")
    score_dtype = pooled.dtype
    if shuffle is None:
        past = _on_cluster() and rows > ROWS_IN_MEMORY * _parallelism()
        shuffle = "disk" if past else "memory"
    per_range = ROWS_PER_DISK_RANGE if shuffle == "disk" else ROWS_PER_RANGE
    n_ranges = n_ranges or max(2, _parallelism(), -(-rows // per_range))
    # float32 scores: ranges and their totals from the histogram, no pass for the
    # totals; else edges from the sample.
    plan = None if histogram is None else histogram_plan(histogram, n_ranges)
    if plan is not None:
        (edges, totals), alone = plan, {}
    else:
        (edges, alone), totals = _sampled_edges(pooled, n_ranges, shuffle), None
    if persist is None:
        persist = shuffle == "memory"  # (its rows are all in memory at once anyway)
    n_split = edges.shape[0] + 1
    if shuffle == "disk":
        received = _shuffled(dask, parts, pos_label, edges, sample_weight is not None,
                             score_dtype, list(alone))
        if persist:
            received = dask.persist(*[dask.delayed(_range_tables)(rows, r)
                                      for r, rows in enumerate(received)])
    elif persist:  # the totals from the tables
        received = dask.persist(*_split_in_memory(dask, parts, pos_label, edges))
        totals = dask.compute(_tree_reduce(dask, [
            dask.delayed(_tables_totals)(tables, n_split) for tables in received], np.add))[0]
    else:
        received = _split_in_memory(dask, parts, pos_label, edges)
    if (shuffle == "disk" or not persist) and totals is None:
        # A pass of their own, before any range is counted: a range's count then needs
        # nothing the cluster holds elsewhere, and no table waits for the others.
        totals = dask.compute(_tree_reduce(dask, [
            dask.delayed(_range_totals)(y, s, w, pos_label, edges) for y, s, w in parts
        ], np.add))[0]
    return DistributedTable(dask, received, totals, alone, score_dtype)


def _sampled_edges(pooled, n_ranges, shuffle):
    """``(edges, {range: its one score})`` from the sampled scores: their quantiles,
    and with the disk shuffle a range of its own for each heavily repeated score."""
    if pooled.dtype == bool:  # (NumPy's quantile cannot interpolate booleans)
        pooled = pooled.view(np.uint8)
    # Sampled scores themselves as edges (no interpolation between two of them, which
    # overflows between -1e300 and 1.8e308).
    quantiles = np.quantile(pooled, np.linspace(0, 1, n_ranges + 1)[1:-1], method="lower")
    edges = np.unique(quantiles)
    if shuffle == "disk":
        return _heavy_scores_alone(edges, quantiles)
    return edges, {}


def _heavy_scores_alone(edges, quantiles):
    """Edges giving each score that fills a whole range of the sample a range of its
    own, ``(just below it, it]``: ``(edges, {range: its score})``. Such a range is
    counted from the totals alone, so that no task gathers the rows of a score held by
    many more rows than a range."""
    values, counts = np.unique(quantiles, return_counts=True)
    heavy = values[counts > 1]
    if np.issubdtype(heavy.dtype, np.floating):
        below = np.nextafter(heavy, -np.inf)
    elif np.issubdtype(heavy.dtype, np.integer):
        heavy = heavy[heavy > np.iinfo(heavy.dtype).min]
        below = heavy - 1
    else:
        return edges, {}
    heavy, below = heavy[below < heavy], below[below < heavy]
    edges = np.unique(np.concatenate([edges, below]))
    return edges, {int(np.searchsorted(edges, score)): score for score in heavy}


def _shuffled(dask, parts, pos_label, edges, weighted, score_dtype, alone=()):
    """Delayed partitions of the rows shuffled by score range: Dask's peer-to-peer
    shuffle through the workers' disks (tasks linear in the partitions; a worker holds
    its shuffle buffers and a few ranges' rows, whatever the size of the data).
    Returns ``[(range r's negatives, its positives)]``."""
    import dask.dataframe as dd
    import pandas as pd

    meta = pd.DataFrame({"_partitions": np.zeros(0, _where_dtype(edges)),
                         "score": np.zeros(0, score_dtype)}, index=pd.Index([], dtype=np.uint8))
    if weighted:
        meta["weight"] = np.zeros(0, np.float64)
    ranged = [dask.delayed(_ranged_rows)(y, s, w, pos_label, edges, score_dtype, alone)
              for y, s, w in parts]
    frame = dd.from_delayed(ranged, meta=meta, verify_meta=False)
    n_out = 2 * (edges.shape[0] + 1)
    shuffled = _shuffle_by_partition_column(frame, n_out)
    if shuffled is None:  # (Dask's public API: it adds an int64 column of its own)
        shuffled = frame.rename(columns={"_partitions": "where"}).set_index(
            "where", divisions=[*range(n_out), n_out - 1], shuffle_method="p2p")
    out = shuffled.to_delayed()
    return [(out[2 * r], out[2 * r + 1]) for r in range(n_out // 2)]


def _shuffle_by_partition_column(frame, n_out):
    """``frame`` shuffled peer-to-peer so that output partition k holds the rows whose
    ``_partitions`` column is k, or None where this Dask lacks the private names used.

    Dask's public shuffles (``shuffle``, ``set_index``) add a column of their own to
    every row, the output partition as int64, where ``_partitions`` already says it:
    shuffling the rows as they are moves about half the bytes. Private names of
    dask-expr (``Shuffle``, ``new_collection``), as in dask 2026.8 and in the
    ``dask_expr`` 1.1 package that dask 2024.8 used (read, not run here): anything
    missing or refused falls back to the public API.
    """
    try:
        try:
            from dask.dataframe.dask_expr._collection import new_collection
            from dask.dataframe.dask_expr._shuffle import Shuffle
        except ImportError:  # dask before 2025.1: dask-expr as a package of its own
            from dask_expr._collection import new_collection
            from dask_expr._shuffle import Shuffle
        return new_collection(Shuffle(frame.expr, "_partitions", n_out, True, "p2p", None))
    except Exception:  # noqa: BLE001 - private API of another release
        return None


def _split_in_memory(dask, parts, pos_label, edges):
    """Delayed ``{range: table}`` per range, from each partition's rows split in memory:
    one task per partition and per range (and a piece per pair, all in memory at once)."""
    n_split = edges.shape[0] + 1
    split = [dask.delayed(_split, nout=n_split)(y, s, w, pos_label, edges) for y, s, w in parts]
    return [dask.delayed(_range_table)(r, *[part[r] for part in split]) for r in range(n_split)]


def binned_summary(y_true, y_score, *, sample_weight=None, pos_label=None, mantissa_bits=12,
                   tolerance=None, data=None):
    """:func:`sklearn_prcurves.dask.binned_summary` (its parameters and what it returns)."""
    dask, parts = _partitions(y_true, y_score, sample_weight, data)

    def summarize(y, s, w):
        summary = BinnedSummary(mantissa_bits).add_counts(*_binarize(y, s, w, pos_label))
        return summary, chunk_classes(y, pos_label)

    def combine(a, b):
        return a[0].merge(b[0]), union_classes(a[1], b[1])

    summaries = [dask.delayed(summarize)(y, s, w) for y, s, w in parts]
    summary, labels = dask.compute(_tree_reduce(dask, summaries, combine))[0]
    check_class_union(labels)
    if tolerance is None:
        return summary
    keys = summary.bins_to_refine(tolerance)
    if keys.shape[0] == 0:
        return summary

    def exact_rows(y, s, w):
        is_pos, score, weight = _binarize(y, s, w, pos_label)
        return summary.refine_rows(is_pos, score, weight, keys)

    tables = [dask.delayed(exact_rows)(y, s, w) for y, s, w in parts]
    return summary.refined(keys, dask.compute(_tree_reduce(dask, tables, merge_optional))[0])


class DaskRunner:
    """Maps a pass over the parts of the input onto a Dask cluster."""

    name = "dask"

    def __init__(self, scheduler=None):
        try:
            import distributed
        except ImportError:
            raise InputError(
                "--engine dask needs dask: pip install 'sklearn-prcurves[dask]'"
            ) from None
        self.cluster = None
        if scheduler:
            try:
                self.client = distributed.Client(scheduler, timeout="30s")
            except ValueError as error:
                raise InputError(f"--scheduler {scheduler!r} is not a Dask scheduler's "
                                 f"address ({error}); e.g. tcp://host:8786") from None
            except (OSError, TimeoutError) as error:
                raise InputError(f"--scheduler {scheduler!r}: no Dask scheduler answers "
                                 f"there ({error})") from None
        else:
            # An input error raised in a worker reaches the command as one line; the
            # workers' own log of it (a traceback on stderr) would bury that line. The
            # scheduler's HTTP server, dashboard or not, takes port 8787 unless told
            # otherwise, and warns when a notebook's cluster has it: any free port.
            self.cluster = distributed.LocalCluster(
                n_workers=min(4, os.cpu_count() or 1), threads_per_worker=1,
                host="127.0.0.1", dashboard_address=None, memory_limit=0,
                silence_logs=logging.CRITICAL,
                scheduler_kwargs={"dashboard_address": ":0"},
            )
            self.client = distributed.Client(self.cluster)

    def parts(self, source):
        return source.split()

    def map(self, function, parts, *args):
        futures = [self.client.submit(function, part, *args, pure=False) for part in parts]
        return self.client.gather(futures)

    def each(self, function, parts, *args):
        """The results in the parts' order, a few per worker thread submitted ahead:
        each is released from the workers as it is taken (gathering all of them at
        once held every part's tables on the workers: killed for memory at 1e9 rows)."""
        workers = self.client.scheduler_info()["workers"].values()
        ahead = 2 * max(1, sum(worker.get("nthreads", 1) for worker in workers))
        parts = iter(parts)
        pending = collections.deque(
            self.client.submit(function, part, *args, pure=False)
            for part in itertools.islice(parts, ahead))
        while pending:
            result = pending.popleft().result()
            for part in itertools.islice(parts, 1):
                pending.append(self.client.submit(function, part, *args, pure=False))
            yield result

    def close(self):
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()

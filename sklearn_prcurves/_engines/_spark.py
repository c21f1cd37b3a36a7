"""The Spark engine: how :mod:`sklearn_prcurves.spark` counts a PySpark DataFrame,
exactly in score ranges on the executors or in bins added up by Spark, and the
report's runner on Spark (``--engine spark``). The public module holds the signatures
and docstrings; the work is here.
"""

import contextlib
import functools
import math
import os
import pickle
import sys
import warnings

import numpy as np

from .._base._labels import check_class_union, check_label_kind, single_class_error
from .._base._messages import InputError
from .._base._validation import check_scores
from .._streams._distributed import RangedTable, range_pieces
from .._streams._summary import BinnedSummary, order_key
from .._table._counts import CountTable, count_rows
from ..exceptions import NonNumericScoreError
from ._census import LEADING_BITS, histogram_plan, key_values

__all__ = ["DistributedTable", "SparkRunner", "binned_summary", "exact_summary", "opened",
           "read_once"]

# Rows a range is sized for by default: its rows and its table fit easily in one
# Python worker, and there are few enough ranges that their results stay small.
_ROWS_PER_RANGE = 1 << 21
# Rows per Arrow batch sent back to Spark.
_BATCH_ROWS = 1 << 20


def _import_pyspark():
    # PySpark 4 warns about pandas 3 when imported; this module uses Arrow, not pandas.
    warnings.filterwarnings("ignore", message="PySpark does not yet fully support pandas")
    try:
        import pyspark.sql  # noqa: F401
        from pyspark.sql import functions
    except ImportError as exc:  # pragma: no cover - exercised where pyspark is absent
        raise ImportError(
            "sklearn_prcurves.spark needs pyspark: pip install 'sklearn-prcurves[spark]'"
        ) from exc
    return functions


def _map_in_arrow(frame, function, schema):
    """``frame.mapInArrow``, without PySpark's notice about pandas versions (we do not
    use pandas)."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="PySpark does not yet fully support pandas")
        return frame.mapInArrow(function, schema)


@contextlib.contextmanager
def _python_workers(session):
    """Spark actions that run this package in Spark's Python workers: where the workers'
    interpreter lacks it (a virtual environment that is not activated: Spark starts
    ``python3`` from PATH), one error that says which interpreter and what to set."""
    try:
        yield
    except Exception as exc:
        if "No module named 'sklearn_prcurves'" not in str(exc):
            raise
        python = getattr(session.sparkContext, "pythonExec", None) or "python3"
        raise ModuleNotFoundError(
            f"Spark's Python workers ({python}) cannot import sklearn_prcurves: install "
            "it there, or set PYSPARK_PYTHON to an interpreter that has it before Spark "
            f"starts (here: PYSPARK_PYTHON={sys.executable})") from None


# --- input and validation -----------------------------------------------------------


class _Input:
    """The validated columns: a DataFrame of ``p`` (positive), ``s`` (score) and ``w``
    (weight, only when weighted; zero weights removed), with what the check counted."""

    def __init__(self, frame, score_type, n_rows, n_pos, n_neg, weighted, whole_weights):
        self.frame = frame
        self.score_type = score_type
        self.n_rows = n_rows
        self.n_pos, self.n_neg = n_pos, n_neg
        self.weighted = weighted
        self.whole_weights = whole_weights


def _resolve_frame(data, names):
    functions = _import_pyspark()
    from pyspark.sql import DataFrame, SparkSession

    if isinstance(data, (str, os.PathLike)) or (
            isinstance(data, (list, tuple)) and data
            and all(isinstance(p, (str, os.PathLike)) for p in data)):
        session = SparkSession.getActiveSession()
        if session is None:
            raise ValueError("Reading a path needs an active SparkSession; start one first.")
        paths = [os.fspath(p) for p in (data if isinstance(data, (list, tuple)) else [data])]
        data = session.read.parquet(*paths)
    if not isinstance(data, DataFrame):
        raise TypeError(
            "data must be a PySpark DataFrame or a Parquet path; got "
            f"{type(data).__name__}. The other arguments name its columns."
        )
    for name in names:
        if not isinstance(name, str):
            raise TypeError(
                f"With a Spark DataFrame, y_true, y_score and sample_weight are column "
                f"names; got {type(name).__name__}."
            )
        if name not in data.columns:
            raise ValueError(f"no column {name!r} in data; columns are {list(data.columns)}")
    return functions, data


def _type_kind(data_type):
    """"integer", "float", "decimal", "boolean", "text" or "other"."""
    from pyspark.sql import types as T

    if isinstance(data_type, (T.ByteType, T.ShortType, T.IntegerType, T.LongType)):
        return "integer"
    if isinstance(data_type, (T.FloatType, T.DoubleType)):
        return "float"
    if isinstance(data_type, T.DecimalType):
        return "decimal"
    if isinstance(data_type, T.BooleanType):
        return "boolean"
    if isinstance(data_type, T.StringType):
        return "text"
    return "other"


def _prepare(y_true, y_score, sample_weight, pos_label, data):
    """Check the columns with one aggregation and return the validated :class:`_Input`.

    The checks and their messages are the in-memory functions'; the labels are
    judged over all partitions together (each partition may look binary alone).
    """
    names = [y_true, y_score] + ([sample_weight] if sample_weight is not None else [])
    F, frame = _resolve_frame(data, names)
    label_kind, score_kind = _column_kinds(frame, y_true, y_score, sample_weight, pos_label)
    label, score = F.col(y_true), F.col(y_score)
    aggregates = _aggregates(F, label, score, label_kind, score_kind, sample_weight)
    # Group by label (or by "is positive"): at most 3 groups tell binary from not.
    key = label if pos_label is None else _is_positive(F, label, pos_label, label_kind)
    groups = frame.groupBy(key.alias("key")).agg(*aggregates).limit(3).collect()
    groups = [row.asDict() for row in groups]
    _check_groups(groups, frame, label, label_kind, pos_label, sample_weight, F)

    if pos_label is None:
        classes = np.array(sorted(g["key"] for g in groups))
        check_class_union(classes)  # {0, 1} or {-1, 1}, else the in-memory message
        pos_label = True if label_kind == "boolean" else 1
        is_pos = _is_positive(F, label, pos_label, label_kind)
        positive_group = [g for g in groups if g["key"] == pos_label]
    else:
        is_pos = key
        positive_group = [g for g in groups if g["key"] is True]
    weighted = sample_weight is not None
    n_pos = math.fsum(g["weight" if weighted else "rows"] for g in positive_group)
    n_all = math.fsum(g["weight" if weighted else "rows"] for g in groups)
    kept = sum(g["kept_rows" if weighted else "rows"] for g in groups)
    if weighted and kept == 0:
        raise ValueError("Sample weights must contain at least one non-zero number.")
    if kept == 0:
        raise ValueError("No sample: the curve needs at least one sample.")
    columns = [is_pos.alias("p"), _clean_score(F, frame, y_score, score_kind).alias("s")]
    if weighted:
        columns.append(F.col(sample_weight).cast("double").alias("w"))
        clean = frame.where(F.col(sample_weight).cast("double") > 0).select(*columns)
    else:
        clean = frame.select(*columns)
    whole = all(g["fractional_weights"] == 0 for g in groups) if weighted else True
    return _Input(clean, dict(clean.dtypes)["s"], kept, n_pos, n_all - n_pos, weighted,
                  whole)


def _column_kinds(frame, y_true, y_score, sample_weight, pos_label):
    """The kinds (:func:`_type_kind`) of the label and score columns, each column of a
    type the in-memory functions take and ``pos_label`` of the labels' kind, else the
    in-memory functions' error."""
    types = dict(frame.dtypes)
    schema = {field.name: field.dataType for field in frame.schema.fields}
    label_kind, score_kind = _type_kind(schema[y_true]), _type_kind(schema[y_score])
    if label_kind == "other":
        raise ValueError(f"Labels must be numbers, booleans or text; column {y_true!r} is "
                         f"{types[y_true]}.")
    if score_kind not in ("integer", "float", "decimal", "boolean"):
        raise NonNumericScoreError(
            f"y_score must hold numbers; got {'text' if score_kind == 'text' else 'values'} "
            f"of type {types[y_score]} (column {y_score!r}). Convert them explicitly, e.g. "
            f"with F.col({y_score!r}).cast('double') for numbers written as text."
        )
    if pos_label is not None:
        check_label_kind(np.array([""] if label_kind == "text" else [0]), pos_label)
    if sample_weight is not None and _type_kind(schema[sample_weight]) not in (
            "integer", "float", "decimal"):
        raise ValueError(f"sample_weight must hold numbers; column {sample_weight!r} is "
                         f"{types[sample_weight]}.")
    return label_kind, score_kind


def _aggregates(F, label, score, label_kind, score_kind, sample_weight):
    """The per-label aggregates :func:`_check_groups` and :func:`_prepare` read."""

    def count(condition):
        return F.sum(F.when(condition, 1).otherwise(0))

    aggregates = [F.count(F.lit(1)).alias("rows"), count(score.isNull()).alias("null_scores")]
    if score_kind == "float":
        aggregates += [count(F.isnan(score)).alias("nan_scores"),
                       count(F.abs(score) == float("inf")).alias("inf_scores")]
    if label_kind == "float":
        # x % 1, not floor(x): floor casts to a 64-bit integer, which overflows (an
        # error in Spark's ANSI mode) for values past 9.2e18.
        aggregates.append(count(label % 1 != 0).alias("fractional_labels"))
    if sample_weight is not None:
        weight = F.col(sample_weight).cast("double")
        aggregates += [
            count(weight.isNull() | F.isnan(weight) | (F.abs(weight) == float("inf")))
            .alias("bad_weights"),
            count(weight < 0).alias("negative_weights"),
            count(weight > 0).alias("kept_rows"),
            F.sum(F.when(weight > 0, weight).otherwise(0.0)).alias("weight"),
            count((weight > 0) & (weight % 1 != 0)).alias("fractional_weights"),
        ]
    if label_kind == "float":
        aggregates.append(count(F.isnan(label)).alias("nan_labels"))
    return aggregates


def _clean_score(F, frame, y_score, score_kind):
    """The score column as counted: -0.0 and 0.0 one score (a tie, as in memory),
    decimals as doubles, integers and booleans as longs."""
    score = F.col(y_score)
    if score_kind == "float":
        return F.when(score == 0, F.lit(0.0).cast(frame.schema[y_score].dataType)).otherwise(
            score)
    return score.cast("double" if score_kind == "decimal" else "long")


def _is_positive(F, label, pos_label, label_kind):
    """The column expression ``label == pos_label``; a boolean column compares as
    numbers, as NumPy's ``True == 1`` does."""
    if isinstance(pos_label, np.generic):
        pos_label = pos_label.item()
    if label_kind == "boolean" and not isinstance(pos_label, str):
        return label.cast("double") == F.lit(float(pos_label))
    return label == F.lit(pos_label)


def _check_groups(groups, frame, label, label_kind, pos_label, sample_weight, F):
    """The in-memory errors, from the per-group counts of :func:`_prepare`."""
    if any(g["key"] is None for g in groups):  # label == pos_label is null for null labels
        raise ValueError("Input y_true contains missing values (null labels).")
    if label_kind == "float":
        # Without pos_label, more than two groups may hide a NaN group past the limit.
        if sum(g["nan_labels"] for g in groups) or (
                len(groups) > 2 and frame.where(F.isnan(label)).limit(1).count()):
            raise ValueError("Input y_true contains NaN.")
        # type_of_target calls fractional labels continuous before it counts classes.
        if sum(g["fractional_labels"] for g in groups) or (
                len(groups) > 2 and frame.where(label % 1 != 0).limit(1).count()):
            raise ValueError("y_true holds values that are not whole numbers: continuous "
                             "format is not supported")
    if sum(g["null_scores"] for g in groups):
        raise ValueError("Input y_score contains missing values (null scores).")
    if sum(g.get("nan_scores", 0) for g in groups):
        check_scores(np.array([np.nan]))
    if sum(g.get("inf_scores", 0) for g in groups):
        check_scores(np.array([np.inf]))
    if sample_weight is not None:
        if sum(g["bad_weights"] for g in groups) or sum(g["negative_weights"] for g in groups):
            raise ValueError("sample_weight must hold finite non-negative values.")


def _require_two_classes(prepared):
    if prepared.n_pos <= 0 or prepared.n_neg <= 0:
        raise single_class_error()


# --- exact mode ---------------------------------------------------------------------


def _batch_columns(batches, weighted):
    """Concatenated numpy columns ``(is_pos, score, weight or None)`` of Arrow batches."""
    import pyarrow as pa

    batches = [b for b in batches if b.num_rows]
    if not batches:
        return None
    table = pa.Table.from_batches(batches)
    is_pos = table.column("p").to_numpy()
    score = table.column("s").to_numpy()
    weight = table.column("w").to_numpy() if weighted else None
    return is_pos, score, weight


def _chunk_tables(weighted):
    """The executor's side of the exact pass, first half: the counting kernel on each
    chunk of a partition's rows (up to ``_BATCH_ROWS`` rows at a time), sent on as the
    chunk's per-score weights. Ties collapse here, before any shuffle, so a score held
    by a billion rows travels as one row per chunk."""

    def count(batches):
        import pyarrow as pa

        pending, rows = [], 0
        for batch in batches:
            pending.append(batch)
            rows += batch.num_rows
            if rows >= _BATCH_ROWS:
                yield from _chunk_table(pending, weighted, pa)
                pending, rows = [], 0
        yield from _chunk_table(pending, weighted, pa)

    return count


def _chunk_table(batches, weighted, pa):
    columns = _batch_columns(batches, weighted)
    if columns is None:
        return
    table = count_rows(*columns)
    yield pa.RecordBatch.from_arrays(
        [pa.array(table.thresholds), pa.array(table.pos), pa.array(table.neg)],
        names=["s", "pos", "neg"])


def _merge_range(batches):
    """The exact pass, second half: one score range's chunk tables merged into the
    range's table (decreasing scores, cumulative counts)."""
    import pyarrow as pa

    batches = [b for b in batches if b.num_rows]
    if not batches:
        return
    pieces = pa.Table.from_batches(batches)
    table = CountTable.from_pieces(pieces.column("s").to_numpy(),
                                   pieces.column("pos").to_numpy(),
                                   pieces.column("neg").to_numpy())
    for start in range(0, len(table), _BATCH_ROWS):
        stop = start + _BATCH_ROWS
        yield pa.RecordBatch.from_arrays(
            [pa.array(table.thresholds[start:stop]), pa.array(table.tps[start:stop]),
             pa.array(table.fps[start:stop])], names=["s", "tp", "fp"])


def _read_range(batches):
    """One cached range's ``(key, CountTable)``, or None for an empty partition: its key,
    the range's top score, identifies it whatever the partition numbering."""
    import pyarrow as pa

    batches = [b for b in batches if b.num_rows]
    if not batches:
        return None
    table = pa.Table.from_batches(batches)
    thresholds = table.column("s").to_numpy()
    tps, fps = table.column("tp").to_numpy(), table.column("fp").to_numpy()
    if thresholds.shape[0] > 1 and not np.all(thresholds[1:] < thresholds[:-1]):
        # Cached rows come back in the order written; this guards the assumption.
        raise RuntimeError("A cached range table lost its order; please report this.")
    # (pickled: a float key would merge distinct 64-bit integer scores)
    return pickle.dumps(thresholds[0].item()), CountTable(thresholds, tps, fps)


def _range_totals(batches):
    import pyarrow as pa

    found = _read_range(batches)
    if found is None:
        return
    key, table = found
    yield pa.RecordBatch.from_pydict({
        "top": [key], "tp": [table.n_pos], "fp": [table.n_neg], "n": [len(table)]})


def _range_results(offsets, n_pos, n_neg, requests, census=None):
    """The executor's side of a measure: each range's pieces, pickled, keyed by the
    range's key. The range is a cached table (:func:`_read_range`), or with ``census``
    (``(weighted, edges)``) the census plan's rows, counted here
    (:func:`_count_census`)."""

    def evaluate(batches):
        import pyarrow as pa

        found = _read_range(batches) if census is None else _count_census(batches, *census)
        if found is None:
            return
        key, table = found
        pieces = range_pieces(table, offsets[key], n_pos, n_neg, requests)
        yield pa.RecordBatch.from_pydict({"top": [key], "result": [pickle.dumps(pieces)]})

    return evaluate


def _count_census(batches, weighted, edges):
    """One range of the census plan counted: ``(its number, its CountTable)``, or None
    for an empty partition. Its rows are packed keys (order key times 2 plus the class);
    the range is the partition's number, which the rows' scores must agree with."""
    import pyarrow as pa
    from pyspark import TaskContext

    batches = [b for b in batches if b.num_rows]
    if not batches:
        return None
    rows = pa.Table.from_batches(batches)
    packed = rows.column("k").to_numpy().view(np.uint64)
    weight = rows.column("w").to_numpy() if weighted else None
    counted = count_rows((packed & np.uint64(1)).astype(bool),
                         (packed >> np.uint64(1)).astype(np.uint32), weight)
    scores = key_values(counted.thresholds)
    r = TaskContext.get().partitionId()
    if (r > 0 and not scores[-1] > edges[r - 1]) or (r < len(edges) and not scores[0] <= edges[r]):
        raise RuntimeError("Rows of two ranges reached one partition; please report this.")
    return pickle.dumps(r), CountTable(scores, counted.tps, counted.fps)


class DistributedTable(RangedTable):
    """The counting table of a Spark DataFrame, held as score ranges on the executors.

    Made by :func:`exact_summary`: one pass over the data; every area is then computed
    from the cached range tables, with one small result per range reaching the
    driver, so several areas cost one pass. Call :meth:`unpersist` (or use it as a
    context manager) to free the executors' cache.

    Attributes
    ----------
    n_pos, n_neg : float
        Total weight of positives and negatives.
    n_ranges : int
        Number of non-empty score ranges.
    largest_range : int
        Size of the largest range, which no process exceeds: its distinct scores, or
        its rows where the census plan (float32 scores) read the totals.

    Examples
    --------
    >>> from pyspark.sql import SparkSession
    >>> import sklearn_prcurves.spark as sps
    >>> spark = SparkSession.builder.master("local[2]").getOrCreate()
    >>> df = spark.createDataFrame(
    ...     [(0, 0.1), (1, 0.8), (1, 0.6), (0, 0.7), (1, 0.3), (0, 0.2)] * 50, ["y", "s"])
    >>> with sps.exact_summary("y", "s", data=df, n_ranges=2) as table:
    ...     print(table)
    ...     print(round(table.roc_auc(), 4), round(table.average_precision(), 4))
    DistributedTable(n_pos=150.0, n_neg=150.0, n_ranges=2, largest_range=3)
    0.7778 0.8056
    """

    def __init__(self, cached, totals, census=None):
        self._census = census  # (the census plan's: rows, counted at each evaluation)
        for row in totals:
            row["top"] = bytes(row["top"])  # Spark hands binary values as bytearray
        totals = sorted(totals, key=lambda row: pickle.loads(row["top"]), reverse=True)
        super().__init__([(row["tp"], row["fp"], row["n"]) for row in totals])
        self._cached = cached
        self._tops = [row["top"] for row in totals]
        self._offset_of = {top: tuple(map(float, offsets))
                           for top, offsets in zip(self._tops, self._offsets)}

    def _pieces(self, requests):
        with _python_workers(self._cached.sparkSession):
            rows = _map_in_arrow(
                self._cached,
                _range_results(self._offset_of, self.n_pos, self.n_neg, requests,
                               self._census),
                "top binary, result binary",
            ).collect()
        by_top = {bytes(row["top"]): pickle.loads(row["result"]) for row in rows}
        empty = range_pieces(None, (0.0, 0.0), self.n_pos, self.n_neg, requests)
        return [by_top.get(top, empty) for top in self._tops]

    def unpersist(self):
        """Drop the cached range tables from the executors."""
        self._cached.unpersist()

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        self.unpersist()


def exact_summary(y_true, y_score, *, data, sample_weight=None, pos_label=None,
                  n_ranges=None, persist=True):
    """:func:`sklearn_prcurves.spark.exact_summary` (its parameters and what it returns)."""
    prepared = _prepare(y_true, y_score, sample_weight, pos_label, data)
    _require_two_classes(prepared)
    return _exact_table(prepared, n_ranges, persist)


def _exact_table(prepared, n_ranges, persist):
    from pyspark.sql import functions as F

    frame = prepared.frame
    if n_ranges is None:
        parallelism = frame.sparkSession.sparkContext.defaultParallelism
        n_ranges = max(parallelism, math.ceil(prepared.n_rows / _ROWS_PER_RANGE))
    elif isinstance(n_ranges, bool) or not isinstance(n_ranges, int) or n_ranges < 1:
        raise ValueError(f"n_ranges must be a positive integer; got {n_ranges!r}.")
    if prepared.score_type == "float":  # (float32: the census plan, where it can plan)
        table = _census_table(prepared, n_ranges, persist)
        if table is not None:
            return table
    score_type = prepared.score_type
    chunks = _map_in_arrow(frame, _chunk_tables(prepared.weighted),
                           f"s {score_type}, pos double, neg double")
    ranged = chunks.repartitionByRange(n_ranges, F.col("s").desc())
    cached = _map_in_arrow(ranged, _merge_range, f"s {score_type}, tp double, fp double")
    # (always kept: a second reading would sample other edges)
    cached = cached.persist()
    try:
        with _python_workers(frame.sparkSession):
            totals = _map_in_arrow(cached, _range_totals,
                                   "top binary, tp double, fp double, n long").collect()
        return DistributedTable(cached, [row.asDict() for row in totals])
    except BaseException:
        cached.unpersist()
        raise


# --- the census plan (float32 scores) -----------------------------------------------


def _with_float32_key(frame, rounded):
    """``frame`` with the column ``key``: the order key of each score ``s`` as float32
    (:mod:`~sklearn_prcurves._engines._census`'s, the binned summary's), in Spark's own
    arithmetic: a long in [0, 2**32). ``rounded``: doubles, rounded to float32 as the
    binned summary rounds them.

    Spark has no view of a float's bits: the exponent comes from a logarithm, corrected
    by powers of two (exact, where the logarithm may put it a unit off), the mantissa
    from the quotient (exact for a float32). One projection per step: Spark keeps a
    column used twice as one (written as one expression, each use repeated the
    logarithm below it: 30 times slower)."""
    from pyspark.sql import functions as F

    kept = [c for c in frame.columns if c not in ("_v", "_size", "_e", "_p", "_m")]
    value = F.col("s").cast("float").cast("double")
    if rounded:  # (below float32's normals: 0's bin, or -tiny's, in every mode)
        tiny = float(np.finfo(np.float32).tiny)
        small = (F.abs(F.col("s")) < tiny) & (F.col("s") != 0)
        value = F.when(small & (F.col("s") > 0), 0.0).when(small, -tiny).otherwise(value)
    frame = frame.select(*kept, value.alias("_v")).withColumn("_size", F.abs("_v"))
    size = F.col("_size")
    finite = F.when((size == 0) | (size == math.inf), 1.0).otherwise(size)
    # (ln over ln 2: one logarithm, where log2 takes two; the power by a shift where
    # it fits a long: StrictMath's pow took a third of the pass)
    frame = frame.withColumn("_e", F.floor(F.log(finite) * (1 / math.log(2))))
    frame = frame.withColumn("_p", F.expr(
        "CASE WHEN _e BETWEEN 0 AND 62 THEN CAST(shiftleft(1L, CAST(_e AS INT)) AS DOUBLE) "
        "WHEN _e BETWEEN -62 AND -1 THEN 1.0D / CAST(shiftleft(1L, CAST(-_e AS INT)) AS "
        "DOUBLE) ELSE pow(2.0D, _e) END"))
    power = F.col("_p")
    up, down = finite >= 2 * power, finite < power
    frame = frame.select(*kept, "_v", "_size",
                         (F.col("_e") + F.when(up, 1).when(down, -1).otherwise(0)).alias("_e"),
                         F.when(up, 2 * power).when(down, power / 2).otherwise(power)
                         .alias("_p"))
    exponent, power = F.col("_e"), F.col("_p")
    frame = frame.withColumn("_m", F.when(size == math.inf, float(255 << 23))
                             .when(size < 2.0**-126, size * 2.0**149)
                             .otherwise((exponent + 126) * float(1 << 23)
                                        + size * float(1 << 23) / power))
    value, magnitude = F.col("_v"), F.col("_m")
    key = (F.when(value == 0, float(1 << 31)).when(value > 0, (1 << 31) + magnitude)
           .otherwise((1 << 31) - 1 - magnitude))
    return frame.select(*kept, key.cast("long").alias("key"))


def _collected(frame, *names):
    """The columns ``names`` of a small frame, as NumPy arrays on the driver."""
    table = frame.toArrow() if hasattr(frame, "toArrow") else None
    if table is not None:
        return [table.column(name).to_numpy() for name in names]
    rows = frame.collect()  # pragma: no cover - PySpark before 4.0
    return [np.array([row[name] for row in rows]) for name in names]


def _census_table(prepared, n_ranges, persist=True):
    """The exact table by the census plan: one aggregation in the JVM gives the
    histogram, so the ranges and their totals (:func:`~sklearn_prcurves._engines._census.
    histogram_plan`); each row then moves once, to the partition of its range, as one
    long (its score's order key and its class), and stays there (with ``persist``).
    Each evaluation counts every range where it lies. None where a score is too heavily
    repeated for the histogram to plan (the sampled plan gives it a range of its
    own)."""
    from pyspark.sql import functions as F

    frame = prepared.frame
    plan = histogram_plan(_histogram(prepared), n_ranges)
    if plan is None:
        return None
    edges, totals = plan
    keys = _partition_keys(frame.sparkSession, edges.shape[0] + 1)
    # (one column to Python, not three: Spark's Arrow transfer costs by the value)
    packed = F.shiftleft("key", 1) + F.col("p").cast("long")
    rows = _with_float32_key(frame, False).select(
        "s", packed.alias("k"), *(["w"] if prepared.weighted else []))
    rows = _with_range_key(rows, edges, keys).drop("s")
    rows = rows.repartition(len(keys), "r").drop("r")
    return DistributedTable(rows.persist() if persist else rows, [
        {"top": pickle.dumps(r), "tp": tp, "fp": fp, "n": int(n)}
        for r, (tp, fp, n) in enumerate(totals)], (prepared.weighted, edges))


def _histogram(prepared):
    """The census's histogram (:func:`~sklearn_prcurves._engines._census.histogram`) of float32
    scores, by one aggregation in the JVM."""
    from pyspark.sql import functions as F

    slot = F.shiftright(F.col("key"), 32 - LEADING_BITS) * 2 + F.col("p").cast("long")
    weight = F.col("w") if prepared.weighted else F.lit(1.0)
    counts = _with_float32_key(prepared.frame, False).groupBy(slot.alias("slot")).agg(
        F.count(F.lit(1)).alias("rows"), F.sum(weight).alias("weight"))
    slots, rows, weights = _collected(counts, "slot", "rows", "weight")
    order = np.argsort(slots)
    return (slots[order].astype(np.uint32), rows[order].astype(np.float64),
            weights[order].astype(np.float64))


def _partition_keys(session, n):
    """A key for each of ``n`` partitions, which Spark's hash partitioning sends there
    (``pmod(hash(key), n)``, its rule): each range its own partition, with no sampling
    job to place them (as a range partitioning's)."""
    from pyspark.sql import functions as F

    found = (session.range(0, 64 * n)
             .select("id", F.expr(f"pmod(hash(id), {n})").alias("p"))
             .groupBy("p").agg(F.min("id").alias("id")))
    partition, key = _collected(found, "p", "id")
    if partition.shape[0] < n:  # pragma: no cover - about n e**-64 to happen
        raise RuntimeError("No key found for a partition; please report this.")
    return key[np.argsort(partition)].tolist()


#: Ranges up to which a score's range is found by nested comparisons (compiled with the
#: rest of the row's arithmetic); past it, by Spark's bucketizer (a function call a row,
#: 10-15% slower at 1e8 rows, but a search over hundreds of ranges written as one
#: expression fell back from compiled code and took minutes a billion rows).
_COMPARED_RANGES = 64


def _with_range_key(frame, edges, keys):
    """``frame`` with the column ``r``: the partition key of each score's range (range
    r holds edges[r-1] < s <= edges[r]). The bucketizer's bounds are half-open: float32
    scores are below an edge exactly when below the next float32 up."""
    from pyspark.ml.feature import Bucketizer
    from pyspark.sql import functions as F

    if len(keys) <= _COMPARED_RANGES:
        return frame.withColumn("r", _compared(F, F.col("s"), edges, keys))
    above = np.nextafter(edges.astype(np.float32), np.float32(np.inf))
    splits = [-math.inf, *above.astype(np.float64).tolist(), math.inf]
    bucketed = Bucketizer(splits=splits, inputCol="s", outputCol="_range").transform(
        frame.withColumn("s", F.col("s").cast("double")))
    lookup = F.array(*[F.lit(key).cast("long") for key in keys])  # (longs, as hashed)
    return bucketed.withColumn("r", F.element_at(lookup, F.col("_range").cast("int") + 1)
                               ).drop("_range")


def _compared(F, score, edges, keys, low=0, high=None):
    """The partition key of each score's range: a binary search as nested comparisons."""
    high = len(keys) - 1 if high is None else high
    if low == high:  # (a long, as the keys were hashed: an int hashes otherwise)
        return F.lit(keys[low]).cast("long")
    middle = (low + high) // 2
    return F.when(score <= float(edges[middle]), _compared(F, score, edges, keys, low, middle)
                  ).otherwise(_compared(F, score, edges, keys, middle + 1, high))


# --- binned mode --------------------------------------------------------------------


def _bin_partition(mantissa_bits, weighted):
    """The executor's side of the binned pass: one partition's bins (keys as the
    int64 of their unsigned bits, so that Spark can add them up)."""

    def count(batches):
        import pyarrow as pa

        columns = _batch_columns(batches, weighted)
        if columns is None:
            return
        summary = BinnedSummary(mantissa_bits).add_counts(*columns)
        yield pa.RecordBatch.from_arrays(
            [pa.array(summary.keys_.view(np.int64)), pa.array(summary.pos_),
             pa.array(summary.neg_)], names=["k", "pos", "neg"])

    return count


def _bins(prepared, mantissa_bits):
    """Rows ``k, pos, neg``: each row's bin and weight by class. Float scores are binned
    in Spark's own arithmetic (the float32 order key's leading bits: no row leaves the
    JVM), other scores and finer bins by the binned summary in Python workers, a
    partition's bins at a time."""
    from pyspark.sql import functions as F

    if prepared.score_type not in ("float", "double") or mantissa_bits > 23:
        return _map_in_arrow(prepared.frame, _bin_partition(mantissa_bits, prepared.weighted),
                             "k long, pos double, neg double")
    frame = _with_float32_key(prepared.frame, prepared.score_type == "double")
    weight = F.col("w") if prepared.weighted else F.lit(1.0)
    return frame.select(F.shiftright("key", 23 - mantissa_bits).alias("k"),
                                 F.when(F.col("p"), weight).otherwise(0.0).alias("pos"),
                                 F.when(F.col("p"), 0.0).otherwise(weight).alias("neg"))


def _refine_partition(mantissa_bits, weighted, keys):
    """The executor's side of the refining pass: exact counts, per full order key, of
    the partition's rows that fall in bins ``keys``."""

    def count(batches):
        import pyarrow as pa

        columns = _batch_columns(batches, weighted)
        if columns is None:
            return
        is_pos, score, weight = columns
        bins = BinnedSummary(mantissa_bits)._bins(score).astype(np.uint64)
        rows = np.isin(bins, keys)
        if not rows.any():
            return
        table = count_rows(is_pos[rows], order_key(score[rows]),
                            None if weight is None else weight[rows])
        yield pa.RecordBatch.from_arrays(
            [pa.array(table.thresholds.view(np.int64)), pa.array(table.pos),
             pa.array(table.neg)], names=["k", "pos", "neg"])

    return count


def _added_up(frame):
    """``(keys, pos, neg)`` of rows ``k, pos, neg`` summed per key; keys increasing
    as unsigned integers."""
    from pyspark.sql import functions as F

    rows = frame.groupBy("k").agg(F.sum("pos").alias("pos"), F.sum("neg").alias("neg"))
    with _python_workers(frame.sparkSession):
        keys, pos, neg = _collected(rows, "k", "pos", "neg")
    keys = keys.astype(np.int64).view(np.uint64)
    pos, neg = pos.astype(np.float64), neg.astype(np.float64)
    order = np.argsort(keys)
    return keys[order], pos[order], neg[order]


def binned_summary(y_true, y_score, *, data, sample_weight=None, pos_label=None,
                   mantissa_bits=12, tolerance=None):
    """:func:`sklearn_prcurves.spark.binned_summary` (its parameters and what it returns)."""
    summary = BinnedSummary(mantissa_bits, pos_label)  # checks mantissa_bits first
    if tolerance is not None and not (isinstance(tolerance, (int, float))
                                      and not isinstance(tolerance, bool) and tolerance >= 0):
        raise ValueError(f"tolerance must be a non-negative number; got {tolerance!r}.")
    prepared = _prepare(y_true, y_score, sample_weight, pos_label, data)
    _require_two_classes(prepared)
    summary.keys_, summary.pos_, summary.neg_ = _added_up(_bins(prepared, mantissa_bits))
    summary.integer_weights_ = prepared.whole_weights
    summary.classes_ = None  # the labels were checked by the aggregation
    if tolerance is None:
        return summary
    keys = summary.bins_to_refine(tolerance)
    if keys.shape[0] == 0:
        return summary
    exact = _map_in_arrow(prepared.frame,
                          _refine_partition(mantissa_bits, prepared.weighted, keys),
                          "k long, pos double, neg double")
    order_keys, pos, neg = _added_up(exact)
    table = None if order_keys.shape[0] == 0 else CountTable.from_counts(
        order_keys[::-1], pos[::-1], neg[::-1])
    return summary.refined(keys, table)


# --- one-shot functions -------------------------------------------------------------


def opened(table):
    return table  # (a DistributedTable: its cached ranges dropped after the reading)


#: :func:`exact_summary` for one reading: nothing kept on the executors.
read_once = functools.partial(exact_summary, persist=False)


class SparkRunner:
    """Maps a pass over the parts of the input onto Spark executors, one task a part."""

    name = "spark"

    def __init__(self, master=None):
        warnings.filterwarnings("ignore", message="PySpark does not yet fully support pandas")
        try:
            from pyspark.sql import SparkSession
        except ImportError:
            raise InputError(
                "--engine spark needs pyspark: pip install 'sklearn-prcurves[spark]'"
            ) from None
        self._started = SparkSession.getActiveSession() is None
        master = master or f"local[{min(4, os.cpu_count() or 1)}]"
        if master.startswith("local"):
            os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
            # The executors' Python is this one (Spark would start python3 from PATH,
            # which lacks this package when its virtual environment is not activated).
            os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
        try:
            self.session = (SparkSession.builder.master(master)
                            .appName("sklearn-prcurves report")
                            .config("spark.ui.showConsoleProgress", "false")
                            .getOrCreate())
        except Exception as exc:  # Spark reports a missing Java runtime this way
            raise InputError(f"--engine spark could not start Spark ({master}): "
                             f"{str(exc).splitlines()[0]}") from None
        self.session.sparkContext.setLogLevel("ERROR")

    def parts(self, source):
        return source.split()

    def map(self, function, parts, *args):
        context = self.session.sparkContext
        results = (context.parallelize(parts, len(parts))
                   .map(lambda part: _outcome(function, part, args))
                   .collect())  # in the order of the parts
        for failed, value in results:
            if failed:
                raise value  # the reader's own message (file, line, column)
        return [value for _, value in results]

    def each(self, function, parts, *args):
        return iter(self.map(function, parts, *args))  # (collected at once, in order)

    def close(self):
        if self._started:
            self.session.stop()


def _outcome(function, part, args):
    """``(False, result)``, or ``(True, error)`` for an input error: Spark would wrap
    an exception raised on an executor in its own, traceback and all."""
    try:
        return False, function(part, *args)
    except InputError as error:
        return True, error

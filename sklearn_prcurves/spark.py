"""The package's areas on PySpark DataFrames, exactly or with certified bounds (extra: ``spark``).

Inputs are a DataFrame (``data=``, or a Parquet path read with the active session) and
the names of its label, score and optional weight columns::

    import sklearn_prcurves.spark as sps
    sps.pr_auc_score("y", "s", data=df, sample_weight="w")

Results are plain floats, the same numbers as the in-memory functions.

How it runs, and what reaches the driver:

1. One aggregation checks the columns as the in-memory functions check arrays
   (labels of all partitions together, ``pos_label``, missing or non-finite scores,
   negative weights) and counts the rows and the weight of each class.
2. ``mode="exact"``: each partition runs the package's counting kernel on its rows
   (ties collapse there, before anything moves); the per-score counts are
   range-partitioned by score (Spark's own sampling places the edges; all counts of a
   score land in one range) and each range merges them into its table, so a process
   holds at most a range's distinct scores, never all rows. The range tables stay
   cached on the executors; the driver receives each range's totals, computes where each range's
   piece of the global curve starts, and then receives one small result per range: a
   partial area, the vertices of the piece's ROC convex hull, a best statistic.
   Several measures of one :func:`exact_summary` cost one pass over the data.
3. ``mode="binned"``: each partition counts its rows per relative-precision bin of the
   score (a :class:`~sklearn_prcurves.BinnedSummary`), Spark adds the bins up, and the
   driver receives at most ``2**(9 + mantissa_bits)`` bins. Every result comes with a
   guaranteed bound; ``tolerance`` refines the bins that matter in a second pass.

Executors must have ``sklearn_prcurves`` installed (as any Python UDF's module).

Spark's own ``BinaryClassificationMetrics`` joins PR points by straight lines (the
error Davis and Goadrich describe) and, by default, down-samples the curve to 1,000
bins without a bound; see the user guide's Spark page.

References
----------
J. Davis and M. Goadrich, "The Relationship Between Precision-Recall and ROC Curves",
ICML 2006.
"""

from ._engines import _spark as engine
from ._engines._fronts import front_value, shared_parameters
from ._engines._spark import DistributedTable

__all__ = [
    "DistributedTable",
    "achievable_pr_auc_score",
    "average_precision_score",
    "binned_summary",
    "exact_summary",
    "pr_auc_score",
    "roc_auc_score",
]


def exact_summary(y_true, y_score, *, data, sample_weight=None, pos_label=None,
                  n_ranges=None, persist=True):
    """One exact pass over a Spark DataFrame: a :class:`DistributedTable` for many areas.

    Parameters
    ----------
    y_true, y_score : str
        Names of the label and score columns of ``data``.
    data : pyspark.sql.DataFrame, str, path-like or list of them
        The DataFrame, or Parquet files read with the active SparkSession.
    sample_weight : str, default=None
        Name of a column of non-negative weights (rows of weight zero are dropped).
    pos_label : int, float, bool or str, default=None
        None means 1 with labels in {0, 1} or {-1, 1} (True for boolean labels).
    n_ranges : int, default=None
        Score ranges (Spark partitions) counted in parallel; by default one per
        2**21 rows, and at least the session's default parallelism.
    persist : bool, default=True
        Keep each range on the executors (its rows, or its table) until
        :meth:`DistributedTable.unpersist`, so that every further area reads it there.
        False, with float32 scores (the census plan): nothing is kept, and each
        evaluation is one pass over the data (:meth:`~DistributedTable.scores` gives
        six areas in one); the one-shot functions read so. Other scores' ranges are
        kept whatever it says: Spark's sample of their edges would change between
        readings.

    Returns
    -------
    table : DistributedTable

    Examples
    --------
    >>> from pyspark.sql import SparkSession
    >>> import sklearn_prcurves.spark as sps
    >>> spark = SparkSession.builder.master("local[2]").getOrCreate()
    >>> df = spark.createDataFrame(
    ...     [(0, 0.1), (1, 0.8), (1, 0.6), (0, 0.7), (1, 0.3), (0, 0.2)] * 50, ["y", "s"])
    >>> table = sps.exact_summary("y", "s", data=df)
    >>> scores = table.scores()
    >>> {name: round(v, 4) for name, v in scores.items()}  # doctest: +NORMALIZE_WHITESPACE
    {'roc_auc': 0.7778, 'average_precision': 0.8056, 'pr_auc': 0.7689,
     'pr_auc_continuous': 0.769, 'achievable_pr_auc': 0.8805, 'roc_convex_hull_auc': 0.8889}
    >>> table.unpersist()
    """
    return engine.exact_summary(y_true, y_score, data=data, sample_weight=sample_weight,
                                pos_label=pos_label, n_ranges=n_ranges, persist=persist)


def binned_summary(y_true, y_score, *, data, sample_weight=None, pos_label=None,
                   mantissa_bits=12, tolerance=None):
    """A :class:`~sklearn_prcurves.BinnedSummary` of a Spark DataFrame: bounded size,
    guaranteed bounds.

    Parameters
    ----------
    y_true, y_score : str
        Names of the label and score columns of ``data``.
    data : pyspark.sql.DataFrame, str, path-like or list of them
        The DataFrame, or Parquet files read with the active SparkSession.
    sample_weight : str, default=None
        Name of a column of non-negative weights.
    pos_label : int, float, bool or str, default=None
        None means 1 with labels in {0, 1} or {-1, 1} (True for boolean labels).
    mantissa_bits : int, default=12
        Bin resolution (see :class:`~sklearn_prcurves.BinnedSummary`).
    tolerance : float, default=None
        If the AUC-ROC bound exceeds it, a second pass replaces the bins holding both
        classes (largest ``p_b * n_b`` first) by exact counts until the bound is at
        most ``tolerance``; 0 gives the exact AUC-ROC.

    Returns
    -------
    summary : BinnedSummary
        With ``roc_auc()`` (estimate and guaranteed bound),
        ``average_precision_interval()`` and ``pr_auc()``.

    Examples
    --------
    >>> from pyspark.sql import SparkSession
    >>> import sklearn_prcurves.spark as sps
    >>> spark = SparkSession.builder.master("local[2]").getOrCreate()
    >>> df = spark.createDataFrame(
    ...     [(0, 0.1), (1, 0.8), (1, 0.6), (0, 0.7), (1, 0.3), (0, 0.2)] * 50, ["y", "s"])
    >>> estimate, bound = sps.binned_summary("y", "s", data=df, mantissa_bits=4).roc_auc()
    >>> bool(abs(estimate - 7 / 9) <= bound)
    True
    """
    return engine.binned_summary(y_true, y_score, data=data, sample_weight=sample_weight,
                                 pos_label=pos_label, mantissa_bits=mantissa_bits,
                                 tolerance=tolerance)


# The measures' shared parameters, described once: ``{name}`` in their docstrings.
_SHARED = shared_parameters({
    'y': ('y_true, y_score : str\n'
     '    Names of the label and score columns of ``data``.\n'),
    'data': ('data : pyspark.sql.DataFrame, str, path-like or list of them\n'),
    'sample_weight': ('sample_weight : str, default=None\n'),
    'pos_label': ('pos_label : int, float, bool or str, default=None\n'),
    'mode': ('mode : {"exact", "binned"}, default="exact"\n'),
    'n_ranges': ('n_ranges : int, default=None\n'
     '    Exact mode: score ranges counted in parallel.\n'),
    'mantissa_bits': ('mantissa_bits : int, default=12\n'
     '    Binned mode resolution.\n'),
    'tolerance': ('tolerance : float, default=None\n'
     '    Binned mode: refine until the bound is at most this.\n'),
    'interpolation': ('interpolation : {"davis-goadrich", "continuous", "linear", "step"}, '
                      'default="davis-goadrich"\n'),
    'leading_negatives': ('leading_negatives : {"interpolate", "drop"}, default="interpolate"\n'),
})


@_SHARED
def roc_auc_score(y_true, y_score, *, data, sample_weight=None, pos_label=None,
                  mode="exact", n_ranges=None, mantissa_bits=12, tolerance=None):
    """AUC-ROC of a Spark DataFrame; ``mode="binned"`` returns ``(estimate, bound)``.

    Parameters
    ----------
    {y}
    {data}
    {sample_weight}
    {pos_label}
    {mode}
    {n_ranges}
    {mantissa_bits}
    {tolerance}

    Returns
    -------
    auc : float, or ``(estimate, bound)`` in binned mode

    Examples
    --------
    >>> from pyspark.sql import SparkSession
    >>> import sklearn_prcurves.spark as sps
    >>> spark = SparkSession.builder.master("local[2]").getOrCreate()
    >>> df = spark.createDataFrame([(0, 0.1), (0, 0.4), (1, 0.35), (1, 0.8)], ["y", "s"])
    >>> sps.roc_auc_score("y", "s", data=df)
    0.75
    """
    return front_value("roc_auc_score", locals(), engine.read_once, engine.binned_summary,
                       engine.opened)


@_SHARED
def pr_auc_score(y_true, y_score, *, data, interpolation="davis-goadrich", sample_weight=None,
                 pos_label=None, leading_negatives="interpolate", mode="exact", n_ranges=None,
                 mantissa_bits=12):
    """Interpolated AUC-PR of a Spark DataFrame, as :func:`sklearn_prcurves.pr_auc_score`.

    Binned mode returns the estimate with each bin as a tie group (no bound; see
    :func:`average_precision_score` for a guaranteed interval).

    Parameters
    ----------
    {y}
    {data}
    {interpolation}
    {sample_weight}
    {pos_label}
    {leading_negatives}
    {mode}
    {n_ranges}
    {mantissa_bits}

    Returns
    -------
    auc : float

    Examples
    --------
    >>> from pyspark.sql import SparkSession
    >>> import sklearn_prcurves.spark as sps
    >>> spark = SparkSession.builder.master("local[2]").getOrCreate()
    >>> df = spark.createDataFrame([(0, 0.9), (1, 0.1)], ["y", "s"])
    >>> sps.pr_auc_score("y", "s", data=df), sps.pr_auc_score(
    ...     "y", "s", data=df, leading_negatives="drop")
    (0.25, 0.5)
    """
    return front_value("pr_auc_score", locals(), engine.read_once, engine.binned_summary,
                       engine.opened)


@_SHARED
def average_precision_score(y_true, y_score, *, data, sample_weight=None, pos_label=None,
                            mode="exact", n_ranges=None, mantissa_bits=12, tolerance=None):
    """Average precision of a Spark DataFrame; ``mode="binned"`` returns a guaranteed
    interval ``(low, high)``.

    Parameters
    ----------
    {y}
    {data}
    {sample_weight}
    {pos_label}
    {mode}
    {n_ranges}
    {mantissa_bits}
    tolerance : float, default=None
        Binned mode: refine the bins that hold both classes as for AUC-ROC.

    Returns
    -------
    ap : float, or ``(low, high)`` in binned mode

    Examples
    --------
    >>> from pyspark.sql import SparkSession
    >>> import sklearn_prcurves.spark as sps
    >>> spark = SparkSession.builder.master("local[2]").getOrCreate()
    >>> df = spark.createDataFrame([(0, 0.1), (0, 0.4), (1, 0.35), (1, 0.8)], ["y", "s"])
    >>> round(sps.average_precision_score("y", "s", data=df), 4)
    0.8333
    """
    return front_value("average_precision_score", locals(), engine.read_once, engine.binned_summary,
                       engine.opened)


@_SHARED
def achievable_pr_auc_score(y_true, y_score, *, data, interpolation="davis-goadrich",
                            sample_weight=None, pos_label=None, n_ranges=None):
    """Area under the achievable PR curve of a Spark DataFrame (exact).

    Each range sends the driver only the vertices of its piece's convex hull; the
    global hull's vertices are among them.

    Parameters
    ----------
    {y}
    {data}
    {interpolation}
    {sample_weight}
    {pos_label}
    {n_ranges}

    Returns
    -------
    auc : float

    Examples
    --------
    >>> from pyspark.sql import SparkSession
    >>> import sklearn_prcurves.spark as sps
    >>> spark = SparkSession.builder.master("local[2]").getOrCreate()
    >>> df = spark.createDataFrame([(1, 0.8), (0, 0.6), (1, 0.4)], ["y", "s"])
    >>> round(sps.achievable_pr_auc_score("y", "s", data=df), 4)
    0.9167
    """
    return front_value("achievable_pr_auc_score", locals(), engine.read_once, engine.binned_summary,
                       engine.opened)

"""The package's areas on data too large for one machine, with Dask (extra: ``dask``).

Inputs are dask arrays, dask dataframe columns, or column names of a dask DataFrame
given as ``data=`` (:func:`read_parquet` reads Parquet files into one); results are
plain floats.

``mode="exact"`` gives the same numbers as the in-memory functions without any
process holding the whole counting table: the score axis is cut into ranges (edges
from a sample of the scores), a shuffle brings each range's rows to the task that
counts that range (one run of the counting kernel per range, on the workers), and
only small results travel to the client: each range's totals (from which the client
computes where each range's piece of the curve starts), then each range's partial
area. The areas of consecutive pieces of a curve add up to the area of the whole
curve. The shuffle goes through the workers' memory, or, for data larger than they
hold, through their disks (``shuffle=`` of :func:`exact_summary`).

``mode="binned"`` merges a :class:`~sklearn_prcurves.BinnedSummary` per partition
(counts per relative-precision bin of the score) and returns its estimates with
their guaranteed bounds: faster, bounded memory, an error you can state.

References
----------
J. Davis and M. Goadrich, "The Relationship Between Precision-Recall and ROC Curves",
ICML 2006.
"""

from ._engines import _dask as engine

# (the sizes of ranges the docstrings name, to read: the engine's are the ones in use)
from ._engines._dask import ROWS_IN_MEMORY, ROWS_PER_DISK_RANGE, ROWS_PER_RANGE, DistributedTable  # noqa: F401
from ._engines._fronts import front_value, shared_parameters

__all__ = [
    "DistributedTable",
    "achievable_pr_auc_score",
    "average_precision_score",
    "binned_summary",
    "exact_summary",
    "pr_auc_score",
    "read_parquet",
    "roc_auc_score",
]


def read_parquet(path, columns=None):
    """Parquet files as a dask DataFrame, for the ``data=`` argument of the metrics.

    Parameters
    ----------
    path : str, path-like or list of them
        File, folder or glob, as :func:`dask.dataframe.read_parquet` accepts.
    columns : list of str, default=None
        Columns to read (all when None).

    Returns
    -------
    frame : dask DataFrame

    Examples
    --------
    >>> import pandas as pd, tempfile, os
    >>> import sklearn_prcurves.dask as spd
    >>> folder = tempfile.mkdtemp()
    >>> pd.DataFrame({"y": [0, 1, 1, 0], "s": [0.1, 0.8, 0.6, 0.7]}).to_parquet(
    ...     os.path.join(folder, "part-0.parquet"))
    >>> frame = spd.read_parquet(folder, columns=["y", "s"])
    >>> spd.roc_auc_score("y", "s", data=frame)
    0.75
    """
    return engine.read_parquet(path, columns)


def exact_summary(y_true, y_score, *, sample_weight=None, pos_label=None, n_ranges=None,
                  random_state=0, data=None, shuffle=None, persist=None):
    """One exact pass over dask data: a :class:`DistributedTable` for several areas.

    Parameters
    ----------
    y_true, y_score : dask Array or dask Series
    sample_weight : dask Array or dask Series, default=None
    pos_label : int, float, bool or str, default=None
        None means 1 with labels in {0, 1} or {-1, 1}.
    n_ranges : int, default=None
        Score ranges counted in parallel. Default: one per 2**24 rows
        (``sklearn_prcurves.dask.ROWS_PER_RANGE``; 2**22 with the disk shuffle,
        ``ROWS_PER_DISK_RANGE``), and at least as many as the cluster runs tasks at
        once.
    random_state : int, default=0
        Seeds the sample that places the range edges (never the result).
    data : dask DataFrame, str, path-like or list of them, default=None
        If given, ``y_true``, ``y_score`` and ``sample_weight`` name its columns (the
        fastest input: no join of separate columns). A path (Parquet file, folder or
        glob) is read with :func:`read_parquet`, those columns only.
    shuffle : {"memory", "disk"}, default=None
        How each range's rows reach the task that counts them. ``"memory"``: every
        partition's rows split in memory (fastest; the workers together hold all
        rows at once). ``"disk"``: Dask's peer-to-peer shuffle through the workers'
        disks (needs a distributed Client; a worker holds its shuffle buffers and a
        few ranges' rows, whatever the size of the data). None: ``"disk"`` on a
        distributed cluster when the rows exceed ``ROWS_IN_MEMORY`` (2**26) per
        worker thread, else ``"memory"``.
    persist : bool, default=None
        Keep the ranges' tables on the workers, so that further areas cost no pass
        over the data (their memory grows with the distinct scores). Otherwise each
        evaluation of the table is one pass (:meth:`~DistributedTable.scores` gives
        the main areas together). None: persist with ``shuffle="memory"`` only.

    Returns
    -------
    table : DistributedTable

    Examples
    --------
    >>> import dask.array as da
    >>> import numpy as np
    >>> import sklearn_prcurves.dask as spd
    >>> y = da.from_array(np.array([0, 1, 1, 0, 1, 0] * 50), chunks=100)
    >>> s = da.from_array(np.array([0.1, 0.8, 0.6, 0.7, 0.3, 0.2] * 50), chunks=100)
    >>> table = spd.exact_summary(y, s)
    >>> round(table.roc_auc(), 4), round(table.pr_auc(), 4)
    (0.7778, 0.7689)
    """
    return engine.exact_summary(y_true, y_score, sample_weight=sample_weight, pos_label=pos_label,
                                n_ranges=n_ranges, random_state=random_state, data=data,
                                shuffle=shuffle, persist=persist)


def binned_summary(y_true, y_score, *, sample_weight=None, pos_label=None, mantissa_bits=12,
                   tolerance=None, data=None):
    """Merge a :class:`~sklearn_prcurves.BinnedSummary` over all partitions.

    Parameters
    ----------
    y_true, y_score : dask Array or dask Series
    sample_weight : dask Array or dask Series, default=None
    pos_label : int, float, bool or str, default=None
        None means 1 with labels in {0, 1} or {-1, 1}.
    mantissa_bits : int, default=12
        Bin resolution (see :class:`~sklearn_prcurves.BinnedSummary`).
    tolerance : float, default=None
        If the AUC-ROC bound exceeds it, a second pass replaces the bins holding both
        classes (largest ``p_b * n_b`` first) by exact counts until the bound is at
        most ``tolerance``; 0 gives the exact AUC-ROC.
    data : dask DataFrame, str, path-like or list of them, default=None
        If given, ``y_true``, ``y_score`` and ``sample_weight`` name its columns (the
        fastest input: no join of separate columns). A path (Parquet file, folder or
        glob) is read with :func:`read_parquet`, those columns only.

    Returns
    -------
    summary : BinnedSummary
        With ``roc_auc()`` (estimate and guaranteed bound),
        ``average_precision_interval()`` and ``pr_auc()``.

    Examples
    --------
    >>> import dask.array as da
    >>> import numpy as np
    >>> import sklearn_prcurves.dask as spd
    >>> y = da.from_array(np.array([0, 1, 1, 0, 1, 0] * 50), chunks=100)
    >>> s = da.from_array(np.array([0.1, 0.8, 0.6, 0.7, 0.3, 0.2] * 50), chunks=100)
    >>> estimate, bound = spd.binned_summary(y, s, mantissa_bits=4).roc_auc()
    >>> bool(abs(estimate - 7 / 9) <= bound)
    True
    """
    return engine.binned_summary(y_true, y_score, sample_weight=sample_weight, pos_label=pos_label,
                                 mantissa_bits=mantissa_bits, tolerance=tolerance, data=data)


# The measures' shared parameters, described once: ``{name}`` in their docstrings.
_SHARED = shared_parameters({
    'y': ('y_true, y_score : dask Array or dask Series\n'),
    'sample_weight': ('sample_weight : dask Array or dask Series, default=None\n'),
    'pos_label': ('pos_label : int, float, bool or str, default=None\n'
     '    None means 1 with labels in {0, 1} or {-1, 1}.\n'),
    'mode': ('mode : {"exact", "binned"}, default="exact"\n'),
    'n_ranges': ('n_ranges : int, default=None\n'
     '    Exact mode: score ranges counted in parallel (default: as\n'
     '    :func:`exact_summary`, by rows).\n'),
    'mantissa_bits': ('mantissa_bits : int, default=12\n'
     '    Binned mode resolution.\n'),
    'random_state': ('random_state : int, default=0\n'
     '    Seeds the sample that places the range edges (never the result).\n'),
    'data': ('data : dask DataFrame, str, path-like or list of them, default=None\n'
     '    If given, ``y_true``, ``y_score`` and ``sample_weight`` name its columns (the\n'
     '    fastest input: no join of separate columns). A path (Parquet file, folder or\n'
     '    glob) is read with :func:`read_parquet`, those columns only.\n'),
    'interpolation': ('interpolation : {"davis-goadrich", "continuous", "linear", "step"}, '
                      'default="davis-goadrich"\n'),
    'leading_negatives': ('leading_negatives : {"interpolate", "drop"}, default="interpolate"\n'),
})


@_SHARED
def roc_auc_score(y_true, y_score, *, sample_weight=None, pos_label=None, mode="exact",
                  n_ranges=None, mantissa_bits=12, random_state=0, data=None):
    """AUC-ROC of dask data; ``mode="binned"`` returns ``(estimate, bound)``.

    Parameters
    ----------
    {y}
    {sample_weight}
    {pos_label}
    {mode}
    {n_ranges}
    {mantissa_bits}
    {random_state}
    {data}

    Returns
    -------
    auc : float, or ``(estimate, bound)`` in binned mode

    Examples
    --------
    >>> import dask.array as da
    >>> import numpy as np
    >>> import sklearn_prcurves.dask as spd
    >>> y = da.from_array(np.array([0, 1, 1, 0, 1, 0] * 50), chunks=100)
    >>> s = da.from_array(np.array([0.1, 0.8, 0.6, 0.7, 0.3, 0.2] * 50), chunks=100)
    >>> round(spd.roc_auc_score(y, s), 4)
    0.7778
    """
    return front_value("roc_auc_score", locals(), engine.exact_summary, engine.binned_summary)


@_SHARED
def pr_auc_score(y_true, y_score, *, interpolation="davis-goadrich", sample_weight=None,
                 pos_label=None, leading_negatives="interpolate", mode="exact", n_ranges=None,
                 mantissa_bits=12, random_state=0, data=None):
    """Interpolated AUC-PR of dask data, as :func:`sklearn_prcurves.pr_auc_score`.

    Binned mode returns the estimate with each bin as a tie group (no bound; see
    :func:`average_precision_score` for a guaranteed interval).

    Parameters
    ----------
    {y}
    {interpolation}
    {sample_weight}
    {pos_label}
    {leading_negatives}
    {mode}
    {n_ranges}
    {mantissa_bits}
    {random_state}
    {data}

    Returns
    -------
    auc : float

    Examples
    --------
    >>> import dask.array as da
    >>> import numpy as np
    >>> import sklearn_prcurves.dask as spd
    >>> y = da.from_array(np.array([0, 1, 1, 0, 1, 0] * 50), chunks=100)
    >>> s = da.from_array(np.array([0.1, 0.8, 0.6, 0.7, 0.3, 0.2] * 50), chunks=100)
    >>> round(spd.pr_auc_score(y, s), 4)
    0.7689
    """
    return front_value("pr_auc_score", locals(), engine.exact_summary, engine.binned_summary)


@_SHARED
def average_precision_score(y_true, y_score, *, sample_weight=None, pos_label=None,
                            mode="exact", n_ranges=None, mantissa_bits=12, random_state=0,
                            data=None):
    """Average precision of dask data; ``mode="binned"`` returns a guaranteed interval.

    Parameters
    ----------
    {y}
    {sample_weight}
    {pos_label}
    {mode}
    {n_ranges}
    {mantissa_bits}
    {random_state}
    {data}

    Returns
    -------
    ap : float, or ``(low, high)`` in binned mode

    Examples
    --------
    >>> import dask.array as da
    >>> import numpy as np
    >>> import sklearn_prcurves.dask as spd
    >>> y = da.from_array(np.array([0, 1, 1, 0, 1, 0] * 50), chunks=100)
    >>> s = da.from_array(np.array([0.1, 0.8, 0.6, 0.7, 0.3, 0.2] * 50), chunks=100)
    >>> round(spd.average_precision_score(y, s), 4)
    0.8056
    """
    return front_value("average_precision_score", locals(), engine.exact_summary,
                       engine.binned_summary)


@_SHARED
def achievable_pr_auc_score(y_true, y_score, *, interpolation="davis-goadrich",
                            sample_weight=None, pos_label=None, n_ranges=None, random_state=0,
                            data=None):
    """Area under the achievable PR curve of dask data (exact).

    Each range sends the client only the vertices of its piece's convex hull; the
    global hull's vertices are among them.

    Parameters
    ----------
    {y}
    {interpolation}
    {sample_weight}
    {pos_label}
    {n_ranges}
    {random_state}
    {data}

    Returns
    -------
    auc : float

    Examples
    --------
    >>> import dask.array as da
    >>> import numpy as np
    >>> import sklearn_prcurves.dask as spd
    >>> y = da.from_array(np.array([0, 1, 1, 0, 1, 0] * 50), chunks=100)
    >>> s = da.from_array(np.array([0.1, 0.8, 0.6, 0.7, 0.3, 0.2] * 50), chunks=100)
    >>> round(spd.achievable_pr_auc_score(y, s), 4)
    0.8805
    """
    return front_value("achievable_pr_auc_score", locals(), engine.exact_summary,
                       engine.binned_summary)

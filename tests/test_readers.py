"""Every reading of the table, written once against the array API, against the NumPy
specialisations that build and read NumPy tables faster.

The neutral kernel (:func:`~sklearn_prcurves._table._counts.count_in_namespace`) and the
neutral readers run on NumPy itself here, through a table that names NumPy as its
namespace: the same rows must give the same table, and every reader the same curves
and areas, to the bit, as the specialisations in ``_sorting`` and ``_stepwise``.
"""

import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sklearn_prcurves._base._array_api import NUMPY
from sklearn_prcurves._measures import _operating
from sklearn_prcurves._measures._hull import hull_path, table_achievable_area
from sklearn_prcurves._measures._interpolation import INTERPOLATIONS, table_area
from sklearn_prcurves._metrics._auc import table_average_precision
from sklearn_prcurves._metrics._curves import table_det, table_precision_recall, table_roc
from sklearn_prcurves._metrics._roc_auc import table_roc_auc
from sklearn_prcurves._table._count_table import CountTable
from sklearn_prcurves._table._counts import count_in_namespace, count_rows


@st.composite
def rows(draw):
    n = draw(st.integers(2, 60))
    kind = draw(st.sampled_from(["ties", "distinct", "float32", "int"]))
    if kind == "ties":
        s = np.array(draw(st.lists(st.integers(0, 5), min_size=n, max_size=n)), float) / 4
    elif kind == "distinct":
        s = np.array(draw(st.lists(st.floats(0, 1, allow_nan=False), min_size=n,
                                   max_size=n, unique=True)) or [0.5] * n)
    elif kind == "float32":
        s = np.array(draw(st.lists(st.integers(0, 9), min_size=n, max_size=n)),
                     np.float32) / np.float32(8)
    else:
        s = np.array(draw(st.lists(st.integers(-3, 3), min_size=n, max_size=n)), np.int64)
    y = np.array(draw(st.lists(st.booleans(), min_size=n, max_size=n)))
    y[0], y[-1] = True, False
    w = None
    if draw(st.booleans()):
        w = np.array(draw(st.lists(st.sampled_from([0.5, 1.0, 2.0, 1e-3, 7.0]),
                                   min_size=n, max_size=n)))
    return y, s, w


def _both(y, s, w):
    """The NumPy table (its specialisations) and the neutral kernel's table of the same
    rows, read by the neutral readers."""
    return count_rows(y, s, w), count_in_namespace(NUMPY, None, y, s, w)


def _same(a, b):
    a = a if isinstance(a, tuple) else (a,)
    b = b if isinstance(b, tuple) else (b,)
    assert len(a) == len(b)
    for x, z in zip(a, b):
        if x is None:
            assert z is None
        else:
            np.testing.assert_array_equal(np.asarray(x), np.asarray(z))


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(rows())
def test_the_neutral_kernel_builds_the_numpy_table(data):
    fast, neutral = _both(*data)
    assert not neutral.numpy and fast.numpy
    _same((fast.thresholds, fast.tps, fast.fps),
          (neutral.thresholds, neutral.tps, neutral.fps))


READERS = {
    "roc": lambda t: table_roc(t),
    "roc[all]": lambda t: table_roc(t, drop_intermediate=False),
    "precision_recall": lambda t: table_precision_recall(t),
    "precision_recall[drop]": lambda t: table_precision_recall(t, drop_intermediate=True),
    "det": lambda t: table_det(t),
    "det[drop]": lambda t: table_det(t, drop_intermediate=True),
    "roc_auc": lambda t: table_roc_auc(t),
    "roc_auc[max_fpr]": lambda t: table_roc_auc(t, 0.3),
    "average_precision": table_average_precision,
    "hull": hull_path,
    "recall_at_precision": lambda t: tuple(_operating.table_recall_at_precision(t, 0.5)),
    "precision_at_recall": lambda t: tuple(_operating.table_precision_at_recall(t, 0.5)),
    "fbeta": lambda t: tuple(_operating.table_fbeta_optimum(t, 2.0)),
    "operating_points": lambda t: tuple(_operating.table_points(t).values()),
    **{f"area[{i}]": (lambda t, i=i: table_area(t, i)) for i in INTERPOLATIONS},
    **{f"achievable[{i}]": (lambda t, i=i: table_achievable_area(t, i))
       for i in INTERPOLATIONS},
}
@pytest.mark.parametrize("name", sorted(READERS))
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=rows())
def test_every_reader_reads_the_neutral_table_alike(name, data):
    fast, neutral = _both(*data)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (undefined ratios warn alike on both)
        _same(READERS[name](fast), READERS[name](neutral))


def test_a_table_in_numpy_under_its_namespace_takes_the_neutral_readers():
    table = CountTable(np.array([0.9, 0.5]), np.array([1.0, 1.0]), np.array([0.0, 1.0]),
                       xp=NUMPY)
    assert not table.numpy and table.xp is NUMPY

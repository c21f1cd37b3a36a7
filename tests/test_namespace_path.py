"""The namespace path: the package on the input's own namespace and device.

With ``array_api_dispatch`` on, torch tensors, CuPy and array_api_strict arrays away
from host memory are counted and read where they are, by the one kernel and the same
readers NumPy tables go through; here the switch ``_array_api.NAMESPACE_PATH`` sends
host-memory arrays that way too. Under array_api_strict (on its two devices: results
must come back on the input's) and PyTorch on the CPU where installed, each function
is compared with the NumPy path on hostile inputs: the curves equal to the bit and in
dtype, the areas to 1e-12 relative (only the order of a final sum is the namespace's),
the same scalar types, and every input the path leaves to the host gives the host's
own errors and warnings.
"""

import math
import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sklearn import config_context

import sklearn_prcurves as spc
from sklearn_prcurves._base import _array_api
from sklearn_prcurves._base._compat import DET_CURVE_BEFORE_1_7
from sklearn_prcurves._streams import _summary

strict = pytest.importorskip("array_api_strict")


def _backends():
    yield "strict-cpu", lambda a: strict.asarray(a)
    yield "strict-device1", lambda a: strict.asarray(a, device=strict.Device("device1"))
    try:
        import torch
    except ImportError:
        return
    yield "torch-cpu", lambda a: torch.asarray(a)
    # torch on the CPU rounding as PyTorch's CUDA kernels do (below): CI has no GPU.
    yield "torch-gpu-rounding", lambda a: torch.asarray(a)
    if torch.cuda.is_available():  # (a machine with a GPU runs every test there too)
        yield "torch-cuda", lambda a: torch.asarray(a, device="cuda")


BACKENDS = dict(_backends())
#: Backends whose running sums are parallel scans: weighted sums equal the host's to
#: their rounding, not to the bit.
SUMS_IN_PARALLEL = {BACKENDS[name] for name in ("torch-gpu-rounding", "torch-cuda")
                    if name in BACKENDS}


def _round_as_a_gpu(monkeypatch):
    """Make torch on the CPU round as PyTorch's CUDA kernels: a float running sum is a
    blocked scan (each block summed on from a prefix of block totals formed apart, so
    partial sums round their own way: an ulp apart across zeros, sometimes falling),
    and a tensor divided by a Python number is multiplied by its reciprocal."""
    import torch

    cumsum, divide = torch.cumsum, torch.Tensor.__truediv__

    def blocked_cumsum(x, *args, **kwargs):
        sums = cumsum(x, *args, **kwargs)
        if sums.ndim != 1 or not sums.is_floating_point() or sums.shape[0] < 2:
            return sums
        values = x.to(sums.dtype)
        n, width = values.shape[0], 3
        blocks = torch.cat([values, values.new_zeros((-n) % width)]).reshape(-1, width)
        totals = blocks[:, 0] + (blocks[:, 1] + blocks[:, 2])
        running = cumsum(torch.cat([totals.new_zeros(1), totals[:-1]]), 0)
        columns = []
        for k in range(width):
            running = running + blocks[:, k]
            columns.append(running)
        return torch.stack(columns, dim=1).reshape(-1)[:n]

    def reciprocal_divide(self, other):
        if isinstance(other, (int, float)) and not isinstance(other, bool) \
                and self.is_floating_point():
            return self * (1.0 / other if other != 0 else math.copysign(math.inf, other))
        return divide(self, other)

    monkeypatch.setattr(torch, "cumsum", blocked_cumsum)
    monkeypatch.setattr(torch.Tensor, "__truediv__", reciprocal_divide)

CALLS = {
    "roc_auc_score": {},
    "roc_auc_score/max_fpr": {"max_fpr": 0.3},
    "roc_auc_score/max_fpr-tiny": {"max_fpr": 1e-9},
    "average_precision_score": {},
    "pr_auc_score": {},
    "pr_auc_score/continuous": {"interpolation": "continuous"},
    "pr_auc_score/step": {"interpolation": "step"},
    "pr_auc_score/linear-drop": {"interpolation": "linear", "leading_negatives": "drop"},
    "achievable_pr_auc_score": {},
    "achievable_pr_auc_score/continuous": {"interpolation": "continuous"},
    "achievable_pr_auc_score/step": {"interpolation": "step"},
    "achievable_pr_auc_score/linear": {"interpolation": "linear"},
    "roc_convex_hull": {},
    "roc_curve": {},
    "roc_curve/all": {"drop_intermediate": False},
    "precision_recall_curve": {},
    "precision_recall_curve/drop": {"drop_intermediate": True},
    "det_curve": {},
    "det_curve/drop": {"drop_intermediate": True},
    "confusion_matrix_at_thresholds": {},
    "recall_at_precision": {"min_precision": 0.5},
    "recall_at_precision/unreachable": {"min_precision": 1.0},
    "precision_at_recall": {"min_recall": 0.5},
    "precision_at_recall/all": {"min_recall": 1.0},
    "fbeta_optimal_threshold": {},
    "fbeta_optimal_threshold/beta=2": {"beta": 2.0},
    "break_even_point": {},
    "operating_points": {},
    "pr_curve": {},
    "pr_curve/continuous": {"interpolation": "continuous"},
    "pr_curve/step-drop": {"interpolation": "step", "leading_negatives": "drop"},
    "achievable_pr_curve": {},
    "achievable_pr_curve/continuous": {"interpolation": "continuous"},
    # Options given as NumPy scalars behave as Python ones (a strict namespace compares
    # its arrays with Python scalars only).
    "roc_auc_score/max_fpr-float32": {"max_fpr": np.float32(0.5)},
    "recall_at_precision/float32": {"min_precision": np.float32(0.5)},
    "precision_at_recall/float64": {"min_recall": np.float64(0.5)},
    "fbeta_optimal_threshold/beta-float32": {"beta": np.float32(2.0)},
}


def _call(call, y, s, w=None, **extra):
    name = call.split("/")[0]
    kwargs = {**CALLS[call], **extra}
    if w is not None:
        kwargs["sample_weight"] = w
    return getattr(spc, name)(y, s, **kwargs)


def _host(array):
    from sklearn_prcurves._base._array_api import to_numpy

    return np.asarray(to_numpy(array))


def _device_of(array):
    from sklearn.utils._array_api import device

    return device(array)


class _Spy:
    """Counts the tables the namespace kernel builds (a batch of rows' tables, for the
    'samples' average, counts one)."""

    def __init__(self, monkeypatch):
        import sys

        self.tables = 0
        for name in ("count_in_namespace", "_row_groups"):
            # (in every module of the package that holds the function)
            for module in [m for key, m in sys.modules.items()
                           if key.startswith("sklearn_prcurves")]:
                original = getattr(module, name, None)
                if callable(original):
                    monkeypatch.setattr(module, name, self._counting(original))

    def _counting(self, kernel):
        def counting(*args, **kwargs):
            self.tables += 1
            return kernel(*args, **kwargs)

        return counting


def _skip_without_dispatch():
    from sklearn.utils._array_api import _check_array_api_dispatch

    try:
        _check_array_api_dispatch(True)
    except (ImportError, RuntimeError) as exc:
        pytest.skip(str(exc))


def _kernel_available(convert):
    from sklearn_prcurves._base._array_api import namespace_and_device

    xp, _ = namespace_and_device(convert(np.zeros(2)))
    return hasattr(xp, "cumulative_sum")


def _same(call, y, s, w, convert, *, on_device=True, monkeypatch=None):
    """The device result of ``call`` equals the NumPy one (and was computed there)."""
    spy = _Spy(monkeypatch) if monkeypatch is not None else None
    with warnings.catch_warnings(record=True) as host_warnings:
        warnings.simplefilter("always")
        try:
            expected = _call(call, y, s, w)
        except Exception as exc:  # noqa: BLE001 - the device path must raise the same
            expected = exc
    try:
        y_d, s_d = convert(y), convert(s)
    except TypeError as exc:  # array_api_strict has no float16
        pytest.skip(str(exc))
    w_d = None if w is None else convert(w)
    with config_context(array_api_dispatch=True), warnings.catch_warnings(
            record=True) as device_warnings:
        warnings.simplefilter("always")
        try:
            got = _call(call, y_d, s_d, w_d)
        except Exception as exc:  # noqa: BLE001
            got = exc
    if isinstance(expected, Exception):
        assert type(got) is type(expected) and str(got) == str(expected)
        return
    assert not isinstance(got, Exception), got
    assert ([(type(m.message), str(m.message)) for m in device_warnings]
            == [(type(m.message), str(m.message)) for m in host_warnings])
    if spy is not None and on_device and _kernel_available(convert):
        assert spy.tables == 1, "computed on the host"
    if isinstance(expected, dict):  # a Bunch of arrays
        assert isinstance(got, dict) and got.keys() == expected.keys()
        got, expected = tuple(got.values()), tuple(expected.values())
    if _is_record(expected):  # OperatingPoint, FBetaOptimum: floats
        assert type(got) is type(expected)
        np.testing.assert_allclose(np.asarray(tuple(got), dtype=float),
                                   np.asarray(tuple(expected), dtype=float),
                                   rtol=1e-12, atol=1e-300)
        return
    if isinstance(expected, tuple):
        assert isinstance(got, tuple) and len(got) == len(expected)
        for got_array, expected_array in zip(got, expected):
            assert type(got_array) is type(s_d)
            assert _device_of(got_array) == _device_of(s_d)
            host = _host(got_array)
            assert host.dtype == expected_array.dtype
            if convert in SUMS_IN_PARALLEL and w is not None and np.any(w % 1):
                np.testing.assert_allclose(host, expected_array, rtol=1e-12, atol=1e-300)
            else:
                np.testing.assert_array_equal(host, expected_array)
    else:
        assert type(got) is type(expected)
        if np.isnan(expected):
            assert np.isnan(got)
        else:
            assert got == pytest.approx(expected, rel=1e-12, abs=1e-300)


def _is_record(result):
    return hasattr(result, "_fields") or hasattr(result, "__dataclass_fields__")


@pytest.fixture(autouse=True)
def _kernel_on_the_cpu(monkeypatch):
    # Arrays in host memory are normally viewed as NumPy and counted by the NumPy
    # kernel; here the namespace kernel counts them, on the CPU.
    monkeypatch.setattr(_array_api, "NAMESPACE_PATH", True)


@pytest.fixture(params=sorted(BACKENDS))
def convert(request, monkeypatch):
    _skip_without_dispatch()
    if request.param == "torch-gpu-rounding":
        _round_as_a_gpu(monkeypatch)
    return BACKENDS[request.param]


def _cases():
    rng = np.random.default_rng(7)
    y = rng.integers(0, 2, 300)
    tied = np.round(rng.random(300) + 0.3 * y, 1)
    yield "ties", y, tied, None
    yield "distinct", y, rng.random(300), None
    yield "float32 ties", y, tied.astype(np.float32), None
    yield "float16", y, tied.astype(np.float16), None
    zeros = np.where(rng.random(300) < 0.5, 0.0, -0.0)
    yield "signed zeros", y, zeros, None
    yield "constant", y, np.full(300, 0.25), None
    yield "negatives first", np.r_[np.zeros(5, int), y], np.r_[np.full(5, 2.0), tied], None
    yield "weights", y, tied, rng.random(300) * 5
    yield "integer weights", y, tied, rng.integers(0, 4, 300)
    scales = 10.0 ** rng.uniform(-300, 300, 300)
    yield "weights 1e-300 to 1e300", y, tied, scales
    some_zero = rng.random(300)
    some_zero[::3] = 0.0
    yield "zero weights", y, tied, some_zero
    yield "bool labels", y.astype(bool), tied, None
    yield "labels -1 and 1", 2 * y - 1, tied, None
    yield "float labels", y.astype(np.float64), tied, None
    yield "labels 1 and 2", y + 1, tied, None  # (the curves need pos_label: refused)
    # One score, weights 1e-300 and 1e30 meeting: no slope may overflow (hypothesis).
    yield ("one score, weights 1e-300 beside 1e30", np.array([0, 0, 0, 0, 1, 0, 0]),
           np.full(7, -0.0), np.array([0.0, 0, 0, 0, 1e-300, 1e30, 0]))
    # A hull vertex 1e-300 from the origin that the host's rounding merge drops (the
    # achievable curve must read the remaining chord, not underflow: hypothesis).
    yield ("hull vertex within rounding", np.array([0, 1, 0, 0, 0, 0, 0, 1]),
           np.array([-0.0, 0.5, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0]),
           np.array([0.0, 1e-300, 0.0, 0.0, 0.0, 0.0, 1e30, 1e30]))
    # The smallest subnormal weights: halving one rounds to 0, so F-beta's first
    # point is 0 / 0 on the device as on the host (the registry, in CI).
    yield "weights 5e-324", np.array([1, 0]), np.array([0.0, 1.0]), np.full(2, 5e-324)
    # As many rows predicted positive as there are positives, to the weights' rounding
    # (the break-even point's threshold: registry).
    yield ("predicted = P within rounding", np.array([1, 0, 0, 1, 0, 0, 1, 1]),
           np.array([0.0, 0, 1, 0, 1, 1, 0, 1]),
           np.array([0.1, 0.1, 0.1, 0.1, 0.1, 0.3, 0.3, 0.1]))


CASES = {name: (y, s, w) for name, y, s, w in _cases()}


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("call", sorted(CALLS))
def test_device_equals_numpy(call, case, convert, monkeypatch):
    y, s, w = CASES[case]
    # (scikit-learn 1.6's DET algorithm is mirrored on the host only)
    on_device = not (call.startswith("det_curve") and DET_CURVE_BEFORE_1_7)
    _same(call, y, s, w, convert, on_device=on_device, monkeypatch=monkeypatch)


def _left_to_host():
    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, 50)
    s = rng.random(50)
    yield "one class", np.zeros(50, int), s, None
    yield "three classes", rng.integers(0, 3, 50), s, None
    yield "continuous labels", y + 0.5, s, None
    yield "nan score", y, np.r_[np.nan, s[1:]], None
    yield "inf score", y, np.r_[np.inf, s[1:]], None
    yield "negative weight", y, s, np.r_[-1.0, np.ones(49)]
    yield "nan weight", y, s, np.r_[np.nan, np.ones(49)]
    yield "all weights zero", y, s, np.zeros(50)
    yield "weights only on positives", y, s, y.astype(float)
    yield "two-column scores", y, np.c_[1 - s, s], None
    yield "lengths differ", y, s[:-1], None
    yield "empty", y[:0], s[:0], None
    yield "integer scores", y, rng.integers(0, 5, 50), None


LEFT_TO_HOST = {name: (y, s, w) for name, y, s, w in _left_to_host()}


@pytest.mark.parametrize("case", sorted(LEFT_TO_HOST))
@pytest.mark.parametrize("call", ["roc_auc_score", "average_precision_score", "pr_auc_score",
                                  "roc_curve", "precision_recall_curve", "roc_convex_hull",
                                  "achievable_pr_auc_score", "det_curve",
                                  "confusion_matrix_at_thresholds"])
def test_input_left_to_the_host_behaves_as_on_the_host(call, case, convert, monkeypatch):
    # Bad input, and input the kernel does not take, give the NumPy path's own results,
    # errors and warnings (the host decides: no table is built on the device).
    y, s, w = LEFT_TO_HOST[case]
    if case == "integer scores":
        _same(call, y, s, w, convert)  # (on the host: integer thresholds' dtypes)
        return
    spy = _Spy(monkeypatch)
    _same(call, y, s, w, convert)
    assert spy.tables == 0


@pytest.mark.parametrize("pos_label", [0, 1, None, np.int64(1), 1.0, True], ids=repr)
@pytest.mark.parametrize("call", ["roc_curve", "precision_recall_curve", "average_precision_score",
                                  "pr_auc_score", "roc_convex_hull"])
def test_pos_label(call, pos_label, convert, monkeypatch):
    rng = np.random.default_rng(11)
    y, s = rng.integers(0, 2, 80), np.round(rng.random(80), 1)
    if pos_label is None and "score" in call:
        pytest.skip("the scores take pos_label=1 by default")
    spy = _Spy(monkeypatch)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        expected = _call(call, y, s, pos_label=pos_label)
    with config_context(array_api_dispatch=True), warnings.catch_warnings():
        warnings.simplefilter("error")
        got = _call(call, convert(y), convert(s), pos_label=pos_label)
    assert not caught
    if isinstance(expected, tuple):
        for a, b in zip(got, expected):
            np.testing.assert_array_equal(_host(a), b)
    else:
        assert got == pytest.approx(expected, rel=1e-12)
    if _kernel_available(convert):
        assert spy.tables == 1


def test_every_namespace_function_is_public():
    # The functions that compute where their arrays live are public ones, and those
    # the registry runs both ways.
    assert _array_api.IN_NAMESPACE and _array_api.IN_NAMESPACE <= set(spc.__all__)


_scores = st.sampled_from([np.float64, np.float32]).flatmap(
    lambda dtype: st.lists(st.sampled_from([-0.0, 0.0, 0.5, 0.25, 1.0, -3.0, 1e-30, 7.0]),
                           min_size=2, max_size=40).map(lambda v: np.asarray(v, dtype)))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
@pytest.mark.parametrize("call", sorted(CALLS))
def test_device_equals_numpy_on_generated_input(call, data):
    _skip_without_dispatch()
    s = data.draw(_scores)
    y = np.asarray(data.draw(st.lists(st.integers(0, 1), min_size=s.shape[0],
                                      max_size=s.shape[0])))
    w = data.draw(st.none() | st.lists(
        st.sampled_from([0.0, 1e-300, 1e-30, 0.5, 1.0, 3.0, 1e30, 1e300]),
        min_size=s.shape[0], max_size=s.shape[0]).map(np.asarray))
    _same(call, y, s, w, BACKENDS["strict-device1"])


def test_hull_pruning_on_the_device_keeps_every_vertex(monkeypatch):
    # Force the device's pruning passes on a long path (normally they start above
    # 65,536 points) and check the hull against the NumPy one, unweighted (exact
    # integer test) and weighted (only points clearly below their chord removed).
    from sklearn_prcurves._measures import _hull

    _skip_without_dispatch()
    rng = np.random.default_rng(5)
    for weighted in (False, True):
        y = rng.integers(0, 2, 5000)
        s = rng.normal(size=5000) + y
        w = 10.0 ** rng.uniform(-5, 5, 5000) if weighted else None
        whole = spc.roc_convex_hull(y, s, sample_weight=w)  # (no pruning: few points)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(_hull, "_HOST_POINTS", 8)
            pruned = spc.roc_convex_hull(y, s, sample_weight=w)  # (NumPy, pruned)
            for a, b in zip(pruned, whole):
                np.testing.assert_array_equal(a, b)
            for call in ("roc_convex_hull", "achievable_pr_auc_score"):
                _same(call, y, s, w, BACKENDS["strict-cpu"])


def test_hull_candidates_exact_on_collinear_integer_points(monkeypatch):
    _skip_without_dispatch()
    # Points exactly on a chord are not vertices (SPEC 4: collinear points dropped);
    # the integer test must see them as such, with counts past 2**26 whose float
    # products would round.
    from sklearn_prcurves._measures import _hull

    monkeypatch.setattr(_hull, "_HOST_POINTS", 2)
    xp = strict
    big = 1 << 27
    # (whole counts in float64, as the kernel gives them)
    tps = xp.asarray([big, 2 * big, 3 * big, 3 * big + 1], dtype=xp.float64)
    fps = xp.asarray([1, 2, 3, 3 * big], dtype=xp.float64)
    table = spc.CountTable(xp.asarray([4.0, 3.0, 2.0, 1.0]), tps, fps, xp=xp)
    tp, fp, rows = _hull.hull_candidates(table)
    assert rows.tolist() == [0, 3, 4]


def test_host_arrays_are_counted_by_numpy(monkeypatch):
    # With the specialisation on (as shipped), arrays in host memory take the NumPy
    # kernel through a view: no device table, the same results.
    _skip_without_dispatch()
    monkeypatch.setattr(_array_api, "NAMESPACE_PATH", False)
    spy = _Spy(monkeypatch)
    y, s, w = CASES["weights"]
    for name, convert in BACKENDS.items():
        if "cuda" in name:
            continue  # (away from host memory: counted on its device)
        with config_context(array_api_dispatch=True):
            got = spc.roc_curve(convert(y), convert(s), sample_weight=convert(w))
        for a, b in zip(got, spc.roc_curve(y, s, sample_weight=w)):
            np.testing.assert_array_equal(_host(a), b)
    assert spy.tables == 0


def _summary_results(summary):
    """Every result of a summary, as numbers (methods without required arguments)."""
    names = ["roc_auc", "pr_auc", "average_precision", "roc_curve",
             "precision_recall_curve", "achievable_pr_auc", "ks_statistic",
             "average_precision_interval"]
    out = {}
    for name in names:
        method = getattr(summary, name, None)
        if method is None:
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                out[name] = method()
            except ValueError as exc:
                out[name] = ("error", str(exc))
    return out


def _numbers(result):
    """A result (numbers, arrays, tuples, Bunches) as one flat float array."""
    if isinstance(result, dict):
        return _numbers(tuple(result[k] for k in sorted(result)))
    if isinstance(result, (tuple, list)):
        parts = [_numbers(item) for item in result]
        return np.concatenate(parts) if parts else np.zeros(0)
    return np.ravel(np.asarray(result, dtype=float))


def _assert_same_results(got, expected):
    assert got.keys() == expected.keys()
    for name in expected:
        a, b = got[name], expected[name]
        if isinstance(b, tuple) and b and isinstance(b[0], str):  # ("error", message)
            assert a == b, name
            continue
        np.testing.assert_allclose(_numbers(a), _numbers(b), rtol=1e-12, atol=1e-300,
                                   err_msg=name)


@pytest.mark.parametrize("summary", ["exact", "binned-8", "binned-30"])
@pytest.mark.parametrize("weighted", [None, "whole", "fractional"])
def test_summaries_count_device_chunks_on_the_device(summary, weighted, convert,
                                                     monkeypatch):
    # A stream of device chunks (one of a single class, one of weight zero) gives the
    # summary the NumPy chunks give it; each chunk's table is counted on the device.
    rng = np.random.default_rng(17)
    make = {"exact": spc.ExactSummary, "binned-8": lambda: spc.BinnedSummary(8),
            "binned-30": lambda: spc.BinnedSummary(30)}[summary]
    chunks = []
    for size, one_class in ((400, False), (50, True), (300, False)):
        y = np.zeros(size, int) if one_class else rng.integers(0, 2, size)
        s = np.round(rng.random(size) + 0.4 * y, 3)
        w = {None: None, "whole": rng.integers(0, 4, size).astype(float),
             "fractional": rng.random(size) * 3}[weighted]
        chunks.append((y, s, w))
    host, device = make(), make()
    spy = _Spy(monkeypatch)
    for y, s, w in chunks:
        host.update(y, s, sample_weight=w)
        with config_context(array_api_dispatch=True):
            device.update(convert(y), convert(s),
                          sample_weight=None if w is None else convert(w))
    if _kernel_available(convert):
        assert spy.tables == len(chunks)
    _assert_same_results(_summary_results(device), _summary_results(host))
    if summary.startswith("binned"):
        assert device.integer_weights_ == host.integer_weights_
        y, s = (np.concatenate([c[i] for c in chunks]) for i in (0, 1))
        refined_host = host.refine(y, s, tolerance=0.0)
        with config_context(array_api_dispatch=True):
            refined_device = device.refine(convert(y), convert(s), tolerance=0.0)
        _assert_same_results(_summary_results(refined_device),
                             _summary_results(refined_host))


@pytest.mark.parametrize("mantissa_bits", [0, 5, 8, 13, 16, 23, 30, 52])
@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_binned_summary_bins_device_chunks_on_the_device(mantissa_bits, dtype, convert,
                                                         monkeypatch):
    """Bins formed on the device are the host's, bit for bit: negative scores, both
    zeros, scores below float32's smallest normal number and past its largest; and
    where the namespace reads a float's bits (torch), only the bins reach the host."""
    rng = np.random.default_rng(mantissa_bits)
    special = [-0.0, 0.0, 1e-40, -1e-40, 1e-310, 3e38, -3e38, 1e39, -2.5, 1.0]
    s = np.r_[special, rng.normal(size=600) * 10.0 ** rng.integers(-3, 4, 600)]
    with np.errstate(over="ignore"):
        s = s.astype(dtype)
    s = s[np.isfinite(s)]
    y = rng.integers(0, 2, s.shape[0])
    w = rng.random(s.shape[0]) * 3
    shipped = []
    binned = _summary.binned_in_namespace

    def spy(table, bits):
        out = binned(table, bits)
        shipped.append((len(table), len(out)))
        return out

    monkeypatch.setattr(_summary, "binned_in_namespace", spy)
    for weight in (None, w):
        host = spc.BinnedSummary(mantissa_bits).update(y, s, sample_weight=weight)
        with config_context(array_api_dispatch=True):
            device = spc.BinnedSummary(mantissa_bits).update(
                convert(y), convert(s), sample_weight=None if weight is None else convert(weight))
        np.testing.assert_array_equal(device.keys_, host.keys_)
        # Whole counts are exact; a bin's weight is a difference of running sums on
        # the device (a sum of its rows on the host): equal to their rounding, a few
        # ulps of the class's total (a light bin's relative error can be larger).
        for got, expected in ((device.pos_, host.pos_), (device.neg_, host.neg_)):
            if weight is None:
                np.testing.assert_array_equal(got, expected)
            else:
                total = float(np.sum(expected))
                np.testing.assert_allclose(got, expected, rtol=1e-10,
                                           atol=8 * np.finfo(np.float64).eps * total)
    if _kernel_available(convert) and hasattr(convert(s), "view"):
        assert all(bins == host.keys_.shape[0] for _, bins in shipped)


@pytest.mark.parametrize("mantissa_bits", [8, 30])
def test_binned_summary_keeps_bins_whose_weight_a_running_sum_absorbed(mantissa_bits,
                                                                      convert):
    # A weight of 1 beside 1e17 vanishes from the device table's running sums; its bin
    # must stay, as on the host (where each bin's weight is summed directly).
    y, s = np.array([1, 0, 1, 0]), np.array([0.9, 0.8, 0.7, 0.6])
    w = np.array([1e17, 1.0, 1.0, 1e17])
    host = spc.BinnedSummary(mantissa_bits).update(y, s, sample_weight=w)
    with config_context(array_api_dispatch=True):
        device = spc.BinnedSummary(mantissa_bits).update(convert(y), convert(s),
                                                          sample_weight=convert(w))
    np.testing.assert_array_equal(device.keys_, host.keys_)
    _assert_same_results(_summary_results(device), _summary_results(host))


def test_summaries_read_host_arrays_of_other_namespaces():
    # Dispatch on, the NumPy specialisation on (as shipped): torch on the CPU and
    # array_api_strict chunks are read on the host (this crashed before: a torch
    # dtype has no .kind).
    _skip_without_dispatch()
    y, s, w = CASES["weights"]
    for convert in BACKENDS.values():
        for make in (spc.ExactSummary, lambda: spc.BinnedSummary(10)):
            with config_context(array_api_dispatch=True):
                got = make().update(convert(y), convert(s), sample_weight=convert(w))
            _assert_same_results(_summary_results(got),
                                 _summary_results(make().update(y, s, sample_weight=w)))


def test_estimators_take_other_namespaces():
    # Under dispatch, the hull estimators read array API inputs on the host and give
    # their arrays back in the input's namespace and device.
    _skip_without_dispatch()
    from sklearn.linear_model import LogisticRegression

    rng = np.random.default_rng(2)
    X = rng.normal(size=(200, 3))
    y = (X[:, 0] + rng.normal(size=200) > 0).astype(int)
    w = rng.random(200) + 0.5
    for convert in BACKENDS.values():
        Xd, yd, wd = convert(X), convert(y), convert(w)
        transformer = spc.AchievablePRTransformer(pos_label=1)
        expected = transformer.fit(X[:, :1], y, sample_weight=w).transform(X[:, :1])
        with config_context(array_api_dispatch=True):
            got = spc.AchievablePRTransformer(pos_label=1).fit(
                Xd[:, :1], yd, sample_weight=wd).transform(Xd[:, :1])
        assert type(got) is type(Xd) and _device_of(got) == _device_of(Xd)
        np.testing.assert_array_equal(_host(got), expected)
        classifier = spc.AchievablePRClassifier(LogisticRegression(), cv=3)
        expected = classifier.fit(X, y).predict_proba(X)
        with config_context(array_api_dispatch=True):
            fitted = spc.AchievablePRClassifier(LogisticRegression(), cv=3).fit(Xd, yd)
            got = fitted.predict_proba(Xd)
            labels = fitted.predict(Xd)
        np.testing.assert_allclose(_host(got), expected, rtol=1e-12)
        np.testing.assert_array_equal(_host(labels), classifier.predict(X))


@pytest.mark.parametrize("case", sorted(CASES))
def test_auc_on_the_device(case, convert, monkeypatch):
    # auc of the ROC points, increasing and decreasing, and of points it refuses.
    y, s, w = CASES[case]
    fpr, tpr, _ = spc.roc_curve(y == y.max(), s, sample_weight=w)
    for x_points, y_points in ((fpr, tpr), (fpr[::-1].copy(), tpr[::-1].copy()),
                               (np.r_[fpr, 0.5], np.r_[tpr, 0.5])):
        try:
            expected = spc.auc(x_points, y_points)
        except ValueError as exc:
            expected = exc
        spy = _Spy(monkeypatch)
        with config_context(array_api_dispatch=True):
            try:
                got = spc.auc(convert(x_points), convert(y_points))
            except ValueError as exc:
                got = exc
        assert spy.tables == 0
        if isinstance(expected, ValueError):
            assert str(got) == str(expected)
        else:
            assert got == pytest.approx(expected, rel=1e-12, abs=1e-300)


@given(st.lists(st.floats(0, 1, width=32), min_size=2, max_size=40),
       st.lists(st.floats(0, 1, width=32), min_size=40, max_size=40), st.booleans())
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
def test_auc_of_float32_points_is_computed_in_float32_as_on_the_host(x, y, decreasing):
    """NumPy's trapezoids keep float32 points in float32: the same float, of the same
    type, on the namespace path (which once widened them to float64)."""
    from array_api_strict import asarray

    _skip_without_dispatch()
    x = np.sort(np.array(x, np.float32))
    x = x[::-1].copy() if decreasing else x
    y = np.array(y[:x.shape[0]], np.float32)
    expected = spc.auc(x, y)
    with config_context(array_api_dispatch=True):
        got = spc.auc(asarray(x), asarray(y))
    assert type(got) is type(expected) and got == expected  # (np.float64 before 1.7)


def _multiclass_cases():
    rng = np.random.default_rng(23)
    y = rng.integers(0, 4, 300)
    raw = rng.random((300, 4)) + np.eye(4)[y]
    probs = raw / raw.sum(axis=1, keepdims=True)
    yield "probabilities", y, probs, None
    yield "tied", y, np.round(probs, 1) / np.round(probs, 1).sum(axis=1, keepdims=True), None
    yield "weights", y, probs, rng.random(300) * 3
    yield "labels 2 to 5", y + 2, probs, None
    yield "not probabilities", y, raw, None
    yield "a class missing", np.minimum(y, 2), probs, None
    yield "float32", y, probs.astype(np.float32), None


MULTICLASS = {name: (y, s, w) for name, y, s, w in _multiclass_cases()}


def _host_and_device(func, y, s, w, convert, errors, **kwargs):
    """``func`` on NumPy and on ``convert``'s arrays under dispatch: ``(expected,
    got, scores on the device)``, an error of ``errors`` standing for its result."""
    try:
        expected = func(y, s, sample_weight=w, **kwargs)
    except errors as exc:
        expected = exc
    try:
        y_d, s_d = convert(y), convert(s)
    except TypeError as exc:  # array_api_strict has no float16
        pytest.skip(str(exc))
    with config_context(array_api_dispatch=True):
        try:
            got = func(y_d, s_d, sample_weight=None if w is None else convert(w), **kwargs)
        except errors as exc:
            got = exc
    return expected, got, s_d


@pytest.mark.parametrize("case", sorted(MULTICLASS))
@pytest.mark.parametrize("options", [
    {"multi_class": "ovr"}, {"multi_class": "ovr", "average": "weighted"},
    {"multi_class": "ovr", "average": None}, {"multi_class": "ovr", "average": "micro"},
    {"multi_class": "ovo"}, {"multi_class": "ovo", "average": "weighted"},
    {"multi_class": "raise"}], ids=str)
def test_multiclass_roc_auc_on_the_device(case, options, convert, monkeypatch):
    y, s, w = MULTICLASS[case]
    spy = _Spy(monkeypatch)
    expected, got, s_d = _host_and_device(spc.roc_auc_score, y, s, w, convert,
                                          (ValueError, NotImplementedError), **options)
    if isinstance(expected, Exception):
        assert type(got) is type(expected) and str(got) == str(expected)
        assert spy.tables == 0
        return
    if isinstance(expected, np.ndarray):
        assert type(got) is type(s_d)
        np.testing.assert_allclose(_host(got), expected, rtol=1e-12)
    else:
        assert type(got) is type(expected)  # (ovo: a NumPy scalar, as on the host)
        assert got == pytest.approx(expected, rel=1e-12)
    plain = case in ("probabilities", "tied", "weights", "labels 2 to 5", "float32")
    if plain and _kernel_available(convert) \
            and not (w is not None and options["multi_class"] == "ovo"):
        assert spy.tables > 0, "computed on the host"


@pytest.mark.parametrize("case", sorted(MULTICLASS))
@pytest.mark.parametrize("average", ["macro", "weighted", None, "micro"])
def test_multiclass_average_precision_on_the_device(case, average, convert, monkeypatch):
    y, s, w = MULTICLASS[case]
    spy = _Spy(monkeypatch)
    expected, got, _ = _host_and_device(spc.average_precision_score, y, s, w, convert,
                                        ValueError, average=average)
    if isinstance(expected, Exception):
        assert type(got) is type(expected) and str(got) == str(expected)
        return
    if isinstance(expected, np.ndarray):
        np.testing.assert_allclose(_host(got), expected, rtol=1e-12)
    else:
        assert type(got) is type(expected)
        assert got == pytest.approx(expected, rel=1e-12)
    if case != "a class missing" and _kernel_available(convert):
        assert spy.tables == (1 if average == "micro" else s.shape[1]), "computed on the host"


def _multilabel_cases():
    rng = np.random.default_rng(29)
    y = (rng.random((200, 4)) < [0.1, 0.3, 0.5, 0.7]).astype(int)
    y[0], y[1] = 1, 0  # (every column holds both classes)
    y[:, 0][:2] = [1, 0]
    s = rng.random((200, 4)) + 0.4 * y
    rows_mixed = y.copy()
    rows_mixed[:, 3] = 1 - rows_mixed[:, 2]  # every row holds both classes
    yield "indicator", y, s, None
    yield "bool", y.astype(bool), s, None
    yield "float indicator", y.astype(float), s, None
    yield "tied", y, np.round(s, 1), None
    yield "float32", y, s.astype(np.float32), None
    yield "weights", y, s, rng.random(200) * 3
    some_zero = rng.random(200)
    some_zero[::4] = 0.0
    yield "zero weights", y, s, some_zero
    yield "rows with both classes", rows_mixed, s, None
    yield "rows with both classes, weighted", rows_mixed, np.round(s, 1), rng.random(200)
    yield "a column of one class", np.c_[y[:, :3], np.ones(200, int)], s, None
    yield "a label of 2", np.where(y == 1, 2, 0), s, None
    yield "shapes differ", y, s[:, :3], None


MULTILABEL = {name: (y, s, w) for name, y, s, w in _multilabel_cases()}
# Multiclass too, through the same averaging; the 'samples' average is the rows'.
AVERAGED = {**{f"multilabel {k}": v for k, v in MULTILABEL.items()},
            **{f"multiclass {k}": v for k, v in MULTICLASS.items()}}
_AVERAGED_CALLS = {
    "roc_auc_score": lambda **kw: (spc.roc_auc_score, kw),
    "roc_auc_score max_fpr": lambda **kw: (spc.roc_auc_score, {"max_fpr": 0.3, **kw}),
    "roc_auc_score ovr": lambda **kw: (spc.roc_auc_score, {"multi_class": "ovr", **kw}),
    "average_precision_score": lambda **kw: (spc.average_precision_score, kw),
    **{f"pr_auc_score {i}": (lambda i: lambda **kw: (
        spc.pr_auc_score, {"interpolation": i, **kw}))(i)
       for i in ("davis-goadrich", "step", "linear", "continuous")},
    "achievable_pr_auc_score": lambda **kw: (spc.achievable_pr_auc_score, kw),
    "achievable_pr_auc_score step": lambda **kw: (
        spc.achievable_pr_auc_score, {"interpolation": "step", **kw}),
}


def _outcome(func, y, s, w, kwargs):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            result = func(y, s, sample_weight=w, **kwargs)
        except (ValueError, TypeError, ZeroDivisionError, IndexError) as exc:
            result = exc  # (IndexError: scikit-learn's, for scores of another shape)
    return result, [(type(m.message), str(m.message)) for m in caught]


@pytest.mark.parametrize("case", sorted(AVERAGED))
@pytest.mark.parametrize("average", ["macro", "weighted", None, "micro", "samples"])
@pytest.mark.parametrize("call", sorted(_AVERAGED_CALLS))
def test_averaged_scores_on_the_device(call, average, case, convert, monkeypatch):
    """Multilabel and multiclass input, every average: the device's value (or the
    host's error and warnings) equals the NumPy path's, and plain input is counted on
    the device."""
    y, s, w = AVERAGED[case]
    func, kwargs = _AVERAGED_CALLS[call](average=average)
    expected, expected_warnings = _outcome(func, y, s, w, kwargs)
    try:
        y_d, s_d = convert(y), convert(s)
    except TypeError as exc:
        pytest.skip(str(exc))
    spy = _Spy(monkeypatch)
    with config_context(array_api_dispatch=True):
        got, got_warnings = _outcome(func, y_d, s_d, None if w is None else convert(w),
                                     kwargs)
    assert got_warnings == expected_warnings
    if isinstance(expected, Exception):
        assert type(got) is type(expected) and str(got) == str(expected)
        return
    assert not isinstance(got, Exception), got
    if isinstance(expected, np.ndarray):
        assert type(got) is type(s_d) and _device_of(got) == _device_of(s_d)
        np.testing.assert_allclose(_host(got), expected, rtol=1e-12)
    else:
        assert type(got) is type(expected)  # (the installed release's scalar type)
        np.testing.assert_allclose(got, expected, rtol=1e-12)  # (NaN where NaN)
    plain = not any(word in case for word in ("one class", "label of 2", "shapes",
                                              "missing", "not probabilities"))
    if average == "samples":  # each row a binary problem: computed on the device for
        # the two drop-ins (rows holding both classes; multiclass rows hold one each)
        plain = plain and call in ("average_precision_score", "roc_auc_score",
                                   "roc_auc_score ovr") and (
            "both classes" in case or case.startswith("multiclass"))
    if "multiclass" in case and "roc_auc" in call:
        plain = plain and "ovr" in call and average != "samples"
    if plain and _kernel_available(convert):
        assert spy.tables > 0, "computed on the host"


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
@pytest.mark.parametrize("call", ["roc_auc_score", "average_precision_score"])
@pytest.mark.parametrize("average", ["samples", "micro", "weighted"])
def test_averaged_scores_on_generated_input(call, average, data):
    """Ties across and within rows, weights from 1e-300 to 1e300."""
    _skip_without_dispatch()
    n, k = data.draw(st.integers(1, 12)), data.draw(st.integers(2, 5))
    s = np.asarray(data.draw(st.lists(st.sampled_from([0.0, 0.25, 0.5, 1.0, 1e-30, 7.0]),
                                      min_size=n * k, max_size=n * k))).reshape(n, k)
    y = np.asarray(data.draw(st.lists(st.integers(0, 1), min_size=n * k,
                                      max_size=n * k))).reshape(n, k)
    w = data.draw(st.none() | st.lists(
        st.sampled_from([0.0, 1e-300, 0.5, 1.0, 3.0, 1e300]),
        min_size=n, max_size=n).map(np.asarray))
    func, kwargs = _AVERAGED_CALLS[call](average=average)
    expected, expected_warnings = _outcome(func, y, s, w, kwargs)
    convert = BACKENDS["strict-device1"]
    with config_context(array_api_dispatch=True):
        got, got_warnings = _outcome(func, convert(y), convert(s),
                                     None if w is None else convert(w), kwargs)
    assert got_warnings == expected_warnings
    if isinstance(expected, Exception):
        assert type(got) is type(expected) and str(got) == str(expected)
    else:
        np.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-300)


def test_roc_auc_labels_on_the_device(convert, monkeypatch):
    """``labels=`` names the score columns' classes: one absent from ``y_true`` leaves
    the host to say so; otherwise the device counts."""
    y, s, _ = MULTICLASS["probabilities"]
    for labels, counted in (([0, 1, 2, 3], True), ([1, 2, 3, 4], False),
                            ([3, 2, 1, 0], False), (np.arange(4), True)):
        for multi_class in ("ovr", "ovo"):
            spy = _Spy(monkeypatch)
            kwargs = {"multi_class": multi_class, "labels": labels}
            expected, _ = _outcome(spc.roc_auc_score, y, s, None, kwargs)
            with config_context(array_api_dispatch=True):
                got, _ = _outcome(spc.roc_auc_score, convert(y), convert(s), None, kwargs)
            if isinstance(expected, Exception):
                assert type(got) is type(expected) and str(got) == str(expected)
            else:
                assert got == pytest.approx(expected, rel=1e-12)
            assert (spy.tables > 0) == (counted and _kernel_available(convert))


def test_hull_reading_is_numpys_interp():
    # The device reads the hull at each recall with np.interp's arithmetic, to the
    # bit, on vertices spanning 1e-300 to 1e300 (where a fraction-first form
    # underflows and a slope overflows) and at the vertices themselves.
    _skip_without_dispatch()
    from sklearn_prcurves._measures._hull import hull_fp_at

    rng = np.random.default_rng(8)
    for _ in range(300):
        k = int(rng.integers(2, 7))
        hull_tp = np.cumsum(10.0 ** rng.uniform(-300, 300, k))
        hull_tp[0] = 0.0
        hull_fp = np.cumsum(10.0 ** rng.uniform(-300, 300, k) * (rng.random(k) < 0.8))
        hull_fp[0] = 0.0
        tp = np.sort(np.concatenate([hull_tp, rng.random(6) * hull_tp[-1],
                                     hull_tp[1:] * (1 + 1e-16)]))
        tp = np.minimum(tp, hull_tp[-1])
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            expected = hull_fp_at(tp, hull_tp, hull_fp)
            got = hull_fp_at(strict.asarray(tp), hull_tp, hull_fp)
        np.testing.assert_array_equal(_host(got), expected)


class _ScanRoundingItsOwnWay:
    """array_api_strict whose float running sums are each off by a few ulps, as a
    parallel scan's partial sums may be: a neighbour's equal sum an ulp apart, a later
    sum below an earlier one."""

    def __init__(self, jitter):
        self._jitter = jitter

    def __getattr__(self, name):
        return getattr(strict, name)

    def cumulative_sum(self, x, **kwargs):
        sums = strict.cumulative_sum(x, **kwargs)
        if not strict.isdtype(sums.dtype, "real floating"):
            return sums
        ulps = np.asarray(self._jitter[: sums.shape[0]], dtype=np.float64)
        return sums * strict.asarray(1.0 + ulps * np.finfo(np.float64).eps)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([1e-300, 0.1, 0.7, 3.0, 1e6]), max_size=40), st.data())
def test_running_sums_hold_and_rise_whatever_the_scan(values, data):
    """Sums after equal counts of a class's weights are the same float, never fall,
    and equal the exact sums to the scan's rounding."""
    n = len(values)
    counts = sorted(data.draw(st.lists(st.integers(0, n), min_size=1, max_size=30)))
    jitter = data.draw(st.lists(st.integers(-4, 4), min_size=n, max_size=n))
    got = np.asarray(_array_api.running_sums_at(
        _ScanRoundingItsOwnWay(jitter), strict.asarray(np.asarray(values, dtype=float)),
        strict.asarray(np.asarray(counts))))
    exact = np.array([math.fsum(values[:k]) for k in counts])
    assert np.all(np.diff(got) >= 0)
    for i in range(1, len(counts)):
        if counts[i] == counts[i - 1]:
            assert got[i] == got[i - 1]
    assert np.all(got[np.asarray(counts) == 0] == 0)
    np.testing.assert_allclose(got, exact, rtol=1e-14)


@given(st.lists(st.floats(-1e6, 1e6), min_size=1, max_size=70))
def test_cumulative_max_is_the_running_maximum(values):
    got = _array_api.cumulative_max(strict, strict.asarray(np.asarray(values)))
    np.testing.assert_array_equal(np.asarray(got), np.maximum.accumulate(values))


@pytest.mark.parametrize("interpolation", ["davis-goadrich", "continuous", "step", "linear"])
def test_areas_in_pieces_on_the_device(interpolation, convert, monkeypatch):
    """A path longer than a device's piece is summed piece by piece: the same area."""
    from sklearn_prcurves._measures import _interpolation

    monkeypatch.setattr(_interpolation, "_DEVICE_AREA_CHUNK", 7)
    y, s, w = CASES["weights"]
    for weight in (None, w):
        expected = spc.pr_auc_score(y, s, sample_weight=weight, interpolation=interpolation)
        with config_context(array_api_dispatch=True):
            got = spc.pr_auc_score(convert(y), convert(s), interpolation=interpolation,
                                   sample_weight=None if weight is None else convert(weight))
        assert got == pytest.approx(expected, rel=1e-12)

"""Array API inputs (torch, array_api_strict) under ``array_api_dispatch=True``.

scikit-learn's own array API checks for the ranking functions it supports
(``metrics/tests/test_common.py``) run with our functions bound in; the package's own
functions are checked the same way: results in the input's namespace and on its
device, values equal to the NumPy results.
"""

import inspect

import numpy as np
import pytest
from _sklearn_suites import load_with_ours
from sklearn import config_context

import sklearn_prcurves as spc

pytest.importorskip("array_api_strict")
try:
    from sklearn.utils._array_api import yield_namespace_device_dtype_combinations
except ImportError:  # pragma: no cover - moved in another scikit-learn release
    pytest.skip("scikit-learn's array API test helpers are not available",
                allow_module_level=True)

SUPPORTED = ["auc", "average_precision_score", "confusion_matrix_at_thresholds",
             "det_curve", "precision_recall_curve", "roc_auc_score", "roc_curve"]

_common = load_with_ours("sklearn.metrics.tests.test_common", SUPPORTED)
_ours = {getattr(spc, name) for name in SUPPORTED}
CHECKS = [(metric, check) for metric, check in _common.yield_metric_checker_combinations()
          if metric in _ours]


@pytest.fixture(params=["numpy-view", "device-kernel"], autouse=True)
def kernel(request, monkeypatch):
    # Host-memory arrays are counted by the NumPy kernel through a view as shipped;
    # every check also runs with the device kernel counting them (as it does on CUDA).
    from sklearn_prcurves._base import _array_api

    monkeypatch.setattr(_array_api, "NAMESPACE_PATH", request.param == "device-kernel")
    return request.param


def _namespaces():
    # array_api_strict's devices are all on the CPU (a second one tests that results
    # come back on the input's device); torch only on the CPU here.
    for namespace, device, dtype in yield_namespace_device_dtype_combinations():
        if namespace == "array_api_strict" or (namespace == "torch" and device == "cpu"):
            yield namespace, device, dtype


NAMESPACES = list(_namespaces())


def test_sklearn_checks_are_bound_to_ours():
    # Every ranking function scikit-learn checks (its list grows between releases:
    # 1.9 adds average_precision_score) is checked as ours, none as scikit-learn's.
    checked = {getattr(metric, "__name__", None): metric
               for metric in _common.array_api_metric_checkers}
    ranking = set(SUPPORTED) & set(checked)
    import sklearn

    if tuple(int(p) for p in sklearn.__version__.split(".")[:2]) >= (1, 8):
        # (1.6 and 1.7 check none of the ranking curves under the array API)
        assert {"det_curve", "precision_recall_curve", "roc_curve"} <= ranking
    assert all(checked[name] is getattr(spc, name) for name in ranking)


@pytest.mark.parametrize("array_namespace, device_name, dtype_name", NAMESPACES)
@pytest.mark.parametrize("metric, check_func", CHECKS,
                         ids=[f"{m.__name__}-{c.__name__}" for m, c in CHECKS])
def test_sklearn_array_api_checks(metric, check_func, array_namespace, device_name,
                                  dtype_name):
    _skip_unavailable(array_namespace)
    check_func(metric, array_namespace, device_name, dtype_name)


def _skip_unavailable(namespace):
    pytest.importorskip(namespace)
    from sklearn.utils._array_api import _check_array_api_dispatch

    try:
        _check_array_api_dispatch(True)
    except (ImportError, RuntimeError) as exc:  # e.g. SCIPY_ARRAY_API unset
        pytest.skip(str(exc))


OWN = {
    "pr_auc_score": lambda y, s, **kw: spc.pr_auc_score(y, s, **kw),
    "pr_auc_score_continuous": lambda y, s, **kw: spc.pr_auc_score(
        y, s, interpolation="continuous", **kw),
    "achievable_pr_auc_score": lambda y, s, **kw: spc.achievable_pr_auc_score(y, s, **kw),
    "pr_curve": lambda y, s, **kw: spc.pr_curve(y, s, **kw),
    "roc_convex_hull": lambda y, s, **kw: spc.roc_convex_hull(y, s, **kw),
    "roc_curve": lambda y, s, **kw: spc.roc_curve(y, s, drop_intermediate=False, **kw),
    "roc_auc_score": lambda y, s, **kw: spc.roc_auc_score(y, s, **kw),
    "average_precision_score": lambda y, s, **kw: spc.average_precision_score(y, s, **kw),
    "confusion_matrix_at_thresholds": lambda y, s, **kw: spc.confusion_matrix_at_thresholds(
        y, s, **kw),
    "auc": lambda y, s, **kw: spc.auc(*spc.roc_curve(y, s, **kw)[:2]),
}


@pytest.mark.parametrize("array_namespace, device_name, dtype_name", NAMESPACES)
@pytest.mark.parametrize("name", sorted(OWN))
@pytest.mark.parametrize("weighted", [False, True])
def test_package_functions_keep_namespace_and_device(name, array_namespace, device_name,
                                                     dtype_name, weighted):
    _skip_unavailable(array_namespace)
    from sklearn.utils._array_api import device, get_namespace

    # scikit-learn's own test helper, as its test module imports it (its home and
    # signature move between releases: 1.9 also takes the dtype)
    helper = _common._array_api_for_tests
    if len(inspect.signature(helper).parameters) >= 3:
        xp, dev = helper(array_namespace, device_name, dtype_name)
    else:  # scikit-learn 1.8: the namespace only; the device is the one given
        xp, dev = helper(array_namespace, device_name), device_name
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 60)
    s = np.round(rng.random(60), 1).astype(dtype_name)  # ties
    w = rng.integers(1, 4, 60).astype(dtype_name) if weighted else None
    kwargs = {} if w is None else {"sample_weight": w}
    expected = OWN[name](y, s, **kwargs)
    y_xp, s_xp = xp.asarray(y, device=dev), xp.asarray(s, device=dev)
    if w is not None:
        kwargs = {"sample_weight": xp.asarray(w, device=dev)}
    with config_context(array_api_dispatch=True):
        got = OWN[name](y_xp, s_xp, **kwargs)
    if isinstance(expected, float):
        assert isinstance(got, float) and got == pytest.approx(expected, rel=1e-12)
        return
    for got_array, expected_array in zip(got, expected):
        assert get_namespace(got_array)[0] is get_namespace(s_xp)[0]
        assert device(got_array) == device(s_xp)
        np.testing.assert_allclose(np.asarray(_to_numpy(got_array)), expected_array,
                                   rtol=1e-6 if dtype_name == "float32" else 1e-12)


def _to_numpy(array):
    from sklearn_prcurves._base._array_api import to_numpy

    return to_numpy(array)

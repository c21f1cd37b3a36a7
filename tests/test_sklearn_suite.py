"""scikit-learn's own ranking tests, run against our drop-ins.

The installed scikit-learn ships ``sklearn/metrics/tests/test_ranking.py``. We load a
private copy of that module, rebind its names for the functions we replace to ours,
and expose its tests here, so every assertion scikit-learn makes about its ranking
metrics is also made about ours, for whichever scikit-learn version is installed.
Fixtures such as ``global_random_seed`` come from ``sklearn.conftest`` (loaded in
``conftest.py``).
"""

import importlib.util

import pytest

import sklearn_prcurves

sklearn_tests = pytest.importorskip("sklearn.metrics.tests.test_ranking")

REPLACED = [
    "auc",
    "average_precision_score",
    "confusion_matrix_at_thresholds",
    "det_curve",
    "precision_recall_curve",
    "roc_auc_score",
    "roc_curve",
]

# Tests of scikit-learn behaviour we deliberately do not reproduce.
NOT_MIRRORED = {
    # scikit-learn 1.9 deprecates positional pos_label/sample_weight in
    # confusion_matrix_at_thresholds; ours is keyword-only from the start.
    "test_confusion_matrix_at_thresholds_positional_args_deprecation": (
        "keyword-only from the start: no positional deprecation to mirror"
    ),
}


def _load_rebound_copy():
    spec = importlib.util.spec_from_file_location(
        "_sklearn_test_ranking_on_prcurves", sklearn_tests.__file__
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    ours = {name: getattr(sklearn_prcurves, name) for name in REPLACED if hasattr(module, name)}
    originals = {id(getattr(module, name)): fn for name, fn in ours.items()}
    for name, fn in ours.items():
        setattr(module, name, fn)
    # Lists of functions built at import time (CURVE_FUNCS) hold scikit-learn's objects.
    for value in vars(module).values():
        if isinstance(value, list):
            value[:] = [originals.get(id(item), item) for item in value]
    return module, ours


_module, _ours = _load_rebound_copy()
assert _ours, "no scikit-learn ranking function was rebound"

for _name, _test in vars(_module).items():
    if _name.startswith("test_") and callable(_test):
        if _name in NOT_MIRRORED:
            _test = pytest.mark.skip(reason=NOT_MIRRORED[_name])(_test)
        globals()[_name] = _test


def test_rebinding_took_effect():
    for name, fn in _ours.items():
        assert getattr(_module, name) is fn
        assert fn.__module__.startswith("sklearn_prcurves")

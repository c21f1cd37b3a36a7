"""Load one of scikit-learn's own test modules with our objects bound in.

The installed scikit-learn ships its tests. We execute a private copy of a test
module while ``sklearn.metrics`` (or another module it imports from) temporarily
holds our functions under scikit-learn's names, so that every name the test module
imports, and every list or parametrization it builds at import time, refers to ours.
scikit-learn's module is restored right after; only the copy keeps our objects.
"""

import importlib
import importlib.util

import sklearn_prcurves


def load_with_ours(test_module, replaced, source="sklearn.metrics"):
    """A copy of ``test_module`` in which the names ``replaced`` are ours."""
    original_tests = importlib.import_module(test_module)
    target = importlib.import_module(source)
    # Names this scikit-learn release does not have are left alone (its tests do not
    # import them either).
    replaced = [name for name in replaced if hasattr(target, name)]
    saved = {name: getattr(target, name) for name in replaced}
    spec = importlib.util.spec_from_file_location(
        "_ours_" + test_module.replace(".", "_"), original_tests.__file__
    )
    module = importlib.util.module_from_spec(spec)
    try:
        for name in replaced:
            setattr(target, name, getattr(sklearn_prcurves, name))
        spec.loader.exec_module(module)
    finally:
        for name, value in saved.items():
            setattr(target, name, value)
    for name in replaced:
        assert getattr(module, name, None) in (None, getattr(sklearn_prcurves, name)), name
    return module


def expose_tests(module, namespace, skips=None):
    """Put the module's tests into ``namespace`` (a test file's globals), marking the
    ones in ``skips`` (name -> reason) as skipped."""
    import pytest

    skips = skips or {}
    for name, test in vars(module).items():
        if name.startswith("test_") and callable(test):
            if name in skips:
                test = pytest.mark.skip(reason=skips[name])(test)
            namespace[name] = test
    # Module-scoped fixtures the tests use live in the module too.
    for name, value in vars(module).items():
        if hasattr(value, "_pytestfixturefunction") or type(value).__name__ == "FixtureFunctionDefinition":
            namespace.setdefault(name, value)


# scikit-learn's ranking functions that we provide under their names.
RANKING_NAMES = [
    "auc",
    "average_precision_score",
    "confusion_matrix_at_thresholds",
    "det_curve",
    "precision_recall_curve",
    "roc_auc_score",
    "roc_curve",
]

# What scikit-learn's display tests import from sklearn.metrics that we provide.
DISPLAY_SUITE_NAMES = ["RocCurveDisplay", "PrecisionRecallDisplay", "DetCurveDisplay",
                       "roc_curve", "auc", "precision_recall_curve",
                       "average_precision_score", "det_curve"]


def expose_display_suite(test_file, display_name, namespace):
    """Run scikit-learn's ``metrics/_plot/tests/<test_file>.py`` with our displays and
    curve functions bound in: its tests (and a check that the binding took) are put
    into ``namespace``, a test module's globals (one module per file: each has its
    own fixtures)."""
    import sklearn_prcurves as ours

    module = load_with_ours(f"sklearn.metrics._plot.tests.{test_file}", DISPLAY_SUITE_NAMES)
    expose_tests(module, namespace)

    def test_rebinding_took_effect():
        for name in DISPLAY_SUITE_NAMES:
            value = getattr(module, name, None)
            assert value is None or value is getattr(ours, name)
        assert getattr(module, display_name) is getattr(ours, display_name)

    namespace["test_rebinding_took_effect"] = test_rebinding_took_effect

"""A pytest plugin that runs another project's tests with our drop-ins swapped in
for scikit-learn's: ``python -m pytest -p sklearn_swap --pyargs sklearn.metrics.tests``
with ``tests/`` on ``PYTHONPATH``, from a folder outside the repository (inside it, the
repository's ``tests/conftest.py`` would load ``sklearn.conftest`` a second time).

Before collection, and again after it, every loaded module that holds one of
scikit-learn's objects under its name (``sklearn.metrics``, its submodules, the test
modules) is given ours instead, so the suite meets our functions, displays and scorer
helpers wherever it would meet scikit-learn's. ``.ci/run`` requires scikit-learn's
metrics and display suites to pass so, as they pass without it.
"""

import sys

NAMES = ["auc", "average_precision_score", "confusion_matrix_at_thresholds", "det_curve",
         "metric_at_thresholds",
         "precision_recall_curve", "roc_auc_score", "roc_curve", "RocCurveDisplay",
         "PrecisionRecallDisplay", "DetCurveDisplay", "get_scorer", "get_scorer_names",
         "check_scoring"]


def _swap():
    import sklearn.metrics
    import sklearn.metrics._plot.det_curve  # noqa: F401 - (modules holding the names)
    import sklearn.metrics._plot.precision_recall_curve  # noqa: F401
    import sklearn.metrics._plot.roc_curve  # noqa: F401

    import sklearn_prcurves

    theirs = {name: getattr(sklearn.metrics, name) for name in NAMES
              if hasattr(sklearn.metrics, name)}
    swapped = 0
    for module in list(sys.modules.values()):
        if module is None or getattr(module, "__name__", "").startswith("sklearn_prcurves"):
            continue
        for name, original in theirs.items():
            if getattr(module, name, None) is original:
                setattr(module, name, getattr(sklearn_prcurves, name))
                swapped += 1
    return swapped


def pytest_configure(config):
    _swap()
    import sklearn.metrics

    import sklearn_prcurves

    assert sklearn.metrics.roc_auc_score is sklearn_prcurves.roc_auc_score


def pytest_collection_finish(session):
    _swap()  # (what the test modules imported, and lists they built, at collection)


def _no_usable_cuda():
    """Whether torch is installed, built for CUDA, and finds no device: scikit-learn's
    own skip asks only whether torch was built with CUDA."""
    try:
        import torch
    except ImportError:
        return False
    return bool(torch.backends.cuda.is_built()) and not torch.cuda.is_available()


def pytest_collection_modifyitems(config, items):
    if not _no_usable_cuda():
        return
    import pytest

    skip = pytest.mark.skip(reason="torch is built for CUDA, and this machine has no "
                                   "usable CUDA device")
    for item in items:
        params = getattr(getattr(item, "callspec", None), "params", {})
        if any(value == "cuda" or (isinstance(value, str) and value.startswith("cuda:"))
               for value in params.values()):
            item.add_marker(skip)

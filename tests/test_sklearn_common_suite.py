"""scikit-learn's common metric tests (``sklearn/metrics/tests/test_common.py``), run
against our drop-ins.

Those tests check every metric for invariances (sample order, label encoding, list and
array input, sample weights as repetition), for multilabel and multiclass averaging,
for thresholded and probabilistic input, and for array API compliance. A private copy
of the module runs with our ranking functions bound under scikit-learn's names, so the
metric registries it builds at import time (``ALL_METRICS``, ``THRESHOLDED_METRICS``,
...) hold ours wherever they hold a ranking metric.
"""

import pytest
from _sklearn_suites import RANKING_NAMES, expose_tests, load_with_ours

import sklearn_prcurves

pytest.importorskip("sklearn.metrics.tests.test_common")

REPLACED = RANKING_NAMES

_module = load_with_ours("sklearn.metrics.tests.test_common",
                         [name for name in REPLACED if hasattr(sklearn_prcurves, name)])
expose_tests(_module, globals())


def test_the_registries_hold_ours():
    import sklearn.metrics

    held = {getattr(metric, "func", metric) for metric in _module.ALL_METRICS.values()}
    assert sklearn_prcurves.roc_auc_score in held
    assert sklearn_prcurves.average_precision_score in held
    for name in REPLACED:
        if hasattr(sklearn_prcurves, name) and hasattr(sklearn.metrics, name):
            assert getattr(sklearn.metrics, name) not in held, name

"""scikit-learn's own scorer tests (``metrics/tests/test_score_objects.py``), run with
our ``get_scorer``, ``get_scorer_names``, ``check_scoring`` and ranking metrics bound in.

Our ``get_scorer_names()`` is scikit-learn's list, so the test module's lists of
regression, classification, clustering and multilabel names (from which it picks an
estimator for each name) hold as they are.
"""

import pytest

import sklearn_prcurves

from _sklearn_suites import expose_tests, load_with_ours

pytest.importorskip("sklearn.metrics.tests.test_score_objects")

REPLACED = ["get_scorer", "get_scorer_names", "check_scoring", "roc_auc_score",
            "average_precision_score"]

_module = load_with_ours("sklearn.metrics.tests.test_score_objects", REPLACED)
expose_tests(_module, globals())


def test_rebinding_took_effect():
    for name in REPLACED:
        assert getattr(_module, name) is getattr(sklearn_prcurves, name)

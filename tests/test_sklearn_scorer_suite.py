"""scikit-learn's own scorer tests (``metrics/tests/test_score_objects.py``), run with
our ``get_scorer``, ``get_scorer_names``, ``check_scoring`` and ranking metrics bound in.

Our ``get_scorer_names()`` lists scikit-learn's names and ours; scikit-learn's tests
sort names into regression, classification, clustering and multilabel lists to pick
an estimator for each, so ours (all classification scorers) join its classification
list.
"""

import pytest

import sklearn_prcurves

from _sklearn_suites import expose_tests, load_with_ours

pytest.importorskip("sklearn.metrics.tests.test_score_objects")

REPLACED = ["get_scorer", "get_scorer_names", "check_scoring", "roc_auc_score",
            "average_precision_score"]

_module = load_with_ours("sklearn.metrics.tests.test_score_objects", REPLACED)
_ours_only = sorted(set(sklearn_prcurves.get_scorer_names())
                    - set(_module.REGRESSION_SCORERS) - set(_module.CLF_SCORERS)
                    - set(_module.CLUSTER_SCORERS) - set(_module.MULTILABEL_ONLY_SCORERS))
_module.CLF_SCORERS.extend(_ours_only)

expose_tests(_module, globals())


def test_rebinding_took_effect():
    for name in REPLACED:
        assert getattr(_module, name) is getattr(sklearn_prcurves, name)
    assert "pr_auc" in _ours_only and "roc_auc" not in _ours_only

"""scikit-learn's own scorer tests (``metrics/tests/test_score_objects.py``), run with
our ``get_scorer``, ``get_scorer_names``, ``check_scoring`` and ranking metrics bound in.

Our ``get_scorer_names()`` is scikit-learn's list, so the test module's lists of
regression, classification, clustering and multilabel names (from which it picks an
estimator for each name) hold as they are, unless another test in the same process
registered the package's names (``register_scorers``): then they are in scikit-learn's
list too, and are added to the module's classification names, as they would have to be
in scikit-learn's own run.
"""

import pytest
from _sklearn_suites import expose_tests, load_with_ours

import sklearn_prcurves

pytest.importorskip("sklearn.metrics.tests.test_score_objects")

REPLACED = ["get_scorer", "get_scorer_names", "check_scoring", "roc_auc_score",
            "average_precision_score"]

_module = load_with_ours("sklearn.metrics.tests.test_score_objects", REPLACED)
_module.CLF_SCORERS.extend(sorted(
    set(sklearn_prcurves._selection._scorer._SCORERS) - set(_module.REGRESSION_SCORERS)
    - set(_module.CLF_SCORERS) - set(_module.CLUSTER_SCORERS)
    - set(_module.MULTILABEL_ONLY_SCORERS)))
expose_tests(_module, globals())


def test_rebinding_took_effect():
    for name in REPLACED:
        assert getattr(_module, name) is getattr(sklearn_prcurves, name)

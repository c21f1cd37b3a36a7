"""scikit-learn's own ranking tests, run against our drop-ins.

The installed scikit-learn ships ``sklearn/metrics/tests/test_ranking.py``. A private
copy of that module is executed with our functions bound under scikit-learn's names
(``tests/_sklearn_suites.py``), so every assertion scikit-learn makes about its ranking
metrics, including the lists of curve functions it builds at import time, is also made
about ours, for whichever scikit-learn version is installed. Fixtures such as
``global_random_seed`` come from ``sklearn.conftest`` (loaded in ``conftest.py``).
"""

import pytest
from _sklearn_suites import RANKING_NAMES, expose_tests, load_with_ours

import sklearn_prcurves

pytest.importorskip("sklearn.metrics.tests.test_ranking")

REPLACED = RANKING_NAMES

# Tests of scikit-learn behaviour we deliberately do not reproduce (none at present).
NOT_MIRRORED = {}

_module = load_with_ours("sklearn.metrics.tests.test_ranking",
                         [name for name in REPLACED if hasattr(sklearn_prcurves, name)])
expose_tests(_module, globals(), NOT_MIRRORED)


def test_rebinding_took_effect():
    for name in REPLACED:
        fn = getattr(_module, name, None)
        if fn is not None:
            assert fn is getattr(sklearn_prcurves, name)
            assert fn.__module__.startswith("sklearn_prcurves")
    # Lists built at import time hold ours too.
    assert sklearn_prcurves.roc_curve in _module.CURVE_FUNCS

"""scikit-learn's own common curve-display tests, run with our displays and curve functions bound
into ``sklearn.metrics`` (every display those tests build is ours):
``sklearn/metrics/_plot/tests/test_common_curve_display.py``.

The file also checks scikit-learn's CalibrationDisplay, ConfusionMatrixDisplay and
PredictionErrorDisplay, which stay scikit-learn's; its skips are its own (classes
without ``from_cv_results``).
"""

import pytest

pytest.importorskip("matplotlib")

import sklearn_prcurves  # noqa: E402

from _sklearn_suites import DISPLAY_SUITE_NAMES, expose_tests, load_with_ours  # noqa: E402

_module = load_with_ours("sklearn.metrics._plot.tests.test_common_curve_display",
                         DISPLAY_SUITE_NAMES)
expose_tests(_module, globals())


def test_rebinding_took_effect():
    for name in DISPLAY_SUITE_NAMES:
        value = getattr(_module, name, None)
        assert value is None or value is getattr(sklearn_prcurves, name)
    assert _module.RocCurveDisplay is sklearn_prcurves.RocCurveDisplay

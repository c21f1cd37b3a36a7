"""scikit-learn's own DET display tests, run with our displays and curve functions bound
into ``sklearn.metrics`` (every display those tests build is ours):
``sklearn/metrics/_plot/tests/test_det_curve_display.py``.
"""

import pytest

pytest.importorskip("matplotlib")

import sklearn_prcurves  # noqa: E402

from _sklearn_suites import DISPLAY_SUITE_NAMES, expose_tests, load_with_ours  # noqa: E402

_module = load_with_ours("sklearn.metrics._plot.tests.test_det_curve_display",
                         DISPLAY_SUITE_NAMES)
expose_tests(_module, globals())


def test_rebinding_took_effect():
    for name in DISPLAY_SUITE_NAMES:
        value = getattr(_module, name, None)
        assert value is None or value is getattr(sklearn_prcurves, name)
    assert _module.DetCurveDisplay is sklearn_prcurves.DetCurveDisplay

"""scikit-learn's own DET display tests, run with our displays and curve functions bound
into ``sklearn.metrics`` (every display those tests build is ours):
``sklearn/metrics/_plot/tests/test_det_curve_display.py``.
"""

import pytest

pytest.importorskip("matplotlib")

from _sklearn_suites import expose_display_suite  # noqa: E402

expose_display_suite("test_det_curve_display", "DetCurveDisplay", globals())

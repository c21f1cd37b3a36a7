"""scikit-learn's own common curve-display tests, run with our displays and curve functions bound
into ``sklearn.metrics`` (every display those tests build is ours):
``sklearn/metrics/_plot/tests/test_common_curve_display.py``.

The file also checks scikit-learn's CalibrationDisplay, ConfusionMatrixDisplay and
PredictionErrorDisplay, which stay scikit-learn's; its skips are its own (classes
without ``from_cv_results``).
"""

import pytest

pytest.importorskip("matplotlib")

from _sklearn_suites import expose_display_suite  # noqa: E402

expose_display_suite("test_common_curve_display", "RocCurveDisplay", globals())

"""Small named results: operating points, intervals and tests.

They unpack as the plain tuples the functions returned before (so
``low, high = roc_auc_ci(...)`` and ``recall, threshold = recall_at_precision(...)``
keep working) and carry names, the estimate and the method, with readable reprs.
"""

from typing import NamedTuple

from sklearn.utils import Bunch

__all__ = ["ConfidenceInterval", "FBetaOptimum", "OperatingPoint", "TestResult"]


class OperatingPoint(NamedTuple):
    """A value reached at a threshold (predict positive for scores >= ``threshold``)."""

    value: float
    threshold: float


class FBetaOptimum(NamedTuple):
    """The threshold maximising F-beta, and that F-beta."""

    threshold: float
    fbeta: float


class ConfidenceInterval(tuple):
    """``(low, high)``, also naming the ``estimate``, ``method`` and
    ``confidence_level``.

    Unpacks as two numbers, as the interval functions always returned.
    """

    def __new__(cls, low, high, *, estimate, method, confidence_level):
        self = super().__new__(cls, (float(low), float(high)))
        self.estimate = None if estimate is None else float(estimate)
        self.method = method
        self.confidence_level = confidence_level
        return self

    @property
    def low(self):
        return self[0]

    @property
    def high(self):
        return self[1]

    def __reduce__(self):
        return (_rebuild, (self.low, self.high, self.estimate, self.method,
                           self.confidence_level))

    def __repr__(self):
        estimate = "None" if self.estimate is None else f"{self.estimate:.6g}"
        return (f"ConfidenceInterval(estimate={estimate}, low={self.low:.6g}, "
                f"high={self.high:.6g}, method={self.method!r}, "
                f"confidence_level={self.confidence_level!r})")


def _rebuild(low, high, estimate, method, confidence_level):
    return ConfidenceInterval(low, high, estimate=estimate, method=method,
                              confidence_level=confidence_level)


class TestResult(Bunch):
    """A test's results: attributes (and keys, as a dict) with a readable repr."""

    __test__ = False  # not a pytest test class

    def __repr__(self):
        fields = ", ".join(
            f"{key}={value:.6g}" if isinstance(value, float) else f"{key}={value!r}"
            for key, value in self.items()
        )
        return f"TestResult({fields})"

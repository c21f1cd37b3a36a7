"""Small named results: operating points, intervals and tests.

They unpack as the plain tuples the functions returned before (so
``low, high = roc_auc_ci(...)`` and ``recall, threshold = recall_at_precision(...)``
keep working) and carry names, the estimate and the method, with readable reprs.
"""

import math
from typing import NamedTuple

import numpy as np

from ._undefined import warn_undefined

__all__ = [
    "CertifiedThreshold", "ConfidenceInterval", "FBetaOptimum", "NetBenefitComparison",
    "NetBenefitCurve", "OperatingPoint", "ReviewBand", "TestResult",
]


class OperatingPoint(NamedTuple):
    """A value reached at a threshold (predict positive for scores >= ``threshold``).

    Examples
    --------
    >>> from sklearn_prcurves import recall_at_precision
    >>> point = recall_at_precision([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], min_precision=0.6)
    >>> point.value, point.threshold
    (1.0, 0.35)
    """

    value: float
    threshold: float


class CertifiedThreshold(NamedTuple):
    """A threshold whose constraint holds in the population with a stated confidence
    (:func:`certified_threshold`).

    ``certified`` says whether one was found (``threshold`` is NaN otherwise). With one
    requirement ``measure`` names it, and ``guaranteed`` and ``estimate`` are numbers;
    with several, ``measure`` is the tuple of their names and ``guaranteed`` and
    ``estimate`` are dicts keyed by them. ``precision``, ``recall``, ``fpr``, ``npv``
    and ``flag_rate`` (the share predicted positive) are the values on these rows at
    the threshold (at the deployment's prevalence where one was given).

    Examples
    --------
    >>> from sklearn_prcurves import certified_threshold
    >>> y = [0] * 50 + [1] * 50
    >>> result = certified_threshold(y, list(range(100)), min_precision=0.9)
    >>> result.threshold, result.measure, result.guaranteed, result.estimate
    (50, 'precision', 0.9, 1.0)
    """

    threshold: float
    measure: str
    guaranteed: float
    confidence_level: float
    estimate: float
    precision: float
    recall: float
    fpr: float
    pvalue: float
    npv: float = math.nan
    flag_rate: float = math.nan

    @property
    def certified(self) -> bool:
        """Whether a threshold was certified."""
        return self.threshold == self.threshold


class ReviewBand(NamedTuple):
    """Two thresholds with guarantees (:func:`certified_review_band`): scores at or
    above ``upper`` are decided positive, scores below ``lower`` negative, and those
    between go to a person.

    ``certified`` says whether a band was found (``lower`` and ``upper`` are NaN
    otherwise). ``guaranteed`` and ``estimate`` are dicts keyed by the requirements'
    measures (``"precision"`` of the automatic positives, ``"npv"`` of the automatic
    negatives, ``"review_rate"``, the share sent for review). ``precision``, ``npv``,
    ``review_rate``, ``positive_rate`` and ``negative_rate`` (the shares decided
    positive and negative) and ``recall`` (the share of the positives decided
    positive) are the values on these rows (at the deployment's prevalence where one
    was given); ``pvalue`` is the largest of the requirements' tests.

    Examples
    --------
    >>> from sklearn_prcurves import certified_review_band
    >>> y = [0] * 60 + [1] * 10 + [0] * 10 + [1] * 60
    >>> band = certified_review_band(y, list(range(140)), min_precision=0.9, min_npv=0.9)
    >>> band.lower, band.upper, band.review_rate
    (60, 80, 0.14285714285714285)
    """

    lower: float
    upper: float
    guaranteed: dict
    confidence_level: float
    estimate: dict
    precision: float
    npv: float
    review_rate: float
    positive_rate: float
    negative_rate: float
    recall: float
    pvalue: float

    @property
    def certified(self) -> bool:
        """Whether a band was certified."""
        return self.lower == self.lower


class FBetaOptimum(NamedTuple):
    """The threshold maximising F-beta, and that F-beta.

    Examples
    --------
    >>> from sklearn_prcurves import fbeta_optimal_threshold
    >>> threshold, f1 = fbeta_optimal_threshold([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> threshold, f1
    (0.35, 0.8)
    """

    threshold: float
    fbeta: float


class NetBenefitCurve(NamedTuple):
    """A decision curve (:func:`net_benefit_curve`): net benefit of treating by the
    model, everyone, and no one, at each threshold probability.

    Examples
    --------
    >>> from sklearn_prcurves import net_benefit_curve
    >>> curve = net_benefit_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], thresholds=[0.3])
    >>> curve.thresholds, curve.net_benefit, curve.treat_all, curve.treat_none
    (array([0.3]), array([0.39285714]), array([0.28571429]), array([0.]))
    >>> curve.interventions_avoided(per=100)
    array([25.])
    """

    thresholds: np.ndarray
    net_benefit: np.ndarray
    treat_all: np.ndarray
    treat_none: np.ndarray

    def interventions_avoided(self, per: float = 1.0) -> np.ndarray:
        """Net interventions avoided per ``per`` people at each threshold (as dcurves'
        ``net_intervention_avoided`` with ``nper``): the model's net benefit over
        treating all, in units of unnecessary interventions, ``(net benefit - treat
        all) / (pt / (1 - pt)) * per``. Undefined at a threshold of 0 (NaN, with an
        :class:`UndefinedMetricWarning`), where an intervention costs nothing."""
        thresholds = np.asarray(self.thresholds, dtype=np.float64)
        odds = thresholds / (1 - thresholds)
        if np.any(odds == 0):
            warn_undefined("Net interventions avoided are undefined at a threshold of 0 "
                           "(an intervention costs nothing there): set to NaN.")
        with np.errstate(divide="ignore", invalid="ignore"):
            avoided = (self.net_benefit - self.treat_all) / odds * per
        return np.where(odds > 0, avoided, np.nan)


class NetBenefitComparison(NamedTuple):
    """Two models' net benefit and their difference at each threshold, with its
    interval and p-value (:func:`compare_net_benefit`).

    Examples
    --------
    >>> from sklearn_prcurves import compare_net_benefit
    >>> y = [0, 1] * 20
    >>> result = compare_net_benefit(y, [0.2, 0.7] * 20, [0.6, 0.7] * 20,
    ...                              thresholds=[0.5])
    >>> result.net_benefit_a, result.net_benefit_b, result.difference
    (array([0.5]), array([0.]), array([0.5]))
    >>> result.low.round(3), result.high.round(3)
    (array([0.343]), array([0.657]))
    """

    thresholds: np.ndarray
    net_benefit_a: np.ndarray
    net_benefit_b: np.ndarray
    difference: np.ndarray
    low: np.ndarray
    high: np.ndarray
    pvalue: np.ndarray


class ConfidenceInterval(tuple):
    """``(low, high)``, also naming the ``estimate``, ``method`` and
    ``confidence_level``.

    Unpacks as two numbers, as the interval functions always returned.

    Examples
    --------
    >>> from sklearn_prcurves import pr_auc_ci
    >>> y = [0, 0, 0, 0, 1, 1, 1, 1]
    >>> interval = pr_auc_ci(y, [0.1, 0.4, 0.35, 0.8, 0.7, 0.9, 0.5, 0.3])
    >>> interval.method, round(interval.low, 4), round(interval.high, 4)
    ('logit', 0.2188, 0.954)
    >>> low, high = interval
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


class TestResult(dict):
    """A test's results: attributes (and keys, as a dict, like scikit-learn's
    ``Bunch``) with a readable repr.

    Examples
    --------
    >>> from sklearn_prcurves import delong_test
    >>> y = [0, 0, 0, 0, 1, 1, 1, 1]
    >>> result = delong_test(y, [0.1, 0.4, 0.35, 0.8, 0.7, 0.9, 0.5, 0.3],
    ...                      [0.2, 0.1, 0.5, 0.3, 0.9, 0.8, 0.7, 0.6])
    >>> round(result.pvalue, 4), round(result["pvalue"], 4)
    (0.1601, 0.1601)
    """

    __test__ = False  # not a pytest test class

    def __getattr__(self, key):
        try:
            return self[key]
        except KeyError:
            raise AttributeError(key) from None

    def __setattr__(self, key, value):
        self[key] = value

    def __dir__(self):
        return list(self.keys())

    def __repr__(self):
        fields = ", ".join(
            f"{key}={value:.6g}" if isinstance(value, float) else f"{key}={value!r}"
            for key, value in self.items()
        )
        return f"TestResult({fields})"

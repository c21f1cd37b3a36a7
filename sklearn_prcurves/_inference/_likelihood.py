"""Likelihood ratios at a threshold, with their intervals, and the post-test
probabilities they give at a prevalence.

LR+ = TPR / FPR and LR- = FNR / TNR are ratios of two rates, each a proportion of one
class's rows, so no prevalence moves them; a prevalence turns them into the
probability of a positive after a positive (or a negative) decision, Bayes' rule in
odds: post-test odds = pre-test odds x LR.
"""

from __future__ import annotations

import math
from numbers import Real
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import ArrayLike

from .._base._array_api import array_api_boundary
from .._base._compat import validate_params
from .._base._results import ConfidenceInterval
from .._base._undefined import warn_undefined
from .._base._validation import frequency_weights
from .._table._entry import BINARY_PARAMS, two_class_table
from .._table._exact import check_threshold, rows_at_or_above
from .._table._prevalence import PREVALENCE
from ._bootstrap import CONFIDENCE_LEVEL
from ._clusters import shares_at_threshold
from ._proportions import clustered_ratio_interval, ratio_interval

if TYPE_CHECKING:
    from sklearn.utils import Bunch

__all__ = ["likelihood_ratio_ci"]

# The method every interval here names: Koopman's score interval of a ratio of two
# independent binomial proportions, the rates' own counts in the data's rows.
METHOD = "score (Koopman)"
# What the frequency-weight rule names when it refuses weights.
LIKELIHOOD_RATIOS = "The likelihood ratios' interval"


@validate_params(
    {**BINARY_PARAMS, "threshold": [Real], "confidence_level": [CONFIDENCE_LEVEL],
     "groups": ["array-like", None], **PREVALENCE},
    prefer_skip_nested_validation=True,
)
@array_api_boundary()
def likelihood_ratio_ci(
    y_true: ArrayLike,
    y_score: ArrayLike,
    threshold: float,
    *,
    confidence_level: float = 0.95,
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
    groups: ArrayLike | None = None,
    prevalence: float | None = None,
) -> Bunch:
    """The likelihood ratios of deciding positive at a threshold, each with its
    confidence interval, and the post-test probabilities at a prevalence.

    Predict positive for scores >= ``threshold``. The positive likelihood ratio
    ``LR+ = TPR / FPR`` says how many times likelier a positive decision is for a
    positive than for a negative; ``LR- = FNR / TNR`` the same of a negative
    decision. Each is a ratio of two proportions of independent rows (TPR of the
    positives, FPR of the negatives), and its interval is Koopman's score interval of
    such a ratio, which keeps its level where the log method's normal approximation
    does not (few errors of one kind). Likelihood ratios do not depend on the
    prevalence; at a ``prevalence`` the post-test probability of a positive after a
    positive decision is ``pi LR+ / (pi LR+ + 1 - pi)`` (precision in that
    population) and after a negative decision ``pi LR- / (pi LR- + 1 - pi)`` (one
    minus the negative predictive value), their intervals the likelihood ratios'
    mapped through the same increasing functions.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
    y_score : array-like of shape (n_samples,)
    threshold : float or int
        Predict positive for scores at or above it, compared exactly (see
        :func:`threshold_ci`). NaN is refused.
    confidence_level : float in (0, 1), default=0.95
    pos_label : int, float, bool or str, default=None
    sample_weight : array-like of shape (n_samples,), default=None
        Frequency weights (non-negative integers: a weight of 3 is three identical
        rows); the intervals count rows, so other weights are refused (with
        ``groups`` any weights are taken).
    groups : array-like of shape (n_samples,), default=None
        A cluster id per row (several tests of one patient): each rate is read at
        its Korn and Graubard (1998) effective sample size between clusters, with
        Student's t on the clusters holding it, before the ratio's score interval,
        so that the intervals are for new clusters. The two rates are still read as
        independent: a cluster effect that moves a cluster's positives and
        negatives the same way narrows the ratio's spread, so the interval errs
        wide (``benchmarks/coverage_likelihood.py --clusters``).
    prevalence : float in (0, 1), default=None
        The deployment's share of positives: adds ``post_test_positive`` and
        ``post_test_negative``. The likelihood ratios themselves are the same at
        every prevalence.

    Returns
    -------
    ratios : :class:`~sklearn.utils.Bunch`
        ``threshold``, ``lr_plus`` and ``lr_minus`` (each a :class:`ConfidenceInterval`
        naming its ``estimate``), and with ``prevalence`` ``post_test_positive`` and
        ``post_test_negative`` (the same). A ratio whose divisor is 0 and whose
        numerator is not (no negative at or above the threshold, for LR+) is infinite,
        its interval's upper end too; where both are 0 it is NaN with an
        :class:`UndefinedMetricWarning`.

    See Also
    --------
    operating_points : ``lr_plus`` and ``lr_minus`` at every threshold.
    threshold_ci : precision and recall at a threshold, with intervals.

    References
    ----------
    .. [1] P. A. R. Koopman, "Confidence intervals for the ratio of two binomial
           proportions", Biometrics 40 (1984).
    .. [2] D. L. Simel, G. P. Samsa and D. B. Matchar, "Likelihood ratios with
           confidence: sample size estimation for diagnostic test studies", J. Clin.
           Epidemiol. 44 (1991).

    Examples
    --------
    >>> from sklearn_prcurves import likelihood_ratio_ci
    >>> y = [0] * 80 + [1] * 20
    >>> scores = list(range(70)) + [75, 80, 85, 90, 95, 96, 97, 98, 99, 100] + [
    ...     65, 72, 81, 86, 88, 91, 92, 93, 94, 101, 102, 103, 104, 105, 106, 107,
    ...     108, 109, 110, 111]
    >>> ratios = likelihood_ratio_ci(y, scores, 90, prevalence=0.05)
    >>> round(ratios.lr_plus.estimate, 2), round(ratios.lr_plus.low, 2)
    (8.57, 4.13)
    >>> round(ratios.post_test_positive.estimate, 3), round(ratios.lr_minus.estimate, 3)
    (0.311, 0.274)
    """
    from sklearn.utils import Bunch

    check_threshold(threshold)
    table = two_class_table(y_true, y_score, pos_label, sample_weight if groups is not None
                            else frequency_weights(sample_weight, LIKELIHOOD_RATIOS),
                            counts="likelihood_ratio_ci")
    at = rows_at_or_above(table.thresholds, threshold)
    tp = float(table.tps[at - 1]) if at else 0.0
    fp = float(table.fps[at - 1]) if at else 0.0
    n_pos, n_neg = float(table.n_pos), float(table.n_neg)
    intervals, method = _ratio_intervals(tp, fp, n_pos, n_neg, confidence_level, (
        y_true, y_score, threshold, pos_label, sample_weight, groups))
    # (LR-'s hits are the positives not reached, of the negatives not reached)
    found = Bunch(threshold=threshold)
    for name, hits, misses in (("lr_plus", tp, fp), ("lr_minus", n_pos - tp, n_neg - fp)):
        found[name] = ConfidenceInterval(
            *intervals[name],
            estimate=_rate_ratio(hits / n_pos, misses / n_neg, name, threshold),
            method=method, confidence_level=confidence_level)
    if prevalence is not None:
        for name, ratio in (("post_test_positive", found.lr_plus),
                            ("post_test_negative", found.lr_minus)):
            low, high, estimate = (_post_test(v, prevalence)
                                   for v in (ratio.low, ratio.high, ratio.estimate))
            found[name] = ConfidenceInterval(low, high, estimate=estimate, method=method,
                                             confidence_level=confidence_level)
    return found


def _ratio_intervals(tp, fp, n_pos, n_neg, confidence_level, rows):
    """``({"lr_plus": (low, high), "lr_minus": ...}, method)``: from the counts, or
    where ``rows``' last item (``groups``) is given, from the clusters' sums."""
    if rows[-1] is None:
        return {name: tuple(float(v) for v in ratio_interval(
                    hits, n_pos, misses, n_neg, confidence_level))
                for name, hits, misses in (("lr_plus", tp, fp),
                                           ("lr_minus", n_pos - tp, n_neg - fp))}, METHOD
    shares, n_clusters = shares_at_threshold(*rows)
    intervals = {name: clustered_ratio_interval(shares[first], shares[second],
                                                confidence_level)
                 for name, first, second in (("lr_plus", "tpr", "fpr"),
                                             ("lr_minus", "fnr", "tnr"))}
    return intervals, f"{METHOD} at korn-graubard sizes, {n_clusters} clusters"


def _rate_ratio(num, den, name, threshold):
    if den > 0:
        return num / den
    if num > 0:
        return math.inf
    decided = "positive" if name == "lr_plus" else "negative"
    warn_undefined(f"{name} is undefined (0 / 0) at threshold {threshold!r}: nothing is "
                   f"decided {decided} there.")
    return math.nan


def _post_test(ratio, prevalence):
    """The probability of a positive after a decision of likelihood ratio ``ratio``,
    ``pi LR / (pi LR + 1 - pi)``, in the form that holds at LR = 0 and LR = inf."""
    if math.isnan(ratio):
        return math.nan
    if math.isinf(ratio):
        return 1.0
    odds = prevalence * ratio
    with np.errstate(all="ignore"):
        return odds / (odds + (1 - prevalence))

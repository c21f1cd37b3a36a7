"""Two models' net benefit compared: the paired bootstrap of the difference at each
threshold, with its pointwise interval and p-value (:func:`compare_net_benefit`)."""

from __future__ import annotations

from numbers import Integral, Real

import numpy as np
from numpy.typing import ArrayLike

from .._base._array_api import array_api_boundary
from .._base._compat import Interval, validate_params
from .._base._results import NetBenefitComparison
from .._base._undefined import warn_undefined
from .._base._validation import check_binary_input, weights_within_range
from .._measures._decision import checked_thresholds, net_benefit_curve
from .._table._entry import BINARY_PARAMS
from ._resampling import Resampler, percentile_interval

__all__ = ["compare_net_benefit"]



class _Resampled:
    """One model's net benefit at the thresholds, on stratified resamples held as
    counts (:class:`~sklearn_prcurves._inference._resampling.Resampler`): each row's number of
    thresholds at or below its probability, its resampled weight summed per number."""

    def __init__(self, scores, weight, resampler, thresholds, prevalence):
        order = np.argsort(thresholds, kind="stable")
        self.inverse = np.argsort(order, kind="stable")
        ascending = thresholds[order]
        below = np.searchsorted(ascending, scores.astype(np.float64), side="right")
        self.below = [below[rows] for rows in (resampler.pos_rows, resampler.neg_rows)]
        self.weight = [None if weight is None else weight[rows]
                       for rows in (resampler.pos_rows, resampler.neg_rows)]
        self.odds = ascending / (1 - ascending)
        self.prevalence = prevalence

    def at(self, pos_counts, neg_counts):
        """Net benefit at each threshold (in the order given) of one resample."""
        treated, totals = [], []
        for below, weight, counts in zip(self.below, self.weight, (pos_counts, neg_counts)):
            per = np.bincount(below, weights=counts if weight is None else counts * weight,
                              minlength=self.odds.shape[0] + 1)
            # Treated at the j-th threshold: rows with more than j thresholds below.
            treated.append(np.cumsum(per[::-1])[::-1][1:])
            totals.append(per.sum())
        n_pos, n_neg = totals
        share = n_pos / (n_pos + n_neg) if self.prevalence is None else self.prevalence
        value = share * treated[0] / n_pos - (1 - share) * treated[1] / n_neg * self.odds
        return value[self.inverse]


@validate_params(
    {**{key: value for key, value in BINARY_PARAMS.items() if key != "y_score"},
     "y_prob_a": ["array-like"],
     "y_prob_b": ["array-like"],
     "thresholds": ["array-like", None],
     "prevalence": [Interval(Real, 0, 1, closed="neither"), None],
     "confidence_level": [Interval(Real, 0, 1, closed="neither")],
     "n_resamples": [Interval(Integral, 2, None, closed="left")],
     "random_state": ["random_state"]},
    prefer_skip_nested_validation=True,
)
@array_api_boundary()
def compare_net_benefit(
    y_true: ArrayLike,
    y_prob_a: ArrayLike,
    y_prob_b: ArrayLike,
    *,
    thresholds: ArrayLike | None = None,
    sample_weight: ArrayLike | None = None,
    prevalence: float | None = None,
    confidence_level: float = 0.95,
    n_resamples: int = 2000,
    pos_label: int | float | bool | str | None = None,
    random_state: int | np.random.RandomState | None = None,
) -> NetBenefitComparison:
    """Paired comparison of two models' net benefit at each threshold probability.

    Both models are evaluated on the same stratified bootstrap resamples (as many
    positives and negatives as observed, drawn with replacement; as
    :func:`bootstrap_test`): at each threshold, the percentile interval of the
    difference (a - b) and a two-sided p-value (the difference over the resampled
    differences' standard deviation, read on the normal). The intervals hold at each
    threshold on its own, not for the whole curve at once.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
    y_prob_a, y_prob_b : array-like of shape (n_samples,)
        The two models' predicted probabilities of the positive class.
    thresholds : array-like, default=None
        As for :func:`net_benefit_curve` (0, 0.01, ..., 0.99).
    sample_weight : array-like of shape (n_samples,), default=None
    prevalence : float in (0, 1), default=None
        As for :func:`net_benefit_curve`.
    confidence_level : float in (0, 1), default=0.95
    n_resamples : int >= 2, default=2000
    pos_label : int, float, bool or str, default=None
    random_state : int, RandomState instance or None, default=None

    Returns
    -------
    comparison : NetBenefitComparison
        ``thresholds``, ``net_benefit_a``, ``net_benefit_b``, ``difference``, ``low``,
        ``high`` and ``pvalue``, arrays of shape (n_thresholds,).

    Examples
    --------
    >>> from sklearn_prcurves import compare_net_benefit
    >>> y = [0, 0, 0, 0, 1, 1, 1, 1] * 10
    >>> a = [0.1, 0.4, 0.35, 0.2, 0.7, 0.9, 0.5, 0.3] * 10
    >>> b = [0.3, 0.5, 0.2, 0.1, 0.6, 0.4, 0.8, 0.2] * 10
    >>> result = compare_net_benefit(y, a, b, thresholds=[0.25], random_state=0)
    >>> result.difference
    array([0.125])
    >>> bool(result.low[0] < result.difference[0] < result.high[0])
    True
    """
    thresholds = checked_thresholds(thresholds)
    curves = [net_benefit_curve(y_true, p, thresholds=thresholds, sample_weight=sample_weight,
                                prevalence=prevalence, pos_label=pos_label)
              for p in (y_prob_a, y_prob_b)]
    is_pos, scores_a, weight = check_binary_input(y_true, y_prob_a, sample_weight, pos_label)
    scores_b = check_binary_input(y_true, y_prob_b, sample_weight, pos_label)[1]
    if weight is not None:  # (a resample may hold the heaviest row n times: scaled so it fits)
        weight, _ = weights_within_range(weight, resampled=True)
    resampler = Resampler(is_pos, weight, random_state)
    models = [_Resampled(s, weight, resampler, thresholds, prevalence)
              for s in (scores_a, scores_b)]
    differences = np.empty((n_resamples, thresholds.shape[0]))
    for row, (pos, neg) in zip(differences, resampler.draws(n_resamples)):
        row[:] = models[0].at(pos, neg) - models[1].at(pos, neg)
    difference = curves[0].net_benefit - curves[1].net_benefit
    low, high = percentile_interval(differences, confidence_level)
    return NetBenefitComparison(thresholds, curves[0].net_benefit, curves[1].net_benefit,
                                difference, low, high,
                                _pvalues(difference, differences.std(axis=0, ddof=1),
                                         thresholds))


def _pvalues(difference, spread, thresholds):
    """Two-sided normal p-values of ``difference / spread``; 1 where both are 0 (the
    models treat the same rows in every resample), NaN where only the spread is."""
    from scipy.special import ndtr

    with np.errstate(divide="ignore", invalid="ignore"):
        pvalue = 2 * ndtr(-np.abs(difference / spread))
    pvalue[spread == 0] = np.where(difference[spread == 0] == 0, 1.0, np.nan)
    if np.isnan(pvalue).any():  # (a NaN is never silent)
        warn_undefined(
            "Every resample gave the same nonzero difference in net benefit at "
            f"thresholds {thresholds[np.isnan(pvalue)].tolist()}: it has no spread, and "
            "no p-value can be read from it (set to NaN). More rows are needed.")
    return pvalue

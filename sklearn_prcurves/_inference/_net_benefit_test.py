"""Two models' net benefit compared at each threshold, with a pointwise interval and
p-value (:func:`compare_net_benefit`): the normal interval of the difference read as a
mean of per-row contributions, or the paired bootstrap.

At a threshold ``pt`` each row contributes ``d`` (model a's decision to treat minus
b's: -1, 0 or 1) if positive and ``-d pt / (1 - pt)`` if negative; the difference in
net benefit is their mean. Its variance comes from three count tables per model pair
(a's scores, b's, and their minimum, whose rows both models treat), so no row is read
once per threshold.
"""

from __future__ import annotations

from numbers import Integral, Real

import numpy as np
from numpy.typing import ArrayLike

from .._base._array_api import array_api_boundary
from .._base._compat import Interval, StrOptions, validate_params
from .._base._results import NetBenefitComparison
from .._base._undefined import warn_undefined
from .._base._validation import check_binary_input, frequency_weights, weights_within_range
from .._measures._decision import checked_thresholds, net_benefit_curve
from .._table._counts import count_rows
from .._table._entry import BINARY_PARAMS
from .._table._exact import counts_at_or_above
from .._table._moments import decision_moments
from ._clusters import checked_groups, cluster_t, warn_few_clusters, weighted_groups
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
     "random_state": ["random_state"],
     "method": [StrOptions({"normal", "bootstrap"})],
     "groups": ["array-like", None]},
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
    method: str = "normal",
    groups: ArrayLike | None = None,
) -> NetBenefitComparison:
    """Paired comparison of two models' net benefit at each threshold probability.

    The difference (a - b) at a threshold is a mean of per-row contributions (a
    positive's: a's decision to treat it minus b's; a negative's: minus that, times
    ``pt / (1 - pt)``). ``"normal"`` reads its standard error from them: over all rows
    at the data's own prevalence (the share of positives varies from sample to
    sample, as in the population), within each class at a given ``prevalence``; the
    interval is the normal one and the p-value two-sided. ``"bootstrap"`` evaluates
    both models on the same stratified bootstrap resamples (as many positives and
    negatives as observed; as :func:`bootstrap_test`): the percentile interval and the
    difference over the resampled differences' spread. At 500 rows the normal
    interval held the population's difference in 92.5-95.2% of samples at the data's
    prevalence and 94.0-95.6% at a prevalence of 0.05, the bootstrap's in 90.8-93.8%
    and 93.4-94.8% (``benchmarks/coverage_net_benefit.py``): the stratified bootstrap
    holds the class share fixed. The intervals hold at each threshold on its own, not
    for the whole curve at once.

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
        For ``"bootstrap"``.
    pos_label : int, float, bool or str, default=None
    random_state : int, RandomState instance or None, default=None
        For ``"bootstrap"``.
    method : {"normal", "bootstrap"}, default="normal"
        ``"normal"`` counts rows: ``sample_weight`` must then be frequencies (whole
        numbers); the bootstrap takes any weights.
    groups : array-like of shape (n_samples,), default=None
        A cluster id per row (several visits of one patient): the difference's
        variance is taken between clusters (each cluster's contributions summed
        before squaring, the linearised variance of the ratio at a ``prevalence``),
        read on Student's t with ``K - 1`` degrees of freedom, so the interval is for
        new clusters; any weights are taken. ``"normal"`` only
        (``benchmarks/coverage_net_benefit.py --clusters``).

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
    if groups is not None and method != "normal":
        raise ValueError("compare_net_benefit with groups= reads the variance between "
                         "clusters (method='normal'); method='bootstrap' resamples rows.")
    if method == "normal" and groups is None:
        sample_weight = frequency_weights(sample_weight, "compare_net_benefit's normal "
                                          "interval (method='bootstrap' takes any weights)")
    curves = [net_benefit_curve(y_true, p, thresholds=thresholds, sample_weight=sample_weight,
                                prevalence=prevalence, pos_label=pos_label)
              for p in (y_prob_a, y_prob_b)]
    difference = curves[0].net_benefit - curves[1].net_benefit
    is_pos, scores_a, weight = check_binary_input(y_true, y_prob_a, sample_weight, pos_label)
    scores_b = check_binary_input(y_true, y_prob_b, sample_weight, pos_label)[1]
    if groups is not None:
        clusters = checked_groups(weighted_groups(groups, sample_weight), is_pos.shape[0])
        n_clusters = int(clusters.max()) + 1
        warn_few_clusters(n_clusters)
        spread = _clustered_spread(decision_moments(
            thresholds, is_pos, scores_a, scores_b, weight, clusters), thresholds,
            prevalence, n_clusters)
        return NetBenefitComparison(thresholds, curves[0].net_benefit,
                                    curves[1].net_benefit, difference,
                                    *_t_reading(difference, spread, confidence_level,
                                                n_clusters, thresholds))
    if method == "normal":
        spread = _difference_spread(is_pos, scores_a, scores_b, weight, thresholds,
                                    prevalence)
        from scipy.special import ndtri

        z = ndtri(0.5 + confidence_level / 2)
        return NetBenefitComparison(thresholds, curves[0].net_benefit,
                                    curves[1].net_benefit, difference,
                                    difference - z * spread, difference + z * spread,
                                    _pvalues(difference, spread, thresholds, method))
    if weight is not None:  # (a resample may hold the heaviest row n times: scaled so it fits)
        weight, _ = weights_within_range(weight, resampled=True)
    resampler = Resampler(is_pos, weight, random_state)
    models = [_Resampled(s, weight, resampler, thresholds, prevalence)
              for s in (scores_a, scores_b)]
    differences = np.empty((n_resamples, thresholds.shape[0]))
    for row, (pos, neg) in zip(differences, resampler.draws(n_resamples)):
        row[:] = models[0].at(pos, neg) - models[1].at(pos, neg)
    low, high = percentile_interval(differences, confidence_level)
    return NetBenefitComparison(thresholds, curves[0].net_benefit, curves[1].net_benefit,
                                difference, low, high,
                                _pvalues(difference, differences.std(axis=0, ddof=1),
                                         thresholds, method))


def _class_sums(is_pos, scores_a, scores_b, weight, thresholds):
    """Per class (positives, negatives): the weight ``W``, and at each threshold the
    sums of ``w d`` and ``w d^2`` (``d``: a's decision to treat minus b's), from the
    weight each model treats and the weight both treat (those whose lower score is at
    or above the threshold)."""
    sums = []
    for rows in (is_pos, ~is_pos):
        w = None if weight is None else weight[rows]
        treated = [_treated(count_rows(np.ones(int(rows.sum()), dtype=bool), s, w),
                            thresholds)
                   for s in (scores_a[rows], scores_b[rows],
                             np.minimum(scores_a[rows], scores_b[rows]))]
        total = float(rows.sum()) if w is None else float(np.sum(w))
        sums.append((total, treated[0] - treated[1], treated[0] + treated[1] - 2 * treated[2]))
    return sums


def _treated(table, thresholds):
    """The weight of a one-class table at or above each threshold."""
    rows = counts_at_or_above(table.thresholds, thresholds.tolist())
    return np.where(rows > 0, np.asarray(table.tps)[np.maximum(rows - 1, 0)], 0.0)


def _difference_spread(is_pos, scores_a, scores_b, weight, thresholds, prevalence):
    """The standard error of the net benefit difference at each threshold: of the mean
    of all rows' contributions at the data's prevalence, of each class's mean at
    ``prevalence`` (frequency weights: a weight of 3 is three rows)."""
    if np.sum(is_pos) < 2 or np.sum(~is_pos) < 2:
        raise ValueError("compare_net_benefit's normal interval needs at least two "
                         "positives and two negatives (method='bootstrap' does not).")
    odds = thresholds / (1 - thresholds)
    (w_pos, s1_pos, s2_pos), (w_neg, s1_neg, s2_neg) = _class_sums(
        is_pos, scores_a, scores_b, weight, thresholds)
    def variance_of_mean(total, s1, s2):
        # (from the means of d and d^2: no square of a sum of weights of 1e300)
        mean = s1 / total
        return np.maximum(s2 / total - mean * mean, 0) / (total - 1)

    with np.errstate(invalid="ignore", divide="ignore"):
        if prevalence is None:  # (a negative's contribution is -d odds)
            variance = variance_of_mean(w_pos + w_neg, s1_pos - odds * s1_neg,
                                        s2_pos + odds * odds * s2_neg)
        else:
            variance = (prevalence ** 2 * variance_of_mean(w_pos, s1_pos, s2_pos)
                        + ((1 - prevalence) * odds) ** 2
                        * variance_of_mean(w_neg, s1_neg, s2_neg))
    return np.sqrt(variance)


def _clustered_spread(sums, thresholds, prevalence, n_clusters):
    """The standard error of the difference between clusters: ``K / (K - 1)`` times the
    sum over clusters of ``z_k^2``, ``z_k = alpha D_k - beta E_k - gamma P_k - eta N_k``
    the cluster's linearised contribution (``D_k``, ``E_k``: its positives' and
    negatives' weighted decision differences; ``P_k``, ``N_k``: its weights), expanded
    in :func:`~sklearn_prcurves._table._moments.decision_moments`' sums."""
    s = sums
    odds = thresholds / (1 - thresholds)
    with np.errstate(all="ignore"):
        if prevalence is None:  # (the mean over all rows: shares of the total weight)
            alpha, beta = 1.0, odds
            gamma = eta = s["d_pos"] - odds * s["d_neg"]
        else:  # (each class's mean, then the deployment's mix of them)
            alpha, beta = prevalence / s["P"], (1 - prevalence) * odds / s["N"]
            gamma, eta = alpha * s["d_pos"] / s["P"], -beta * s["d_neg"] / s["N"]
        squares = (alpha ** 2 * s["pp"] + beta ** 2 * s["nn"] + gamma ** 2 * s["PP"]
                   + eta ** 2 * s["NN"] - 2 * alpha * beta * s["pn"]
                   - 2 * alpha * gamma * s["pP"] - 2 * alpha * eta * s["pN"]
                   + 2 * beta * gamma * s["nP"] + 2 * beta * eta * s["nN"]
                   + 2 * gamma * eta * s["PN"])
        return np.sqrt(n_clusters / (n_clusters - 1) * np.maximum(squares, 0.0))


def _t_reading(difference, spread, confidence_level, n_clusters, thresholds):
    """``(low, high, pvalue)`` on Student's t with ``K - 1`` degrees of freedom."""
    from scipy.special import stdtr

    quantile = cluster_t(confidence_level, n_clusters)
    with np.errstate(divide="ignore", invalid="ignore"):
        pvalue = 2 * stdtr(n_clusters - 1, -np.abs(difference / spread))
    pvalue = _undefined_where_flat(pvalue, difference, spread, thresholds, "normal")
    return difference - quantile * spread, difference + quantile * spread, pvalue


def _pvalues(difference, spread, thresholds, method):
    """Two-sided normal p-values of ``difference / spread``; 1 where both are 0 (the
    models treat the same rows in every resample), NaN where only the spread is."""
    from scipy.special import ndtr

    with np.errstate(divide="ignore", invalid="ignore"):
        pvalue = 2 * ndtr(-np.abs(difference / spread))
    return _undefined_where_flat(pvalue, difference, spread, thresholds, method)


def _undefined_where_flat(pvalue, difference, spread, thresholds, method):
    """``pvalue`` with 1 where difference and spread are both 0, NaN (and a warning)
    where only the spread is."""
    pvalue[spread == 0] = np.where(difference[spread == 0] == 0, 1.0, np.nan)
    if np.isnan(pvalue).any():  # (a NaN is never silent)
        which = ("Every resample gave the same nonzero difference" if method == "bootstrap"
                 else "Every row of each class contributes the same to the nonzero "
                      "difference")
        warn_undefined(
            f"{which} in net benefit at thresholds "
            f"{thresholds[np.isnan(pvalue)].tolist()}: it has no spread, and no p-value "
            "can be read from it (set to NaN). More rows are needed.")
    return pvalue

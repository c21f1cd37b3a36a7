"""Decision curves (Vickers and Elkin, 2006): the net benefit of acting on a model.

Treating everyone whose predicted probability is at least ``pt`` gains the true
positives and pays for the false positives at the exchange rate the threshold itself
states: choosing ``pt`` says a false positive costs ``pt / (1 - pt)`` true positives.
Per person,

    net benefit(pt) = TP / n - FP / n * pt / (1 - pt)

= ``prevalence * TPR - (1 - prevalence) * FPR * pt / (1 - pt)``, which reads the
count table at each threshold; "treat all" is the same with TPR = FPR = 1, "treat
none" is 0. A model is worth using at ``pt`` where it beats both.
"""

from __future__ import annotations

from numbers import Integral, Real

import numpy as np
from numpy.typing import ArrayLike

from ._array_api import array_api_boundary
from ._compat import Interval, validate_params
from ._entry import BINARY_PARAMS, two_class_table
from ._exact import counts_at_or_above
from ._resampling import Resampler, percentile_interval
from ._results import NetBenefitComparison, NetBenefitCurve
from ._table import CountTable
from ._undefined import warn_undefined
from ._validation import check_binary_input, weights_within_range

__all__ = ["compare_net_benefit", "net_benefit_curve", "pieces_net_benefit"]

# The thresholds of dcurves' and the R package's decision curves: 0, 0.01, ..., 0.99.
DEFAULT_THRESHOLDS = np.arange(100) / 100


def _checked_thresholds(thresholds):
    if thresholds is None:
        return DEFAULT_THRESHOLDS.copy()
    values = np.asarray(thresholds, dtype=float)
    if values.ndim != 1 or values.shape[0] == 0:
        raise ValueError("thresholds must be a non-empty 1-D list of probabilities; got "
                         f"shape {values.shape}.")
    if not np.all((values >= 0) & (values < 1)):
        raise ValueError(
            "thresholds must be probabilities in [0, 1) (at 1 a false positive would cost "
            f"infinitely many true positives); got values from {np.min(values)!r} to "
            f"{np.max(values)!r}.")
    return values


def table_net_benefit(table, thresholds):
    """:func:`net_benefit_curve` of a count table with both classes (at a prevalence:
    the table :func:`~sklearn_prcurves._prevalence.at_prevalence` gives)."""
    top, bottom = float(table.thresholds[0]), float(table.thresholds[-1])
    if not (0 <= bottom and top <= 1):
        raise ValueError(
            "y_prob must hold probabilities in [0, 1] (a decision curve reads them as "
            f"risks); got scores from {bottom!r} to {top!r}. Calibrate the model's scores "
            "first (sklearn.calibration.CalibratedClassifierCV).")
    n_pos, n_neg = table.n_pos, table.n_neg
    share = n_pos / (n_pos + n_neg)
    rows = counts_at_or_above(table.thresholds, thresholds.tolist())
    predicted = rows > 0
    last = np.maximum(rows - 1, 0)
    tp = np.where(predicted, table.tps[last], 0.0)
    fp = np.where(predicted, table.fps[last], 0.0)
    odds = thresholds / (1 - thresholds)
    net_benefit = share * (tp / n_pos) - (1 - share) * (fp / n_neg) * odds
    treat_all = share - (1 - share) * odds
    return NetBenefitCurve(thresholds, net_benefit, treat_all, np.zeros_like(thresholds))


def pieces_net_benefit(pieces, thresholds=None):
    """:func:`table_net_benefit` of a table held in consecutive pieces ``(tp, fp,
    scores)`` (each piece's path from where the one above ends, as
    :class:`~sklearn_prcurves._distributed.RangesHere` gives them): the rows the
    thresholds read (the last at or above each), and each piece's first and last,
    gathered into one small table read as the whole one would be."""
    thresholds = _checked_thresholds(thresholds)
    below = -np.sort(thresholds)
    kept = [], [], []
    for tp, fp, scores in pieces:
        scores = np.asarray(scores)
        last = np.searchsorted(-scores, below, side="right") - 1
        rows = np.unique(np.r_[0, last[last >= 0], scores.shape[0] - 1])
        for out, values in zip(kept, (scores, tp[1:], fp[1:])):
            out.append(values[rows])
    return table_net_benefit(CountTable(*(np.concatenate(k) for k in kept)), thresholds)


@validate_params(
    {**{key: value for key, value in BINARY_PARAMS.items() if key != "y_score"},
     "y_prob": ["array-like"],
     "thresholds": ["array-like", None],
     "prevalence": [Interval(Real, 0, 1, closed="neither"), None]},
    prefer_skip_nested_validation=True,
)
@array_api_boundary()
def net_benefit_curve(
    y_true: ArrayLike,
    y_prob: ArrayLike,
    *,
    thresholds: ArrayLike | None = None,
    sample_weight: ArrayLike | None = None,
    prevalence: float | None = None,
    pos_label: int | float | bool | str | None = None,
) -> NetBenefitCurve:
    """Net benefit of treating by the model, everyone and no one, at each threshold
    probability (decision curve analysis, Vickers and Elkin 2006).

    A row is treated when its probability is at least the threshold ``pt``. Net
    benefit is ``TP / n - FP / n * pt / (1 - pt)`` (weighted counts and total with
    ``sample_weight``): true positives gained per person, less false positives at the
    exchange rate the threshold states.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels.
    y_prob : array-like of shape (n_samples,)
        Predicted probabilities of the positive class, in [0, 1].
    thresholds : array-like of shape (n_thresholds,), default=None
        Threshold probabilities in [0, 1); None means 0, 0.01, ..., 0.99 (as dcurves
        and the R package ``dcurves``).
    sample_weight : array-like of shape (n_samples,), default=None
    prevalence : float in (0, 1), default=None
        The share of positives where the model will be used, if not that of
        ``y_true`` (a case-control or balanced evaluation set): net benefit is then
        ``prevalence * TPR - (1 - prevalence) * FPR * pt / (1 - pt)``.
    pos_label : int, float, bool or str, default=None

    Returns
    -------
    curve : NetBenefitCurve
        ``(thresholds, net_benefit, treat_all, treat_none)``, arrays of shape
        (n_thresholds,).

    References
    ----------
    .. [1] A. J. Vickers and E. B. Elkin, "Decision curve analysis: a novel method for
           evaluating prediction models", Medical Decision Making 26(6), 2006.

    Examples
    --------
    >>> from sklearn_prcurves import net_benefit_curve
    >>> curve = net_benefit_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8],
    ...                           thresholds=[0.2, 0.5])
    >>> curve.net_benefit
    array([0.4375, 0.25  ])
    >>> curve.treat_all
    array([0.375, 0.   ])
    """
    table = two_class_table(y_true, y_prob, pos_label, sample_weight, prevalence=prevalence)
    return table_net_benefit(table, _checked_thresholds(thresholds))


class _Resampled:
    """One model's net benefit at the thresholds, on stratified resamples held as
    counts (:class:`~sklearn_prcurves._resampling.Resampler`): each row's number of
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
    thresholds = _checked_thresholds(thresholds)
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

"""Intervals of the precision-recall readings: the area under the PR curve (Boyd's
logit and binomial intervals, or the bootstrap) and precision and recall at a chosen
threshold (Wilson's, Korn and Graubard's with clusters, or the bootstrap).
"""

from __future__ import annotations

from numbers import Integral, Real
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import ArrayLike

from .._base._array_api import array_api_boundary
from .._base._compat import Interval, StrOptions, validate_params
from .._base._results import ConfidenceInterval
from .._base._undefined import warn, warn_undefined
from .._base._validation import frequency_weights
from .._measures._interpolation import INTERPOLATIONS
from .._measures._pr import pr_auc_score, table_pr_auc
from .._table._entry import BINARY_PARAMS, two_class_table
from .._table._exact import at_or_above, check_threshold, rows_at_or_above
from .._table._prevalence import PREVALENCE
from ._bootstrap import CONFIDENCE_LEVEL, bootstrap_ci
from ._clusters import shares_at_threshold
from ._proportions import (
    clustered_proportion_interval,
    clustered_ratio_interval,
    precision_at_prevalence_interval,
    precision_from_ratio,
    wilson_interval,
)

if TYPE_CHECKING:
    from sklearn.utils import Bunch

__all__ = ["boyd_interval", "pr_auc_ci", "threshold_ci", "worst_segment"]



@validate_params(
    {
        **BINARY_PARAMS,
        "method": [StrOptions({"logit", "binomial", "bootstrap", "basic"}), None],
        "interpolation": [StrOptions(set(INTERPOLATIONS))],
        "confidence_level": [CONFIDENCE_LEVEL],
        "n_resamples": [Interval(Integral, 2, None, closed="left")],
        "random_state": ["random_state"],
        **PREVALENCE,
        "groups": ["array-like", None],
    },
    prefer_skip_nested_validation=True,
)
@array_api_boundary()
def pr_auc_ci(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    method: str | None = None,
    interpolation: str = "davis-goadrich",
    confidence_level: float = 0.95,
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
    n_resamples: int = 2000,
    random_state: int | np.random.RandomState | None = None,
    prevalence: float | None = None,
    groups: ArrayLike | None = None,
) -> ConfidenceInterval:
    """Confidence interval for the area under the precision-recall curve.

    Boyd, Eng and Page (2013): with ``n`` positives and estimate ``a``, the
    ``"binomial"`` interval is ``a +/- z sqrt(a (1 - a) / n)``; the ``"logit"``
    interval is symmetric on the logit scale, ``logit(a) +/- z / sqrt(n a (1 - a))``,
    and stays inside [0, 1]; they found it the better of the two. The binomial
    interval is clipped to [0, 1]; where the area is exactly 0 or 1 (a perfect or
    perfectly inverted ranking) the logit scale has no room and the exact binomial
    interval of a proportion at its bound is returned, ``((alpha/2)^(1/n), 1)`` for an
    area of 1. ``"bootstrap"`` gives the percentile interval of a stratified bootstrap.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
    y_score : array-like of shape (n_samples,)
    method : {"logit", "binomial", "bootstrap", "basic"}, default=None
        None: ``"logit"``; with ``prevalence``, ``"basic"``; with ``groups`` alone,
        ``"bootstrap"`` (Boyd's intervals count independent positives only; at another
        prevalence the negatives' sampling error weighs in too, and they cover far less
        than asked: 43-83% for 95% in ``benchmarks/coverage_prevalence.py``; they are
        refused there, and with clusters). ``"bootstrap"``: the percentile interval of a
        stratified bootstrap; ``"basic"``: its quantiles reflected about the estimate
        (:func:`bootstrap_ci`), clipped to [0, 1].
    interpolation : {"davis-goadrich", "continuous", "linear", "step"}, \
            default="davis-goadrich"
        The area estimated (see :func:`pr_auc_score`).
    confidence_level : float in (0, 1), default=0.95
    pos_label : int, float, bool or str, default=None
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights; ``n`` is then the total weight of positives.
    n_resamples : int, default=2000
    random_state : int, RandomState instance or None, default=None
    groups : array-like of shape (n_samples,), default=None
        A cluster id per row: the bootstrap resamples whole clusters (see
        :func:`bootstrap_ci`). Approximate: at the data's prevalence it held the
        population's AUC-PR in 90.5-95.5% of draws for 95% from 10 clusters on (80% at
        4; ``benchmarks/coverage_clusters.py --few``). With ``prevalence`` too, a
        warning says that it covers less: 87-89% for 95% at 0.05 and 0.01 from 100
        clusters of 8 rows (``"basic"``; the percentile interval 58-61% at 0.01;
        ``benchmarks/coverage_clusters.py --deployed 0.05 0.01``).
    prevalence : float in (0, 1), default=None
        The deployment's share of positives: the area (and its interval) that population would
        see, the negatives weighted to hold ``1 - prevalence`` of the weight (Davis
        and Goadrich's Theorem 3.1; recall does not move). None: the data's own.
        Far from the data's prevalence the area rests on the few highest negatives and
        its interval covers less than asked (``"basic"``: 95.0%, 94.1% and 90.3% for 95%
        at 1:5, 1:20 and 1:100 from balanced sets of 20,000 rows; the percentile
        interval 94.5%, 93.8%, 84.6%; the user guide has the figures).

    Returns
    -------
    interval : ConfidenceInterval
        ``(low, high)``, naming also the ``estimate``, ``method`` and
        ``confidence_level``. Unpacks as a pair.

    References
    ----------
    .. [1] K. Boyd, K. H. Eng and C. D. Page, "Area under the Precision-Recall Curve:
           Point Estimates and Confidence Intervals", ECML PKDD 2013.

    Examples
    --------
    >>> from sklearn_prcurves import pr_auc_ci
    >>> y = [0, 0, 0, 0, 1, 1, 1, 1]
    >>> scores = [0.1, 0.4, 0.35, 0.8, 0.7, 0.9, 0.5, 0.3]
    >>> low, high = pr_auc_ci(y, scores)
    >>> round(low, 4), round(high, 4)
    (0.2188, 0.954)
    """
    if method is None:
        method = ("logit" if prevalence is None and groups is None else
                  "basic" if prevalence is not None else "bootstrap")
    if (prevalence is not None or groups is not None) and method in ("logit", "binomial"):
        raise ValueError(
            f"method={method!r} counts independent positives only; at another "
            "prevalence the negatives' sampling error weighs in too, and rows in "
            "clusters are not independent: use method='bootstrap' or 'basic'.")
    if groups is not None and prevalence is not None:
        warn("pr_auc_ci with groups= and prevalence= covers less than asked: the area "
             "at a remote prevalence rests on a few clusters' highest negatives (87-89% "
             "for 95% at 0.05 and 0.01 from 100 clusters, benchmarks/coverage_clusters.py "
             "--deployed); read it as a rough range.")
    if method in ("bootstrap", "basic"):
        interval = bootstrap_ci(
            pr_auc_score, y_true, y_score, method="basic" if method == "basic" else
            "percentile", confidence_level=confidence_level, pos_label=pos_label,
            sample_weight=sample_weight, n_resamples=n_resamples, random_state=random_state,
            interpolation=interpolation, prevalence=prevalence, groups=groups)
        return ConfidenceInterval(max(interval.low, 0.0), min(interval.high, 1.0),
                                  estimate=interval.estimate, method=interval.method,
                                  confidence_level=confidence_level)
    # (the interval's n is the positives' total weight itself)
    table = two_class_table(y_true, y_score, pos_label, sample_weight, counts="pr_auc_ci",
                            prevalence=prevalence)
    area = table_pr_auc(table, interpolation=interpolation)
    low, high = boyd_interval(area, table.n_pos, method, confidence_level)
    return ConfidenceInterval(low, high, estimate=area, method=method,
                              confidence_level=confidence_level)


def worst_segment(areas, positives, confidence_level=0.95):
    """The smallest of several segments' areas, its index, and an interval holding the
    population's smallest with ``confidence_level``: Boyd's logit interval in every
    segment at the level over the number of segments (Bonferroni), so that all cover
    together, and then the smallest of their lower and of their upper ends (if every
    segment's area lies in its interval, the smallest area lies between those)."""
    level = 1 - (1 - confidence_level) / len(areas)
    lows, highs = zip(*(boyd_interval(area, n, "logit", level)
                        for area, n in zip(areas, positives)))
    at = int(np.argmin(areas))
    return float(areas[at]), at, (float(min(lows)), float(min(highs)))


def boyd_interval(area, n_pos, method="logit", confidence_level=0.95):
    """:func:`pr_auc_ci`'s ``"logit"`` or ``"binomial"`` interval of an area estimated
    over ``n_pos`` (weight of) positives: ``(low, high)``."""
    from scipy.special import ndtri

    z = ndtri(0.5 + confidence_level / 2)
    with np.errstate(divide="ignore", over="ignore", under="ignore"):
        # A weight of positives near 0 (1e-300, 5e-324) makes 1 / n infinite: the
        # interval's limit, (0, 1), is then the right answer.
        return _boyd_interval(area, n_pos, method, z, confidence_level)


def _boyd_interval(area, n_pos, method, z, confidence_level):
    from scipy.special import expit

    if method == "binomial":
        half = z * np.sqrt(area * (1 - area) / n_pos)
        return float(max(area - half, 0.0)), float(min(area + half, 1.0))
    if not 0 < area < 1:
        # The logit scale has no room at 0 or 1: the exact binomial (Clopper-Pearson)
        # interval of a proportion observed at its bound, over n positives.
        edge = float((1 - confidence_level) / 2) ** (1 / n_pos)
        return (edge, 1.0) if area >= 1 else (0.0, 1.0 - edge)
    eta = np.log(area / (1 - area))
    tau = z / np.sqrt(n_pos * area * (1 - area))
    # expit, not 1 / (1 + exp(-x)): no overflow when n is tiny (weights of 1e-300).
    return float(expit(eta - tau)), float(expit(eta + tau))


@validate_params(
    {
        **BINARY_PARAMS,
        "threshold": [Real],
        "method": [StrOptions({"wilson", "bootstrap", "korn-graubard"}), None],
        "confidence_level": [CONFIDENCE_LEVEL],
        "n_resamples": [Interval(Integral, 2, None, closed="left")],
        "random_state": ["random_state"],
        "groups": ["array-like", None],
        **PREVALENCE,
    },
    prefer_skip_nested_validation=True,
)
@array_api_boundary()
def threshold_ci(
    y_true: ArrayLike,
    y_score: ArrayLike,
    threshold: float,
    *,
    method: str | None = None,
    confidence_level: float = 0.95,
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
    n_resamples: int = 2000,
    random_state: int | np.random.RandomState | None = None,
    groups: ArrayLike | None = None,
    prevalence: float | None = None,
) -> Bunch:
    """Precision and recall at a chosen threshold, each with its confidence interval.

    For a threshold chosen on other data (cross-validated scores, a tuning set), this
    says how precisely these data measure what it achieves: predict positive for
    scores >= ``threshold``; precision is TP / (TP + FP), a proportion of the predicted
    positives, and recall TP / P, a proportion of the positives. ``"wilson"`` gives
    Wilson's score interval of each proportion (weights count as frequencies, as in
    :func:`pr_auc_ci`); ``"bootstrap"`` the percentile interval of a stratified
    bootstrap, for any weights; with ``groups``, ``"korn-graubard"`` (the default
    there) the interval of each proportion at its effective sample size between
    clusters (Korn and Graubard, 1998), which keeps its level where the bootstrap of
    few clusters does not.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
    y_score : array-like of shape (n_samples,)
    threshold : float or int
        Predict positive for scores at or above it, compared exactly: a float32
        score of 0.35 (0.3499999940...) is below the threshold 0.35, and the integer
        score 2**53 + 4 below the threshold 2**53 + 5. NaN is refused.
    method : {"wilson", "bootstrap", "korn-graubard"}, default=None
        None: ``"wilson"``, or ``"korn-graubard"`` with ``groups`` (Wilson's interval
        counts independent rows, and is refused with clusters; Korn and Graubard's
        needs them). In 1,000 draws of 10 clusters with a strong cluster effect,
        ``"korn-graubard"`` held precision's population value in 94% and the bootstrap
        of clusters in 81% (``benchmarks/coverage_clusters.py --few``); with little
        cluster effect it is conservative (96-99% with 10-20 clusters).
    confidence_level : float in (0, 1), default=0.95
    pos_label : int, float, bool or str, default=None
    sample_weight : array-like of shape (n_samples,), default=None
    n_resamples : int, default=2000
        For ``"bootstrap"``.
    random_state : int, RandomState instance or None, default=None
        For ``"bootstrap"``.
    groups : array-like of shape (n_samples,), default=None
        A cluster id per row: each proportion's variance is taken between clusters
        (``"korn-graubard"``), or the bootstrap resamples whole clusters (see
        :func:`bootstrap_ci`).
    prevalence : float in (0, 1), default=None
        The deployment's share of positives: precision as that population would see
        it, ``pi TPR / (pi TPR + (1 - pi) FPR)``, with the score interval of the
        ratio of its two rates, each a binomial count of the data's rows (Koopman
        1984; 94.3-95.6% coverage for 95% at prevalences 0.5 to 0.001 in
        ``benchmarks/coverage_prevalence.py --explorer``, where Wilson's interval of
        the re-weighted counts covered 14-72%). Recall does not move. Weights must
        then be frequencies (whole numbers); with ``groups`` each rate is read at its
        Korn and Graubard effective size, and any weights are taken (the guarantee
        is for new clusters). The bootstrap is not offered at a prevalence.

    Returns
    -------
    point : :class:`~sklearn.utils.Bunch`
        ``threshold``, ``precision`` and ``recall`` (each a
        :class:`ConfidenceInterval` naming its ``estimate``), and ``predicted_positive``
        (the weight predicted positive). With nothing predicted positive, precision is
        undefined: NaN with an :class:`UndefinedMetricWarning`.

    See Also
    --------
    operating_points, recall_at_precision, bootstrap_ci

    References
    ----------
    .. [1] E. B. Wilson, "Probable inference, the law of succession, and statistical
           inference", JASA 22 (1927).

    Examples
    --------
    >>> from sklearn_prcurves import threshold_ci
    >>> y = [0, 0, 1, 1, 0, 1, 1, 0, 1, 1]
    >>> scores = [0.1, 0.4, 0.35, 0.8, 0.7, 0.9, 0.5, 0.3, 0.6, 0.95]
    >>> point = threshold_ci(y, scores, 0.5)
    >>> point.precision.estimate, round(point.precision.low, 3)
    (0.8333333333333334, 0.436)
    >>> point.recall.estimate, round(point.recall.low, 3)
    (0.8333333333333334, 0.436)
    """
    from sklearn.utils import Bunch

    check_threshold(threshold)
    method = _threshold_ci_method(method, groups, prevalence)
    if prevalence is not None:
        return _threshold_ci_at_prevalence(y_true, y_score, threshold, confidence_level,
                                           pos_label, sample_weight, prevalence, groups)
    table = two_class_table(y_true, y_score, pos_label, sample_weight,
                            counts="threshold_ci")
    at = rows_at_or_above(table.thresholds, threshold)
    tp = float(table.tps[at - 1]) if at else 0.0
    predicted = tp + (float(table.fps[at - 1]) if at else 0.0)
    n_pos = float(table.n_pos)
    if predicted <= 0:
        warn_undefined(f"Nothing is predicted positive at threshold {threshold!r}: "
                       "precision is undefined (NaN).")
    precision = tp / predicted if predicted > 0 else np.nan
    recall = tp / n_pos
    if method == "bootstrap":
        intervals = [bootstrap_ci(
            _rate_at(threshold, of), y_true, y_score, confidence_level=confidence_level,
            pos_label=pos_label, sample_weight=sample_weight, n_resamples=n_resamples,
            random_state=random_state, progress=False, groups=groups)
            for of in ("precision", "recall")]
        intervals = [(interval, interval.method.replace("bootstrap percentile", method))
                     for interval in intervals]  # (with groups, the method names clusters)
    elif method == "korn-graubard":
        intervals = _clustered_rates(y_true, y_score, threshold, pos_label, sample_weight,
                                     groups, confidence_level)
    else:
        intervals = [(wilson_interval(hits, total, confidence_level), method)
                     for hits, total in ((tp, predicted), (tp, n_pos))]
    precision_ci, recall_ci = (
        ConfidenceInterval(*(float(v) for v in bounds), estimate=estimate, method=named,
                           confidence_level=confidence_level)
        for (bounds, named), estimate in zip(intervals, (precision, recall)))
    # (the threshold as given: an integer past 2**53 is no float)
    return Bunch(threshold=threshold, precision=precision_ci, recall=recall_ci,
                 predicted_positive=predicted)


def _threshold_ci_at_prevalence(y_true, y_score, threshold, confidence_level, pos_label,
                                sample_weight, prevalence, groups):
    """:func:`threshold_ci` with ``prevalence``: precision there from the data's rows
    (:func:`~._proportions.precision_at_prevalence_interval`), recall by Wilson; with
    ``groups`` both from the clusters' sums, at Korn and Graubard's effective sizes."""
    from sklearn.utils import Bunch

    weight = sample_weight if groups is not None else frequency_weights(
        sample_weight, "threshold_ci at a prevalence")
    table = two_class_table(y_true, y_score, pos_label, weight, counts="threshold_ci")
    at = rows_at_or_above(table.thresholds, threshold)
    tp = float(table.tps[at - 1]) if at else 0.0
    fp = float(table.fps[at - 1]) if at else 0.0
    n_pos, n_neg = float(table.n_pos), float(table.n_neg)
    if tp + fp <= 0:
        warn_undefined(f"Nothing is predicted positive at threshold {threshold!r}: "
                       "precision is undefined (NaN).")
    tpr, fpr = tp / n_pos, fp / n_neg
    reached = prevalence * tpr + (1 - prevalence) * fpr
    precision = prevalence * tpr / reached if reached > 0 else np.nan
    if groups is None:
        bounds = precision_at_prevalence_interval(tp, fp, n_pos, n_neg, prevalence,
                                                  confidence_level)
        recall = wilson_interval(tp, n_pos, confidence_level)
        methods = ("score (Koopman ratio)", "wilson")
    else:
        shares, n_clusters = shares_at_threshold(y_true, y_score, threshold, pos_label,
                                                 sample_weight, groups)
        bounds = precision_from_ratio(clustered_ratio_interval(
            shares["fpr"], shares["tpr"], confidence_level), prevalence)
        recall = clustered_proportion_interval(*shares["tpr"], confidence_level)
        methods = (f"score (Koopman ratio) at korn-graubard sizes, {n_clusters} clusters",
                   f"korn-graubard, {n_clusters} clusters")
    low, high = (np.nan, np.nan) if not tp + fp > 0 else bounds
    named = {"confidence_level": confidence_level}
    return Bunch(
        threshold=threshold,
        precision=ConfidenceInterval(float(low), float(high), estimate=precision,
                                     method=methods[0], **named),
        recall=ConfidenceInterval(*(float(v) for v in recall), estimate=tpr,
                                  method=methods[1], **named),
        predicted_positive=tp + fp)


def _threshold_ci_method(method, groups, prevalence=None):
    if prevalence is not None and method == "bootstrap":
        raise ValueError(
            "threshold_ci at a prevalence gives the score interval of the rates' ratio "
            "(at Korn and Graubard's effective sizes with groups=): method='bootstrap' "
            "is not offered with prevalence=.")
    if method is None:
        return "wilson" if groups is None else "korn-graubard"
    if groups is not None and method == "wilson":
        raise ValueError("method='wilson' counts independent rows; rows in clusters are "
                         "not: use method='korn-graubard' or 'bootstrap'.")
    if groups is None and method == "korn-graubard":
        raise ValueError("method='korn-graubard' takes the variance between clusters: "
                         "give groups=, or use method='wilson'.")
    return method


def _clustered_rates(y_true, y_score, threshold, pos_label, sample_weight, groups,
                     confidence_level):
    """Korn and Graubard's intervals of precision and recall at ``threshold`` from each
    cluster's sums: ``[((low, high), method), ...]``."""
    shares, n_clusters = shares_at_threshold(y_true, y_score, threshold, pos_label,
                                             sample_weight, groups)
    method = f"korn-graubard, {n_clusters} clusters"
    return [(clustered_proportion_interval(*shares[name], confidence_level), method)
            for name in ("precision", "tpr")]


def _rate_at(threshold, of):
    """A metric for :func:`bootstrap_ci`: precision or recall at ``threshold``."""
    def rate(y_true, y_score, sample_weight=None):
        predicted = at_or_above(y_score, threshold)
        weight = np.ones(predicted.shape) if sample_weight is None else sample_weight
        tp = np.sum(weight[predicted & y_true])
        total = np.sum(weight[predicted]) if of == "precision" else np.sum(weight[y_true])
        return tp / total if total > 0 else np.nan

    rate.__name__ = f"{of}_at_threshold"
    return rate

"""Uncertainty: DeLong's intervals and test for AUC-ROC, intervals for AUC-PR, and a
stratified bootstrap for any metric of the package.

Everything is computed from the counting kernel's table. DeLong's structural
components depend on a sample only through its distinct score: a positive holding
score group ``g`` has ``V10 = (negatives below g + negatives in g / 2) / N`` and a
negative has ``V01 = (positives above g + positives in g / 2) / P`` (ties count one
half, as DeLong defines them), so the variance is one pass over the table: the
O(n log n) of Sun and Xu (2014) is the sort inside the kernel. The bootstrap
resamples rows within each class as counts per row, and reads each resample's curve
from running sums of those counts over the rows in score order (``_resampling``):
the scores are sorted once, not once per resample.
"""

from __future__ import annotations

from collections.abc import Callable
from numbers import Integral, Real

from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import ArrayLike

from ._array_api import array_api_boundary
from ._pr import achievable_pr_auc_score, pr_auc_score, table_pr_auc
from ._auc import average_precision_score, roc_auc_score
from ._roc_auc import table_roc_auc
from ._roc_auc import placements
from ._bounds import normalized_pr_auc_score
from ._compat import Interval, StrOptions, validate_params
from ._entry import BINARY_PARAMS, require_class_totals, two_class_table
from ._prevalence import PREVALENCE
from ._exact import at_or_above, check_threshold, rows_at_or_above
from ._interpolation import INTERPOLATIONS
from ._lift import ks_statistic
from ._prg import prg_auc_score
from ._clusters import (
    checked_groups, clustered_variance, expanded_level, logit_interval, paired_reading,
    warn_few_clusters,
)
from ._resampling import (
    CHUNK, ClusterResampler, Model, Resampler, chunk_values, evaluate, percentile_interval,
    resampler_of,
)
from ._proportions import clustered_proportion_interval, wilson_interval
from ._results import ConfidenceInterval, TestResult
from ._sorting import score_order, table_in_score_order
from ._table import CountTable
from ._validation import (
    binary_labels, check_binary_input, check_non_negative_weight, checked_rows,
    refuse_overflowing_totals, weights_within_range,
)
from ._undefined import warn, warn_undefined

if TYPE_CHECKING:
    from sklearn.utils import Bunch

__all__ = [
    "bootstrap_ci",
    "bootstrap_test",
    "delong_test",
    "pr_auc_ci",
    "roc_auc_ci",
    "roc_auc_variance",
    "threshold_ci",
]

_LEVEL = Interval(Real, 0, 1, closed="neither")


# --- DeLong -------------------------------------------------------------------------


def _frequency_weights(sample_weight):
    if sample_weight is None:
        return None
    weight = np.asarray(sample_weight, dtype=np.float64)
    if np.any(weight < 0) or np.any(weight != np.round(weight)):
        raise ValueError(
            "DeLong's variance is defined for frequency weights (repeated rows): "
            "sample_weight must hold non-negative integers."
        )
    # (as frequencies, their totals are the counts the variance is formed from)
    refuse_overflowing_totals(weight, "DeLong's variance")
    return weight


def delong_components(table):
    """AUC and each distinct score's V10 and V01 components. The AUC is
    :func:`roc_auc_score`'s, to the bit (the components' mean is the same area in
    another rounding)."""
    pos, neg = table.pos, table.neg  # per distinct score, decreasing scores
    n_pos, n_neg = table.n_pos, table.n_neg
    pos_above = table.tps - pos
    v10 = placements(neg, n_neg - table.fps, n_neg)
    v01 = (pos_above + pos / 2) / n_pos
    return table_roc_auc(table), v10, v01, pos, neg


def _distinct_centred_components(positive):
    """:func:`_centred_components` of unweighted rows whose scores are all distinct,
    from the sorted rows' classes alone.

    The k-th positive (from 0) at sorted position i has i - k negatives above it, the
    k-th negative i - k positives above it. The AUC is one minus the share of pairs
    ranked wrong, counted exactly in integers.
    """
    rows_pos, rows_neg = np.flatnonzero(positive), np.flatnonzero(~positive)
    n_pos, n_neg = rows_pos.shape[0], rows_neg.shape[0]
    _check_delong_counts(n_pos, n_neg)
    above = rows_pos - np.arange(n_pos)  # negatives above each positive
    # (the area by roc_auc_score's one reading, of the table the kernel would count)
    auc = table_roc_auc(CountTable(None, None, None, (positive, None)))
    in_order = np.empty(positive.shape[0])
    # V10: the share of negatives below a positive; V01: of positives above a negative.
    in_order[rows_pos] = (n_neg - above) / n_neg - auc
    above = rows_neg - np.arange(n_neg)  # positives above each negative
    in_order[rows_neg] = above / n_pos - auc
    return auc, in_order, float(n_pos), float(n_neg)


def _centred_components(table, positive, group):
    """AUC and each row's DeLong component minus the AUC (V10 for a positive, V01 for a
    negative), rows in the table's (decreasing score) order; ``positive``: each sorted
    row's class; ``group``: each sorted row's table row, None when they are the same."""
    if group is None:
        # Every score distinct: no half ties. A positive outranks the negatives below
        # its row (N - fps), a negative is outranked by the positives above (tps).
        n_pos, n_neg = table.n_pos, table.n_neg
        in_order = np.subtract(n_neg, table.fps)
        in_order /= n_neg
        auc = table_roc_auc(table)
        np.divide(table.tps, n_pos, out=in_order, where=~positive)
    else:
        auc, v10, v01, _, _ = delong_components(table)
        in_order = np.where(positive, v10[group], v01[group])
    in_order -= auc
    return auc, in_order


def _delong_variance(table):
    """AUC and DeLong's variance from the table: :func:`delong_components` computed
    in two reused buffers (fresh temporaries at a million distinct scores cost more in
    page faults than their arithmetic)."""
    pos, neg = table.pos, table.neg
    n_pos, n_neg = table.n_pos, table.n_neg
    # V10 = (negatives below + half those tied) / N, per distinct score.
    v = np.multiply(neg, 0.5)
    v += n_neg
    v -= table.fps
    v /= n_neg
    auc = table_roc_auc(table)
    v -= auc
    v *= v
    s10 = float(np.dot(pos, v)) / (n_pos - 1)
    # V01 = (positives above + half those tied) / P.
    np.multiply(pos, -0.5, out=v)
    v += table.tps
    v /= n_pos
    v -= auc
    v *= v
    s01 = float(np.dot(neg, v)) / (n_neg - 1)
    return auc, s10 / n_pos + s01 / n_neg


def _check_delong_table(table):
    _check_delong_counts(table.n_pos, table.n_neg)
    return table


def _check_delong_counts(n_pos, n_neg):
    require_class_totals(n_pos, n_neg)
    if n_pos < 2 or n_neg < 2:
        raise ValueError(
            "DeLong's variance needs at least two positives and two negatives."
        )


def normal_interval(estimate, std, confidence_level):
    from scipy.special import ndtri

    z = ndtri(0.5 + confidence_level / 2)
    return estimate - z * std, estimate + z * std


@validate_params(
    {
        **BINARY_PARAMS,
        "method": [StrOptions({"delong", "bootstrap"})],
        "confidence_level": [_LEVEL],
        "n_resamples": [Interval(Integral, 2, None, closed="left")],
        "random_state": ["random_state"],
        "groups": ["array-like", None],
    },
    prefer_skip_nested_validation=True,
)
@array_api_boundary()
def roc_auc_ci(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    method: str = "delong",
    confidence_level: float = 0.95,
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
    n_resamples: int = 2000,
    random_state: int | np.random.RandomState | None = None,
    groups: ArrayLike | None = None,
) -> ConfidenceInterval:
    """Confidence interval for the area under the ROC curve.

    ``method="delong"``: the normal interval AUC +/- z * sqrt(Var) with DeLong's
    variance (DeLong, DeLong and Clarke-Pearson, 1988), clipped to [0, 1] as R's pROC
    does. ``method="bootstrap"``: the percentile interval of a stratified bootstrap.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels. If labels are not in {-1, 1} or {0, 1}, ``pos_label``
        must be given.
    y_score : array-like of shape (n_samples,)
        Scores; higher means more likely positive.
    method : {"delong", "bootstrap"}, default="delong"
    confidence_level : float in (0, 1), default=0.95
    pos_label : int, float, bool or str, default=None
    sample_weight : array-like of shape (n_samples,), default=None
        Frequency weights (non-negative integers: a weight of 3 is three identical
        rows). DeLong's variance has no standard definition for other weights.
    n_resamples : int, default=2000
        Bootstrap only.
    random_state : int, RandomState instance or None, default=None
        Bootstrap only.
    groups : array-like of shape (n_samples,), default=None
        A cluster id per row (a patient, a customer, a session), whose rows are not
        independent: DeLong's variance with each cluster's components summed before
        squaring (Obuchowski 1997), or a bootstrap of whole clusters. The ``method``
        says how many clusters.

    Returns
    -------
    interval : ConfidenceInterval
        ``(low, high)``, naming also the ``estimate``, ``method`` and
        ``confidence_level``. Unpacks as a pair.

    See Also
    --------
    delong_test, bootstrap_ci

    References
    ----------
    .. [1] E. R. DeLong, D. M. DeLong and D. L. Clarke-Pearson, "Comparing the Areas
           under Two or More Correlated Receiver Operating Characteristic Curves: A
           Nonparametric Approach", Biometrics 44(3), 1988.
    .. [2] X. Sun and W. Xu, "Fast Implementation of DeLong's Algorithm for Comparing
           the Areas Under Correlated Receiver Operating Characteristic Curves", IEEE
           Signal Processing Letters 21(11), 2014.

    Examples
    --------
    >>> from sklearn_prcurves import roc_auc_ci
    >>> y = [0, 0, 0, 0, 1, 1, 1, 1]
    >>> scores = [0.1, 0.4, 0.35, 0.8, 0.7, 0.9, 0.5, 0.3]
    >>> low, high = roc_auc_ci(y, scores)
    >>> round(low, 4), round(high, 4)
    (0.2515, 1.0)
    """
    if method == "bootstrap":
        return bootstrap_ci(
            roc_auc_score, y_true, y_score, confidence_level=confidence_level,
            pos_label=pos_label, sample_weight=sample_weight, n_resamples=n_resamples,
            random_state=random_state, groups=groups,
        )
    if groups is not None:
        return _clustered_delong_interval(y_true, y_score, pos_label, sample_weight, groups,
                                          confidence_level)
    table = two_class_table(y_true, y_score, pos_label, _frequency_weights(sample_weight))
    auc, low, high = delong_interval(table, confidence_level)
    return ConfidenceInterval(low, high, estimate=auc, method="delong",
                              confidence_level=confidence_level)


def _clustered_delong_interval(y_true, y_score, pos_label, sample_weight, groups,
                               confidence_level):
    """:func:`roc_auc_ci`'s DeLong interval with Obuchowski's clustered variance, on the
    logit scale with Student's t of the clusters (:func:`logit_interval`)."""
    labels = binary_labels(y_true, pos_label)
    auc, in_order, order, _, is_pos, w, n_pos, n_neg = _model_components(
        labels, y_score, _frequency_weights(sample_weight))
    components = np.empty(order.shape[0])
    components[order] = in_order
    groups = checked_groups(groups, order.shape[0])
    n_clusters = int(groups.max()) + 1
    warn_few_clusters(n_clusters)
    variance = clustered_variance(components, is_pos, w, n_pos, n_neg, groups)
    low, high = logit_interval(auc, variance, n_clusters, confidence_level)
    return ConfidenceInterval(low, high, estimate=auc,
                              method=f"delong, {n_clusters} clusters",
                              confidence_level=confidence_level)


def _model_components(labels, y_score, weight):
    """One model's AUC and each row's centred DeLong component (V10 - AUC for a
    positive, V01 - AUC for a negative), in decreasing score order: ``(auc, in_order,
    order, positive, is_pos, w, n_pos, n_neg)``, ``order`` the rows' input positions
    and ``is_pos``, ``w`` in input order."""
    is_pos, scores, w = checked_rows(labels, y_score, weight)
    check_non_negative_weight(w)
    order, positive, descending = score_order(is_pos, scores)
    if descending is None and w is None:  # distinct scores: no table needed
        auc, in_order, n_pos, n_neg = _distinct_centred_components(positive)
    else:
        table, group = table_in_score_order(order, positive, descending, scores, w)
        _check_delong_table(table)
        auc, in_order = _centred_components(table, positive, group)
        n_pos, n_neg = table.n_pos, table.n_neg
    return auc, in_order, order, positive, is_pos, w, n_pos, n_neg


def _paired_variance(in_order_a, in_order, positive, w, n_pos, n_neg):
    """DeLong's variance of a difference of two AUCs from the rows' centred components
    (both in one order, ``w`` too)."""
    d = in_order_a  # (V_a - auc_a) - (V_b - auc_b) per row, squared
    d -= in_order
    d *= d
    if w is not None:
        d *= w
    on_pos = positive.astype(np.float64)
    sum_pos = float(d @ on_pos)
    np.subtract(1.0, on_pos, out=on_pos)
    sum_neg = float(d @ on_pos)
    return sum_pos / (n_pos - 1) / n_pos + sum_neg / (n_neg - 1) / n_neg


def delong_interval(table, confidence_level=0.95):
    """``(auc, low, high)``: :func:`roc_auc_ci`'s DeLong interval of a counting table
    (of frequency weights), clipped to [0, 1]."""
    _check_delong_table(table)
    auc, variance = _delong_variance(table)
    low, high = normal_interval(auc, np.sqrt(variance), confidence_level)
    return auc, max(float(low), 0.0), min(float(high), 1.0)


@validate_params(BINARY_PARAMS, prefer_skip_nested_validation=True)
@array_api_boundary()
def roc_auc_variance(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
) -> float:
    """DeLong's estimate of the variance of the AUC-ROC.

    ``S10 / P + S01 / N`` from the structural components of DeLong, DeLong and
    Clarke-Pearson (1988), as R's ``pROC::var(method = "delong")``, in one pass over
    the counting kernel's table.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
    y_score : array-like of shape (n_samples,)
    pos_label : int, float, bool or str, default=None
    sample_weight : array-like of shape (n_samples,), default=None
        Frequency weights (non-negative integers).

    Returns
    -------
    variance : float

    See Also
    --------
    roc_auc_ci, delong_test

    Examples
    --------
    >>> from sklearn_prcurves import roc_auc_variance
    >>> round(roc_auc_variance([0, 0, 0, 0, 1, 1, 1, 1],
    ...                        [0.1, 0.4, 0.35, 0.8, 0.7, 0.9, 0.5, 0.3]), 6)
    0.049479
    """
    table = two_class_table(y_true, y_score, pos_label, _frequency_weights(sample_weight))
    _check_delong_table(table)
    return float(_delong_variance(table)[1])


@validate_params(
    {
        "y_true": ["array-like"],
        "y_score_a": ["array-like"],
        "y_score_b": ["array-like"],
        "confidence_level": [_LEVEL],
        "pos_label": [Real, str, "boolean", None],
        "sample_weight": ["array-like", None],
        "groups": ["array-like", None],
    },
    prefer_skip_nested_validation=True,
)
@array_api_boundary()
def delong_test(
    y_true: ArrayLike,
    y_score_a: ArrayLike,
    y_score_b: ArrayLike,
    *,
    confidence_level: float = 0.95,
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
    groups: ArrayLike | None = None,
) -> TestResult:
    """DeLong's paired test: do two models scored on the same samples differ in AUC-ROC?

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels.
    y_score_a, y_score_b : array-like of shape (n_samples,)
        Scores of the two models for the same samples.
    confidence_level : float in (0, 1), default=0.95
        Level of the interval for the difference.
    pos_label : int, float, bool or str, default=None
    sample_weight : array-like of shape (n_samples,), default=None
        Frequency weights (non-negative integers).
    groups : array-like of shape (n_samples,), default=None
        A cluster id per row (a patient, a customer, a session): rows of one cluster
        are not independent, and the variance sums each cluster's components before
        squaring them (Obuchowski 1997). The result's ``clusters`` says how many.

    Returns
    -------
    result : TestResult
        A dict with attribute access: ``auc_a``, ``auc_b``, ``difference`` (a - b),
        ``variance`` of the difference, ``statistic`` (z), ``pvalue`` (two-sided) and
        ``confidence_interval`` (of the difference, a tuple).

    See Also
    --------
    roc_auc_ci, bootstrap_test

    References
    ----------
    .. [1] E. R. DeLong, D. M. DeLong and D. L. Clarke-Pearson, Biometrics 44(3), 1988.

    Examples
    --------
    >>> from sklearn_prcurves import delong_test
    >>> y = [0, 0, 0, 0, 1, 1, 1, 1]
    >>> a = [0.1, 0.4, 0.35, 0.8, 0.7, 0.9, 0.5, 0.3]
    >>> b = [0.2, 0.1, 0.5, 0.3, 0.9, 0.8, 0.7, 0.6]
    >>> result = delong_test(y, a, b)
    >>> round(result.difference, 4), round(result.pvalue, 4)
    (-0.3125, 0.1601)
    """
    weight = _frequency_weights(sample_weight)
    labels = binary_labels(y_true, pos_label)
    auc_a, in_order_a, order_a, *_ = _model_components(labels, y_score_a, weight)
    auc_b, in_order, order, positive, is_pos, w, n_pos, n_neg = _model_components(
        labels, y_score_b, weight)
    component_a = np.empty(order.shape[0])  # model a's centred components, input order
    component_a[order_a] = in_order_a
    n_clusters = None
    if groups is not None:
        component_a[order] -= in_order
        groups = checked_groups(groups, order.shape[0])
        n_clusters = int(groups.max()) + 1
        warn_few_clusters(n_clusters)
        variance = clustered_variance(component_a, is_pos, w, n_pos, n_neg, groups)
    else:
        variance = _paired_variance(component_a[order], in_order, positive,
                                    None if w is None else w[order], n_pos, n_neg)
    difference = auc_a - auc_b
    if variance > 0:
        statistic, pvalue, low, high = paired_reading(
            difference, np.sqrt(variance), confidence_level, n_clusters)
    else:
        statistic = 0.0 if difference == 0 else float(np.copysign(np.inf, difference))
        pvalue, low, high = float(statistic == 0), difference, difference
    return TestResult(
        auc_a=auc_a, auc_b=auc_b, difference=difference, variance=float(variance),
        statistic=statistic, pvalue=pvalue, confidence_interval=(float(low), float(high)),
        **({} if n_clusters is None else {"clusters": n_clusters}),
    )


# --- AUC-PR -------------------------------------------------------------------------


@validate_params(
    {
        **BINARY_PARAMS,
        "method": [StrOptions({"logit", "binomial", "bootstrap", "basic"}), None],
        "interpolation": [StrOptions(set(INTERPOLATIONS))],
        "confidence_level": [_LEVEL],
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
        :func:`bootstrap_ci`).
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


# --- an operating point ------------------------------------------------------------


@validate_params(
    {
        **BINARY_PARAMS,
        "threshold": [Real],
        "method": [StrOptions({"wilson", "bootstrap", "korn-graubard"}), None],
        "confidence_level": [_LEVEL],
        "n_resamples": [Interval(Integral, 2, None, closed="left")],
        "random_state": ["random_state"],
        "groups": ["array-like", None],
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
    method = _threshold_ci_method(method, groups)
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


def _threshold_ci_method(method, groups):
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
    is_pos, scores, weight = check_binary_input(y_true, y_score, sample_weight, pos_label)
    clusters = checked_groups(groups, is_pos.shape[0])
    n_clusters = int(clusters.max()) + 1
    warn_few_clusters(n_clusters)
    weight = np.ones(is_pos.shape[0]) if weight is None else np.asarray(weight, float)
    flagged = at_or_above(scores, threshold) & (weight > 0)
    sums = [np.bincount(clusters, weights=weight * rows, minlength=n_clusters)
            for rows in (flagged & is_pos, flagged, is_pos)]
    method = f"korn-graubard, {n_clusters} clusters"
    return [(clustered_proportion_interval(sums[0], sums[1], int(flagged.sum()),
                                           confidence_level), method),
            (clustered_proportion_interval(sums[0], sums[2], int((is_pos & (weight > 0)).sum()),
                                           confidence_level), method)]


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


# --- bootstrap ------------------------------------------------------------------------


def _resampled(models, resampler, n_resamples, n_jobs, progress):
    """Values over ``n_resamples`` resamples, in chunks, in parallel with ``n_jobs``."""
    from joblib import Parallel, delayed

    counts = [min(CHUNK, n_resamples - start) for start in range(0, n_resamples, CHUNK)]
    bar = _progress_bar(progress, n_resamples)
    values = []
    try:
        if n_jobs in (None, 1):
            results = (chunk_values(models, resampler, i, c) for i, c in enumerate(counts))
        else:
            results = Parallel(n_jobs=n_jobs, return_as="generator")(
                delayed(chunk_values)(models, resampler, i, c) for i, c in enumerate(counts))
        for chunk in results:
            values.extend(chunk)
            if bar is not None:
                bar.update(len(chunk))
    finally:
        if bar is not None:
            bar.close()
    return values


def _progress_bar(progress, total):
    """A tqdm bar on stderr: ``progress=True``, or ``"auto"`` on a terminal (tqdm is an
    optional extra; without it nothing is shown)."""
    import sys

    if progress is False or (progress == "auto" and not sys.stderr.isatty()):
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return None
    return tqdm(total=total, desc="bootstrap", unit="resample", file=sys.stderr, leave=False)


def _ks(y_true, y_score, sample_weight=None):
    return ks_statistic(y_true, y_score, sample_weight=sample_weight).statistic


def _metric_names():
    """Scorer-style names for the bootstrap: ``name -> (metric, keyword arguments)``."""
    return {
        "roc_auc": (roc_auc_score, {}),
        "average_precision": (average_precision_score, {}),
        "pr_auc": (pr_auc_score, {}),
        "pr_auc_continuous": (pr_auc_score, {"interpolation": "continuous"}),
        "achievable_pr_auc": (achievable_pr_auc_score, {}),
        "achievable_pr_auc_continuous": (achievable_pr_auc_score,
                                         {"interpolation": "continuous"}),
        "normalized_pr_auc": (normalized_pr_auc_score, {}),
        "prg_auc": (prg_auc_score, {}),
        "ks": (_ks, {}),
    }


def _resolve_metric(metric, kwargs):
    if not isinstance(metric, str):
        return metric, kwargs
    names = _metric_names()
    if metric not in names:
        raise ValueError(
            f"{metric!r} is not a metric name the bootstrap knows; use one of "
            f"{sorted(names)} or pass a function metric(y_true, y_score)."
        )
    function, options = names[metric]
    return function, {**options, **kwargs}


def _prepare(metric, y_true, scores_list, pos_label, sample_weight, kwargs):
    metric, kwargs = _resolve_metric(metric, kwargs)
    models = []
    for y_score in scores_list:
        is_pos, scores, weight = check_binary_input(y_true, y_score, sample_weight, pos_label)
        if weight is not None:
            weight, _ = weights_within_range(weight, resampled=True)
        models.append(Model(metric, is_pos, scores, weight, kwargs))
    return is_pos, weight, models


# Fewer resamples than this give intervals and p-values too noisy to report silently.
FEW_RESAMPLES = 200


def _defined(values, n_resamples, what):
    """The resampled values without NaN; an error when fewer than two are left."""
    values = np.asarray(values, dtype=np.float64)
    defined = values[~np.isnan(values)]
    if defined.shape[0] < 2:
        raise ValueError(
            f"The {what} was undefined (NaN) on {values.shape[0] - defined.shape[0]} of "
            f"{values.shape[0]} resamples: at least two defined values are needed."
        )
    if defined.shape[0] < values.shape[0]:
        warn_undefined(f"The {what} was undefined (NaN) on "
                       f"{values.shape[0] - defined.shape[0]} of {values.shape[0]} resamples; "
                       "they are left out.")
    if n_resamples < FEW_RESAMPLES:
        warn(
            f"n_resamples={n_resamples} is too few for a reliable bootstrap result; use "
            f"at least {FEW_RESAMPLES} (2000 is usual).",
            UserWarning,
        )
    return defined


def _resampler(is_pos, weight, random_state, models, groups, method):
    """The bootstrap's resampler (of clusters, with ``groups``), checked for ``method``."""
    resampler = resampler_of(is_pos, weight, random_state, models, groups)
    if method == "bca":
        _check_bca(resampler)
    return resampler


def _clusters(resampler):
    n_clusters = getattr(resampler, "n_clusters", None)
    return "" if n_clusters is None else f", {n_clusters} clusters"


def _check_bca(resampler):
    if min(resampler.pos_rows.shape[0], resampler.neg_rows.shape[0]) < 2:
        raise ValueError(
            "method='bca' needs at least two positives and two negatives (its jackknife "
            "leaves groups of rows out); use method='percentile'."
        )


def _bca_interval(values, estimate, jackknife, confidence_level):
    """Bias-corrected and accelerated interval (Efron, 1987)."""
    from scipy.special import ndtr, ndtri

    # Resamples equal to the estimate count one half. The fast paths compute a
    # resample's value with other roundings than the estimate's (a few ulps apart):
    # values that close are equal, not below.
    close = np.abs(values - estimate) <= _TIE_ULPS * np.spacing(max(abs(estimate), 1.0))
    proportion = np.mean((values < estimate) & ~close) + np.mean(close) / 2
    bias = ndtri(np.clip(proportion, 1e-12, 1 - 1e-12))
    centred = jackknife.mean() - jackknife
    denominator = 6 * np.sum(centred**2) ** 1.5
    acceleration = np.sum(centred**3) / denominator if denominator > 0 else 0.0
    alpha = (1 - confidence_level) / 2
    levels = []
    for z in (ndtri(alpha), ndtri(1 - alpha)):
        levels.append(ndtr(bias + (bias + z) / (1 - acceleration * (bias + z))))
    return tuple(float(v) for v in np.quantile(values, levels))


_JACKKNIFE_GROUPS = 100
# Ulps within which a resample's value is the estimate's (rounding, not a difference).
_TIE_ULPS = 64


def _group_jackknife(model, resampler):
    """Delete-a-group jackknife over at most 100 groups: stratified groups of rows, or
    of whole clusters for a :class:`~sklearn_prcurves._resampling.ClusterResampler`."""
    if isinstance(resampler, ClusterResampler):
        values = evaluate([model], *_cluster_parts(resampler))[0]
        if np.isnan(values).any():
            raise ValueError("method='bca' leaves out groups of clusters in turn, and one "
                             "of them holds a whole class: use method='percentile'.")
        return values
    rng = np.random.RandomState(0)
    pos = rng.permutation(resampler.pos_rows.shape[0])  # positions
    neg = rng.permutation(resampler.neg_rows.shape[0])
    groups = min(_JACKKNIFE_GROUPS, pos.shape[0], neg.shape[0])
    pos_parts, neg_parts = np.array_split(pos, groups), np.array_split(neg, groups)

    def left_out():  # counts: every row once, but for one group of each class
        for pos_part, neg_part in zip(pos_parts, neg_parts):
            pos_counts = np.ones(pos.shape[0], dtype=np.intp)
            neg_counts = np.ones(neg.shape[0], dtype=np.intp)
            pos_counts[pos_part] = 0
            neg_counts[neg_part] = 0
            yield pos_counts, neg_counts

    return evaluate([model], left_out(), groups)[0]


def _cluster_parts(resampler):
    """``(draws, count)``: at most 100 groups of whole clusters, each left out in turn."""
    clusters = np.random.RandomState(0).permutation(resampler.n_clusters)
    parts = np.array_split(clusters, min(_JACKKNIFE_GROUPS, resampler.n_clusters))

    def left_out():
        for part in parts:
            kept = np.ones(resampler.n_clusters, dtype=np.intp)
            kept[part] = 0
            yield kept[resampler.pos_clusters], kept[resampler.neg_clusters]

    return left_out(), len(parts)


_BOOTSTRAP_PARAMS = {
    "metric": [callable, str],
    "n_jobs": [Integral, None],
    "progress": ["boolean", StrOptions({"auto"})],
    "y_true": ["array-like"],
    "method": [StrOptions({"percentile", "bca", "basic"})],
    "confidence_level": [_LEVEL],
    "n_resamples": [Interval(Integral, 2, None, closed="left")],
    "pos_label": [Real, str, "boolean", None],
    "sample_weight": ["array-like", None],
    "random_state": ["random_state"],
    "groups": ["array-like", None],
}


@validate_params(
    {**_BOOTSTRAP_PARAMS, "y_score": ["array-like"]}, prefer_skip_nested_validation=True
)
@array_api_boundary()
def bootstrap_ci(
    metric: Callable[..., float] | str,
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    method: str = "percentile",
    confidence_level: float = 0.95,
    n_resamples: int = 2000,
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
    random_state: int | np.random.RandomState | None = None,
    n_jobs: int | None = None,
    progress: bool | str = "auto",
    groups: ArrayLike | None = None,
    **metric_kwargs,
) -> ConfidenceInterval:
    """Stratified bootstrap confidence interval for any binary ranking metric.

    Each resample draws, with replacement, as many positives and as many negatives as
    observed. For the package's own areas (:func:`roc_auc_score`,
    :func:`pr_auc_score`, :func:`achievable_pr_auc_score`,
    :func:`average_precision_score`) a resample's curve is read from running sums
    of its row counts, without sorting again; any other
    ``metric(y_true, y_score, sample_weight=..., **metric_kwargs)`` is called on each
    resample.

    Parameters
    ----------
    metric : callable or str
        ``metric(y_true, y_score, **metric_kwargs)``, with ``sample_weight=`` too
        only when weights are given; it receives boolean labels (True for
        positives). Or a name: ``"roc_auc"``, ``"average_precision"``, ``"pr_auc"``,
        ``"pr_auc_continuous"``, ``"achievable_pr_auc"``,
        ``"achievable_pr_auc_continuous"``, ``"normalized_pr_auc"``, ``"prg_auc"``,
        ``"ks"``.
    y_true : array-like of shape (n_samples,)
    y_score : array-like of shape (n_samples,)
    method : {"percentile", "bca", "basic"}, default="percentile"
        ``"bca"``: bias-corrected and accelerated, the acceleration estimated by a
        delete-a-group jackknife over at most 100 stratified groups. ``"basic"``: the
        percentile interval's quantiles reflected about the estimate,
        ``(2 estimate - high, 2 estimate - low)``, which removes the bias the resamples
        show about their estimate (and may pass the metric's range; :func:`pr_auc_ci`
        clips it to [0, 1]).
    confidence_level : float in (0, 1), default=0.95
    n_resamples : int >= 2, default=2000
        Fewer than 200 give a warning: the interval would be too noisy.
    pos_label : int, float, bool or str, default=None
    sample_weight : array-like of shape (n_samples,), default=None
        Resampled with their rows.
    random_state : int, RandomState instance or None, default=None
        Seeds the resamples: the same seed gives the same result with a given
        version of the package (how resamples are drawn may change between versions).
    n_jobs : int, default=None
        Processes evaluating the resamples (joblib; -1: every core). Resamples are
        drawn in chunks with their own random streams, so the result does not depend
        on ``n_jobs``.
    progress : bool or "auto", default="auto"
        A progress bar on stderr ("auto": when stderr is a terminal; needs tqdm).
    groups : array-like of shape (n_samples,), default=None
        A cluster id per row (a patient, a customer, a session), whose rows are not
        independent: whole clusters are resampled with replacement, their rows with
        them (not stratified; a resample holding one class gives no value and is left
        out). At least two clusters; ``method="bca"``'s jackknife leaves out groups of
        whole clusters. The result's ``method`` says how many clusters.
    **metric_kwargs
        Passed to ``metric`` (for example ``interpolation="continuous"``).

    Returns
    -------
    interval : ConfidenceInterval
        ``(low, high)``, naming also the ``estimate``, ``method`` and
        ``confidence_level``. Unpacks as a pair.

    See Also
    --------
    bootstrap_test, roc_auc_ci, pr_auc_ci

    References
    ----------
    .. [1] B. Efron, "Better Bootstrap Confidence Intervals", Journal of the American
           Statistical Association 82(397), 1987.

    Examples
    --------
    >>> from sklearn_prcurves import bootstrap_ci, pr_auc_score
    >>> y = [0, 0, 0, 0, 1, 1, 1, 1] * 5
    >>> scores = [0.1, 0.4, 0.35, 0.8, 0.7, 0.9, 0.5, 0.3] * 5
    >>> low, high = bootstrap_ci(pr_auc_score, y, scores, random_state=0)
    >>> bool(low < pr_auc_score(y, scores) < high)
    True
    """
    is_pos, weight, (model,) = _prepare(
        metric, y_true, [y_score], pos_label, sample_weight, metric_kwargs
    )
    resampler = _resampler(is_pos, weight, random_state, [model], groups, method)
    values = _defined(_resampled([model], resampler, n_resamples, n_jobs, progress),
                      n_resamples, "metric")
    low, high = _bootstrap_interval(method, values, model.estimate(),
                                    lambda: _group_jackknife(model, resampler),
                                    _resampled_level(resampler, confidence_level))
    return ConfidenceInterval(low, high, estimate=model.estimate(),
                              method=f"bootstrap {method}{_clusters(resampler)}",
                              confidence_level=confidence_level)


@validate_params(
    {**_BOOTSTRAP_PARAMS, "y_score_a": ["array-like"], "y_score_b": ["array-like"]},
    prefer_skip_nested_validation=True,
)
@array_api_boundary()
def bootstrap_test(
    metric: Callable[..., float] | str,
    y_true: ArrayLike,
    y_score_a: ArrayLike,
    y_score_b: ArrayLike,
    *,
    method: str = "percentile",
    confidence_level: float = 0.95,
    n_resamples: int = 2000,
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
    random_state: int | np.random.RandomState | None = None,
    n_jobs: int | None = None,
    progress: bool | str = "auto",
    groups: ArrayLike | None = None,
    **metric_kwargs,
) -> TestResult:
    """Paired stratified bootstrap test of the difference between two models.

    Both models are evaluated on the same resampled rows. As in R's pROC, the statistic
    is the observed difference divided by the standard deviation of the resampled
    differences, with a two-sided normal p-value.

    Parameters
    ----------
    metric : callable or str
        As for :func:`bootstrap_ci`.
    y_true : array-like of shape (n_samples,)
    y_score_a, y_score_b : array-like of shape (n_samples,)
    method : {"percentile", "bca", "basic"}, default="percentile"
        For the interval of the difference (see :func:`bootstrap_ci`).
    confidence_level : float in (0, 1), default=0.95
    n_resamples : int >= 2, default=2000
        Fewer than 200 give a warning: the standard deviation behind the p-value
        would be too noisy.
    pos_label : int, float, bool or str, default=None
    sample_weight : array-like of shape (n_samples,), default=None
    random_state : int, RandomState instance or None, default=None
    n_jobs : int, default=None
        As for :func:`bootstrap_ci`.
    progress : bool or "auto", default="auto"
        As for :func:`bootstrap_ci`.
    groups : array-like of shape (n_samples,), default=None
        As for :func:`bootstrap_ci`: both models on the same resampled clusters; the
        result's ``clusters`` says how many.
    **metric_kwargs
        Passed to ``metric``.

    Returns
    -------
    result : TestResult
        A dict with attribute access:
        ``value_a``, ``value_b``, ``difference`` (a - b), ``statistic``, ``pvalue``
        (two-sided) and ``confidence_interval`` of the difference.

    Examples
    --------
    >>> from sklearn_prcurves import bootstrap_test, pr_auc_score
    >>> y = [0, 0, 0, 0, 1, 1, 1, 1] * 5
    >>> a = [0.1, 0.4, 0.35, 0.8, 0.7, 0.9, 0.5, 0.3] * 5
    >>> result = bootstrap_test(pr_auc_score, y, a, a, random_state=0)
    >>> result.difference, result.pvalue
    (0.0, 1.0)
    """
    is_pos, weight, (model_a, model_b) = _prepare(
        metric, y_true, [y_score_a, y_score_b], pos_label, sample_weight, metric_kwargs
    )
    resampler = _resampler(is_pos, weight, random_state, [model_a, model_b], groups, method)
    differences = _defined(
        _resampled([model_a, model_b], resampler, n_resamples, n_jobs, progress),
        n_resamples, "difference")
    value_a, value_b = model_a.estimate(), model_b.estimate()
    difference = value_a - value_b
    n_clusters = getattr(resampler, "n_clusters", None)
    statistic, pvalue = paired_statistic(difference, differences.std(ddof=1), n_clusters)
    interval = _bootstrap_interval(
        method, differences, difference,
        lambda: _group_jackknife(model_a, resampler) - _group_jackknife(model_b, resampler),
        _resampled_level(resampler, confidence_level))
    return TestResult(value_a=value_a, value_b=value_b, difference=difference,
                      statistic=statistic, pvalue=pvalue, confidence_interval=interval,
                      **({} if n_clusters is None else {"clusters": n_clusters}))


def _resampled_level(resampler, confidence_level):
    """The level the resamples' quantiles are read at: ``confidence_level``, or for a
    bootstrap of clusters its expanded level (:func:`expanded_level`), with a warning
    when the clusters are too few."""
    n_clusters = getattr(resampler, "n_clusters", None)
    if n_clusters is None:
        return confidence_level
    warn_few_clusters(n_clusters)
    return expanded_level(confidence_level, n_clusters)


def _bootstrap_interval(method, values, estimate, jackknife, confidence_level):
    """``(low, high)`` of the resampled ``values`` of ``estimate`` by ``method``
    (``jackknife()``: the delete-a-group jackknife's values, which BCa needs)."""
    if method == "bca":
        return _bca_interval(values, estimate, jackknife(), confidence_level)
    low, high = percentile_interval(values, confidence_level)
    if method == "basic":  # (the resamples' displacement from the estimate, undone)
        return 2 * estimate - high, 2 * estimate - low
    return low, high


def paired_statistic(difference, spread, n_clusters=None):
    """``(statistic, two-sided p-value)`` of a paired bootstrap test: the difference over
    the standard deviation of the resampled differences, read on the normal; from a
    bootstrap of ``n_clusters`` clusters, the deviation times ``sqrt(K / (K - 1))``
    (its resamples' variance is ``(K - 1) / K`` of the estimate's) read on Student's t
    (:func:`paired_reading`)."""
    if spread > 0:
        if n_clusters is not None:
            spread = spread * np.sqrt(n_clusters / (n_clusters - 1))
        return paired_reading(difference, spread, 0.95, n_clusters)[:2]
    if difference == 0:
        return 0.0, 1.0
    raise ValueError(
        "Every resample gave the same difference: its spread is zero and no "
        "p-value can be computed from it."
    )


def holm_adjusted(pvalues):
    """Holm's step-down adjusted p-values of a family of tests, in the given order.

    The i-th smallest p-value is multiplied by the number of tests not yet rejected
    before it (``m - i + 1``), and the products are made non-decreasing in that order
    and capped at 1: rejecting where the adjusted value is below ``alpha`` keeps the
    family's chance of any false rejection at most ``alpha`` (Holm, 1979).
    """
    pvalues = [float(p) for p in pvalues]
    m = len(pvalues)
    adjusted = [0.0] * m
    running = 0.0
    for rank, i in enumerate(sorted(range(m), key=pvalues.__getitem__)):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted


def paired_differences(metric, y_true, y_score_a, y_score_b, *, n_resamples, random_state,
                       sample_weight=None, pos_label=None, groups=None):
    """The resampled differences ``metric(a) - metric(b)`` of a paired stratified
    bootstrap (both models on the same resampled rows; whole clusters with
    ``groups``), as :func:`bootstrap_test` draws them: ``(value_a, value_b,
    differences)``."""
    is_pos, weight, (model_a, model_b) = _prepare(
        metric, y_true, [y_score_a, y_score_b], pos_label, sample_weight, {})
    resampler = resampler_of(is_pos, weight, random_state, [model_a, model_b], groups)
    differences = _defined(
        _resampled([model_a, model_b], resampler, n_resamples, None, False),
        n_resamples, "difference")
    return model_a.estimate(), model_b.estimate(), differences


def curve_band(y_true, y_score, curve, grid, *, confidence_level, n_resamples, random_state,
               pos_label=None, sample_weight=None):
    """Pointwise stratified-bootstrap band of a curve on ``grid``.

    ``curve(table)`` returns the curve's ``(x, y)`` with ``x`` non-decreasing; each
    resample's curve is read at ``grid`` and the band is the pair of pointwise
    quantiles. Returns ``(lower, upper)``.
    """
    is_pos, weight, (model,) = _prepare(
        roc_auc_score, y_true, [y_score], pos_label, sample_weight, {}
    )
    resampler = Resampler(is_pos, weight, random_state, [model])
    values = np.empty((n_resamples, grid.shape[0]))
    for b, counts in enumerate(resampler.draws(n_resamples)):
        x, y = curve(model.resampled_table(*counts))
        values[b] = np.interp(grid, x, y)
    alpha = (1 - confidence_level) / 2
    lower, upper = np.quantile(values, [alpha, 1 - alpha], axis=0)
    return lower, upper

"""DeLong's interval and paired test of AUC-ROC, and Obuchowski's clustered form.

Everything is computed from the counting kernel's table. DeLong's structural
components depend on a sample only through its distinct score: a positive holding
score group ``g`` has ``V10 = (negatives below g + negatives in g / 2) / N`` and a
negative has ``V01 = (positives above g + positives in g / 2) / P`` (ties count one
half, as DeLong defines them), so the variance is one pass over the table: the
O(n log n) of Sun and Xu (2014) is the sort inside the kernel.
"""

from __future__ import annotations

from numbers import Integral, Real

import numpy as np
from numpy.typing import ArrayLike

from .._base._array_api import array_api_boundary
from .._base._compat import Interval, StrOptions, validate_params
from .._base._labels import binary_labels
from .._base._results import ConfidenceInterval, TestResult
from .._base._validation import (
    check_non_negative_weight,
    checked_rows,
    frequency_weights,
)
from .._metrics._auc import roc_auc_score
from .._metrics._roc_auc import placements, table_roc_auc
from .._table._count_table import CountTable
from .._table._entry import BINARY_PARAMS, require_class_totals, two_class_table
from .._table._sorting import score_order, table_in_score_order
from ._bootstrap import CONFIDENCE_LEVEL, bootstrap_ci
from ._clusters import (
    checked_groups,
    clustered_variance,
    logit_interval,
    paired_reading,
    warn_few_clusters,
    weighted_groups,
)

# What the frequency-weight rule names when it refuses weights.
DELONG = "DeLong's variance"

__all__ = ["delong_components", "delong_interval", "delong_test", "normal_interval",
           "delong_variance", "roc_auc_ci", "roc_auc_variance", "score_components",
           "table_variance"]





def score_components(piece, offset, n_pos, n_neg):
    """DeLong's components at each distinct score of ``piece``, a table of consecutive
    scores of a larger one (``offset``: its positives and negatives above the piece;
    ``(0, 0)`` and the piece's own totals for a table held whole): ``(v10, v01, pos,
    neg)``, V10 the placement of a positive there (:func:`placements`), V01 the share
    of positives above a negative there, ties counted half, and the piece's weights of
    positives and negatives at each score (formed once here, for the callers' sums).
    The one formula of DeLong's components, for the functions and the report."""
    tp_above, fp_above = offset
    pos, neg = piece.pos, piece.neg
    v10 = placements(neg, np.subtract(n_neg - fp_above, piece.fps), n_neg, in_place=True)
    v01 = np.multiply(pos, -0.5)
    v01 += piece.tps
    v01 += tp_above
    v01 /= n_pos
    return v10, v01, pos, neg


def delong_components(table):
    """AUC and each distinct score's V10 and V01 components (:func:`score_components`).
    The AUC is :func:`roc_auc_score`'s, to the bit (the components' mean is the same
    area in another rounding)."""
    v10, v01, pos, neg = score_components(table, (0.0, 0.0), table.n_pos, table.n_neg)
    return table_roc_auc(table), v10, v01, pos, neg


def delong_variance(s10, s01, n_pos, n_neg):
    """DeLong's variance from its sums of squares: ``s10`` of the positives' centred
    V10 (times their weights), ``s01`` of the negatives' V01, ``S10 / P + S01 / N``
    with ``S10 = s10 / (P - 1)`` and ``S01 = s01 / (N - 1)``: the one definition the
    functions and the report read, of one AUC or of a difference of two."""
    return s10 / (n_pos - 1) / n_pos + s01 / (n_neg - 1) / n_neg


def table_variance(pieces, n_pos, n_neg, auc):
    """DeLong's variance of an AUC ``auc`` from its table held in ``pieces`` (pairs
    ``(piece, offset)`` as :func:`score_components` takes them; one pair for a table
    held whole), each piece's sums of squares added."""
    s10 = s01 = 0.0
    for piece, offset in pieces:
        v10, v01, pos, neg = score_components(piece, offset, n_pos, n_neg)
        for v in (v10, v01):
            v -= auc  # (in place, as above)
            v *= v
        s10 += float(np.dot(pos, v10))
        s01 += float(np.dot(neg, v01))
    return delong_variance(s10, s01, n_pos, n_neg)


def _distinct_centred_components(positive):
    """:func:`_centred_components` of unweighted rows whose scores are all distinct,
    from the sorted rows' classes alone (a NumPy specialisation: no table is formed).

    The k-th positive (from 0) at sorted position i has i - k negatives above it, the
    k-th negative i - k positives above it: :func:`score_components` with one row per
    score.
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
        # A row per score, so no ties: score_components' half-tie terms are zeros, and
        # each row needs only its own class's component (the same floats, without
        # forming the table's per-score weights).
        in_order = np.subtract(table.n_neg, table.fps)
        in_order /= table.n_neg
        auc = table_roc_auc(table)
        np.divide(table.tps, table.n_pos, out=in_order, where=~positive)
    else:
        auc, v10, v01, _, _ = delong_components(table)
        in_order = np.where(positive, v10[group], v01[group])
    in_order -= auc
    return auc, in_order


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
        "confidence_level": [CONFIDENCE_LEVEL],
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
    table = two_class_table(y_true, y_score, pos_label, frequency_weights(sample_weight, DELONG))
    auc, low, high = delong_interval(table, confidence_level)
    return ConfidenceInterval(low, high, estimate=auc, method="delong",
                              confidence_level=confidence_level)


def _clustered_delong_interval(y_true, y_score, pos_label, sample_weight, groups,
                               confidence_level):
    """:func:`roc_auc_ci`'s DeLong interval with Obuchowski's clustered variance, on the
    logit scale with Student's t of the clusters (:func:`logit_interval`)."""
    labels = binary_labels(y_true, pos_label)
    auc, in_order, order, _, is_pos, w, n_pos, n_neg = _model_components(
        labels, y_score, frequency_weights(sample_weight, DELONG))
    components = np.empty(order.shape[0])
    components[order] = in_order
    groups = checked_groups(weighted_groups(groups, sample_weight), order.shape[0])
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


def delong_interval(table, confidence_level=0.95):
    """``(auc, low, high)``: :func:`roc_auc_ci`'s DeLong interval of a counting table
    (of frequency weights), clipped to [0, 1]."""
    _check_delong_table(table)
    auc = table_roc_auc(table)
    variance = table_variance([(table, (0.0, 0.0))], table.n_pos, table.n_neg, auc)
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
    table = two_class_table(y_true, y_score, pos_label, frequency_weights(sample_weight, DELONG))
    _check_delong_table(table)
    return table_variance([(table, (0.0, 0.0))], table.n_pos, table.n_neg, table_roc_auc(table))


@validate_params(
    {
        "y_true": ["array-like"],
        "y_score_a": ["array-like"],
        "y_score_b": ["array-like"],
        "confidence_level": [CONFIDENCE_LEVEL],
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
    weight = frequency_weights(sample_weight, DELONG)
    labels = binary_labels(y_true, pos_label)
    auc_a, in_order_a, order_a, *_ = _model_components(labels, y_score_a, weight)
    auc_b, in_order, order, positive, is_pos, w, n_pos, n_neg = _model_components(
        labels, y_score_b, weight)
    component_a = np.empty(order.shape[0])  # model a's centred components, input order
    component_a[order_a] = in_order_a
    n_clusters = None
    if groups is not None:
        component_a[order] -= in_order
        groups = checked_groups(weighted_groups(groups, sample_weight), order.shape[0])
        n_clusters = int(groups.max()) + 1
        warn_few_clusters(n_clusters)
        variance = clustered_variance(component_a, is_pos, w, n_pos, n_neg, groups)
    else:
        d = np.subtract(component_a[order], in_order, out=in_order)  # (sorted rows)
        d *= d
        if w is not None:
            d *= w[order]
        on_pos = positive.astype(np.float64)
        s10 = float(np.dot(d, on_pos))
        variance = delong_variance(s10, float(np.sum(d)) - s10, n_pos, n_neg)
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

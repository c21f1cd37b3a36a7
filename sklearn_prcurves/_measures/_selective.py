"""The risk-coverage curve of selective classification: decide only the cases whose
score lies far enough from the decision threshold, send the rest for review, and read
the error of the automatic decisions against the share decided (Geifman and El-Yaniv,
2017). Read from the counting kernel's table, so ties and weights agree with every
other curve: rows with one score are decided or reviewed together.
"""

from __future__ import annotations

from numbers import Real

import numpy as np
from numpy.typing import ArrayLike

from .._base._array_api import array_api_boundary
from .._base._compat import validate_params
from .._table._entry import BINARY_PARAMS, two_class_table
from .._table._exact import at_or_above, check_threshold, exact_value
from .._table._prevalence import PREVALENCE

__all__ = ["area_under_risk", "aurc_score", "risk_coverage_curve", "table_risk_coverage"]


def table_risk_coverage(table, threshold):
    """``(coverage, risk, widths)`` of a table: at each distinct distance ``width``
    from ``threshold`` (decreasing), the share of the weight at least that far from
    it, and the share of those decided wrongly (positive at or above the threshold)."""
    check_threshold(threshold)
    positives = np.diff(table.tps, prepend=0.0)
    negatives = np.diff(table.fps, prepend=0.0)
    errors = np.where(at_or_above(table.thresholds, threshold), negatives, positives)
    order, width, last = _by_distance(table.thresholds, threshold)
    decided = np.cumsum((positives + negatives)[order])[last]
    wrong = np.cumsum(errors[order])[last]
    with np.errstate(invalid="ignore", divide="ignore"):
        risk = wrong / decided
    return decided / (table.n_pos + table.n_neg), risk, width[last]


def _by_distance(scores, threshold):
    """The order of ``scores`` by decreasing distance from ``threshold``, the distances
    in that order (floats), and where each distinct distance ends. Equal floats are
    compared exactly: two distances may round to one (``t + d`` and ``t - d'``)."""
    with np.errstate(over="ignore", invalid="ignore"):
        width = np.abs(scores.astype(np.float64) - float(threshold))
    order = np.argsort(-width, kind="stable")
    ordered = width[order]
    if not ((ordered[1:] == ordered[:-1]) & np.isfinite(ordered[1:])).any():
        return order, ordered, np.append(ordered[1:] != ordered[:-1], True)
    bound = exact_value(threshold)
    exact = [(0, -abs(exact_value(v) - bound)) if np.isfinite(w) else (-1, 0)
             for v, w in zip(scores.tolist(), width)]
    order = np.array(sorted(range(len(exact)), key=exact.__getitem__), dtype=np.intp)
    keys = [exact[at] for at in order]
    return order, width[order], np.array(
        [a != b for a, b in zip(keys[:-1], keys[1:])] + [True])


_PARAMS = {**BINARY_PARAMS, "threshold": [Real], **PREVALENCE}


@validate_params(_PARAMS, prefer_skip_nested_validation=True)
@array_api_boundary()
def risk_coverage_curve(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    threshold: float = 0.5,
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
    prevalence: float | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The risk-coverage curve: the error of the automatic decisions against the share
    of cases decided, as the cases nearest the decision threshold go for review.

    A case is decided automatically where its score is at least ``width`` from
    ``threshold`` (positive at or above it, negative below), and reviewed otherwise;
    each point is one width, from the widest band (only the surest cases decided) to
    none (every case decided). For probabilities and ``threshold=0.5`` the distance
    orders cases by the usual confidence ``max(p, 1 - p)``. A review band with its own
    two thresholds and guarantees: :func:`certified_review_band`.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels.
    y_score : array-like of shape (n_samples,)
        Scores; higher means more likely positive.
    threshold : float, default=0.5
        The decision threshold the automatic decisions use (0 for a
        ``decision_function``).
    pos_label : int, float, bool or str, default=None
    sample_weight : array-like of shape (n_samples,), default=None
    prevalence : float in (0, 1), default=None
        The deployment's share of positives, where the rows have another: the
        negatives are weighted so that the positives hold this share, in the coverage
        and in the risk.

    Returns
    -------
    coverage : ndarray of shape (n_widths,)
        The share of cases decided automatically, increasing to 1.
    risk : ndarray of shape (n_widths,)
        The share of those decided wrongly.
    widths : ndarray of shape (n_widths,)
        The distance from ``threshold`` each point decides at, decreasing.

    See Also
    --------
    aurc_score : the area under this curve.
    certified_review_band : two thresholds with guarantees.

    References
    ----------
    .. [1] Y. Geifman and R. El-Yaniv, "Selective Classification for Deep Neural
           Networks", NeurIPS 2017.

    Examples
    --------
    >>> from sklearn_prcurves import risk_coverage_curve
    >>> coverage, risk, widths = risk_coverage_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> coverage
    array([0.25, 0.5 , 0.75, 1.  ])
    >>> risk
    array([0.        , 0.        , 0.33333333, 0.25      ])
    """
    table = two_class_table(y_true, y_score, pos_label, sample_weight, prevalence=prevalence)
    return table_risk_coverage(table, threshold)


@validate_params(_PARAMS, prefer_skip_nested_validation=True)
@array_api_boundary()
def aurc_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    threshold: float = 0.5,
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
    prevalence: float | None = None,
) -> float:
    """The area under the risk-coverage curve (AURC): the error of the automatic
    decisions averaged over every share of cases decided; lower is better.

    Each point of :func:`risk_coverage_curve` counts for the share of cases it adds,
    so that without ties this is the mean, over ``k = 1 .. n``, of the error among the
    ``k`` cases farthest from ``threshold`` (Geifman, Uziel and El-Yaniv, 2019); cases
    at one distance enter together.

    Parameters
    ----------
    y_true, y_score, threshold, pos_label, sample_weight, prevalence
        As for :func:`risk_coverage_curve`.

    Returns
    -------
    aurc : float

    Examples
    --------
    >>> from sklearn_prcurves import aurc_score
    >>> aurc_score([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    0.14583333333333331
    """
    table = two_class_table(y_true, y_score, pos_label, sample_weight, prevalence=prevalence)
    return area_under_risk(*table_risk_coverage(table, threshold)[:2])


def area_under_risk(coverage, risk):
    """The area of a risk-coverage curve: each point's risk over the coverage it adds."""
    return float(np.sum(risk * np.diff(coverage, prepend=0.0)))

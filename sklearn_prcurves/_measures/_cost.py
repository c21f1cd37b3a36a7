"""Cost curves (Drummond and Holte, 2006): expected cost against operating conditions.

Every ROC point (FPR, TPR) is a line in cost space, normalised expected cost
``NE(pc) = (1 - TPR) pc + FPR (1 - pc)`` over the probability cost
``pc = p c_FN / (p c_FN + (1 - p) c_FP)`` (``p`` the prevalence). The lower envelope
of these lines is the cost of the best threshold at each operating condition; it is
the dual of the ROC convex hull (its vertices' lines are the envelope), which is how
it is computed here. Davis and Goadrich point to cost curves as the tool for skewed,
known costs.
"""

from __future__ import annotations

from fractions import Fraction
from numbers import Real
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import ArrayLike

from .._base._array_api import array_api_boundary
from .._base._compat import Interval, validate_params
from .._table._entry import BINARY_PARAMS, two_class_table
from .._table._exact import exact_argmax, fractions
from ._hull import hull_path

if TYPE_CHECKING:
    from sklearn.utils import Bunch

__all__ = ["cost_curve", "expected_cost"]


def _hull_rates(table):
    tp, fp, thresholds = hull_path(table)
    return fp / table.n_neg, tp / table.n_pos, thresholds


def table_cost_curve(table):
    """``(probability_cost, normalized_expected_cost, thresholds)`` of the envelope."""
    fpr, tpr, thresholds = _hull_rates(table)
    d_fpr, d_tpr = np.diff(fpr), np.diff(tpr)
    # Consecutive hull vertices cost the same where pc / (1 - pc) = dFPR / dTPR.
    crossing = d_fpr / (d_fpr + d_tpr)
    cost = (1 - tpr[1:]) * crossing + fpr[1:] * (1 - crossing)
    pc = np.concatenate([[0.0], crossing, [1.0]])
    cost = np.concatenate([[0.0], cost, [0.0]])
    thresholds = np.concatenate([[thresholds[0]], thresholds[1:], [thresholds[-1]]])
    # A hull edge with no false (or no true) positives meets its neighbour at pc = 0
    # (or 1): keep one point per breakpoint, the last, whose threshold holds after it.
    keep = np.append(pc[1:] != pc[:-1], True)
    return pc[keep], cost[keep], thresholds[keep]


@validate_params(BINARY_PARAMS, prefer_skip_nested_validation=True)
@array_api_boundary()
def cost_curve(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The lower envelope of the cost curve: the best normalised expected cost at
    every probability cost (Drummond and Holte, 2006).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels.
    y_score : array-like of shape (n_samples,)
        Scores; higher means more likely positive.
    pos_label : int, float, bool or str, default=None
    sample_weight : array-like of shape (n_samples,), default=None

    Returns
    -------
    probability_cost : ndarray of shape (n_points,)
        Increasing from 0 to 1: the envelope's breakpoints.
    normalized_expected_cost : ndarray of shape (n_points,)
        The envelope there (0 at both ends: the trivial classifiers).
    thresholds : ndarray of shape (n_points,)
        The threshold optimal on the envelope's piece starting at each breakpoint.

    See Also
    --------
    expected_cost : The envelope at one operating condition.
    roc_convex_hull : Its dual in ROC space.

    References
    ----------
    .. [1] C. Drummond and R. C. Holte, "Cost curves: An improved method for
           visualizing classifier performance", Machine Learning 65(1), 2006.

    Examples
    --------
    >>> from sklearn_prcurves import cost_curve
    >>> pc, cost, _ = cost_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> pc
    array([0. , 0.5, 1. ])
    >>> cost
    array([0.  , 0.25, 0.  ])
    """
    return table_cost_curve(two_class_table(y_true, y_score, pos_label, sample_weight))


def table_expected_cost(table, cost_fp, cost_fn, prevalence=None):
    from sklearn.utils import Bunch

    tp, fp, thresholds = hull_path(table)
    fpr, tpr = fp / table.n_neg, tp / table.n_pos
    p = table.n_pos / (table.n_pos + table.n_neg) if prevalence is None else prevalence
    if not p * cost_fn + (1 - p) * cost_fp > 0:
        raise ValueError(
            f"Every error costs nothing at prevalence={p:g} with cost_fn={cost_fn:g} and "
            f"cost_fp={cost_fp:g}: give a positive cost to the errors that can occur.")
    pc = p * cost_fn / (p * cost_fn + (1 - p) * cost_fp)
    normalized = (1 - tpr) * pc + fpr * (1 - pc)
    # Two hull vertices of equal cost (an edge parallel to the isocost lines): the
    # highest threshold, compared exactly, not as the rates round.
    n_pos, n_neg, exact_pc = (Fraction(float(v)) for v in (table.n_pos, table.n_neg, pc))
    best = exact_argmax(-normalized, lambda at: [
        -((1 - t / n_pos) * exact_pc + f / n_neg * (1 - exact_pc))
        for t, f in zip(fractions(tp, at), fractions(fp, at))])
    return Bunch(
        expected_cost=float(normalized[best] * (p * cost_fn + (1 - p) * cost_fp)),
        normalized_expected_cost=float(normalized[best]),
        probability_cost=float(pc),
        threshold=float(thresholds[best]),
        fpr=float(fpr[best]),
        tpr=float(tpr[best]),
    )


@validate_params(
    {**BINARY_PARAMS,
     "cost_fp": [Interval(Real, 0, None, closed="left")],
     "cost_fn": [Interval(Real, 0, None, closed="left")],
     "prevalence": [Interval(Real, 0, 1, closed="both"), None]},
    prefer_skip_nested_validation=True,
)
@array_api_boundary()
def expected_cost(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    cost_fp: float = 1.0,
    cost_fn: float = 1.0,
    prevalence: float | None = None,
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
) -> Bunch:
    """The lowest expected cost per sample over thresholds, at one operating condition.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
    y_score : array-like of shape (n_samples,)
    cost_fp, cost_fn : float >= 0, default=1
        Cost of a false positive and of a false negative (not both 0).
    prevalence : float in [0, 1], default=None
        Share of positives where the classifier will be used (default: the data's).
    pos_label : int, float, bool or str, default=None
    sample_weight : array-like of shape (n_samples,), default=None

    Returns
    -------
    result : :class:`~sklearn.utils.Bunch`
        ``expected_cost`` (per sample, in the costs' unit), ``normalized_expected_cost``
        (divided by its largest possible value, as on the cost curve),
        ``probability_cost``, and the ``threshold`` achieving it with its ``fpr`` and
        ``tpr`` (a vertex of the ROC convex hull; predict positive for scores at or
        above it; ``inf``: predict nothing positive).

    References
    ----------
    .. [1] C. Drummond and R. C. Holte, Machine Learning 65(1), 2006.

    Examples
    --------
    >>> from sklearn_prcurves import expected_cost
    >>> result = expected_cost([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], cost_fn=5)
    >>> result.threshold, round(result.expected_cost, 4)
    (0.35, 0.25)
    """
    if cost_fp == 0 and cost_fn == 0:
        raise ValueError("cost_fp and cost_fn cannot both be 0.")
    table = two_class_table(y_true, y_score, pos_label, sample_weight)
    return table_expected_cost(table, cost_fp, cost_fn, prevalence)

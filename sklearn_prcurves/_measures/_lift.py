"""Cumulative gains, lift and the Kolmogorov-Smirnov statistic: the everyday tools of
credit scoring and marketing, from the counting kernel's table (ties and weights as
in every other curve of the package)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import ArrayLike

from .._base._array_api import array_api_boundary
from .._base._compat import validate_params
from .._table._entry import BINARY_PARAMS, two_class_table
from .._table._exact import exact_argmax, fractions

if TYPE_CHECKING:
    from sklearn.utils import Bunch

__all__ = ["cumulative_gain_curve", "ks_statistic", "lift_curve"]


def table_cumulative_gain(table):
    total = table.n_pos + table.n_neg
    targeted = np.concatenate([[0.0], (table.tps + table.fps) / total])
    gain = np.concatenate([[0.0], table.tps / table.n_pos])
    return targeted, gain, np.concatenate([[np.inf], table.thresholds.astype(np.float64)])


@validate_params(BINARY_PARAMS, prefer_skip_nested_validation=True)
@array_api_boundary()
def cumulative_gain_curve(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Cumulative gains: the share of positives captured by targeting the top-scored
    share of the population.

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
    targeted : ndarray of shape (n_thresholds + 1,)
        Share of the population scored at or above each threshold, from 0 to 1.
    gain : ndarray of shape (n_thresholds + 1,)
        Share of the positives among them (the recall), from 0 to 1.
    thresholds : ndarray of shape (n_thresholds + 1,)
        Decreasing; ``inf`` first (nobody targeted).

    See Also
    --------
    lift_curve, ks_statistic

    Examples
    --------
    >>> from sklearn_prcurves import cumulative_gain_curve
    >>> targeted, gain, _ = cumulative_gain_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> targeted
    array([0.  , 0.25, 0.5 , 0.75, 1.  ])
    >>> gain
    array([0. , 0.5, 0.5, 1. , 1. ])
    """
    return table_cumulative_gain(two_class_table(y_true, y_score, pos_label, sample_weight))


@validate_params(BINARY_PARAMS, prefer_skip_nested_validation=True)
@array_api_boundary()
def lift_curve(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Lift: how many times the prevalence the precision of the top-scored share is.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
    y_score : array-like of shape (n_samples,)
    pos_label : int, float, bool or str, default=None
    sample_weight : array-like of shape (n_samples,), default=None

    Returns
    -------
    targeted : ndarray of shape (n_thresholds,)
        Share of the population scored at or above each threshold (increasing to 1).
    lift : ndarray of shape (n_thresholds,)
        ``precision / prevalence`` there (1 when everything is targeted).
    thresholds : ndarray of shape (n_thresholds,)

    Examples
    --------
    >>> from sklearn_prcurves import lift_curve
    >>> targeted, lift, _ = lift_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> lift
    array([2.        , 1.        , 1.33333333, 1.        ])
    """
    table = two_class_table(y_true, y_score, pos_label, sample_weight)
    total = table.n_pos + table.n_neg
    predicted = table.tps + table.fps
    # Recall times total over predicted: ratios of like counts, so no class's share of
    # the total (1e-600 where 1e-300 and 1e300 meet) is formed. With no positive
    # predicted the lift is 0 however little is targeted; a lift past the float range
    # is inf.
    lift = np.zeros(predicted.shape[0])
    hit = np.flatnonzero(table.tps > 0)
    with np.errstate(over="ignore", under="ignore", invalid="ignore"):
        lift[hit] = (table.tps[hit] / table.n_pos) * (total / predicted[hit])
    lost = hit[~(np.isfinite(lift[hit]) & (lift[hit] > 0))]
    if lost.shape[0]:
        # A factor under or over the float range (1e-300 beside 1e300): from the
        # logarithms of the four counts, every one of them positive.
        with np.errstate(over="ignore"):
            lift[lost] = np.exp(np.log(table.tps[lost]) - np.log(table.n_pos)
                                + np.log(total) - np.log(predicted[lost]))
    return predicted / total, lift, table.thresholds


def ks_fields(table):
    """The Kolmogorov-Smirnov statistic of a two-class table: ``{"statistic",
    "threshold", "tpr", "fpr"}``."""
    difference = table.tps / table.n_pos - table.fps / table.n_neg
    n_pos, n_neg = Fraction(float(table.n_pos)), Fraction(float(table.n_neg))
    # Ties between thresholds go to the highest: compared exactly, not as rounded.
    best = exact_argmax(difference, lambda at: [
        t / n_pos - f / n_neg for t, f in zip(fractions(table.tps, at),
                                               fractions(table.fps, at))])
    return {"statistic": float(difference[best]), "threshold": float(table.thresholds[best]),
            "tpr": float(table.tps[best] / table.n_pos),
            "fpr": float(table.fps[best] / table.n_neg)}


def table_ks(table):
    """:func:`ks_fields` as scikit-learn's ``Bunch``."""
    from sklearn.utils import Bunch

    return Bunch(**ks_fields(table))


@validate_params(BINARY_PARAMS, prefer_skip_nested_validation=True)
@array_api_boundary()
def ks_statistic(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
) -> Bunch:
    """The Kolmogorov-Smirnov statistic: the largest gap between the score
    distributions of positives and negatives, with the threshold where it is reached.

    ``max over thresholds of TPR - FPR`` (Youden's J at its best). Ties between
    thresholds go to the highest one.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
    y_score : array-like of shape (n_samples,)
    pos_label : int, float, bool or str, default=None
    sample_weight : array-like of shape (n_samples,), default=None

    Returns
    -------
    result : :class:`~sklearn.utils.Bunch`
        ``statistic``, ``threshold`` (predict positive for scores at or above it),
        and the ``tpr`` and ``fpr`` there.

    Examples
    --------
    >>> from sklearn_prcurves import ks_statistic
    >>> result = ks_statistic([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> result.statistic, result.threshold
    (0.5, 0.8)
    """
    return table_ks(two_class_table(y_true, y_score, pos_label, sample_weight))

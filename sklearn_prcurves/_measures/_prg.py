"""Precision-recall-gain curves (Flach and Kull, NeurIPS 2015).

Precision and recall are rescaled so that the always-positive classifier sits at the
origin's opposite corner and random performance at zero:
``precision gain = 1 - (P / N) (FP / TP)`` and ``recall gain = 1 - (P / N) (FN / TP)``.
In PRG space straight lines between operating points are correct, F-score isolines
are straight, the baseline is universal and the area (AUPRG) is linear in the
expected F1 gain. The curve is drawn and measured for recall gain in [0, 1]: a point
is inserted where the curve enters at recall gain 0, on the ROC segment crossing
TP = P^2 / (P + N).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from .._base._array_api import array_api_boundary
from .._base._compat import validate_params
from .._base._undefined import warn_undefined
from .._table._entry import BINARY_PARAMS, two_class_table

__all__ = ["prg_auc_score", "prg_curve"]


# A few ulps of 1: the rounding of ``1 - (P / N) (FN / TP)`` near 0.
_GAIN_ROUNDING = 8 * np.finfo(np.float64).eps


def _gains(tp, fp, n_pos, n_neg):
    # (P / N) (FP / TP) is FPR / TPR: a ratio of rates, which neither overflows nor
    # underflows where classes weighing 1e300 and 1e-300 meet. The recall gain's
    # (P / N) (FN / TP) has no such form: a product that is 0 where FN is 0.
    fn = n_pos - tp
    with np.errstate(divide="ignore", invalid="ignore", over="ignore", under="ignore"):
        precision_gain = 1.0 - (fp / n_neg) / (tp / n_pos)
        missed = np.where(fn > 0, (n_pos / n_neg) * (fn / tp), 0.0)
    return precision_gain, 1.0 - missed


def table_prg_curve(table):
    """``(precision_gain, recall_gain, thresholds)`` from recall gain 0 to 1."""
    n_pos, n_neg = table.n_pos, table.n_neg
    tp = np.concatenate([[0.0], table.tps])
    fp = np.concatenate([[0.0], table.fps])
    thresholds = np.concatenate([[np.inf], table.thresholds.astype(np.float64)])
    precision_gain, recall_gain = _gains(tp, fp, n_pos, n_neg)
    # A recall gain within its rounding of 0 is the point where the curve enters: its
    # sign would otherwise decide whether the curve has one point more (one ulp above
    # 0) or enters on the next segment (one below), and weights whose sums absorb the
    # small ones (1e17 beside 1) round it either way with the rows' order.
    recall_gain[np.abs(recall_gain) <= _GAIN_ROUNDING] = 0.0
    first = int(np.argmax(recall_gain >= 0))  # the last point has recall gain 1
    if recall_gain[first] > 0 and first > 0:
        # Enter at recall gain 0: TP = P^2 / (P + N) on the segment from the point
        # before, FP growing with TP along that ROC segment.
        d_tp, d_fp = tp[first] - tp[first - 1], fp[first] - fp[first - 1]
        entry = n_pos * (n_pos / (n_pos + n_neg))  # in ratio form: no overflow at any scale
        alpha = (entry - tp[first - 1]) / d_tp if d_tp > 0 else 0.5
        if tp[first - 1] == 0 and fp[first - 1] == 0:
            # From the origin precision is constant along the segment (and the entry's
            # TP may underflow to 0 at extreme class weights).
            entry_gain = precision_gain[first]
        else:
            entry_gain, _ = _gains(tp[first - 1] + alpha * d_tp,
                                   fp[first - 1] + alpha * d_fp, n_pos, n_neg)
            if np.isnan(entry_gain):
                # The entry's TP, P^2 / (P + N), is below the float range (classes
                # weighing 1e-300 and 1e300): its precision gain cannot be formed.
                warn_undefined(
                    "The precision gain where the PRG curve enters (recall gain 0) is not "
                    "representable at this class balance (the classes' weights differ by more "
                    "than the float range): NaN.")
        precision_gain = np.concatenate([[entry_gain], precision_gain[first:]])
        recall_gain = np.concatenate([[0.0], recall_gain[first:]])
        thresholds = thresholds[first:]
        thresholds = np.concatenate([thresholds[:1], thresholds])
    else:
        precision_gain, recall_gain = precision_gain[first:], recall_gain[first:]
        thresholds = thresholds[first:]
    return precision_gain, recall_gain, thresholds


def table_prg_auc(table):
    """:func:`prg_auc_score` of a counting table."""
    precision_gain, recall_gain, _ = table_prg_curve(table)
    return float(np.sum(np.diff(recall_gain) * (precision_gain[1:] + precision_gain[:-1]) / 2))


@validate_params(BINARY_PARAMS, prefer_skip_nested_validation=True)
@array_api_boundary()
def prg_curve(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Precision-recall-gain curve (Flach and Kull, 2015), for recall gain in [0, 1].

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
    precision_gain, recall_gain : ndarray of shape (n_points,)
        In increasing recall gain, from 0 (an inserted point where the curve enters)
        to 1 (everything predicted positive). Precision gain may be negative: the
        threshold does worse than the always-positive classifier.
    thresholds : ndarray of shape (n_points,)
        The score threshold of each point (the inserted point takes the threshold
        of the point after it).

    References
    ----------
    .. [1] P. Flach and M. Kull, "Precision-Recall-Gain Curves: PR Analysis Done
           Right", NeurIPS 2015.

    Examples
    --------
    >>> from sklearn_prcurves import prg_curve
    >>> precision_gain, recall_gain, _ = prg_curve([1, 1, 0, 0, 1, 0],
    ...                                            [0.8, 0.8, 0.6, 0.4, 0.4, 0.2])
    >>> recall_gain
    array([0. , 0.5, 0.5, 1. , 1. ])
    """
    table = two_class_table(y_true, y_score, pos_label, sample_weight)
    return table_prg_curve(table)


@validate_params(BINARY_PARAMS, prefer_skip_nested_validation=True)
@array_api_boundary()
def prg_auc_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
) -> float:
    """Area under the precision-recall-gain curve (AUPRG; Flach and Kull, 2015).

    The trapezoid area of :func:`prg_curve` over recall gain in [0, 1] (straight
    lines are correct in PRG space), counting precision gain below 0 as negative
    area. 1 for a perfect ranking, 0 for a random one (all scores tied).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
    y_score : array-like of shape (n_samples,)
    pos_label : int, float, bool or str, default=None
    sample_weight : array-like of shape (n_samples,), default=None

    Returns
    -------
    auprg : float

    References
    ----------
    .. [1] P. Flach and M. Kull, "Precision-Recall-Gain Curves: PR Analysis Done
           Right", NeurIPS 2015.

    Examples
    --------
    >>> from sklearn_prcurves import prg_auc_score
    >>> prg_auc_score([1, 1, 0, 0], [0.9, 0.8, 0.2, 0.1])
    1.0
    >>> prg_auc_score([1, 0, 1, 0], [0.5, 0.5, 0.5, 0.5])
    0.0
    """
    table = two_class_table(y_true, y_score, pos_label, sample_weight)
    return table_prg_auc(table)

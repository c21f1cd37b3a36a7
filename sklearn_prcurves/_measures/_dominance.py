"""The paper's two theorems as functions: ROC and PR points mapped into each other,
and one curve's dominance over another.

Davis and Goadrich (2006): for fixed numbers of positives P and negatives N, every ROC
point with TPR > 0 is one PR point and back (Theorem 3.1); one curve dominates another
in ROC space if and only if it does in PR space (Theorem 3.2).
"""

from __future__ import annotations

from numbers import Real

import numpy as np
from numpy.typing import ArrayLike

from .._base._array_api import array_api_boundary
from .._base._compat import StrOptions, validate_params
from .._base._undefined import warn_undefined
from .._table._entry import two_class_table
from ._interpolation import table_path

__all__ = ["compare_curves", "curve_dominates", "pr_to_roc", "roc_to_pr"]



@validate_params(
    {
        "fpr": ["array-like"],
        "tpr": ["array-like"],
        "n_pos": [Real],
        "n_neg": [Real],
    },
    prefer_skip_nested_validation=True,
)
@array_api_boundary()
def roc_to_pr(
    fpr: ArrayLike,
    tpr: ArrayLike,
    *,
    n_pos: float,
    n_neg: float,
) -> tuple[np.ndarray, np.ndarray]:
    """Map ROC points to PR points for given class totals (Theorem 3.1).

    With P positives and N negatives, the ROC point (FPR, TPR) has TP = TPR * P and
    FP = FPR * N, hence recall = TPR and precision = TP / (TP + FP). The map is one to
    one on points with TPR > 0; at TPR = 0 precision is undefined and returned as NaN
    (with an :class:`~sklearn.exceptions.UndefinedMetricWarning`).

    Parameters
    ----------
    fpr, tpr : array-like of shape (n_points,)
        ROC points.
    n_pos, n_neg : float
        Total (weight of) positives P and negatives N.

    Returns
    -------
    precision, recall : ndarray of shape (n_points,)

    See Also
    --------
    pr_to_roc

    References
    ----------
    .. [1] J. Davis and M. Goadrich, "The Relationship Between Precision-Recall and
           ROC Curves", ICML 2006, Theorem 3.1.

    Examples
    --------
    >>> from sklearn_prcurves import roc_to_pr
    >>> roc_to_pr([0.0025, 0.015], [0.25, 0.5], n_pos=20, n_neg=2000)
    (array([0.5 , 0.25]), array([0.25, 0.5 ]))
    """
    fpr, tpr = _check_points(fpr, tpr, "fpr", "tpr", n_pos, n_neg)
    tp = tpr * n_pos
    if not np.all(tp > 0):
        warn_undefined("Precision is undefined at points with TPR = 0 and is set to NaN there.")
    with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
        precision = np.where(tp > 0, tp / (tp + fpr * n_neg), np.nan)
    return precision, tpr.copy()


@validate_params(
    {
        "precision": ["array-like"],
        "recall": ["array-like"],
        "n_pos": [Real],
        "n_neg": [Real],
    },
    prefer_skip_nested_validation=True,
)
@array_api_boundary()
def pr_to_roc(
    precision: ArrayLike,
    recall: ArrayLike,
    *,
    n_pos: float,
    n_neg: float,
) -> tuple[np.ndarray, np.ndarray]:
    """Map PR points back to ROC points for given class totals (Theorem 3.1).

    TP = recall * P and FP = TP (1 - precision) / precision, hence TPR = recall and
    FPR = FP / N. Points with recall 0 or precision 0 carry no information on FP and
    give NaN.

    Parameters
    ----------
    precision, recall : array-like of shape (n_points,)
        PR points.
    n_pos, n_neg : float
        Total (weight of) positives P and negatives N.

    Returns
    -------
    fpr, tpr : ndarray of shape (n_points,)

    See Also
    --------
    roc_to_pr

    References
    ----------
    .. [1] J. Davis and M. Goadrich, "The Relationship Between Precision-Recall and
           ROC Curves", ICML 2006, Theorem 3.1.

    Examples
    --------
    >>> from sklearn_prcurves import pr_to_roc
    >>> pr_to_roc([0.5, 0.25], [0.25, 0.5], n_pos=20, n_neg=2000)
    (array([0.0025, 0.015 ]), array([0.25, 0.5 ]))
    """
    precision, recall = _check_points(precision, recall, "precision", "recall", n_pos, n_neg)
    tp = recall * n_pos
    with np.errstate(invalid="ignore", divide="ignore"):
        fpr = np.where(
            (tp > 0) & (precision > 0), recall * ((1 - precision) / precision) * (n_pos / n_neg),
            np.nan,
        )
    # Rounding may carry a reachable point a hair past FPR 1; more is not a PR point of
    # these totals (it would need more negatives than there are).
    beyond = fpr > 1 + 1e-9
    if np.any(beyond):
        i = int(np.flatnonzero(beyond)[0])
        raise ValueError(
            f"precision {float(precision[i])!r} at recall {float(recall[i])!r} needs a false "
            f"positive rate of {fpr[i]:.6g} > 1: not reachable with n_pos={n_pos!r}, "
            f"n_neg={n_neg!r}."
        )
    return np.minimum(fpr, 1.0), recall.copy()


def _check_points(first, second, first_name, second_name, n_pos, n_neg):
    first = np.asarray(first, dtype=np.float64)
    second = np.asarray(second, dtype=np.float64)
    if first.ndim != 1 or first.shape != second.shape:
        raise ValueError(
            f"{first_name} and {second_name} must be 1-D arrays of the same length; got "
            f"shapes {first.shape} and {second.shape}."
        )
    for name, values in ((first_name, first), (second_name, second)):
        if np.any(~np.isfinite(values)) or np.any((values < 0) | (values > 1)):
            raise ValueError(f"{name} must hold finite values in [0, 1].")
    if not (n_pos > 0 and n_neg > 0):
        raise ValueError(f"n_pos and n_neg must be positive; got {n_pos} and {n_neg}.")
    return first, second


# Two models' scores for the same samples, compared in ROC or PR space.
_PAIR_PARAMS = {
    "y_true": ["array-like"],
    "y_score_a": ["array-like"],
    "y_score_b": ["array-like"],
    "space": [StrOptions({"roc", "pr"})],
    "pos_label": [Real, str, "boolean", None],
    "sample_weight": ["array-like", None],
}


@validate_params(_PAIR_PARAMS, prefer_skip_nested_validation=True)
@array_api_boundary()
def curve_dominates(
    y_true: ArrayLike,
    y_score_a: ArrayLike,
    y_score_b: ArrayLike,
    *,
    space: str = "roc",
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
) -> bool:
    """Whether model A's curve dominates model B's on the same samples.

    A dominates B when B's curve lies nowhere above A's (ties allowed). In ROC space
    the curves are joined by straight lines; in PR space by the exact interpolation of
    :func:`pr_curve` (``"continuous"``). Along that curve recall / precision =
    (TP + FP) / P is linear in recall, so comparing it at every breakpoint (from the
    left and from the right) decides dominance exactly, recall 0 included. By
    Theorem 3.2 the answer is the same in both spaces.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels. If labels are not in {-1, 1} or {0, 1}, ``pos_label``
        must be given.
    y_score_a, y_score_b : array-like of shape (n_samples,)
        Scores of the two models.
    space : {"roc", "pr"}, default="roc"
        Where to compare the curves.
    pos_label : int, float, bool or str, default=None
        The label of the positive class.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.

    Returns
    -------
    dominates : bool

    References
    ----------
    .. [1] J. Davis and M. Goadrich, "The Relationship Between Precision-Recall and
           ROC Curves", ICML 2006, Theorem 3.2.

    Examples
    --------
    >>> from sklearn_prcurves import curve_dominates
    >>> y = [0, 0, 1, 1]
    >>> curve_dominates(y, [0.1, 0.2, 0.3, 0.4], [0.1, 0.3, 0.2, 0.4])
    True
    >>> curve_dominates(y, [0.1, 0.3, 0.2, 0.4], [0.1, 0.2, 0.3, 0.4], space="pr")
    False
    """
    a, b = _dominance_paths(y_true, y_score_a, y_score_b, space, pos_label, sample_weight)
    return _dominates(a, b, space)


def _dominance_paths(y_true, y_score_a, y_score_b, space, pos_label, sample_weight):
    paths = []
    for y_score in (y_score_a, y_score_b):
        tp, fp, _ = table_path(two_class_table(y_true, y_score, pos_label, sample_weight))
        paths.append(_space_path(tp, fp, space))
    return paths


def _space_path(tp, fp, space):
    """ROC: TPR over FPR. PR: at each recall, the negatives predicted with it as FPR:
    at equal recall lower FPR is higher precision (the two curves share P and N), and
    unlike (TP + FP) / P it stays in [0, 1] whatever the weights' scales."""
    fpr, tpr = fp / fp[-1], tp / tp[-1]
    return (fpr, tpr) if space == "roc" else (tpr, fpr)


def _dominates(a, b, space):
    (x_a, v_a), (x_b, v_b) = a, b
    if space == "roc":
        return _covers(x_a, v_a, x_b, v_b, shift=_DOMINANCE_TOLERANCE, sign=1.0)
    # Higher precision is a lower (TP + FP) / P.
    return _covers(x_a, v_a, x_b, v_b, shift=-_DOMINANCE_TOLERANCE, sign=-1.0)


@validate_params(_PAIR_PARAMS, prefer_skip_nested_validation=True)
@array_api_boundary()
def compare_curves(
    y_true: ArrayLike,
    y_score_a: ArrayLike,
    y_score_b: ArrayLike,
    *,
    space: str = "roc",
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
) -> str:
    """Which of two models' curves dominates the other, or whether they cross.

    :func:`curve_dominates` both ways: ``"a"`` when A's curve dominates B's and not
    the reverse, ``"b"`` for the reverse, ``"equal"`` when each dominates the other
    (the same curve, up to rounding), ``"crossing"`` when neither does (each is better
    somewhere: the choice depends on the operating point). By Theorem 3.2 the answer
    is the same in ROC and PR space.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
    y_score_a, y_score_b : array-like of shape (n_samples,)
        Scores of the two models.
    space : {"roc", "pr"}, default="roc"
    pos_label : int, float, bool or str, default=None
    sample_weight : array-like of shape (n_samples,), default=None

    Returns
    -------
    relation : {"a", "b", "equal", "crossing"}

    References
    ----------
    .. [1] J. Davis and M. Goadrich, "The Relationship Between Precision-Recall and
           ROC Curves", ICML 2006, Theorem 3.2.

    Examples
    --------
    >>> from sklearn_prcurves import compare_curves
    >>> y = [0, 0, 1, 1, 0, 1]
    >>> compare_curves(y, [0.1, 0.2, 0.3, 0.4, 0.15, 0.5], [0.1, 0.3, 0.2, 0.4, 0.15, 0.5])
    'a'
    >>> # A ranks one positive first and the other last; B a negative first, then both.
    >>> compare_curves([1, 0, 0, 1], [0.9, 0.8, 0.7, 0.1], [0.5, 0.9, 0.3, 0.4])
    'crossing'
    """
    a, b = _dominance_paths(y_true, y_score_a, y_score_b, space, pos_label, sample_weight)
    a_over_b, b_over_a = _dominates(a, b, space), _dominates(b, a, space)
    if a_over_b and b_over_a:
        return "equal"
    if a_over_b:
        return "a"
    return "b" if b_over_a else "crossing"


# Weighted counts are rounded sums whose rounding depends on the order of summation,
# so one curve summed in two orders differs in the last bits, in position as well as
# in height. Curves are compared with this much slack in both directions.
_DOMINANCE_TOLERANCE = 1e-12


def _covers(x_a, v_a, x_b, v_b, shift, sign):
    """Whether curve A is nowhere worse than curve B, up to rounding.

    Both curves are piecewise linear through points ``(x, v)`` with ``x`` and ``v``
    non-decreasing (vertical runs allowed). ``sign`` is 1 when higher values are
    better, -1 when lower are. A is read at ``q + shift`` (a shift towards its better
    side by the tolerance), so that breakpoints a rounding apart do not count as a
    crossing. The difference of two such curves is linear between the breakpoints of
    both, so comparing left and right limits at those decides it exactly.
    """
    # Pairs of positions (on A, on B) a shift apart, at every breakpoint of either;
    # each curve's own breakpoints are read exactly where they are.
    q_a = np.clip(np.concatenate([x_a, x_b + shift]), x_a[0], x_a[-1])
    q_b = np.clip(np.concatenate([x_a - shift, x_b]), x_b[0], x_b[-1])
    left_a, right_a = _linear_limits(x_a, v_a, q_a)
    left_b, right_b = _linear_limits(x_b, v_b, q_b)
    slack_left = _DOMINANCE_TOLERANCE * (1.0 + np.abs(left_b))
    slack_right = _DOMINANCE_TOLERANCE * (1.0 + np.abs(right_b))
    return bool(
        np.all(sign * (left_a - left_b) >= -slack_left)
        and np.all(sign * (right_a - right_b) >= -slack_right)
    )


def _linear_limits(x, v, q):
    """Left and right limits at ``q`` of the curve through ``(x, v)`` (``x`` sorted)."""
    n = x.shape[0]
    left_i = np.searchsorted(x, q, side="left")  # first point at q, if any
    right_i = np.searchsorted(x, q, side="right") - 1  # last point at q, if any
    on_left = (left_i < n) & (x[np.minimum(left_i, n - 1)] == q)
    on_right = (right_i >= 0) & (x[np.maximum(right_i, 0)] == q)
    left = _on_or_between(x, v, q, left_i, left_i - 1, on_left)
    right = _on_or_between(x, v, q, right_i, right_i + 1, on_right)
    return left, right


def _on_or_between(x, v, q, at, other, on_point):
    """``v[at]`` where ``q`` is a point, else the line between points ``at`` and ``other``."""
    n = x.shape[0]
    i = np.clip(np.minimum(at, other), 0, n - 1)
    j = np.clip(np.maximum(at, other), 0, n - 1)
    with np.errstate(invalid="ignore", divide="ignore"):
        line = v[i] + (v[j] - v[i]) * (q - x[i]) / (x[j] - x[i])
    return np.where(on_point, v[np.clip(at, 0, n - 1)], line)

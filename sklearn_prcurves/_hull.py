"""The ROC convex hull, the achievable PR curve, and the paper's two theorems.

Davis and Goadrich (2006): for fixed numbers of positives P and negatives N, every ROC
point with TPR > 0 is one PR point and back (Theorem 3.1); one curve dominates another
in ROC space if and only if it does in PR space (Theorem 3.2); and the PR-space image
of the ROC convex hull, interpolated as in section 4, is the *achievable PR curve*
(Corollary 3.1), which dominates every curve through the same points.
"""

import warnings
from numbers import Real

import numpy as np

from ._compat import StrOptions, validate_params
from ._curves import BINARY_PARAMS, binary_table, two_class_table
from ._interpolation import INTERPOLATIONS, path_points, table_path
from ._validation import check_non_negative_weight
from .exceptions import UndefinedMetricWarning

__all__ = [
    "achievable_pr_curve",
    "curve_dominates",
    "pr_to_roc",
    "roc_convex_hull",
    "roc_to_pr",
]

# Vectorised pruning normally settles in a few passes; past this many, finish the
# (by then much shorter) path with a sequential monotone chain.
_MAX_PRUNING_PASSES = 64


def hull_vertices(fp, tp):
    """Indices of the upper convex hull of a path (origin first, last point last).

    ``fp`` and ``tp`` are non-decreasing. A point lying on or below the chord between
    its two neighbours is never a vertex of the upper hull, so all such points are
    removed at once, repeatedly, until none is left; collinear points go too.
    """
    idx = np.arange(fp.shape[0])
    for _ in range(_MAX_PRUNING_PASSES):
        if idx.shape[0] <= 2:
            return idx
        x, y = fp[idx], tp[idx]
        above = (y[1:-1] - y[:-2]) * (x[2:] - x[:-2]) > (y[2:] - y[:-2]) * (x[1:-1] - x[:-2])
        if above.all():
            return idx
        keep = np.ones(idx.shape[0], dtype=bool)
        keep[1:-1] = above
        idx = idx[keep]
    return idx[_monotone_chain(fp[idx], tp[idx])]


def _monotone_chain(x, y):
    """Andrew's monotone chain (upper hull) over points sorted by x then y."""
    stack = []
    for i in range(x.shape[0]):
        while len(stack) >= 2:
            o, a = stack[-2], stack[-1]
            if (y[a] - y[o]) * (x[i] - x[o]) > (y[i] - y[o]) * (x[a] - x[o]):
                break
            stack.pop()
        stack.append(i)
    return np.array(stack, dtype=np.intp)


def hull_path(table):
    """The table's path reduced to the vertices of its ROC convex hull."""
    tp, fp, thresholds = table_path(table)
    keep = hull_vertices(fp, tp)
    return tp[keep], fp[keep], thresholds[keep]


@validate_params(BINARY_PARAMS, prefer_skip_nested_validation=True)
def roc_convex_hull(y_true, y_score, *, pos_label=None, sample_weight=None):
    """Vertices of the ROC convex hull, in :func:`roc_curve`'s layout.

    The upper convex hull of the ROC points together with (0, 0) and (1, 1);
    collinear points are dropped. Every point on the hull is achievable by choosing
    between two thresholds at random (Provost and Fawcett), and its area is at least
    the area under the ROC curve.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels. If labels are not in {-1, 1} or {0, 1}, ``pos_label``
        must be given.
    y_score : array-like of shape (n_samples,)
        Scores; higher means more likely positive.
    pos_label : int, float, bool or str, default=None
        The label of the positive class.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.

    Returns
    -------
    fpr : ndarray of shape (n_vertices,)
        False positive rates of the vertices, increasing, from 0 to 1.
    tpr : ndarray of shape (n_vertices,)
        True positive rates of the vertices, increasing, from 0 to 1.
    thresholds : ndarray of float64, shape (n_vertices,)
        Score threshold of each vertex (predict positive when score >= threshold);
        ``inf`` for the origin.

    See Also
    --------
    roc_curve, achievable_pr_curve

    References
    ----------
    .. [1] J. Davis and M. Goadrich, "The Relationship Between Precision-Recall and
           ROC Curves", ICML 2006, section 3.
    .. [2] F. Provost and T. Fawcett, "Robust Classification for Imprecise
           Environments", Machine Learning 42(3), 2001.

    Examples
    --------
    >>> from sklearn_prcurves import roc_convex_hull
    >>> fpr, tpr, thresholds = roc_convex_hull([1, 0, 1], [0.8, 0.6, 0.4])
    >>> fpr, tpr
    (array([0., 0., 1.]), array([0. , 0.5, 1. ]))
    >>> fpr, tpr, thresholds = roc_convex_hull([1, 0, 1, 0], [0.8, 0.6, 0.4, 0.2])
    >>> fpr, tpr, thresholds
    (array([0. , 0. , 0.5, 1. ]), array([0. , 0.5, 1. , 1. ]), array([inf, 0.8, 0.4, 0.2]))
    """
    if sample_weight is not None:
        check_non_negative_weight(np.asarray(sample_weight))
    tp, fp, thresholds = hull_path(binary_table(y_true, y_score, pos_label, sample_weight))
    return _rates(fp, fp[-1], "negative"), _rates(tp, tp[-1], "positive"), thresholds


def _rates(counts, total, kind):
    if total <= 0:
        warnings.warn(
            f"No {kind} samples in y_true, the convex hull is not defined.",
            UndefinedMetricWarning,
        )
        return np.full(counts.shape, np.nan)
    return counts / total


@validate_params(
    {**BINARY_PARAMS, "interpolation": [StrOptions(set(INTERPOLATIONS))]},
    prefer_skip_nested_validation=True,
)
def achievable_pr_curve(
    y_true, y_score, *, interpolation="davis-goadrich", pos_label=None, sample_weight=None
):
    """The achievable precision-recall curve (Davis and Goadrich, Corollary 3.1).

    The vertices of the ROC convex hull mapped into PR space and interpolated between
    them as in :func:`pr_curve`. It keeps exactly the operating points the hull keeps
    and dominates every other curve through the same points. Choosing its thresholds
    on the data being evaluated is optimistic: learn them on tuning data and apply
    them to test data.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels. If labels are not in {-1, 1} or {0, 1}, ``pos_label``
        must be given.
    y_score : array-like of shape (n_samples,)
        Scores; higher means more likely positive.
    interpolation : {"davis-goadrich", "continuous", "linear", "step"}, \
            default="davis-goadrich"
        How hull vertices are joined; see :func:`pr_curve`.
    pos_label : int, float, bool or str, default=None
        The label of the positive class.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.

    Returns
    -------
    precision, recall : ndarray of shape (n_points,)
        The curve, in increasing recall, from recall 0 to recall 1.
    thresholds : ndarray of float64, shape (n_points,)
        Score threshold reached at each point (``inf`` at recall 0).

    See Also
    --------
    roc_convex_hull, pr_curve, achievable_pr_auc_score

    References
    ----------
    .. [1] J. Davis and M. Goadrich, "The Relationship Between Precision-Recall and
           ROC Curves", ICML 2006, section 3.

    Examples
    --------
    >>> from sklearn_prcurves import achievable_pr_curve
    >>> precision, recall, _ = achievable_pr_curve([1, 0, 1], [0.8, 0.6, 0.4])
    >>> recall
    array([0. , 0.5, 1. ])
    >>> precision
    array([1.        , 1.        , 0.66666667])
    """
    table = two_class_table(y_true, y_score, pos_label, sample_weight)
    return path_points(*hull_path(table), interpolation)


@validate_params(
    {
        "fpr": ["array-like"],
        "tpr": ["array-like"],
        "n_pos": [Real],
        "n_neg": [Real],
    },
    prefer_skip_nested_validation=True,
)
def roc_to_pr(fpr, tpr, *, n_pos, n_neg):
    """Map ROC points to PR points for given class totals (Theorem 3.1).

    With P positives and N negatives, the ROC point (FPR, TPR) has TP = TPR * P and
    FP = FPR * N, hence recall = TPR and precision = TP / (TP + FP). The map is one to
    one on points with TPR > 0; at TPR = 0 precision is undefined and returned as NaN.

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
    with np.errstate(invalid="ignore", divide="ignore"):
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
def pr_to_roc(precision, recall, *, n_pos, n_neg):
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
        fp = np.where((tp > 0) & (precision > 0), tp * (1 - precision) / precision, np.nan)
    return fp / n_neg, recall.copy()


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


@validate_params(
    {
        "y_true": ["array-like"],
        "y_score_a": ["array-like"],
        "y_score_b": ["array-like"],
        "space": [StrOptions({"roc", "pr"})],
        "pos_label": [Real, str, "boolean", None],
        "sample_weight": ["array-like", None],
    },
    prefer_skip_nested_validation=True,
)
def curve_dominates(
    y_true, y_score_a, y_score_b, *, space="roc", pos_label=None, sample_weight=None
):
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
    paths = []
    for y_score in (y_score_a, y_score_b):
        tp, fp, _ = table_path(two_class_table(y_true, y_score, pos_label, sample_weight))
        paths.append((tp, fp))
    (tp_a, fp_a), (tp_b, fp_b) = paths
    if space == "roc":
        x_a, x_b = fp_a / fp_a[-1], fp_b / fp_b[-1]
        values = (lambda q: _roc_limits(x_a, tp_a / tp_a[-1], q)), (
            lambda q: _roc_limits(x_b, tp_b / tp_b[-1], q)
        )
    else:
        x_a, x_b = tp_a / tp_a[-1], tp_b / tp_b[-1]
        # Higher precision is a lower (TP + FP) / P: compare with the sign flipped.
        values = (lambda q: _negated(_pr_load_limits(tp_a, fp_a, q))), (
            lambda q: _negated(_pr_load_limits(tp_b, fp_b, q))
        )
    breakpoints = np.union1d(x_a, x_b)
    (left_a, right_a), (left_b, right_b) = values[0](breakpoints), values[1](breakpoints)
    tol = 1e-12
    return bool(np.all(left_a >= left_b - tol) and np.all(right_a >= right_b - tol))


def _negated(limits):
    return tuple(-x for x in limits)


def _limits(x, q, value_at, between):
    """Left and right limits at ``q`` of a curve through points ``x`` (non-decreasing)."""
    n = x.shape[0]
    left_i = np.searchsorted(x, q, side="left")  # first point at q, if any
    right_i = np.searchsorted(x, q, side="right") - 1  # last point at q, if any
    left = np.empty(q.shape[0])
    right = np.empty(q.shape[0])
    on_left = (left_i < n) & (x[np.minimum(left_i, n - 1)] == q)
    left[on_left] = value_at(left_i[on_left])
    off = ~on_left
    left[off] = between(left_i[off] - 1, left_i[off], q[off])
    on_right = (right_i >= 0) & (x[np.maximum(right_i, 0)] == q)
    right[on_right] = value_at(right_i[on_right])
    off = ~on_right
    right[off] = between(right_i[off], right_i[off] + 1, q[off])
    return left, right


def _roc_limits(fpr, tpr, q):
    def between(i, j, q):
        return tpr[i] + (tpr[j] - tpr[i]) * (q - fpr[i]) / (fpr[j] - fpr[i])

    return _limits(fpr, q, lambda i: tpr[i], between)


def _pr_load_limits(tp, fp, q):
    """Limits of r / precision = (TP + FP) / P at recalls ``q`` along the PR curve.

    Along the exactly interpolated curve, TP = r P and FP grows linearly with TP, so
    (TP + FP) / P is linear in recall between breakpoints; for r > 0 a lower value
    means a higher precision. Comparing it (rather than precision, which is 0 at
    recall 0 for every curve that starts with negatives) makes the check exact at
    recall 0 too. A segment from the origin has constant precision: its value is
    r / p_B, which is 0 at recall 0.
    """
    n_pos = tp[-1]
    recall = tp / n_pos
    load = (tp + fp) / n_pos

    def between(i, j, q):
        return load[i] + (load[j] - load[i]) * (q - recall[i]) / (recall[j] - recall[i])

    return _limits(recall, q, lambda i: load[i], between)

"""Two-way partial area under the ROC curve.

scikit-learn's ``roc_auc_score(max_fpr=...)`` restricts the false positive rate only.
Screening and retrieval need the part of the ROC curve where the true positive rate is
high as well as the false positive rate low (Yang et al., "A two-way partial AUC",
2019); scikit-learn issue #11668. Here the region is any box of FPR and TPR ranges,
computed from the counting kernel's table in closed form.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
from numpy.typing import ArrayLike

from .._base._array_api import array_api_boundary
from .._base._compat import validate_params
from .._base._undefined import warn_undefined
from .._base._validation import check_range
from .._table._entry import BINARY_PARAMS, two_class_table
from ._interpolation import table_path

__all__ = ["partial_roc_auc_score"]


def _clipped_area(x0, x1, y0, y1, low, high):
    """Integral over [x0, x1] of clip(y, low, high) - low, y linear from y0 to y1."""
    width = x1 - x0
    out = np.zeros_like(width)
    flat = y1 == y0
    out[flat] = width[flat] * (np.clip(y0[flat], low, high) - low)
    rising = ~flat
    if not rising.any():
        return out
    a, b, w = y0[rising], y1[rising], width[rising]

    def primitive(y):  # G(y) = integral from -inf of clip(t, low, high) - low
        inside = np.clip(y, low, high)
        return (inside - low) ** 2 / 2 + (high - low) * np.maximum(y - high, 0)

    # The mean of a clipped linear function over the segment: (G(b) - G(a)) / (b - a).
    # Where the segment stays in one regime the mean is the value at its midpoint,
    # which avoids dividing a difference of nearly equal numbers.
    one_regime = ((a >= high) | (b <= low) | ((a >= low) & (b <= high)))
    mean = np.where(
        one_regime,
        np.clip((a + b) / 2, low, high) - low,
        (primitive(b) - primitive(a)) / np.where(one_regime, 1.0, b - a),
    )
    out[rising] = w * mean
    return out


def path_partial_roc_area(fpr, tpr, fpr_range, tpr_range):
    """The box's area under a ROC path (or a piece of one: pieces add up)."""
    f0, f1 = fpr_range
    t0, t1 = tpr_range
    # Each segment restricted to [f0, f1] (ties are straight segments; vertical steps
    # have no width).
    x0, x1 = np.maximum(fpr[:-1], f0), np.minimum(fpr[1:], f1)
    keep = x1 > x0
    xa, xb = fpr[:-1][keep], fpr[1:][keep]
    ya, yb = tpr[:-1][keep], tpr[1:][keep]
    lo, hi = x0[keep], x1[keep]
    # TPR at the cut points as a fraction of the segment (the slope itself overflows
    # on a segment too narrow for its rise).
    run, rise = xb - xa, yb - ya
    return float(np.sum(_clipped_area(lo, hi, ya + rise * ((lo - xa) / run),
                                      ya + rise * ((hi - xa) / run), t0, t1)))


def table_partial_roc_auc(table, fpr_range=(0.0, 1.0), tpr_range=(0.0, 1.0),
                          standardized=False):
    """:func:`partial_roc_auc_score` of a counting table."""
    tp, fp, _ = table_path(table)
    area = path_partial_roc_area(fp / fp[-1], tp / tp[-1], fpr_range, tpr_range)
    if not standardized:
        return area
    f0, f1 = fpr_range
    t0, t1 = tpr_range
    # McClish's standardisation, on the same box: 0.5 (P + A - 2 D) / (P - D), 0.5 for
    # the diagonal D, 1 for a perfect classifier P (scikit-learn's max_fpr correction
    # when the TPR range is [0, 1]). The box's part above the diagonal, P - D, is
    # formed exactly: for a narrow box it is far smaller than P and D (5e-19 beside
    # 1e-9 for (1 - 1e-9, 1)), which the floats would keep only to their leading digits.
    box = [Fraction(v) for v in (f0, f1, t0, t1)]
    diagonal = _exact_clipped(box[0], box[1], box[0], box[1], box[2], box[3])
    above = (box[1] - box[0]) * (box[3] - box[2]) - diagonal
    if above == 0:
        warn_undefined("The diagonal fills this box, so the standardized partial AUC-ROC "
                       "(McClish) is not defined: NaN.")
        return np.nan
    # P + A - 2 D: where it is far smaller than its terms (a curve along the diagonal
    # in a narrow box), the floats keep only its leading digits; then recomputed
    # exactly over the box's few segments.
    numerator = float(above) + (area - float(diagonal))
    if abs(numerator) < _CANCELLING * (float(above) + area + float(diagonal)):
        exact = _exact_standardized(fp / fp[-1], tp / tp[-1], fpr_range, tpr_range)
        if exact is not None:
            return exact
    return 0.5 * numerator / float(above)


# Below this share of its terms, the standardisation's numerator is recomputed exactly.
_CANCELLING = 1e-6
# Segments in the box past which the exact recomputation is not attempted.
_EXACT_SEGMENTS = 4096


def _exact_standardized(fpr, tpr, fpr_range, tpr_range):
    """The standardized partial AUC in rational arithmetic over the path's points (each
    float is a fraction), or None when the box holds too many segments for it."""
    f0, f1 = (Fraction(v) for v in fpr_range)
    t0, t1 = (Fraction(v) for v in tpr_range)
    first = max(int(np.searchsorted(fpr, float(f0), side="right")) - 1, 0)
    last = min(int(np.searchsorted(fpr, float(f1), side="left")) + 1, fpr.shape[0])
    if last - first > _EXACT_SEGMENTS:
        return None
    xs = [Fraction(float(v)) for v in fpr[first:last]]
    ys = [Fraction(float(v)) for v in tpr[first:last]]
    area = Fraction(0)
    for xa, ya, xb, yb in zip(xs, ys, xs[1:], ys[1:]):
        lo, hi = max(xa, f0), min(xb, f1)
        if hi > lo:
            at = lambda x: ya + (yb - ya) * (x - xa) / (xb - xa)  # noqa: E731
            area += _exact_clipped(lo, hi, at(lo), at(hi), t0, t1)
    diagonal = _exact_clipped(f0, f1, f0, f1, t0, t1)
    perfect = (f1 - f0) * (t1 - t0)
    return float((perfect + area - 2 * diagonal) / (2 * (perfect - diagonal)))


def _exact_clipped(x0, x1, y0, y1, low, high):
    """Integral over [x0, x1] of clip(y, low, high) - low, y linear from y0 to y1, in
    fractions: the interval cut where y crosses ``low`` or ``high``."""
    cuts = [x0, x1]
    if y1 != y0:
        for level in (low, high):
            x = x0 + (level - y0) * (x1 - x0) / (y1 - y0)
            if x0 < x < x1:
                cuts.append(x)
    cuts.sort()
    total = Fraction(0)
    for a, b in zip(cuts, cuts[1:]):
        y_a = y0 + (y1 - y0) * (a - x0) / (x1 - x0)
        y_b = y0 + (y1 - y0) * (b - x0) / (x1 - x0)
        clip_a, clip_b = min(max(y_a, low), high), min(max(y_b, low), high)
        total += (b - a) * ((clip_a + clip_b) / 2 - low)
    return total


@validate_params(
    {**BINARY_PARAMS, "fpr_range": ["array-like"], "tpr_range": ["array-like"],
     "standardized": ["boolean"]},
    prefer_skip_nested_validation=True,
)
@array_api_boundary()
def partial_roc_auc_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    fpr_range: tuple[float, float] = (0.0, 1.0),
    tpr_range: tuple[float, float] = (0.0, 1.0),
    standardized: bool = False,
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
) -> float:
    """Area under the ROC curve inside a box of false and true positive rates.

    The area of the region ``fpr_range[0] <= FPR <= fpr_range[1]``,
    ``tpr_range[0] <= TPR <= min(ROC(FPR), tpr_range[1])``: the part of the area under
    the ROC curve that lies in the box. ``fpr_range=(0, a)`` alone is scikit-learn's
    partial AUC before standardisation; adding ``tpr_range=(b, 1)`` gives the two-way
    partial AUC of Yang et al. (2019), the area where the model is both specific and
    sensitive enough. ``roc_auc_score(max_fpr=...)`` is unchanged.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels.
    y_score : array-like of shape (n_samples,)
        Scores; higher means more likely positive.
    fpr_range : (float, float), default=(0, 1)
        Range of false positive rates.
    tpr_range : (float, float), default=(0, 1)
        Range of true positive rates.
    standardized : bool, default=False
        McClish's standardisation on the same box: 0.5 for a random classifier (the
        diagonal), 1 for a perfect one. With ``tpr_range=(0, 1)`` and
        ``fpr_range=(0, a)`` it equals ``roc_auc_score(max_fpr=a)``.
    pos_label : int, float, bool or str, default=None
    sample_weight : array-like of shape (n_samples,), default=None

    Returns
    -------
    area : float
        At most ``(fpr_range[1] - fpr_range[0]) * (tpr_range[1] - tpr_range[0])``.

    See Also
    --------
    roc_auc_score : ``max_fpr`` gives the standardised FPR-only partial area.

    References
    ----------
    .. [1] D. K. McClish, "Analyzing a portion of the ROC curve", Medical Decision
           Making 9(3), 1989.
    .. [2] H. Yang, K. Lu, X. Lyu and F. Hu, "Two-way partial AUC and its properties",
           Statistical Methods in Medical Research 28(1), 2019.
    .. [3] J. Davis and M. Goadrich, "The Relationship Between Precision-Recall and
           ROC Curves", ICML 2006.

    Examples
    --------
    >>> from sklearn_prcurves import partial_roc_auc_score
    >>> y, scores = [0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.5, 0.9]
    >>> round(partial_roc_auc_score(y, scores, fpr_range=(0, 0.5)), 4)
    0.3333
    >>> round(partial_roc_auc_score(y, scores, fpr_range=(0, 0.5), tpr_range=(0.5, 1)), 4)
    0.0833
    """
    fpr_range = check_range(fpr_range, "fpr_range")
    tpr_range = check_range(tpr_range, "tpr_range")
    table = two_class_table(y_true, y_score, pos_label, sample_weight)
    return table_partial_roc_auc(table, fpr_range, tpr_range, standardized)


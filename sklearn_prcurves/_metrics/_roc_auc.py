"""AUC-ROC's arithmetic, in one place: every reading of the area under a ROC curve.

- :func:`table_roc_auc` (and :func:`trapezoid_area`, :func:`roc_area` under it):
  scikit-learn's trapezoids on the rates of the ROC curve's kept points, the floats of
  :func:`~sklearn.metrics.roc_auc_score`; the drop-in, the summaries, DeLong's estimates
  and the torchmetrics metrics read the area so.
- :func:`normalized_trapezoid`: the same trapezoids with the rates formed first, for a
  table held in pieces (each piece's share summed after the ones before it: the one-shot
  floats to their rounding).
- :func:`placements`: DeLong's V10, whose mean over a table's positives is the same area
  (Mann and Whitney), read where each positive's share is needed: DeLong's variance, the
  grouped AUC, the 'samples' average. The bootstrap's batched rows
  (:mod:`~sklearn_prcurves._inference._resampling`) keep a form of their own for speed, tested
  against :func:`table_roc_auc`.
"""

from __future__ import annotations

import numpy as np

from .._base._array_api import NUMPY, device_of, namespace_and_device
from ._curves import table_roc

__all__ = ["normalized_trapezoid", "placements", "roc_area", "table_roc_auc",
           "trapezoid_area"]



_TRAPEZOID_CHUNK = 2**16


def normalized_trapezoid(tp, fp, n_pos, n_neg, first=None):
    """The ROC area under the path ``(fp, tp)`` (from ``first``, ``(tp, fp)``, if given):
    rates first, so that weights of any scale (1e-300 or 1e300) neither underflow nor
    overflow in the products."""
    if first is None:
        first, tp, fp = (tp[0], fp[0]), tp[1:], fp[1:]
    area = 0.0
    # In chunks: path-sized temporaries cost more to fault in than the arithmetic.
    for start in range(0, tp.shape[0], _TRAPEZOID_CHUNK):
        rows = slice(start, start + _TRAPEZOID_CHUNK)
        tpr = np.concatenate([[first[0]], tp[rows]]) / n_pos
        fpr = np.concatenate([[first[1]], fp[rows]]) / n_neg
        heights = tpr[1:] + tpr[:-1]
        heights *= np.subtract(fpr[1:], fpr[:-1], out=tpr[1:])
        area += float(np.sum(heights))
        first = (tp[rows][-1], fp[rows][-1])
    return area / 2


def trapezoid_area(x, y):
    """scikit-learn's trapezoids under points ``(x, y)``, x monotonic, in the points'
    namespace."""
    if x.shape[0] < 2:
        raise ValueError(
            "At least 2 points are needed to compute area under curve, but x.shape = %s"
            % x.shape
        )
    xp = NUMPY if isinstance(x, np.ndarray) else namespace_and_device(x, y)[0]
    direction = 1
    dx = x[1:] - x[:-1]  # (np.diff, operation for operation)
    if bool(xp.any(dx < 0)):
        if bool(xp.all(dx <= 0)):
            direction = -1
        else:
            raise ValueError("x is neither increasing nor decreasing : {}.".format(x))
    if xp is not NUMPY or (x.ndim == 1 and y.ndim == 1 and x.dtype == xp.float64
                           and y.dtype == xp.float64 and x.shape == y.shape):
        # scipy's trapezoid, operation for operation (its widths are this dx) and in
        # the points' dtype, without its set-up: it costs more than the sum below 1e4
        # points. (Other namespaces: their points, of one dtype, are checked already.)
        return float(direction * xp.sum(dx * (y[1:] + y[:-1]) / 2.0))
    from scipy.integrate import trapezoid

    area = direction * trapezoid(y, x)
    if isinstance(area, np.memmap):
        area = area.dtype.type(area)
    return float(area)


def table_roc_auc(table, max_fpr=None):
    """:func:`roc_auc_score` of a counting table with both classes."""
    fpr, tpr, _ = table_roc(table, thresholds=False)
    return roc_area(fpr, tpr, max_fpr)


def roc_area(fpr, tpr, max_fpr=None):
    """scikit-learn's area under ROC points; with ``max_fpr`` in (0, 1), McClish's
    standardised partial area up to it (the curve closed by a point at ``max_fpr`` on
    the segment crossing it, NumPy's ``interp`` of that segment)."""
    if max_fpr is None or max_fpr == 1:
        return trapezoid_area(fpr, tpr)
    xp = NUMPY if isinstance(fpr, np.ndarray) else namespace_and_device(fpr)[0]
    # (searchsorted, "right"; another namespace compares with Python floats only)
    stop = int(xp.sum(xp.astype(fpr <= (max_fpr if xp is NUMPY else float(max_fpr)),
                                xp.int64)))
    x_interp = [float(fpr[stop - 1]), float(fpr[stop])]
    y_interp = [float(tpr[stop - 1]), float(tpr[stop])]
    closing = xp.asarray([np.interp(max_fpr, x_interp, y_interp), max_fpr],
                         dtype=xp.float64, device=device_of(fpr))
    tpr = xp.concat([tpr[:stop], closing[:1]])
    fpr = xp.concat([fpr[:stop], closing[1:]])
    partial_auc = trapezoid_area(fpr, tpr)

    # McClish correction: 0.5 for a non-discriminant model, 1 for a perfect one.
    min_area = 0.5 * max_fpr**2
    max_area = max_fpr
    return 0.5 * (1 + (partial_auc - min_area) / (max_area - min_area))


def placements(neg, neg_below, n_neg, in_place=False):
    """DeLong's placements (V10) of the distinct scores of one count table, or of
    several stacked (``n_neg``: each score's own table's): the share of its table's
    negatives a positive there outranks, ties counted half, ``(neg_below + neg / 2) /
    n_neg``. A table's AUC-ROC is its positives' mean placement (Mann and Whitney):
    the one form of DeLong's components, the grouped AUCs and the rows' 'samples'
    average. Any array namespace. ``in_place``: written over ``neg_below`` (a NumPy
    array the caller owns) as ``(2 neg_below + neg) / (2 n_neg)``, the same floats (a
    factor of two rounds as nothing), without a fresh array: at a million scores one
    costs more in page faults than the arithmetic."""
    if in_place and 2.0 * float(n_neg) < float("inf"):
        neg_below *= 2
        neg_below += neg
        neg_below /= 2.0 * n_neg
        return neg_below
    return (neg_below + neg / 2) / n_neg

"""The ROC convex hull and the achievable PR curve.

Davis and Goadrich (2006): the PR-space image of the ROC convex hull, interpolated as
in section 4, is the *achievable PR curve* (Corollary 3.1), which dominates every curve
through the same points. The paper's two theorems, read as functions, are in
:mod:`~sklearn_prcurves._measures._dominance`.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
from numpy.typing import ArrayLike

from .._base._array_api import array_api_boundary, namespace_and_device, to_numpy, where
from .._base._compat import StrOptions, validate_params
from .._base._undefined import warn_undefined
from .._table._entry import BINARY_PARAMS, measure_table, two_class_table
from .._table._prevalence import PREVALENCE
from ._interpolation import INTERPOLATIONS, path_area, path_points

__all__ = ["achievable_pr_curve", "roc_convex_hull"]

# Vectorised pruning normally settles in a few passes; past this many, finish the
# (by then much shorter) path with a sequential monotone chain.
_MAX_PRUNING_PASSES = 64

_EPS = np.finfo(np.float64).eps
# Shewchuk's error bound for the orientation computed in floats: beyond it the sign
# of the computed determinant is the sign of the exact one.
_FILTER_BOUND = (3.0 + 16.0 * _EPS) * _EPS
# A product of differences below this may have lost bits to underflow.
_TINY = 2.0**-900
# Counts below this are integers held exactly in float64.
_EXACT_INTEGERS = 2.0**53
# Weighted tables hold rounded running sums. A vertex closer to the chord of its
# neighbours than this fraction of the totals is within that rounding: it is treated
# as collinear and dropped, so that the hull does not depend on the order in which
# the weights were summed (nor, beyond this, on their scale).
_ROUNDING = 2.0**-44


def hull_vertices(fp, tp):
    """Indices of the upper convex hull of a path (first point first, last point last).

    ``fp`` and ``tp`` are non-decreasing. Coinciding consecutive points are merged
    first (each would otherwise hide the other). A point lying on or below the chord
    between its two neighbours is never a vertex of the upper hull, so all such points
    are removed at once, repeatedly, until none is left; collinear points go too.

    The orientation test is exact: integer counts are compared in integer arithmetic,
    other counts by a filtered float test that falls back to exact rational arithmetic
    when the float sign is uncertain, on coordinates rescaled by powers of two (exact)
    so that no weight scale overflows or underflows. For non-integer (weighted) counts
    a last pass then drops vertices within rounding distance of their chord.
    """
    n = fp.shape[0]
    if n <= 2:
        return np.arange(n)
    moved = np.empty(n, dtype=bool)
    moved[0] = True
    moved[1:] = (fp[1:] != fp[:-1]) | (tp[1:] != tp[:-1])
    idx = np.flatnonzero(moved)
    idx[-1] = n - 1  # the last point keeps its own threshold when it repeats one
    integral = _integral_counts(fp, tp)
    x, y = (fp, tp) if integral else (_unit_scaled(fp), _unit_scaled(tp))

    # (Where the floats are exact and no point repeats, the first pass reads views of
    # the coordinates instead of gathering them: a third of a report's hull time.)
    views = integral and fp[-1] * tp[-1] < _EXACT_INTEGERS
    for _ in range(_MAX_PRUNING_PASSES):
        if idx.shape[0] <= 2:
            break
        triple = ((slice(None, -2), slice(1, -1), slice(2, None))
                  if views and idx.shape[0] == n else (idx[:-2], idx[1:-1], idx[2:]))
        above = _orientation(x, y, *triple, fp, tp, integral) > 0
        if above.all():
            break
        keep = np.ones(idx.shape[0], dtype=bool)
        keep[1:-1] = above
        idx = idx[keep]
    else:
        idx = idx[_monotone_chain(x[idx], y[idx], fp[idx], tp[idx], integral)]
    if not integral and idx.shape[0] > 2:
        idx = idx[_merge_within_rounding(x[idx], y[idx])]
    return idx


def _integral_counts(fp, tp):
    """True when every count is an integer small enough to be exact in float64."""
    return bool(
        fp[-1] < _EXACT_INTEGERS
        and tp[-1] < _EXACT_INTEGERS
        and np.all(fp == np.floor(fp))
        and np.all(tp == np.floor(tp))
    )


def _unit_scaled(values):
    """``values`` divided by the power of two that brings the largest below 1 (exact)."""
    top = np.max(np.abs(values))
    if top == 0:
        return values
    return np.ldexp(values, -np.frexp(top)[1])


def _orientation(x, y, a, b, c, fp, tp, integral):
    """Exact sign (-1, 0, 1) of the orientation of points ``a, b, c`` (index arrays).

    ``x, y`` are the coordinates tested in floats, ``fp, tp`` the original counts used
    where the float result is uncertain.
    """
    if integral and fp[-1] * tp[-1] < _EXACT_INTEGERS:
        # Integer products below 2**53: the float determinant is exact. (In place: the
        # first pass runs over the whole table, and each fresh temporary is paged in.)
        left = y[b] - y[a]
        left *= x[c] - x[a]
        right = y[c] - y[a]
        right *= x[b] - x[a]
        left -= right
        return np.sign(left, out=left)
    dy1, dx2 = y[b] - y[a], x[c] - x[a]
    dy2, dx1 = y[c] - y[a], x[b] - x[a]
    left, right = dy1 * dx2, dy2 * dx1
    sign = np.sign(left - right)
    uncertain = np.abs(left - right) <= _FILTER_BOUND * (np.abs(left) + np.abs(right))
    # Both products exactly zero (a zero difference of floats is exact) is certain.
    uncertain &= (left != 0) | (right != 0)
    if not integral:
        uncertain |= ((left != 0) & (np.abs(left) < _TINY)) | (
            (right != 0) & (np.abs(right) < _TINY)
        )
        # A difference that rescaling underflowed to 0 (1e-200 beside 1e200) makes a
        # zero product that is not exact.
        uncertain |= (((dy1 == 0) & (tp[b] != tp[a])) | ((dx2 == 0) & (fp[c] != fp[a]))
                      | ((dy2 == 0) & (tp[c] != tp[a])) | ((dx1 == 0) & (fp[b] != fp[a])))
    if uncertain.any():
        rows = np.flatnonzero(uncertain)
        sign[rows] = _exact_orientation(fp, tp, a[rows], b[rows], c[rows], integral)
    return sign


def _exact_orientation(fp, tp, a, b, c, integral):
    """The orientation in exact arithmetic: Python integers, or fractions of floats."""
    if integral:
        fx = fp.astype(np.int64).astype(object)
        ty = tp.astype(np.int64).astype(object)
        det = (ty[b] - ty[a]) * (fx[c] - fx[a]) - (ty[c] - ty[a]) * (fx[b] - fx[a])
        return np.array([(d > 0) - (d < 0) for d in det], dtype=np.float64)
    out = np.empty(a.shape[0])
    for k, (i, j, m) in enumerate(zip(a.tolist(), b.tolist(), c.tolist())):
        xa, xb, xc = Fraction(fp[i]), Fraction(fp[j]), Fraction(fp[m])
        ya, yb, yc = Fraction(tp[i]), Fraction(tp[j]), Fraction(tp[m])
        det = (yb - ya) * (xc - xa) - (yc - ya) * (xb - xa)
        out[k] = (det > 0) - (det < 0)
    return out


def _monotone_chain(x, y, fp, tp, integral):
    """Andrew's monotone chain (upper hull) over points sorted by x then y."""
    stack = []
    for i in range(x.shape[0]):
        while len(stack) >= 2:
            o, a = stack[-2], stack[-1]
            triple = (np.array([o]), np.array([a]), np.array([i]))
            if _orientation(x, y, *triple, fp, tp, integral)[0] > 0:
                break
            stack.pop()
        stack.append(i)
    return np.array(stack, dtype=np.intp)


def _merge_within_rounding(x, y):
    """Drop hull vertices within rounding distance of the chord of their neighbours.

    Sequential (a monotone chain with a tolerance), so that a long run of slightly
    convex vertices is judged against ever longer chords and is not removed whole.
    ``x`` and ``y`` are scaled so that the totals are about 1.
    """
    stack = [0]
    for i in range(1, x.shape[0]):
        while len(stack) >= 2:
            o, a = stack[-2], stack[-1]
            dy1, dx2, dy2, dx1 = y[a] - y[o], x[i] - x[o], y[i] - y[o], x[a] - x[o]
            slack = 2 * _ROUNDING * (abs(dy1) + abs(dx2) + abs(dy2) + abs(dx1))
            if dy1 * dx2 - dy2 * dx1 > slack:
                break
            stack.pop()
        stack.append(i)
    return np.array(stack, dtype=np.intp)


def achievable_area(tp, fp, interpolation, hull=None, n_pos=None):
    """Area under the achievable PR curve of a path.

    Davis-Goadrich and continuous: the hull's vertices interpolated as any path.
    Step and linear are sums over points, and over the few hull vertices they would
    fall below the raw curve's own sums; they are taken instead over the achievable
    curve read at every recall of the raw path, where its precision is at least the
    raw precision, so the achievable area is never below the raw one.

    ``hull`` (``(tp, fp)`` of the vertices) and ``n_pos`` let a piece of a longer
    path be measured against the whole path's hull; the pieces' areas add up.
    """
    if hull is None:
        keep = hull_vertices(fp, tp)
        hull = tp[keep], fp[keep]
    if interpolation in ("davis-goadrich", "continuous"):
        return path_area(*hull, interpolation, n_pos=n_pos)
    return path_area(tp, hull_fp_at(tp, *hull), interpolation, n_pos=n_pos)


def hull_fp_at(tp, hull_tp, hull_fp):
    """False positives on the hull (the fewest) at true-positive counts ``tp`` (an
    array of any namespace), between the hull's vertices (host arrays) up to the first
    holding every positive: NumPy's ``interp``, or where ``tp`` lives the same
    arithmetic (the vertex's own value where ``tp`` is one, the slope form, and its
    other end's form where that is NaN: where weights of 1e-300 and 1e30 meet, a
    fraction-first form would underflow and a slope can overflow)."""
    top = int(np.searchsorted(hull_tp, hull_tp[-1]))  # first vertex with every positive
    hull_tp, hull_fp = hull_tp[: top + 1], hull_fp[: top + 1]
    if isinstance(tp, np.ndarray):
        return np.interp(tp, hull_tp, hull_fp)
    xp, device = namespace_and_device(tp)
    if hull_tp.shape[0] == 1:
        return xp.full(tp.shape, float(hull_fp[0]), dtype=xp.float64, device=device)
    x = xp.asarray(hull_tp, dtype=xp.float64, device=device)
    y = xp.asarray(hull_fp, dtype=xp.float64, device=device)
    last = x.shape[0] - 1
    j = xp.clip(xp.searchsorted(x, tp, side="right") - 1, min=0, max=last)
    j1 = xp.clip(j + 1, max=last)
    x0, x1, y0, y1 = xp.take(x, j), xp.take(x, j1), xp.take(y, j), xp.take(y, j1)
    with np.errstate(all="ignore"):  # (NumPy-backed namespaces: as interp, silent)
        slope = (y1 - y0) / (x1 - x0)
        value = slope * (tp - x0) + y0
        other = slope * (tp - x1) + y1
        value = where(xp, xp.isnan(value),
                         where(xp, xp.isnan(other) & (y0 == y1), y0, other), value)
    return where(xp, (j == last) | (tp >= x[-1]), y[-1], where(xp, x0 == tp, y0, value))


def table_achievable_area(table, interpolation):
    """:func:`achievable_pr_auc_score` of a counting table with both classes: the
    hull's vertices (:func:`hull_path`) interpolated, or for step and linear the raw
    path's recalls read on the hull (:func:`achievable_area`)."""
    hull_tp, hull_fp, _ = hull_rows(table)
    tp, fp = table.path() if interpolation in ("step", "linear") else (None, None)
    return achievable_area(tp, fp, interpolation, (hull_tp, hull_fp), table.n_pos)


def hull_path(table):
    """``(tp, fp, thresholds)``, host arrays, of the ROC convex hull's vertices: the
    table's path pruned in its namespace (:func:`hull_candidates`), the few points
    left decided exactly by :func:`hull_vertices`."""
    tp, fp, rows = hull_rows(table)
    # The first vertex is the origin (threshold inf); the others are rows of the table.
    xp = table.xp
    picked = xp.take(table.thresholds, xp.asarray(rows[1:] - 1, device=table.device))
    thresholds = np.concatenate([[np.inf], np.asarray(to_numpy(picked), dtype=np.float64)])
    return tp, fp, thresholds


def hull_rows(table):
    """``(tp, fp, rows)``, host arrays, of the ROC convex hull's vertices and their
    rows of the table's path (0: the origin)."""
    tp, fp, rows = hull_candidates(table)
    keep = hull_vertices(fp, tp)
    return tp[keep], fp[keep], rows[keep]


# Pruning passes in the table's namespace before the survivors go to the host's exact
# hull (each removes every point on or below its neighbours' chord), and the number of
# survivors small enough to stop early.
_PRUNING_PASSES = 64
_HOST_POINTS = 1 << 16
# A bound on the rounding of ``left - right`` relative to ``|left| + |right|``, float64
# products and a difference, with room to spare.
_PRODUCT_ROUNDING = 8 * float(_EPS)


def hull_candidates(table):
    """Host arrays ``(tp, fp, rows)`` of the path points (the origin first) that may be
    hull vertices.

    A point strictly below the chord between its neighbours is no vertex of the upper
    hull, so all such points are removed at once, repeatedly, where the table lives
    (a GPU keeps the whole path; only the survivors travel to the host). The test is exact for
    whole counts (int64 cross products) and, for weighted counts, removes only points
    clearly below the chord (by more than the products' rounding):
    :func:`hull_vertices` decides the rest exactly.
    """
    xp, device = table.xp, table.device
    if table.numpy or len(table) < _HOST_POINTS:
        # On the host already, or few enough to move: hull_vertices prunes them itself,
        # exactly (the passes below, in floats, cost 2.6 times its own at 1e6 weighted
        # rows: benchmarks/bench_ab.py).
        tp, fp = (np.asarray(to_numpy(a), dtype=np.float64) for a in table.path())
        return tp, fp, np.arange(tp.shape[0])
    # Whole counts below 2**53 (every unweighted table) are tested in int64, exactly.
    exact = table.n_pos + table.n_neg < 2**53 and bool(
        xp.all((table.tps == xp.floor(table.tps)) & (table.fps == xp.floor(table.fps))))
    dtype = xp.int64 if exact else xp.float64
    zero = xp.zeros(1, dtype=dtype, device=device)
    tp = xp.concat([zero, xp.astype(table.tps, dtype)])
    fp = xp.concat([zero, xp.astype(table.fps, dtype)])
    rows = xp.arange(tp.shape[0], device=device)
    for _ in range(_PRUNING_PASSES):
        if rows.shape[0] <= _HOST_POINTS:
            break
        x, y = xp.take(fp, rows), xp.take(tp, rows)
        dx1, dy1 = x[1:-1] - x[:-2], y[1:-1] - y[:-2]
        dx2, dy2 = x[2:] - x[1:-1], y[2:] - y[1:-1]
        left, right = dx1 * dy2, dy1 * dx2  # cross = left - right: >= 0 is no right turn
        if exact:
            below = left >= right
        else:
            below = left - right > _PRODUCT_ROUNDING * (xp.abs(left) + xp.abs(right))
        if not bool(xp.any(below)):
            break
        no = xp.zeros(1, dtype=xp.bool, device=device)
        rows = rows[~xp.concat([no, below, no])]
    taken = [to_numpy(xp.take(a, rows)) for a in (tp, fp)]
    return (np.asarray(taken[0], dtype=np.float64), np.asarray(taken[1], dtype=np.float64),
            np.asarray(to_numpy(rows)))


@validate_params(BINARY_PARAMS, prefer_skip_nested_validation=True)
@array_api_boundary("y_score", "y_true", "sample_weight", in_namespace=True)
def roc_convex_hull(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
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
    tp, fp, thresholds = hull_path(measure_table(y_true, y_score, pos_label, sample_weight))
    return _rates(fp, fp[-1], "negative"), _rates(tp, tp[-1], "positive"), thresholds


def _rates(counts, total, kind):
    if total <= 0:
        warn_undefined(f"No {kind} samples in y_true, the convex hull is not defined.")
        return np.full(counts.shape, np.nan)
    return counts / total


@validate_params(
    {**BINARY_PARAMS, "interpolation": [StrOptions(set(INTERPOLATIONS))], **PREVALENCE},
    prefer_skip_nested_validation=True,
)
@array_api_boundary("y_score", "y_true", "sample_weight", in_namespace=True)
def achievable_pr_curve(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    interpolation: str = "davis-goadrich",
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
    prevalence: float | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
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
    prevalence : float in (0, 1), default=None
        The deployment's share of positives: the curve that population would
        see, the negatives weighted to hold ``1 - prevalence`` of the weight (Davis
        and Goadrich's Theorem 3.1; recall does not move). None: the data's own.

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
    table = two_class_table(y_true, y_score, pos_label, sample_weight, prevalence=prevalence)
    return path_points(*hull_path(table), interpolation)

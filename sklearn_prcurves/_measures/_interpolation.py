"""Interpolation between precision-recall points (Davis and Goadrich, 2006, section 4).

Between consecutive points A = (TP_A, FP_A) and B = (TP_B, FP_B) of a curve (two
thresholds, or the two ends of a tie group) the expected curve over random orderings
moves along TP = TP_A + x, FP = FP_A + s*x with local skew s = dFP / dTP. Precision on
that line is not linear in recall, which is why straight lines in PR space are wrong.

Every function here works on arrays of segments (one element per segment, never one
per positive) and computes in counts, which keeps the arithmetic free of the
cancellations that the textbook formulas suffer when FP >> TP.

Conventions (SPEC section 3): a segment starting at the origin (nothing predicted
positive yet) has constant precision TP_B / (TP_B + FP_B), so the first point is held
flat to recall 0; a segment starting at (0, FP_A > 0) (only negatives ranked above it)
rises from precision 0.
"""

import math

import numpy as np

from .._base._array_api import NUMPY, device_of, divide, namespace_and_device, where

__all__ = ["segment_areas", "INTERPOLATIONS"]

INTERPOLATIONS = ("davis-goadrich", "continuous", "linear", "step")

# Head terms of the step sum added one by one before the asymptotic tail takes over;
# with 32 the tail's arguments exceed 33 and its truncation error is below 1e-17.
_HEAD_TERMS = 32


def segment_areas(tp_a, fp_a, tp_b, fp_b, n_pos, interpolation, xp=np):
    """Area under the interpolated PR curve over each segment A -> B.

    Parameters
    ----------
    tp_a, fp_a, tp_b, fp_b : float64 arrays of namespace ``xp``, shape (n_segments,)
        Weighted counts at both ends; ``tp_b > tp_a`` for every segment (segments
        adding only negatives are vertical drops with no area: leave them out).
    n_pos : float or float64 array of shape (n_segments,)
        Total weight of positives (P), of each segment's own curve if an array.
    interpolation : {"davis-goadrich", "continuous", "linear", "step"}
    xp : array namespace, default NumPy
        Any array API namespace (torch, CuPy, array_api_strict): the same arithmetic,
        element for element, on the arrays' own device.

    Returns
    -------
    areas : float64 array of namespace ``xp``, shape (n_segments,)
    """
    d_tp = tp_b - tp_a
    d_fp = fp_b - fp_a
    precision_b = tp_b / (tp_b + fp_b)
    if interpolation == "step":
        return divide(d_tp, n_pos) * precision_b
    precision_a = start_precision(tp_a, fp_a, precision_b, xp)
    if interpolation == "linear":
        return divide(d_tp, n_pos) * (precision_a + precision_b) / 2
    if interpolation == "continuous":
        return _continuous_areas(tp_a, fp_a, d_tp, d_fp, n_pos, xp)
    return _davis_goadrich_areas(tp_a, fp_a, d_tp, d_fp, n_pos, precision_a, precision_b, xp)


def start_precision(tp_a, fp_a, precision_b, xp=np):
    """Precision at the start of each segment, with the conventions for TP_A = 0."""
    start = tp_a + fp_a
    with np.errstate(invalid="ignore", divide="ignore"):
        precision_a = tp_a / where(xp, start > 0, start, 1.0)
    # From the origin: held flat at the end's precision; from (0, FP_A > 0): 0.
    return where(xp, tp_a > 0, precision_a, where(xp, fp_a == 0, precision_b, 0.0))


def interpolated_precision(tp_a, fp_a, d_tp, d_fp, x, xp=np):
    """Precision after ``x`` more units of positive weight along the segment."""
    tp = tp_a + x
    return tp / (tp + fp_a + along(d_fp, x, d_tp, xp))


def along(d_fp, x, d_tp, xp=np):
    """The negatives added by ``x`` of a segment's ``d_tp`` positives: ``d_fp * (x /
    d_tp)``, the fraction of the segment first. The skew ``d_fp / d_tp`` overflows where
    rows weighing 1e300 and 1e-300 meet; the fraction lies in [0, 1]."""
    rising = d_tp > 0
    with np.errstate(invalid="ignore", divide="ignore"):
        fraction = where(xp, rising, x / where(xp, rising, d_tp, 1.0), 0.0)
    return d_fp * fraction


def _continuous_areas(tp_a, fp_a, d_tp, d_fp, n_pos, xp=np):
    """Exact integral of precision over recall along each segment.

    With t = (dTP + dFP) / (TP_A + FP_A), the integral of r / (a r + b) from r_A to
    r_B equals dTP / P times the segment's mean precision,
    dTP / (dTP + dFP) g(t) + TP_A / (TP_A + FP_A) log1p(t) / t, where
    g(t) = (t - log1p(t)) / t. Every factor lies in [0, 1], so nothing cancels and no
    product of counts overflows or underflows whatever the weights' scales (rows of
    1e300 beside rows of 1e-300); g is evaluated by its series for small t. A segment
    from the origin (or from a start too light for t to be finite: t -> inf) has
    constant precision dTP / (dTP + dFP); one too short for t to be above 0, its
    start's precision.
    """
    d_all = d_tp + d_fp
    start = tp_a + fp_a
    mean_precision = d_tp / d_all
    with np.errstate(over="ignore", divide="ignore"):
        t = where(xp, start > 0, d_all / where(xp, start > 0, start, 1.0), xp.inf)
    # t = 0 (a segment under 1e-308 of its start): precision stays the start's.
    flat = t == 0
    mean_precision[flat] = tp_a[flat] / start[flat]
    inner = xp.isfinite(t) & ~flat
    t = t[inner]
    mean_precision[inner] = (mean_precision[inner] * (_x_minus_log1p(t, xp) / t)
                             + (tp_a[inner] / start[inner]) * (xp.log1p(t) / t))
    return divide(d_tp, n_pos) * mean_precision


def _davis_goadrich_areas(tp_a, fp_a, d_tp, d_fp, n_pos, precision_a, precision_b, xp=np):
    """Trapezoids through the points one unit of positive weight apart.

    Points sit at x = 1, 2, ..., ceil(dTP) - 1 and at x = dTP (the last step shorter
    when weights are fractional). The interior sum of precisions is evaluated in closed
    form by :func:`step_sum`, so a tie group holding 1e7 positives costs one element.
    """
    areas = divide(d_tp, n_pos) * (precision_a + precision_b) / 2  # no interior: one trapezoid
    steps = interior_steps(d_tp, xp)
    inner = steps > 0  # segments with interior points
    if not bool(xp.any(inner)):
        return areas

    dtp, dfp = d_tp[inner], d_fp[inner]
    m = steps[inner]  # number of interior points
    tpa, fpa = tp_a[inner], fp_a[inner]
    slope = (dtp + dfp) / dtp  # a = 1 + s
    precision_m = interpolated_precision(tpa, fpa, dtp, dfp, m, xp)
    # sum_{x=1}^{m-1} (TP_A + x) / (TP_A + FP_A + a x) = (1/a) sum (c + x) / (x + z)
    inner_sum = step_sum(tpa, (tpa + fpa) / slope, m - 1, xp) / slope
    total = (
        (precision_a[inner] + precision_m) / 2
        + inner_sum
        + (dtp - m) * (precision_m + precision_b[inner]) / 2
    )
    areas[inner] = total / (n_pos[inner] if getattr(n_pos, "ndim", 0) else n_pos)
    return areas


_EPS = float(np.finfo(np.float64).eps)


def interior_steps(d_tp, xp=np):
    """Whole units of positive weight strictly inside segments of ``d_tp`` positives:
    ``ceil(d_tp) - 1``, with a ``d_tp`` a few ulps above a whole number read as that
    number (1.0000000000000009, a sum of weights 1.0 rounded, adds no point: the
    row order of the sums must not decide the curve's points)."""
    with np.errstate(under="ignore"):  # (a subnormal d_tp has no step either way)
        steps = xp.ceil(d_tp * (1.0 - 8 * _EPS)) - 1
    return where(xp, steps > 0, steps, 0.0)


def step_sum(c, z, count, xp=np):
    """S = sum_{x=1}^{count} (c + x) / (x + z) for c, z >= 0 and integer count >= 0.

    S = count - (z - c) * (psi(z + count + 1) - psi(z + 1)). The first terms are added
    directly, in order of x; the rest uses the asymptotic expansion of the digamma
    difference written in difference form (log1p, and powers differenced by factoring
    out a^-2 - b^-2), choosing between two algebraically equal forms so that no step
    cancels.
    """
    total = xp.zeros_like(c)
    # One pass per term, up to the longest head (adding 0.0 where a sum has ended).
    longest = min(int(xp.max(count)), _HEAD_TERMS) if c.shape[0] else 0
    for x in range(1, longest + 1):
        total += where(xp, count >= x, (c + x) / (x + z), 0.0)
    tail = count > _HEAD_TERMS
    if not bool(xp.any(tail)):
        return total

    c_t = c[tail] + _HEAD_TERMS
    z_t = z[tail] + _HEAD_TERMS
    n_t = count[tail] - _HEAD_TERMS
    lo = z_t + 1.0  # psi arguments: lo and hi = lo + n_t
    hi = lo + n_t
    y = n_t / lo
    # Corrections beyond the logarithm: psi(hi) - psi(lo) - log1p(y).
    # Written in ratios of lo and hi so that no intermediate overflows at huge counts;
    # at such counts the higher corrections underflow harmlessly to zero.
    with np.errstate(under="ignore"):
        inv_lo, inv_hi = 1.0 / lo, 1.0 / hi
        u, v = inv_lo * inv_lo, inv_hi * inv_hi
        du = y * inv_hi * (inv_lo + inv_hi)  # u - v = n (lo + hi) / (lo hi)^2: no cancellation
        corrections = (
            y * inv_hi / 2
            + du / 12
            - du * (u + v) / 120
            + du * (u * u + u * v + v * v) / 252
            - du * (u + v) * (u * u + v * v) / 240
        )
    # Precision under 1/a (z >= c): subtract a small, stable quantity.
    below = z_t >= c_t
    rest_below = y * (c_t + 1) + (z_t - c_t) * (_x_minus_log1p(y, xp) - corrections)
    rest_above = n_t + (c_t - z_t) * (xp.log1p(y) + corrections)
    total[tail] += where(xp, below, rest_below, rest_above)
    return total


def _x_minus_log1p(y, xp=np):
    """y - log1p(y) for y >= 0, by its series below 0.1."""
    small = y < 0.1
    ys = where(xp, small, y, 0.0)
    power = ys * ys
    acc = power / 2
    for k in range(3, 20):
        power = power * ys
        acc += (1.0 if k % 2 == 0 else -1.0) * power / k
    return where(xp, small, acc, y - xp.log1p(y))


def _log1p_ratio(t, xp=NUMPY):
    """``L = log1p(t) / t`` and ``dL/dt`` for ``t >= 0``, by their series below 0.1
    (where the closed form of the slope cancels)."""
    small = t < 0.1
    ts = where(xp, small, t, 0.0)
    ratio, slope, power = xp.ones_like(ts), xp.zeros_like(ts), xp.ones_like(ts)
    for k in range(1, 20):
        sign = -1.0 if k % 2 else 1.0
        slope = slope + sign * k * power / (k + 1)  # (power is t**(k - 1) here)
        power = power * ts
        ratio = ratio + sign * power / (k + 1)
    big = where(xp, small, 1.0, t)
    ratio_big = xp.log1p(big) / big
    slope_big = (1.0 / (1.0 + big) - ratio_big) / big
    return where(xp, small, ratio, ratio_big), where(xp, small, slope, slope_big)


def continuous_area_derivatives(pieces, n_pos, area, xp=NUMPY):
    """Derivatives of the continuous-interpolation PR area with respect to each table
    row's positive and negative weight.

    ``pieces`` is a path given as consecutive pieces ``(tp, fp)``, each starting at the
    last point of the one before (one piece: the table's path, origin first); ``area``
    is the path's continuous area and ``n_pos`` its total positive weight. Yields one
    ``(d_pos, d_neg)`` per piece, one element per row. A row's weight moves every point
    from its own on, and the total ``n_pos``; so each derivative is a suffix sum of the
    segments' derivatives with respect to their end points. These are the influence
    values behind the report's paired AUC-PR test; the continuous area is the smooth
    form of the Davis-Goadrich area (equal at whole counts up to a share of one step).

    A piece's sums need the pieces after it: ``pieces`` is read twice unless it is a
    list, so that a table held on disk is read one piece at a time.
    """
    kept = ([_point_derivatives(tp, fp, xp) for tp, fp in pieces]
            if isinstance(pieces, list) else None)  # (in memory: computed once)

    def points():
        if kept is not None:
            return iter(kept)
        return (_point_derivatives(tp, fp, xp) for tp, fp in pieces)

    def suffix(g):
        return xp.flip(xp.cumulative_sum(xp.flip(g, axis=0)), axis=0)

    # What the pieces after each one add to its sums (the last piece: nothing).
    after = [(0.0, 0.0)]
    for g_tp, g_fp in reversed([(suffix(g_tp)[0], suffix(g_fp)[0]) for g_tp, g_fp in points()]):
        carry_tp, carry_fp = after[-1]
        after.append((g_tp + carry_tp, g_fp + carry_fp))
    after = after[-2::-1]
    for (g_tp, g_fp), (carry_tp, carry_fp) in zip(points(), after):
        s_tp = suffix(g_tp) + carry_tp
        s_fp = suffix(g_fp) + carry_fp
        yield (s_tp[1:] - area) / n_pos, s_fp[1:] / n_pos


def _point_derivatives(tp, fp, xp=NUMPY):
    """Derivatives of the sum of a path's continuous segment areas (times P) with
    respect to each point's TP and FP.

    A segment from (a, b) to (c, d) has area times P of I = D r^2 + D r (q - r) L(t),
    with D = c + d - a - b, r = (c - a) / D, q = a / (a + b), t = D / (a + b); its
    partial derivatives follow in the variables (a, S = a + b, c - a, D). A segment
    from the origin (S = 0) is r (c - a): its start does not move.
    """
    ends = xp.nonzero(tp[1:] > tp[:-1])[0] + 1
    a, b = xp.take(tp, ends - 1), xp.take(fp, ends - 1)
    c, d = xp.take(tp, ends), xp.take(fp, ends)
    rise, whole, start = c - a, (c - a) + (d - b), a + b
    r = rise / whole
    moving = start > 0
    s = where(xp, moving, start, 1.0)
    with np.errstate(over="ignore"):
        t = whole / s
    moving = moving & xp.isfinite(t)
    t = where(xp, moving, t, 0.0)
    q = where(xp, moving, a / s, 0.0)
    ratio, slope = _log1p_ratio(t, xp)
    # (from the origin: L = 0, so I = D r^2 and only the end moves)
    ratio = where(xp, moving, ratio, 0.0)
    slope = where(xp, moving, slope, 0.0)
    below = 1.0 - ratio
    i_rise = 2 * r * below + q * ratio
    i_whole = -r * r * below + rise * (q - r) * slope / s
    i_a = where(xp, moving, rise * ratio / s, 0.0)
    i_start = where(xp, moving, -rise * q * ratio / s - rise * (q - r) * slope * t / s, 0.0)
    g_tp, g_fp = xp.zeros_like(tp), xp.zeros_like(fp)
    g_tp[ends - 1] = i_a + i_start - i_rise - i_whole
    g_fp[ends - 1] = i_start - i_whole
    g_tp[ends] += i_rise + i_whole
    g_fp[ends] += i_whole
    return g_tp, g_fp


# --- paths: a curve given by its count points -----------------------------------------
#
# A path is the sequence of (TP, FP) points of a curve in decreasing threshold order,
# starting at the origin: the kernel's table with (0, 0) prepended, or the vertices of
# its ROC convex hull. Areas and plotted points are computed from paths.

LEADING_NEGATIVES = ("interpolate", "drop")


def check_options(interpolation, leading_negatives="interpolate"):
    """Clear errors for the options of the package's own curves and areas."""
    if interpolation not in INTERPOLATIONS:
        raise ValueError(f"interpolation must be one of {INTERPOLATIONS}; got {interpolation!r}.")
    if leading_negatives not in LEADING_NEGATIVES:
        raise ValueError(
            f"leading_negatives must be one of {LEADING_NEGATIVES}; got {leading_negatives!r}."
        )


def table_path(table):
    """``(tp, fp, thresholds)`` of a CountTable with the origin (threshold inf) first,
    float64, in the table's namespace."""
    xp = table.xp
    tp, fp = table.path()
    inf = xp.full(1, math.inf, dtype=xp.float64, device=table.device)
    return tp, fp, xp.concat([inf, xp.astype(table.thresholds, xp.float64, copy=False)])


def table_area(table, interpolation, leading_negatives="interpolate"):
    """:func:`path_area` of a CountTable's path: the same value, from the table.

    A table holding only its steps (unweighted, one row per score) is not laid out
    as a path: its rising segments are its positive rows, the i-th adding one
    positive to i and no negative to the ``row - i`` before it, so they come from
    the positives' row numbers alone, grouped into the pieces :func:`path_area` sums
    one by one (same segments, same order: the same float).
    """
    if not (table.numpy and table.lazy):
        tp, fp = table.path()
        return path_area(tp, fp, interpolation, leading_negatives)
    rows = np.flatnonzero(table.positive_steps)
    n_pos = float(rows.shape[0])
    # Path point k + 1 is row k, and path_area's piece j holds the segments ending at
    # its points j*C + 1 ... (j + 1)*C: rows j*C to (j + 1)*C - 1.
    bounds = np.searchsorted(rows, np.arange(0, len(table), _AREA_CHUNK))
    pieces = []
    for start, stop in zip(bounds, [*bounds[1:], rows.shape[0]]):
        tp_a = np.arange(start, stop, dtype=np.float64)
        fp_a = rows[start:stop] - tp_a
        fp_b = fp_a
        if leading_negatives == "drop" and start == 0 and stop > 0:
            fp_a = fp_a.copy()
            fp_a[0] = 0.0
        pieces.append(float(np.sum(segment_areas(tp_a, fp_a, tp_a + 1, fp_b, n_pos,
                                                 interpolation))))
    area = math.fsum(pieces)  # as path_area adds its pieces
    return min(max(area, 0.0), 1.0)


def _rising_segments(tp, fp, leading_negatives, xp=NUMPY):
    """``(tp_a, fp_a, tp_b, fp_b)`` of a path's segments that add positives, in order
    (the others are vertical drops, with no area)."""
    ends = xp.nonzero(tp[1:] > tp[:-1])[0] + 1
    tp_a, fp_a = xp.take(tp, ends - 1), xp.take(fp, ends - 1)
    tp_b, fp_b = xp.take(tp, ends), xp.take(fp, ends)
    if leading_negatives == "drop":
        # The authors' AUCCalculator drops points with TP = 0: the first point with a
        # positive is then held flat to recall 0, as from the origin.
        fp_a = where(xp, tp_a == 0, 0.0, fp_a)
    return tp_a, fp_a, tp_b, fp_b


def path_area(tp, fp, interpolation, leading_negatives="interpolate", n_pos=None):
    """Area under the PR curve through a path's points (float64 arrays of any array
    API namespace), interpolated as asked.

    The path starts at the origin, or at any point of a longer path when ``n_pos``
    (the total weight of positives, otherwise the path's last TP) is given: the areas
    of consecutive pieces of one path add up to the area of the whole.
    """
    xp = NUMPY if isinstance(tp, np.ndarray) else namespace_and_device(tp)[0]
    n_pos = float(tp[-1]) if n_pos is None else n_pos
    # (On a device each piece costs dozens of kernel launches and host round trips:
    # larger pieces there, their temporaries still below a sort of the rows.)
    chunk = _AREA_CHUNK if xp is NUMPY else _DEVICE_AREA_CHUNK
    if tp.shape[0] <= chunk + 1:
        area = _piece_area(tp, fp, interpolation, leading_negatives, n_pos, xp)
    else:
        # Consecutive pieces (sharing their end points) add up: temporaries stay small.
        area = math.fsum(
            _piece_area(tp[start : start + chunk + 1], fp[start : start + chunk + 1],
                        interpolation, leading_negatives, n_pos, xp)
            for start in range(0, tp.shape[0] - 1, chunk)
        )  # (math.fsum: correctly rounded, the same on every Python; sum() is not)
    # Rounding of weighted recall steps must not push an area out of [0, 1] (a
    # perfect ranking with weights of 1e170 summed to 1.0000000000000002).
    return min(max(area, 0.0), 1.0)


# Segments per piece of a long path: each segment's area needs a dozen temporaries.
_AREA_CHUNK = 1 << 20
_DEVICE_AREA_CHUNK = 1 << 23


def _piece_area(tp, fp, interpolation, leading_negatives, n_pos, xp):
    segments = _rising_segments(tp, fp, leading_negatives, xp)
    return float(xp.sum(segment_areas(*segments, n_pos, interpolation, xp=xp)))


# Drawn curves stay small whatever the weights: inside a segment, at most one point per
# this fraction of the recall axis (finer than any screen or print resolves), and for
# the continuous curve at most this many points per segment.
_DRAWN_POINTS_PER_UNIT_RECALL = 2048
_MAX_DRAWN_POINTS = 64


def _scaled_up(tp, fp):
    """Counts of subnormal weights (5e-324) scaled up by a power of two (exact), so
    that points inside a segment do not underflow to 0 / 0 (the curve is scale-free)."""
    top = max(float(tp[-1]), float(fp[-1]))
    if not 0 < top < 2.0**-500:
        return tp, fp
    # (by two powers of two: one of up to 2**1074 is not a float)
    shift = -math.frexp(top)[1]
    low, high = 2.0 ** (shift // 2), 2.0 ** (shift - shift // 2)
    return tp * low * high, fp * low * high


def _interior_counts(d_tp, n_pos, interpolation, xp):
    """``(points drawn inside each segment, whether they are thinned)`` for segments
    rising by ``d_tp`` (see :func:`path_points`)."""
    # (a share of recall a few ulps short of a whole number of drawn points is that
    # number: the rows' order rounds the sums either way, and must not decide them)
    visible = xp.floor(d_tp / n_pos * _DRAWN_POINTS_PER_UNIT_RECALL * (1.0 + 8 * _EPS))
    zero_counts = xp.zeros(d_tp.shape[0], dtype=xp.int64, device=device_of(d_tp))
    if interpolation == "davis-goadrich":
        steps = interior_steps(d_tp, xp)  # whole units inside each segment
        thinned = steps > visible
        return xp.astype(where(xp, thinned, visible, steps), xp.int64), thinned
    if interpolation == "continuous":
        return xp.astype(where(xp, visible < _MAX_DRAWN_POINTS, visible,
                               float(_MAX_DRAWN_POINTS)), xp.int64), zero_counts != 0
    return zero_counts, zero_counts != 0


def path_points(tp, fp, thresholds, interpolation, leading_negatives="interpolate", xp=np):
    """Points of the interpolated PR curve through a path, in increasing recall.

    Davis-Goadrich: the path's points plus the points one unit of positive weight
    apart inside each segment (joined by straight lines, their trapezoid area is
    ``path_area``), thinned to evenly spaced whole units where a segment holds more
    steps than 1/2048 of the recall axis can show. Continuous: points on the same exact
    curve, at most 64 inside a segment and one per 1/2048 of recall. Linear and step:
    the path's points only. So a curve has at most a few points per distinct score,
    whatever the weights; areas are computed in closed form over every step. The curve
    starts at recall 0: at the first point's precision (held flat) or, when only
    negatives rank above the first positive, at precision 0.

    ``xp``: the arrays' namespace (NumPy by default; any array API namespace computes
    the same points on the arrays' device).

    Returns
    -------
    precision, recall, thresholds : arrays of shape (n_points,)
        ``thresholds[i]`` is the score threshold reached at point ``i`` (for points
        inside a tie group, that group's score; ``inf`` for a start held flat).
    """
    if xp is np:
        xp = NUMPY
    if interpolation == "continuous":
        tp, fp = _scaled_up(tp, fp)
    n_pos = tp[-1]
    rising = tp[1:] > tp[:-1]
    first = int(xp.argmax(xp.astype(rising, xp.int32))) + 1  # the first point with a positive
    tp_first, fp_first = tp[first], fp[first]
    if leading_negatives != "drop" and float(fp[first - 1]) > 0:
        # leading negatives, interpolated from precision 0
        start = (0.0, 0.0, float(thresholds[first - 1]))
    else:
        start = (float(tp_first / (tp_first + fp_first)), 0.0, math.inf)

    # Every path point from the first one with a positive, vertical drops included.
    b_all = xp.arange(first, tp.shape[0], device=device_of(tp))
    d_tp_all = tp[first:] - tp[first - 1:-1]
    counts, thinned = _interior_counts(d_tp_all, n_pos, interpolation, xp)
    per_point = counts + 1
    seg = xp.repeat(xp.arange(b_all.shape[0], device=device_of(tp)), per_point)
    starts = xp.cumulative_sum(per_point) - per_point
    step = xp.astype(xp.arange(seg.shape[0], device=device_of(tp))
                     - xp.repeat(starts, per_point) + 1, xp.float64)
    seg_counts = xp.astype(xp.take(counts, seg), xp.float64)
    is_vertex = step == seg_counts + 1

    b = xp.take(b_all, seg)
    a = b - 1
    tp_a, tp_b, fp_b = xp.take(tp, a), xp.take(tp, b), xp.take(fp, b)
    d_tp = tp_b - tp_a
    fp_start = xp.take(fp, a)
    if leading_negatives == "drop":
        fp_start = where(xp, tp_a == 0, 0.0, fp_start)
    # Position along the segment: whole units (Davis-Goadrich, evenly spaced ones where
    # thinned) or even spacing (continuous).
    spacing = d_tp * step / (seg_counts + 1)
    if interpolation == "continuous":
        x = spacing
    else:
        whole = xp.floor(spacing)
        x = where(xp, xp.take(thinned, seg), where(xp, whole > 1.0, whole, 1.0), step)
    x = where(xp, is_vertex, d_tp, where(xp, x < d_tp, x, d_tp))
    tp_x = tp_a + x
    with np.errstate(invalid="ignore", divide="ignore", under="ignore"):
        fp_x = fp_start + along(fp_b - fp_start, x, d_tp, xp)
        end_precision = tp_b / (tp_b + fp_b)
        # From the origin precision is constant along the segment: the end's (the
        # point itself may underflow to 0 / 0 when the weights are subnormal).
        from_origin = (tp_a == 0) & (fp_start == 0)
        precision = where(xp, is_vertex | from_origin, end_precision, tp_x / (tp_x + fp_x))
    recall = where(xp, is_vertex, tp_b, tp_x) / n_pos
    device = device_of(tp)
    return (
        xp.concat([xp.asarray([start[0]], dtype=xp.float64, device=device), precision]),
        xp.concat([xp.asarray([start[1]], dtype=xp.float64, device=device), recall]),
        xp.concat([xp.asarray([start[2]], dtype=xp.float64, device=device),
                   xp.take(thresholds, b)]),
    )


def path_area_between(tp, fp, interpolation, leading_negatives, low, high):
    """Area under the interpolated PR curve for recall in ``[low, high]``.

    The area up to a recall ``r`` is the area of the whole segments before it plus
    the part of the segment where recall reaches ``r``: the exact integral for
    ``"continuous"``; along the Davis-Goadrich polyline (whole steps, then the straight
    line to the next step's point) for ``"davis-goadrich"``; the step's own precision
    for ``"step"``; the straight line for ``"linear"``. Vertical drops have no width,
    so the area is the same whether the cut falls above or below one.
    """
    return _area_up_to(tp, fp, interpolation, leading_negatives, high) - _area_up_to(
        tp, fp, interpolation, leading_negatives, low)


def _area_up_to(tp, fp, interpolation, leading_negatives, recall):
    n_pos = tp[-1]
    tp_a, fp_a, tp_b, fp_b = _rising_segments(tp, fp, leading_negatives)
    target = recall * n_pos
    whole = tp_b <= target
    area = float(np.sum(segment_areas(tp_a[whole], fp_a[whole], tp_b[whole], fp_b[whole],
                                      n_pos, interpolation)))
    k = int(np.argmin(whole)) if not whole.all() else None
    if k is None or target <= tp_a[k]:
        return area
    return area + _segment_part(tp_a[k], fp_a[k], tp_b[k], fp_b[k], n_pos, interpolation,
                                target - tp_a[k])


def _segment_part(tp_a, fp_a, tp_b, fp_b, n_pos, interpolation, x):
    """Area over the first ``x`` units of positive weight of one segment A -> B."""
    if not x > 0:  # (a subnormal cut that flush-to-zero made 0: no width)
        return 0.0
    d_tp, d_fp = tp_b - tp_a, fp_b - fp_a
    one = np.ones(1)
    precision_b = tp_b / (tp_b + fp_b)
    if interpolation == "step":
        return float(x / n_pos * precision_b)
    precision_a = float(start_precision(tp_a * one, fp_a * one, precision_b * one)[0])
    if interpolation == "linear":
        at_x = precision_a + (precision_b - precision_a) * x / d_tp
        return float(x / n_pos * (precision_a + at_x) / 2)
    if interpolation == "continuous":
        return float(segment_areas(tp_a * one, fp_a * one, (tp_a + x) * one,
                                   (fp_a + along(d_fp, x, d_tp)) * one, n_pos, "continuous")[0])
    # Davis-Goadrich: the polyline through whole steps, then straight to the next point.
    steps = np.floor(x)
    area = 0.0
    if steps >= 1:
        area = float(segment_areas(tp_a * one, fp_a * one, (tp_a + steps) * one,
                                   (fp_a + along(d_fp, steps, d_tp)) * one, n_pos,
                                   "davis-goadrich")[0])
    if x > steps:
        nxt = min(steps + 1, d_tp)
        at_steps = precision_a if steps == 0 else interpolated_precision(
            tp_a, fp_a, d_tp, d_fp, steps)
        at_next = interpolated_precision(tp_a, fp_a, d_tp, d_fp, nxt)
        at_x = at_steps + (at_next - at_steps) * (x - steps) / (nxt - steps)
        area += float((x - steps) / n_pos * (at_steps + at_x) / 2)
    return area

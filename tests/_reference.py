"""Slow, obviously-correct implementations used as test oracles.

Everything here loops in plain Python over ``fractions.Fraction`` so that it is exact
and easy to check by eye; speed is irrelevant.
"""

from collections import defaultdict
from fractions import Fraction


def reference_table(is_pos, scores, weights=None):
    """Distinct scores (decreasing) with exact cumulative positive/negative weight."""
    if weights is None:
        weights = [1] * len(scores)
    per_score = defaultdict(lambda: [Fraction(0), Fraction(0)])
    for positive, score, weight in zip(is_pos, scores, weights):
        if weight == 0:
            continue
        per_score[score][0 if positive else 1] += Fraction(weight)
    thresholds, tps, fps = [], [], []
    tp = fp = Fraction(0)
    for score in sorted(per_score, reverse=True):
        tp += per_score[score][0]
        fp += per_score[score][1]
        thresholds.append(score)
        tps.append(tp)
        fps.append(fp)
    return thresholds, tps, fps


def reference_path(is_pos, scores, weights=None):
    """Count path (TP, FP) from the origin through every threshold, as Fractions."""
    _, tps, fps = reference_table(is_pos, scores, weights)
    return [Fraction(0)] + tps, [Fraction(0)] + fps


def _start_precision(tp_a, fp_a, tp_b, fp_b):
    if tp_a > 0:
        return tp_a / (tp_a + fp_a)
    if fp_a == 0:  # from the origin: the first point's precision, held flat
        return tp_b / (tp_b + fp_b)
    return Fraction(0)  # only negatives above: rise from precision 0


def reference_pr_area(tp, fp, interpolation, leading_negatives="interpolate"):
    """Area under the PR curve through a count path, exactly where it can be.

    Davis-Goadrich, linear and step are rational and computed exactly; "continuous"
    returns the Davis-Goadrich area with steps of ``1/1000`` of a positive (close to
    the integral) and is only used for orientation, never for exact comparisons.
    """
    n_pos = tp[-1]
    area = Fraction(0)
    for i in range(1, len(tp)):
        tp_a, fp_a, tp_b, fp_b = tp[i - 1], fp[i - 1], tp[i], fp[i]
        if tp_b == tp_a:
            continue  # a vertical drop: no area
        if leading_negatives == "drop" and tp_a == 0:
            fp_a = Fraction(0)
        p_a = _start_precision(tp_a, fp_a, tp_b, fp_b)
        p_b = tp_b / (tp_b + fp_b)
        if interpolation == "step":
            area += (tp_b - tp_a) / n_pos * p_b
        elif interpolation == "linear":
            area += (tp_b - tp_a) / n_pos * (p_a + p_b) / 2
        elif interpolation == "davis-goadrich":
            area += _dg_segment(tp_a, fp_a, tp_b, fp_b, p_a, n_pos, Fraction(1))
        else:
            raise ValueError(interpolation)
    return area


def _dg_segment(tp_a, fp_a, tp_b, fp_b, p_a, n_pos, unit):
    """Trapezoids through points ``unit`` of positive weight apart, literally."""
    skew = (fp_b - fp_a) / (tp_b - tp_a)
    xs = []
    x = unit
    while x < tp_b - tp_a:
        xs.append(x)
        x += unit
    xs.append(tp_b - tp_a)
    area = Fraction(0)
    prev_x, prev_p = Fraction(0), p_a
    for x in xs:
        tp = tp_a + x
        p = tp / (tp + fp_a + skew * x)
        area += (x - prev_x) / n_pos * (prev_p + p) / 2
        prev_x, prev_p = x, p
    return area


def reference_upper_hull(fp, tp):
    """Upper convex hull of sorted points, by Andrew's monotone chain, exactly."""
    hull = []
    for point in zip(fp, tp):
        while len(hull) >= 2:
            (x0, y0), (x1, y1) = hull[-2], hull[-1]
            if (y1 - y0) * (point[0] - x0) > (point[1] - y0) * (x1 - x0):
                break
            hull.pop()
        hull.append(point)
    return hull


def naive_delong(is_pos, scores_list):
    """DeLong's structural components by the O(P * N) definition, for k models.

    Returns the AUCs and the covariance matrix S10 / m + S01 / n (DeLong, DeLong and
    Clarke-Pearson, 1988), with psi(x, y) = 1 if x > y, 1/2 if equal, 0 otherwise.
    """
    import numpy as np

    is_pos = np.asarray(is_pos, dtype=bool)
    v10, v01, aucs = [], [], []
    for scores in scores_list:
        scores = np.asarray(scores, dtype=float)
        x, y = scores[is_pos], scores[~is_pos]
        psi = (x[:, None] > y[None, :]) + 0.5 * (x[:, None] == y[None, :])
        v10.append(psi.mean(axis=1))
        v01.append(psi.mean(axis=0))
        aucs.append(psi.mean())
    m, n = int(is_pos.sum()), int((~is_pos).sum())
    s10 = np.atleast_2d(np.cov(np.array(v10)))
    s01 = np.atleast_2d(np.cov(np.array(v01)))
    return np.array(aucs), s10 / m + s01 / n


def reference_prg_auc(tp, fp):
    """Area under the precision-recall-gain curve through a count path (Flach and Kull,
    2015), exactly: gains of every point with recall gain >= 0, the curve entering at
    recall gain 0 on the segment crossing TP = P^2 / (P + N), trapezoids between."""
    n_pos, n_neg = tp[-1], fp[-1]

    def gains(t, f):
        return 1 - n_pos / n_neg * f / t, 1 - n_pos / n_neg * (n_pos - t) / t

    entry = n_pos * n_pos / (n_pos + n_neg)
    points = []
    for i in range(1, len(tp)):
        if tp[i] < entry or tp[i] == 0:
            continue
        if not points:
            if tp[i - 1] < entry:  # enter on this segment, at recall gain 0
                alpha = (entry - tp[i - 1]) / (tp[i] - tp[i - 1])
                t = tp[i - 1] + alpha * (tp[i] - tp[i - 1])
                f = fp[i - 1] + alpha * (fp[i] - fp[i - 1])
                points.append(gains(t, f))
        points.append(gains(tp[i], fp[i]))
    area = Fraction(0)
    for (pg_a, rg_a), (pg_b, rg_b) in zip(points, points[1:]):
        area += (rg_b - rg_a) * (pg_a + pg_b) / 2
    return area


def reference_polyline(tp, fp, interpolation, leading_negatives="interpolate"):
    """The PR curve through a count path as exact (recall, precision) vertices joined by
    straight lines ("davis-goadrich": whole positive steps; "linear": the path's
    points), or, for "step", the (recall, precision) of each step's right end."""
    n_pos = tp[-1]
    vertices = []
    for i in range(1, len(tp)):
        tp_a, fp_a, tp_b, fp_b = tp[i - 1], fp[i - 1], tp[i], fp[i]
        if tp_b == tp_a:
            continue
        if leading_negatives == "drop" and tp_a == 0:
            fp_a = Fraction(0)
        p_b = tp_b / (tp_b + fp_b)
        if interpolation == "step":
            vertices.append((tp_b / n_pos, p_b))
            continue
        # Each rising segment starts at its own point (after a vertical drop, that is
        # below the last vertex, at the same recall).
        vertices.append((tp_a / n_pos, _start_precision(tp_a, fp_a, tp_b, fp_b)))
        if interpolation == "davis-goadrich":
            skew = (fp_b - fp_a) / (tp_b - tp_a)
            x = 1
            while x < tp_b - tp_a:
                vertices.append(((tp_a + x) / n_pos, (tp_a + x) / (tp_a + x + fp_a + skew * x)))
                x += 1
        vertices.append((tp_b / n_pos, p_b))
    return vertices


def reference_partial_pr_area(tp, fp, interpolation, low, high, leading_negatives="interpolate"):
    """Exact area under :func:`reference_polyline` for recall in [low, high]."""
    low, high = Fraction(low), Fraction(high)
    vertices = reference_polyline(tp, fp, interpolation, leading_negatives)
    area = Fraction(0)
    if interpolation == "step":
        previous = Fraction(0)
        for recall, precision in vertices:
            a, b = max(previous, low), min(recall, high)
            if b > a:
                area += (b - a) * precision
            previous = recall
        return area
    for (r_a, p_a), (r_b, p_b) in zip(vertices, vertices[1:]):
        a, b = max(r_a, low), min(r_b, high)
        if b <= a:
            continue
        at = lambda r: p_a + (p_b - p_a) * (r - r_a) / (r_b - r_a)  # noqa: E731
        area += (b - a) * (at(a) + at(b)) / 2
    return area

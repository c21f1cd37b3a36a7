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

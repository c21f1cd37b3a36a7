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

"""The guarantee in every segment: ``certified_threshold_per_segment`` (a threshold per
segment, and one threshold for all) against ``certified_threshold`` on the pooled rows,
on draws from three segments of known populations.

    python benchmarks/coverage_segments.py [--draws 300]

Segments (prevalence, positives' scores ``N(gap, 1)`` against negatives' ``N(0, 1)``,
rows): (0.3, 2.0, 600), (0.15, 2.5, 400), (0.4, 1.5, 800); the requirement is precision
at least 0.7 in each, at 90% confidence. Conditions: independent rows; deployed at
prevalence 0.25 in every segment (``prevalence=``); rows in clusters of 5 sharing an
effect (``groups=``; the populations' rates for new clusters by Gauss-Hermite).

Printed per condition and method: the share of draws where some segment's population
precision at its shipped threshold is below 0.75 (the guarantee: at most 10%), the
share where every segment got a threshold, and the mean population recall over the
segments. The pooled row shows what a threshold certified on all rows together
guarantees segment by segment: nothing.
"""

import argparse
import warnings

import numpy as np
from scipy.special import expit, logit
from scipy.stats import norm

import sklearn_prcurves as spc

SITES = [(0.3, 2.0, 600), (0.15, 2.5, 400), (0.4, 1.5, 800)]
TARGET, CONFIDENCE, EFFECT = 0.7, 0.9, 0.7
NODES, WEIGHTS = np.polynomial.hermite_e.hermegauss(60)
WEIGHTS = WEIGHTS / WEIGHTS.sum()


def rates(t, prevalence, gap, clustered):
    """(TPR, FPR, the population's share positive) at scores >= t."""
    if not clustered:
        return norm.sf(t - gap), norm.sf(t), prevalence
    p = expit(logit(prevalence) + NODES)
    share = float(WEIGHTS @ p)
    tpr = float(WEIGHTS @ (p * norm.sf(t - gap - EFFECT * NODES))) / share
    fpr = float(WEIGHTS @ ((1 - p) * norm.sf(t - EFFECT * NODES))) / (1 - share)
    return tpr, fpr, share


def draw(rng, clustered):
    y, s, segment, groups = [], [], [], []
    for index, (prevalence, gap, n) in enumerate(SITES):
        if clustered:
            ids = np.repeat(np.arange(n // 5), 5)
            u = rng.normal(size=n // 5)[ids]
            labels = rng.random(n) < expit(logit(prevalence) + u)
            scores = rng.normal(size=n) + gap * labels + EFFECT * u
            groups.append(ids + 10_000 * index)
        else:
            labels = rng.random(n) < prevalence
            scores = rng.normal(size=n) + gap * labels
        y.append(labels)
        s.append(scores)
        segment.append(np.full(n, index))
    return (*map(np.concatenate, (y, s, segment)),
            np.concatenate(groups) if clustered else None)


def shipped(method, y, s, segment, groups, deployed):
    keywords = dict(min_precision=TARGET, confidence_level=CONFIDENCE, prevalence=deployed,
                    groups=groups)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if method == "pooled":
            t = spc.certified_threshold(y, s, **keywords).threshold
            return [t] * len(SITES)
        found = spc.certified_threshold_per_segment(
            y, s, segment, same_threshold=method == "one for all", **keywords)
    return [found[i].threshold for i in range(len(SITES))]


def row(condition, method, args, rng):
    clustered, deployed = condition == "clusters", 0.25 if condition == "deployed" else None
    failed = certified = 0
    recall = 0.0
    for _ in range(args.draws):
        y, s, segment, groups = draw(rng, clustered)
        thresholds = shipped(method, y, s, segment, groups, deployed)
        if all(t == t for t in thresholds):
            certified += 1
        fails = False
        for t, (prevalence, gap, _) in zip(thresholds, SITES):
            if t != t:
                continue
            tpr, fpr, share = rates(t, prevalence, gap, clustered)
            share = deployed or share
            precision = share * tpr / (share * tpr + (1 - share) * fpr)
            fails |= precision < TARGET
            recall += tpr / len(SITES)
        failed += fails
    print(f"| {condition} | {method} | {failed / args.draws:.1%} | "
          f"{certified / args.draws:.0%} | {recall / args.draws:.3f} |", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--draws", type=int, default=300)
    args = parser.parse_args()
    rng = np.random.default_rng(2026)
    print(f"{args.draws} draws per row; precision >= {TARGET} in each of {len(SITES)} "
          f"segments at {CONFIDENCE:.0%}; fail: some segment's population precision below "
          "it at its shipped threshold")
    print("| rows | method | fail | every segment certified | mean recall |")
    print("|---" * 5 + "|")
    for condition in ("independent", "deployed", "clusters"):
        for method in ("per segment", "one for all", "pooled"):
            row(condition, method, args, rng)


if __name__ == "__main__":
    main()

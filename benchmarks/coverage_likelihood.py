"""Coverage of likelihood_ratio_ci's 95% intervals in known populations.

    python benchmarks/coverage_likelihood.py [--draws 2000]
    python benchmarks/coverage_likelihood.py --clusters [--draws 1000]

Binormal populations (negatives N(0, 1), positives N(shift, 1)) at a sample prevalence
and size; at each threshold the population's LR+ = TPR / FPR and LR- = FNR / TNR are
known in closed form. Prints, per setting, how often the package's interval (Koopman's
score interval) and the log method's (Simel, Samsa and Matchar 1991: log LR +- z
sqrt(1/TP - 1/P + 1/FP - 1/N), undefined where a count is 0) hold them, and the
intervals' median widths on the log scale. The post-test probability at any
prevalence is an increasing function of LR+ (LR-), so its interval covers exactly
when the likelihood ratio's does.

``--clusters``: rows in clusters (each cluster's effect moves its label logit and its
scores, ``coverage_certified_threshold.py``'s population, whose rates for a new
cluster are Gauss-Hermite integrals; 10 to 1,000 clusters of 1 + Poisson sizes), at
thresholds 1 and 3. Prints how often ``likelihood_ratio_ci(groups=)`` holds LR+ and
LR-, and ``threshold_ci(groups=, prevalence=)`` precision at 0.05 and 0.01 (the
post-test probability), beside the same functions reading the rows as independent.
"""

import argparse
import math

import numpy as np
from scipy.stats import norm

import sklearn_prcurves as spc

Z = norm.ppf(0.975)


def log_method(hits, n1, misses, n2):
    """Simel's interval of (hits / n1) / (misses / n2); None where a count is 0."""
    if hits == 0 or misses == 0:
        return None
    ratio = (hits / n1) / (misses / n2)
    spread = math.sqrt(1 / hits - 1 / n1 + 1 / misses - 1 / n2)
    return ratio * math.exp(-Z * spread), ratio * math.exp(Z * spread)


def one_setting(rows, prevalence, shift, threshold, draws):
    tpr, fpr = norm.sf(threshold - shift), norm.sf(threshold)
    truth = {"lr_plus": tpr / fpr, "lr_minus": (1 - tpr) / (1 - fpr)}
    ours = {k: [] for k in truth}
    theirs = {k: [] for k in truth}
    for seed in range(draws):
        rng = np.random.default_rng(seed)
        y = (rng.random(rows) < prevalence).astype(int)
        if y.min() == y.max():
            continue
        s = rng.normal(size=rows) + shift * y
        found = spc.likelihood_ratio_ci(y, s, threshold)
        tp = int(np.sum((s >= threshold) & (y == 1)))
        fp = int(np.sum((s >= threshold) & (y == 0)))
        n_pos, n_neg = int(y.sum()), int((1 - y).sum())
        for name, counts in (("lr_plus", (tp, n_pos, fp, n_neg)),
                             ("lr_minus", (n_pos - tp, n_pos, n_neg - fp, n_neg))):
            low, high = found[name]
            ours[name].append((low <= truth[name] <= high, math.log(high / low)
                               if 0 < low and high < math.inf else math.inf))
            other = log_method(*counts)
            theirs[name].append(None if other is None else (
                other[0] <= truth[name] <= other[1], math.log(other[1] / other[0])))
    return truth, ours, theirs


def clustered(draws):
    import itertools
    import sys
    import warnings
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from coverage_certified_threshold import cluster_draw, cluster_rates

    base, deployments = -1.5, (0.05, 0.01)
    print(f"{draws} draws per setting; 95% intervals; covers: groups= / rows as independent")
    print("| clusters x size (c) | threshold | LR+ | LR- | precision at 0.05 | "
          "precision at 0.01 |")
    print("|---|---|---|---|---|---|")
    shapes = ((10, 20, 0.7), (30, 5, 0.7), (100, 20, 0.7), (300, 5, 0.3), (1000, 5, 0.7),
              (1000, 20, 0.9))
    for (k, size, c), threshold in itertools.product(shapes, (1.0, 3.0)):
        _, tpr, fpr = cluster_rates(threshold, base, c)
        truths = [tpr / fpr, (1 - tpr) / (1 - fpr)] + [
            pi * tpr / (pi * tpr + (1 - pi) * fpr) for pi in deployments]
        held = np.zeros((2, 4))
        rng = np.random.default_rng(k * 100 + size)
        for _ in range(draws):
            y, scores, groups = cluster_draw(rng, k, size, base, c)
            for at, ids in enumerate((groups, None)):
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    ratios = spc.likelihood_ratio_ci(y, scores, threshold, groups=ids)
                    found = [ratios.lr_plus, ratios.lr_minus] + [
                        spc.threshold_ci(y, scores, threshold, groups=ids,
                                         prevalence=pi).precision for pi in deployments]
                held[at] += [f.low <= truth <= f.high for f, truth in zip(found, truths)]
        cells = " | ".join(f"{a:.1%} / {b:.1%}" for a, b in zip(*(held / draws)))
        print(f"| {k} x {size} ({c}) | {threshold:g} | {cells} |", flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--draws", type=int, default=2000)
    parser.add_argument("--clusters", action="store_true", help="rows in clusters")
    args = parser.parse_args()
    if args.clusters:
        return clustered(args.draws)
    print(f"{args.draws} samples per setting; 95% intervals; width: median log(high/low)")
    print("| rows | prevalence | shift | threshold | LR+ | LR- | ours covers LR+, LR- | "
          "log method covers LR+, LR- (defined in) | median widths ours / log |")
    print("|---|---|---|---|---|---|---|---|---|")
    for rows, prevalence, shift, threshold in ((200, 0.15, 1.2, 1.0), (200, 0.5, 1.0, 0.5),
                                               (1000, 0.05, 1.5, 2.0), (1000, 0.15, 1.2, 1.0),
                                               (300, 0.1, 2.0, 2.5), (5000, 0.01, 1.5, 1.5)):
        truth, ours, theirs = one_setting(rows, prevalence, shift, threshold, args.draws)
        cells = []
        for name in ("lr_plus", "lr_minus"):
            mine = ours[name]
            defined = [t for t in theirs[name] if t is not None]
            cells.append((np.mean([c for c, _ in mine]),
                          np.mean([c for c, _ in defined]) if defined else math.nan,
                          len(defined) / len(mine), np.median([w for _, w in mine]),
                          np.median([w for _, w in defined]) if defined else math.nan))
        (a1, b1, d1, w1, v1), (a2, b2, d2, w2, v2) = cells
        print(f"| {rows} | {prevalence} | {shift} | {threshold} | {truth['lr_plus']:.3g} | "
              f"{truth['lr_minus']:.3g} | {a1:.1%}, {a2:.1%} | {b1:.1%}, {b2:.1%} "
              f"({d1:.0%}, {d2:.0%}) | {w1:.3f} / {v1:.3f}, {w2:.3f} / {v2:.3f} |")


if __name__ == "__main__":
    main()

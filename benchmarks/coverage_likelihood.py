"""Coverage of likelihood_ratio_ci's 95% intervals in known populations.

    python benchmarks/coverage_likelihood.py [--draws 2000]

Binormal populations (negatives N(0, 1), positives N(shift, 1)) at a sample prevalence
and size; at each threshold the population's LR+ = TPR / FPR and LR- = FNR / TNR are
known in closed form. Prints, per setting, how often the package's interval (Koopman's
score interval) and the log method's (Simel, Samsa and Matchar 1991: log LR +- z
sqrt(1/TP - 1/P + 1/FP - 1/N), undefined where a count is 0) hold them, and the
intervals' median widths on the log scale. The post-test probability at any
prevalence is an increasing function of LR+ (LR-), so its interval covers exactly
when the likelihood ratio's does.
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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--draws", type=int, default=2000)
    args = parser.parse_args()
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

"""threshold_stability in a known population: binormal scores (positives ``N(1.5, 1)``,
negatives ``N(0, 1)``, prevalence 0.3), the F1 rule.

    python benchmarks/coverage_stability.py [--draws 300] [--sizes 300 2000]

Printed per size: the share of draws whose interval of resampled thresholds holds the
population's F1-best threshold (95% asked), and the mean error of the in-sample F1 and
of the out-of-bag F1 against the population's F1 at the threshold the rule shipped
(the in-sample value's optimism, and what the out-of-bag value leaves of it).
"""

import argparse
import warnings

import numpy as np
from scipy.stats import norm

import sklearn_prcurves as spc

GAP, PREVALENCE = 1.5, 0.3


def population_f1(t):
    tpr, fpr = norm.sf(t - GAP), norm.sf(t)
    return 2 * PREVALENCE * tpr / (PREVALENCE * tpr + (1 - PREVALENCE) * fpr + PREVALENCE)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--draws", type=int, default=300)
    parser.add_argument("--sizes", type=int, nargs="+", default=[300, 2000])
    args = parser.parse_args()
    rng = np.random.default_rng(11)
    grid = np.linspace(-1, 3, 4001)
    best = grid[np.argmax(population_f1(grid))]
    print("| rows | interval holds the best threshold | in-sample F1 error | "
          "out-of-bag F1 error |")
    print("|---|---|---|---|")
    for n in args.sizes:
        covered, in_sample, out_of_bag = 0, [], []
        for _ in range(args.draws):
            y = rng.random(n) < PREVALENCE
            s = rng.normal(size=n) + GAP * y
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                got = spc.threshold_stability(y, s, n_resamples=200,
                                              random_state=int(rng.integers(2**31)))
            covered += got.threshold_interval.low <= best <= got.threshold_interval.high
            truth = population_f1(got.threshold)
            in_sample.append(got.value - truth)
            out_of_bag.append(got.out_of_bag - truth)
        print(f"| {n} | {covered / args.draws:.1%} | {np.mean(in_sample):+.4f} | "
              f"{np.mean(out_of_bag):+.4f} |", flush=True)


if __name__ == "__main__":
    main()

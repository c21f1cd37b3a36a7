"""How often the report's paired AUC-PR interval holds the true difference.

A statistical check, not a timing: data are drawn again and again from a population
whose AUC-PR values are known (binormal scores of two correlated models), and each
draw goes through ``sklearn_prcurves.report``. The report's interval for the AUC-PR
difference should hold the population difference in about the stated share of the
draws (95%), and when both models are equally good (difference 0) the test should
reject in about 5%. Both ``paired_test="delta"`` (the default) and ``"bootstrap"``
are checked on the same draws.

    python benchmarks/coverage_paired_test.py [--draws 400] [--bootstrap-draws 150]

The population AUC-PR is the integral of precision over recall for normal score
distributions, computed on a fine grid of thresholds; the report's Davis-Goadrich
AUC-PR estimates it (its bias at few positives shows as coverage below 95%).
"""

import argparse
import math
import time
import warnings

import numpy as np
from scipy.stats import norm

import sklearn_prcurves as spc


def population_pr_auc(mean, sd, prevalence):
    """AUC-PR of scores N(mean, sd) for positives and N(0, sd) for negatives."""
    t = np.linspace(-12 * sd, mean + 12 * sd, 400_001)
    recall = norm.sf((t - mean) / sd)
    fpr = norm.sf(t / sd)
    precision = prevalence * recall / (prevalence * recall + (1 - prevalence) * fpr)
    # Integrate precision over recall (recall falls as t rises).
    return float(np.sum((precision[1:] + precision[:-1]) / 2 * -np.diff(recall)))


def draw(rng, n, prevalence, gap_a, gap_b, rho):
    """Two models sharing a noise term with correlation ``rho``; each model's scores
    have variance 2 in each class, shifted by ``gap`` for positives."""
    y = (rng.random(n) < prevalence).astype(int)
    shared = rng.normal(size=n)
    other = rho * shared + math.sqrt(1 - rho * rho) * rng.normal(size=n)
    a = gap_a * y + shared + rng.normal(size=n)
    b = gap_b * y + other + rng.normal(size=n)
    return y, a, b


def interval_of_a_minus_b(y, a, b, **options):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = spc.report(y, {"a": a, "b": b}, **options).to_dict()
    tests = result["comparison"].get("paired_auc_pr") or {}
    if not tests:
        return None
    (model, test), = tests.items()
    if model == "b":  # the interval of a - b
        return test["low"], test["high"]
    return -test["high"], -test["low"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--draws", type=int, default=400)
    parser.add_argument("--bootstrap-draws", type=int, default=150)
    args = parser.parse_args()
    sd = math.sqrt(2.0)
    print(f"{'rows':>7s} {'prev':>5s} {'gaps':>9s} {'true diff':>9s} {'method':>9s} "
          f"{'draws':>5s} {'holds':>6s} {'mean width':>10s} {'s/draw':>7s}")
    for n, prevalence in [(1000, 0.1), (10_000, 0.03), (10_000, 0.2), (100_000, 0.03)]:
        for gap_a, gap_b in [(1.5, 1.2), (1.2, 1.2)]:
            truth = (population_pr_auc(gap_a, sd, prevalence)
                     - population_pr_auc(gap_b, sd, prevalence))
            for method, draws in [("delta", args.draws), ("bootstrap", args.bootstrap_draws)]:
                if method == "bootstrap" and n > 10_000:
                    continue
                rng = np.random.default_rng(2006)
                holds, widths = [], []
                start = time.perf_counter()
                for _ in range(draws):
                    y, a, b = draw(rng, n, prevalence, gap_a, gap_b, rho=0.6)
                    interval = interval_of_a_minus_b(y, a, b, paired_test=method)
                    if interval is None:
                        continue
                    holds.append(interval[0] <= truth <= interval[1])
                    widths.append(interval[1] - interval[0])
                each = (time.perf_counter() - start) / draws
                share = np.mean(holds)
                print(f"{n:7d} {prevalence:5.2f} {gap_a:4.1f}/{gap_b:3.1f} {truth:9.4f} "
                      f"{method:>9s} {len(holds):5d} {share:6.3f} {np.mean(widths):10.4f} "
                      f"{each:7.3f}", flush=True)


if __name__ == "__main__":
    main()

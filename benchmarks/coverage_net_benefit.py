"""Coverage of compare_net_benefit's intervals in a population with known curves.

    python benchmarks/coverage_net_benefit.py [--sets 1000] [--n 1000] [--resamples 400]
    python benchmarks/coverage_net_benefit.py --clusters [--sets 1000]

A population where 20% are positive and two models' probabilities are logistic in a
normal score (the first separating the classes better); its net benefit difference at
each threshold is read from 4 million rows of it (standard error below 2e-4). Then
``--sets`` evaluation sets of ``--n`` rows are drawn, and each one's 95% interval is
checked to hold the population's difference. Printed: the share of intervals that
cover it, per threshold (nominal 95%; the percentile bootstrap runs a little short
in small sets), and the same at a deployment prevalence of 5% (``prevalence=``).
Beside it, the normal interval of the difference as a mean of per-row contributions
(unconditional on the class share at the sets' own prevalence; each class's mean at
a given one): a candidate for the function's interval, measured before it replaces
the bootstrap's.

``--clusters``: rows in clusters (1 + Poisson sizes; each cluster's effect moves its
label logit and the first model's score, weight 0.7 of its noise, so the two models'
decisions differ more in some clusters than in others), the population's
difference read from 4 million rows of new clusters; per setting (10 to 1,000
clusters), the share of ``compare_net_benefit(groups=)``'s intervals that hold it,
beside the same rows read as independent, at the sets' own prevalence and at 0.05.
"""

import argparse
import warnings

import numpy as np
from scipy.stats import norm

import sklearn_prcurves as spc

THRESHOLDS = np.array([0.05, 0.1, 0.2, 0.3, 0.5])


def population(n, rng):
    y = rng.random(n) < 0.2
    noise = rng.normal(size=(2, n))
    a = 1 / (1 + np.exp(-(1.5 * noise[0] + 2.5 * y - 2.2)))
    b = 1 / (1 + np.exp(-(1.5 * noise[1] + 1.5 * y - 2.0)))
    return y.astype(int), a, b


def per_row_interval(y, a, b, prevalence, level=0.95):
    """The normal interval of the net benefit difference read as a mean of per-row
    contributions: at the rows' own prevalence, ``y d - (1 - y) d odds`` over all rows
    (the class share varies between sets); at a given one, each class's mean of ``d``
    (``d``: a's decision minus b's at each threshold)."""
    z, odds = norm.ppf(0.5 + level / 2), THRESHOLDS / (1 - THRESHOLDS)
    d = (a[:, None] >= THRESHOLDS).astype(float) - (b[:, None] >= THRESHOLDS)
    pos = y == 1
    if prevalence is None:
        c = np.where(pos[:, None], d, -d * odds)
        estimate, spread = c.mean(0), c.std(0, ddof=1) / np.sqrt(y.shape[0])
    else:
        estimate = prevalence * d[pos].mean(0) - (1 - prevalence) * odds * d[~pos].mean(0)
        spread = np.sqrt(prevalence ** 2 * d[pos].var(0, ddof=1) / pos.sum()
                         + ((1 - prevalence) * odds) ** 2 * d[~pos].var(0, ddof=1)
                         / (~pos).sum())
    return estimate - z * spread, estimate + z * spread


def clustered_population(k, size, rng, c=0.7):
    """``k`` clusters of 1 + Poisson(size - 1) rows: labels, both models'
    probabilities, cluster ids."""
    groups = np.repeat(np.arange(k), 1 + rng.poisson(size - 1, k))
    effect = rng.normal(size=k)[groups]
    n = groups.shape[0]
    y = rng.random(n) < 1 / (1 + np.exp(-(effect - 1.6)))
    # (a reads the cluster's effect, b does not: their decisions differ by cluster)
    noise = rng.normal(size=(2, n))
    a = 1 / (1 + np.exp(-(1.5 * (c * effect + np.sqrt(1 - c * c) * noise[0])
                          + 2.5 * y - 2.2)))
    b = 1 / (1 + np.exp(-(1.5 * noise[1] + 1.5 * y - 2.0)))
    return y.astype(int), a, b, groups


def clustered(sets):
    rng = np.random.default_rng(1998)
    y, a, b, _ = clustered_population(800_000, 5, rng)  # (4 million rows)
    truths = {prevalence: spc.net_benefit_curve(y, a, thresholds=THRESHOLDS,
                                                prevalence=prevalence).net_benefit
              - spc.net_benefit_curve(y, b, thresholds=THRESHOLDS,
                                      prevalence=prevalence).net_benefit
              for prevalence in (None, 0.05)}
    print(f"{sets} sets a setting; 95% intervals; covers: groups= / rows as independent")
    print("| clusters x size | prevalence | " + " | ".join(f"pt={t:g}" for t in THRESHOLDS)
          + " |")
    print("|---|---|" + "---|" * len(THRESHOLDS))
    for k, size in ((10, 20), (30, 5), (30, 20), (100, 20), (1000, 5)):
        for prevalence, truth in truths.items():
            covered = np.zeros((2, THRESHOLDS.shape[0]))
            for _ in range(sets):
                ys, as_, bs, groups = clustered_population(k, size, rng)
                for at, ids in enumerate((groups, None)):
                    with warnings.catch_warnings():
                        warnings.simplefilter("ignore")
                        result = spc.compare_net_benefit(ys, as_, bs, thresholds=THRESHOLDS,
                                                         prevalence=prevalence, groups=ids)
                    covered[at] += (result.low <= truth) & (truth <= result.high)
            label = "own" if prevalence is None else f"{prevalence:g}"
            print(f"| {k} x {size} | {label} | " + " | ".join(
                f"{g / sets:.1%} / {r / sets:.1%}" for g, r in zip(*covered)) + " |",
                flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sets", type=int, default=1000)
    parser.add_argument("--n", type=int, default=1000)
    parser.add_argument("--resamples", type=int, default=400)
    parser.add_argument("--clusters", action="store_true", help="rows in clusters")
    args = parser.parse_args()
    if args.clusters:
        return clustered(args.sets)
    rng = np.random.default_rng(2006)
    y, a, b = population(4_000_000, rng)
    print(f"{args.sets} evaluation sets of {args.n} rows, {args.resamples} resamples each")
    print("| prevalence | " + " | ".join(f"pt={t:g}" for t in THRESHOLDS) + " |")
    print("|---|" + "---|" * len(THRESHOLDS))
    for prevalence in (None, 0.05):
        truth = (spc.net_benefit_curve(y, a, thresholds=THRESHOLDS, prevalence=prevalence)
                 .net_benefit - spc.net_benefit_curve(y, b, thresholds=THRESHOLDS,
                                                      prevalence=prevalence).net_benefit)
        covered = np.zeros(THRESHOLDS.shape[0])
        per_row = np.zeros(THRESHOLDS.shape[0])
        for _ in range(args.sets):
            ys, as_, bs = population(args.n, rng)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # (n_resamples below 2000: a UserWarning)
                result = spc.compare_net_benefit(ys, as_, bs, thresholds=THRESHOLDS,
                                                 prevalence=prevalence,
                                                 n_resamples=args.resamples,
                                                 random_state=int(rng.integers(2**31)))
            covered += (result.low <= truth) & (truth <= result.high)
            low, high = per_row_interval(ys, as_, bs, prevalence)
            per_row += (low <= truth) & (truth <= high)
        label = "the sets' own (20%)" if prevalence is None else f"{prevalence:g}"
        print(f"| {label} | " + " | ".join(f"{c / args.sets:.1%}" for c in covered) + " |",
              flush=True)
        print(f"| {label}, per-row normal | "
              + " | ".join(f"{c / args.sets:.1%}" for c in per_row) + " |", flush=True)


if __name__ == "__main__":
    main()

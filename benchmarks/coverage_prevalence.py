"""Estimates at a deployment's prevalence from evaluation sets drawn at another, and
the coverage of their 95% intervals, in a population with known curves.

    python benchmarks/coverage_prevalence.py [--sets 1000] [--n 2000] [--resamples 300]
    python benchmarks/coverage_prevalence.py --explorer --sets 2000 --deploy 0.05 0.01 0.001

A binormal population: negatives' scores N(0, 1), positives' N(1.5, 1), whose AUC-PR
at the deployment's prevalence is an integral over its thresholds. Then ``--sets``
evaluation sets of ``--n`` rows are drawn at the evaluation prevalence (balanced, as
labelled test sets often are) and each is mapped to the deployment's. Printed per
deployment prevalence: the mean estimate beside the population's value (centred: a
bias well inside the spread) and the share of 95% intervals that hold the population's
value, for Boyd's logit interval, the stratified percentile bootstrap and the basic
bootstrap (its quantiles reflected about the estimate) (``--bca``: the BCa bootstrap
too); and the precision at recall 1/2, estimated beside its
population value. Under each row, the bias and spread across the sets beside the
bootstrap's own view of them (its interval's centre less the estimate, its half-width
over 1.96). ``--bias-by-n 5000 20000 ...`` prints only the plug-in area's bias, in
units of its spread, at each set size.

``--explorer``: the page's threshold explorer at a deployment's prevalence, at three
thresholds (1, 2 and 3 in the population's scores): the share of ``--sets`` draws whose
95% interval of precision holds the population's, for the interval it shows (the
score interval of the ratio of the two rates, from the data's rows) and for Wilson's
interval of the re-weighted counts, which it showed before.
"""

import argparse
import warnings

import numpy as np

import sklearn_prcurves as spc

SHIFT = 1.5


def draw(n, prevalence, rng):
    y = (rng.random(n) < prevalence).astype(int)
    return y, rng.normal(size=n) + SHIFT * y


def population_area(prevalence):
    """The population's AUC-PR at ``prevalence``: the integral over thresholds ``t``
    of its precision, ``pi TPR / (pi TPR + (1 - pi) FPR)``, against its recall,
    ``TPR = Phi(SHIFT - t)``, ``FPR = Phi(-t)``."""
    from scipy import integrate, stats

    def precision_density(t):
        tpr, fpr = stats.norm.cdf(SHIFT - t), stats.norm.cdf(-t)
        precision = prevalence * tpr / (prevalence * tpr + (1 - prevalence) * fpr)
        return precision * stats.norm.pdf(SHIFT - t)

    return integrate.quad(precision_density, -30, 30, limit=500)[0]


def population_precision_at_half_recall(prevalence):
    """The population's precision where its recall is 1/2 (threshold ``SHIFT``)."""
    from scipy import stats

    fpr = stats.norm.cdf(-SHIFT)
    return prevalence * 0.5 / (prevalence * 0.5 + (1 - prevalence) * fpr)


def _logit_interval(y, s, prevalence, z=1.959963984540054):
    """Boyd's logit interval over the positives, as pr_auc_ci gives it at the data's
    own prevalence: ``logit(a) +/- z / sqrt(n a (1 - a))``."""
    area = spc.pr_auc_score(y, s, interpolation="continuous", prevalence=prevalence)
    tau = z / np.sqrt(y.sum() * area * (1 - area))
    eta = np.log(area / (1 - area))
    return spc.ConfidenceInterval(1 / (1 + np.exp(tau - eta)), 1 / (1 + np.exp(-eta - tau)),
                                  estimate=area, method="logit", confidence_level=0.95)


def run(args, deploy, rng):
    truth = population_area(deploy)
    point_truth = population_precision_at_half_recall(deploy)
    estimates, points, seen, basic = [], [], [], 0
    covered = dict.fromkeys(("logit", "bootstrap", "bca") if args.bca else
                            ("logit", "bootstrap"), 0)
    for _ in range(args.sets):
        y, s = draw(args.n, args.evaluation, rng)
        points.append(spc.precision_at_recall(y, s, min_recall=0.5, prevalence=deploy).value)
        for method in covered:
            seed = int(rng.integers(2**31))
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                if method == "logit":  # (refused with prevalence=: computed here)
                    ci = _logit_interval(y, s, deploy)
                elif method == "bca":
                    ci = spc.bootstrap_ci(spc.pr_auc_score, y, s, method="bca",
                                          interpolation="continuous", prevalence=deploy,
                                          n_resamples=args.resamples, random_state=seed)
                else:
                    ci = spc.pr_auc_ci(y, s, method=method, interpolation="continuous",
                                       prevalence=deploy, n_resamples=args.resamples,
                                       random_state=seed)
            covered[method] += ci.low <= truth <= ci.high
            if method == "bootstrap":  # (its own idea of the bias and the spread)
                seen.append(((ci.low + ci.high) / 2 - ci.estimate,
                             (ci.high - ci.low) / (2 * 1.959963984540054)))
                # the basic bootstrap: the same quantiles reflected about the estimate
                basic += 2 * ci.estimate - ci.high <= truth <= 2 * ci.estimate - ci.low
        estimates.append(ci.estimate)
    estimates, points = np.array(estimates), np.array(points)
    spread = estimates.std(ddof=1)
    rates = " | ".join(f"{covered[m] / args.sets:.1%}" for m in covered)
    rates += f" | {basic / args.sets:.1%}"
    print(f"| {deploy:g} | {truth:.4f} | {estimates.mean():.4f} | "
          f"{(estimates.mean() - truth) / spread:+.2f} | {rates} | {point_truth:.4f} | "
          f"{points.mean():.4f} | {(points.mean() - point_truth) / points.std(ddof=1):+.2f} |")
    seen = np.mean(seen, axis=0)
    print(f"  (at {deploy:g}: across the sets, bias {estimates.mean() - truth:+.4f} and spread "
          f"{spread:.4f}; as the bootstrap sees them, interval centre less estimate "
          f"{seen[0]:+.4f} and half-width / 1.96 {seen[1]:.4f}, on average)")


def bias_by_size(args, rng):
    """The plug-in area's bias, in units of its spread, by the evaluation set's size."""
    for deploy in args.deploy:
        truth = population_area(deploy)
        for n in args.bias_by_n:
            estimates = np.array([spc.pr_auc_score(*draw(n, args.evaluation, rng),
                                                   interpolation="continuous",
                                                   prevalence=deploy)
                                  for _ in range(args.sets)])
            print(f"| {deploy:g} | {n:,} | {truth:.4f} | {estimates.mean():.4f} | "
                  f"{(estimates.mean() - truth) / estimates.std(ddof=1):+.2f} |")


def explorer(args, rng):
    """The explorer's precision intervals at each deployment prevalence (see above)."""
    from scipy.stats import norm

    from sklearn_prcurves._inference._proportions import (
        precision_at_prevalence_interval,
        wilson_interval,
    )

    thresholds = np.array([1.0, 2.0, 3.0])
    tpr, fpr = norm.sf(thresholds - SHIFT), norm.sf(thresholds)
    print(f"{args.sets} evaluation sets of {args.n} rows at prevalence {args.evaluation:g}; "
          "95% intervals of precision at thresholds 1, 2, 3")
    print("| deployed at | population precision | ratio score interval covers | "
          "Wilson of re-weighted counts covers |")
    print("|---|---|---|---|")
    for deploy in args.deploy:
        truth = deploy * tpr / (deploy * tpr + (1 - deploy) * fpr)
        shown, before = np.zeros(3), np.zeros(3)
        for _ in range(args.sets):
            y, s = draw(args.n, args.evaluation, rng)
            n_pos, n_neg = y.sum(), (1 - y).sum()
            tp = ((s[:, None] >= thresholds) & (y[:, None] == 1)).sum(0)
            fp = ((s[:, None] >= thresholds) & (y[:, None] == 0)).sum(0)
            low, high = precision_at_prevalence_interval(tp, fp, n_pos, n_neg, deploy, 0.95)
            shown += (low <= truth) & (truth <= high)
            weighted = fp * n_pos * (1 - deploy) / (deploy * n_neg)  # (the negatives' weight)
            low, high = wilson_interval(tp, tp + weighted, 0.95)
            before += (low <= truth) & (truth <= high)
        share = lambda hits: ", ".join(f"{h / args.sets:.1%}" for h in hits)  # noqa: E731
        print(f"| {deploy:g} | {', '.join(f'{t:.4f}' for t in truth)} | {share(shown)} | "
              f"{share(before)} |")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sets", type=int, default=1000)
    parser.add_argument("--n", type=int, default=2000)
    parser.add_argument("--resamples", type=int, default=300)
    parser.add_argument("--evaluation", type=float, default=0.5)
    parser.add_argument("--deploy", type=float, nargs="+", default=[0.2, 0.05, 0.01])
    parser.add_argument("--bca", action="store_true", help="the BCa bootstrap too (slow)")
    parser.add_argument("--bias-by-n", type=int, nargs="+", default=None,
                        help="only the plug-in area's bias at these set sizes (no intervals)")
    parser.add_argument("--explorer", action="store_true",
                        help="only the page explorer's intervals of precision")
    args = parser.parse_args()
    rng = np.random.default_rng(2006)
    if args.explorer:
        return explorer(args, rng)
    if args.bias_by_n:
        print(f"{args.sets} evaluation sets at prevalence {args.evaluation:g} per size")
        print("| deployed at | rows | population AUC-PR | mean estimate | bias / sd |")
        print("|---|---|---|---|---|")
        return bias_by_size(args, rng)
    print(f"{args.sets} evaluation sets of {args.n} rows at prevalence {args.evaluation:g}; "
          f"{args.resamples} resamples each")
    print("| deployed at | population AUC-PR | mean estimate | bias / sd | logit covers "
          "| bootstrap covers |" + (" BCa covers |" if args.bca else "") + " basic covers |"
          + " population precision at recall 0.5 | mean estimate | bias / sd |")
    print("|---" * (11 if args.bca else 10) + "|")
    for deploy in args.deploy:
        run(args, deploy, rng)


if __name__ == "__main__":
    main()

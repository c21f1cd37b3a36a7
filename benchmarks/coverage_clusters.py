"""Coverage of the clustered intervals and the level of the clustered paired tests,
in a population whose rows come in clusters.

    python benchmarks/coverage_clusters.py [--draws 1000] [--clusters 100] [--size 8]
    python benchmarks/coverage_clusters.py --few [--draws 1000] [--boot-draws 400]
    python benchmarks/coverage_clusters.py --deployed 0.05 0.01 [--draws 400]

Each cluster (a patient with several visits, say) has an effect ``u ~ N(0, sd)``
shared by its rows: it raises their chance of being positive and their scores, so
rows of one cluster are alike. Two models score every row: each sees the label with
weight 1.2 and ``u``, plus a quirk of its own per cluster (``N(0, sd)``, the same
spread for both) and row noise: the same AUC-ROC in the population, so a paired test
should reject 5% of the time at the 5% level, while the models' difference is alike
within a cluster. The
population's AUC-ROC and AUC-PR are read from 400,000 clusters. Then ``--draws``
evaluation sets of ``--clusters`` clusters are drawn; printed per cluster effect:
the share of 95% intervals holding the population value, row-level and clustered
(DeLong, Obuchowski's clustered DeLong; the stratified bootstrap of rows and the
bootstrap of clusters for AUC-PR and its basic interval, with ``--bca`` its BCa
interval too), and the paired
DeLong test's rejection rate.

``--few``: the same population with clusters of unequal size (1 to ``2 * size - 1``
rows) at 4, 6, 10, 20, 50 and 100 clusters (``--counts``): per cluster effect and
count, the coverage of every interval that takes ``groups=`` (``roc_auc_ci``,
``pr_auc_ci``, ``threshold_ci``'s precision at a threshold fixed in the population, by
its Korn-Graubard default and by the bootstrap)
and the rejection rate of both paired tests of two equally good models
(``delong_test``, ``bootstrap_test`` of AUC-PR). The truths come from 200,000
clusters; ``--boot-draws`` sets the draws of the bootstrap columns.

``--deployed``: AUC-PR at a deployment prevalence with clusters (``pr_auc_ci(groups=,
prevalence=)``, continuous interpolation): per cluster effect and prevalence, the
coverage of the cluster bootstrap's percentile, basic and BCa intervals of the
population's value (read from 400,000 clusters at that prevalence).
"""

import argparse
import warnings

import numpy as np

import sklearn_prcurves as spc


def draw(n_clusters, size, sd, rng):
    groups = np.repeat(np.arange(n_clusters), size)
    effect, quirk_a, quirk_b = (rng.normal(scale=sd, size=n_clusters)[groups]
                                for _ in range(3))
    y = (rng.random(groups.shape[0]) < 1 / (1 + np.exp(-(effect - 1.0)))).astype(int)
    a = 1.2 * y + effect + quirk_a + rng.normal(size=groups.shape[0])
    b = 1.2 * y + effect + quirk_b + rng.normal(size=groups.shape[0])
    return y, a, b, groups


def run(args, sd, rng):
    y, a, _, _ = draw(400_000, args.size, sd, rng)
    roc_truth = spc.roc_auc_score(y, a)
    pr_truth = spc.pr_auc_score(y, a, interpolation="continuous")
    hits = dict.fromkeys(("roc rows", "roc clusters", "pr rows", "pr clusters",
                          "pr clusters basic")
                         + (("pr clusters bca",) if args.bca else ()), 0)
    rejected = {"rows": 0, "clusters": 0}
    for _ in range(args.draws):
        y, a, b, groups = draw(args.clusters, args.size, sd, rng)
        seed = int(rng.integers(2**31))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            intervals = {
                "roc rows": spc.roc_auc_ci(y, a),
                "roc clusters": spc.roc_auc_ci(y, a, groups=groups),
                "pr rows": spc.pr_auc_ci(y, a, method="bootstrap", interpolation="continuous",
                                         n_resamples=args.resamples, random_state=seed),
                "pr clusters": spc.pr_auc_ci(y, a, groups=groups, interpolation="continuous",
                                             n_resamples=args.resamples, random_state=seed),
            }
            clusters = intervals["pr clusters"]  # (its quantiles reflected: the basic one)
            intervals["pr clusters basic"] = (2 * clusters.estimate - clusters.high,
                                              2 * clusters.estimate - clusters.low)
            if args.bca:
                intervals["pr clusters bca"] = spc.bootstrap_ci(
                    "pr_auc_continuous", y, a, groups=groups, method="bca",
                    n_resamples=args.resamples, random_state=seed)
        for key, (low, high) in intervals.items():
            truth = roc_truth if key.startswith("roc") else pr_truth
            hits[key] += low <= truth <= high
        rejected["rows"] += spc.delong_test(y, a, b).pvalue < 0.05
        rejected["clusters"] += spc.delong_test(y, a, b, groups=groups).pvalue < 0.05
    rates = " | ".join(f"{hits[k] / args.draws:.1%}" for k in hits)
    print(f"| {sd:g} | {roc_truth:.4f} | {pr_truth:.4f} | {rates} | "
          f"{rejected['rows'] / args.draws:.1%} | {rejected['clusters'] / args.draws:.1%} |")


def draw_unequal(n_clusters, size, sd, rng):
    """:func:`draw` with clusters of 1 to ``2 * size - 1`` rows."""
    groups = np.repeat(np.arange(n_clusters), rng.integers(1, 2 * size, n_clusters))
    effect, quirk_a, quirk_b = (rng.normal(scale=sd, size=n_clusters)[groups]
                                for _ in range(3))
    y = (rng.random(groups.shape[0]) < 1 / (1 + np.exp(-(effect - 1.0)))).astype(int)
    a = 1.2 * y + effect + quirk_a + rng.normal(size=groups.shape[0])
    b = 1.2 * y + effect + quirk_b + rng.normal(size=groups.shape[0])
    return y, a, b, groups


def _few_row(args, sd, k, truths, rng):
    roc_truth, pr_truth, threshold, precision_truth = truths
    hits, tested = dict.fromkeys(("roc", "pr", "precision", "boot"), 0), dict.fromkeys("db", 0)
    drawn = dict.fromkeys(("roc", "pr", "precision", "boot"), 0)
    for i in range(args.draws):
        y, a, b, groups = draw_unequal(k, args.size, sd, rng)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                low, high = spc.roc_auc_ci(y, a, groups=groups)
                test = spc.delong_test(y, a, b, groups=groups)
            except ValueError:  # (one class, or fewer than two of each)
                continue
            drawn["roc"] += 1
            hits["roc"] += low <= roc_truth <= high
            tested["d"] += test.pvalue < 0.05
            point = spc.threshold_ci(y, a, threshold, groups=groups)  # (Korn-Graubard)
            if point.precision.low == point.precision.low:  # (defined)
                drawn["precision"] += 1
                hits["precision"] += (point.precision.low <= precision_truth
                                      <= point.precision.high)
            if i >= args.boot_draws:
                continue
            seed = int(rng.integers(2**31))
            try:
                low, high = spc.pr_auc_ci(y, a, groups=groups, interpolation="continuous",
                                          n_resamples=args.resamples, random_state=seed)
                test = spc.bootstrap_test("pr_auc_continuous", y, a, b, groups=groups,
                                          n_resamples=args.resamples, random_state=seed)
                point = spc.threshold_ci(y, a, threshold, groups=groups, method="bootstrap",
                                         n_resamples=args.resamples, random_state=seed)
            except ValueError:  # (every resample of one class)
                continue
        drawn["pr"] += 1
        hits["pr"] += low <= pr_truth <= high
        tested["b"] += test.pvalue < 0.05
        if point.precision.low == point.precision.low:
            drawn["boot"] += 1
            hits["boot"] += point.precision.low <= precision_truth <= point.precision.high
    share = {key: hits[key] / max(drawn[key], 1) for key in hits}
    print(f"| {sd:g} | {k} | {share['roc']:.1%} | {tested['d'] / max(drawn['roc'], 1):.1%} "
          f"| {share['pr']:.1%} | {share['precision']:.1%} | {share['boot']:.1%} | "
          f"{tested['b'] / max(drawn['pr'], 1):.1%} | {drawn['roc']}, {drawn['pr']} |",
          flush=True)


def few(args, rng):
    print(f"clusters of 1 to {2 * args.size - 1} rows; {args.draws} draws for DeLong, "
          f"{args.boot_draws} for the bootstraps ({args.resamples} resamples); 95% intervals")
    print("| cluster effect sd | clusters | roc_auc_ci covers | delong_test rejects (5%) | "
          "pr_auc_ci covers | threshold_ci precision covers | the same by the bootstrap | "
          "bootstrap_test rejects | draws (DeLong, bootstrap) |")
    print("|---" * 9 + "|")
    for sd in args.effects:
        y, a, _, _ = draw_unequal(200_000, args.size, sd, rng)
        threshold = float(np.quantile(a, 0.7))
        truths = (spc.roc_auc_score(y, a), spc.pr_auc_score(y, a, interpolation="continuous"),
                  threshold, float(y[a >= threshold].mean()))
        for k in args.counts:
            _few_row(args, sd, k, truths, rng)


def deployed(args, rng):
    print(f"{args.clusters} clusters of {args.size} rows; {args.draws} draws, "
          f"{args.resamples} resamples; 95% intervals of AUC-PR at the prevalence")
    print("| cluster effect sd | prevalence | population AUC-PR | percentile | basic | BCa |")
    print("|---" * 6 + "|")
    for sd in args.effects:
        y, a, _, _ = draw(400_000, args.size, sd, rng)
        for prevalence in args.deployed:
            truth = spc.pr_auc_score(y, a, interpolation="continuous", prevalence=prevalence)
            hits = dict.fromkeys(("percentile", "basic", "bca"), 0)
            for _ in range(args.draws):
                yd, ad, _, groups = draw(args.clusters, args.size, sd, rng)
                seed = int(rng.integers(2**31))
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    for method in hits:
                        low, high = spc.bootstrap_ci(
                            "pr_auc_continuous", yd, ad, groups=groups, method=method,
                            n_resamples=args.resamples, random_state=seed,
                            prevalence=prevalence)
                        hits[method] += low <= truth <= high
            rates = " | ".join(f"{count / args.draws:.1%}" for count in hits.values())
            print(f"| {sd:g} | {prevalence:g} | {truth:.4f} | {rates} |", flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--draws", type=int, default=1000)
    parser.add_argument("--clusters", type=int, default=100)
    parser.add_argument("--size", type=int, default=8)
    parser.add_argument("--resamples", type=int, default=200)
    parser.add_argument("--effects", type=float, nargs="+", default=[0.0, 0.5, 1.0, 2.0])
    parser.add_argument("--bca", action="store_true", help="the clusters' BCa interval too")
    parser.add_argument("--few", action="store_true",
                        help="coverage and level at 4 to 100 clusters of unequal size")
    parser.add_argument("--counts", type=int, nargs="+", default=[4, 6, 10, 20, 50, 100])
    parser.add_argument("--boot-draws", type=int, default=400)
    parser.add_argument("--deployed", type=float, nargs="+", default=None,
                        help="AUC-PR at these prevalences with clusters")
    args = parser.parse_args()
    rng = np.random.default_rng(1997)
    if args.deployed:
        deployed(args, rng)
        return
    if args.few:
        few(args, rng)
        return
    print(f"{args.draws} draws of {args.clusters} clusters of {args.size} rows; "
          f"{args.resamples} resamples per bootstrap")
    print("| cluster effect sd | population AUC-ROC | population AUC-PR | DeLong covers "
          "| clustered DeLong covers | row bootstrap AUC-PR covers | cluster bootstrap "
          "AUC-PR covers | its basic interval covers |"
          + (" its BCa covers |" if args.bca else "")
          + " DeLong test rejects (5%) | clustered DeLong test rejects |")
    print("|---" * (11 if args.bca else 10) + "|")
    for sd in args.effects:
        run(args, sd, rng)


if __name__ == "__main__":
    main()

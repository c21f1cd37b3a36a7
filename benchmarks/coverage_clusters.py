"""Coverage of the clustered intervals and the level of the clustered paired tests,
in a population whose rows come in clusters.

    python benchmarks/coverage_clusters.py [--draws 1000] [--clusters 100] [--size 8]

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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--draws", type=int, default=1000)
    parser.add_argument("--clusters", type=int, default=100)
    parser.add_argument("--size", type=int, default=8)
    parser.add_argument("--resamples", type=int, default=200)
    parser.add_argument("--effects", type=float, nargs="+", default=[0.0, 0.5, 1.0, 2.0])
    parser.add_argument("--bca", action="store_true", help="the clusters' BCa interval too")
    args = parser.parse_args()
    rng = np.random.default_rng(1997)
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

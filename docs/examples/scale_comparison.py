"""How the usual large-scale shortcuts compare with the exact areas.

On one million generated scores (3% positives) this computes the exact AUC-ROC and
Davis-Goadrich AUC-PR, then emulates, with plain numpy on the same data, what common
distributed tools do:

- Spark's ``BinaryClassificationMetrics`` (``numBins=1000``): the curve downsampled to
  about 1000 groups of consecutive scores, and ``areaUnderPR`` by straight lines;
- XGBoost's distributed AUC: each worker's AUC on its shard, averaged;
- Keras' ``AUC(num_thresholds=200)``: counts at 200 fixed thresholds in [0, 1].

and our binned summary, whose error comes with a guaranteed bound.

Run: ``python docs/examples/scale_comparison.py``
"""

import numpy as np
from scipy.integrate import trapezoid
from scipy.special import expit

import sklearn_prcurves as spc
from sklearn_prcurves import BinnedSummary, count_table


def spark_like_area_under_pr(y, s, num_bins=1000):
    table = count_table(y == 1, s)
    step = max(1, len(table) // num_bins)
    keep = np.r_[np.arange(step - 1, len(table), step), len(table) - 1]
    tp, fp = table.tps[keep], table.fps[keep]
    recall, precision = tp / tp[-1], tp / (tp + fp)
    recall, precision = np.r_[0.0, recall], np.r_[precision[0], precision]
    return float(trapezoid(precision, recall))


def xgboost_like_auc(y, s, workers=4, seed=0):
    shards = np.array_split(np.random.default_rng(seed).permutation(len(y)), workers)
    return float(np.mean([spc.roc_auc_score(y[i], s[i]) for i in shards]))


def keras_like(y, s, num_thresholds=200):
    probability = expit(s)  # Keras expects scores in [0, 1]
    edges = np.linspace(0, 1, num_thresholds)
    binned = np.searchsorted(edges, probability)  # counts only per threshold bucket
    return spc.roc_auc_score(y, binned), spc.pr_auc_score(y, binned, interpolation="continuous")


def main(n=1_000_000, seed=0):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.03).astype(int)
    s = rng.normal(size=n) + 1.5 * y
    exact_roc, exact_pr = spc.roc_auc_score(y, s), spc.pr_auc_score(y, s)
    summary = BinnedSummary(mantissa_bits=12).update(y, s)
    binned_roc, bound = summary.roc_auc()
    keras_roc, keras_pr = keras_like(y, s)
    rows = [
        ("exact (sklearn_prcurves)", exact_roc, exact_pr, "-"),
        ("binned, 12 bits (ours)", binned_roc, summary.pr_auc(), f"AUC-ROC bound {bound:.1e}"),
        ("Spark-like, 1000 bins", None, spark_like_area_under_pr(y, s), "straight lines"),
        ("XGBoost-like, 4 workers", xgboost_like_auc(y, s), None, "mean of shard AUCs"),
        ("Keras-like, 200 thresholds", keras_roc, keras_pr, "fixed thresholds"),
    ]
    print(f"{n:,} samples, {y.sum():,} positives")
    print(f"{'method':28s} {'AUC-ROC':>10s} {'error':>9s} {'AUC-PR':>10s} {'error':>9s}  note")
    for name, roc, pr, note in rows:
        cells = []
        for value, exact in ((roc, exact_roc), (pr, exact_pr)):
            cells.append("         -          -" if value is None
                         else f"{value:10.6f} {value - exact:+9.1e}")
        print(f"{name:28s} {cells[0]} {cells[1]}  {note}")
    return dict((name, (roc, pr)) for name, roc, pr, _ in rows), (exact_roc, exact_pr, bound)


if __name__ == "__main__":
    main()

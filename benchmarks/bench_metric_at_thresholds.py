"""metric_at_thresholds against scikit-learn 1.9's, in one process.

    python benchmarks/bench_metric_at_thresholds.py [--n 1e3 1e4] [--large 1e6]

scikit-learn calls the metric once per distinct score (each call a pass over every
row: quadratic); the package reads scikit-learn's confusion-matrix metrics from one
count table. Targets (issue 65): at least 1,000x scikit-learn's at 10,000 rows for
``f1_score`` and ``accuracy_score``, and under 1 s at 1e6 rows. scikit-learn's time is
one call (it runs for a minute at 1e4); the package's the best of ``--repeats``.
Data: logistic-model probabilities with 10% positives (float64: every score distinct),
and the same rounded to two decimals (tied). Each pair of results is checked equal first.
"""

import argparse
import time

import numpy as np
import sklearn
import sklearn.metrics as skm
from _timing import best_time, classifier_rows

import sklearn_prcurves as spc

METRICS = {"f1_score": skm.f1_score, "accuracy_score": skm.accuracy_score,
           "matthews_corrcoef": skm.matthews_corrcoef}


def once(func):
    start = time.perf_counter()
    result = func()
    return time.perf_counter() - start, result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=float, nargs="+", default=[1e3, 1e4])
    parser.add_argument("--large", type=float, nargs="+", default=[1e6])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    theirs = getattr(skm, "metric_at_thresholds", None)
    print(f"scikit-learn {sklearn.__version__}, numpy {np.__version__}")
    print(f"{'metric':20} {'n':>8} {'data':>9} {'sklearn s':>10} {'ours s':>10} {'ratio':>8}")
    for n in args.n + args.large:
        for data in ("float64", "tied"):
            y, scores, _ = classifier_rows(int(n), data, seed=0)
            for name, metric in METRICS.items():
                ours = best_time(lambda: spc.metric_at_thresholds(y, scores, metric),
                                 args.repeats)
                if theirs is None or n in args.large:
                    print(f"{name:20} {n:8.0e} {data:>9} {'-':>10} {ours:10.4f} {'-':>8}")
                    continue
                seconds, (values, thresholds) = once(lambda: theirs(y, scores, metric))
                got = spc.metric_at_thresholds(y, scores, metric)
                assert np.array_equal(got[0], values) and np.array_equal(got[1], thresholds)
                print(f"{name:20} {n:8.0e} {data:>9} {seconds:10.3f} {ours:10.4f} "
                      f"{seconds / ours:8.0f}", flush=True)


if __name__ == "__main__":
    main()

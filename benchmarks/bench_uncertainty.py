"""DeLong and the bootstrap, timed against their baselines in one run.

- DeLong (table-based, O(n log n)) against the O(P * N) definition on the same data;
- DeLong's variance and paired test at n = 1e6, in units of one ``np.sort``;
- the stratified bootstrap: resamples per second at n = 1e5 (2000 resamples), on
  the fast path (per-score counts) and calling the metric on each resample.

Usage::

    python benchmarks/bench_uncertainty.py
"""

import sys
import time
from pathlib import Path

import numpy as np

import sklearn_prcurves as spc
from _timing import best_time

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from _reference import naive_delong  # noqa: E402


def main():
    rng = np.random.default_rng(0)
    print("DeLong variance: table-based against the O(P*N) definition (same data)")
    for n in (1_000, 5_000, 20_000):
        y = (rng.random(n) < 0.3).astype(int)
        s = rng.normal(size=n) + y
        t_fast = best_time(lambda: spc.roc_auc_variance(y, s), 5)
        t_naive = best_time(lambda: naive_delong(y == 1, [s]), 1)
        print(f"  n={n:>7,}  table {t_fast * 1e3:8.2f} ms  naive {t_naive * 1e3:9.1f} ms  "
              f"speedup {t_naive / t_fast:8.1f}x")

    n = 10**6
    y = (rng.random(n) < 0.1).astype(int)
    a = rng.normal(size=n) + y
    b = a + rng.normal(size=n)
    t_sort = best_time(lambda: np.sort(a), 3)
    t_var = best_time(lambda: spc.roc_auc_variance(y, a), 3)
    t_test = best_time(lambda: spc.delong_test(y, a, b), 3)
    sorts = t_test / t_sort
    print(f"\nn=1e6: roc_auc_variance {t_var * 1e3:.0f} ms ({t_var / t_sort:.1f} sorts), "
          f"delong_test {t_test * 1e3:.0f} ms ({sorts:.1f} sorts; np.sort {t_sort * 1e3:.1f} ms)"
          f"  target <=10 sorts {'ok' if sorts <= 10 else 'MISSED'}")

    n, resamples = 10**5, 2000
    y = (rng.random(n) < 0.1).astype(int)
    s = rng.normal(size=n) + y
    for label, metric in (
        ("pr_auc_score (fast path)", spc.pr_auc_score),
        ("roc_auc_score (fast path)", spc.roc_auc_score),
    ):
        start = time.perf_counter()
        spc.bootstrap_ci(metric, y, s, n_resamples=resamples, random_state=0)
        elapsed = time.perf_counter() - start
        print(f"\nbootstrap, n=1e5, {resamples} resamples, {label}: {elapsed:.2f} s "
              f"({resamples / elapsed:.0f} resamples/s)")
    slow = 100
    start = time.perf_counter()
    spc.bootstrap_ci(lambda t, x, sample_weight=None: spc.pr_auc_score(t, x), y, s,
                     n_resamples=slow, random_state=0)
    elapsed = time.perf_counter() - start
    print(f"bootstrap calling the metric per resample: {slow / elapsed:.0f} resamples/s")
    t_delong = best_time(lambda: spc.roc_auc_ci(y, s), 3)
    print(f"DeLong interval at the same n: {t_delong * 1e3:.1f} ms")


if __name__ == "__main__":
    main()

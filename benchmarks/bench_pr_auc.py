"""Interpolated AUC-PR against scikit-learn's average precision, in one run.

``pr_auc_score`` (Davis-Goadrich and continuous) and ``achievable_pr_auc_score`` are
timed next to ``sklearn.metrics.average_precision_score`` on the same data (best of a
few runs after a warm-up). Target (issue: the paper): each is faster than scikit-learn's
average precision at every n >= 1e5, i.e. the interpolation and the hull cost next to
nothing beyond the counts. Ratios are the result; absolute times are for orientation.

Usage::

    python benchmarks/bench_pr_auc.py              # n = 1e4 .. 1e7
    python benchmarks/bench_pr_auc.py --max-n 1e6
"""

import argparse

import numpy as np
import sklearn
from _timing import best_time
from sklearn.metrics import average_precision_score

import sklearn_prcurves as ours

CANDIDATES = {
    "pr_auc davis-goadrich": lambda y, s: ours.pr_auc_score(y, s),
    "pr_auc continuous": lambda y, s: ours.pr_auc_score(y, s, interpolation="continuous"),
    "achievable davis-goadrich": lambda y, s: ours.achievable_pr_auc_score(y, s),
    "achievable continuous": lambda y, s: ours.achievable_pr_auc_score(
        y, s, interpolation="continuous"
    ),
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-n", type=float, default=1e7)
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    print(f"scikit-learn {sklearn.__version__}, numpy {np.__version__}")
    header = (f"{'metric':28s} {'n':>9s} {'scores':8s} {'ours ms':>9s} {'sklearn AP ms':>13s} "
              f"{'speedup':>8s} target")
    print(header)
    print("-" * len(header))
    misses = []
    for n in (10**4, 10**5, 10**6, 10**7):
        if n > args.max_n:
            break
        repeats = 5 if n <= 10**5 else (3 if n <= 10**6 else 2)
        for kind in ("distinct", "tied"):
            y = (rng.random(n) < 0.1).astype(np.int64)
            scores = rng.random(n) + 0.3 * y
            if kind == "tied":
                scores = np.round(scores, 2)
            t_sk = best_time(lambda: average_precision_score(y, scores), repeats)
            for name, func in CANDIDATES.items():
                t_ours = best_time(lambda: func(y, scores), repeats)
                speedup = t_sk / t_ours
                verdict = ""
                if n >= 10**5:
                    verdict = "faster ok" if speedup > 1 else "MISSED"
                    if speedup <= 1:
                        misses.append((name, n, kind, round(speedup, 2)))
                print(f"{name:28s} {n:9.0e} {kind:8s} {t_ours * 1e3:9.2f} {t_sk * 1e3:13.2f} "
                      f"{speedup:7.1f}x {verdict}", flush=True)
    print()
    print("all targets met" if not misses else f"targets missed: {misses}")


if __name__ == "__main__":
    main()

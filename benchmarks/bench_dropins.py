"""Drop-ins against scikit-learn, on the same data in the same run.

For each n, score kind (distinct / heavily tied) and weighting, every drop-in is timed
next to scikit-learn's function (best of a few runs) and its peak traced memory is
measured (tracemalloc, one call each). Reported:

- ``speedup``: scikit-learn time / our time (higher is better);
- ``ours/sort``: our time / one ``np.sort`` of the scores (the practical floor);
- ``mem ratio``: our peak / scikit-learn's peak (<= 1 is the target).

Each call is warmed up once, then timed as the best of a few runs. Absolute times
are printed for orientation only: machines are shared and noisy, the
ratios are the result. Targets (issue: foundation): at n >= 1e6 unweighted,
roc_auc_score and average_precision_score >= 5x, the curves >= 3x; weighted >= 1.5x;
at n = 1e4 >= 3x; memory not above scikit-learn's.

Usage::

    python benchmarks/bench_dropins.py            # n = 1e4 .. 1e7 (several minutes)
    python benchmarks/bench_dropins.py --max-n 1e6
"""

import argparse
import gc
import tracemalloc

import numpy as np
import sklearn
import sklearn.metrics as skm

import sklearn_prcurves as ours
from _timing import best_time

FUNCTIONS = ["roc_auc_score", "average_precision_score", "roc_curve",
             "precision_recall_curve", "det_curve"]


def peak_memory(func):
    gc.collect()
    tracemalloc.start()
    func()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak


def make_data(n, kind, rng):
    y = (rng.random(n) < 0.1).astype(np.int64)
    scores = rng.random(n) + 0.3 * y
    if kind == "tied":
        scores = np.round(scores, 2)  # ~130 distinct values
    weight = rng.random(n) + 0.5
    return y, scores, weight


def target_for(name, n, weighted):
    if weighted:
        return 1.5 if n >= 10**6 else None
    if n >= 10**6:
        return 5.0 if name in ("roc_auc_score", "average_precision_score") else 3.0
    if n == 10**4:
        return 3.0
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-n", type=float, default=1e7)
    parser.add_argument("--functions", nargs="*", default=FUNCTIONS)
    parser.add_argument("--no-memory", action="store_true")
    args = parser.parse_args()

    rng = np.random.default_rng(0)
    sizes = [n for n in (10**4, 10**5, 10**6, 10**7) if n <= args.max_n]
    print(f"scikit-learn {sklearn.__version__}, numpy {np.__version__}")
    header = (f"{'function':24s} {'n':>9s} {'scores':8s} {'weights':8s} {'ours ms':>9s} "
              f"{'sklearn ms':>10s} {'speedup':>8s} {'ours/sort':>9s} {'mem ratio':>9s} target")
    print(header)
    print("-" * len(header))
    misses = []
    for n in sizes:
        repeats = 5 if n <= 10**5 else (3 if n <= 10**6 else 2)
        for kind in ("distinct", "tied"):
            y, scores, weight = make_data(n, kind, rng)
            sort_time = best_time(lambda: np.sort(scores), repeats + 2)
            for weighted in (False, True):
                kwargs = {"sample_weight": weight} if weighted else {}
                for name in args.functions:
                    mine = getattr(ours, name)
                    theirs = getattr(skm, name)
                    t_ours = best_time(lambda: mine(y, scores, **kwargs), repeats)
                    t_sk = best_time(lambda: theirs(y, scores, **kwargs), repeats)
                    mem = "-"
                    mem_ratio = None
                    if not args.no_memory:
                        mem_ratio = peak_memory(lambda: mine(y, scores, **kwargs)) / peak_memory(
                            lambda: theirs(y, scores, **kwargs)
                        )
                        mem = f"{mem_ratio:.2f}"
                    speedup = t_sk / t_ours
                    target = target_for(name, n, weighted)
                    verdict = ""
                    if target is not None:
                        ok = speedup >= target and (mem_ratio is None or mem_ratio <= 1.0)
                        verdict = f">={target:g}x {'ok' if ok else 'MISSED'}"
                        if not ok:
                            misses.append((name, n, kind, weighted, round(speedup, 2), mem))
                    print(f"{name:24s} {n:9.0e} {kind:8s} {str(weighted):8s} "
                          f"{t_ours * 1e3:9.2f} {t_sk * 1e3:10.2f} {speedup:7.1f}x "
                          f"{t_ours / sort_time:9.1f} {mem:>9s} {verdict}", flush=True)
    print()
    print("all targets met" if not misses else f"targets missed: {misses}")


if __name__ == "__main__":
    main()

"""Drop-ins against scikit-learn, on the same data in the same run.

For each n, score kind (distinct / heavily tied) and weighting, every drop-in is timed
next to scikit-learn's function (best of a few runs) and its peak traced memory is
measured (tracemalloc, one call each). Reported:

- ``speedup``: scikit-learn time / our time (higher is better);
- ``ours/sort``: our time / one ``np.sort`` of the scores (the practical floor);
- ``mem ratio``: our peak / scikit-learn's peak (<= 1 is the target).

Each call is warmed up once; ours, scikit-learn's and the reference sort are then
timed in turn, several times, and each is timed by its median. A call shorter than
20 ms is timed in a batch of calls back to back (as timeit does); ``--cold`` times
each call alone after a garbage collection instead, its code and data evicted from
the processor's caches, the worst case of a short call (see ``_timing.py``). Absolute times are
printed for orientation only: machines are shared and noisy, the ratios are the
result. Targets (issue 14): unweighted at n >= 1e6, roc_auc_score and
average_precision_score >= 10x and <= 2.5 sorts, the curves >= 8x; at n = 1e4 >= 6x;
weighted at n >= 1e6 >= 4x; memory not above scikit-learn's.

Usage::

    python benchmarks/bench_dropins.py            # n = 1e4 .. 1e7 (several minutes)
    python benchmarks/bench_dropins.py --max-n 1e6
    python benchmarks/bench_dropins.py --min-n 1e6 --weighting weighted --no-memory
    python benchmarks/bench_dropins.py --max-n 1e4 --no-memory --cold
"""

import argparse
import gc
import tracemalloc

import numpy as np
import sklearn
import sklearn.metrics as skm
from _timing import interleaved_medians

import sklearn_prcurves as ours

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


SCORES = ("roc_auc_score", "average_precision_score")


def target_for(name, n, weighted):
    """``(speed-up, sorts)`` targets of issue 14 (None where it sets none)."""
    if weighted:
        return (4.0, None) if n >= 10**6 else (None, None)
    if n >= 10**6:
        return (10.0, 2.5) if name in SCORES else (8.0, None)
    if n == 10**4:
        return (6.0, None)
    return (None, None)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-n", type=float, default=1e7)
    parser.add_argument("--functions", nargs="*", default=FUNCTIONS)
    parser.add_argument("--min-n", type=float, default=1e4)
    parser.add_argument("--weighting", choices=["both", "unweighted", "weighted"],
                        default="both")
    parser.add_argument("--no-memory", action="store_true")
    parser.add_argument("--cold", action="store_true",
                        help="time each call alone after a garbage collection (caches "
                             "cold: the worst case of a short call)")
    args = parser.parse_args()

    rng = np.random.default_rng(0)
    sizes = [n for n in (10**4, 10**5, 10**6, 10**7) if args.min_n <= n <= args.max_n]
    weightings = {"both": (False, True), "unweighted": (False,), "weighted": (True,)}[
        args.weighting]
    print(f"scikit-learn {sklearn.__version__}, numpy {np.__version__}; timing: "
          + ("each call alone after a garbage collection (--cold)" if args.cold
             else "medians of batches of calls lasting >= 20 ms"))
    header = (f"{'function':24s} {'n':>9s} {'scores':8s} {'weights':8s} {'ours ms':>9s} "
              f"{'sklearn ms':>10s} {'speedup':>8s} {'ours/sort':>9s} {'mem ratio':>9s} target")
    print(header)
    print("-" * len(header))
    misses = []
    for n in sizes:
        repeats = 7 if n <= 10**5 else (5 if n <= 10**6 else 3)
        for kind in ("distinct", "tied"):
            y, scores, weight = make_data(n, kind, rng)
            for weighted in weightings:
                kwargs = {"sample_weight": weight} if weighted else {}
                for name in args.functions:
                    mine = getattr(ours, name)
                    theirs = getattr(skm, name)
                    t_ours, t_sk, sort_time = interleaved_medians(
                        [lambda: mine(y, scores, **kwargs), lambda: theirs(y, scores, **kwargs),
                         lambda: np.sort(scores)], repeats, cold=args.cold)
                    mem = "-"
                    mem_ratio = None
                    if not args.no_memory:
                        mem_ratio = peak_memory(lambda: mine(y, scores, **kwargs)) / peak_memory(
                            lambda: theirs(y, scores, **kwargs)
                        )
                        mem = f"{mem_ratio:.2f}"
                    speedup = t_sk / t_ours
                    sorts = t_ours / sort_time
                    target, max_sorts = target_for(name, n, weighted)
                    verdict = ""
                    if target is not None:
                        ok = (speedup >= target and (mem_ratio is None or mem_ratio <= 1.0)
                              and (max_sorts is None or sorts <= max_sorts))
                        verdict = f">={target:g}x" + (
                            f" <={max_sorts:g} sorts" if max_sorts else "") + (
                            " ok" if ok else " MISSED")
                        if not ok:
                            misses.append((name, n, kind, weighted, round(speedup, 2),
                                           round(sorts, 2), mem))
                    print(f"{name:24s} {n:9.0e} {kind:8s} {str(weighted):8s} "
                          f"{t_ours * 1e3:9.2f} {t_sk * 1e3:10.2f} {speedup:7.1f}x "
                          f"{sorts:9.1f} {mem:>9s} {verdict}", flush=True)
    print()
    print("all targets met" if not misses else f"targets missed: {misses}")


if __name__ == "__main__":
    main()

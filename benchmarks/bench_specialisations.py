"""What each NumPy specialisation buys: a call with it against the same call with the
neutral code (written against the array API) running on NumPy, in one process.

    python benchmarks/bench_specialisations.py [--n 1e4 1e6] [--repeats 9]

The package keeps a NumPy-only specialisation while its row here shows it buying at
least 10% of a call (``docs/internals.rst``). Rows:

- ``kernel``: :func:`count_rows` (the value sorts of ``_sorting``) against
  :func:`count_in_namespace` on NumPy;
- each reader: the kernel's table read by the reader as shipped (the ``_stepwise``
  readers for NumPy tables) against the same table read by the neutral reader (its
  running sums formed as the neutral reader needs them).

Printed: each median time, and the ratio neutral / specialised (above 1: the
specialisation is faster).

The script runs itself with glibc's allocator thresholds fixed (``--allocator
default`` leaves them): glibc raises its mmap threshold as a process frees large
blocks, so at 1e4 rows a call's time depended on what ran before it in the process
(the same row measured 0.47x and 1.03x in two runs).
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time

import numpy as np
from _timing import classifier_rows

from sklearn_prcurves._base._array_api import NUMPY
from sklearn_prcurves._measures._interpolation import table_area
from sklearn_prcurves._metrics._auc import table_average_precision
from sklearn_prcurves._metrics._curves import table_det, table_precision_recall, table_roc
from sklearn_prcurves._metrics._roc_auc import table_roc_auc
from sklearn_prcurves._table._count_table import CountTable
from sklearn_prcurves._table._counts import count_in_namespace, count_rows

READERS = {
    "roc_curve": lambda t: table_roc(t),
    "precision_recall_curve": table_precision_recall,
    "det_curve": table_det,
    "roc_auc_score": table_roc_auc,
    "average_precision_score": table_average_precision,
    "pr_auc_score": lambda t: table_area(t, "davis-goadrich"),
    "pr_auc_score[continuous]": lambda t: table_area(t, "continuous"),
}


# A settled long-running process's thresholds (glibc's dynamic threshold tops at 32 MiB).
ALLOCATOR = {"MALLOC_MMAP_THRESHOLD_": str(4 << 20), "MALLOC_TRIM_THRESHOLD_": str(16 << 20)}


def neutral(table):
    """The table as the neutral readers take it (NumPy named as its namespace)."""
    return CountTable(table.thresholds, table.tps, table.fps, xp=NUMPY)


def median_time(call, repeats, number):
    times = []
    for _ in range(repeats):
        gc.collect()
        start = time.perf_counter()
        for _ in range(number):
            call()
        times.append((time.perf_counter() - start) / number)
    return times


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=float, nargs="+", default=[1e4, 1e6])
    parser.add_argument("--repeats", type=int, default=9)
    parser.add_argument("--variants", nargs="+",
                        default=["float64", "float32", "tied", "weighted"])
    parser.add_argument("--allocator", choices=["fixed", "default"], default="fixed")
    args = parser.parse_args(argv)
    if args.allocator == "fixed" and any(os.environ.get(k) != v for k, v in ALLOCATOR.items()):
        # (glibc reads them when the process starts.)
        os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, **ALLOCATOR})
    print(f"{'row':28s} {'n':>7s} {'variant':9s} {'special ms':>11s} {'neutral ms':>11s} "
          f"{'neutral/special':>16s}")
    for n in (int(v) for v in args.n):
        for variant in args.variants:
            y, s, w = classifier_rows(n, variant)
            y = y == 1
            pairs = {"kernel": (lambda: count_rows(y, s, w),
                                lambda: count_in_namespace(NUMPY, None, y, s, w))}
            for name, read in READERS.items():
                pairs[name] = ((lambda read=read: read(count_rows(y, s, w))),
                               (lambda read=read: read(neutral(count_rows(y, s, w)))))
            for name, (special, plain) in pairs.items():
                special(), plain()  # (warm-up)
                start = time.perf_counter()
                special()
                number = max(1, int(0.02 / max(time.perf_counter() - start, 1e-6)))
                a, b = [], []
                for repeat in range(args.repeats):  # interleaved, order swapped
                    first, second = ((special, a), (plain, b))[:: 1 if repeat % 2 else -1]
                    first[1].extend(median_time(first[0], 1, number))
                    second[1].extend(median_time(second[0], 1, number))
                ratio = float(np.median(np.array(b) / np.array(a)))
                print(f"{name:28s} {n:7.0e} {variant:9s} {1e3 * np.median(a):11.3f} "
                      f"{1e3 * np.median(b):11.3f} {ratio:16.2f}", flush=True)


if __name__ == "__main__":
    main()

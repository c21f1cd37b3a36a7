"""Interleaved A/B of the package against another revision, in one process.

    python benchmarks/bench_ab.py --base main [--n 1e4 1e6] [--repeats 9]

Imports the working tree's ``sklearn_prcurves`` (B) and the ``--base`` revision's
(A, extracted with ``git archive`` under the name ``sklearn_prcurves_base``), then
times every call on the same data, A and B alternating (the order swapped each
repeat), and prints each call's median time of both and the median of the per-repeat
ratios B/A. A ratio above 1 is B slower. Data: logistic-model probabilities with 10%
positives, as float64, float32, rounded to two decimals (tied) and weighted.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from _timing import classifier_rows

ROOT = Path(__file__).resolve().parent.parent

CALLS = {
    "roc_curve": lambda m, y, s, w: m.roc_curve(y, s, sample_weight=w),
    "precision_recall_curve": lambda m, y, s, w: m.precision_recall_curve(
        y, s, sample_weight=w),
    "det_curve": lambda m, y, s, w: m.det_curve(y, s, sample_weight=w),
    "confusion_matrix_at_thresholds": lambda m, y, s, w: m.confusion_matrix_at_thresholds(
        y, s, sample_weight=w),
    "roc_auc_score": lambda m, y, s, w: m.roc_auc_score(y, s, sample_weight=w),
    "roc_auc_score[max_fpr]": lambda m, y, s, w: m.roc_auc_score(y, s, sample_weight=w,
                                                                 max_fpr=0.1),
    "average_precision_score": lambda m, y, s, w: m.average_precision_score(
        y, s, sample_weight=w),
    "pr_auc_score": lambda m, y, s, w: m.pr_auc_score(y, s, sample_weight=w),
    "pr_auc_score[continuous]": lambda m, y, s, w: m.pr_auc_score(
        y, s, sample_weight=w, interpolation="continuous"),
    "achievable_pr_auc_score": lambda m, y, s, w: m.achievable_pr_auc_score(
        y, s, sample_weight=w),
    "pr_curve": lambda m, y, s, w: m.pr_curve(y, s, sample_weight=w),
    "roc_convex_hull": lambda m, y, s, w: m.roc_convex_hull(y, s, sample_weight=w),
    "recall_at_precision": lambda m, y, s, w: m.recall_at_precision(
        y, s, min_precision=0.5, sample_weight=w),
    "fbeta_optimal_threshold": lambda m, y, s, w: m.fbeta_optimal_threshold(
        y, s, sample_weight=w),
    "break_even_point": lambda m, y, s, w: m.break_even_point(y, s, sample_weight=w),
    "operating_points": lambda m, y, s, w: m.operating_points(y, s, sample_weight=w),
}


def base_package(ref):
    """The package of revision ``ref``, importable as ``sklearn_prcurves_base``."""
    folder = Path(tempfile.mkdtemp(prefix="prcurves-base-"))
    archive = subprocess.run(["git", "archive", ref, "sklearn_prcurves"], cwd=ROOT,
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    package = folder / "sklearn_prcurves_base"
    (folder / "sklearn_prcurves").rename(package)
    for path in package.rglob("*.py"):
        text = path.read_text()
        path.write_text(re.sub(r"\b(from|import) sklearn_prcurves\b",
                               r"\1 sklearn_prcurves_base", text))
    sys.path.insert(0, str(folder))
    return importlib.import_module("sklearn_prcurves_base")


def timed(call, module, args, number):
    gc.collect()
    start = time.perf_counter()
    for _ in range(number):
        call(module, *args)
    return (time.perf_counter() - start) / number


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default="main", help="the revision A (default: main)")
    parser.add_argument("--n", type=float, nargs="+", default=[1e4, 1e6])
    parser.add_argument("--repeats", type=int, default=9)
    parser.add_argument("--variants", nargs="+",
                        default=["float64", "float32", "tied", "weighted"])
    parser.add_argument("--calls", nargs="+", default=sorted(CALLS))
    args = parser.parse_args(argv)
    a = base_package(args.base)
    sys.path.insert(0, str(ROOT))
    b = importlib.import_module("sklearn_prcurves")
    print(f"A: {args.base}, B: the working tree; medians of {args.repeats} interleaved "
          "repeats; ratio = B / A")
    print(f"{'call':32s} {'n':>9s} {'variant':9s} {'A ms':>9s} {'B ms':>9s} {'B/A':>6s}")
    for n in (int(v) for v in args.n):
        for variant in args.variants:
            rows = classifier_rows(n, variant)
            for name in args.calls:
                call = CALLS[name]
                call(a, *rows), call(b, *rows)  # (warm-up)
                first = timed(call, b, rows, 1)
                number = max(1, int(0.02 / max(first, 1e-6)))  # about 20 ms a timing
                times_a, times_b = [], []
                for repeat in range(args.repeats):
                    order = ((a, times_a), (b, times_b))
                    for module, times in (order if repeat % 2 == 0 else order[::-1]):
                        times.append(timed(call, module, rows, number))
                ratio = float(np.median(np.array(times_b) / np.array(times_a)))
                print(f"{name:32s} {n:9.0e} {variant:9s} {1e3 * np.median(times_a):9.3f} "
                      f"{1e3 * np.median(times_b):9.3f} {ratio:6.2f}", flush=True)


if __name__ == "__main__":
    main()

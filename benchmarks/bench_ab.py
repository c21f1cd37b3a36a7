"""Interleaved A/B of the package against another revision, in one process.

    python benchmarks/bench_ab.py --base main [--n 1e4 1e6] [--repeats 9]
    python benchmarks/bench_ab.py --export-base main DIR     # A for a machine without git
    python benchmarks/bench_ab.py --base-dir DIR --torch-device cuda

Imports the working tree's ``sklearn_prcurves`` (B) and the ``--base`` revision's
(A, extracted with ``git archive`` under the name ``sklearn_prcurves_base``), then
times every call on the same data, A and B alternating (the order swapped each
repeat), and prints each call's median time of both and the median of the per-repeat
ratios B/A. A ratio above 1 is B slower. Data: logistic-model probabilities with 10%
positives, as float64, float32, rounded to two decimals (tied) and weighted.
``--torch-device``: the same rows as torch tensors on that device, array-API dispatch
on (host-memory tensors take the namespace path, ``NAMESPACE_PATH``), each call
followed by a synchronisation of the device.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
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
    "auc": lambda m, y, s, w: m.auc(*m.roc_curve(y, s, sample_weight=w)[:2]),
    # DeLong's variance wants frequency weights: the weights rounded up to counts.
    "roc_auc_ci": lambda m, y, s, w: m.roc_auc_ci(
        y, s, sample_weight=None if w is None else np.ceil(w)),
    "delong_test": lambda m, y, s, w: m.delong_test(
        y, s, s[::-1], sample_weight=None if w is None else np.ceil(w)),
    # (eight chunks counted and merged: CountTable.merge, as the fronts merge parts)
    "ExactSummary[8 chunks]": lambda m, y, s, w: functools.reduce(
        lambda summary, part: summary.update(y[part], s[part], sample_weight=(
            None if w is None else w[part])),
        np.array_split(np.arange(y.shape[0]), 8), m.ExactSummary()).roc_auc(),
}


def base_package(ref, folder=None):
    """The package of revision ``ref``, importable as ``sklearn_prcurves_base`` (made
    in ``folder``, by default a new temporary one)."""
    folder = Path(tempfile.mkdtemp(prefix="prcurves-base-") if folder is None else folder)
    folder.mkdir(parents=True, exist_ok=True)
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


def timed(call, module, args, number, sync=lambda: None):
    gc.collect()
    start = time.perf_counter()
    for _ in range(number):
        call(module, *args)
        sync()
    return (time.perf_counter() - start) / number


def on_torch(rows, device):
    """``rows`` as torch tensors on ``device``, and the device's synchronisation."""
    import torch

    # (host-memory tensors too: the device's path)
    importlib.import_module("sklearn_prcurves._base._array_api").NAMESPACE_PATH = True
    device = torch.device(device)
    rows = tuple(None if a is None else torch.asarray(a, device=device) for a in rows)
    sync = (lambda: torch.cuda.synchronize(device)) if device.type == "cuda" else (
        lambda: None)
    return rows, sync


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default="main", help="the revision A (default: main)")
    parser.add_argument("--n", type=float, nargs="+", default=[1e4, 1e6])
    parser.add_argument("--repeats", type=int, default=9)
    parser.add_argument("--variants", nargs="+",
                        default=["float64", "float32", "tied", "weighted"])
    parser.add_argument("--calls", nargs="+", default=sorted(CALLS))
    parser.add_argument("--export-base", nargs=2, metavar=("REF", "DIR"),
                        help="write revision REF's package into DIR and stop")
    parser.add_argument("--base-dir", help="A: the package --export-base wrote there")
    parser.add_argument("--torch-device", help="time torch tensors on this device")
    args = parser.parse_args(argv)
    if args.export_base:
        base_package(*args.export_base)
        return
    if args.base_dir:
        sys.path.insert(0, str(Path(args.base_dir).resolve()))
        a = importlib.import_module("sklearn_prcurves_base")
    else:
        a = base_package(args.base)
    sys.path.insert(0, str(ROOT))
    b = importlib.import_module("sklearn_prcurves")
    context = contextlib.nullcontext
    if args.torch_device:
        import sklearn

        importlib.import_module(a.__name__ + "._array_api").NAMESPACE_PATH = True
        context = functools.partial(sklearn.config_context, array_api_dispatch=True)
    print(f"A: {args.base_dir or args.base}, B: the working tree; medians of "
          f"{args.repeats} interleaved repeats; ratio = B / A"
          + (f"; torch on {args.torch_device}" if args.torch_device else ""))
    print(f"{'call':32s} {'n':>9s} {'variant':9s} {'A ms':>9s} {'B ms':>9s} {'B/A':>6s}")
    for n in (int(v) for v in args.n):
        for variant in args.variants:
            rows, sync = classifier_rows(n, variant), lambda: None
            if args.torch_device:
                rows, sync = on_torch(rows, args.torch_device)
            for name in args.calls:
                call = CALLS[name]
                with context():
                    try:
                        call(a, *rows)  # (warm-up)
                    except Exception as exc:  # noqa: BLE001 - a defect B fixes, say
                        print(f"{name:32s} {n:9.0e} {variant:9s} A raises "
                              f"{type(exc).__name__}: {str(exc)[:60]}", flush=True)
                        continue
                    call(b, *rows)
                    first = timed(call, b, rows, 1, sync)
                    number = max(1, int(0.02 / max(first, 1e-6)))  # about 20 ms a timing
                    times_a, times_b = [], []
                    for repeat in range(args.repeats):
                        order = ((a, times_a), (b, times_b))
                        for module, times in (order if repeat % 2 == 0 else order[::-1]):
                            times.append(timed(call, module, rows, number, sync))
                ratio = float(np.median(np.array(times_b) / np.array(times_a)))
                print(f"{name:32s} {n:9.0e} {variant:9s} {1e3 * np.median(times_a):9.3f} "
                      f"{1e3 * np.median(times_b):9.3f} {ratio:6.2f}", flush=True)


if __name__ == "__main__":
    main()

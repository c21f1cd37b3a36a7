"""Scores where they live: float32 and float64, NumPy on the CPU and torch tensors on
their device, against scikit-learn, torchmetrics and a sort, in one process.

Two tables:

1. **NumPy on the CPU** (issue 34, item 3): each drop-in on float32 and float64 model
   probabilities (a logistic of normal logits: float32 holds them with many ties)
   against scikit-learn's function on the same array. ``speedup`` is scikit-learn's
   time over ours; ``ours/sort`` our time over one ``np.sort`` of the scores. Target:
   float32 at 1e6 rows, >= 15x and <= 2.5 sorts for the two scores.
2. **torch, array-API dispatch on** (items 1 and 5), for every device torch has here
   (the CPU always, CUDA when present): ours against scikit-learn's own array-API path,
   torchmetrics' exact binary AUROC and average precision (when installed) and
   ``torch.sort`` of the scores (the floor). Each call is followed by a device
   synchronisation, so a time is the result's, not the launch's. ``peak/input`` is the
   device's peak memory during our ``roc_auc_score`` over the scores' size, beside that
   of one stable ``torch.sort`` of them (CUDA only).
   Targets on an H100 at 1e8 float32 rows: ours within 1.5x of torchmetrics, never
   slower than scikit-learn's array-API path, Davis-Goadrich AUC-PR within 2x of our
   ``roc_auc_score``, peak memory <= 3x the scores.

Calls are warmed up once, then timed interleaved (ours, theirs, the sort, ours, ...)
and each by its median (``_timing.py``). Absolute times are printed for orientation:
the ratios in one run are the result.

Usage::

    python benchmarks/bench_devices.py                       # 1e6 on the CPU; CUDA 1e6..1e8
    python benchmarks/bench_devices.py --cpu-n 1e6 1e7 --repeats 9
    python benchmarks/bench_devices.py --skip-numpy --cuda-n 1e6 1e7 1e8
"""

import argparse
import os
import warnings

os.environ.setdefault("SCIPY_ARRAY_API", "1")  # before NumPy's and SciPy's imports

import numpy as np  # noqa: E402
import sklearn  # noqa: E402
import sklearn.metrics as skm  # noqa: E402
from _timing import interleaved_medians  # noqa: E402

import sklearn_prcurves as ours  # noqa: E402

SCORES = ("roc_auc_score", "average_precision_score")
CURVES = ("roc_curve", "precision_recall_curve")


def model_scores(n, rng, dtype):
    """Labels (10% positive) and a logistic model's probabilities in ``dtype``."""
    y = (rng.random(n) < 0.1).astype(np.int64)
    logits = rng.normal(size=n) + 1.5 * y - 1.0
    return y, (1.0 / (1.0 + np.exp(-logits))).astype(dtype)


def numpy_table(sizes, repeats, rng):
    rows = []
    for n in sizes:
        for dtype in (np.float32, np.float64):
            y, s = model_scores(n, rng, dtype)
            distinct = np.unique(s).shape[0]
            for name in SCORES + CURVES:
                funcs = [lambda f=getattr(ours, name): f(y, s),
                         lambda f=getattr(skm, name): f(y, s),
                         lambda: np.sort(s)]
                t_ours, t_sk, t_sort = interleaved_medians(funcs, repeats)
                rows.append((name, f"{n:.0e}", np.dtype(dtype).name, distinct, t_ours,
                             t_sk, t_sk / t_ours, t_ours / t_sort))
    print(f"\nNumPy on the CPU (scikit-learn {sklearn.__version__}, NumPy {np.__version__})")
    print("| function | n | dtype | distinct | ours ms | scikit-learn ms | speedup "
          "| ours/sort |")
    print("|---|---|---|---|---|---|---|---|")
    for name, n, dtype, distinct, t_o, t_s, speed, sorts in rows:
        print(f"| {name} | {n} | {dtype} | {distinct:,} | {t_o * 1e3:.1f} | "
              f"{t_s * 1e3:.1f} | {speed:.1f}x | {sorts:.2f} |")


def _synchronised(func, device):
    import torch

    if device.type != "cuda":
        return func

    def call():
        result = func()
        torch.cuda.synchronize(device)
        return result

    return call


def _torchmetrics():
    try:
        from torchmetrics.functional.classification import (
            binary_auroc,
            binary_average_precision,
        )
    except ImportError:
        return None
    return {"roc_auc_score": binary_auroc, "average_precision_score":
            binary_average_precision}


def _sklearn_array_api(name, y, s):
    """scikit-learn's own function under dispatch, or None where it refuses the input
    (its roc_auc_score raises a TypeError on CUDA tensors in some releases)."""
    func = getattr(skm, name)
    try:
        with sklearn.config_context(array_api_dispatch=True):
            func(y, s)
    except (TypeError, ValueError, RuntimeError) as exc:
        return None, f"{type(exc).__name__}"

    def call():
        with sklearn.config_context(array_api_dispatch=True):
            return func(y, s)

    return call, ""


def torch_table(device_sizes, repeats, rng):
    import torch

    metrics = _torchmetrics()
    rows = []
    memory = []
    for device_name, sizes in device_sizes:
        device = torch.device(device_name)
        for n in sizes:
            for dtype in (np.float32, np.float64):
                y_np, s_np = model_scores(n, rng, dtype)
                y = torch.asarray(y_np, device=device)
                s = torch.asarray(s_np, device=device)
                del y_np, s_np
                sort = _synchronised(lambda s=s: torch.sort(s, descending=True), device)
                for name in SCORES + ("pr_auc_score", "achievable_pr_auc_score"):
                    mine = getattr(ours, name)

                    def call(mine=mine, y=y, s=s):
                        with sklearn.config_context(array_api_dispatch=True):
                            return mine(y, s)

                    funcs = [_synchronised(call, device)]
                    theirs, note = (None, "-")
                    if name in SCORES:
                        theirs, note = _sklearn_array_api(name, y, s)
                        if theirs is not None:
                            funcs.append(_synchronised(theirs, device))
                    tm = None
                    if metrics is not None and name in metrics:
                        metric = metrics[name]
                        tm = _synchronised(lambda m=metric, s=s, y=y: m(s, y), device)
                        funcs.append(tm)
                    funcs.append(sort)
                    times = interleaved_medians(funcs, repeats)
                    t_ours, t_sort = times[0], times[-1]
                    t_sk = times[1] if theirs is not None else None
                    t_tm = times[-2] if tm is not None else None
                    rows.append((device_name, f"{n:.0e}", np.dtype(dtype).name, name,
                                 t_ours, t_sk, note, t_tm, t_sort))
                if device.type == "cuda":
                    torch.cuda.synchronize(device)
                    torch.cuda.reset_peak_memory_stats(device)
                    base = torch.cuda.memory_allocated(device)
                    with sklearn.config_context(array_api_dispatch=True):
                        ours.roc_auc_score(y, s)
                    torch.cuda.synchronize(device)
                    peak = torch.cuda.max_memory_allocated(device) - base
                    torch.cuda.reset_peak_memory_stats(device)
                    torch.sort(s, descending=True, stable=True)
                    torch.cuda.synchronize(device)
                    sort_peak = torch.cuda.max_memory_allocated(device) - base
                    size = s.element_size() * s.numel()
                    memory.append((f"{n:.0e}", np.dtype(dtype).name, peak / size,
                                   sort_peak / size))
                del y, s

    print(f"\ntorch {torch.__version__}, array-API dispatch on; torchmetrics: "
          f"{'yes' if metrics else 'not installed'}")
    print("| device | n | dtype | function | ours ms | scikit-learn ms | vs scikit-learn "
          "| torchmetrics ms | ours/torchmetrics | torch.sort ms | ours/sort |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for device_name, n, dtype, name, t_o, t_s, note, t_tm, t_sort in rows:
        sk = f"{t_s * 1e3:.2f}" if t_s is not None else (note or "-")
        vs = f"{t_s / t_o:.1f}x" if t_s is not None else "-"
        tm = f"{t_tm * 1e3:.2f}" if t_tm is not None else "-"
        vs_tm = f"{t_o / t_tm:.2f}" if t_tm is not None else "-"
        print(f"| {device_name} | {n} | {dtype} | {name} | {t_o * 1e3:.2f} | {sk} | {vs} "
              f"| {tm} | {vs_tm} | {t_sort * 1e3:.2f} | {t_o / t_sort:.1f} |")
    if memory:
        print("\n| n | dtype | CUDA peak during roc_auc_score / scores' size "
              "| during torch.sort (stable) / scores' size |")
        print("|---|---|---|---|")
        for n, dtype, ratio, sort_ratio in memory:
            print(f"| {n} | {dtype} | {ratio:.2f} | {sort_ratio:.2f} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cpu-n", type=float, nargs="*", default=[1e6])
    parser.add_argument("--cuda-n", type=float, nargs="*", default=[1e6, 1e7, 1e8])
    parser.add_argument("--torch-cpu-n", type=float, nargs="*", default=[1e6])
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--skip-numpy", action="store_true")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    warnings.simplefilter("ignore")  # (torchmetrics' and scikit-learn's notices)
    if not args.skip_numpy:
        numpy_table([int(n) for n in args.cpu_n], args.repeats, rng)
    try:
        import torch
    except ImportError:
        print("\ntorch is not installed: no device rows.")
        return
    device_sizes = [("cpu", [int(n) for n in args.torch_cpu_n])]
    if torch.cuda.is_available():
        device_sizes.append(("cuda", [int(n) for n in args.cuda_n]))
    else:
        print("\nNo CUDA device: the CUDA rows are left to be measured on one.")
    torch_table(device_sizes, args.repeats, rng)


if __name__ == "__main__":
    main()

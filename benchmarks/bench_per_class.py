"""Per-class and per-label areas against scikit-learn and torchmetrics, in one run.

    python benchmarks/bench_per_class.py [--repeats 3] [--labels 100] [--classes 20]

Two shapes (issue 84): multilabel, 100 labels at 1e5 rows (5% positives each), and
multiclass, 20 classes at 1e6 rows (probabilities, one-vs-rest). For each, every
label's average precision and AUC-ROC (``average=None``): the package's drop-ins,
``sklearn.metrics`` and torchmetrics' functional versions (exact: ``thresholds=None``,
on float64 CPU tensors, built before the clock starts). Each call is timed by the
median of interleaved batches (``_timing.py``); the values are checked to agree
before anything is timed. Target: ahead of both on the CPU.
"""

import argparse

import numpy as np
import sklearn.metrics as skm
from _timing import interleaved_medians

import sklearn_prcurves as ours


def multilabel(n, labels, rng):
    y = (rng.random((n, labels)) < 0.05).astype(np.int64)
    return y, rng.random((n, labels)) + 0.3 * y


def multiclass(n, classes, rng):
    y = rng.integers(0, classes, n)
    p = rng.random((n, classes))
    p[np.arange(n), y] += 0.5
    return y, p / p.sum(axis=1, keepdims=True)


def torch_calls(kind, y, s):
    """torchmetrics' functional AP and AUROC per class, or {} without torch."""
    try:
        import torch
        from torchmetrics.functional import classification as tmf
    except ImportError:
        return {}
    target, preds = torch.from_numpy(y), torch.from_numpy(s)
    k = s.shape[1]
    if kind == "multilabel":
        return {
            "average_precision_score": lambda: tmf.multilabel_average_precision(
                preds, target, num_labels=k, average=None, thresholds=None),
            "roc_auc_score": lambda: tmf.multilabel_auroc(
                preds, target, num_labels=k, average=None, thresholds=None)}
    return {
        "average_precision_score": lambda: tmf.multiclass_average_precision(
            preds, target, num_classes=k, average=None, thresholds=None),
        "roc_auc_score": lambda: tmf.multiclass_auroc(
            preds, target, num_classes=k, average=None, thresholds=None)}


def calls(name, kind, y, s):
    extra = {"multi_class": "ovr"} if kind == "multiclass" and name == "roc_auc_score" else {}
    return (lambda: getattr(ours, name)(y, s, average=None, **extra),
            lambda: getattr(skm, name)(y, s, average=None, **extra))


def rows(kind, y, s, repeats):
    torch_funcs = torch_calls(kind, y, s)
    for name in ("average_precision_score", "roc_auc_score"):
        mine, theirs = calls(name, kind, y, s)
        np.testing.assert_allclose(mine(), theirs(), rtol=1e-12)
        funcs = [mine, theirs]
        if name in torch_funcs:
            np.testing.assert_allclose(mine(), torch_funcs[name]().numpy(), rtol=1e-6)
            funcs.append(torch_funcs[name])
        times = interleaved_medians(funcs, repeats)
        torch_cell = (f"{times[2]:.3f} s | {times[2] / times[0]:.1f}x"
                      if len(times) > 2 else "- | -")
        print(f"| {kind} {s.shape[0]:.0e} x {s.shape[1]} | {name} | {times[0]:.3f} s "
              f"| {times[1]:.3f} s | {times[1] / times[0]:.1f}x | {torch_cell} |", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--labels", type=int, default=100)
    parser.add_argument("--classes", type=int, default=20)
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    print("| input | measure | ours | scikit-learn | speed-up | torchmetrics | speed-up |")
    print("|---|---|---|---|---|---|---|")
    rows("multilabel", *multilabel(100_000, args.labels, rng), args.repeats)
    rows("multiclass", *multiclass(1_000_000, args.classes, rng), args.repeats)


if __name__ == "__main__":
    main()

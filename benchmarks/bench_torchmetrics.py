"""The torchmetrics front against torchmetrics' own exact metrics, per epoch, on the CPU.

    python benchmarks/bench_torchmetrics.py [--n 1e6 1e7] [--batch 65536] [--device cpu]
                                            [--repeats 3]

An epoch: ``update`` with every batch, then one ``compute``. Each configuration runs in
a fresh process, ``--repeats`` times interleaved; medians are printed (the peak
resident memory is the process's, less what it held before the epoch: the data and
the imports). Metrics: AUC-ROC and average precision, exact (``thresholds=None`` for
torchmetrics, which keeps every prediction and sorts them all in ``compute``); ours
also binned (``mantissa_bits=16``). Each pair of values is printed; the exact ones
must agree to torchmetrics' float32.

Then the state: rows held after each tenth of an epoch of 1e7 predictions at 10,000
distinct scores (exact) and at ``mantissa_bits=16`` (binned), the table's and those
waiting to be counted (5 bytes each), against the predictions torchmetrics holds.
Targets (issue 67): no slower per epoch than torchmetrics' exact metrics at 1e6 and
1e7; a state independent of the number of batches.
"""

import argparse
import json
import resource
import subprocess
import sys
import time

import numpy as np

CONFIGS = {
    "torchmetrics AUROC": "torchmetrics.classification.BinaryAUROC(thresholds=None)",
    "ours AUROC exact": "sptm.BinaryAUROC()",
    "ours AUROC binned": "sptm.BinaryAUROC(mantissa_bits=16)",
    "torchmetrics AP": "torchmetrics.classification.BinaryAveragePrecision(thresholds=None)",
    "ours AP exact": "sptm.BinaryAveragePrecision()",
    "ours AP binned": "sptm.BinaryAveragePrecision(mantissa_bits=16)",
}


def data(n, seed=0, distinct=None):
    rng = np.random.default_rng(seed)
    y = rng.random(n) < 0.1
    s = 1 / (1 + np.exp(-(rng.normal(size=n) + 1.5 * y)))
    if distinct:
        s = np.round(s * distinct) / distinct
    return y, s.astype(np.float32)


def _peak_kib():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def epoch(config, n, batch, device):
    """One epoch in this process: ``(seconds, value, peak MiB above the start)``."""
    import torch
    import torchmetrics

    import sklearn_prcurves.torchmetrics as sptm

    y, s = data(n)
    preds, target = torch.from_numpy(s).to(device), torch.from_numpy(y).long().to(device)
    metric = eval(CONFIGS[config], {"torchmetrics": torchmetrics, "sptm": sptm}).to(device)
    metric.update(preds[:1000], target[:1000])  # (first calls load modules: not timed)
    metric.compute()
    metric.reset()
    start_kib = _peak_kib()
    start = time.perf_counter()
    for i in range(0, n, batch):
        metric.update(preds[i:i + batch], target[i:i + batch])
    value = float(metric.compute())
    if device != "cpu":
        torch.cuda.synchronize()
    seconds = time.perf_counter() - start
    return seconds, value, (_peak_kib() - start_kib) / 1024


def state_rows(n=10_000_000, batch=10_000, distinct=10_000):
    import torch

    import sklearn_prcurves.torchmetrics as sptm

    y, s = data(n, seed=1, distinct=distinct)
    exact, binned = sptm.BinarySummary(), sptm.BinarySummary(mantissa_bits=16)
    rows = []
    for i in range(0, n, batch):
        for metric in (exact, binned):
            metric.update(torch.from_numpy(s[i:i + batch]), torch.from_numpy(y[i:i + batch]))
        done = i + batch
        if done % (n // 10) == 0:
            rows.append((done, done // batch, *(
                sum(p.shape[0] for p in getattr(m, name))
                for m in (exact, binned) for name in ("scores", "raw_scores"))))
    return rows


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=float, nargs="+", default=[1e6, 1e7])
    parser.add_argument("--batch", type=int, default=65536)
    parser.add_argument("--device", default="cpu")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--one", nargs=2, help=argparse.SUPPRESS)  # config, n: a child
    args = parser.parse_args()
    if args.one:
        print(json.dumps(epoch(args.one[0], int(float(args.one[1])), args.batch, args.device)))
        return
    import torch
    import torchmetrics

    print(f"torch {torch.__version__}, torchmetrics {torchmetrics.__version__}, "
          f"device {args.device}, batches of {args.batch}")
    print("| predictions | metric | seconds per epoch (median) | ratio to torchmetrics | "
          "peak MiB | value |")
    print("|---|---|---|---|---|---|")
    for n in args.n:
        runs = {config: [] for config in CONFIGS}
        for repeat in range(args.repeats):  # interleaved, the order turning: a shared host
            order = list(CONFIGS)[repeat % len(CONFIGS):] + list(CONFIGS)[:repeat % len(CONFIGS)]
            for config in order:
                out = subprocess.run([sys.executable, __file__, "--one", config, str(n),
                                      "--batch", str(args.batch), "--device", args.device],
                                     capture_output=True, text=True, check=True)
                runs[config].append(json.loads(out.stdout.strip().splitlines()[-1]))
        for config, results in runs.items():
            seconds, value, peak = (float(np.median(column)) for column in zip(*results))
            base = float(np.median([r[0] for r in runs["torchmetrics " + config.split()[1]]]))
            print(f"| {n:.0e} | {config} | {seconds:.2f} | {seconds / base:.2f} | {peak:.0f} | "
                  f"{value:.6f} |", flush=True)
    print("\nState rows over an epoch of 1e7 predictions (batches of 10,000; 10,000 distinct "
          "scores); torchmetrics holds every prediction")
    print("| predictions seen | batches | exact: table rows | waiting rows | binned: table rows "
          "| waiting rows | torchmetrics rows |")
    print("|---|---|---|---|---|---|---|")
    for done, batches, *rows in state_rows():
        print(f"| {done:.0e} | {batches} | {' | '.join(map(str, rows))} | {done} |", flush=True)


if __name__ == "__main__":
    main()

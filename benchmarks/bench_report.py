"""The command-line report at the size of real data, against a user's own two-liner.

Generates 2e6 and 1e7 rows with two score columns as CSV and as Parquet, then runs,
each in a fresh process and interleaved:

- ``report``: ``sklearn-prcurves report FILE --score a --score b`` writing everything
  (every measure, DeLong and Boyd intervals, the paired test, figures, HTML);
- ``baseline``: ``pandas.read_csv`` (or ``read_parquet``) and scikit-learn's
  ``roc_auc_score`` and ``average_precision_score`` for each model.

Wall time (the whole process: start-up, imports, reading, computing, writing) and
peak resident memory of each, median over ``--repeat`` runs. Targets (issue: the
report at the size of real data): the full report no slower than the baseline on both
formats, with no more peak memory. Then, on the 1e8-row Parquet data of
``bench_dask.py``, the streaming report must finish on one machine with peak memory
under 3 GiB.

Usage::

    python benchmarks/bench_report.py                 # 2e6 and 1e7 rows, then 1e8 Parquet
    python benchmarks/bench_report.py --rows 1e6 --large-rows 0 --repeat 1   # quick look
    python benchmarks/bench_report.py --deployment --rows 1e7 --repeat 3

``--deployment``: the data gain a ``patient`` column (``rows / 5`` patients, 1 +
Poisson(4) rows each), and the report with ``--prevalence 0.02 --cluster patient``
runs interleaved with the same report without them, on Parquet. Target (issue: every
answer at the deployment): within 2x.
"""

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

BASELINE = """
import resource, sys, time, json
import pandas as pd
from sklearn.metrics import average_precision_score, roc_auc_score
path = sys.argv[1]
frame = pd.read_parquet(path) if path.endswith(".parquet") else pd.read_csv(path)
result = {}
for model in ("a", "b"):
    result[model] = [roc_auc_score(frame["y"], frame[model]),
                     average_precision_score(frame["y"], frame[model])]
print(json.dumps({"result": result,
                  "peak": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024}))
"""

REPORT = """
import resource, sys, json
from sklearn_prcurves._report._cli import console
path, output, models, *more = sys.argv[1:]
sys.argv = ["sklearn-prcurves", "report", path, "--label", "y",
            *sum([["--score", m] for m in models.split(",")], []),
            "--output", output, "--force", "--quiet", "--no-progress", *more]
code = console()  # (what the sklearn-prcurves command runs)
print(json.dumps({"code": code,
                  "peak": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024}))
"""


def generate(folder, rows, seed=0, patients=False):
    import pyarrow as pa
    import pyarrow.csv as pacsv
    import pyarrow.parquet as pq

    rng = np.random.default_rng(seed)
    y = (rng.random(rows) < 0.05).astype(np.int8)
    a = np.round(rng.normal(size=rows) + 1.0 * y, 6)
    b = np.round(rng.normal(size=rows) + 0.7 * y, 6)
    columns = {"y": y, "a": a, "b": b}
    if patients:  # (1 + Poisson(4) rows a patient, in file order)
        sizes = 1 + rng.poisson(4, size=rows // 4)
        columns["patient"] = np.repeat(np.arange(sizes.size), sizes)[:rows]
    table = pa.table(columns)
    if patients:
        pq.write_table(table, folder / "scores.parquet", row_group_size=1 << 20)
        return
    pacsv.write_csv(table, folder / "scores.csv")
    pq.write_table(table, folder / "scores.parquet", row_group_size=1 << 20)


def run(code, *args):
    start = time.perf_counter()
    result = subprocess.run([sys.executable, "-c", code, *map(str, args)],
                            capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if result.returncode:
        raise RuntimeError(result.stderr[-2000:])
    payload = json.loads(result.stdout.strip().splitlines()[-1])
    return elapsed, payload["peak"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=float, nargs="+", default=[2e6, 1e7],
                        help="sizes of the generated data (default: 2e6 and 1e7)")
    parser.add_argument("--large-rows", type=float, default=1e8,
                        help="rows of the bench_dask.py Parquet data (0 skips it)")
    parser.add_argument("--data", help="folder for generated data (default: a temp dir)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--deployment", action="store_true",
                        help="the report with --prevalence and --cluster against without")
    args = parser.parse_args()
    root = Path(args.data or tempfile.mkdtemp(prefix="prcurves-report-bench-"))
    if args.deployment:
        for rows in args.rows:
            print(_at_the_deployment(root, int(rows), args.repeat))
        return
    verdicts = []
    for rows in args.rows:
        verdicts += _against_the_two_liner(root, int(rows), args.repeat)
    print()
    print("\n".join(verdicts))
    _large(root, int(args.large_rows))


def _against_the_two_liner(root, rows, repeat):
    folder = root / f"report-{rows}"
    if not (folder / "scores.parquet").exists():
        folder.mkdir(parents=True, exist_ok=True)
        start = time.perf_counter()
        generate(folder, rows)
        print(f"generated {rows:,} rows in {time.perf_counter() - start:.0f} s: {folder}")
    out = root / "out"
    print(f"\n{rows:,} rows")
    print(f"{'input':10s} {'method':9s} {'median s':>9s} {'peak MiB':>9s}   runs (s)")
    verdicts = []
    for name in ("scores.csv", "scores.parquet"):
        path = folder / name
        times = {"report": [], "baseline": []}
        peaks = {"report": [], "baseline": []}
        for _ in range(repeat):
            for method in ("report", "baseline"):
                if method == "report":
                    elapsed, peak = run(REPORT, path, out, "a,b")
                else:
                    elapsed, peak = run(BASELINE, path)
                times[method].append(elapsed)
                peaks[method].append(peak)
        for method in ("report", "baseline"):
            runs = ", ".join(f"{t:.1f}" for t in times[method])
            print(f"{name.split('.')[1]:10s} {method:9s} {np.median(times[method]):9.1f} "
                  f"{max(peaks[method]) / 2**20:9.0f}   [{runs}]", flush=True)
        ratio = np.median(times["report"]) / np.median(times["baseline"])
        memory = max(peaks["report"]) / max(peaks["baseline"])
        verdicts.append(
            f"{rows:.0e} rows, {name}: report / baseline time {ratio:.2f} (target <= 1), "
            f"peak memory {memory:.2f} (target <= 1)")
    return verdicts


def _at_the_deployment(root, rows, repeat):
    folder = root / f"deployment-{rows}"
    if not (folder / "scores.parquet").exists():
        folder.mkdir(parents=True, exist_ok=True)
        generate(folder, rows, patients=True)
    path, out = folder / "scores.parquet", root / "out"
    options = {"plain": [], "deployed": ["--prevalence", "0.02", "--cluster", "patient"]}
    times = {name: [] for name in options}
    peaks = {name: [] for name in options}
    for _ in range(repeat):
        for name, more in options.items():
            elapsed, peak = run(REPORT, path, out, "a,b", *more)
            times[name].append(elapsed)
            peaks[name].append(peak)
    print(f"\n{rows:,} rows, Parquet, {'method':9s} {'median s':>9s} {'peak MiB':>9s}   runs (s)")
    for name in options:
        runs = ", ".join(f"{t:.1f}" for t in times[name])
        print(f"{name:9s} {np.median(times[name]):9.1f} {max(peaks[name]) / 2**20:9.0f}"
              f"   [{runs}]", flush=True)
    ratio = np.median(times["deployed"]) / np.median(times["plain"])
    return (f"{rows:.0e} rows: --prevalence 0.02 --cluster patient / plain time "
            f"{ratio:.2f} (target <= 2), peak memory "
            f"{max(peaks['deployed']) / max(peaks['plain']):.2f}")


def _large(root, large):
    out = root / "out"
    if large:
        sys.path.insert(0, str(Path(__file__).parent))
        from bench_dask import generate as generate_dask_data

        data = root / f"rows-{large}"
        if not data.exists():
            start = time.perf_counter()
            generate_dask_data(data, large)
            print(f"generated {large:,} rows (bench_dask.py data) in "
                  f"{time.perf_counter() - start:.0f} s: {data}")
        elapsed, peak = run(REPORT, data, out, "s")
        print(f"\n{large:,}-row Parquet (bench_dask.py data), full report streamed: "
              f"{elapsed:.0f} s, peak memory {peak / 2**30:.2f} GiB (target < 3 GiB)")


if __name__ == "__main__":
    main()

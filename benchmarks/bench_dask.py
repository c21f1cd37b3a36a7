"""Scale: one process (numpy) against scikit-learn, Dask exact and Dask binned.

Generates its own data (default 1e8 float32 scores, ~3% positives, in Parquet files),
then runs each method in a fresh process, recording the wall time of the work (from
reading the files to the result; module imports, in every process, and Dask's cluster
start-up are outside the clock and included in the "with start-up" figure), the peak
resident memory summed over the whole process tree (the method's process and, for
Dask, its worker processes) and the largest single process, and the error against the
exact AUC-ROC / average precision. Dask runs on a LocalCluster of 2 worker processes.

Targets (issue: scale): Dask exact within 1.5x of the single-process numpy time with
a lower peak per process; binned at least 5x faster than exact, with a certified
AUC-ROC bound <= 1e-4 and an average-precision interval narrower than 1e-3.

Usage::

    python benchmarks/bench_dask.py                  # 1e8 rows (needs ~8 GB free disk/RAM)
    python benchmarks/bench_dask.py --rows 1e7 --skip-sklearn --repeat 1

Each method runs ``--repeat`` times (default 3), each time in a fresh process (and a
fresh cluster); the table shows the median time and the largest peak memory.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import numpy as np

ROWS_PER_FILE = 5_000_000

METHODS = {
    "numpy (one process)": """
import numpy as np, pyarrow.parquet as pq, sklearn_prcurves as spc
START = time.perf_counter()
t = pq.read_table(DATA); y = t["y"].to_numpy(); s = t["s"].to_numpy()
result = {"auc": spc.roc_auc_score(y, s), "ap": spc.average_precision_score(y, s)}
""",
    # The exact values without this package or any sort of all rows: float32 scores have
    # at most 2**32 values, so per-class counts of each bit pattern give both areas
    # exactly. One pass spills each row's order-preserving key to one of a few key-range
    # files; each range is then counted on its own (memory: one range at a time).
    "independent count": """
import math, os, tempfile, numpy as np, pyarrow.parquet as pq
from pathlib import Path
START = time.perf_counter()
files = sorted(Path(DATA).glob("*.parquet"))
def keys_of(s):
    bits = np.ascontiguousarray(s, dtype=np.float32).view(np.uint32)
    return np.where(bits >> 31 == 1, ~bits, bits | np.uint32(0x80000000))
first = pq.read_table(files[0])
sample = np.sort(keys_of(first["s"].to_numpy())[::97])
cuts = np.unique(sample[np.linspace(0, sample.size - 1, 33)[1:-1].astype(int)])
spill = Path(tempfile.mkdtemp(dir=os.environ.get("SPILL_DIR")))
outs = [(open(spill / f"{r}.k", "wb"), open(spill / f"{r}.y", "wb"))
        for r in range(cuts.size + 1)]
for path in files:
    t = pq.read_table(path)
    k, y = keys_of(t["s"].to_numpy()), t["y"].to_numpy().astype(np.int8)
    which = np.searchsorted(cuts, k, side="right")
    order = np.argsort(which, kind="stable")
    bounds = np.searchsorted(which[order], np.arange(cuts.size + 2))
    for r in range(cuts.size + 1):
        rows = order[bounds[r]:bounds[r + 1]]
        k[rows].tofile(outs[r][0]); y[rows].tofile(outs[r][1])
for a, b in outs:
    a.close(); b.close()
P = N = 0
numerator = 0  # sum over score groups of negatives * (2 * positives above + positives)
ap_terms = []
for r in reversed(range(cuts.size + 1)):  # highest keys first
    k = np.fromfile(spill / f"{r}.k", dtype=np.uint32)
    y = np.fromfile(spill / f"{r}.y", dtype=np.int8)
    os.remove(spill / f"{r}.k"); os.remove(spill / f"{r}.y")
    if k.size == 0:
        continue
    values, inverse = np.unique(k, return_inverse=True)
    pos = np.bincount(inverse[y == 1], minlength=values.size).astype(np.int64)
    neg = np.bincount(inverse[y == 0], minlength=values.size).astype(np.int64)
    pos, neg = pos[::-1], neg[::-1]  # decreasing score
    tp, fp = P + np.cumsum(pos), N + np.cumsum(neg)
    numerator += int(np.sum(neg * (2 * (tp - pos) + pos)))
    hit = pos > 0
    ap_terms.append(float(np.sum(pos[hit] * (tp[hit] / (tp[hit] + fp[hit])))))
    P, N = int(tp[-1]), int(fp[-1])
os.rmdir(spill)
result = {"auc": numerator / (2 * P * N),
          "ap": math.fsum(ap_terms) / P}
""",
    "scikit-learn": """
import numpy as np, pyarrow.parquet as pq, sklearn.metrics as skm
START = time.perf_counter()
t = pq.read_table(DATA); y = t["y"].to_numpy(); s = t["s"].to_numpy()
result = {"auc": skm.roc_auc_score(y, s), "ap": skm.average_precision_score(y, s)}
""",
    "dask exact": """
import distributed, sklearn_prcurves.dask as spd
import dask.array, dask.dataframe, pyarrow.parquet  # imports before the clock, as for numpy
with distributed.LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1",
                              dashboard_address=None, memory_limit=0) as cluster, \\
        distributed.Client(cluster) as client:
    for module in ("sklearn_prcurves.dask", "dask.dataframe", "pyarrow.parquet"):
        client.run(__import__, module)  # one-time imports on the workers, before the clock
    START = time.perf_counter()
    frame = spd.read_parquet(DATA, columns=["y", "s"])
    scores = spd.exact_summary("y", "s", data=frame, shuffle=SHUFFLE).scores()  # one pass
    result = {"auc": scores["roc_auc"], "ap": scores["average_precision"]}
""",
    "dask binned": """
import distributed, sklearn_prcurves.dask as spd
import dask.array, dask.dataframe, pyarrow.parquet  # imports before the clock, as for numpy
with distributed.LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1",
                              dashboard_address=None, memory_limit=0) as cluster, \\
        distributed.Client(cluster) as client:
    for module in ("sklearn_prcurves.dask", "dask.dataframe", "pyarrow.parquet"):
        client.run(__import__, module)  # one-time imports on the workers, before the clock
    START = time.perf_counter()
    frame = spd.read_parquet(DATA, columns=["y", "s"])
    summary = spd.binned_summary("y", "s", data=frame, mantissa_bits=12)
    auc, bound = summary.roc_auc()
    low, high = summary.average_precision_interval()
    result = {"auc": auc, "auc_bound": bound, "ap_low": low, "ap_high": high}
""",
}


def generate(folder, rows, seed=0):
    import pyarrow as pa
    import pyarrow.parquet as pq

    folder.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(seed)
    for i, start in enumerate(range(0, rows, ROWS_PER_FILE)):
        n = min(ROWS_PER_FILE, rows - start)
        y = (rng.random(n) < 0.03).astype(np.int8)
        s = (rng.normal(size=n) + 1.5 * y).astype(np.float32)
        pq.write_table(pa.table({"y": y, "s": s}), folder / f"part-{i:04d}.parquet")


def _children(pid):
    found = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as f:
                found += [int(c) for c in f.read().split()]
    except OSError:
        pass
    return found


def _tree_rss(pid):
    """Resident memory (bytes) of a process and all its descendants, the largest, and
    the process's own (the client, with a LocalCluster's scheduler).

    Walks only the descendants (through /proc/<pid>/task/*/children), so that polling
    costs little next to the work being measured.
    """
    total, largest, own, stack = 0, 0, None, [pid]
    page = os.sysconf("SC_PAGE_SIZE")
    while stack:
        p = stack.pop()
        try:
            with open(f"/proc/{p}/statm") as f:
                rss = int(f.read().split()[1]) * page
        except (OSError, IndexError, ValueError):
            rss = 0
        total += rss
        largest = max(largest, rss)
        own = rss if own is None else own
        stack.extend(_children(p))
    return total, largest, own


def run(code, data, shuffle=None):
    script = (f"import time\nDATA = {str(data)!r}\nSHUFFLE = {shuffle!r}\n{code}\n"
              "result['seconds'] = time.perf_counter() - START\n"
              "import json; print(json.dumps(result))")
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    peaks = [0, 0, 0]

    def poll():
        while process.poll() is None:
            for i, rss in enumerate(_tree_rss(process.pid)):
                peaks[i] = max(peaks[i], rss)
            time.sleep(0.1)

    poller = threading.Thread(target=poll)
    poller.start()
    out, _ = process.communicate()
    elapsed = time.perf_counter() - start
    poller.join()
    if process.returncode:
        raise RuntimeError(f"method failed with exit code {process.returncode}")
    return json.loads(out.strip().splitlines()[-1]), elapsed, peaks


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=float, default=1e8)
    parser.add_argument("--data", help="folder for the Parquet files (default: a temp dir)")
    parser.add_argument("--skip-sklearn", action="store_true")
    parser.add_argument("--skip-numpy", action="store_true",
                        help="no one-process run (past memory at 1e9 rows): the "
                             "independent count is then the reference")
    parser.add_argument("--independent", action="store_true",
                        help="also run the independent exact count (bit-pattern counts)")
    parser.add_argument("--only", nargs="*", default=None,
                        help="run only these methods (names as printed)")
    parser.add_argument("--shuffle", choices=["memory", "disk"], default=None,
                        help="Dask exact's shuffle (default: its own choice, by rows)")
    parser.add_argument("--repeat", type=int, default=3,
                        help="fresh runs per method; the median time is compared (default 3)")
    args = parser.parse_args()
    rows = int(args.rows)
    folder = Path(args.data or tempfile.mkdtemp(prefix="prcurves-bench-")) / f"rows-{rows}"
    if not folder.exists():
        start = time.perf_counter()
        generate(folder, rows)
        print(f"generated {rows:,} rows in {time.perf_counter() - start:.0f} s: {folder}")
    results = {}
    skip = {"scikit-learn": args.skip_sklearn, "numpy (one process)": args.skip_numpy,
            "independent count": not (args.independent or args.skip_numpy)}
    for name, code in METHODS.items():
        if skip.get(name) or (args.only is not None and name not in args.only):
            continue
        runs = [run(code, folder, args.shuffle) for _ in range(args.repeat)]
        values = dict(runs[0][0], seconds=float(np.median([r[0]["seconds"] for r in runs])))
        elapsed = float(np.median([r[1] for r in runs]))
        tree, largest, client = (max(r[2][i] for r in runs) for i in range(3))
        results[name] = values, elapsed, (tree, largest)
        times = ", ".join(f"{r[0]['seconds']:.1f}" for r in runs)
        print(f"{name:22s} {values['seconds']:7.1f} s compute ({elapsed:5.1f} s with start-up)"
              f"   peak tree {tree / 2**30:6.2f} GiB   "
              f"largest process {largest / 2**30:6.2f} GiB (client {client / 2**30:.2f})"
              f"   runs [{times}] s   {values}", flush=True)
    reference = "independent count" if args.skip_numpy else "numpy (one process)"
    if reference not in results or not {"dask exact", "dask binned"} <= set(results):
        return
    exact = results[reference][0]
    numpy_time = results[reference][0]["seconds"]
    numpy_largest = results[reference][2][1]
    dask_exact = results["dask exact"]
    binned = results["dask binned"]
    print()
    if "independent count" in results:
        check = results["independent count"][0]
        print(f"independent count against {reference if not args.skip_numpy else 'dask exact'}:"
              f" AUC {abs(check['auc'] - (exact if not args.skip_numpy else dask_exact[0])['auc']):.2e},"
              f" AP {abs(check['ap'] - (exact if not args.skip_numpy else dask_exact[0])['ap']):.2e}")
    print(f"dask exact / {reference} time: {dask_exact[0]['seconds'] / numpy_time:.2f}; "
          f"largest process {dask_exact[2][1] / 2**30:.2f} GiB vs {reference} "
          f"{numpy_largest / 2**30:.2f} GiB")
    print(f"dask exact errors: AUC {abs(dask_exact[0]['auc'] - exact['auc']):.2e}, "
          f"AP {abs(dask_exact[0]['ap'] - exact['ap']):.2e}")
    print(f"binned speed-up over exact: {dask_exact[0]['seconds'] / binned[0]['seconds']:.1f}x "
          "(target >= 5); "
          f"AUC bound {binned[0]['auc_bound']:.2e} (target <= 1e-4), actual error "
          f"{abs(binned[0]['auc'] - exact['auc']):.2e}; AP interval width "
          f"{binned[0]['ap_high'] - binned[0]['ap_low']:.2e} (target < 1e-3), contains exact: "
          f"{binned[0]['ap_low'] <= exact['ap'] <= binned[0]['ap_high']}")
    if "scikit-learn" in results:
        sk = results["scikit-learn"]
        print(f"scikit-learn / numpy time: {sk[0]['seconds'] / numpy_time:.1f}x; errors AUC "
              f"{abs(sk[0]['auc'] - exact['auc']):.2e}, AP {abs(sk[0]['ap'] - exact['ap']):.2e}")


if __name__ == "__main__":
    main()

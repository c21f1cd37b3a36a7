"""Spark: our exact and binned modes against Spark's own BinaryClassificationMetrics.

Generates Parquet files (default 1e7 rows, float64 scores, all distinct, 5% positives),
then, in one local[2] Spark session, times each method from reading the files to the
results (interleaved, ``--repeat`` rounds, median wall time; the session's start and a
warm-up run on a small file are outside the clock):

- ``ours exact``: :func:`sklearn_prcurves.spark.exact_summary` and, from its one pass,
  AUC-ROC, average precision, the Davis-Goadrich and continuous AUC-PR, the hull's
  AUC-ROC and the achievable AUC-PR (``persist=False``: the same, nothing kept on the
  executors, as for one evaluation);
- ``ours binned``: :func:`sklearn_prcurves.spark.binned_summary` (12 mantissa bits):
  AUC-ROC with its certified bound and the average precision's certified interval;
- ``Spark default``: ``BinaryClassificationEvaluator`` (``numBins=1000``),
  ``areaUnderROC`` and ``areaUnderPR``;
- ``Spark exact``: the same with ``numBins=0``.

Errors are against the exact values computed in memory by the package on the same rows
(AUC-ROC; for Spark's areaUnderPR, which joins PR points by straight lines, against
the exact straight-line area ``pr_auc_score(interpolation="linear")``, and against the
Davis-Goadrich area, the correct one).

Targets (issue: Spark): exact results identical to in-memory (relative difference
<= 1e-12: areas are sums of per-range pieces); ours exact faster than Spark exact
computing both areas; ours binned at least as fast as Spark's default, with a certified
AUC-ROC bound <= 1e-4.

Issue 68's floors, with ``--only``: Spark's own single aggregate pass over the columns
(count, sums, min, max), its own ``repartitionByRange`` of the score column followed by
a count, and its own group-by of the rows into as many bins of the score (equal widths,
one multiplication) as the binned summary holds, by class (what any binned summary
costs in Spark: the aggregate pass leaves out the grouping); ``--with-dask`` adds ``bench_dask.py``'s Dask exact and binned on the same
files (a LocalCluster of 2 single-threaded workers, its start off the clock).

Past one process's memory (1e9 rows), ``--parquet`` takes ``bench_dask.py``'s float32
files and ``--independent`` checks against its independent exact count (per-class counts
of each float32 bit pattern, spilled to disk by key range: AUC-ROC and average
precision), in bounded memory; ``--only`` picks the methods (Spark's own exact
evaluator takes hours there).

Usage::

    python benchmarks/bench_spark.py                        # 1e7 rows, 3 rounds
    python benchmarks/bench_spark.py --rows 1e6 --repeat 1  # a quick look
    python benchmarks/bench_spark.py --parquet /data/rows-1000000000 --independent \
        --only "ours exact" "ours binned" --repeat 1        # bench_dask.py's 1e9 rows
"""

import argparse
import functools
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROWS_PER_FILE = 1_250_000


def generate(folder, rows, seed=0):
    import pyarrow as pa
    import pyarrow.parquet as pq

    folder.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(seed)
    for i, start in enumerate(range(0, rows, ROWS_PER_FILE)):
        n = min(ROWS_PER_FILE, rows - start)
        y = (rng.random(n) < 0.05).astype(np.int64)
        s = rng.normal(size=n) + 1.5 * y
        pq.write_table(pa.table({"y": y, "s": s}), folder / f"part-{i:04d}.parquet")


def exact_reference(folder):
    import pyarrow.parquet as pq

    import sklearn_prcurves as spc

    table = pq.read_table(folder)
    y, s = table["y"].to_numpy(), table["s"].to_numpy()
    return {
        "roc_auc": spc.roc_auc_score(y, s),
        "average_precision": spc.average_precision_score(y, s),
        "pr_auc": spc.pr_auc_score(y, s),
        "pr_auc_continuous": spc.pr_auc_score(y, s, interpolation="continuous"),
        "pr_auc_linear": spc.pr_auc_score(y, s, interpolation="linear"),
        "achievable_pr_auc": spc.achievable_pr_auc_score(y, s),
    }


def methods(spark, path):
    from pyspark.ml.evaluation import BinaryClassificationEvaluator
    from pyspark.sql import functions as F

    import sklearn_prcurves.spark as sps

    def ours_exact():
        frame = spark.read.parquet(path)
        with sps.exact_summary("y", "s", data=frame) as table:
            return table.scores()

    def ours_exact_once():  # (one evaluation: nothing kept on the executors)
        frame = spark.read.parquet(path)
        return sps.exact_summary("y", "s", data=frame, persist=False).scores()

    def ours_binned():
        frame = spark.read.parquet(path)
        summary = sps.binned_summary("y", "s", data=frame, mantissa_bits=12)
        auc, bound = summary.roc_auc()
        low, high = summary.average_precision_interval()
        return {"roc_auc": auc, "roc_auc_bound": bound, "ap_low": low, "ap_high": high}

    def spark_evaluator(num_bins):
        def run():
            frame = spark.read.parquet(path).select(  # (the evaluator takes doubles only)
                F.col("y").cast("double").alias("label"),
                F.col("s").cast("double").alias("rawPrediction"))
            result = {}
            for metric in ("areaUnderROC", "areaUnderPR"):
                evaluator = BinaryClassificationEvaluator(metricName=metric, numBins=num_bins)
                result[metric] = evaluator.evaluate(frame)
            return result
        return run

    def aggregate_pass():  # Spark's own floor for binned: one pass over both columns
        row = spark.read.parquet(path).agg(
            F.count(F.lit(1)).alias("n"), F.sum("y").alias("p"), F.min("s").alias("low"),
            F.max("s").alias("high")).collect()[0]
        return row.asDict()

    @functools.cache
    def binned_shape():  # (the score's range and the binned summary's number of bins)
        frame = spark.read.parquet(path)
        row = frame.agg(F.min("s").alias("low"), F.max("s").alias("high")).collect()[0]
        bins = sps.binned_summary("y", "s", data=frame, mantissa_bits=12).keys_.shape[0]
        return row["low"], row["high"], bins

    def grouped_pass():  # Spark's own floor for any binned summary: as many bins, by class
        low, high, bins = binned_shape()
        bin_of = F.floor((F.col("s") - low) * (bins / max(high - low, 1e-300)))
        rows = spark.read.parquet(path).groupBy(bin_of.alias("b"), "y").count().collect()
        return {"bins": len({row["b"] for row in rows})}

    def range_shuffle():  # Spark's own floor for exact: the score column range-partitioned
        frame = spark.read.parquet(path)
        n = max(spark.sparkContext.defaultParallelism, -(-frame.count() // (1 << 21)))
        return {"rows": frame.select("s", "y").repartitionByRange(n, "s").count()}

    return {
        "ours exact": ours_exact,
        "ours exact, persist=False": ours_exact_once,
        "ours binned": ours_binned,
        "Spark default (numBins=1000)": spark_evaluator(1000),
        "Spark exact (numBins=0)": spark_evaluator(0),
        FLOORS[0]: aggregate_pass,
        FLOORS[1]: range_shuffle,
        FLOORS[2]: grouped_pass,
    }


#: Spark's own passes over the same files, the floors of issue 68's targets.
FLOORS = ("Spark one aggregate pass", "Spark range shuffle + count",
          "Spark group-by into as many bins")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rows", type=float, default=1e7)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--data", type=Path, default=None,
                        help="folder for the generated Parquet files (default: a temp dir)")
    parser.add_argument("--driver-memory", default="8g")
    parser.add_argument("--parquet", type=Path, default=None,
                        help="existing Parquet files (columns y, s) instead of generated ones")
    parser.add_argument("--independent", action="store_true",
                        help="reference: bench_dask.py's independent count (float32 scores, "
                             "bounded memory) instead of the package in memory")
    parser.add_argument("--only", nargs="*", default=None,
                        help="run only these methods (names as printed)")
    parser.add_argument("--no-floors", action="store_true",
                        help="with --only: leave out Spark's own passes (at 1e9 rows, minutes)")
    parser.add_argument("--with-dask", action="store_true",
                        help="also bench_dask.py's Dask exact and binned on the same files, "
                             "in turn with the Spark methods (a fresh LocalCluster of 2 "
                             "single-threaded workers each time, its start off the clock)")
    args = parser.parse_args()
    rows = int(args.rows)
    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    base = args.data or Path(tempfile.mkdtemp(prefix="bench_spark_"))
    folder = args.parquet or base / f"rows_{rows}"
    if not folder.exists():
        print(f"generating {rows:,} rows in {folder} ...", flush=True)
        generate(folder, rows)
    warm = base / "warm_up"
    if not warm.exists():
        generate(warm, 50_000, seed=1)
    if args.independent:
        from bench_dask import METHODS, run

        print("independent exact count ...", flush=True)
        exact = run(METHODS["independent count"], folder)[0]
        exact = {"roc_auc": exact["auc"], "average_precision": exact["ap"]}
    else:
        print("exact values in memory ...", flush=True)
        exact = exact_reference(folder)

    from pyspark.sql import SparkSession

    # (the workers' Python must import the package: this interpreter, not PATH's python3)
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    spark = (SparkSession.builder.master("local[2]").appName("bench_spark")
             .config("spark.driver.memory", args.driver_memory)
             .config("spark.ui.enabled", "false")
             .config("spark.ui.showConsoleProgress", "false")
             .config("spark.driver.bindAddress", "127.0.0.1")
             .getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    for run in methods(spark, str(warm)).values():
        run()  # JVM and Python workers warm, outside the clock
    runs = {name: run for name, run in methods(spark, str(folder)).items()
            if (args.only is None or name in args.only) and name not in FLOORS}
    if args.only is not None and not args.no_floors:  # (the floors beside the methods)
        floors = methods(spark, str(folder))
        floors[FLOORS[2]]()  # (its number of bins read once, outside the clock)
        runs.update({name: floors[name] for name in FLOORS})
    if args.with_dask:
        runs.update(dask_methods(folder))
    times = {name: [] for name in runs}
    results = {}
    for round_ in range(args.repeat):
        for name, run in runs.items():
            start = time.perf_counter()
            results[name] = run()
            took = time.perf_counter() - start
            # (Dask's own clock: from reading the files, its cluster's start outside)
            times[name].append(results[name]["seconds"] if name.startswith("dask") else took)
            print(f"  round {round_ + 1}: {name}: {times[name][-1]:.1f} s", flush=True)
    spark.stop()
    if args.only is not None or args.independent:
        return report_against(times, results, exact)
    return report(rows, args.repeat, times, results, exact)


def dask_methods(folder):
    """bench_dask.py's Dask exact and binned, each in a fresh process and cluster, timed
    from reading the files to the result (as there)."""
    from bench_dask import METHODS, run

    def timed(name):
        def go():
            result = run(METHODS[name], folder)[0]
            return {"seconds": result.pop("seconds"), **result}
        return go

    return {"dask exact": timed("dask exact"), "dask binned": timed("dask binned")}


def report_against(times, results, exact):
    """Each method run against a reference with AUC-ROC and average precision only,
    and the issue-68 ratios: ours exact against Spark's range shuffle, ours binned
    against Spark's one aggregate pass (target: each within 2x)."""
    print(f"\nreference: AUC-ROC {exact['roc_auc']!r}, AP {exact['average_precision']!r}")
    ok = True
    median = {name: statistics.median(t) for name, t in times.items()}
    for name, result in results.items():
        line = f"{name}: {median[name]:.1f} s"
        if name.startswith("dask") or name in FLOORS:
            print(line)
            continue
        if name.startswith("ours exact"):
            errors = [abs(result[k] - exact[k]) / abs(exact[k])
                      for k in ("roc_auc", "average_precision")]
            ok &= max(errors) <= 1e-12
            line += f", relative errors AUC-ROC {errors[0]:.1e}, AP {errors[1]:.1e}"
        elif name == "ours binned":
            inside = result["ap_low"] <= exact["average_precision"] <= result["ap_high"]
            within = abs(result["roc_auc"] - exact["roc_auc"]) <= result["roc_auc_bound"]
            ok &= inside and within
            line += (f", AUC-ROC error {abs(result['roc_auc'] - exact['roc_auc']):.1e} "
                     f"(certified <= {result['roc_auc_bound']:.1e}), AP interval holds it: "
                     f"{inside}")
        else:
            line += f", AUC-ROC error {abs(result['areaUnderROC'] - exact['roc_auc']):.1e}"
        print(line)
    print(f"exact within 1e-12 and binned bounds hold: {'MET' if ok else 'NOT MET'}")
    for ours, floor in (("ours exact", FLOORS[1]), ("ours exact, persist=False", FLOORS[1]),
                        ("ours binned", FLOORS[0]), ("ours binned", FLOORS[2])):
        if ours in median and floor in median:
            ratio = median[ours] / median[floor]
            print(f"{ours} / {floor}: {ratio:.2f} (target <= 2: "
                  f"{'MET' if ratio <= 2 else 'NOT MET'})")
    return ok


def report(rows, repeat, times, results, exact):
    median = {name: statistics.median(t) for name, t in times.items()}
    ours, ours_binned = results["ours exact"], results["ours binned"]
    default, spark_exact = results["Spark default (numBins=1000)"], results["Spark exact (numBins=0)"]
    print(f"\n{rows:,} rows, local[2], median of {repeat} interleaved round(s)\n")
    print("| method | wall s | AUC-ROC error | AUC-PR | AUC-PR error |")
    print("|---|---|---|---|---|")
    rel = max(abs(ours[k] - exact[k]) / abs(exact[k]) for k in
              ("roc_auc", "average_precision", "pr_auc", "pr_auc_continuous",
               "achievable_pr_auc"))
    print(f"| ours exact (6 measures, one pass) | {median['ours exact']:.1f} | "
          f"{abs(ours['roc_auc'] - exact['roc_auc']):.1e} | DG {ours['pr_auc']:.6f} | "
          f"{abs(ours['pr_auc'] - exact['pr_auc']):.1e} (max rel. diff of all 5: {rel:.1e}) |")
    print(f"| ours binned | {median['ours binned']:.1f} | "
          f"{abs(ours_binned['roc_auc'] - exact['roc_auc']):.1e} "
          f"(certified <= {ours_binned['roc_auc_bound']:.1e}) | AP in "
          f"[{ours_binned['ap_low']:.6f}, {ours_binned['ap_high']:.6f}] | "
          f"width {ours_binned['ap_high'] - ours_binned['ap_low']:.1e} |")
    for name, result in (("Spark default (numBins=1000)", default),
                         ("Spark exact (numBins=0)", spark_exact)):
        print(f"| {name} | {median[name]:.1f} | "
              f"{abs(result['areaUnderROC'] - exact['roc_auc']):.1e} | "
              f"straight lines {result['areaUnderPR']:.6f} | "
              f"{abs(result['areaUnderPR'] - exact['pr_auc_linear']):.1e} vs exact straight "
              f"lines; {abs(result['areaUnderPR'] - exact['pr_auc']):.1e} vs DG |")
    print(f"\nexact in memory: AUC-ROC {exact['roc_auc']:.6f}, AP "
          f"{exact['average_precision']:.6f}, DG {exact['pr_auc']:.6f}, straight lines "
          f"{exact['pr_auc_linear']:.6f}")
    checks = [
        ("exact results equal in-memory (max rel. diff <= 1e-12)", rel, 1e-12, rel <= 1e-12),
        ("ours exact / Spark exact time (target < 1)",
         median["ours exact"] / median["Spark exact (numBins=0)"], 1.0,
         median["ours exact"] < median["Spark exact (numBins=0)"]),
        ("ours binned / Spark default time (target <= 1)",
         median["ours binned"] / median["Spark default (numBins=1000)"], 1.0,
         median["ours binned"] <= median["Spark default (numBins=1000)"]),
        ("certified AUC-ROC bound (target <= 1e-4)", ours_binned["roc_auc_bound"], 1e-4,
         ours_binned["roc_auc_bound"] <= 1e-4),
    ]
    print()
    for label, value, _, ok in checks:
        print(f"{label}: {value:.3g} {'MET' if ok else 'NOT MET'}")
    return all(ok for *_, ok in checks)


if __name__ == "__main__":
    sys.exit(0 if main() else 1)

"""Where Spark's time goes: each mode's jobs and stages, from Spark's event log.

Runs, in one local[2] session on ``bench_dask.py``'s float32 Parquet files, exact mode
(``exact_summary(..., persist=False).scores()``, the census plan) and binned mode
(``binned_summary``, 12 mantissa bits), each after a warm-up, with Spark's event log
on; then prints, per mode, the wall time of each phase (the checking aggregation, the
plan, the evaluation) and, per stage, its wall time, its tasks' summed run time, the
rows and bytes it read and its shuffle bytes written and read, beside the same
figures for Spark's own floors (one aggregate pass; ``repartitionByRange`` + count).

    python benchmarks/spark_timeline.py --parquet /tmp/data/rows-100000000
"""

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path


def phases(spark, path):
    """Each mode's phases, timed here: ``{mode: [(phase, seconds)]}``."""
    from pyspark.sql import functions as F

    import sklearn_prcurves.spark as sps

    out = {}
    frame = spark.read.parquet(path)
    clock = time.perf_counter()
    prepared = sps._prepare("y", "s", None, None, frame)
    checked = time.perf_counter()
    table = sps._exact_table(prepared, None, False)
    planned = time.perf_counter()
    table.scores()
    out["exact (census plan, persist=False)"] = [
        ("check the columns (one aggregation)", checked - clock),
        ("plan: the histogram (one aggregation)", planned - checked),
        ("shuffle rows to their ranges, count, six areas", time.perf_counter() - planned)]
    clock = time.perf_counter()
    prepared = sps._prepare("y", "s", None, None, frame)
    checked = time.perf_counter()
    sps._added_up(sps._bins(prepared, 12))
    out["binned (12 bits, in the JVM)"] = [
        ("check the columns (one aggregation)", checked - clock),
        ("bins added up (one aggregation)", time.perf_counter() - checked)]
    clock = time.perf_counter()
    frame.agg(F.count(F.lit(1)), F.sum("y"), F.min("s"), F.max("s")).collect()
    out["Spark's one aggregate pass"] = [("count, sum, min, max", time.perf_counter() - clock)]
    clock = time.perf_counter()
    n = max(spark.sparkContext.defaultParallelism, -(-frame.count() // (1 << 21)))
    frame.select("s", "y").repartitionByRange(n, "s").count()
    out["Spark's range shuffle"] = [("count rows, repartitionByRange, count",
                                     time.perf_counter() - clock)]
    return out


def stages(log):
    """Per stage: ``(name, wall s, task run s, records read, bytes read, shuffle bytes
    written, shuffle bytes read)`` from an event log's lines."""
    found, tasks, timed = {}, {}, set()
    # (Spark 4 writes a folder of rolled files, events_1_..., events_2_...)
    files = sorted(log.glob("events_*"), key=lambda p: int(p.name.split("_")[1])) if (
        log.is_dir()) else [log]
    for line in (line for f in files for line in f.read_text().splitlines()):
        event = json.loads(line)
        kind = event["Event"]
        if kind == "SparkListenerJobStart" and (event.get("Properties") or {}).get(
                "spark.jobGroup.id") == "timed":
            timed.update(event["Stage IDs"])
        elif kind == "SparkListenerTaskEnd" and event.get("Task Metrics"):
            metrics, key = event["Task Metrics"], event["Stage ID"]
            shuffle_read = metrics.get("Shuffle Read Metrics", {})
            row = tasks.setdefault(key, [0.0, 0, 0, 0, 0])
            row[0] += metrics.get("Executor Run Time", 0) / 1000
            row[1] += metrics.get("Input Metrics", {}).get("Records Read", 0)
            row[2] += metrics.get("Input Metrics", {}).get("Bytes Read", 0)
            row[3] += metrics.get("Shuffle Write Metrics", {}).get("Shuffle Bytes Written", 0)
            row[4] += (shuffle_read.get("Remote Bytes Read", 0)
                       + shuffle_read.get("Local Bytes Read", 0))
        elif kind == "SparkListenerStageCompleted":
            info = event["Stage Info"]
            wall = (info.get("Completion Time", 0) - info.get("Submission Time", 0)) / 1000
            found[info["Stage ID"]] = (info["Stage Name"].split(" at ")[0], wall)
    return [(found[k][0], found[k][1], *tasks.get(k, [0.0, 0, 0, 0, 0]))
            for k in sorted(found) if k in timed]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--parquet", type=Path, required=True)
    parser.add_argument("--driver-memory", default="12g")
    args = parser.parse_args()
    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    logs = Path(tempfile.mkdtemp(prefix="spark_events_"))
    from pyspark.sql import SparkSession

    spark = (SparkSession.builder.master("local[2]").appName("spark_timeline")
             .config("spark.driver.memory", args.driver_memory)
             .config("spark.ui.enabled", "false")
             .config("spark.ui.showConsoleProgress", "false")
             .config("spark.driver.bindAddress", "127.0.0.1")
             .config("spark.eventLog.enabled", "true")
             .config("spark.eventLog.dir", str(logs))
             .config("spark.eventLog.compress", "false")
             .getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    phases(spark, str(args.parquet))  # (warm: the JVM's code and the Python workers)
    spark.sparkContext.setJobGroup("timed", "the timed run")
    for mode, steps in phases(spark, str(args.parquet)).items():
        print(f"{mode}: {sum(s for _, s in steps):.1f} s")
        for step, seconds in steps:
            print(f"    {step}: {seconds:.1f} s")
    spark.stop()
    (log,) = [p for p in logs.iterdir()]
    print("\n| stage | wall s | tasks' run s | records read | MB read | shuffle MB written "
          "| shuffle MB read |\n|---|---|---|---|---|---|---|")
    for name, wall, run, records, read, written, shuffled in stages(log):
        print(f"| {name} | {wall:.1f} | {run:.1f} | {records:,} | {read / 2**20:.0f} | "
              f"{written / 2**20:.0f} | {shuffled / 2**20:.0f} |")
    print("(skipped stages, whose shuffle output was reused, are not listed)")


if __name__ == "__main__":
    main()

"""The Spark path on Spark's local mode with two cores (``local[2]``).

Every result is compared with the in-memory function on the same rows. The data are
spread over several partitions, with ties across partition and range edges, empty
partitions and empty ranges.
"""

import shutil

import numpy as np
import pytest

pyspark = pytest.importorskip("pyspark")
pd = pytest.importorskip("pandas")
if shutil.which("java") is None:  # pragma: no cover - .ci/run installs a Java runtime
    pytest.skip("Spark needs a Java runtime", allow_module_level=True)

import sklearn_prcurves as spc  # noqa: E402
import sklearn_prcurves.spark as sps  # noqa: E402
from sklearn_prcurves._engines import _spark as spark_engine  # noqa: E402
from sklearn_prcurves.exceptions import NonNumericScoreError  # noqa: E402

REL = 1e-12  # areas are sums of per-range pieces: equal up to the order of addition


@pytest.fixture(scope="module")
def spark():
    from pyspark.sql import SparkSession

    session = (
        SparkSession.builder.master("local[2]")
        .appName("sklearn_prcurves tests")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.shuffle.partitions", "4")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.driver.host", "127.0.0.1")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


def frame(spark, partitions=6, **columns):
    """A Spark DataFrame of the columns, in ``partitions`` slices of the row order."""
    return spark.createDataFrame(pd.DataFrame(columns)).repartition(partitions)


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(0)
    n = 20_000
    y = (rng.random(n) < 0.1).astype(np.int64)
    scores = np.round(rng.normal(size=n) + 1.2 * y, 2)  # many ties, across partitions
    weight = rng.integers(1, 4, n).astype(float) * 0.37
    weight[::97] = 0.0  # zero weights are dropped, as in memory
    return y, scores, weight


def in_memory_measures(y, s, w):
    kwargs = {"sample_weight": w}
    measures = {
        "roc": spc.roc_auc_score(y, s, **kwargs),
        "ap": spc.average_precision_score(y, s, **kwargs),
        "normalized": spc.normalized_pr_auc_score(y, s, **kwargs),
        "partial_roc": spc.partial_roc_auc_score(y, s, fpr_range=(0, 0.2),
                                                 tpr_range=(0.5, 1), **kwargs),
    }
    for interpolation in ("davis-goadrich", "continuous", "linear", "step"):
        measures[f"achievable-{interpolation}"] = spc.achievable_pr_auc_score(
            y, s, interpolation=interpolation, **kwargs)
        for lead in ("interpolate", "drop"):
            measures[f"pr-{interpolation}-{lead}"] = spc.pr_auc_score(
                y, s, interpolation=interpolation, leading_negatives=lead, **kwargs)
    return measures


def table_measures(table):
    measures = {
        "roc": table.roc_auc(),
        "ap": table.average_precision(),
        "normalized": table.normalized_pr_auc(),
        "partial_roc": table.partial_roc_auc((0, 0.2), (0.5, 1)),
    }
    for interpolation in ("davis-goadrich", "continuous", "linear", "step"):
        measures[f"achievable-{interpolation}"] = table.achievable_pr_auc(interpolation)
        for lead in ("interpolate", "drop"):
            measures[f"pr-{interpolation}-{lead}"] = table.pr_auc(interpolation, lead)
    return measures


@pytest.mark.parametrize("weighted", [False, True])
def test_exact_summary_equals_in_memory(spark, data, weighted):
    y, s, w = data
    df = frame(spark, y=y, s=s, w=w)
    w = w if weighted else None
    with sps.exact_summary("y", "s", data=df, sample_weight="w" if weighted else None,
                           n_ranges=7) as table:
        assert table.n_ranges == 7 and table.largest_range < len(np.unique(s)) / 2
        expected = in_memory_measures(y, s, w)
        got = table_measures(table)
        for name in expected:
            assert got[name] == pytest.approx(expected[name], rel=REL), name
        ks = spc.ks_statistic(y, s, sample_weight=w)
        assert table.ks_statistic() == pytest.approx((ks.statistic, ks.threshold), rel=REL)
        for got_curve, expected_curve in [
            (table.roc_convex_hull(), spc.roc_convex_hull(y, s, sample_weight=w)),
            (table.achievable_pr_curve("continuous"),
             spc.achievable_pr_curve(y, s, interpolation="continuous", sample_weight=w)),
        ]:
            for a, b in zip(got_curve, expected_curve):
                np.testing.assert_allclose(a, b, rtol=REL)
        fpr, tpr, _ = spc.roc_convex_hull(y, s, sample_weight=w)
        scores = table.scores()
        assert scores == pytest.approx({
            "roc_auc": expected["roc"],
            "average_precision": expected["ap"],
            "pr_auc": expected["pr-davis-goadrich-interpolate"],
            "pr_auc_continuous": expected["pr-continuous-interpolate"],
            "achievable_pr_auc": expected["achievable-davis-goadrich"],
            "roc_convex_hull_auc": spc.auc(fpr, tpr),
        }, rel=REL)


def test_one_shot_functions(spark, data):
    y, s, w = data
    df = frame(spark, y=y, s=s, w=w)
    assert sps.roc_auc_score("y", "s", data=df, sample_weight="w") == pytest.approx(
        spc.roc_auc_score(y, s, sample_weight=w), rel=REL)
    assert sps.average_precision_score("y", "s", data=df) == pytest.approx(
        spc.average_precision_score(y, s), rel=REL)
    assert sps.pr_auc_score("y", "s", data=df, interpolation="continuous") == pytest.approx(
        spc.pr_auc_score(y, s, interpolation="continuous"), rel=REL)
    assert sps.achievable_pr_auc_score("y", "s", data=df, sample_weight="w") == pytest.approx(
        spc.achievable_pr_auc_score(y, s, sample_weight=w), rel=REL)
    # The one-shot functions leave nothing cached on the executors.
    assert not spark.sparkContext._jsc.getPersistentRDDs()


def test_distinct_scores_unweighted_counts_are_exact(spark):
    """Unweighted counts are whole numbers: the areas match to the last bits."""
    rng = np.random.default_rng(1)
    y = (rng.random(30_000) < 0.05).astype(np.int64)
    s = rng.normal(size=30_000) + y
    df = frame(spark, partitions=5, y=y, s=s)
    with sps.exact_summary("y", "s", data=df) as table:
        assert table.roc_auc() == pytest.approx(spc.roc_auc_score(y, s), rel=1e-14)
        assert table.pr_auc() == pytest.approx(spc.pr_auc_score(y, s), rel=1e-14)
        assert table.n_pos == float(y.sum()) and table.n_neg == float((1 - y).sum())


def test_ties_empty_partitions_and_empty_ranges(spark):
    # Three distinct scores, a -0.0/0.0 tie, more ranges than scores, more
    # partitions than rows.
    y = np.array([1, 0, 1, 0, 1, 0, 0, 1])
    s = np.array([0.5, 0.5, 0.0, -0.0, -0.0, 0.0, -1.0, -1.0])
    df = frame(spark, partitions=12, y=y, s=s)
    for n_ranges in (1, 3, 10):
        with sps.exact_summary("y", "s", data=df, n_ranges=n_ranges) as table:
            assert table.n_ranges <= 3  # empty ranges hold nothing and are left out
            assert table.roc_auc() == pytest.approx(spc.roc_auc_score(y, s), rel=REL)
            assert table.pr_auc("continuous") == pytest.approx(
                spc.pr_auc_score(y, s, interpolation="continuous"), rel=REL)
            assert table.achievable_pr_auc() == pytest.approx(
                spc.achievable_pr_auc_score(y, s), rel=REL)


def test_score_types(spark):
    rng = np.random.default_rng(2)
    y = rng.integers(0, 2, 3000)
    big = np.int64(2**60) + rng.integers(0, 50, 3000)  # distinct only as 64-bit integers
    s32 = rng.normal(size=3000).astype(np.float32)
    df = frame(spark, y=y, big=big, s32=s32, flag=y.astype(bool) ^ (rng.random(3000) < 0.3))
    assert sps.roc_auc_score("y", "big", data=df) == pytest.approx(
        spc.roc_auc_score(y, big), rel=REL)
    assert sps.pr_auc_score("y", "s32", data=df) == pytest.approx(
        spc.pr_auc_score(y, s32), rel=REL)
    flag = df.toPandas()
    assert sps.average_precision_score("y", "flag", data=df) == pytest.approx(
        spc.average_precision_score(flag["y"], flag["flag"]), rel=REL)


@pytest.mark.parametrize("labels, pos_label", [
    (["spam", "ham"], "spam"),
    ([True, False], None),
    ([1, -1], None),
    ([3, 7], 7),
    ([1.0, 0.0], None),
])
def test_label_encodings(spark, labels, pos_label):
    rng = np.random.default_rng(3)
    which = rng.integers(0, 2, 2000)
    y = np.array(labels, dtype=object if isinstance(labels[0], str) else None)[which]
    s = rng.normal(size=2000) + (which == 0)
    df = frame(spark, y=y, s=s)
    expected = spc.pr_auc_score(y, s, **({} if pos_label is None else {"pos_label": pos_label}))
    assert sps.pr_auc_score("y", "s", data=df, pos_label=pos_label) == pytest.approx(
        expected, rel=REL)


def test_pos_label_among_many_labels(spark):
    """With pos_label, any labels: one against the rest, as in memory."""
    rng = np.random.default_rng(4)
    y = rng.integers(0, 5, 3000)
    s = rng.normal(size=3000) + (y == 3)
    df = frame(spark, y=y, s=s)
    assert sps.roc_auc_score("y", "s", data=df, pos_label=3) == pytest.approx(
        spc.roc_auc_score(y == 3, s), rel=REL)


@pytest.mark.parametrize("labels, message", [
    ([0, 1, 1, 0, -1, 1, -1, 1], "multiclass format is not supported"),  # binary per partition
    ([0, 2, 2, 0, 0, 2, 2, 0], "pass pos_label"),
    ([0.0, 1.0, 0.5, 1.0, 0.0, 1.0, 0.0, 1.0], "continuous format is not supported"),
    ([0.0, 1.0, np.nan, 1.0, 0.0, 1.0, 0.0, 1.0], "contains NaN"),
])
def test_labels_are_checked_across_partitions(spark, labels, message):
    """Each partition may look fine alone; all of them together decide, as in memory."""
    scores = np.linspace(0, 1, 8)
    with pytest.raises(ValueError, match=message):
        spc.roc_curve(labels, scores)  # the in-memory binary curve
    # Two partitions of four rows each, in order.
    label_type = "double" if isinstance(labels[0], float) else "long"
    df = spark.createDataFrame([(label, float(score)) for label, score in zip(labels, scores)],
                               f"y {label_type}, s double")  # NaN stays NaN, not null
    df = df.coalesce(1).repartitionByRange(2, "s")
    for mode in ("exact", "binned"):
        with pytest.raises(ValueError, match=message):
            sps.roc_auc_score("y", "s", data=df, mode=mode)


def test_input_errors(spark):
    columns = dict(y=[0, 1, 1, 0], s=[0.1, np.nan, 0.3, 0.2], t=["0.1", "0.2", "0.3", "0.4"],
                   w=[1.0, -1.0, 1.0, 1.0], z=[0.0] * 4, ones=[1, 1, 1, 1],
                   text=["a", "b", "a", "b"], inf=[0.1, np.inf, 0.3, 0.2])
    # From Python rows: NaN stays NaN (from pandas it would become null).
    df = spark.createDataFrame(
        list(zip(*columns.values())),
        "y long, s double, t string, w double, z double, ones long, text string, inf double",
    ).repartition(2)
    with pytest.raises(ValueError, match="Input contains NaN"):
        sps.roc_auc_score("y", "s", data=df)
    with pytest.raises(ValueError, match="infinity"):
        sps.pr_auc_score("y", "inf", data=df)
    with pytest.raises(NonNumericScoreError, match="y_score must hold numbers; got text"):
        sps.pr_auc_score("y", "t", data=df)
    with pytest.raises(ValueError, match="non-negative"):
        sps.pr_auc_score("y", "w", data=df, sample_weight="w")
    with pytest.raises(ValueError, match="at least one non-zero"):
        sps.pr_auc_score("y", "w", data=df, sample_weight="z")
    with pytest.raises(ValueError, match="Only one class"):
        sps.pr_auc_score("ones", "w", data=df)
    with pytest.raises(ValueError, match="pass pos_label"):
        sps.roc_auc_score("text", "w", data=df)
    with pytest.raises(ValueError, match="pos_label=1 is a number but the labels are text"):
        sps.roc_auc_score("text", "w", data=df, pos_label=1)
    assert sps.roc_auc_score("text", "w", data=df, pos_label="b") == pytest.approx(
        spc.roc_auc_score(np.array(["a", "b", "a", "b"]) == "b", [1.0, -1.0, 1.0, 1.0]))
    with pytest.raises(ValueError, match="no column 'nope'"):
        sps.roc_auc_score("y", "nope", data=df)
    with pytest.raises(TypeError, match="data must be a PySpark DataFrame"):
        sps.roc_auc_score("y", "s", data=pd.DataFrame({"y": [0, 1], "s": [0.1, 0.2]}))
    with pytest.raises(ValueError, match="mode must be"):
        sps.roc_auc_score("y", "w", data=df, mode="approximate")
    with pytest.raises(ValueError, match="n_ranges must be a positive integer"):
        sps.exact_summary("y", "w", data=df, n_ranges=0)
    with pytest.raises(ValueError, match="mantissa_bits"):
        sps.binned_summary("y", "w", data=df, mantissa_bits=99)
    nulls = spark.createDataFrame([(0, 0.1), (1, None), (None, 0.3)], "y int, s double")
    with pytest.raises(ValueError, match="null labels"):
        sps.roc_auc_score("y", "s", data=nulls.where("s is not null"))
    with pytest.raises(ValueError, match="null scores"):
        sps.roc_auc_score("y", "s", data=nulls.where("y is not null"))
    empty = spark.createDataFrame([], "y int, s double")
    with pytest.raises(ValueError, match="No sample"):
        sps.roc_auc_score("y", "s", data=empty)


def test_parquet_path(spark, data, tmp_path):
    y, s, w = data
    frame(spark, y=y, s=s, w=w).write.parquet(str(tmp_path / "scores"))
    expected = spc.pr_auc_score(y, s, sample_weight=w)
    assert sps.pr_auc_score("y", "s", sample_weight="w", data=tmp_path / "scores") == (
        pytest.approx(expected, rel=REL))


def test_binned_mode_bounds_hold(spark, data):
    y, s, w = data
    df = frame(spark, y=y, s=s, w=w)
    estimate, bound = sps.roc_auc_score("y", "s", data=df, sample_weight="w", mode="binned")
    assert abs(estimate - spc.roc_auc_score(y, s, sample_weight=w)) <= bound
    low, high = sps.average_precision_score("y", "s", data=df, sample_weight="w",
                                            mode="binned")
    assert low <= spc.average_precision_score(y, s, sample_weight=w) <= high
    # The same bins as the in-memory summary.
    summary = spc.BinnedSummary(mantissa_bits=12).update(y, s, sample_weight=w)
    spark_summary = sps.binned_summary("y", "s", data=df, sample_weight="w")
    np.testing.assert_array_equal(spark_summary.keys_, summary.keys_)
    np.testing.assert_allclose(spark_summary.pos_, summary.pos_, rtol=REL)
    np.testing.assert_allclose(spark_summary.neg_, summary.neg_, rtol=REL)
    assert spark_summary.average_precision_interval() == pytest.approx(
        summary.average_precision_interval(), rel=REL)
    assert sps.pr_auc_score("y", "s", data=df, sample_weight="w", mode="binned") == (
        pytest.approx(summary.pr_auc(), rel=REL))


def test_binned_refinement_second_pass(spark):
    rng = np.random.default_rng(5)
    y = (rng.random(30_000) < 0.1).astype(int)
    s = rng.normal(size=30_000) + y
    df = frame(spark, y=y, s=s)
    exact = spc.roc_auc_score(y, s)
    coarse = sps.binned_summary("y", "s", data=df, mantissa_bits=4)
    assert coarse.roc_auc()[1] > 1e-4
    for tolerance in (1e-4, 0.0):
        estimate, bound = sps.roc_auc_score("y", "s", data=df, mode="binned",
                                            mantissa_bits=4, tolerance=tolerance)
        assert bound <= tolerance and abs(estimate - exact) <= bound + 1e-12
    estimate, bound = sps.roc_auc_score("y", "s", data=df, mode="binned", mantissa_bits=4,
                                        tolerance=0.0)
    assert estimate == pytest.approx(exact, rel=REL)
    # Distinct scores at the default resolution: a bound under 1e-4 without refinement.
    estimate, bound = sps.roc_auc_score("y", "s", data=df, mode="binned")
    assert bound <= 1e-4 and abs(estimate - exact) <= bound


def test_spark_comparison_example(spark, capsys):
    """The docs' comparison: Spark's areaUnderPR is the straight-line area, the package
    gives the reference tools' Davis-Goadrich and continuous areas on the same data."""
    import json
    import runpy
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    example = runpy.run_path(str(root / "docs" / "examples" / "spark_comparison.py"))
    results = example["main"](spark)
    case = json.loads((Path(__file__).parent / "data" / "public_cases.json").read_text())
    case = case["cases"]["paper_table1_groups"]
    spark_exact_roc, spark_exact_pr, _ = results["Spark evaluator, numBins=0"]
    ours_roc, ours_dg, _ = results["sklearn_prcurves, exact"]
    assert ours_roc == pytest.approx(case["sklearn_roc_auc"], abs=1e-12)
    assert spark_exact_roc == pytest.approx(case["sklearn_roc_auc"], abs=1e-12)
    assert ours_dg == pytest.approx(case["davis_goadrich"], abs=1e-12)
    assert results["  same table, continuous"][1] == pytest.approx(case["continuous"], abs=1e-12)
    assert results["  same table, average precision"][1] == pytest.approx(
        case["sklearn_average_precision"], abs=1e-12)
    # Spark joins PR points by straight lines (the first point's precision held back to
    # recall 0): our "linear", the area the paper warns about, far above the DG area.
    assert results["  same table, straight lines"][1] == pytest.approx(spark_exact_pr, abs=1e-12)
    assert spark_exact_pr > ours_dg + 0.05
    assert "Davis-Goadrich" in capsys.readouterr().out


@pytest.mark.parametrize("scale", [1e-300, 1e300])
def test_extreme_weight_scales(spark, scale):
    """Weights of 1e-300 or 1e300: no product of two weights is formed, no weight is
    cast to an integer (Spark's ANSI mode would fail), and results match memory."""
    rng = np.random.default_rng(7)
    y = rng.integers(0, 2, 500)
    s = np.round(rng.random(500), 1)
    w = rng.integers(1, 4, 500) * scale
    df = spark.createDataFrame([(int(a), float(b), float(c)) for a, b, c in zip(y, s, w)],
                               "y long, s double, w double").repartition(3)
    with sps.exact_summary("y", "s", data=df, sample_weight="w", n_ranges=3) as table:
        assert table.roc_auc() == pytest.approx(spc.roc_auc_score(y, s, sample_weight=w),
                                                rel=REL)
        assert table.pr_auc("continuous") == pytest.approx(
            spc.pr_auc_score(y, s, sample_weight=w, interpolation="continuous"), rel=REL)
        assert table.achievable_pr_auc("continuous") == pytest.approx(
            spc.achievable_pr_auc_score(y, s, sample_weight=w, interpolation="continuous"),
            rel=REL)
    estimate, bound = sps.roc_auc_score("y", "s", data=df, sample_weight="w", mode="binned")
    assert abs(estimate - spc.roc_auc_score(y, s, sample_weight=w)) <= bound
    low, high = sps.average_precision_score("y", "s", data=df, sample_weight="w",
                                            mode="binned")
    assert low <= spc.average_precision_score(y, s, sample_weight=w) <= high


def test_a_score_held_by_most_rows_is_one_row_per_chunk(spark):
    """Heavy ties (a default score for most rows) collapse before the shuffle: the
    range holding that score receives a few rows, not all of them."""
    rng = np.random.default_rng(8)
    n = 200_000
    y = (rng.random(n) < 0.2).astype(np.int64)
    s = np.where(rng.random(n) < 0.9, 0.0, rng.normal(size=n) + y)
    df = frame(spark, partitions=4, y=y, s=s)
    with sps.exact_summary("y", "s", data=df, n_ranges=4) as table:
        assert table.largest_range < 0.15 * n
        assert table.roc_auc() == pytest.approx(spc.roc_auc_score(y, s), rel=REL)
        assert table.pr_auc() == pytest.approx(spc.pr_auc_score(y, s), rel=REL)
    chunks = spark_engine._map_in_arrow(spark_engine._prepare("y", "s", None, None, df).frame,
                               spark_engine._chunk_tables(False), "s double, pos double, neg double")
    assert chunks.where("s = 0").count() <= 4  # one row per partition's chunk


_WITHOUT_THE_PACKAGE = """
import os, sys
os.environ["PYSPARK_PYTHON"] = sys.argv[1]
from pyspark.sql import SparkSession
spark = SparkSession.builder.master("local[1]").config("spark.ui.enabled", "false").getOrCreate()
spark.sparkContext.setLogLevel("OFF")
import sklearn_prcurves.spark as sps
df = spark.createDataFrame([(0, .1), (1, .9), (0, .3), (1, .7)], "y long, s double")
for mode, bits in (("exact", 12), ("binned", 30), ("binned", 12)):
    try:
        print(mode, bits, sps.roc_auc_score("y", "s", data=df, mode=mode, mantissa_bits=bits))
    except ModuleNotFoundError as exc:
        print(exc)
"""


def test_workers_without_the_package_say_which_interpreter_and_what_to_set(tmp_path):
    """A virtual environment that is not activated: Spark's workers run another
    Python, which lacks the package. One error naming it and PYSPARK_PYTHON."""
    import subprocess
    import sys

    other = shutil.which("python3", path="/usr/bin") or ""
    if not other or subprocess.run([other, "-c", "import sys; print(sys.version_info[:2])"],
                                   capture_output=True, text=True).stdout.strip() != str(
                                       sys.version_info[:2]):
        pytest.skip("needs a system Python of this version (Spark refuses another)")
    if subprocess.run([other, "-c", "import sklearn_prcurves"], cwd=tmp_path,
                      capture_output=True).returncode == 0:
        pytest.skip("the system Python has the package")
    run = subprocess.run([sys.executable, "-c", _WITHOUT_THE_PACKAGE, other],
                         capture_output=True, text=True, timeout=300, cwd=tmp_path)
    lines = run.stdout.strip().splitlines()
    assert len(lines) == 3, run.stdout + run.stderr
    # (float scores binned at up to 23 bits stay in the JVM: no Python worker starts)
    assert lines.pop() == "binned 12 (1.0, 0.0)"
    for line in lines:
        assert line.startswith(f"Spark's Python workers ({other}) cannot import "
                               "sklearn_prcurves"), line
        assert f"PYSPARK_PYTHON={sys.executable}" in line


@pytest.mark.parametrize("weighted", [False, True])
def test_float32_scores_take_the_census_plan(spark, weighted):
    """float32 scores: the JVM's histogram is the census's (the one Dask's plan reads),
    each range is one partition counted once, its totals from the histogram; every
    area equals memory's, across specials (subnormals, -0.0, huge values)."""
    from sklearn_prcurves._engines._census import histogram, histogram_plan

    rng = np.random.default_rng(12)
    n = 40_000
    y = (rng.random(n) < 0.2).astype(np.int64)
    s = (rng.normal(size=n) + y).astype(np.float32)
    s[:40] = np.array([0.0, -0.0, 1e-45, -1e-45, 3e38, -3e38, 1.2e-38, -1.2e-38] * 5,
                      dtype=np.float32)
    w = rng.integers(0, 4, n) * 0.25 if weighted else None
    columns = {"y": y, "s": s, **({"w": w} if weighted else {})}
    df = frame(spark, partitions=5, **columns)
    prepared = spark_engine._prepare("y", "s", "w" if weighted else None, None, df)
    got = spark_engine._histogram(prepared)
    keep = np.ones(n, bool) if w is None else w > 0
    want = histogram(y[keep] == 1, s[keep], None if w is None else w[keep])
    for a, b in zip(got, want):
        np.testing.assert_allclose(a, b, rtol=1e-13)
    assert histogram_plan(got, 6) is not None
    assert histogram_plan(got, spark_engine._COMPARED_RANGES + 30) is not None  # (the bucketizer's)
    with sps.exact_summary("y", "s", data=df, sample_weight="w" if weighted else None,
                           n_ranges=6) as table:
        assert 4 <= table.n_ranges <= 6 and table.largest_range <= n / 6 * 1.2 + 1
        expected = in_memory_measures(y, s, w)
        got = table_measures(table)
        for name in expected:
            assert got[name] == pytest.approx(expected[name], rel=REL), name
        kept = table.scores()
    # persist=False: nothing kept on the executors, the same values; past
    # _COMPARED_RANGES ranges, found by the bucketizer, the same again
    once = sps.exact_summary("y", "s", data=df, sample_weight="w" if weighted else None,
                             n_ranges=6, persist=False)
    assert once.scores() == pytest.approx(kept, rel=REL)
    assert not spark.sparkContext._jsc.getPersistentRDDs()
    many = sps.exact_summary("y", "s", data=df, sample_weight="w" if weighted else None,
                             n_ranges=spark_engine._COMPARED_RANGES + 30, persist=False)
    assert many.n_ranges > spark_engine._COMPARED_RANGES
    assert many.scores() == pytest.approx(kept, rel=REL)


def test_a_heavily_repeated_float32_score_takes_the_sampled_plan(spark):
    rng = np.random.default_rng(13)
    n = 30_000
    y = (rng.random(n) < 0.3).astype(np.int64)
    s = np.where(rng.random(n) < 0.6, 0.5, rng.normal(size=n) + y).astype(np.float32)
    df = frame(spark, partitions=4, y=y, s=s)
    prepared = spark_engine._prepare("y", "s", None, None, df)
    assert spark_engine._census_table(prepared, 4) is None
    assert sps.roc_auc_score("y", "s", data=df, n_ranges=4) == pytest.approx(
        spc.roc_auc_score(y, s), rel=REL)


@pytest.mark.parametrize("dtype", ["float", "double"])
def test_bins_in_the_jvm_are_the_summary_s(spark, dtype):
    """Binned mode on float scores bins in Spark's own arithmetic: the keys are the
    binned summary's, to the bit, for every float32 exponent, subnormals and values
    past float32's range (doubles rounded as the summary rounds them)."""
    from pyspark.sql import functions as F

    rng = np.random.default_rng(14)
    n = 20_000
    y = (rng.random(n) < 0.5).astype(np.int64)
    s = rng.normal(size=n) * 10.0 ** rng.integers(-44, 39, n)
    s[:8] = [0.0, -0.0, 1e-300, -1e-300, 1e300, -1e300, 2.0**-126, -(2.0**-149)]
    if dtype == "float":
        with np.errstate(over="ignore"):
            s[np.abs(s) > 3e38] = 3e38
            s = s.astype(np.float32)
    df = frame(spark, partitions=3, y=y, s=s).select("y", F.col("s").cast(dtype))
    for bits in (0, 4, 12, 23):
        summary = spc.BinnedSummary(mantissa_bits=bits).update(y, s)
        ours = sps.binned_summary("y", "s", data=df, mantissa_bits=bits)
        np.testing.assert_array_equal(ours.keys_, summary.keys_)
        np.testing.assert_array_equal(ours.pos_, summary.pos_)
        np.testing.assert_array_equal(ours.neg_, summary.neg_)


_ON_A_LOCAL_CLUSTER = """
import os, sys
import numpy as np
os.environ["PYSPARK_PYTHON"] = sys.executable
from pyspark.sql import SparkSession
try:
    spark = (SparkSession.builder.master("local-cluster[2,1,1024]")
             .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
             .config("spark.driver.bindAddress", "127.0.0.1").getOrCreate())
    spark.sparkContext.setLogLevel("OFF")
    spark.range(4).count()
except Exception as exc:
    print("UNSUPPORTED", type(exc).__name__, str(exc).splitlines()[0][:200])
    sys.exit(0)
import pandas as pd
import sklearn_prcurves as spc
import sklearn_prcurves.spark as sps
executors = spark.sparkContext._jsc.sc().getExecutorMemoryStatus().size() - 1
rng = np.random.default_rng(15)
y = (rng.random(30_000) < 0.2).astype(np.int64)
s = rng.normal(size=30_000) + y
w = rng.integers(0, 3, 30_000) * 0.5
for dtype in (np.float32, np.float64):
    df = spark.createDataFrame(pd.DataFrame({"y": y, "s": s.astype(dtype), "w": w}))
    df = df.repartition(6)
    with sps.exact_summary("y", "s", data=df, sample_weight="w", n_ranges=4) as table:
        got = (table.roc_auc(), table.pr_auc(), table.average_precision())
    want = (spc.roc_auc_score(y, s.astype(dtype), sample_weight=w),
            spc.pr_auc_score(y, s.astype(dtype), sample_weight=w),
            spc.average_precision_score(y, s.astype(dtype), sample_weight=w))
    assert np.allclose(got, want, rtol=1e-12, atol=0), (dtype, got, want)
    estimate, bound = sps.roc_auc_score("y", "s", data=df, sample_weight="w", mode="binned")
    assert abs(estimate - want[0]) <= bound
print("OK", executors)
"""


def test_separate_executor_processes_give_the_same_numbers(tmp_path):
    """``local-cluster``: executors in processes of their own, as on a cluster (the
    ranges' partition keys, the census plan's rows and the cached tables cross
    processes). Where this PySpark cannot start one (it needs its launch scripts), the
    test says why and skips."""
    import subprocess
    import sys

    run = subprocess.run([sys.executable, "-c", _ON_A_LOCAL_CLUSTER], capture_output=True,
                         text=True, timeout=600, cwd=tmp_path)
    out = run.stdout.strip().splitlines()
    assert run.returncode == 0 and out, run.stdout + run.stderr[-3000:]
    if out[-1].startswith("UNSUPPORTED"):
        pytest.skip(f"local-cluster mode does not start here: {out[-1]}")
    assert out[-1] == "OK 2", out

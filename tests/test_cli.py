"""The command-line report, end to end: its numbers are the library's, whatever the
input format, and bad input gets one clear line."""

import gzip
import io
import json
import math
import os
import pickle
import re
import shutil
import subprocess
import sys
import warnings
import zipfile

import numpy as np
import pytest

import sklearn_prcurves as spc
from sklearn_prcurves._report import _figures, _sources
from sklearn_prcurves._report._cli import main

pytest.importorskip("matplotlib")
pa = pytest.importorskip("pyarrow")
import pyarrow.csv as pacsv  # noqa: E402
import pyarrow.feather  # noqa: E402, F401
import pyarrow.ipc  # noqa: E402, F401
import pyarrow.parquet as pq  # noqa: E402


def run(*args, cwd=None, stdin=None):
    """Run the installed command as a user would, through ``python -m``."""
    return subprocess.run(
        [sys.executable, "-m", "sklearn_prcurves", *args],
        capture_output=True, cwd=cwd, timeout=600, input=stdin,
        text=not isinstance(stdin, bytes),
    )


def report_json(capsys, *args):
    """Run the report in this process and return its JSON."""
    assert main([*args, "--format", "json", "--no-files", "--no-progress"]) == 0
    return json.loads(capsys.readouterr().out)


def make_data(n=400, seed=0, ties=False):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.2).astype(int)
    y[:2] = [0, 1]
    a = rng.normal(size=n) + 1.2 * y
    b = rng.normal(size=n) + 0.8 * y
    if ties:
        a, b = np.round(a, 1), np.round(b, 1)
    w = rng.integers(1, 4, n).astype(float)
    return y, a, b, w


def write_csv(path, columns, *, delimiter=",", compression=None):
    table = pa.table(columns)
    options = pacsv.WriteOptions(delimiter=delimiter)
    if compression:
        with pa.CompressedOutputStream(str(path), compression) as stream:
            pacsv.write_csv(table, stream, write_options=options)
    else:
        pacsv.write_csv(table, str(path), write_options=options)
    return path


def library_values(y, s, w=None, at_recall=(), at_precision=(), certified=False,
                   prevalence=None, at_flag_rate=()):
    """Every measure of the report, from the library's public functions (``certified``:
    the certified rows of the levels too, as with intervals and whole weights;
    ``prevalence``: the PR measures at that deployment's)."""
    fpr, tpr, _ = spc.roc_convex_hull(y, s, sample_weight=w)
    pr = {"sample_weight": w, "prevalence": prevalence}
    threshold, f1 = spc.fbeta_optimal_threshold(y, s, **pr)
    values = {
        "auc_roc": spc.roc_auc_score(y, s, sample_weight=w),
        "hull_auc_roc": spc.auc(fpr, tpr),
        "average_precision": (spc.average_precision_score(y, s, sample_weight=w)
                              if prevalence is None else
                              spc.pr_auc_score(y, s, interpolation="step", **pr)),
        "auc_pr": spc.pr_auc_score(y, s, **pr),
        "auc_pr_continuous": spc.pr_auc_score(y, s, interpolation="continuous", **pr),
        "achievable_auc_pr": spc.achievable_pr_auc_score(y, s, **pr),
        "max_f1": f1,
        "max_f1_threshold": threshold,
        "normalized_auc_pr": spc.normalized_pr_auc_score(y, s, **pr),
        "ks": spc.ks_statistic(y, s, sample_weight=w).statistic,
        "ks_threshold": spc.ks_statistic(y, s, sample_weight=w).threshold,
    }
    for r in at_recall:
        values[f"precision_at_recall_{r:g}"], values[f"precision_at_recall_{r:g}_threshold"] = (
            spc.precision_at_recall(y, s, min_recall=r, **pr))
    for p in at_precision:
        values[f"recall_at_precision_{p:g}"], values[f"recall_at_precision_{p:g}_threshold"] = (
            spc.recall_at_precision(y, s, min_precision=p, **pr))
    for b in at_flag_rate:
        values[f"recall_at_flag_rate_{b:g}"], values[f"recall_at_flag_rate_{b:g}_threshold"] = (
            spc.recall_at_flag_rate(y, s, max_flag_rate=b, **pr))
    for levels, key, objective in ((at_recall, "min_recall", "precision"),
                                   (at_precision, "min_precision", "recall"),
                                   (at_flag_rate, "max_flag_rate", "recall")) * certified:
        for level in levels:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # (nothing certified: n/a in the report)
                found = spc.certified_threshold(y, s, **{key: level}, sample_weight=w)
            name = f"certified_{objective}_at_{key[4:]}_{level:g}"
            values[name], values[name + "_threshold"] = getattr(found, objective), found.threshold
    return values


def assert_values(got, expected, exact=True):
    assert set(expected) <= set(got)
    for key, value in expected.items():
        if value != value:  # (JSON has no NaN)
            assert got[key] is None, key
        elif exact:
            assert got[key] == value, key
        else:
            assert got[key] == pytest.approx(value, rel=1e-12, abs=1e-15), key


# --- the numbers are the library's -------------------------------------------------------


@pytest.mark.parametrize("ties", [False, True])
def test_report_equals_the_library_on_csv(tmp_path, capsys, ties):
    y, a, b, _ = make_data(ties=ties)
    data = write_csv(tmp_path / "scores.csv", {"y": y, "model_a": a, "model_b": b})
    out = report_json(capsys, "report", str(data), "--label", "y", "--score", "model_a",
                      "--score", "model_b", "--at-recall", "0.5", "--at-precision", "0.6")
    for name, s in (("model_a", a), ("model_b", b)):
        model = out["models"][name]
        assert_values(model["values"], library_values(y, s, None, [0.5], [0.6]))
        assert model["positives"] == y.sum() and model["rows"] == y.shape[0]
        low, high = spc.roc_auc_ci(y, s)
        assert model["intervals"]["auc_roc"][:2] == [low, high]
        low, high = spc.pr_auc_ci(y, s)
        assert model["intervals"]["auc_pr"][:2] == [low, high]
    # The paired test of the runner-up against the best model by AUC-ROC.
    test = out["comparison"]["delong"]["model_b"]
    assert test["against"] == "model_a"
    expected = spc.delong_test(y, b, a)
    assert test["pvalue"] == pytest.approx(expected.pvalue, rel=1e-9)
    assert test["difference"] == pytest.approx(expected.difference, rel=1e-12)
    assert [test["low"], test["high"]] == pytest.approx(list(expected.confidence_interval))
    meta = out["metadata"]
    assert meta["sklearn_prcurves"] == spc.__version__ and meta["rows_read"] == y.shape[0]
    assert meta["label"] == "y" and meta["weight"] is None and meta["mode"] == "exact"


@pytest.mark.parametrize("fmt", ["gzip", "zstd", "bz2", "tsv", "semicolon", "parquet",
                                 "parquet-folder", "parquet-glob", "stdin", "feather",
                                 "arrow-batches", "feather-folder", "feather-stdin",
                                 "csv-glob", "csv-folder", "utf-16"])
def test_every_input_format_gives_the_same_numbers(tmp_path, capsys, monkeypatch, fmt):
    y, a, b, _ = make_data(300, seed=1)
    columns = {"y": y, "a": a, "b": b}
    extra = []
    if fmt in ("gzip", "zstd", "bz2"):
        suffix = {"gzip": "gz", "zstd": "zst", "bz2": "bz2"}[fmt]
        path = write_csv(tmp_path / f"s.csv.{suffix}", columns, compression=fmt)
    elif fmt == "tsv":
        path = write_csv(tmp_path / "s.tsv", columns, delimiter="\t")
    elif fmt == "semicolon":
        path = write_csv(tmp_path / "s.txt", columns, delimiter=";")
        extra = ["--sep", ";"]
    elif fmt == "parquet":
        path = tmp_path / "s.parquet"
        pq.write_table(pa.table(columns), path, row_group_size=70)
    elif fmt.startswith("parquet-"):
        folder = tmp_path / "parts"
        folder.mkdir()
        for i, start in enumerate(range(0, 300, 100)):
            part = {k: v[start:start + 100] for k, v in columns.items()}
            pq.write_table(pa.table(part), folder / f"part-{i}.parquet")
        path = folder if fmt == "parquet-folder" else folder / "part-*.parquet"
    elif fmt == "utf-16":  # Excel's "Unicode Text", Windows PowerShell's redirections
        path = tmp_path / "s.txt"
        text = write_csv(tmp_path / "plain.csv", columns).read_text()
        path.write_text(text.replace(",", "\t"), encoding="utf-16")
        extra = ["--sep", "\\t"]
    elif fmt in ("csv-glob", "csv-folder"):  # several text files, one empty of rows
        folder = tmp_path / "parts"
        folder.mkdir()
        for i, (start, stop) in enumerate([(0, 120), (120, 120), (120, 300)]):
            part = {k: v[start:stop] for k, v in columns.items()}
            write_csv(folder / f"part-{i}.csv.gz", part, compression="gzip") if i == 2 else \
                write_csv(folder / f"part-{i}.csv", part)
        path = folder if fmt == "csv-folder" else folder / "part-*"
    elif fmt in ("feather", "feather-stdin"):
        path = tmp_path / "s.feather"
        pa.feather.write_feather(pa.table(columns), path)
        if fmt == "feather-stdin":
            monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(open(path, "rb")))  # noqa: SIM115
            path = "-"
    elif fmt == "arrow-batches":  # several record batches, one file
        path = tmp_path / "s.arrow"
        table = pa.table(columns)
        with pa.OSFile(str(path), "wb") as sink, pa.ipc.new_file(sink, table.schema) as out:
            for batch in table.to_batches(max_chunksize=70):
                out.write_batch(batch)
    elif fmt == "feather-folder":  # compressed buffers, one part per file
        path = tmp_path / "parts"
        path.mkdir()
        for i, (start, compression) in enumerate(zip(range(0, 300, 150), ("zstd", "lz4"))):
            part = {k: v[start:start + 150] for k, v in columns.items()}
            pa.feather.write_feather(pa.table(part), path / f"part-{i}.feather",
                                     compression=compression)
    else:
        csv_path = write_csv(tmp_path / "s.csv", columns)
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(open(csv_path, "rb")))  # noqa: SIM115
        path = "-"
    out = report_json(capsys, "report", str(path), "--label", "y", "--score", "a",
                      "--score", "b", *extra)
    for name, s in (("a", a), ("b", b)):
        assert_values(out["models"][name]["values"], library_values(y, s))


def test_a_csv_header_in_brackets_is_not_taken_for_json(tmp_path, capsys):
    y, a, _, _ = make_data(200, seed=5)
    path = tmp_path / "s.csv"  # (unquoted: as spreadsheets write such a header)
    path.write_text("[y],{a}\n" + "".join(f"{t},{float(s)!r}\n" for t, s in zip(y, a)))
    out = report_json(capsys, "report", str(path), "--label", "[y]", "--score", "{a}")
    assert_values(out["models"]["{a}"]["values"], library_values(y, a))


def test_several_csv_files_name_the_file_of_a_bad_cell(tmp_path):
    folder = tmp_path / "daily"
    folder.mkdir()
    (folder / "2026-01-01.csv").write_text("y,s\n1,0.5\n0,0.2\n")
    (folder / "2026-01-02.csv").write_text("y,s\n1,0.4\n0,zz\n")
    result = run("report", str(folder), "--label", "y", "--score", "s", "--no-files")
    assert result.returncode == 2
    assert "2026-01-02.csv line 3, column 's': 'zz' is not a number" in result.stderr
    (folder / "2026-01-02.csv").write_text("y,t\n1,0.4\n")
    result = run("report", str(folder), "--label", "y", "--score", "s", "--no-files")
    assert result.returncode == 2 and "no column 's' in 2026-01-02.csv" in result.stderr


@pytest.mark.parametrize("kind", ["parquet", "arrow", "csv"])
def test_partitioned_folders_give_their_columns(tmp_path, capsys, kind):
    """A folder written partitioned (``month=2026-01/...``, as Spark and pyarrow write
    it): the folders' column is there for --by, each file's rows with its value, the
    null partition as missing, quoted values unquoted."""
    y, a, _, _ = make_data(600, seed=3)
    month = np.array(["2026-01", "2026/02", None], dtype=object)[np.arange(600) % 3]
    folders = {"2026-01": "2026-01", "2026/02": "2026%2F02", None: "__HIVE_DEFAULT_PARTITION__"}
    for value, folder in folders.items():
        rows = np.array([m == value for m in month])
        for i, half in enumerate(np.array_split(np.flatnonzero(rows), 2)):
            where = tmp_path / "data" / "run=7" / f"month={folder}"
            where.mkdir(parents=True, exist_ok=True)
            # (a column of the file's own wins over the folders' "run")
            table = pa.table({"y": y[half], "a": a[half], "run": np.full(half.shape, "own")})
            if kind == "parquet":
                pq.write_table(table, where / f"part-{i}.parquet")
            elif kind == "csv":
                pacsv.write_csv(table, where / f"part-{i}.csv")
            else:
                pa.feather.write_feather(table, where / f"part-{i}.feather")
    own = report_json(capsys, "report", str(tmp_path / "data"), "--label", "y", "--score",
                      "a", "--by", "run")
    assert list(own["segments"]["values"]) == ["own"]
    out = report_json(capsys, "report", str(tmp_path / "data"), "--label", "y", "--score",
                      "a", "--by", "month")
    assert_values(out["models"]["a"]["values"], library_values(y, a))
    for value, name in (("2026-01", "2026-01"), ("2026/02", "2026/02"), (None, "(missing)")):
        rows = np.array([m == value for m in month])
        got = out["segments"]["values"][name]["a"]
        assert got["rows"] == rows.sum()
        assert_values(got["values"], library_values(y[rows], a[rows]))


@pytest.mark.skipif(not hasattr(pa, "string_view"), reason="pyarrow before 16: no view types")
@pytest.mark.parametrize("kind", ["arrow", "parquet"])
def test_view_typed_columns_are_read(tmp_path, capsys, kind):
    # polars writes its strings as string_view, and its categoricals as dictionaries of
    # string_view values, which pyarrow's take and cast kernels refuse: a label and a
    # segment column so typed read as their plain strings.
    y, a, _, _ = make_data(900, seed=4)
    spelled = np.where(y == 1, "churn", "stay")
    segment = np.array(["north", "south", "east"])[np.arange(900) % 3]

    def categorical(values):
        names = sorted(set(values))
        codes = pa.array([names.index(v) for v in values], pa.uint32())
        return pa.DictionaryArray.from_arrays(codes, pa.array(names, pa.string_view()))

    path = tmp_path / f"s.{kind}"
    if kind == "arrow":
        pa.feather.write_feather(pa.table({
            "y": categorical(spelled), "a": a, "seg": pa.array(segment, pa.string_view()),
            "cat": categorical(segment)}), path)
    else:  # (Parquet keeps the view type in its Arrow schema; it cannot hold the others)
        pq.write_table(pa.table({"y": pa.array(spelled, pa.string_view()), "a": a,
                                 "seg": pa.array(segment, pa.string_view())}), path)
        assert pq.read_table(path).schema.field("y").type == pa.string_view()
    for by in ("seg", "cat")[:2 if kind == "arrow" else 1]:
        out = report_json(capsys, "report", str(path), "--label", "y", "--score", "a",
                          "--pos-label", "churn", "--by", by)
        assert_values(out["models"]["a"]["values"], library_values(y, a))
        for name in ("north", "south", "east"):
            rows = segment == name
            assert_values(out["segments"]["values"][name]["a"]["values"],
                          library_values(y[rows], a[rows]))


def test_many_batches_give_the_one_shot_numbers(tmp_path, capsys, monkeypatch):
    """Tiny batches: tables merged across dozens of chunks, segments included."""
    monkeypatch.setattr(_sources, "_CSV_BLOCK_BYTES", 4096)
    y, a, b, w = make_data(3000, seed=2, ties=True)
    group = np.array(["north", "south", "east"])[np.arange(3000) % 3]
    data = write_csv(tmp_path / "s.csv", {"y": y, "a": a, "b": b, "w": w, "g": group})
    out = report_json(capsys, "report", str(data), "--label", "y", "--score", "a", "--score",
                      "b", "--weight", "w", "--by", "g")
    for name, s in (("a", a), ("b", b)):
        assert_values(out["models"][name]["values"], library_values(y, s, w))
        for segment in ("north", "south", "east"):
            rows = group == segment
            got = out["segments"]["values"][segment][name]
            assert_values(got["values"], library_values(y[rows], s[rows], w[rows]))
        assert out["segments"]["grouped_auc"][name] == pytest.approx(
            spc.grouped_roc_auc_score(y, s, group, sample_weight=w), rel=1e-12)


@pytest.mark.parametrize("spilled", [False, True])
@pytest.mark.parametrize("weighted", [False, True])
def test_tables_held_in_ranges_give_the_library_numbers(tmp_path, capsys, monkeypatch,
                                                        weighted, spilled):
    """Long tables are held (and measured) in score ranges of bounded size: ranges of
    8 distinct scores here (of 64), so every measure is summed over many pieces; and
    past 20 distinct scores the ranges are held on disk (``spilled``)."""
    from sklearn_prcurves._report import _ranged

    spills = []

    class Spill(_ranged._Spill):
        def __init__(self):
            super().__init__()
            spills.append(self)

    monkeypatch.setattr(_ranged, "_Spill", Spill)
    monkeypatch.setattr(_ranged, "RANGE_CAP", 8)
    monkeypatch.setattr(_ranged, "SPILL_AFTER", 20 if spilled else 10**9)
    monkeypatch.setattr(_sources, "_CSV_BLOCK_BYTES", 2048)
    monkeypatch.setattr(_sources, "BATCH_ROWS", 300)
    y, a, b, w = make_data(2000, seed=14, ties=True)
    columns = {"y": y, "a": a, "b": b}
    extra = []
    if weighted:
        columns["w"] = w
        extra = ["--weight", "w"]
    data = write_csv(tmp_path / "r.csv", columns)
    out = report_json(capsys, "report", str(data), "--label", "y", "--score", "a", "--score",
                      "b", "--at-recall", "0.3", "--at-precision", "0.7",
                      "--at-precision", "0.5", *extra)
    weight = w if weighted else None
    for name, s in (("a", a), ("b", b)):
        assert_values(out["models"][name]["values"],
                      library_values(y, s, weight, [0.3], [0.7, 0.5], certified=True),
                      exact=False)
        low, high = spc.roc_auc_ci(y, s, sample_weight=weight)
        assert out["models"][name]["intervals"]["auc_roc"][:2] == pytest.approx([low, high])
    test = out["comparison"]["delong"]["b"]
    expected = spc.delong_test(y, b, a, sample_weight=weight)
    assert test["pvalue"] == pytest.approx(expected.pvalue, rel=1e-9)
    assert len(spills) == (2 if spilled else 0)  # (one stream per model)


@pytest.mark.parametrize("spilled", [False, True])
def test_the_report_at_a_deployment_prevalence_is_the_library_s(tmp_path, capsys,
                                                                monkeypatch, spilled):
    """``--prevalence``: every PR measure, held whole or in ranges (on disk too), is the
    library's with ``prevalence=``; AUC-ROC and DeLong's interval and test are the
    data's; the certified rows are certified_threshold's at the prevalence; Boyd's
    intervals are left out, and the page says so."""
    from sklearn_prcurves._report import _ranged

    spills = []

    class Spill(_ranged._Spill):
        def __init__(self):
            super().__init__()
            spills.append(self)

    if spilled:
        monkeypatch.setattr(_ranged, "_Spill", Spill)
        monkeypatch.setattr(_ranged, "RANGE_CAP", 8)
        monkeypatch.setattr(_ranged, "SPILL_AFTER", 20)
        monkeypatch.setattr(_sources, "_CSV_BLOCK_BYTES", 2048)
        monkeypatch.setattr(_sources, "BATCH_ROWS", 300)
    y, a, b, w = make_data(2000, seed=21, ties=True)
    data = write_csv(tmp_path / "p.csv", {"y": y, "a": a, "b": b})
    out = report_json(capsys, "report", str(data), "--label", "y", "--score", "a", "--score",
                      "b", "--at-recall", "0.3", "--at-precision", "0.2", "--prevalence",
                      "0.01", "--n-resamples", "200", "--at-flag-rate", "0.05")
    certified = []
    for name, s in (("a", a), ("b", b)):
        got = out["models"][name]
        assert_values(got["values"], library_values(y, s, None, [0.3], [0.2],
                                                    prevalence=0.01, at_flag_rate=[0.05]),
                      exact=False)
        for key, kwargs, objective in (("certified_precision_at_recall_0.3",
                                        {"min_recall": 0.3}, "precision"),
                                       ("certified_recall_at_precision_0.2",
                                        {"min_precision": 0.2}, "recall"),
                                       ("certified_recall_at_flag_rate_0.05",
                                        {"max_flag_rate": 0.05}, "recall")):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # (nothing certified: n/a in the report)
                found = spc.certified_threshold(y, s, prevalence=0.01, **kwargs)
            shown = [math.nan if got["values"][k] is None else got["values"][k]
                     for k in (key + "_threshold", key)]  # (JSON's null is NaN)
            certified.append(not math.isnan(shown[0]))
            assert shown == pytest.approx([found.threshold, getattr(found, objective)],
                                          rel=1e-12, nan_ok=True)
        assert set(got["intervals"]) == {"auc_roc"}
        low, high = spc.roc_auc_ci(y, s)
        assert got["intervals"]["auc_roc"][:2] == pytest.approx([low, high])
    assert any(certified)  # (a threshold certified at the prevalence, not only n/a)
    assert out["comparison"]["delong"]["b"]["pvalue"] == pytest.approx(
        spc.delong_test(y, b, a).pvalue, rel=1e-9)
    assert out["metadata"]["paired_test"] == "bootstrap"
    assert out["metadata"]["deployment_prevalence"] == 0.01
    assert any(note.startswith("Read at a deployment prevalence of 0.01 (--prevalence 0.01)")
               for note in out["notes"])
    assert len(spills) == (2 if spilled else 0)


@pytest.mark.parametrize("ranged", [False, True])
def test_the_decision_curve_panel_is_net_benefit_curve_s(tmp_path, capsys, monkeypatch,
                                                          ranged):
    """``--decision-curve``: each model's net benefit at 0, 0.01, ..., 0.99 is
    :func:`net_benefit_curve`'s, read from the table whole or in ranges, at the data's
    prevalence or the deployment's (the risks shifted there with ``--shift-risks``); a
    line says where each model helps, a figure draws it; scores that are not
    probabilities are refused in one line."""
    from sklearn_prcurves._report import _ranged

    if ranged:
        monkeypatch.setattr(_ranged, "RANGE_CAP", 8)
        monkeypatch.setattr(_sources, "BATCH_ROWS", 300)
    rng = np.random.default_rng(8)
    y = (rng.random(1500) < 0.25).astype(int)
    a = np.round(1 / (1 + np.exp(-(1.5 * rng.normal(size=1500) + 2.5 * y - 2.2))), 3)
    w = rng.integers(1, 4, 1500).astype(float)
    data = write_csv(tmp_path / "d.csv", {"y": y, "a": a, "w": w})
    for prevalence, shift in ((None, False), (0.05, False), (0.05, True)):
        extra = [] if prevalence is None else ["--prevalence", str(prevalence)]
        out = report_json(capsys, "report", str(data), "--label", "y", "--score", "a",
                          "--weight", "w", "--decision-curve", *extra,
                          *(["--shift-risks"] if shift else []))
        curve = out["models"]["a"]["decision_curve"]
        expected = spc.net_benefit_curve(y, a, sample_weight=w, prevalence=prevalence,
                                         shift_risks=shift)
        np.testing.assert_allclose(curve["net_benefit"], expected.net_benefit, rtol=1e-12,
                                   atol=1e-15)
        np.testing.assert_allclose(curve["treat_all"], expected.treat_all, rtol=1e-12,
                                   atol=1e-13)
    assert main(["report", str(data), "--label", "y", "--score", "a", "--decision-curve",
                 "--output", str(tmp_path / "out"), "--no-progress"]) == 0
    printed = capsys.readouterr().out
    assert "Decision curve: 'a' beats treating all and treating none at" in printed
    assert (tmp_path / "out" / "decision_curves.png").exists()
    scaled = write_csv(tmp_path / "s.csv", {"y": y, "a": 3 * a})
    result = run("report", str(scaled), "--label", "y", "--score", "a", "--decision-curve",
                 "--no-files")
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert "--decision-curve reads the scores as probabilities" in result.stderr
    alone = run("report", str(data), "--label", "y", "--score", "a", "--shift-risks",
                "--no-files")
    assert alone.returncode == 2 and alone.stderr.count("\n") == 1
    assert "--shift-risks moves the decision curve's risks" in alone.stderr


@pytest.mark.parametrize("weighted", [False, True])
def test_ranges_on_disk_give_the_numbers_of_ranges_in_memory(tmp_path, capsys,
                                                             monkeypatch, weighted):
    """Ranges held on disk are read back as the same tables: the whole report (the
    measures, intervals, both paired tests, the segments) equals the report of the
    same ranges in memory, to the bit without weights; and the figures draw."""
    from sklearn_prcurves._report import _ranged

    monkeypatch.setattr(_ranged, "RANGE_CAP", 30)
    monkeypatch.setattr(_sources, "BATCH_ROWS", 250)
    rng = np.random.default_rng(8)
    y, a, b, w = make_data(3000, seed=9)
    columns = {"y": y, "a": a, "b": np.round(b, 2), "g": rng.choice(["u", "v"], 3000)}
    extra = []
    if weighted:
        columns["w"] = w
        extra = ["--weight", "w"]
    data = write_csv(tmp_path / "d.csv", columns)
    outs = []
    for spill_after in (10**9, 40):
        monkeypatch.setattr(_ranged, "SPILL_AFTER", spill_after)
        for test in ("delta", "bootstrap"):
            out = report_json(capsys, "report", str(data), "--label", "y", "--score", "a",
                              "--score", "b", "--by", "g", "--paired-test", test,
                              "--at-recall", "0.5", *extra)
            out["metadata"].pop("created")
            outs.append(out)
        assert main(["report", str(data), "--label", "y", "--score", "a", "--score", "b",
                     "--no-progress", "--output", str(tmp_path / f"o{spill_after}"),
                     *extra]) == 0
        capsys.readouterr()
    for memory, disk in zip(outs[:2], outs[2:]):
        if weighted:
            assert_close(memory, disk, rel=1e-12)
        else:
            assert memory == disk
    for name in ("roc_curves.png", "pr_curves.png"):
        assert (tmp_path / "o40" / name).stat().st_size > 0


def assert_close(a, b, rel):
    """Equal nested results, numbers to ``rel``."""
    if isinstance(a, dict):
        assert a.keys() == b.keys()
        for key in a:
            assert_close(a[key], b[key], rel)
    elif isinstance(a, list):
        assert len(a) == len(b)
        for x, z in zip(a, b):
            assert_close(x, z, rel)
    elif isinstance(a, float):
        assert a == pytest.approx(b, rel=rel, abs=1e-15, nan_ok=True)
    else:
        assert a == b


def test_tables_held_in_ranges_pick_the_library_thresholds(tmp_path, capsys, monkeypatch):
    """The best thresholds of a table held in ranges are decided by the library's exact
    rules, not by rounded floats: along a diagonal of equal KS values (1/3 at
    (1, 0), (2, 1) and (3, 2), the last rounding to 0.33333333333333337) the highest
    threshold wins, as ks_statistic says; and tie-heavy data agree threshold for
    threshold with ranges of two scores."""
    from sklearn_prcurves._report import _ranged

    monkeypatch.setattr(_ranged, "RANGE_CAP", 2)
    rng = np.random.default_rng(21)
    cases = [(np.array([1, 0, 1, 0, 1, 0]), np.arange(6.0)[::-1])]
    for _ in range(6):
        y = (rng.random(300) < 0.3).astype(int)
        y[:2] = [0, 1]
        cases.append((y, np.round(rng.random(300) + 0.2 * y, 1)))
    for i, (y, s) in enumerate(cases):
        data = write_csv(tmp_path / f"d{i}.csv", {"y": y, "s": s})
        got = report_json(capsys, "report", str(data), "--label", "y", "--score", "s",
                          "--at-recall", "0.6", "--at-precision", "0.6")["models"]["s"]
        expected = library_values(y, s, None, [0.6], [0.6])
        chosen = [key for key in expected if key.startswith(("ks", "max_f1", "precision_at",
                                                              "recall_at"))]
        assert {key: got["values"][key] for key in chosen} == {
            key: expected[key] for key in chosen}


def test_weighted_report_shows_weights_and_matches(tmp_path, capsys):
    y, a, _, w = make_data(500, seed=3)
    w = w / 3  # fractional: DeLong is not defined, Boyd is
    data = write_csv(tmp_path / "w.csv", {"y": y, "a": a, "w": w})
    out = report_json(capsys, "report", str(data), "--label", "y", "--score", "a",
                      "--weight", "w")
    model = out["models"]["a"]
    assert_values(model["values"], library_values(y, a, w))
    assert model["positives"] == pytest.approx(w[y == 1].sum(), rel=1e-12)
    assert "auc_roc" not in model["intervals"] and "auc_pr" in model["intervals"]
    assert any("whole-number" in note for note in out["notes"])
    capsys.readouterr()
    assert main(["report", str(data), "--label", "y", "--score", "a", "--weight", "w",
                 "--no-files", "--no-progress"]) == 0
    assert "weight of positives" in capsys.readouterr().out


def test_report_on_weights_of_1e300_against_1e_300(tmp_path, capsys):
    # The negatives weigh nothing beside the positives: the best and worst AUC-PR
    # coincide, so Boyd's normalisation is undefined (n/a, not a division by zero), and
    # the weight total prints as a number, not as 301 digits.
    data = write_csv(tmp_path / "w.csv", {"y": np.array([1, 0, 1]),
                                          "a": np.array([0.5, 0.2, 0.7]),
                                          "w": np.array([1e300, 1e-300, 1e300])})
    args = ["report", str(data), "--label", "y", "--score", "a", "--weight", "w",
            "--no-files", "--no-progress"]
    assert main(args) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    lines = {line.split("  ")[0]: line.split()[-1] for line in captured.out.splitlines()
             if "  " in line}
    assert lines["normalised AUC-PR (Boyd)"] == "n/a"
    assert lines["weight of positives"] == "2e+300"
    out = report_json(capsys, *args[:-2])
    assert out["models"]["a"]["values"]["normalized_auc_pr"] is None  # JSON has no NaN


@pytest.mark.parametrize("labels,pos_label", [
    (["spam", "ham"], "spam"), (["true", "false"], None), (["1.0", "0"], None),
    ([1, -1], None), (["yes", "no"], "yes")])
def test_labels_follow_the_library_rules(tmp_path, capsys, labels, pos_label):
    y, a, _, _ = make_data(200, seed=4)
    text = np.array(labels, dtype=object)[1 - y]
    data = write_csv(tmp_path / "l.csv", {"label": text, "a": a})
    extra = [] if pos_label is None else ["--pos-label", pos_label]
    out = report_json(capsys, "report", str(data), "--label", "label", "--score", "a", *extra)
    assert_values(out["models"]["a"]["values"], library_values(y, a))


def test_drop_missing_reports_the_count(tmp_path, capsys):
    y, a, b, _ = make_data(200, seed=5)
    a_missing = a.astype(object)
    a_missing[[3, 50]] = None
    b_missing = b.copy()
    b_missing[7] = np.nan
    data = write_csv(tmp_path / "m.csv", {"y": y, "a": a_missing, "b": b_missing})
    out = report_json(capsys, "report", str(data), "--label", "y", "--score", "a", "--score",
                      "b", "--drop-missing")
    kept = np.ones(200, bool)
    kept[[3, 50, 7]] = False
    assert out["metadata"]["rows_dropped"] == 3
    assert any("3 rows" in note for note in out["notes"])
    assert_values(out["models"]["b"]["values"], library_values(y[kept], b[kept]))
    refused = run("report", str(data), "--label", "y", "--score", "a", "--no-files")
    assert refused.returncode == 2 and "row 4, column 'a'" in refused.stderr
    assert "--drop-missing" in refused.stderr


def test_binned_bounds_hold_and_tolerance_refines(tmp_path, capsys):
    y, a, _, _ = make_data(5000, seed=6)
    data = write_csv(tmp_path / "b.csv", {"y": y, "a": a})
    out = report_json(capsys, "report", str(data), "--label", "y", "--score", "a", "--binned",
                      "--mantissa-bits", "3", "--at-recall", "0.5", "--at-precision", "0.5")
    model = out["models"]["a"]
    exact = library_values(y, a, None, [0.5], [0.5])
    for key, (low, high) in model["bounds"].items():
        assert low - 1e-12 <= exact[key] <= high + 1e-12, key
    assert model["bounds"]["auc_roc"][1] - model["bounds"]["auc_roc"][0] > 1e-4
    refined = report_json(capsys, "report", str(data), "--label", "y", "--score", "a",
                          "--binned", "--mantissa-bits", "3", "--tolerance", "0")
    low, high = refined["models"]["a"]["bounds"]["auc_roc"]
    assert low == pytest.approx(exact["auc_roc"], abs=1e-12)
    assert high == pytest.approx(exact["auc_roc"], abs=1e-12)


@pytest.mark.parametrize("engine", ["dask", "spark"])
def test_cluster_engines_give_the_local_numbers(tmp_path, capsys, engine):
    pytest.importorskip("distributed" if engine == "dask" else "pyspark")
    if engine == "spark" and shutil.which("java") is None:
        pytest.skip("Spark needs a Java runtime")
    y, a, b, w = make_data(600, seed=7, ties=True)
    ids = np.arange(600) // 7  # (clusters that cross the parts' edges)
    folder = tmp_path / "parts"
    folder.mkdir()
    for i, start in enumerate(range(0, 600, 200)):
        rows = slice(start, start + 200)
        pq.write_table(pa.table({"y": y[rows], "a": a[rows], "b": b[rows], "w": w[rows],
                                 "id": ids[rows]}), folder / f"p{i}.parquet")
    args = ["report", str(folder), "--label", "y", "--score", "a", "--weight", "w"]
    local = report_json(capsys, *args)
    other = report_json(capsys, *args, "--engine", engine)
    assert other["metadata"]["engine"] == engine
    assert_values(other["models"]["a"]["values"], local["models"]["a"]["values"], exact=False)
    # --cluster: the sample of whole clusters, and every clustered number, alike
    args = ["report", str(folder), "--label", "y", "--score", "a", "--score", "b",
            "--cluster", "id"]
    local = report_json(capsys, *args)
    other = report_json(capsys, *args, "--engine", engine)
    for model in ("a", "b"):
        got, want = (r["models"][model]["intervals"]["auc_roc"] for r in (other, local))
        assert got[:2] == pytest.approx(want[:2], rel=1e-12)
        assert got[2] == want[2] == "DeLong, clustered"
    for family in ("delong", "paired_auc_pr"):
        (test,) = other["comparison"][family].values()
        (want,) = local["comparison"][family].values()
        assert test["pvalue"] == pytest.approx(want["pvalue"], rel=1e-9)


def _square_after(part, delay):
    import time

    time.sleep(delay * (part % 3))  # (later parts may finish first)
    return part * part


def test_dask_engine_takes_the_parts_in_order_holding_a_few_at_once():
    """The first pass's results are merged in the parts' order, as they come: the
    workers never hold more than a few parts' tables (all of them at once did not fit
    at 1e9 rows)."""
    pytest.importorskip("distributed")
    from sklearn_prcurves._engines._dask import DaskRunner

    runner = DaskRunner()
    try:
        threads = sum(w["nthreads"] for w in runner.client.scheduler_info()["workers"].values())
        held, results = [], []
        for result in runner.each(_square_after, range(4 * threads + 3), 0.01):
            held.append(len(runner.client.futures))
            results.append(result)
        assert results == [part * part for part in range(4 * threads + 3)]
        assert max(held) <= 2 * threads + 1  # (the window, and the one being taken)
    finally:
        runner.close()


# --- outputs -------------------------------------------------------------------------------


def test_demo_writes_every_output_with_the_same_numbers(tmp_path):
    result = run("demo", "--at-recall", "0.5", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "AUC-PR (Davis-Goadrich)" in result.stdout and "DeLong paired test" in result.stdout
    folder = tmp_path / "prcurves-report"
    for name in ("pr_curves.png", "roc_curves.png", "report.html", "results.json",
                 "results.csv"):
        assert (folder / name).stat().st_size > 0
    results = json.loads((folder / "results.json").read_text())
    models = results["models"]
    # The point of the demo: AUC-ROC and AUC-PR select different models.
    assert results["comparison"]["best"]["auc_roc"] == "logistic regression"
    assert results["comparison"]["best"]["auc_pr"] == "25-nearest-neighbours"
    assert "disagree" in results["comparison"]["sentence"]
    rows = (folder / "results.csv").read_text().splitlines()
    from_csv = {(r.split(",")[1], r.split(",")[2]): float(r.split(",")[3]) for r in rows[1:]
                if r.startswith(",")}
    for model, result in models.items():
        for key, value in result["values"].items():
            assert from_csv[(model, key)] == value
    html = (folder / "report.html").read_text()
    assert html.count("data:image/png;base64,") == 3 and "<table>" in html
    assert "src='http" not in html and 'src="http' not in html
    for model, result in models.items():
        assert f"{result['values']['auc_pr']:.4f}" in html


def test_markdown_and_table_carry_the_same_rounded_numbers(tmp_path, capsys):
    y, a, b, _ = make_data(300, seed=8)
    data = write_csv(tmp_path / "s.csv", {"y": y, "a": a, "b": b})
    args = ["report", str(data), "--label", "y", "--score", "a", "--score", "b", "--no-files",
            "--no-progress"]
    assert main([*args, "--format", "markdown"]) == 0
    markdown = capsys.readouterr().out
    assert main(args) == 0
    table = capsys.readouterr().out
    values = library_values(y, a)
    for key in ("auc_roc", "auc_pr", "achievable_auc_pr"):
        assert f"{values[key]:.4f}" in markdown and f"{values[key]:.4f}" in table
    assert "| measure |" in markdown


def test_single_model_gets_no_winner_marks_and_inverted_scores_warn(tmp_path, capsys):
    y, a, _, _ = make_data(300, seed=9)
    data = write_csv(tmp_path / "s.csv", {"y": y, "a": -a})
    assert main(["report", str(data), "--label", "y", "--score", "a", "--no-files",
                 "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert " *" not in out and "inverted" in out


def test_html_escapes_column_names(tmp_path):
    y, a, _, _ = make_data(100, seed=10)
    name = "<script>alert(1)</script>$x$"
    data = write_csv(tmp_path / "s.csv", {"y": y, name: a})
    result = run("report", str(data), "--label", "y", "--score", name, "--output",
                 str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    html = (tmp_path / "out" / "report.html").read_text()
    assert "<script>alert" not in html and "&lt;script&gt;" in html
    # the page's own scripts: the explorer's data block and its code, nothing else
    assert html.count("<script") == 2 and "\\u003cscript>alert(1)" in html


def test_quiet_prints_nothing_and_progress_stays_off_without_a_terminal(tmp_path):
    y, a, _, _ = make_data(100, seed=11)
    data = write_csv(tmp_path / "s.csv", {"y": y, "a": a})
    result = run("report", str(data), "--label", "y", "--score", "a", "--quiet", "--output",
                 str(tmp_path / "out"))
    assert result.returncode == 0 and result.stdout == "" and result.stderr == ""
    assert (tmp_path / "out" / "report.html").exists()


def test_thinning_keeps_every_column_extreme():
    rng = np.random.default_rng(0)
    x = np.sort(rng.random(200_000))
    y = np.cumsum(rng.normal(size=x.shape[0]))
    keep = _figures.thin(x, y, columns=1000)
    assert keep.shape[0] <= 4 * 1000 and keep[0] == 0 and keep[-1] == x.shape[0] - 1
    column = np.minimum((x * 1000).astype(int), 999)
    for c in rng.choice(1000, 50, replace=False):
        rows = column == c
        kept = keep[column[keep] == c]
        assert y[kept].max() == y[rows].max() and y[kept].min() == y[rows].min()


@pytest.mark.parametrize("seed", range(6))
def test_thinning_picks_the_extremes_a_column_by_column_reading_picks(seed):
    # Ties in height (the first lowest, the last highest), NaN heights (drawn as the
    # highest), empty columns and runs of equal x, against a plain loop per column.
    rng = np.random.default_rng(seed)
    n, columns = int(rng.integers(200, 5000)), int(rng.integers(1, 40))
    x = np.sort([rng.random(n), rng.integers(0, 5, n) / 4][seed % 2])
    y = [rng.random(n), rng.integers(0, 3, n).astype(float)][seed // 2 % 2]
    y[rng.integers(0, n, seed)] = np.nan
    column = np.minimum((x * columns).astype(int), columns - 1)
    expected = set()
    height = np.where(np.isnan(y), np.inf, y)
    for c in np.unique(column):
        rows = np.flatnonzero(column == c)
        expected |= {rows[0], rows[-1], rows[np.argmin(height[rows])],
                     rows[::-1][np.argmax(height[rows][::-1])]}
    assert _figures.thin(x, y, columns=columns).tolist() == sorted(expected)


# --- memory stays bounded -----------------------------------------------------------------


def _peak_rss_of_report(path, tmp_path):
    code = (
        "import resource, sys\n"
        "from sklearn_prcurves._report._cli import main\n"
        f"code = main(['report', {str(path)!r}, '--label', 'y', '--score', 's', '--no-files',"
        " '--quiet'])\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n"
        "sys.exit(code)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=600, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    return int(result.stdout.strip().splitlines()[-1]) * 1024


def test_memory_does_not_grow_with_rows(tmp_path):
    """20 times the rows (few distinct scores): the peak grows by far less than the data."""
    rng = np.random.default_rng(12)
    paths = {}
    for rows in (100_000, 2_000_000):
        y = (rng.random(rows) < 0.1).astype(np.int8)
        s = np.round(rng.normal(size=rows) + y, 2)
        paths[rows] = write_csv(tmp_path / f"r{rows}.csv", {"y": y, "s": s})
    small = _peak_rss_of_report(paths[100_000], tmp_path)
    large = _peak_rss_of_report(paths[2_000_000], tmp_path)
    # The large file's rows as float64 scores and labels alone would be 18 MB; pyarrow's
    # blocks are 16 MiB each, and two may be in flight.
    assert large - small < 60 * 2**20, (small, large)


# --- bad input: one clear line, never a traceback ----------------------------------------


def _zipped(**members):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, text in members.items():
            archive.writestr(name.replace("__", "/").replace("_dot_", "."), text)
    return buffer.getvalue()


BAD_FILES = {
    # formats the report does not read: named by their first bytes, with what to do
    "excel workbook": (_zipped(xl__workbook_dot_xml="<workbook/>", _dot_rels="<r/>"), [],
                       "is an Excel workbook: save the sheet as CSV"),
    "zipped csv": (_zipped(scores_dot_csv="y,score\n1,0.5\n"), [],
                   "is a zip archive of 'scores.csv', which the report does not read: "
                   "unzip it, or compress the text with gzip"),
    "damaged zip": (b"PK\x03\x04" + bytes(60), [], "is a zip archive, which the report"),
    "old excel workbook": (b"\xd0\xcf\x11\xe0" + bytes(60), [], "Excel 97-2003 workbook"),
    "json lines": ('{"y": 1, "score": 0.5}\n{"y": 0, "score": 0.2}\n', [], "looks like JSON"),
    "json array": ('\ufeff  [{"y": 1, "score": 0.5}]', [], "looks like JSON"),
    "xz": (b"\xfd7zXZ\x00" + bytes(60), [], "compressed with xz"),
    "feather version 1": (b"FEA1" + bytes(60), [], "Feather version 1"),
    "missing column": ("y,score\n1,0.5\n0,0.2\n", ["--score", "nope"], "no column 'nope'"),
    "non-numeric score": ("y,score\n1,0.5\n0,abc\n", [], "line 3, column 'score': 'abc' is not"),
    "nan score": ("y,score\n1,nan\n0,0.2\n", [], "row 1, column 'score': the score is missing"),
    "inf score": ("y,score\n1,inf\n0,0.2\n", [], "is not a finite number"),
    "single class": ("y,score\n1,0.5\n1,0.2\n", [],
                     "Only one class is present in label column 'y' (1)"),
    "labels need pos_label": ("y,score\na,0.5\nb,0.2\n", [], "pass --pos-label"),
    "three classes": ("y,score\n0,0.5\n1,0.2\n2,0.3\n", [], "more than two classes"),
    "pos_label absent": ("y,score\n0,0.5\n1,0.2\n", ["--score", "score", "--pos-label", "7"],
                         "--pos-label 7 is not a value of label column 'y' (0, 1)"),
    "mixed labels": ("y,score\n0,0.5\nyes,0.2\n", ["--score", "score", "--pos-label", "yes"],
                     "mixes numbers and text"),
    "empty label": ("y,score\n1,0.5\n,0.3\n0,0.2\n", [], "row 2, column 'y': the label is empty"),
    "negative weight": ("y,score,w\n1,0.5,1\n0,0.2,-1\n", ["--score", "score", "--weight", "w"],
                        "weight -1.0 is negative"),
    "ragged row": ("y,score\n1,0.5\n0\n", [], "line 3 has 1 fields"),
    "empty": ("", [], "is empty"),
    "header only": ("y,score\n", [], "no data rows"),
    "not text": (b"\x80\x81\x00\x01binary", [], "not a readable CSV"),
    "semicolons": ("y;score\n1;0.5\n0;0.2\n", [], "separated by semicolons? pass --sep ';'"),
    "tabs in a .csv": ("y\tscore\n1\t0.5\n0\t0.2\n", [], "separated by tabs? pass --sep '\\t'"),
    "spaces after commas": ("y, score\n1, 0.5\n0, 0.2\n", [],
                            "the header has ' score', with spaces around the name"),
    "header repeated": ("y,score\n1,0.5\n0,0.2\ny,score\n1,0.4\n", [],
                        "line 4, column 'score': 'score' is not a number (the header again"),
    "not utf-8": ("y,score\n1,0.5\n0,0.2\n\xe9,0.1\n".encode("latin-1"), [],
                  "(the file is not UTF-8: convert it first"),
    "excel's sep line": ("sep=;\ny;score\n1;0.5\n0;0.2\n", [],
                         "is Excel's note of the separator: delete that line, and pass --sep ';'"),
    "decimal comma": ("y;score\n1;0,5\n0;0,2\n", ["--score", "score", "--sep", ";"],
                      "'0,5' is not a number (a decimal comma?"),
    "a pickle": (__import__("pickle").dumps({"y": [1, 0], "score": [0.5, 0.2]}), [],
                 "is a Python pickle, which the report does not read"),
    "a numpy file": (b"\x93NUMPY\x01\x00v\x00{'descr': '<f8'}", [],
                     "is a NumPy array file: pass its arrays to sklearn_prcurves.report"),
    "thousands separators": ('y,score\n1,"1,250"\n0,2\n', [],
                             "'1,250' is not a number (a thousands separator, or a decimal "
                             "comma?"),
    "percentages": ("y,score\n1,45.5%\n0,2%\n", [],
                    "'45.5%' is not a number (a percentage? write the scores as plain"),
    "a row of probabilities": ('y,score\n1,"[0.2, 0.8]"\n0,"[0.9, 0.1]"\n', [],
                               "is not a number (a list of class probabilities? a score "
                               "is one number"),
    "tolerance without binned": ("y,score\n1,0.5\n0,0.2\n",
                                 ["--score", "score", "--tolerance", "0"], "goes with --binned"),
    "resamples without the bootstrap": ("y,score\n1,0.5\n0,0.2\n",
                                        ["--score", "score", "--n-resamples", "50"],
                                        "resamples: add --paired-test bootstrap (the"),
    "a gate without intervals": ("y,a,b\n1,0.5,0.4\n0,0.2,0.1\n",
                                 ["--score", "a", "--score", "b", "--no-intervals",
                                  "--require-better-than", "a"],
                                 "paired test, which --no-intervals leaves out"),
    "a positive label not among the labels": (
        "y,score\n1,0.5\n0,0.2\n", ["--score", "score", "--pos-label", "yes or no"],
        "--pos-label 'yes or no' is a string but the labels are numbers"),
}


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_bad_files_exit_non_zero_with_one_line(tmp_path, case):
    content, extra, message = BAD_FILES[case]
    path = tmp_path / "bad.csv"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    args = ["report", str(path), "--label", "y"] + (extra or ["--score", "score"])
    result = run(*args, "--no-files")
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr
    assert message in lines[0]


def test_constant_scores_draw_without_a_warning(tmp_path, capsys):
    # One threshold for every row: the ROC figure's log axis still spans a decade (it
    # started at the smallest false positive rate, 1, and matplotlib warned of
    # identical limits).
    path = tmp_path / "same.csv"
    path.write_text("y,s\n" + "1,0.5\n0,0.5\n" * 20)
    assert main(["report", str(path), "--label", "y", "--score", "s", "--output",
                 str(tmp_path / "out"), "--quiet"]) == 0
    assert "identical" not in capsys.readouterr().err
    figure = spc.report([1, 0] * 20, [0.5] * 40, intervals=False).figures()["roc_curves"]
    low, high = figure.axes[1].get_xlim()
    assert low <= 0.1 and high == 1


def test_a_stray_warning_is_one_line(tmp_path, capsys, monkeypatch):
    # A warning the report makes no note of reaches the terminal as one line, as an
    # error does, not as Python's file, line number and source line.
    from sklearn_prcurves._report import _figures

    def warn(*args, **kwargs):
        warnings.warn("something odd in a figure", UserWarning)
        return []

    monkeypatch.setattr(_figures, "build_figures", warn)
    path = tmp_path / "s.csv"
    path.write_text("y,s\n1,0.9\n0,0.2\n1,0.4\n0,0.5\n")
    assert main(["report", str(path), "--label", "y", "--score", "s", "--output",
                 str(tmp_path / "out"), "--quiet"]) == 0
    assert capsys.readouterr().err == "sklearn-prcurves: warning: something odd in a figure\n"


def test_a_column_of_probability_vectors_is_named_as_such(tmp_path, capsys):
    # Spark ML writes its "probability" column as a vector (a struct in Parquet), and
    # pandas a predict_proba row as a list: one number per row is what a score is.
    y, a, _, _ = make_data(50, seed=1)
    for values in ([[1 - v, v] for v in a], [{"type": 1, "values": [1 - v, v]} for v in a]):
        path = tmp_path / "p.parquet"
        pq.write_table(pa.table({"y": y, "probability": values}), path)
        assert main(["report", str(path), "--label", "y", "--score", "probability",
                     "--no-files"]) == 2
        assert "(a list of class probabilities? a score is one number: the positive " \
            "class's, as predict_proba(X)[:, 1]" in capsys.readouterr().err


def test_bad_file_on_spark_executors_is_the_same_one_line_error(tmp_path):
    """An input error raised on an executor reaches the user as the reader's own
    message, not as Spark's wrapped traceback (Spark's start-up log lines aside)."""
    pytest.importorskip("pyspark")
    if shutil.which("java") is None:
        pytest.skip("Spark needs a Java runtime")
    path = tmp_path / "bad.csv"
    path.write_text("y,score\n1,0.5\n0,abc\n1,0.2\n")
    result = run("report", str(path), "--label", "y", "--score", "score", "--no-files",
                 "--engine", "spark")
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr and "please report" not in result.stderr
    assert result.stderr.strip().splitlines()[-1] == (
        "sklearn-prcurves: error: bad.csv line 3, column 'score': 'abc' is not a number")


def test_too_many_segments_is_a_clear_error(tmp_path):
    y, a, _, _ = make_data(200, seed=13)
    data = write_csv(tmp_path / "s.csv", {"y": y, "a": a, "id": np.arange(200)})
    result = run("report", str(data), "--label", "y", "--score", "a", "--by", "id",
                 "--max-segments", "50", "--no-files")
    assert result.returncode == 2 and "more than 50 distinct values" in result.stderr


def test_unreadable_inputs(tmp_path):
    result = run("report", str(tmp_path / "absent.csv"), "--label", "y", "--score", "s")
    assert result.returncode == 2 and "no such file" in result.stderr
    parquet = tmp_path / "data.parquet"
    parquet.write_bytes(b"not parquet")
    result = run("report", str(parquet), "--label", "y", "--score", "s")
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1
    empty = run("report", "-", "--label", "y", "--score", "s", stdin="")
    assert empty.returncode == 2 and "standard input is empty" in empty.stderr
    arrow = tmp_path / "data.feather"
    arrow.write_bytes(b"ARROW1 and nothing more")
    result = run("report", str(arrow), "--label", "y", "--score", "s")
    assert result.returncode == 2 and "not a readable Arrow file" in result.stderr
    compressed = tmp_path / "s.csv.gz"
    compressed.write_bytes(gzip.compress(b"y,s\n1,0.5\n0,zz\n"))
    result = run("report", str(compressed), "--label", "y", "--score", "s", "--no-files")
    assert result.returncode == 2 and "'zz' is not a number" in result.stderr


def test_console_script_is_installed():
    exe = shutil.which("sklearn-prcurves")
    if exe is None:
        pytest.skip("console script not on PATH (package not installed in this environment)")
    result = subprocess.run([exe, "--version"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and spc.__version__ in result.stdout


@pytest.mark.parametrize("users", [None, "1"])
def test_console_leaves_numpy_s_huge_page_advice_off_unless_asked(users):
    # The setting works only if NumPy is not loaded before it: checked in a fresh
    # process through the console entry, with main() replaced.
    script = (
        "import os, sys\n"
        "from sklearn_prcurves._report import _cli\n"
        "def main():\n"
        "    print('numpy' in sys.modules, os.environ['NUMPY_MADVISE_HUGEPAGE'])\n"
        "    return 0\n"
        "_cli.main = main\n"
        "_cli.console()\n")
    env = {k: v for k, v in os.environ.items() if k != "NUMPY_MADVISE_HUGEPAGE"}
    if users is not None:
        env["NUMPY_MADVISE_HUGEPAGE"] = users
    result = subprocess.run([sys.executable, "-c", script], capture_output=True,
                            text=True, timeout=60, env=env)
    assert result.stdout.split() == ["False", users or "0"], result.stderr


def test_html_report_loads_in_headless_chromium_without_console_errors(tmp_path):
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.skip("Chromium not installed (Debian package 'chromium')")
    assert run("demo", "--output", str(tmp_path / "out")).returncode == 0
    report = tmp_path / "out" / "report.html"
    result = subprocess.run(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run",
         f"--user-data-dir={tmp_path / 'profile'}", "--enable-logging=stderr", "--v=0",
         "--dump-dom", report.as_uri()],
        capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0
    assert "Precision-recall and ROC report" in result.stdout
    console_errors = [
        line for line in result.stderr.splitlines()
        if "CONSOLE" in line and ("error" in line.lower() or "Uncaught" in line)
    ]
    assert console_errors == []


def test_ranged_table_is_the_table_of_the_stream():
    """Ranges split as they grow, whatever the order of the rows (sorted included)."""
    from sklearn_prcurves._report._ranged import RangeStream
    from sklearn_prcurves._table._counts import count_table

    rng = np.random.default_rng(15)
    for trial in range(150):
        n = int(rng.integers(1, 3000))
        y = rng.random(n) < 0.3
        s = np.round(rng.normal(size=n), int(rng.integers(0, 4)))
        if trial % 3 == 0:
            s = np.sort(s)[::-1].copy()
        cap, step = int(rng.integers(2, 60)), int(rng.integers(1, 500))
        # (every other trial past a few hundred distinct scores goes to disk)
        spill = None if trial % 2 else int(rng.integers(0, 400))
        ranged = RangeStream(cap=cap, spill_after=spill)
        for i in range(0, n, step):
            ranged.add_table(count_table(y[i:i + step], s[i:i + step]))
        # The same rows as parts read apart, each its own stream, absorbed in turn.
        parts = [RangeStream(cap=cap, spill_after=spill).add_table(
                     count_table(y[i:i + step], s[i:i + step])) for i in range(0, n, step)]
        absorbed = parts[0]
        for part in parts[1:]:
            absorbed = absorbed.absorb(part)
        full = count_table(y, s)
        # A stream sent to another process takes its tables, not its files, along.
        for k, stream in enumerate((ranged, absorbed, pickle.loads(pickle.dumps(absorbed)))):
            pieces = stream.pieces()
            assert np.array_equal(np.concatenate([p.thresholds for p in pieces]),
                                  full.thresholds)
            assert np.array_equal(np.concatenate([p.pos for p in pieces]), full.pos)
            assert np.array_equal(np.concatenate([p.neg for p in pieces]), full.neg)
            on_disk = hasattr(pieces, "totals")
            if k < 2 and spill is not None and len(full) > spill:
                assert on_disk
            assert not (on_disk and (spill is None or k == 2))
            assert max(len(p) for p in pieces) <= max(cap, step)
            if on_disk:
                assert pieces.totals() == [(p.n_pos, p.n_neg, len(p)) for p in pieces]
                assert pieces.lowest() == [p.thresholds[-1] for p in pieces]
        if spill is not None:
            # On disk the ranges split where they do in memory: the areas are summed
            # over the same pieces, so the numbers are the same floats.
            memory = RangeStream(cap=cap)
            for i in range(0, n, step):
                memory.add_table(count_table(y[i:i + step], s[i:i + step]))
            assert [len(p) for p in ranged.pieces()] == [len(p) for p in memory.pieces()]


def test_streams_of_one_report_share_one_memory_budget():
    """The tables of several models (and segments) count against one budget: the one
    that grows past it goes to disk, the others stay in memory."""
    from sklearn_prcurves._report._ranged import Budget, RangeStream
    from sklearn_prcurves._table._counts import count_table

    rng = np.random.default_rng(4)
    budget = Budget(100)
    first, second = RangeStream(cap=30, budget=budget), RangeStream(cap=30, budget=budget)
    first.add_table(count_table(rng.random(80) < 0.3, rng.random(80)))
    assert budget.held == 80 and first._disk is None
    second.add_table(count_table(rng.random(40) < 0.3, rng.random(40)))
    assert first._disk is None and second._disk is not None
    assert budget.held == 80
    third = RangeStream(cap=30).add_table(count_table(rng.random(10) < 0.3, rng.random(10)))
    third.join(budget)
    assert budget.held == 90 and third.budget is budget


def test_ranges_on_disk_are_removed_with_their_last_reader():
    """The files of a stream held on disk go when nothing reads them any longer."""
    import gc

    from sklearn_prcurves._report._ranged import RangeStream
    from sklearn_prcurves._table._counts import count_table

    rng = np.random.default_rng(5)
    stream = RangeStream(cap=20, spill_after=50)
    for _ in range(10):
        stream.add_table(count_table(rng.random(100) < 0.3, rng.random(100)))
    pieces = stream.pieces()
    directory = stream._disk.directory
    assert len(os.listdir(directory)) == len(pieces) > 1
    del stream
    gc.collect()
    assert os.path.isdir(directory)  # (the pieces still read them)
    assert sum(len(p) for p in pieces) == 1000
    del pieces
    gc.collect()
    assert not os.path.exists(directory)


def test_progress_bar_on_a_terminal(tmp_path):
    """On a terminal, stderr shows a progress bar for each pass over the input."""
    pty = pytest.importorskip("pty")
    import fcntl
    import os
    import struct
    import termios

    y, a, b, _ = make_data(2000, seed=16)
    data = write_csv(tmp_path / "s.csv", {"y": y, "a": a, "b": b})
    pid, fd = pty.fork()
    if pid == 0:  # the child: a terminal 100 columns wide
        fcntl.ioctl(1, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 100, 0, 0))
        os.execv(sys.executable, [sys.executable, "-m", "sklearn_prcurves", "report", str(data),
                                  "--label", "y", "--score", "a", "--score", "b", "--no-files"])
    out = b""
    while True:
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    os.waitpid(pid, 0)
    text = out.decode("utf-8", "replace")
    # (the paired test replays the rows kept from the first pass: one read)
    assert "reading:" in text and "paired test:" not in text


@pytest.mark.parametrize("weighted", [False, True])
def test_the_paired_tests_read_the_input_once(tmp_path, capsys, monkeypatch, weighted):
    # DeLong's paired test sums over the row sample of the one pass: on all rows
    # the library's delong_test; past PAIRED_TEST_ROWS, its variance estimated from a
    # uniform sample, the difference still the whole input's.
    from sklearn_prcurves._report import _accumulate

    passes = []
    read = _accumulate.read_pass

    def counted(source, spec, converter, visit, description):
        passes.append(description)
        return read(source, spec, converter, visit, description)

    monkeypatch.setattr(_accumulate, "read_pass", counted)
    monkeypatch.setattr(_sources, "_CSV_BLOCK_BYTES", 4096)  # (many batches)
    y, a, b, w = make_data(3000, seed=21)
    columns = {"y": y, "a": a, "b": b, **({"w": w} if weighted else {})}
    data = write_csv(tmp_path / "s.csv", columns)
    args = ["report", str(data), "--label", "y", "--score", "a", "--score", "b",
            *(["--weight", "w"] if weighted else [])]
    whole = report_json(capsys, *args)
    assert passes == ["reading"]
    (model, test), = whole["comparison"]["delong"].items()
    scores = {"a": a, "b": b}
    expected = spc.delong_test(y, scores[model], scores[test["against"]],
                               sample_weight=w if weighted else None)
    assert test["difference"] == pytest.approx(expected.difference, rel=1e-12)
    assert test["statistic"] == pytest.approx(expected.statistic, rel=1e-9)
    assert test["pvalue"] == pytest.approx(expected.pvalue, rel=1e-6)
    monkeypatch.setattr(_accumulate, "PAIRED_TEST_ROWS", 1000)
    passes.clear()
    sampled = report_json(capsys, *args)["comparison"]["delong"][model]
    assert passes == ["reading"]
    assert sampled["difference"] == test["difference"]
    width = lambda t: t["high"] - t["low"]  # noqa: E731
    assert 0.7 < width(sampled) / width(test) < 1.4


def test_report_figures_keep_legends_and_labels_off_the_data(tmp_path):
    """Legends sit outside the axes, iso-F1 labels right of the plot: nothing the test
    can measure covers the drawing area."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from sklearn_prcurves._report._batches import BatchConverter
    from sklearn_prcurves._report._cli import _demo_table, _parser, _spec
    from sklearn_prcurves._report._compute import compute_report
    from sklearn_prcurves._report._sources import TableSource

    table, scores = _demo_table()
    args = _parser().parse_args(["demo", "--no-progress"])
    spec = _spec(args, "y", scores)
    source = TableSource(table, "demo")
    report = compute_report(source, spec, BatchConverter(source, "y", scores))
    first = next(iter(report["models"].values()))
    figures = _figures.build_figures(report["tables"], report["models"], first["prevalence"])
    assert [name for name, _, _ in figures][:2] == ["pr_curves", "roc_curves"]
    for name, caption, fig in figures:
        assert caption and not caption.endswith(".png")
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
        legends = [ax.get_legend() for ax in fig.axes if ax.get_legend()] + fig.legends
        assert legends, name
        for ax in fig.axes:
            area = ax.get_window_extent(renderer)
            for legend in legends:
                assert not legend.get_window_extent(renderer).overlaps(area), name
            for text in ax.texts:
                if text.get_text().startswith("F1="):  # iso-F1 labels, outside
                    box = text.get_window_extent(renderer)
                    assert box.x0 >= area.x1 - 1, (name, text.get_text())
                    for other in fig.axes:  # (and clear of the next panel)
                        assert other is ax or not box.overlaps(
                            other.get_window_extent(renderer)), (name, text.get_text())
            # Every model's AUC is printed with four decimals.
            for label in [line.get_label() for line in ax.get_lines()]:
                if "AUC" in label:
                    assert re.search(r"\d\.\d{4}", label), label
        plt.close(fig)


# --- the verdict's test -------------------------------------------------------------------


def _two_models(n, seed, gap):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.1).astype(int)
    y[:2] = [0, 1]
    shared = rng.normal(size=n)
    a = shared + 1.5 * y + 0.3 * rng.normal(size=n)
    b = shared + (1.5 - gap) * y + 0.3 * rng.normal(size=n)
    return y, a, b


@pytest.mark.parametrize("method", ["delta", "bootstrap"])
@pytest.mark.parametrize("gap, seed, significant", [(1.0, 1, True), (0.0, 3, False)])
def test_verdict_is_the_paired_test_of_auc_pr(tmp_path, capsys, gap, seed, significant,
                                              method):
    # The winner by AUC-PR against the other model, in results.json, and a verdict
    # that says when the data do not tell them apart. The bootstrap is the library's
    # bootstrap_test on the same rows; the delta method's standard error is that
    # bootstrap's spread to first order (and _delta_reference's, see below).
    from sklearn_prcurves._report._options import PAIRED_TEST_RESAMPLES, PAIRED_TEST_SEED

    y, a, b = _two_models(3000, seed, gap)  # (gap 0: two equally good models)
    data = write_csv(tmp_path / "s.csv", {"y": y, "a": a, "b": b})
    out = report_json(capsys, "report", str(data), "--label", "y", "--score", "a",
                      "--score", "b", "--paired-test", method)
    best = out["comparison"]["best"]["auc_pr"]
    other = "b" if best == "a" else "a"
    test = out["comparison"]["paired_auc_pr"][other]
    scores = {"a": a, "b": b}
    expected = spc.bootstrap_test("pr_auc", y, scores[best], scores[other],
                                  n_resamples=PAIRED_TEST_RESAMPLES,
                                  random_state=PAIRED_TEST_SEED, progress=False)
    assert test["against"] == best and test["rows"] == test["of_rows"] == 3000
    # (the report's differences are the model's minus the winner's, as DeLong's)
    assert test["difference"] == pytest.approx(-expected.difference, rel=1e-12)
    if method == "bootstrap":
        assert test["statistic"] == pytest.approx(-expected.statistic, rel=1e-9)
        assert test["pvalue"] == pytest.approx(expected.pvalue, rel=1e-9)
    else:  # (500 resamples: their spread is within about 6% of its own limit)
        assert test["statistic"] == pytest.approx(-expected.statistic, rel=0.15)
    assert (test["high"] < 0) == (test["pvalue"] < 0.05) == significant
    verdict = out["comparison"]["verdict"]
    if significant:
        assert verdict.startswith(f"By AUC-PR, {best!r} is better than {other!r}")
    else:
        assert "not significantly better" in verdict and "do not tell them apart" in verdict
    # The text report shows the verdict and the test.
    assert main(["report", str(data), "--label", "y", "--score", "a", "--score", "b",
                 "--no-files", "--no-progress", "--paired-test", method]) == 0
    text = capsys.readouterr().out
    title = {"delta": "Paired delta-method test", "bootstrap": "Paired bootstrap test"}
    # (the text names each difference as the model minus the one it is compared against)
    assert verdict in text and f"{title[method]}, {other} - {best}: AUC-PR" in text


def _delta_reference(y, score_a, score_b, weight):
    """The delta method's standard error of AUC-PR(a) - AUC-PR(b), slowly: each row's
    influence by central differences of the library's continuous area in the row's
    weight, centred and squared within each class."""
    def area(w):
        return [spc.pr_auc_score(y, s, sample_weight=w, interpolation="continuous")
                for s in (score_a, score_b)]

    influence = np.empty(y.shape[0])
    for i in range(y.shape[0]):
        step = 1e-6 * weight[i]
        up, down = weight.copy(), weight.copy()
        up[i] += step
        down[i] -= step
        (ua, ub), (da, db) = area(up), area(down)
        influence[i] = weight[i] * ((ua - ub) - (da - db)) / (2 * step)
    return math.sqrt(sum(np.sum((influence[y == c] - influence[y == c].mean()) ** 2)
                         for c in (0, 1)))


@pytest.mark.parametrize("weighted, ties", [(False, False), (True, True)])
def test_the_delta_method_is_each_rows_influence(tmp_path, capsys, weighted, ties):
    y, a, b = _two_models(300, 8, 0.6)
    if ties:
        a, b = np.round(a, 1), np.round(b, 1)
    w = (np.random.default_rng(3).integers(1, 4, y.shape[0]).astype(float) if weighted
         else np.ones(y.shape[0]))
    columns = {"y": y, "a": a, "b": b, **({"w": w} if weighted else {})}
    data = write_csv(tmp_path / "s.csv", columns)
    out = report_json(capsys, "report", str(data), "--label", "y", "--score", "a",
                      "--score", "b", *(["--weight", "w"] if weighted else []))
    best = out["comparison"]["best"]["auc_pr"]
    other = "b" if best == "a" else "a"
    test = out["comparison"]["paired_auc_pr"][other]
    scores = {"a": a, "b": b}
    spread = _delta_reference(y, scores[best], scores[other], w)
    assert test["statistic"] == pytest.approx(test["difference"] / spread, rel=1e-6)
    settings = out["comparison"]["tests"]["paired_auc_pr"]
    assert settings["paired_test"] == "delta" and settings["n_resamples"] is None
    assert settings["resolution"] == 1e-16


@pytest.mark.parametrize("block", [1, 7, 64])
def test_a_table_held_whole_is_read_in_blocks_as_at_once(tmp_path, capsys, monkeypatch,
                                                         block):
    # The paired tests' influence values and the figures' thinned paths read a table
    # held in memory READ_BLOCK rows at a time: the same tests, the same curves.
    from sklearn_prcurves._report import _ranged
    from sklearn_prcurves._streams._distributed import RangesHere
    from sklearn_prcurves._table._counts import count_rows

    y, a, b = _two_models(3000, 8, 0.6)
    a = np.round(a, 2)  # (ties)
    w = np.random.default_rng(5).integers(1, 4, y.shape[0]).astype(float)
    data = write_csv(tmp_path / "s.csv", {"y": y, "a": a, "b": b, "w": w})
    args = ["report", str(data), "--label", "y", "--score", "a", "--score", "b",
            "--weight", "w"]
    whole = report_json(capsys, *args)["comparison"]
    table = count_rows(y == 1, a, w)
    paths = {along: _figures._thinned_path(RangesHere([table]), along)
             for along in ("recall", "fpr")}
    monkeypatch.setattr(_ranged, "READ_BLOCK", block)
    blocked = report_json(capsys, *args)["comparison"]
    for family in ("paired_auc_pr", "delong"):
        assert whole[family].keys() == blocked[family].keys() != set()
        for model, test in whole[family].items():
            for key, value in test.items():
                assert blocked[family][model][key] == (
                    pytest.approx(value, rel=1e-12, abs=1e-15) if isinstance(value, float)
                    else value)
    for along, (tp, fp, thresholds) in paths.items():
        b_tp, b_fp, b_thresholds = _figures._thinned_path(RangesHere([table]), along)
        # every point the whole path keeps is kept, and each is a point of the path
        assert set(thresholds) <= set(b_thresholds) <= set(np.r_[np.inf, table.thresholds])
        at = np.searchsorted(-b_thresholds, -thresholds)
        np.testing.assert_array_equal(b_tp[at], tp)
        np.testing.assert_array_equal(b_fp[at], fp)


def test_verdict_on_more_rows_than_kept_scales_the_sample_spread(tmp_path, capsys,
                                                                  monkeypatch):
    # Past PAIRED_TEST_ROWS rows the test resamples a uniform sample of them and scales
    # its spread by sqrt(kept / rows): the interval is about as wide as on all rows.
    from sklearn_prcurves._report import _accumulate

    y, a, b = _two_models(20000, 2, 0.5)
    data = write_csv(tmp_path / "s.csv", {"y": y, "a": a, "b": b})
    args = ["report", str(data), "--label", "y", "--score", "a", "--score", "b"]
    whole = report_json(capsys, *args)
    monkeypatch.setattr(_accumulate, "PAIRED_TEST_ROWS", 4000)
    sampled = report_json(capsys, *args)
    other = next(iter(whole["comparison"]["paired_auc_pr"]))
    full, part = (r["comparison"]["paired_auc_pr"][other] for r in (whole, sampled))
    assert (part["rows"], part["of_rows"]) == (4000, 20000)
    assert part["difference"] == full["difference"]
    width = lambda t: t["high"] - t["low"]  # noqa: E731
    assert 0.6 < width(part) / width(full) < 1.6


def test_row_sample_is_uniform_and_merges():
    from sklearn_prcurves._report._accumulate import RowSample

    parts = []
    for start in range(0, 10000, 2500):
        sample = RowSample(["m"], size=1000)
        ids = np.arange(start, start + 2500, dtype=float)
        sample.add(ids % 7 == 0, {"m": ids}, None)
        parts.append(sample)
    merged = parts[0]
    for other in parts[1:]:
        merged = merged.merge(other)
    assert merged.rows == 10000 and merged.scores.shape == (1000, 1)
    kept = merged.scores[:, 0]
    assert np.unique(kept).size == 1000
    # Each quarter of the rows holds about a quarter of the sample.
    counts = np.histogram(kept, bins=4, range=(0, 10000))[0]
    assert np.all(np.abs(counts - 250) < 70), counts
    assert np.array_equal(merged.is_pos, kept % 7 == 0)


def test_html_report_fits_a_1280_pixel_window(tmp_path):
    # Long model names, a long path, three models and a --by section: the page must
    # not be wider than a 1280 px window (paragraphs wrap, the wide segment table
    # scrolls in its own box), measured by Chromium's layout.
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.skip("Chromium not installed (Debian package 'chromium')")
    rng = np.random.default_rng(3)
    n = 2000
    y = (rng.random(n) < 0.1).astype(int)
    names = [f"gradient_boosting_with_a_very_long_descriptive_model_name_{i}" for i in range(3)]
    columns = {"y": y, "segment_column_with_a_long_name": np.where(
        rng.random(n) < 0.5, "first_segment_value_that_is_long", "second")}
    for i, name in enumerate(names):
        columns[name] = rng.normal(size=n) + (0.5 + 0.3 * i) * y
    folder = tmp_path / ("a_deeply_nested_folder_name_" * 4)
    folder.mkdir()
    data = write_csv(folder / "scores.csv", columns)
    args = ["report", str(data), "--label", "y", "--by", "segment_column_with_a_long_name",
            "--output", str(tmp_path / "out"), "--no-progress"]
    for name in names:
        args += ["--score", name]
    assert main(args) == 0
    page = (tmp_path / "out" / "report.html").read_text()
    probe = tmp_path / "probe.html"
    probe.write_text(page.replace("</body>", (
        "<script>document.body.setAttribute('data-fits', String("
        "document.documentElement.scrollWidth <= window.innerWidth) + ':' + "
        "document.documentElement.scrollWidth + ':' + window.innerWidth);</script></body>")))
    result = subprocess.run(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--no-first-run", f"--user-data-dir={tmp_path / 'profile'}",
         "--window-size=1280,1000", "--dump-dom", probe.as_uri()],
        capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    fits = re.search(r'data-fits="(\w+):(\d+):(\d+)"', result.stdout)
    assert fits is not None, result.stdout[:2000]
    assert fits.group(1) == "true" and fits.group(3) == "1280", fits.group(0)


def test_figure_format_size_style_and_marked_operating_points(tmp_path):
    # --figure-format svg writes SVG files (and the page shows them inline); pdf writes
    # PDFs and shows PNGs; --dpi and --figure-size set the PNG's pixels; --style takes a
    # matplotlib style; --at-recall / --at-precision points are marked on the PR figure,
    # labelled with their thresholds.
    import base64

    svg = tmp_path / "svg"
    assert main(["demo", "--output", str(svg), "--figure-format", "svg", "--quiet",
                 "--no-progress"]) == 0
    files = sorted(p.name for p in svg.iterdir() if not p.name.startswith("."))
    assert {"pr_curves.svg", "roc_curves.svg"} <= set(files)
    assert not any(name.endswith(".png") for name in files)
    assert (svg / "pr_curves.svg").read_text().lstrip().startswith("<?xml")
    assert "data:image/svg+xml;base64," in (svg / "report.html").read_text()

    pdf = tmp_path / "pdf"
    assert main(["demo", "--output", str(pdf), "--figure-format", "pdf", "--style", "ggplot",
                 "--quiet", "--no-progress"]) == 0
    assert (pdf / "pr_curves.pdf").read_bytes().startswith(b"%PDF")
    page = (pdf / "report.html").read_text()
    assert "data:image/png;base64," in page and "application/pdf" not in page

    sizes = {}
    for dpi, size in ((100, "4,3"), (200, "4,3"), (100, "8,6")):
        out = tmp_path / f"png{dpi}-{size.replace(',', 'x')}"
        assert main(["demo", "--output", str(out), "--dpi", str(dpi), "--figure-size", size,
                     "--at-recall", "0.5", "--at-precision", "0.6", "--quiet",
                     "--no-progress"]) == 0
        png = (out / "roc_curves.png").read_bytes()
        # (the IHDR chunk's height: the legend beside the axes adds a fixed width)
        sizes[(dpi, size)] = int.from_bytes(png[20:24], "big")
        page = (out / "report.html").read_text()
        shown = re.findall(r"src='data:image/png;base64,([^']+)'", page)
        assert shown and base64.b64decode(shown[0])[:8] == b"\x89PNG\r\n\x1a\n"
    assert sizes[(200, "4,3")] > 1.8 * sizes[(100, "4,3")]
    # (titles and labels keep their size in inches, so the figure grows a little less)
    assert sizes[(100, "8,6")] > 1.6 * sizes[(100, "4,3")]


def test_marked_operating_points_are_the_reported_thresholds(tmp_path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from sklearn_prcurves._report._batches import BatchConverter
    from sklearn_prcurves._report._cli import _demo_table, _parser, _spec
    from sklearn_prcurves._report._compute import compute_report
    from sklearn_prcurves._report._sources import TableSource

    table, scores = _demo_table()
    args = _parser().parse_args(["demo", "--no-progress", "--at-recall", "0.5",
                                 "--at-precision", "0.6"])
    spec = _spec(args, "y", scores)
    source = TableSource(table, "demo")
    report = compute_report(source, spec, BatchConverter(source, "y", scores))
    first = next(iter(report["models"].values()))
    name, _, fig = _figures.build_figures(report["tables"], report["models"],
                                          first["prevalence"], spec=spec)[0]
    labels = {text.get_text() for text in fig.axes[0].texts if not
              text.get_text().startswith("F1=")}
    expected = {f"{result['values'][key + '_threshold']:.3g}"
                for result in report["models"].values()
                for key in ("precision_at_recall_0.5", "recall_at_precision_0.6")
                if result["values"][key] == result["values"][key]}
    assert name == "pr_curves" and labels == expected and len(expected) >= 3
    plt.close("all")


def _report_in_process(args):
    """The report dictionary (tables included) of a command line, as main computes it."""
    from sklearn_prcurves._report._cli import _parser, _source_and_spec, run_report

    parsed = _parser().parse_args([*args, "--no-progress"])
    source, spec = _source_and_spec(parsed)
    return run_report(source, spec, parsed)._results, spec


@pytest.mark.parametrize("n_segments, tiny_rows", [(15, 8), (2, 12)])
def test_by_draws_a_panel_per_segment(tmp_path, n_segments, tiny_rows):
    # --by: small multiples, one PR panel per segment (the 12 largest when there are
    # more), titled with rows and positives, small segments flagged; written as
    # segments.png beside the other figures.
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from sklearn_prcurves._report._figures import build_figures

    rng = np.random.default_rng(n_segments)
    n = 6000
    y = (rng.random(n) < 0.2).astype(int)
    segment = rng.integers(0, n_segments, n).astype(str)
    segment[:tiny_rows] = "tiny"
    y[:tiny_rows] = [1, 0] * (tiny_rows // 2)
    data = write_csv(tmp_path / "s.csv", {"y": y, "a": rng.normal(size=n) + y,
                                          "b": rng.normal(size=n) + 0.5 * y, "g": segment})
    args = ["report", str(data), "--label", "y", "--score", "a", "--score", "b", "--by", "g"]
    report, spec = _report_in_process(args)
    figures = build_figures(report["tables"], report["models"], 0.2, spec=spec,
                            segments=(report["segment_tables"], report["segments"]))
    name, caption, fig = figures[-1]
    assert name == "segments"
    shown = [ax for ax in fig.axes if ax.get_visible()]
    titles = [ax.get_title() for ax in shown]
    n_all = n_segments + 1
    assert len(shown) == min(n_all, 12)
    assert all(re.search(r"\n[\d,]+ rows, [\d,]+ positives$", t) for t in titles)
    if n_all > 12:
        assert "tiny" not in " ".join(titles) and f"the 12 largest of {n_all}" in caption
    else:
        assert any(t.startswith("tiny (small)") for t in titles)
    assert all(len(ax.get_lines()) == 3 for ax in shown)  # two models and the prevalence
    plt.close("all")
    out = tmp_path / "out"
    assert main([*args, "--output", str(out), "--quiet", "--no-progress"]) == 0
    assert (out / "segments.png").is_file()


# --- statistics a reviewer accepts ----------------------------------------------------------


def _holm_rejects(pvalues, alpha):
    """Holm's step-down procedure as he states it: test the smallest p-value at
    alpha / m, the next at alpha / (m - 1), ..., and stop at the first not rejected."""
    order = sorted(range(len(pvalues)), key=lambda i: pvalues[i])
    rejected = set()
    for rank, i in enumerate(order):
        if pvalues[i] > alpha / (len(pvalues) - rank):
            break
        rejected.add(i)
    return rejected


def test_holm_adjusted_p_values_by_hand_and_by_the_procedure():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from sklearn_prcurves._inference._bootstrap import holm_adjusted

    # By hand: sorted 0.005, 0.01, 0.03, 0.04 times 4, 3, 2, 1 = 0.02, 0.03, 0.06,
    # 0.04, made non-decreasing: 0.02, 0.03, 0.06, 0.06.
    assert holm_adjusted([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm_adjusted([0.6, 0.7]) == [1.0, 1.0]
    assert holm_adjusted([0.2]) == [0.2]
    assert holm_adjusted([]) == []

    # An adjusted p-value is at most alpha exactly when the procedure rejects at alpha.
    @settings(max_examples=300, deadline=None)
    @given(st.lists(st.floats(0, 1), min_size=1, max_size=8),
           st.sampled_from([0.01, 0.05, 0.1, 0.5]))
    def check(pvalues, alpha):
        adjusted = holm_adjusted(pvalues)
        # (alpha / k and k * p round differently: values within an ulp of the edge
        # are left out)
        edge = [abs(a - alpha) < 1e-12 for a in adjusted]
        rejected = _holm_rejects(pvalues, alpha)
        for i, a in enumerate(adjusted):
            if not edge[i]:
                assert (a <= alpha) == (i in rejected), (pvalues, alpha)
            assert a >= pvalues[i]

    check()


def test_p_values_print_with_two_digits_or_as_the_test_s_bound():
    from sklearn_prcurves._report._render import p_texts

    tests = {"b": {"pvalue": 1e-9}, "c": {"pvalue": 0.3}, "d": {"pvalue": 0.01234}}
    texts = p_texts(tests, 1 / 501)
    # 1/501 = 0.001996: bounds are rounded up, so they stay bounds.
    assert texts["b"] == ("p < 0.002", "p < 0.006")  # Holm: 3 x 1/501, rounded up
    assert texts["c"] == ("p = 0.3", "p = 0.3")
    assert texts["d"] == ("p = 0.012", "p = 0.025")
    assert p_texts({"x": {"pvalue": 0.0}}, 1e-16)["x"] == ("p < 1e-16", "p < 1e-16")
    assert p_texts({"x": {"pvalue": 1 / 150}}, 1 / 151)["x"] == ("p = 0.0067",) * 2
    assert p_texts({"x": {"pvalue": 0.0066}}, 1 / 151)["x"][0] == "p < 0.0067"


def _three_models(n, seed):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.1).astype(int)
    y[:2] = [0, 1]
    noise = rng.normal(size=(3, n))
    return y, {"a": 2.0 * y + noise[0], "b": 1.0 * y + noise[1], "c": 0.2 * y + noise[2]}


def test_report_statistics_with_three_clearly_different_models(tmp_path, capsys):
    # Three models far apart: no "p = 0"; Holm's values beside the raw ones, in the
    # text, results.json and the CSV; the verdict worded from the adjusted values; the
    # settings (resamples, seed, rows) said and recorded; the numbers the library's.
    y, scores = _three_models(6000, 4)
    data = write_csv(tmp_path / "s.csv", {"y": y, **scores})
    args = ["report", str(data), "--label", "y", "--score", "a", "--score", "b",
            "--score", "c", "--paired-test", "bootstrap", "--n-resamples", "300", "--seed", "7"]
    out = report_json(capsys, *args)
    comparison = out["comparison"]
    tests = comparison["paired_auc_pr"]
    assert comparison["best"]["auc_pr"] == "a" and set(tests) == {"b", "c"}
    for model, test in tests.items():
        expected = spc.bootstrap_test("pr_auc", y, scores["a"], scores[model],
                                      n_resamples=300, random_state=7, progress=False)
        assert test["pvalue"] == pytest.approx(expected.pvalue, rel=1e-9, abs=1e-300)
        assert test["resamples"] == 300
    from sklearn_prcurves._inference._bootstrap import holm_adjusted

    for family in ("paired_auc_pr", "delong"):
        family_tests = comparison[family]
        assert [t["pvalue_holm"] for t in family_tests.values()] == holm_adjusted(
            [t["pvalue"] for t in family_tests.values()])
        assert comparison["tests"][family]["comparisons"] == 2
        assert comparison["tests"][family]["correction"] == "holm"
    settings = comparison["tests"]["paired_auc_pr"]
    assert (settings["n_resamples"], settings["seed"]) == (300, 7)
    assert (settings["rows"], settings["of_rows"], settings["spread_scale"]) == (6000, 6000, 1.0)
    assert settings["resolution"] == 1 / 301
    assert out["metadata"]["n_resamples"] == 300 and out["metadata"]["seed"] == 7
    verdict = comparison["verdict"]
    assert verdict.startswith("By AUC-PR, 'a' is better than 'b' and 'c' (paired bootstrap, "
                              "p < 0.05 after Holm's correction for 2 comparisons). By AUC-ROC")

    assert main([*args, "--no-files", "--no-progress"]) == 0
    text = capsys.readouterr().out
    assert not re.search(r"p = 0(\D|$)", text), text
    assert text.count("p < 0.0034") == 2  # 1/301, rounded up; its Holm bound 2/301
    assert "Holm-adjusted p < 0.0067" in text
    assert "300 resamples, seed 7, of all 6,000 rows" in text
    assert verdict in text

    assert main([*args, "--no-files", "--no-progress", "--format", "csv"]) == 0
    csv_text = capsys.readouterr().out
    assert "auc_pr_pvalue_holm_vs_a" in csv_text and "delong_pvalue_holm_vs_a" in csv_text


def test_the_verdict_follows_the_adjusted_p_values(tmp_path, capsys):
    # Whatever the data: a model is called worse exactly where its Holm-adjusted
    # p-value is below the level, and the sentence names the correction.
    for seed in range(3):
        y, scores = _three_models(400, seed)
        scores["b"] = scores["a"] + np.random.default_rng(seed).normal(size=400) * 0.8
        data = write_csv(tmp_path / "s.csv", {"y": y, **scores})
        out = report_json(capsys, "report", str(data), "--label", "y", "--score", "a",
                          "--score", "b", "--score", "c")
        comparison = out["comparison"]
        verdict = comparison["verdict"]
        assert "after Holm's correction for 2 comparisons" in verdict
        clear = verdict.split(" is better than ")[1].split(" (")[0] if (
            " is better than " in verdict) else ""
        for model, test in comparison["paired_auc_pr"].items():
            assert (repr(model) in clear) == (test["pvalue_holm"] < 0.05), (verdict, test)


def test_the_same_seed_gives_the_same_report_and_another_seed_another(tmp_path, capsys,
                                                                      monkeypatch):
    from sklearn_prcurves._report import _accumulate

    # Sampled rows too (more rows than the paired test keeps), so both the row sample
    # and the resamples follow the seed.
    monkeypatch.setattr(_accumulate, "PAIRED_TEST_ROWS", 1500)
    y, a, b = _two_models(4000, 5, 0.4)
    data = write_csv(tmp_path / "s.csv", {"y": y, "a": a, "b": b})
    args = ["report", str(data), "--label", "y", "--score", "a", "--score", "b"]

    def outputs(*extra):
        out = report_json(capsys, *args, *extra)
        del out["metadata"]["created"]
        return json.dumps(out, sort_keys=True)

    first, again = outputs("--seed", "11"), outputs("--seed", "11")
    assert first == again and outputs() != first
    args += ["--paired-test", "bootstrap"]
    first, again = outputs("--seed", "11"), outputs("--seed", "11")
    assert first == again
    other = json.loads(outputs("--seed", "12"))["comparison"]["paired_auc_pr"]
    test = json.loads(first)["comparison"]["paired_auc_pr"]
    (model,) = test
    assert test[model]["difference"] == other[model]["difference"]  # the whole input's
    assert test[model]["pvalue"] != other[model]["pvalue"]
    settings = json.loads(first)["comparison"]["tests"]["paired_auc_pr"]
    assert (settings["rows"], settings["of_rows"]) == (1500, 4000)
    assert settings["spread_scale"] == pytest.approx(math.sqrt(1500 / 4000))
    assert main([*args, "--seed", "11", "--no-files", "--no-progress"]) == 0
    text = capsys.readouterr().out
    assert ("500 resamples, seed 11, of a uniform sample of 1,500 of the 4,000 rows, the "
            "spread scaled by sqrt(1,500 / 4,000) = 0.612") in text


@pytest.mark.parametrize("args", [
    ["--help"], ["--version"], ["report", "--help"], ["demo", "--help"],
    ["report", "x.csv", "--label", "y", "--score", "s", "--seed", "-1"],
    ["report", "x.csv", "--label", "y", "--score", "s", "--score", "s"],
    ["report", "x.csv", "--label", "y", "--score", "s", "--dpi", "2400",
     "--figure-size", "50,50"],
])
def test_help_version_and_argument_errors_import_nothing_heavy(args):
    # They answer before scikit-learn, SciPy, matplotlib, pyarrow or NumPy is loaded.
    code = ("import sys\nfrom sklearn_prcurves._report._cli import main\n"
            f"try:\n    code = main({args!r})\nexcept SystemExit as exit_:\n"
            "    code = exit_.code\n"
            "heavy = sorted(m for m in ('numpy', 'sklearn', 'scipy', 'matplotlib', "
            "'pyarrow') if m in sys.modules)\n"
            "print('HEAVY', heavy, code, file=sys.stderr)\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=60)
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith("HEAVY [] "), result.stderr
    assert int(last.split()[-1]) in (0, 1, 2)


@pytest.mark.parametrize("suffix", ["csv", "parquet"])
def test_the_whole_report_runs_without_importing_scikit_learn(tmp_path, suffix):
    # Importing scikit-learn (and with it SciPy's statistics) takes about two seconds,
    # most of what a user's own two-liner spends before reading its file: the report,
    # figures and HTML included, reads its measures from the package alone. Its values
    # are those of the library's functions (which do import scikit-learn).
    rng = np.random.default_rng(3)
    y = (rng.random(3000) < 0.2).astype(int)
    y[:2] = [0, 1]
    columns = {"y": y, "a": y + rng.normal(size=3000), "b": 0.5 * y + rng.normal(size=3000)}
    path = tmp_path / f"scores.{suffix}"
    if suffix == "csv":
        write_csv(path, columns)
    else:
        import pyarrow.parquet as pq

        pq.write_table(pa.table(columns), path)
    code = ("import sys, json\nfrom sklearn_prcurves._report._cli import main\n"
            f"code = main(['report', {str(path)!r}, '--label', 'y', '--score', 'a', "
            f"'--score', 'b', '--output', {str(tmp_path / 'out')!r}, '--quiet', "
            "'--no-progress'])\n"
            "print(json.dumps([code, sorted(m for m in ('sklearn', 'scipy.stats', "
            "'scipy.integrate') if m in sys.modules)]))\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=300)
    assert json.loads(result.stdout.strip().splitlines()[-1]) == [0, []], result.stderr
    written = json.loads((tmp_path / "out" / "results.json").read_text())
    assert {"pr_curves.png", "roc_curves.png", "report.html"} <= {
        f.name for f in (tmp_path / "out").iterdir()}
    for name in ("a", "b"):
        values = written["models"][name]["values"]
        assert values["auc_roc"] == pytest.approx(
            spc.roc_auc_score(y, columns[name]), rel=1e-12)
        assert values["average_precision"] == pytest.approx(
            spc.average_precision_score(y, columns[name]), rel=1e-12)


@pytest.mark.parametrize("compression", [None, "gzip", "bz2"])
def test_a_missing_label_or_score_lists_the_columns_without_heavy_imports(tmp_path,
                                                                          compression):
    path = write_csv(tmp_path / "scores.csv", {"truth": [0, 1], "model a": [0.2, 0.7]},
                     compression=compression)
    for given, missing in (([], "--label, --score"), (["--label", "truth"], "--score"),
                           (["--score", "model a"], "--label")):
        code = ("import sys\nfrom sklearn_prcurves._report._cli import main\n"
                f"try:\n    main({['report', str(path), *given]!r})\n"
                "except SystemExit as exit_:\n    print('EXIT', exit_.code, file=sys.stderr)\n"
                "print('HEAVY', sorted(m for m in ('numpy', 'sklearn', 'scipy', "
                "'matplotlib', 'pyarrow') if m in sys.modules), file=sys.stderr)\n")
        result = subprocess.run([sys.executable, "-c", code], capture_output=True,
                                text=True, timeout=60)
        lines = result.stderr.strip().splitlines()
        assert lines[-2:] == ["EXIT 2", "HEAVY []"], result.stderr
        assert lines[-3] == ("sklearn-prcurves report: error: the following arguments are "
                             f"required: {missing} (the columns of scores.csv are: "
                             "'truth', 'model a')")


@pytest.mark.parametrize("prevalence", [0.01, 0.06, 0.3])
def test_threshold_labels_never_overlap_and_low_precision_is_readable(prevalence):
    # Two models with almost the same scores and both operating points asked for: their
    # threshold labels would print on top of each other; the drawn boxes must not
    # overlap, nor leave the axes' top. The PR figure's right panel puts precision on a
    # log scale from a quarter of the prevalence: the no-skill line inside its view.
    rng = np.random.default_rng(7)
    n = 20000
    y = (rng.random(n) < prevalence).astype(int)
    y[:2] = [0, 1]
    base = 1.5 * y + rng.normal(size=n)
    scores = {"a": base, "twin": base + rng.normal(size=n) * 1e-3,
              "weak": 0.5 * y + rng.normal(size=n)}
    result = spc.report(y, scores, intervals=False, at_recall=[0.3, 0.5, 0.8, 0.99],
                        at_precision=[0.2])
    figure = result.figures()["pr_curves"]
    figure.canvas.draw()
    renderer = figure.canvas.get_renderer()
    ax, log = figure.axes[:2]
    labels = [t for t in ax.texts if not t.get_text().startswith("F1=")]
    assert len(labels) >= 8
    iso_f1 = [t for t in ax.texts if t.get_text().startswith("F1=")]
    assert iso_f1 and all(t.xyann == (4, 0) for t in iso_f1)  # (never moved)
    boxes = [t.get_window_extent(renderer) for t in labels]
    for i, box in enumerate(boxes):
        assert box.y1 <= ax.get_window_extent(renderer).y1 + 0.5, labels[i].get_text()
        # (a point near recall 1 is labelled to its left, inside the axes)
        assert box.x1 <= ax.get_window_extent(renderer).x1 + 0.5, labels[i].get_text()
        for other in boxes[:i]:
            assert not box.overlaps(other), labels[i].get_text()
    low, high = log.get_ylim()
    assert log.get_yscale() == "log" and low < result.to_dict()["models"]["a"][
        "prevalence"] < high
    # Its ticks are labelled in plain numbers (no mathtext powers), 1, 2 and 5 of each
    # decade where it spans few: at least three labels inside the view.
    shown = [(tick.get_loc(), tick.label1.get_text()) for tick in log.yaxis.get_major_ticks()
             if low <= tick.get_loc() <= high]
    assert len(shown) >= 3 and all(float(text) == pytest.approx(loc) for loc, text in shown)


def test_log_axis_ticks_read_as_plain_numbers():
    from sklearn_prcurves._report._figures import _decimal_tick

    assert [_decimal_tick(v) for v in (1.0, 0.5, 0.02, 0.001, 1e-4, 2e-5, 5e-7)] == [
        "1", "0.5", "0.02", "0.001", "10\u207b\u2074", "2\u00d710\u207b\u2075",
        "5\u00d710\u207b\u2077"]


def test_titles_never_run_into_each_other_with_many_models():
    # With more models than are drawn, the figures say which are drawn, above both
    # panels: no title's drawn box overlaps another's.
    from sklearn_prcurves._report._figures import MAX_DRAWN_MODELS

    rng = np.random.default_rng(3)
    y = (rng.random(3000) < 0.06).astype(int)
    y[:2] = [0, 1]
    scores = {f"team {i:02d}": y * rng.uniform(0.3, 2.5) + rng.normal(size=3000)
              for i in range(MAX_DRAWN_MODELS + 4)}
    for name, figure in spc.report(y, scores, intervals=False).figures().items():
        figure.canvas.draw()
        renderer = figure.canvas.get_renderer()
        titles = [ax.title for ax in figure.axes if ax.get_title()]
        if figure._suptitle is not None:
            titles.append(figure._suptitle)
            assert f"of {MAX_DRAWN_MODELS + 4} models" in figure._suptitle.get_text()
        boxes = [t.get_window_extent(renderer) for t in titles]
        assert len(boxes) >= 2, name
        for i, box in enumerate(boxes):
            for other in boxes[:i]:
                assert not box.overlaps(other), (name, titles[i].get_text())


def test_the_report_s_figures_are_one_size():
    # ROC, PR and straight-lines figures: two panels of --figure-size each, so the page
    # shows them at one scale (it sets every image to one width).
    rng = np.random.default_rng(5)
    y = (rng.random(4000) < 0.05).astype(int)
    y[:2] = [0, 1]
    scores = {"coarse": np.round(y + rng.normal(size=4000), 0),
              "fine": 1.2 * y + rng.normal(size=4000)}
    result = spc.report(y, scores, intervals=False, figure_size=(5, 4))
    figures = result.figures()
    assert set(figures) == {"pr_curves", "roc_curves", "linear_vs_interpolated"}
    sizes = {name: tuple(f.get_size_inches()) for name, f in figures.items()}
    assert set(sizes.values()) == {(10.0, 3.8)}, sizes
    assert ".prc-report img { width: 100%" in result.html(figures=False)


# --- the number users compute, and one verdict -------------------------------------------


@pytest.mark.parametrize("ranged", [False, True])
@pytest.mark.parametrize("ties", [False, True])
def test_the_straight_line_number_is_scikit_learns_auc_of_its_curve(tmp_path, capsys,
                                                                   monkeypatch, ties, ranged):
    from sklearn.metrics import auc, precision_recall_curve

    from sklearn_prcurves._report import _ranged

    if ranged:
        monkeypatch.setattr(_ranged, "RANGE_CAP", 8)
        monkeypatch.setattr(_sources, "BATCH_ROWS", 300)
    y, a, b, w = make_data(2000, seed=21, ties=ties)
    a[np.argmax(a)] += 10  # the top score a negative's, or a tie group: a start below 1
    y[np.argmax(a)] = 0
    data = write_csv(tmp_path / "s.csv", {"y": y, "a": a, "w": w})
    for weighted in (False, True):
        extra = ["--weight", "w"] if weighted else []
        out = report_json(capsys, "report", str(data), "--label", "y", "--score", "a", *extra)
        precision, recall, _ = precision_recall_curve(y, a, sample_weight=w if weighted else None)
        assert out["models"]["a"]["sklearn_auc_pr"] == pytest.approx(
            auc(recall, precision), rel=1e-12)


def test_a_reordering_by_straight_lines_is_said_and_the_verdict_reads_both_tests(tmp_path,
                                                                                   capsys):
    rng = np.random.default_rng(3)
    y = (rng.random(10000) < 0.033).astype(int)
    x = rng.normal(size=10000) + 1.6 * y
    columns = {"y": y, "logreg": x + 0.3 * rng.normal(size=10000),
               "gbm": x + 0.5 * rng.normal(size=10000), "tree3": np.round(x * 1.2, 0)}
    data = write_csv(tmp_path / "s.csv", columns)
    out = report_json(capsys, "report", str(data), "--label", "y", "--score", "logreg",
                      "--score", "gbm", "--score", "tree3")
    models, comparison = out["models"], out["comparison"]
    by_lines = sorted(models, key=lambda m: -models[m]["sklearn_auc_pr"])
    by_pr = sorted(models, key=lambda m: -models[m]["values"]["auc_pr"])
    assert by_lines != by_pr and by_lines[0] == "tree3"
    assert comparison["straight_lines"].startswith(
        "scikit-learn's auc(recall, precision) orders the models "
        + " > ".join(map(repr, by_lines)))
    # the verdict's AUC-ROC half: worse exactly where DeLong's Holm p-value is below 0.05
    verdict, delong = comparison["verdict"], comparison["delong"]
    roc_half = verdict.split("By AUC-ROC, ")[1]
    worse = roc_half.split("significantly worse")[0] if "significantly worse" in roc_half else ""
    for model, test in delong.items():
        assert (repr(model) in worse) == (test["pvalue_holm"] < 0.05), (verdict, test)
    single = write_csv(tmp_path / "one.csv", {"y": y, "tree3": columns["tree3"],
                                              "logreg": columns["logreg"] * 0 + x})
    out = report_json(capsys, "report", str(single), "--label", "y", "--score", "logreg",
                      "--score", "tree3", "--no-intervals")
    assert ("straight_lines" in out["comparison"]) == (
        out["models"]["tree3"]["sklearn_auc_pr"] > out["models"]["logreg"]["sklearn_auc_pr"])


def _explorer_dom(chromium, page, hash_, profile):
    result = subprocess.run(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         f"--user-data-dir={profile}", "--enable-logging=stderr", "--v=0", "--dump-dom",
         page.as_uri() + hash_], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0
    errors = [line for line in result.stderr.splitlines()
              if "CONSOLE" in line and ("error" in line.lower() or "Uncaught" in line)]
    assert errors == []
    cells = dict(re.findall(r'id="prc-x-(\w+)"[^>]*>([^<]*)<', result.stdout))
    return cells, result.stdout


def test_the_threshold_explorer_shows_the_librarys_numbers_in_a_browser(tmp_path):
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.skip("Chromium not installed (Debian package 'chromium')")
    y, a, b, _ = make_data(20000, seed=31, ties=True)
    hostile = "</script><b>x\"'&"
    data = write_csv(tmp_path / "s.csv", {"y": y, "a": a, hostile: b})
    out = tmp_path / "out"
    assert run("report", str(data), "--label", "y", "--score", "a", "--score", hostile,
               "--output", str(out), "--no-progress").returncode == 0
    page = out / "report.html"
    text = page.read_text()
    explorer = text[text.index("<h2>Threshold explorer</h2>"):]
    assert "</script><b>" not in explorer.split("<script>")[0]  # (the data block: escaped)
    assert len(explorer) < 0.10 * (len(text) - len(explorer))
    for model, scores in ((0, a), (1, b)):
        for row in (0, 7, 60, 200, 10_000):
            cells, dom = _explorer_dom(chromium, page, f"#explore={model}/{row}",
                                       tmp_path / "profile")
            threshold = float(cells["threshold"])
            point = spc.threshold_ci(y, scores, threshold)
            at = scores >= threshold
            tp, fp = int((at & (y == 1)).sum()), int((at & (y == 0)).sum())
            assert cells["counts"] == f"{tp} / {fp} / {(y == 1).sum() - tp} / {(y == 0).sum() - fp}"
            precision = point.precision
            assert cells["precision"] == (f"{precision.estimate:.4f} ({precision.low:.4f}-"
                                          f"{precision.high:.4f})")
            recall = point.recall
            assert cells["recall"] == f"{recall.estimate:.4f} ({recall.low:.4f}-{recall.high:.4f})"
            assert cells["ppr"] == f"{at.mean():.4f}"
            # (the review band's lower threshold at or below: NPV below, share between)
            cells, _ = _explorer_dom(chromium, page, f"#explore={model}/{row}/{row + 40}",
                                     tmp_path / "profile")
            lower = float(cells["lower"])
            below = scores < lower
            assert lower <= threshold
            assert cells["npv"] == (f"{(y[below] == 0).mean():.4f}" if below.any()
                                    else "n/a")
            # (the difference of the two shares predicted positive, as the page takes it)
            assert cells["review"] == f"{(scores >= lower).mean() - at.mean():.4f}"
    assert "&lt;/script&gt;&lt;b&gt;x" in dom  # (the name shown as text in the list)


def _clustered(n_clusters=250, seed=3):
    """Rows in clusters of 1 to 7, a cluster effect in labels and both models' scores."""
    rng = np.random.default_rng(seed)
    groups = np.repeat(np.arange(n_clusters), rng.integers(1, 8, size=n_clusters))
    shared = rng.normal(size=n_clusters)[groups]
    y = (rng.random(groups.shape[0]) < 1 / (1 + np.exp(-(shared - 0.5)))).astype(int)
    a = np.round(y + rng.normal(size=y.shape[0]) + 0.8 * shared, 2)
    b = np.round(0.7 * y + rng.normal(size=y.shape[0]) + 0.8 * shared, 2)
    return y, a, b, groups


@pytest.mark.parametrize("paired_test", ["delta", "bootstrap"])
def test_the_report_with_clusters_counts_clusters(tmp_path, capsys, paired_test):
    """``--cluster``: DeLong's interval and test are the library's with ``groups=``
    (Obuchowski's variance), the paired AUC-PR test counts clusters, the certified rows
    are ``certified_threshold(groups=)``'s, the rows' own intervals are left out, and a
    note says how many clusters."""
    y, a, b, groups = _clustered()
    ids = np.array([f"patient-{g}" for g in groups])
    data = write_csv(tmp_path / "c.csv", {"y": y, "a": a, "b": b, "patient": ids})
    args = ["report", str(data), "--label", "y", "--score", "a", "--score", "b",
            "--at-recall", "0.5", "--paired-test", paired_test]
    plain = report_json(capsys, *args)
    out = report_json(capsys, *args, "--cluster", "patient")
    for name, s in (("a", a), ("b", b)):
        got = out["models"][name]
        assert set(got["intervals"]) == {"auc_roc"}
        interval = spc.roc_auc_ci(y, s, groups=groups)
        assert got["intervals"]["auc_roc"][:2] == pytest.approx(
            [interval.low, interval.high], rel=1e-12)
        assert got["intervals"]["auc_roc"][2] == "DeLong, clustered"
        found = spc.certified_threshold(y, s, min_recall=0.5, groups=groups)
        assert got["values"]["certified_precision_at_recall_0.5_threshold"] == found.threshold
        assert got["values"]["certified_precision_at_recall_0.5"] == pytest.approx(
            found.precision, rel=1e-12)
        assert {k: v for k, v in got["values"].items() if not k.startswith("certified_")} \
            == {k: v for k, v in plain["models"][name]["values"].items()
                if not k.startswith("certified_")}
    test = spc.delong_test(y, b, a, groups=groups)
    assert out["comparison"]["delong"]["b"]["pvalue"] == pytest.approx(test.pvalue, rel=1e-9)
    assert out["comparison"]["delong"]["b"]["pvalue"] != plain["comparison"]["delong"]["b"][
        "pvalue"]
    clustered = out["comparison"]["paired_auc_pr"]["b"]
    rows = plain["comparison"]["paired_auc_pr"]["b"]
    assert clustered["difference"] == rows["difference"]
    assert clustered["statistic"] != rows["statistic"]
    assert any(note.startswith("Rows in clusters (column 'patient'): 250 clusters (all of "
                               "them)") for note in out["notes"])
    assert out["metadata"]["cluster"] == "patient"


def test_the_cluster_sample_keeps_whole_clusters(tmp_path, capsys, monkeypatch):
    """Past PAIRED_TEST_ROWS rows the sample holds whole clusters (each kept with the
    same chance, alike in every batch): the clustered interval stays about as wide."""
    from sklearn_prcurves._report import _accumulate

    y, a, b, groups = _clustered(n_clusters=3000, seed=4)
    data = write_csv(tmp_path / "c.csv", {"y": y, "a": a, "b": b, "id": groups})
    monkeypatch.setattr(_sources, "BATCH_ROWS", 700)
    args = ["report", str(data), "--label", "y", "--score", "a", "--score", "b",
            "--cluster", "id"]
    whole = report_json(capsys, *args)
    monkeypatch.setattr(_accumulate, "PAIRED_TEST_ROWS", 4000)
    part = report_json(capsys, *args)
    width = lambda t: t[1] - t[0]  # noqa: E731
    ratio = (width(part["models"]["a"]["intervals"]["auc_roc"])
             / width(whole["models"]["a"]["intervals"]["auc_roc"]))
    assert 0.7 < ratio < 1.4
    assert any(note.startswith("Rows in clusters (column 'id'): about ") for note in
               part["notes"])
    sample = _accumulate.RowSample(["a"], size=4000, clustered=True)
    for start in range(0, y.shape[0], 700):
        rows = slice(start, start + 700)
        sample.add(y[rows] == 1, {"a": a[rows]}, None, _accumulate.cluster_keys(
            pa.array(groups[rows]), 7, "id"))
    kept = np.unique(sample.keys, return_inverse=True)[1]
    sizes = np.bincount(kept)
    whole_sizes = np.bincount(groups)
    # every kept cluster has all its rows: the sampled sizes are a sub-multiset
    assert sample.keys.shape[0] <= 4000 and sizes.sum() == sample.keys.shape[0]
    assert np.all(np.isin(sizes, whole_sizes)) and 300 < sizes.shape[0] < 1100


@pytest.mark.parametrize("args, match", [
    (["--cluster", "y"], "--cluster y names the label, a score or the weight"),
    (["--cluster", "id", "--no-intervals"], "--cluster sets how the intervals"),
    (["--cluster", "gone"], "gone"),
])
def test_bad_cluster_options_get_one_line(tmp_path, capsys, args, match):
    y, a, _, groups = _clustered(n_clusters=30)
    data = write_csv(tmp_path / "c.csv", {"y": y, "a": a, "id": groups})
    assert main(["report", str(data), "--label", "y", "--score", "a", *args]) != 0
    err = capsys.readouterr().err
    assert match in err and "Traceback" not in err


def test_a_row_without_a_cluster_id_is_refused(tmp_path, capsys):
    y, a, _, groups = _clustered(n_clusters=30)
    ids = groups.astype(float)
    ids[5] = np.nan
    data = write_csv(tmp_path / "c.csv", {"y": y, "a": a, "id": ids})
    assert main(["report", str(data), "--label", "y", "--score", "a", "--cluster", "id"]) != 0
    err = capsys.readouterr().err
    # (the functions' words: --cluster as the command line names it, groups= as Python)
    assert "--cluster has a row without an id (column 'id'; None or NaN)" in err
    with pytest.raises(ValueError, match=r"^groups has a row without an id \(column 'groups'"):
        spc.report(y, {"a": a}, groups=ids)
    with pytest.raises(ValueError, match=r"^groups has a row without an id \(at row 5"):
        spc.roc_auc_ci(y, a, groups=ids)


@pytest.mark.parametrize("spilled", [False, True])
def test_the_review_band_is_certified_review_band_s(tmp_path, capsys, monkeypatch, spilled):
    """``--review-band P,N,R``: the band's rows equal the function's, its table held
    whole or in ranges (on disk too); a gate reads them; a review bound with
    ``--cluster`` or ``--prevalence`` is one line on standard error."""
    from sklearn_prcurves._report import _ranged

    if spilled:
        monkeypatch.setattr(_ranged, "RANGE_CAP", 8)
        monkeypatch.setattr(_ranged, "SPILL_AFTER", 20)
        monkeypatch.setattr(_sources, "BATCH_ROWS", 300)
    rng = np.random.default_rng(30)
    y = (rng.random(3000) < 0.3).astype(int)
    a = np.round(rng.normal(size=3000) + 2.5 * y, 2)
    data = write_csv(tmp_path / "band.csv", {"y": y, "a": a})
    out = report_json(capsys, "report", str(data), "--label", "y", "--score", "a",
                      "--review-band", "0.85,0.9,0.5",
                      "--require", "review_band_review_rate<=0.5")
    band = spc.certified_review_band(y, a, min_precision=0.85, min_npv=0.9,
                                     max_review_rate=0.5)
    values = out["models"]["a"]["values"]
    assert band.certified
    assert [values["review_band_lower"], values["review_band_upper"]] == [band.lower,
                                                                         band.upper]
    assert values["review_band_review_rate"] == pytest.approx(band.review_rate, rel=1e-12)
    assert [o["met"] for o in out["requirements"]] == [band.review_rate <= 0.5]
    for flag in (["--prevalence", "0.1"], ["--cluster", "g"]):
        clustered = write_csv(tmp_path / "g.csv", {"y": y, "a": a, "g": np.arange(3000) // 3})
        result = run("report", str(clustered), "--label", "y", "--score", "a",
                     "--review-band", "0.85,0.9,0.5", *flag, "--no-files")
        assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
        assert f"the share reviewed cannot be certified with {flag[0]} given" in result.stderr
    bad = run("report", str(data), "--label", "y", "--score", "a", "--review-band", "0.9",
              "--no-files")
    assert bad.returncode == 2 and "--review-band takes PRECISION,NPV" in bad.stderr

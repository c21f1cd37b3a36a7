"""The command line against hostile files and options: a report or one line of error,
never a traceback, never exit 0 on garbage, never a silent choice between columns.

Each row of ``CASES`` is a file (written to a temporary folder), the options, and
what must happen: ``"report"`` (exit 0, a report on stdout) or ``"error"`` (exit 1 or
2, one line on stderr naming the problem, which ``match`` must find). Reports whose
numbers can be checked are compared with the library on the same columns.
"""

import bz2
import gzip
import json
import subprocess
import sys

import numpy as np
import pytest

import sklearn_prcurves as spc
from sklearn_prcurves._report._cli import main

pytest.importorskip("pyarrow")

BIG = 2**60


def _csv(header, rows):
    return header + "\n" + "".join(",".join(str(v) for v in row) + "\n" for row in rows)


CASES = {
    "one positive, two models": (
        _csv("y,a,b", [(1, 0.9, 0.1), (0, 0.2, 0.3), (0, 0.1, 0.5), (0, 0.4, 0.2)]),
        ["--score", "a", "--score", "b"], "report", None),
    "one negative, two models": (
        _csv("y,a,b", [(0, 0.9, 0.1), (1, 0.2, 0.3), (1, 0.1, 0.5), (1, 0.4, 0.2)]),
        ["--score", "a", "--score", "b"], "report", None),
    "binned segment of zero weight": (
        _csv("y,s,w,g", [(1, .9, 1, "A"), (0, .2, 1, "A"), (1, .4, 0, "B"), (0, .3, 0, "B"),
                         (1, .5, 1, "A"), (0, .1, 1, "A")]),
        ["--score", "s", "--weight", "w", "--by", "g", "--binned"], "report", None),
    "exact segment of zero weight": (
        _csv("y,s,w,g", [(1, .9, 1, "A"), (0, .2, 1, "A"), (1, .4, 0, "B"), (0, .3, 0, "B")]),
        ["--score", "s", "--weight", "w", "--by", "g"], "report", None),
    "tolerance NaN": (
        _csv("y,s", [(1, .9), (0, .2), (1, .4), (0, .3)]),
        ["--score", "s", "--binned", "--tolerance", "nan", "--format", "json"], "error",
        "--tolerance"),
    "tolerance negative": (
        _csv("y,s", [(1, .9), (0, .2)]), ["--score", "s", "--binned", "--tolerance", "-1"],
        "error", "--tolerance"),
    "two columns of one name": (
        _csv("y,s,s", [(1, .9, .1), (0, .2, .3), (1, .6, .5), (0, .4, .2)]),
        ["--score", "s"], "error", "2 columns named 's'"),
    "a field of 3 MB": (
        "y,s,note\n1,0.9," + "x" * 3_000_000 + "\n0,0.2,a\n1,0.7,b\n0,0.3,c\n",
        ["--score", "s"], "report", None),
    "integer scores past 2**53": (
        _csv("y,s", [(1, BIG + 1), (0, BIG), (1, BIG + 3), (0, BIG + 2)]),
        ["--score", "s"], "report", None),
    "weights of 1e300 and 1e-300": (
        _csv("y,s,w", [(1, .9, 1e300), (0, .2, 1e-300), (1, .4, 1e-300), (0, .3, 1e300)]),
        ["--score", "s", "--weight", "w"], "report", None),
    "header only": ("y,s\n", ["--score", "s"], "error", None),
    "empty file": ("", ["--score", "s"], "error", "empty"),
    "one row": (_csv("y,s", [(1, .5)]), ["--score", "s"], "error", None),
    "text score": (_csv("y,s", [(1, .5), (0, "high")]), ["--score", "s"], "error",
                   "'high' is not a number"),
    "missing score": (_csv("y,s", [(1, .5), (0, ""), (1, .2)]), ["--score", "s"], "error",
                      "missing"),
    "missing score dropped": (_csv("y,s", [(1, .5), (0, ""), (1, .2), (0, .1)]),
                              ["--score", "s", "--drop-missing"], "report", None),
    "infinite score": (_csv("y,s", [(1, .5), (0, "inf")]), ["--score", "s"], "error",
                       "not a finite number"),
    "negative weight": (_csv("y,s,w", [(1, .5, 1), (0, .2, -1)]),
                        ["--score", "s", "--weight", "w"], "error", "negative"),
    "every weight zero": (_csv("y,s,w", [(1, .5, 0), (0, .2, 0)]),
                          ["--score", "s", "--weight", "w"], "error", None),
    "three labels": (_csv("y,s", [(0, .1), (1, .5), (2, .9)]), ["--score", "s"], "error",
                     None),
    "no such column": (_csv("y,s", [(1, .5), (0, .2)]), ["--score", "t"], "error",
                       "no column 't'"),
    "score is the label": (_csv("y,s", [(1, .5), (0, .2)]), ["--score", "y"], "error",
                           "both the label and a score"),
    "recall level 2": (_csv("y,s", [(1, .5), (0, .2)]), ["--score", "s", "--at-recall", "2"],
                       "error", "--at-recall"),
    "ragged rows": ("y,s\n1,0.5\n0,0.2,7\n", ["--score", "s"], "error", "fields"),
    "binary garbage": (bytes(range(256)) * 4, ["--score", "s"], "error", None),
    "truncated gzip": (gzip.compress(_csv("y,s", [(1, .5)] * 1000).encode())[:200],
                       ["--score", "s"], "error", None),
    "text labels without pos-label": (_csv("y,s", [("yes", .5), ("no", .2)]),
                                      ["--score", "s"], "error", "pos-label"),
    "text labels with pos-label": (_csv("y,s", [("yes", .5), ("no", .2), ("yes", .1)]),
                                   ["--score", "s", "--pos-label", "yes"], "report", None),
    "weights summing past the largest float": (
        _csv("y,s,w", [(1, .9, 1.7e308), (0, .8, 1e308), (1, .5, 1e308), (0, .2, 1e308)]),
        ["--score", "s", "--weight", "w"], "error", "sum past"),
    "sixty models": (
        _csv("y," + ",".join(f"m{k}" for k in range(60)),
             [(k % 2, *((k * 7 + j) % 11 / 10 for j in range(60))) for k in range(40)]),
        [option for k in range(60) for option in ("--score", f"m{k}")], "report", None),
    "one resample": (
        _csv("y,a,b", [(1, .9, .1), (0, .2, .3), (1, .6, .5), (0, .4, .2)]),
        ["--score", "a", "--score", "b", "--n-resamples", "1"], "error", "--n-resamples"),
    "resamples not a number": (
        _csv("y,a,b", [(1, .9, .1), (0, .2, .3)]),
        ["--score", "a", "--score", "b", "--n-resamples", "1e3"], "error", "--n-resamples"),
    "resamples without the bootstrap": (
        _csv("y,a,b", [(1, .9, .1), (0, .2, .3), (1, .6, .5), (0, .4, .2)]),
        ["--score", "a", "--score", "b", "--n-resamples", "300"], "error",
        "--paired-test bootstrap"),
    "an unknown paired test": (
        _csv("y,a,b", [(1, .9, .1), (0, .2, .3)]),
        ["--score", "a", "--score", "b", "--paired-test", "jackknife"], "error",
        "--paired-test"),
    "the delta method on two identical models": (
        _csv("y,a,b", [(1, .9, .9), (0, .2, .2), (1, .6, .6), (0, .4, .4), (1, .4, .4)]),
        ["--score", "a", "--score", "b"], "report", None),
    "the delta method with one positive and tied scores": (
        _csv("y,a,b", [(1, .5, .5), (0, .5, .2), (0, .5, .5), (0, .1, .5)]),
        ["--score", "a", "--score", "b"], "report", None),
    "the delta method with weights of 1e-300 and 1e300": (
        _csv("y,a,b,w", [(1, .9, .1, 1e-300), (0, .2, .3, 1e300), (1, .6, .5, 1),
                         (0, .4, .2, 1e-300), (1, .3, .8, 1e300)]),
        ["--score", "a", "--score", "b", "--weight", "w"], "report", None),
    "negative seed": (
        _csv("y,a,b", [(1, .9, .1), (0, .2, .3)]),
        ["--score", "a", "--score", "b", "--seed", "-1"], "error", "--seed"),
    "seed not a number": (
        _csv("y,a,b", [(1, .9, .1), (0, .2, .3)]),
        ["--score", "a", "--score", "b", "--seed", "nan"], "error", "--seed"),
    "a seed of 2**32": (
        _csv("y,a,b", [(1, .9, .1), (0, .2, .3)]),
        ["--score", "a", "--score", "b", "--seed", str(2**32)], "error", "--seed"),
    "the largest seed, two resamples": (
        _csv("y,a,b", [(1, .9, .1), (0, .2, .3), (1, .6, .5), (0, .4, .2), (1, .7, .8),
                       (0, .1, .6)]),
        ["--score", "a", "--score", "b", "--seed", str(2**32 - 1), "--paired-test", "bootstrap",
         "--n-resamples", "2"],
        "report", None),
    "a requirement on an accented name": (
        _csv("y,s", [(1, .9), (0, .2), (1, .6)]),
        ["--score", "s", "--require", "pr\u00e9cision>=0.5"], "error", "no measure"),
    "a requirement no number meets": (
        _csv("y,s", [(1, .9), (0, .2), (1, .6), (0, .4)]),
        ["--score", "s", "--require", "auc_pr>=inf"], "error", "requirement not met"),
    "a requirement at a level of 2": (
        _csv("y,s", [(1, .9), (0, .2), (1, .6), (0, .4)]),
        ["--score", "s", "--require", "recall_at_precision_2>=0.1"], "error", "no measure"),
    "a requirement with no operator": (
        _csv("y,s", [(1, .9), (0, .2)]),
        ["--score", "s", "--require", "auc_pr 0.3"], "error", "MEASURE OPERATOR NUMBER"),
    "better than itself alone": (
        _csv("y,s", [(1, .9), (0, .2), (1, .6), (0, .4)]),
        ["--score", "s", "--require-better-than", "s"], "error", "another model"),
    "better than, weights of 1e300 and 1e-300": (
        _csv("y,a,b,w", [(1, .9, .1, 1e-300), (0, .2, .3, 1e300), (1, .6, .5, 1),
                         (0, .4, .2, 1e-300), (1, .3, .8, 1e300)]),
        ["--score", "a", "--score", "b", "--weight", "w", "--require-better-than", "a",
         "--at-precision", "0.5"], "error", "requirement not met"),
}


def _run(tmp_path, name, content, options, capsys):
    suffix = ".csv.gz" if name == "truncated gzip" else ".csv"
    path = tmp_path / f"input{suffix}"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    argv = ["report", str(path), "--label", "y", *options, "--no-files", "--no-progress"]
    try:
        code = main(argv)
    except SystemExit as exit_:  # argparse's own errors
        code = exit_.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("name", sorted(CASES))
def test_hostile_cli_inputs(tmp_path, name, capsys):
    content, options, expected, match = CASES[name]
    code, out, err = _run(tmp_path, name, content, options, capsys)
    assert "Traceback" not in out + err
    assert "internal error" not in err, err
    if expected == "report":
        assert code == 0, err
        assert out.strip(), "exit 0 with no report"
    else:
        # (usage and input errors: 2; 1 is a requirement not met, the report written)
        assert code == (1 if match == "requirement not met" else 2), (code, out)
        lines = [line for line in err.strip().splitlines() if line.strip()]
        # one line of error (argparse prints its usage first)
        assert lines and lines[-1].startswith("sklearn-prcurves"), err
        assert not lines[-1].startswith("sklearn-prcurves: error:") or len(lines) == 1, err
        if match:
            assert match in lines[-1], lines[-1]


def test_the_report_equals_the_library_on_hostile_numbers(tmp_path, capsys):
    cases = {
        "integer scores past 2**53": ([1, 0, 1, 0], [BIG + 1, BIG, BIG + 3, BIG + 2], None),
        "weights of 1e300 and 1e-300": ([1, 0, 1, 0], [.9, .2, .4, .3],
                                        [1e300, 1e-300, 1e-300, 1e300]),
    }
    for name, (y, s, w) in cases.items():
        content, options, _, _ = CASES[name]
        code, out, err = _run(tmp_path, name, content, options + ["--format", "json"], capsys)
        assert code == 0, err
        values = json.loads(out)["models"]["s"]["values"]
        scores = np.array(s, dtype=object if isinstance(s[0], int) else float)
        expected_auc = spc.auc(*spc.roc_curve(y, scores, sample_weight=w)[:2])
        assert values["auc_roc"] == pytest.approx(expected_auc, rel=1e-12)
        assert values["average_precision"] == pytest.approx(
            spc.average_precision_score(y, scores, sample_weight=w), rel=1e-12)


def test_a_closed_pipe_ends_quietly(tmp_path):
    # (JSON of 900 segments: far more than a pipe's buffer, so the writer meets the
    # closed end)
    rows = [(i % 2, (i * 7919 % 1000) / 1000, f"g{i % 900}") for i in range(9000)]
    path = tmp_path / "many.csv"
    path.write_text(_csv("y,s,g", rows))
    process = subprocess.Popen(
        [sys.executable, "-m", "sklearn_prcurves", "report", str(path), "--label", "y",
         "--score", "s", "--by", "g", "--max-segments", "1000", "--no-files", "--no-progress",
         "--format", "json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdout.readline()
    process.stdout.close()  # as `| head -1` does
    err = process.stderr.read().decode()
    process.wait(timeout=120)
    process.stderr.close()
    assert err.strip() == "", err  # no traceback, no "Broken pipe" error either
    assert process.returncode == 0


def test_the_demo_without_pyarrow_names_the_extra(monkeypatch, capsys):
    # `pip install .` without the [report] extra: one line naming it, no internal error.
    for name in ("pyarrow", "pyarrow.compute", "pyarrow.csv", "pyarrow.dataset"):
        monkeypatch.setitem(sys.modules, name, None)
    assert main(["demo", "--no-files", "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == ("sklearn-prcurves: error: the report reads files with pyarrow: "
                           "pip install 'sklearn-prcurves[report]'")


@pytest.mark.parametrize("n_models", [21, 60])
def test_many_models_give_a_report_with_legible_figures(tmp_path, n_models, capsys):
    """Sixty submissions to a challenge is an ordinary use: every model in the tables
    and the JSON, the best few by AUC-PR drawn (legends beside the axes), the choice
    stated in the figures' captions."""
    pytest.importorskip("matplotlib")
    from sklearn_prcurves._report._figures import MAX_DRAWN_MODELS

    rng = np.random.default_rng(0)
    y = (rng.random(600) < 0.06).astype(int)
    columns = {f"m{k:02d}": np.round(y * rng.normal(k / n_models, 1, 600)
                                      + rng.normal(0, 1, 600), 2) for k in range(n_models)}
    header = "y," + ",".join(columns)
    rows = zip(y, *columns.values())
    path = tmp_path / "many.csv"
    path.write_text(_csv(header, rows))
    out = tmp_path / "report"
    argv = ["report", str(path), "--label", "y", "--output", str(out), "--no-progress",
            "--no-intervals", "--quiet"]
    for name in columns:
        argv += ["--score", name]
    assert main(argv) == 0
    results = json.loads((out / "results.json").read_text())
    assert len(results["models"]) == n_models
    page = (out / "report.html").read_text()
    assert f"the {MAX_DRAWN_MODELS} best of {n_models} models by AUC-PR" in page
    assert {p.name for p in out.iterdir()} >= {"pr_curves.png", "roc_curves.png"}


@pytest.mark.parametrize("options", [
    ["--dpi", "2400", "--figure-size", "50,50"],
    ["--dpi", "1400", "--figure-size", "30,30", "--by", "g"],
    ["--dpi", "2400", "--figure-format", "pdf"],
])
def test_figures_past_the_pixel_limit_are_refused_before_any_work(tmp_path, options, capsys):
    """One line of error naming the options, before the input is even opened (the file
    does not exist), never a MemoryError or a machine that runs out of memory."""
    argv = ["report", str(tmp_path / "not-there.csv"), "--label", "y", "--score", "s",
            "--output", str(tmp_path / "out"), *options]
    assert main(argv) != 0
    out, err = capsys.readouterr()
    assert "megapixels" in err and "--dpi" in err and err.count("\n") == 1
    assert "Traceback" not in err and not (tmp_path / "out").exists()


def test_svg_figures_have_no_pixel_limit(tmp_path):
    from sklearn_prcurves._report._options import FigureOptions

    FigureOptions("svg", 2400, (50, 50)).check_pixels(segments=True)
    with pytest.raises(ValueError, match="megapixels"):
        FigureOptions("png", 2400, (50, 50)).check_pixels()


# --- files that are not plain CSV, read alike by every engine ------------------------------

_Y = np.array([1, 0, 0, 1, 1, 0, 1, 0, 0, 1, 0, 1, 1, 0, 1, 0, 1, 0, 0, 1])
# Integers either side of 2**63, in rows sorted so that batches of 10 fall on both sides.
_U64 = np.uint64(2**63 - 10) + np.array([3, 0, 7, 1, 9, 4, 2, 8, 6, 5, 10, 17, 12, 19, 11,
                                          13, 15, 14, 18, 16], np.uint64)
_PLAIN = "y,s\n1,0.9\n0,0.1\n0,0.35\n1,0.8\n1,0.3\n0,0.7\n"


def _exact_auc(y, s):
    """AUC-ROC counted pair by pair in Python integers: no rounding anywhere."""
    pos = [int(v) for v, t in zip(s, y) if t]
    neg = [int(v) for v, t in zip(s, y) if not t]
    wins = sum(2 * (p > n) + (p == n) for p in pos for n in neg)
    return wins / (2 * len(pos) * len(neg))


def _parquet_groups(path):
    import pyarrow as pa
    import pyarrow.parquet as pq

    pq.write_table(pa.table({"y": _Y, "s": pa.array(_U64, pa.uint64())}), path,
                   row_group_size=10)


def _feather_batches(path):
    import pyarrow as pa
    import pyarrow.feather as pf

    pf.write_feather(pa.table({"y": _Y, "s": pa.array(_U64, pa.uint64())}), path,
                     chunksize=10)


def _ipc_stream(path):
    import pyarrow as pa

    table = pa.table({"y": [1, 0, 0, 1, 1, 0], "s": [.9, .1, .35, .8, .3, .7]})
    with pa.ipc.new_stream(path, table.schema) as writer:
        writer.write_table(table, max_chunksize=4)


def _nested(kind, role):
    def write(path):
        import pyarrow as pa
        import pyarrow.parquet as pq

        values = {"struct": pa.array([{"a": 1}] * 6), "list": pa.array([[1]] * 6),
                  "map": pa.array([[("k", 1)]] * 6, pa.map_(pa.string(), pa.int64())),
                  "fixed-size list": pa.array([[1, 2]] * 6, pa.list_(pa.int64(), 2))}[kind]
        pq.write_table(pa.table({"y": [1, 0, 0, 1, 1, 0], "s": [.9, .1, .35, .8, .3, .7],
                                 "n": values}), path)
    return write


def _text(content, encoding, compress=None):
    def write(path):
        data = content.encode(encoding)
        path.write_bytes(compress(data) if compress else data)
    return write


def _integer_text(values):
    return _text("y,s\n" + "".join(f"{t},{v}\n" for t, v in zip(_Y, values)), "utf-8")


_MIXED = [-7, 3, -1, 2**63 + 5, 2**63 + 2, 0, 2**64 - 1, -2**62, 2**63 + 2, 9, 2**63 - 1,
          -3, 4, 2**63, 1, 2**64 - 2, 5, 2**63 + 9, -8, 6]
_PAST_53 = [2**60 + v for v in (3, 0, 7, 1, 9, 4, 2, 8, 6, 5, 10, 17, 12, 19, 11, 13, 15, 14,
                                18, 16)]

# name: (writer, suffix, options, expected AUC-ROC or an error's words)
FILE_CASES = {
    "uint64 row groups either side of 2**63": (_parquet_groups, ".parquet", [],
                                               _exact_auc(_Y, _U64)),
    "uint64 Feather batches either side of 2**63": (_feather_batches, ".feather", [],
                                                    _exact_auc(_Y, _U64)),
    "uint64 as CSV text": (_integer_text(_U64.tolist()), ".csv", [], _exact_auc(_Y, _U64)),
    "negative integers and integers past 2**63 as text": (
        _integer_text(_MIXED), ".csv", [], _exact_auc(_Y, _MIXED)),
    "integers past 2**53 as text": (_integer_text(_PAST_53), ".csv", [],
                                    _exact_auc(_Y, _PAST_53)),
    "an Arrow IPC stream": (_ipc_stream, ".arrows", [], 7 / 9),
    "an Arrow IPC stream named .arrow": (_ipc_stream, ".arrow", [], 7 / 9),
    "UTF-16 with its mark, gzip": (_text(_PLAIN, "utf-16", gzip.compress), ".csv.gz", [],
                                   7 / 9),
    "UTF-16 with its mark, bzip2": (_text(_PLAIN, "utf-16", bz2.compress), ".csv.bz2", [],
                                    7 / 9),
    "UTF-16 LE without a mark": (_text(_PLAIN, "utf-16-le"), ".csv", [], 7 / 9),
    "UTF-16 BE without a mark": (_text(_PLAIN, "utf-16-be"), ".csv", [], 7 / 9),
    "UTF-32 with its mark": (_text(_PLAIN, "utf-32"), ".csv", [], 7 / 9),
    "UTF-32 LE without a mark, gzip": (_text(_PLAIN, "utf-32-le", gzip.compress), ".csv.gz",
                                       [], 7 / 9),
    "cp1252 text": (_text("y,s,g\n1,0.9,caf\xe9\n0,0.1,a\n", "cp1252"), ".csv",
                    ["--by", "g"], "iconv -f cp1252"),
    **{f"a {kind} column as the {role}": (
        _nested(kind, role), ".parquet", ["--by", "n"] if role == "segment" else [],
        "column 'n' of input.parquet holds nested values")
       for kind in ("struct", "list", "map", "fixed-size list")
       for role in ("label", "segment")},
}


@pytest.fixture(scope="module")
def dask_scheduler():
    """One local cluster for the module's Dask runs (each run would start its own)."""
    distributed = pytest.importorskip("distributed")
    import logging

    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, host="127.0.0.1",
                                  dashboard_address=None, silence_logs=logging.CRITICAL,
                                  memory_limit=0, scheduler_kwargs={"dashboard_address": ":0"}
                                  ) as cluster:
        yield cluster.scheduler_address


@pytest.mark.parametrize("engine", ["local", "dask"])
@pytest.mark.parametrize("name", sorted(FILE_CASES))
def test_hostile_files_on_every_engine(tmp_path, name, engine, request, capsys):
    """Each kind of file gives the exact number or one line naming the problem, and
    the Dask engine gives what the local one gives."""
    write, suffix, options, expected = FILE_CASES[name]
    path = tmp_path / f"input{suffix}"
    write(path)
    label = "n" if name.endswith("as the label") else "y"
    argv = ["report", str(path), "--label", label, "--score", "s", *options, "--no-files",
            "--no-progress", "--no-intervals", "--format", "json"]
    if engine == "dask":
        argv += ["--engine", "dask", "--scheduler", request.getfixturevalue("dask_scheduler")]
    code = main(argv)
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "internal error" not in err, err
    if isinstance(expected, str):
        assert code == 2 and err.count("\n") == 1 and expected in err, err
    else:
        assert code == 0, err
        assert json.loads(out)["models"]["s"]["values"]["auc_roc"] == pytest.approx(
            expected, rel=1e-15)


def test_dask_input_errors_are_one_line(tmp_path):
    """The workers' own log of a failed task (a traceback) stays out of the command's
    stderr, and a malformed scheduler address is an input error, not an internal one."""
    pytest.importorskip("distributed")
    path = tmp_path / "bad.csv"
    path.write_text("y,s\n0,0.1\n1,abc\n0,0.3\n1,0.9\n")
    base = [sys.executable, "-m", "sklearn_prcurves", "report", str(path), "--label", "y",
            "--score", "s", "--no-files", "--no-progress", "--engine", "dask"]
    for extra, words in (([], "'abc' is not a number"),
                         (["--scheduler", "tcp://::nonsense:"], "not a Dask scheduler's address"),
                         (["--scheduler", "foo"], "not a Dask scheduler's address")):
        run = subprocess.run(base + extra, capture_output=True, text=True, timeout=300)
        assert run.returncode == 2, run.stderr
        assert run.stderr.count("\n") == 1 and words in run.stderr, run.stderr

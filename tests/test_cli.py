"""The command-line report, end to end in a temporary folder."""

import json
import shutil
import subprocess
import sys

import numpy as np
import pytest

import sklearn_prcurves as spc
from sklearn_prcurves._cli import main

pytest.importorskip("matplotlib")


def run(*args, cwd=None):
    """Run the installed command as a user would, through ``python -m``."""
    return subprocess.run(
        [sys.executable, "-m", "sklearn_prcurves", *args],
        capture_output=True, text=True, cwd=cwd, timeout=300,
    )


def test_demo_writes_table_figures_and_report(tmp_path):
    result = run("demo", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    for measure in ("AUC-ROC", "hull AUC-ROC", "average precision", "AUC-PR (Davis-Goadrich)",
                    "AUC-PR (continuous)", "AUC-PR (straight lines)", "achievable AUC-PR"):
        assert measure in out
    folder = tmp_path / "prcurves-report"
    for name in ("pr_curves.png", "roc_curves.png", "linear_vs_interpolated.png",
                 "report.html", "results.json"):
        assert (folder / name).stat().st_size > 0
    results = json.loads((folder / "results.json").read_text())
    # The point of the demo: AUC-ROC and AUC-PR select different models.
    by_roc = max(results, key=lambda m: results[m]["AUC-ROC"])
    by_pr = max(results, key=lambda m: results[m]["AUC-PR (Davis-Goadrich)"])
    assert (by_roc, by_pr) == ("logistic regression", "25-nearest-neighbours")
    html = (folder / "report.html").read_text()
    assert html.count("data:image/png;base64,") == 3 and "<table>" in html


def write_csv(path, rows, header="y,score_a,score_b,w"):
    path.write_text(header + "\n" + "\n".join(",".join(map(str, r)) for r in rows) + "\n")
    return path


def test_report_matches_the_library_and_prints_json(tmp_path):
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 200)
    a, b, w = rng.random(200) + y, rng.random(200), rng.uniform(0.5, 2, 200)
    data = write_csv(tmp_path / "scores.csv", zip(y, a, b, w))
    result = run("report", str(data), "--label", "y", "--score", "score_a", "--score", "score_b",
                 "--weight", "w", "--json", "--output", str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    payload = json.loads(result.stdout)
    got = payload["results"]["score_a"]
    assert got["AUC-PR (Davis-Goadrich)"] == pytest.approx(
        spc.pr_auc_score(y, a, sample_weight=w), rel=1e-12)
    assert got["achievable AUC-PR"] == pytest.approx(
        spc.achievable_pr_auc_score(y, a, sample_weight=w), rel=1e-12)
    assert got["AUC-ROC"] == pytest.approx(spc.roc_auc_score(y, a, sample_weight=w), rel=1e-12)
    assert (tmp_path / "out" / "report.html").exists()


def test_report_string_labels_with_pos_label_in_process(tmp_path, capsys):
    data = write_csv(tmp_path / "s.csv", [("spam", 0.9), ("ham", 0.8), ("spam", 0.4), ("ham", 0.1)],
                     header="label,score")
    assert main(["report", str(data), "--label", "label", "--score", "score",
                 "--pos-label", "spam", "--no-files"]) == 0
    assert "AUC-PR (Davis-Goadrich)" in capsys.readouterr().out


BAD_FILES = {
    "missing column": ("y,score\n1,0.5\n0,0.2\n", ["--score", "nope"], "no column 'nope'"),
    "non-numeric score": ("y,score\n1,0.5\n0,abc\n", [], "row 2: 'abc' is not a number"),
    "nan score": ("y,score\n1,nan\n0,0.2\n", [], "is not a finite number"),
    "single class": ("y,score\n1,0.5\n1,0.2\n", [], "single class"),
    "labels need pos_label": ("y,score\na,0.5\nb,0.2\n", [], "pass --pos-label"),
    "ragged row": ("y,score\n1,0.5\n0\n", [], "has 1 fields"),
    "empty": ("", [], "is empty"),
    "header only": ("y,score\n", [], "no rows"),
    "not text": (b"\xff\xfe\x00\x01binary", [], "not a readable CSV"),
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
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr
    assert message in lines[0]


def test_unreadable_file_and_missing_parquet_support(tmp_path):
    result = run("report", str(tmp_path / "absent.csv"), "--label", "y", "--score", "s")
    assert result.returncode != 0 and len(result.stderr.strip().splitlines()) == 1
    parquet = tmp_path / "data.parquet"
    parquet.write_bytes(b"not parquet")
    result = run("report", str(parquet), "--label", "y", "--score", "s")
    assert result.returncode != 0 and len(result.stderr.strip().splitlines()) == 1


def test_console_script_is_installed():
    exe = shutil.which("sklearn-prcurves")
    if exe is None:
        pytest.skip("console script not on PATH (package not installed in this environment)")
    result = subprocess.run([exe, "--version"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and spc.__version__ in result.stdout


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

"""Quality gates: ``--require`` and ``--require-better-than`` on the command line, and
``report(require=..., require_better_than=...)`` in Python: exit codes, one line per
requirement not met, the report still written, and the numbers the report's own."""

import json
import math
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import sklearn_prcurves as spc
from sklearn_prcurves._report._cli import main

pytest.importorskip("matplotlib")
pa = pytest.importorskip("pyarrow")
import pyarrow.csv as pacsv  # noqa: E402


def _data(n=1500, seed=0):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.2).astype(int)
    return y, {"strong": rng.normal(size=n) + 1.5 * y,
               "weak": rng.normal(size=n) + 0.4 * y,
               "middle": rng.normal(size=n) + 0.9 * y}


@pytest.fixture
def csv_file(tmp_path):
    y, scores = _data()
    path = tmp_path / "scores.csv"
    pacsv.write_csv(pa.table({"y": y, **scores}), path)
    return path


def _cli(path, *args):
    return subprocess.run([sys.executable, "-m", "sklearn_prcurves", "report", str(path),
                           "--label", "y", "--score", "strong", "--score", "weak",
                           "--score", "middle", "--no-progress", *args],
                          capture_output=True, text=True, timeout=600, cwd=path.parent)


def test_requirements_met_exit_0_and_not_met_exit_1_with_one_line_each(csv_file):
    values = spc.report(*_data()).to_dict()["models"]
    low = min(v["values"]["auc_pr"] for v in values.values())
    met = _cli(csv_file, "--require", f"pr_auc>={low - 0.01}", "--quiet")
    assert met.returncode == 0, met.stderr
    assert met.stderr == ""
    strong = values["strong"]["values"]["auc_pr"]
    failed = _cli(csv_file, "--require", f"auc_pr>={strong - 1e-3}",
                  "--require", "auc_roc<2", "--output", "out")
    assert failed.returncode == 1
    lines = failed.stderr.strip().splitlines()
    assert len(lines) == 2 and all(
        line.startswith("sklearn-prcurves: requirement not met: ") for line in lines)
    assert "'weak': auc_pr" in lines[0] and "'middle': auc_pr" in lines[1]
    assert "Requirements: 2 of 6 not met." in failed.stdout
    written = json.loads((csv_file.parent / "out" / "results.json").read_text())
    outcomes = written["requirements"]
    assert [o["met"] for o in outcomes] == [True, False, False, True, True, True]
    assert outcomes[1]["value"] == values["weak"]["values"]["auc_pr"]


def test_a_malformed_or_unknown_requirement_is_one_line_before_reading(csv_file):
    malformed = _cli(csv_file, "--require", "auc_pr=0.3", "--no-files")
    assert malformed.returncode == 2 and "MEASURE OPERATOR NUMBER" in malformed.stderr
    unknown = _cli(csv_file, "--require", "aucpr>=0.3", "--no-files")
    assert unknown.returncode == 2
    assert unknown.stderr.startswith("sklearn-prcurves: error: requirement 'aucpr>=0.3'")
    assert "Traceback" not in unknown.stderr + malformed.stderr
    # before any data is read: a missing file or column is not what it reports
    for missing in (csv_file.parent / "no-such-file.csv", csv_file):
        result = _cli(missing, "--require", "aucpr>=0.3", "--no-files", "--score", "absent")
        assert result.returncode == 2
        assert "requirement 'aucpr>=0.3'" in result.stderr, result.stderr


def test_each_exit_status_means_one_thing(csv_file, tmp_path):
    """0 met, 1 a requirement not met, 2 a usage or input error (documented in --help)."""
    assert _cli(csv_file, "--require", "auc_roc>=0", "--no-files").returncode == 0
    assert _cli(csv_file, "--require", "auc_roc>=1.1", "--no-files").returncode == 1
    for arguments in (["--require", "auc_roc>=x"], ["--require", "nonsense>=1"],
                      ["--score", "absent"], ["--dpi", "3"], ["--bogus-option"]):
        assert _cli(csv_file, *arguments, "--no-files").returncode == 2, arguments
    assert _cli(tmp_path / "absent.csv", "--no-files").returncode == 2
    from sklearn_prcurves._report._cli import EXIT_STATUSES

    shown = subprocess.run([sys.executable, "-m", "sklearn_prcurves", "report", "--help"],
                           capture_output=True, text=True, check=True).stdout
    manual = (Path(__file__).parents[1] / "docs" / "report.rst").read_text()
    for code in EXIT_STATUSES:
        assert f"\n  {code} " in shown
        assert f"\n{code:<6} " in manual


@pytest.mark.parametrize("reference", ["weak", "strong"])
def test_better_than_is_the_paired_test_against_the_reference(reference):
    y, scores = _data()
    result = spc.report(y, scores, require_better_than=reference)
    outcomes = {o["model"]: o for o in result.requirements}
    assert set(outcomes) == set(scores) - {reference}
    results = result.to_dict()
    tests = results["comparison"]["against_reference"]
    for model, outcome in outcomes.items():
        test = tests[model]
        assert test["against"] == reference
        assert outcome["value"] == test["difference"] == pytest.approx(
            results["models"][model]["values"]["auc_pr"]
            - results["models"][reference]["values"]["auc_pr"], abs=1e-15)
        assert outcome["met"] == (test["difference"] > 0 and test["pvalue_holm"] < 0.05)
    # the paired test of the winner's family, seen from the other side
    winner_tests = results["comparison"]["paired_auc_pr"]
    if reference == "weak":
        assert all(o["met"] for o in outcomes.values())
        mirrored = winner_tests["weak"]
        assert tests["strong"]["pvalue"] == pytest.approx(mirrored["pvalue"], rel=1e-9)
        assert tests["strong"]["difference"] == -mirrored["difference"]
    else:
        assert not any(o["met"] for o in outcomes.values()) and not result.passed
        assert tests == winner_tests


def test_python_gates_name_the_keyword_and_mark_undefined_measures():
    y, scores = _data(400)
    result = spc.report(y, {"strong": scores["strong"]}, require="recall_at_precision_1>=0.01",
                        intervals=False)
    assert result.to_dict()["models"]["strong"]["values"]["recall_at_precision_1"] >= 0
    y = np.r_[y, 1]
    degenerate = {"strong": np.r_[scores["strong"], 100.0]}
    with pytest.raises(ValueError, match="require_better_than='nope' is not a model"):
        spc.report(y, degenerate, require_better_than="nope")
    with pytest.raises(ValueError, match="require_better_than is decided by the paired test"):
        spc.report(y, {**degenerate, "b": degenerate["strong"]}, require_better_than="b",
                   intervals=False)
    with pytest.raises(ValueError, match="is not MEASURE OPERATOR NUMBER"):
        spc.report(y, degenerate, require=["auc_pr>>0.3"])


def test_an_undefined_measure_meets_no_requirement():
    # the highest score a negative, then alternating: precision never reaches 0.99
    y, scores = np.array([0, 1] * 50), -np.arange(100.0)
    with pytest.warns(spc.exceptions.UndefinedMetricWarning):
        result = spc.report(y, {"m": scores}, require="recall_at_precision_0.99>=0",
                            intervals=False)
    assert result.to_dict()["models"]["m"]["values"]["recall_at_precision_0.99"] is None
    outcome = result.requirements[0]
    assert math.isnan(outcome["value"]) and not outcome["met"] and not result.passed
    assert "recall_at_precision_0.99 undefined on these data" in outcome["text"]


def test_main_returns_1_when_a_requirement_fails_and_prints_the_report(csv_file, capsys):
    code = main(["report", str(csv_file), "--label", "y", "--score", "strong",
                 "--score", "weak", "--no-files", "--no-progress", "--format", "csv",
                 "--require", "roc_auc>=0.99"])
    out = capsys.readouterr()
    assert code == 1 and out.err.count("requirement not met") == 2
    rows = [line.split(",") for line in out.out.splitlines()
            if line.split(",")[2:3] == ["requirement roc_auc>=0.99"]]
    assert [row[1] for row in rows] == ["strong", "weak"] and {r[-1] for r in rows} == {
        "not met"}

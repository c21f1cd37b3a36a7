"""The report logged to MLflow, read back from a real local tracking store: the
metrics equal to_dict()'s numbers, the settings, the per-threshold tables and the
report's files."""

import json
import subprocess
import sys

import numpy as np
import pytest

import sklearn_prcurves as spc

mlflow = pytest.importorskip("mlflow")
pytest.importorskip("pyarrow")
pytest.importorskip("matplotlib")


@pytest.fixture
def store(tmp_path, monkeypatch):
    # (the file store, in maintenance in MLflow 3, is allowed for tests)
    monkeypatch.setenv("MLFLOW_ALLOW_FILE_STORE", "true")
    uri = (tmp_path / "store").as_uri()
    monkeypatch.setenv("MLFLOW_TRACKING_URI", uri)
    mlflow.set_tracking_uri(uri)
    yield uri
    while mlflow.active_run():
        mlflow.end_run()


def _report():
    rng = np.random.default_rng(0)
    y = (rng.random(3000) < 0.1).astype(int)
    return spc.report(y, {"sharp <a>": y + rng.normal(size=3000),
                          "blunt": 0.3 * y + rng.normal(size=3000)}, at_precision=[0.3])


def _artifacts(client, run_id, path=None):
    found = []
    for item in client.list_artifacts(run_id, path):
        found += _artifacts(client, run_id, item.path) if item.is_dir else [item.path]
    return found


def test_every_number_reads_back_as_logged(store):
    result = _report()
    run_id = result.log_to_mlflow(prefix="eval/")
    client = mlflow.tracking.MlflowClient()
    logged = client.get_run(run_id).data
    as_dict = result.to_dict()
    for model, values in as_dict["models"].items():
        name = "eval/" + model.replace("<", "_").replace(">", "_")
        for key, value in values["values"].items():
            if value is not None:
                assert logged.metrics[f"{name}/{key}"] == value, key
        for key, (low, high, _) in values["intervals"].items():
            assert (logged.metrics[f"{name}/{key}_low"],
                    logged.metrics[f"{name}/{key}_high"]) == (low, high)
        # every other number of the model's record too (linear_auc_pr, the counts, ...)
        for key, value in values.items():
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                assert logged.metrics[f"{name}/{key}"] == value, key
    test = as_dict["comparison"]["paired_auc_pr"]["blunt"]
    assert logged.metrics["eval/blunt/paired_auc_pr_pvalue_vs_sharp _a_"] == test["pvalue"]
    assert logged.params["eval/report/confidence_level"] == "0.95"
    files = _artifacts(client, run_id)
    for name in ("results.json", "results.csv", "report.html", "pr_curves.png"):
        assert f"eval/sklearn-prcurves/{name}" in files
    table = json.loads(open(mlflow.artifacts.download_artifacts(
        run_id=run_id, artifact_path="eval/sklearn-prcurves/blunt_thresholds.json")).read())
    rows = dict(zip(table["columns"], zip(*table["data"])))
    full = spc.threshold_table(*_data_of(result), max_rows=None)
    thresholds = [float(t) for t in rows["threshold"]]  # (text: exact)
    assert len(thresholds) <= 2002 and thresholds[0] == full.threshold.iloc[0]
    kept = full.set_index("threshold").loc[thresholds]  # (MLflow keeps 10 decimals)
    np.testing.assert_allclose(rows["precision"], kept.precision, rtol=0, atol=1e-10)
    np.testing.assert_allclose(rows["recall"], kept.recall, rtol=0, atol=1e-10)


def _data_of(result):
    rng = np.random.default_rng(0)
    y = (rng.random(3000) < 0.1).astype(int)
    rng.normal(size=3000)
    return y, 0.3 * y + rng.normal(size=3000)


def test_into_the_active_run_and_names_that_collide(store):
    with mlflow.start_run() as run:
        assert _report().log_to_mlflow() == run.info.run_id
    y = np.r_[np.zeros(50), np.ones(50)].astype(int)
    alike = spc.report(y, {"a<": np.arange(100.0), "a>": np.arange(100.0)[::-1]},
                       intervals=False)
    with pytest.raises(ValueError, match="same name in MLflow"):
        alike.log_to_mlflow()


def test_the_command_line_logs_and_says_where(store, tmp_path):
    import pyarrow as pa
    import pyarrow.csv as pacsv

    rng = np.random.default_rng(1)
    y = (rng.random(500) < 0.2).astype(int)
    pacsv.write_csv(pa.table({"y": y, "s": y + rng.normal(size=500)}), tmp_path / "s.csv")
    done = subprocess.run([sys.executable, "-m", "sklearn_prcurves", "report", "s.csv",
                           "--label", "y", "--score", "s", "--mlflow", "--quiet"],
                          capture_output=True, text=True, cwd=tmp_path, timeout=600)
    assert done.returncode == 0, done.stderr
    run_id = done.stderr.strip().split()[-1]
    metrics = mlflow.tracking.MlflowClient().get_run(run_id).data.metrics
    assert metrics["s/auc_roc"] == json.loads(
        (tmp_path / "prcurves-report" / "results.json").read_text())["models"]["s"][
            "values"]["auc_roc"]

"""The report logged where teams track experiments: MLflow (an optional extra).

Every number becomes a metric (``{prefix}{model}/{measure}``, names MLflow accepts),
the settings become parameters, each model's per-threshold table a table artifact,
and the report's folder (figures, results.json, results.csv, report.html) artifacts.
"""

import contextlib
import math
import re
import tempfile

from ._readings import threshold_rows

__all__ = ["log_to_mlflow"]

# Rows of a per-threshold table: a row is kept where recall or the false positive rate
# passes a multiple of 1/_STEPS, so a table has at most about 2 * _STEPS rows.
_STEPS = 1000
# What MLflow takes in a metric or parameter name (and the most characters it keeps).
_NAME = re.compile(r"[^A-Za-z0-9_\-. /]")
_LONGEST = 250


def import_mlflow():
    """mlflow, or an ImportError that names the extra."""
    try:
        import mlflow
    except ImportError:
        raise ImportError("Logging to MLflow needs mlflow: pip install "
                          "'sklearn-prcurves[mlflow]' (mlflow-skinny)") from None
    return mlflow


def mlflow_name(*parts):
    """``parts`` joined by '/', each character MLflow refuses in a name as '_'."""
    return _NAME.sub("_", "/".join(str(p) for p in parts))[:_LONGEST]


def metrics_of(results, prefix=""):
    """``{name: value}``: every number of each model in ``results.json`` (its counts,
    measures, the straight-line areas, intervals ``_low`` and ``_high``, bounds) and the
    paired tests; undefined values left out. (The decision curve's net benefits and the
    requirements' outcomes are lists and records: ``results.json``, an artifact.)"""
    names = {model: mlflow_name(f"{prefix}{model}") for model in results["models"]}
    if len(set(names.values())) < len(names):
        alike = sorted(m for m in names if list(names.values()).count(names[m]) > 1)
        raise ValueError(f"The models {alike} have the same name in MLflow (characters "
                         "it refuses become '_'): rename them.")
    out = {}
    for model, result in results["models"].items():
        numbers = {key: value for key, value in result.items()
                   if isinstance(value, (int, float)) and not isinstance(value, bool)}
        numbers.update(result["values"])
        for key, span in {**result.get("intervals", {}), **result.get("bounds", {})}.items():
            numbers[f"{key}_low"], numbers[f"{key}_high"] = span[0], span[1]
        out.update({mlflow_name(f"{prefix}{model}", key): value
                    for key, value in numbers.items()})
    for family in ("paired_auc_pr", "delong"):
        for model, test in (results["comparison"].get(family) or {}).items():
            for field in ("difference", "low", "high", "pvalue", "pvalue_holm"):
                name = f"{family}_{field}_vs_{test['against']}"
                out[mlflow_name(f"{prefix}{model}", name)] = test[field]
    return {name: float(value) for name, value in out.items()
            if value is not None and math.isfinite(float(value))}


def log_to_mlflow(report, results, run_id=None, prefix=""):
    """Log ``report`` (its ``results``, as :func:`~._compute.compute_report` gave them) to
    MLflow: into the run ``run_id``, else the active run, else a new run (ended after).
    Returns the run's id."""
    mlflow = import_mlflow()
    active = mlflow.active_run()
    if run_id is not None or active is None:
        context = mlflow.start_run(run_id=run_id)
    else:
        context = contextlib.nullcontext(active)
    with context as run:
        mlflow.log_metrics(metrics_of(results, prefix))
        mlflow.log_params({mlflow_name(f"{prefix}report", key): str(value)[:500]
                           for key, value in report.metadata.items()
                           if key not in ("created", "files") and value is not None})
        where = mlflow_name(f"{prefix}sklearn-prcurves")
        for model, path in results["tables"].items():
            mlflow.log_table(threshold_rows(path, _STEPS),
                             artifact_file=f"{where}/{mlflow_name(model)}_thresholds.json")
        with tempfile.TemporaryDirectory() as folder:
            report.save(f"{folder}/report", force=True)
            mlflow.log_artifacts(f"{folder}/report", artifact_path=where)
        return run.info.run_id

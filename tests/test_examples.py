"""The documentation's examples run and show what they claim."""

import runpy
from pathlib import Path

import numpy as np

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"


def test_section5_model_selection_picks_opposite_models(capsys):
    example = runpy.run_path(str(EXAMPLES / "section5_model_selection.py"))
    chosen, results = example["main"]()
    assert chosen["roc_auc"] == "logistic regression"
    assert chosen["pr_auc"] == "25-nearest-neighbours"
    # The point of the paper: the AUC-ROC winner is far behind in AUC-PR.
    roc, pr = results["mean_test_roc_auc"], results["mean_test_pr_auc"]
    assert roc[0] > roc[1] and pr[1] > 1.5 * pr[0]
    out = capsys.readouterr().out
    assert "selected by 'pr_auc': 25-nearest-neighbours" in out
    assert np.isfinite(roc).all()


def test_scale_comparison_binned_is_within_its_bound_and_shortcuts_are_not():
    example = runpy.run_path(str(EXAMPLES / "scale_comparison.py"))
    rows, (exact_roc, exact_pr, bound) = example["main"](n=200_000)
    binned_roc, binned_pr = rows["binned, 12 bits (ours)"]
    binned_error = abs(binned_roc - exact_roc)
    assert binned_error <= bound
    # Every shortcut is further off than our binned estimate; the PR shortcuts (straight
    # lines over 1000 bins, 200 fixed thresholds) by more than our guaranteed bound.
    assert abs(rows["XGBoost-like, 4 workers"][0] - exact_roc) > binned_error
    assert abs(rows["Keras-like, 200 thresholds"][0] - exact_roc) > binned_error
    assert abs(rows["Spark-like, 1000 bins"][1] - exact_pr) > max(bound, 10 * abs(binned_pr - exact_pr))
    assert abs(rows["Keras-like, 200 thresholds"][1] - exact_pr) > bound

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
    assert "GridSearchCV(scoring='pr_auc') selects: 25-nearest-neighbours" in out
    assert np.isfinite(roc).all()

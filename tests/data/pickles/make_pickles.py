"""Write the objects a user may have pickled, to check that a later layout of the
package still loads them: ``python tests/data/pickles/make_pickles.py`` (run once, at
the commit its README names; the test is ``tests/suites/test_pickles.py``)."""

import pickle
from pathlib import Path

import numpy as np
from sklearn.linear_model import LogisticRegression

import sklearn_prcurves as spc


def objects():
    rng = np.random.default_rng(0)
    y = (rng.random(400) < 0.3).astype(int)
    s = np.round(y + rng.normal(size=400), 2)
    X = np.column_stack([s, rng.normal(size=400)])
    w = rng.integers(1, 4, 400).astype(float)
    return {
        "count_table": spc.count_table(y, s, sample_weight=w),
        "exact_summary": spc.ExactSummary().update(y[:200], s[:200]).update(y[200:], s[200:]),
        "binned_summary": spc.BinnedSummary(8).update(y, s),
        "confidence_interval": spc.roc_auc_ci(y, s),
        "test_result": spc.delong_test(y, s, X[:, 1]),
        "operating_point": spc.recall_at_precision(y, s, min_precision=0.5),
        "certified": spc.certified_threshold(y, s, min_precision=0.6),
        "fbeta": spc.fbeta_optimal_threshold(y, s),
        "net_benefit": spc.net_benefit_curve(y, 1 / (1 + np.exp(-s))),
        "classifier": spc.AchievablePRClassifier(LogisticRegression(), cv=3).fit(X, y),
        "transformer": spc.AchievablePRTransformer().fit(s.reshape(-1, 1), y),
        "scorer": spc.get_scorer("pr_auc"),
        "recall_scorer": spc.make_recall_at_precision_scorer(0.8),
    }


if __name__ == "__main__":
    folder = Path(__file__).parent
    for name, value in objects().items():
        (folder / f"{name}.pkl").write_bytes(pickle.dumps(value, protocol=4))

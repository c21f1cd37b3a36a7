"""Choosing a model by AUC-ROC can pick the wrong one by AUC-PR.

Davis and Goadrich (2006, section 5): with rare positives, a model can have the better
area under the ROC curve and still be far worse in precision-recall space, where the
top of the ranking decides everything. Here positives are 2% of the data: a third of
them form a tight cluster off the direction a linear model can follow, the rest
overlap the negatives. ``GridSearchCV`` chooses between logistic regression and
25-nearest-neighbours, once by ``"roc_auc"`` and once by our ``"pr_auc"``
(Davis-Goadrich interpolated AUC-PR), on the same folds. The scorers are passed as
objects from :func:`sklearn_prcurves.get_scorer`; after
``sklearn_prcurves.register_scorers()`` the names alone work too
(``scoring=["roc_auc", "pr_auc"]``).

Run: ``python docs/examples/section5_model_selection.py``
"""

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV, StratifiedKFold
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import Pipeline

from sklearn_prcurves import get_scorer


def make_data(seed=1):
    rng = np.random.default_rng(seed)
    negatives = rng.normal(size=(4000, 2))
    tight_cluster = rng.normal(size=(20, 2)) * 0.3 + [3.5, -3.5]
    overlapping = rng.normal(size=(60, 2)) + [1.2, 1.2]
    X = np.vstack([negatives, tight_cluster, overlapping])
    y = np.r_[np.zeros(4000), np.ones(80)].astype(int)
    return X, y


def main():
    X, y = make_data()
    candidates = {
        "logistic regression": LogisticRegression(max_iter=1000),
        "25-nearest-neighbours": KNeighborsClassifier(n_neighbors=25),
    }
    search = GridSearchCV(
        Pipeline([("model", LogisticRegression())]),
        {"model": list(candidates.values())},
        scoring={"roc_auc": get_scorer("roc_auc"), "pr_auc": get_scorer("pr_auc")},
        refit=False,
        cv=StratifiedKFold(n_splits=5, shuffle=True, random_state=0),
    ).fit(X, y)

    results = search.cv_results_
    print(f"{len(y)} samples, {y.sum()} positives ({y.mean():.1%})")
    print(f"{'model':24s} {'AUC-ROC':>8s} {'AUC-PR':>8s}")
    for i, name in enumerate(candidates):
        print(f"{name:24s} {results['mean_test_roc_auc'][i]:8.3f} {results['mean_test_pr_auc'][i]:8.3f}")
    chosen = {}
    for metric in ("roc_auc", "pr_auc"):
        best = int(np.argmax(results[f"mean_test_{metric}"]))
        chosen[metric] = list(candidates)[best]
        print(f"selected by {metric!r}: {chosen[metric]}")
    return chosen, results


if __name__ == "__main__":
    main()

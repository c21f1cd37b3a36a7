"""
Choosing a model by AUC-PR, not AUC-ROC
=======================================

With rare positives a model can have the better area under the ROC curve and still be
far worse where it matters, at the top of the ranking (the paper's section 5). Here
``GridSearchCV`` chooses between logistic regression and 25-nearest-neighbours, once by
``"roc_auc"`` and once by ``"pr_auc"`` (Davis-Goadrich AUC-PR), on the same folds.
"""

# %%
import matplotlib.pyplot as plt
import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV, StratifiedKFold, cross_val_predict
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import Pipeline

import sklearn_prcurves.scorer_names  # noqa: F401  (scoring="pr_auc" in scikit-learn)
from sklearn_prcurves import PrecisionRecallDisplay, RocCurveDisplay

rng = np.random.default_rng(1)
X = np.vstack([rng.normal(size=(4000, 2)), rng.normal(size=(20, 2)) * 0.3 + [3.5, -3.5],
               rng.normal(size=(60, 2)) + [1.2, 1.2]])
y = np.r_[np.zeros(4000), np.ones(80)].astype(int)

# %%
# The same search, two criteria.
candidates = {"logistic regression": LogisticRegression(),
              "25-nearest-neighbours": KNeighborsClassifier(n_neighbors=25)}
cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=0)
search = GridSearchCV(Pipeline([("model", LogisticRegression())]),
                      {"model": list(candidates.values())},
                      scoring=["roc_auc", "pr_auc"], refit=False, cv=cv).fit(X, y)
for metric in ("roc_auc", "pr_auc"):
    best = int(np.argmax(search.cv_results_[f"mean_test_{metric}"]))
    print(f"selected by {metric!r}: {list(candidates)[best]}")

# %%
# Why they disagree: out-of-fold scores of both models, in ROC and in PR space.
fig, (roc, pr) = plt.subplots(1, 2, figsize=(10, 4.5))
for name, model in candidates.items():
    scores = cross_val_predict(model, X, y, cv=cv, method="predict_proba")[:, 1]
    RocCurveDisplay.from_predictions(y, scores, name=name, ax=roc)
    PrecisionRecallDisplay.from_predictions(y, scores, name=name, ax=pr,
                                            interpolation="davis-goadrich")
roc.set_title("ROC: logistic regression looks better")
pr.set_title("PR: nearest neighbours find the cluster")
fig.tight_layout()

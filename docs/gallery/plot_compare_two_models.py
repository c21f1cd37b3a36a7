"""
Is one model really better? A paired test
=========================================

Two models scored on the same test rows: DeLong's paired test for AUC-ROC and a
paired stratified bootstrap for AUC-PR, each with an interval for the difference. A
difference whose interval holds 0 is one these data cannot vouch for.
"""

# %%
from sklearn.datasets import make_classification
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import train_test_split

from sklearn_prcurves import bootstrap_test, delong_test, pr_auc_ci, pr_auc_score

X, y = make_classification(n_samples=4000, n_features=20, n_informative=6,
                           weights=[0.95], random_state=0)
X_train, X_test, y_train, y_test = train_test_split(X, y, stratify=y, random_state=0)
a = LogisticRegression(max_iter=1000).fit(X_train, y_train).predict_proba(X_test)[:, 1]
b = HistGradientBoostingClassifier(random_state=0).fit(X_train, y_train).predict_proba(
    X_test)[:, 1]

# %%
# Each model's AUC-PR with Boyd's interval.
for name, scores in (("logistic regression", a), ("gradient boosting", b)):
    low, high = pr_auc_ci(y_test, scores)
    print(f"{name:20s} AUC-PR {pr_auc_score(y_test, scores):.3f} ({low:.3f}-{high:.3f})")

# %%
# The paired tests: the same rows, so the models' errors are compared row by row.
print(delong_test(y_test, b, a))
print(bootstrap_test("pr_auc", y_test, b, a, n_resamples=1000, random_state=0,
                     progress=False))

# %%
# Both curves with a 95% bootstrap band: where the bands overlap, these rows cannot
# tell the models apart at that recall.
import matplotlib.pyplot as plt

from sklearn_prcurves import PrecisionRecallDisplay

fig, ax = plt.subplots(figsize=(6, 5))
for name, scores in (("logistic regression", a), ("gradient boosting", b)):
    PrecisionRecallDisplay.from_predictions(
        y_test, scores, name=name, ax=ax, interpolation="davis-goadrich",
        confidence_band=0.95, n_resamples=200, random_state=0)
ax.set(title="AUC-PR with 95% bootstrap bands")
plt.show()

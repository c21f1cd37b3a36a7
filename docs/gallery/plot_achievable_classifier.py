"""
The achievable-PR classifier
============================

Points of the ROC convex hull that are not ROC points are reached by randomising
between two thresholds; their image in PR space is the achievable PR curve.
:class:`~sklearn_prcurves.AchievablePRClassifier` learns the hull on held-out scores of
its estimator and maps new scores to it (each hull segment's share of positives), so
its scores trace the achievable curve on the data it was tuned on.
"""

# %%
import matplotlib.pyplot as plt
from sklearn.datasets import make_classification
from sklearn.model_selection import train_test_split
from sklearn.tree import DecisionTreeClassifier

from sklearn_prcurves import (
    AchievablePRClassifier,
    PrecisionRecallDisplay,
    achievable_pr_auc_score,
    pr_auc_score,
)

X, y = make_classification(n_samples=4000, weights=[0.9], flip_y=0.05, random_state=7)
X_train, X_test, y_train, y_test = train_test_split(X, y, stratify=y, random_state=0)
tree = DecisionTreeClassifier(max_depth=4, random_state=0)
clf = AchievablePRClassifier(tree, cv=5).fit(X_train, y_train)

# %%
# On the test set: the tree's own scores, and the classifier's hull-mapped scores.
raw = tree.fit(X_train, y_train).predict_proba(X_test)[:, 1]
mapped = clf.predict_proba(X_test)[:, 1]
print(f"tree: AUC-PR {pr_auc_score(y_test, raw):.3f}, "
      f"achievable {achievable_pr_auc_score(y_test, raw):.3f}")
print(f"hull-mapped scores: AUC-PR {pr_auc_score(y_test, mapped):.3f}")

fig, ax = plt.subplots(figsize=(5.5, 5))
PrecisionRecallDisplay.from_predictions(y_test, raw, name="tree", ax=ax,
                                        interpolation="davis-goadrich",
                                        plot_achievable=True)
PrecisionRecallDisplay.from_predictions(y_test, mapped, name="achievable-PR classifier",
                                        ax=ax, interpolation="davis-goadrich")
ax.set_title("A tree's PR curve, its achievable curve, and the classifier")

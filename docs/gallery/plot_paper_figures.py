"""
The paper's three pictures
==========================

Davis and Goadrich (ICML 2006) in three figures, on one small data set: the ROC curve
and its convex hull; the precision-recall curve drawn correctly (Davis-Goadrich
interpolation) against straight lines between its points, which overstate the area;
and the achievable PR curve, the image of the ROC convex hull in PR space.
"""

# %%
# sphinx_gallery_thumbnail_path = "_static/thumbs/paper_figures.png"
# A shallow tree on imbalanced data: seven distinct scores, so each PR point is a large
# step of mixed positives and negatives (where straight lines mislead most), and an
# ROC curve that is not convex (where the hull, and the achievable curve, gain).
import matplotlib.pyplot as plt
from sklearn.datasets import make_classification
from sklearn.model_selection import train_test_split
from sklearn.tree import DecisionTreeClassifier

from sklearn_prcurves import (
    PrecisionRecallDisplay,
    RocCurveDisplay,
    achievable_pr_auc_score,
    average_precision_score,
    pr_auc_score,
)

X, y_all = make_classification(n_samples=3000, weights=[0.95], flip_y=0.02, class_sep=0.7,
                               random_state=1)
X_train, X_test, y_train, y = train_test_split(X, y_all, stratify=y_all, random_state=0)
tree = DecisionTreeClassifier(max_depth=3, random_state=0).fit(X_train, y_train)
scores = tree.predict_proba(X_test)[:, 1]

# %%
# Left, ROC space: the curve and its convex hull (the best any mix of thresholds
# reaches). Right, PR space: the interpolated curve (its area is ``pr_auc_score``),
# scikit-learn's steps dotted, and the achievable curve (the hull's image) dashed.
fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4.5))
RocCurveDisplay.from_predictions(y, scores, name="tree", plot_hull=True, ax=left)
PrecisionRecallDisplay.from_predictions(
    y, scores, name="tree", interpolation="davis-goadrich", plot_step=True,
    plot_achievable=True, ax=right)
left.set_title("ROC curve and convex hull")
right.set_title("Precision-recall: interpolated, steps, achievable")
fig.tight_layout()

# %%
# Straight lines between PR points overstate the area; scikit-learn's average
# precision (the steps) understates it.
print(f"AUC-PR, straight lines:    {pr_auc_score(y, scores, interpolation='linear'):.3f}")
print(f"AUC-PR, Davis-Goadrich:    {pr_auc_score(y, scores):.3f}")
print(f"average precision (steps): {average_precision_score(y, scores):.3f}")
print(f"achievable AUC-PR:         {achievable_pr_auc_score(y, scores):.3f}")

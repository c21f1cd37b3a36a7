"""
Choosing a threshold under cross-validation
===========================================

A threshold tuned on the training data is judged on new data. scikit-learn's
``TunedThresholdClassifierCV`` chooses it under cross-validation; with the package's
``recall_at_precision`` scorer the objective is "the best recall among thresholds
reaching precision 0.5". :func:`~sklearn_prcurves.threshold_ci` then says how
precisely the test set measures what the threshold achieves.
"""

# %%
import matplotlib.pyplot as plt
from sklearn.datasets import make_classification
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import TunedThresholdClassifierCV, train_test_split

from sklearn_prcurves import PrecisionRecallDisplay, register_scorers, threshold_ci

X, y = make_classification(n_samples=3000, weights=[0.9], class_sep=0.8, random_state=3)
X_train, X_test, y_train, y_test = train_test_split(X, y, stratify=y, random_state=0)

register_scorers("recall_at_precision_0.5")
tuned = TunedThresholdClassifierCV(LogisticRegression(), cv=5,
                                   scoring="recall_at_precision_0.5").fit(X_train, y_train)
threshold = tuned.best_threshold_
print(f"threshold chosen under cross-validation: {threshold:.3f}")

# %%
# On the test set: precision and recall at that threshold, with Wilson intervals.
test_scores = tuned.estimator_.predict_proba(X_test)[:, 1]
point = threshold_ci(y_test, test_scores, threshold)
print(f"precision {point.precision.estimate:.3f} "
      f"({point.precision.low:.3f}-{point.precision.high:.3f})")
print(f"recall    {point.recall.estimate:.3f} ({point.recall.low:.3f}-{point.recall.high:.3f})")

# %%
# The operating point on the test set's precision-recall curve.
display = PrecisionRecallDisplay.from_predictions(
    y_test, test_scores, name="test set", interpolation="davis-goadrich",
    operating_points=[threshold], iso_f1=True)
display.ax_.axhline(0.5, color="0.5", linestyle=":", linewidth=1)
display.ax_.set_title("The tuned threshold on the test set")
plt.show()

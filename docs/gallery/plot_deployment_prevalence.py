"""
A balanced test set, deployed where one case in a thousand is positive
=======================================================================

Test sets are often balanced for labelling, while the model will meet far fewer
positives. Recall and the false positive rate carry over; precision does not. Davis
and Goadrich's Theorem 3.1 maps each ROC point to its precision at any prevalence,
and ``prevalence=`` applies that mapping to every precision-recall reading: the curve,
its areas, and the threshold that meets a precision target.
"""

# %%
import matplotlib.pyplot as plt
import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import train_test_split

from sklearn_prcurves import (
    PrecisionRecallDisplay,
    pr_auc_ci,
    pr_auc_score,
    recall_at_precision,
    roc_auc_score,
    threshold_table,
)

# A rare event (0.7% positives, from a logistic model of six features), its test
# set balanced by keeping every positive and as many negatives.
rng = np.random.default_rng(7)
X = rng.normal(size=(400_000, 6))
risk = 1 / (1 + np.exp(-(X @ np.array([1.2, -0.8, 0.6, 0.0, 0.4, -0.3]) - 6.3)))
y = (rng.random(risk.shape[0]) < risk).astype(int)
X_train, X_rest, y_train, y_rest = train_test_split(X, y, test_size=0.5, stratify=y,
                                                    random_state=0)
positives = np.flatnonzero(y_rest == 1)
negatives = rng.choice(np.flatnonzero(y_rest == 0), size=positives.size, replace=False)
test = np.r_[positives, negatives]
X_test, y_test = X_rest[test], y_rest[test]
model = LogisticRegression(max_iter=1000).fit(X_train, y_train)
scores = model.decision_function(X_test)

# %%
# AUC-ROC does not depend on the prevalence; AUC-PR and the operating point do. At
# 1:1000 the interval is the basic bootstrap's: each resample's table is mapped to the
# prevalence, and the resamples' spread is reflected about the estimate, which undoes
# the bias they show (Boyd's intervals count only the positives' sampling error).
print(f"AUC-ROC: {roc_auc_score(y_test, scores):.3f}")
for prevalence in (None, 0.001):
    where = "balanced test set" if prevalence is None else "deployed at 1:1000"
    area = pr_auc_score(y_test, scores, prevalence=prevalence)
    interval = pr_auc_ci(y_test, scores, prevalence=prevalence, random_state=0,
                         n_resamples=500)
    point = recall_at_precision(y_test, scores, min_precision=0.8, prevalence=prevalence)
    print(f"{where}: AUC-PR {area:.3f} [{interval.low:.3f}, {interval.high:.3f}]; "
          f"precision >= 0.8 at threshold {point.threshold:.2f}, recall {point.value:.3f}")

# %%
# The threshold chosen on the balanced set for precision 0.8, read at the deployment:
balanced = recall_at_precision(y_test, scores, min_precision=0.8)
deployed_rows = threshold_table(y_test, scores, prevalence=0.001)
row = deployed_rows[deployed_rows.threshold >= balanced.threshold].iloc[-1]
print(f"threshold {balanced.threshold:.2f} at 1:1000: precision {row.precision:.3f}, "
      f"recall {row.recall:.3f}")

# %%
# Four alerts in a thousand right, not eight in ten. At 1:1000 the top of the curve
# rests on the few negatives (of 1,324) that score as high as the positives: the
# interval above is wide and leans up, and the threshold for precision 0.8 there is
# one no negative of this test set passed; more negatives, not more positives, would
# settle it.
#
# The same predictions drawn twice; the chance line sits at the prevalence.
fig, (balanced, deployed) = plt.subplots(1, 2, figsize=(11, 4.5))
for ax, prevalence, title in ((balanced, None, "balanced test set"),
                              (deployed, 0.001, "deployed at 1:1000")):
    PrecisionRecallDisplay.from_predictions(
        y_test, scores, prevalence=prevalence, ax=ax, name="logistic regression",
        interpolation="davis-goadrich", plot_chance_level=True)
    ax.set_title(title)
fig.tight_layout()
plt.show()

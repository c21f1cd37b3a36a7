"""
Choosing the threshold to ship
==============================

A fraud model flags 2% of transactions as positives. The team needs precision of at
least 0.8 (four in five alerts real) and as much recall as that allows. The curve says
which model; this example goes on to the threshold: every threshold's numbers on a
validation set, the plain choice, the choice with a guarantee, and what each does on
new data.
"""

# %%
import warnings

import matplotlib.pyplot as plt
import numpy as np
from sklearn.datasets import make_classification
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.model_selection import FixedThresholdClassifier, train_test_split

from sklearn_prcurves import (
    MetricThresholdCurveDisplay,
    certified_threshold,
    recall_at_precision,
    threshold_table,
)

X, y = make_classification(n_samples=60_000, n_features=12, n_informative=6,
                           weights=[0.98], class_sep=1.2, random_state=7)
X_train, X_rest, y_train, y_rest = train_test_split(X, y, train_size=20_000, stratify=y,
                                                    random_state=0)
X_val, X_test, y_val, y_test = train_test_split(X_rest, y_rest, train_size=10_000,
                                                stratify=y_rest, random_state=0)
model = HistGradientBoostingClassifier(random_state=0).fit(X_train, y_train)
val_scores = model.predict_proba(X_val)[:, 1]
print(f"validation: {len(y_val):,} rows, {y_val.sum()} positives")

# %%
# Every threshold's numbers on the validation set, thinned for reading.
table = threshold_table(y_val, val_scores, metrics=["specificity"], max_rows=12)
print(table[["threshold", "tp", "fp", "precision", "recall", "specificity"]]
      .round(4).to_string(index=False))

# %%
# The plain choice and the certified one. The plain threshold is where precision on
# these rows just reaches 0.8; the certified one is where these rows show, with 95%
# confidence, that precision in the population is at least 0.8.
plain = recall_at_precision(y_val, val_scores, min_precision=0.8)
certified = certified_threshold(y_val, val_scores, min_precision=0.8,
                                confidence_level=0.95)
print(f"plain:     threshold {plain.threshold:.4f}, recall {plain.value:.3f}")
print(f"certified: threshold {certified.threshold:.4f}, recall {certified.recall:.3f}, "
      f"precision {certified.estimate:.3f} here, >= {certified.guaranteed} guaranteed")

# %%
# Precision, recall, F1 and the share flagged against the threshold, with the
# certified threshold marked.
display = MetricThresholdCurveDisplay.from_predictions(
    y_val, val_scores, name="validation", operating_point=certified)
display.ax_.axvline(plain.threshold, color="0.6", linestyle="--", label="plain choice")
display.ax_.axhline(0.8, color="0.8", linewidth=0.8)
display.ax_.legend(loc="lower left")
display.ax_.set_title("Metrics against the threshold (validation set)")
plt.show()

# %%
# Ship it, and look at new data: the certified threshold keeps its promise where the
# plain one may not. (One test set is one draw; the guarantee is about the chance
# over draws, which benchmarks/coverage_certified_threshold.py measures.)
for name, threshold in (("plain", plain.threshold), ("certified", certified.threshold)):
    shipped = FixedThresholdClassifier(model, threshold=threshold,
                                       response_method="predict_proba").fit(X_train, y_train)
    flagged = shipped.predict(X_test) == 1
    precision = (flagged & (y_test == 1)).sum() / flagged.sum()
    recall = (flagged & (y_test == 1)).sum() / (y_test == 1).sum()
    print(f"{name:9} on the test set: precision {precision:.3f}, recall {recall:.3f}, "
          f"{flagged.mean():.2%} flagged")

# %%
# How often does each miss the target? Redraw validation sets of 10,000 rows from
# the held-out rows and judge each threshold on the rest (a stand-in for the
# population).
rng = np.random.default_rng(0)
scores_rest = model.predict_proba(X_rest)[:, 1]
misses = {"plain": 0, "certified": 0}
with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # (a draw where nothing can be certified ships nothing)
    for _ in range(200):
        rows = rng.permutation(len(y_rest))
        val, new = rows[:10_000], rows[10_000:]
        picks = {
            "plain": recall_at_precision(y_rest[val], scores_rest[val],
                                         min_precision=0.8).threshold,
            "certified": certified_threshold(y_rest[val], scores_rest[val],
                                             min_precision=0.8).threshold,
        }
        for name, threshold in picks.items():
            flagged = scores_rest[new] >= threshold
            if flagged.any() and (y_rest[new][flagged] == 1).mean() < 0.8:
                misses[name] += 1
for name, count in misses.items():
    print(f"{name:9} below precision 0.8 on new rows in {count / 200:.0%} of draws")

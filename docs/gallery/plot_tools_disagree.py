"""
Why tools disagree: rankings of tie-heavy submissions
=====================================================

A challenge ranks submissions by "AUPRC", but tools compute it differently (see
:doc:`/conventions`). On continuous scores the differences are small; on submissions
with few distinct score values (binary calls, scores rounded to a grid, ranks cut off)
the areas part ways, and so do the rankings. Here 30 generated submissions for the same
1,000 cases (5% positives) are ranked four ways: scikit-learn's
``auc(recall, precision)`` (straight lines from an added point (0, 1)), average
precision (steps), the Davis-Goadrich area (PRROC's ``auc.davis.goadrich``, this
package's default) and its continuous limit (PRROC's ``auc.integral``).
"""

# %%
import matplotlib.pyplot as plt
import numpy as np
from sklearn.metrics import auc

from sklearn_prcurves import average_precision_score, pr_auc_score, precision_recall_curve

rng = np.random.default_rng(3)
n = 1000
y = (rng.random(n) < 0.05).astype(int)
submissions = {}
for i in range(30):
    strength = rng.uniform(0.5, 2.5)
    scores = strength * y + rng.normal(size=n)
    levels = [2, 3, 5, 20, None][i % 5]  # distinct values the submission uses
    if levels is not None:  # a coarse submission: its scores cut into a few levels
        edges = np.quantile(scores, np.linspace(0, 1, levels + 1)[1:-1])
        scores = np.searchsorted(edges, scores).astype(float)
    submissions[f"s{i:02d} ({levels or 'all'} levels)"] = scores


def straight_lines(y, scores):
    precision, recall, _ = precision_recall_curve(y, scores)
    return auc(recall, precision)


measures = {
    "auc(recall, precision)": straight_lines,
    "average precision": average_precision_score,
    "Davis-Goadrich": pr_auc_score,
    "continuous": lambda y, s: pr_auc_score(y, s, interpolation="continuous"),
}
areas = {m: np.array([f(y, s) for s in submissions.values()]) for m, f in measures.items()}

# %%
# The winner by each measure, and how many of the 435 pairs of submissions each
# measure orders differently from the Davis-Goadrich area.
names = list(submissions)
reference = areas["Davis-Goadrich"]
pairs = [(i, j) for i in range(len(names)) for j in range(i + 1, len(names))]
for measure, values in areas.items():
    swapped = sum((values[i] - values[j]) * (reference[i] - reference[j]) < 0
                  for i, j in pairs)
    print(f"{measure:24s} winner {names[int(np.argmax(values))]:18s} "
          f"pairs ordered differently: {swapped}")

# %%
# Each submission's area by straight lines against its Davis-Goadrich area: the
# coarser the submission, the further above the diagonal (straight lines overstate).
fig, ax = plt.subplots(figsize=(6, 5))
levels = np.array([[2, 3, 5, 20, 1000][i % 5] for i in range(len(names))])
for level, marker in zip([2, 3, 5, 20, 1000], "os^Dx"):
    shown = levels == level
    ax.scatter(reference[shown], areas["auc(recall, precision)"][shown], marker=marker,
               label="continuous scores" if level == 1000 else f"{level} score levels")
limits = [0, max(areas["auc(recall, precision)"].max(), reference.max()) * 1.05]
ax.plot(limits, limits, color="0.5", linewidth=1)
ax.set(xlim=limits, ylim=limits, xlabel="Davis-Goadrich AUC-PR",
       ylabel="auc(recall, precision), straight lines", aspect="equal")
ax.legend(loc="lower right")
plt.show()

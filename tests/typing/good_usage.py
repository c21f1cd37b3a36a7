"""Ordinary, correct use that type checkers must accept without a complaint
(``tests/test_typing.py``): every public signature is visible to them."""

import numpy as np

from sklearn_prcurves import (
    achievable_pr_curve,
    auc,
    average_precision_score,
    count_table,
    get_scorer,
    pr_auc_score,
    pr_curve,
    roc_auc_score,
    roc_convex_hull,
    roc_curve,
)

y, s = [0, 1, 1, 0], [0.1, 0.9, 0.8, 0.3]

area: float = pr_auc_score(y, s)
area = pr_auc_score(y, s, interpolation="continuous", pos_label=1, sample_weight=None)
roc: float = roc_auc_score(y, s)
ap: float = average_precision_score(y, s)
# average=None: one value per class, or a float for a binary problem.
per_class: float | np.ndarray = average_precision_score(
    np.eye(3)[[0, 1, 2, 1]], np.random.rand(4, 3), average=None)
fpr, tpr, thresholds = roc_curve(y, s, drop_intermediate=False)
first: float = float(fpr[0]) + float(tpr[0]) + float(thresholds[0])
precision, recall, _ = pr_curve(y, s)
hull_fpr, hull_tpr, _ = roc_convex_hull(y, s)
curve = achievable_pr_curve(y, s)
trapezoid: float = auc(fpr, tpr)
table = count_table(np.array(y, dtype=bool), np.array(s))
scorer = get_scorer("pr_auc")

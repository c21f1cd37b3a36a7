"""Mistakes a type checker must report, one per line with an error comment.

Checked by ``tests/test_typing.py`` with mypy and (based)pyright: each marked line
must be reported, and no other.
"""

import numpy as np

from sklearn_prcurves import (
    average_precision_score,
    pr_auc_score,
    roc_auc_score,
    roc_curve,
)

y, s = [0, 1, 1, 0], [0.1, 0.9, 0.8, 0.3]

roc_auc_score(y, s, averag="macro")  # error: no such keyword
pr_auc_score(y)  # error: y_score missing
roc_curve(y, s, drop_intermediate="yes", pos_label=None, sample_weight=None, extra=1)  # error
fpr: str = roc_curve(y, s)  # error: a tuple of arrays, not a str
per_class: float = average_precision_score(y, s, average=None)  # error: an array
area: np.ndarray = pr_auc_score(y, s)  # error: a float

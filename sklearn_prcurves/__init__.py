"""Correct, fast precision-recall and ROC analysis for scikit-learn.

Drop-in replacements for scikit-learn's ranking metrics, plus the analysis of
J. Davis and M. Goadrich, "The Relationship Between Precision-Recall and ROC Curves",
ICML 2006: interpolated AUC-PR, the ROC convex hull and the achievable PR curve.
"""

from ._auc import (
    achievable_pr_auc_score,
    auc,
    average_precision_score,
    pr_auc_score,
    roc_auc_score,
)
from ._counts import CountTable, count_table
from ._curves import (
    confusion_matrix_at_thresholds,
    det_curve,
    pr_curve,
    precision_recall_curve,
    roc_curve,
)
from ._hull import (
    achievable_pr_curve,
    curve_dominates,
    pr_to_roc,
    roc_convex_hull,
    roc_to_pr,
)

__version__ = "0.1.0"

__all__ = [
    "CountTable",
    "achievable_pr_auc_score",
    "achievable_pr_curve",
    "auc",
    "average_precision_score",
    "confusion_matrix_at_thresholds",
    "count_table",
    "curve_dominates",
    "det_curve",
    "pr_auc_score",
    "pr_curve",
    "pr_to_roc",
    "precision_recall_curve",
    "roc_auc_score",
    "roc_convex_hull",
    "roc_curve",
    "roc_to_pr",
]

"""Correct, fast precision-recall and ROC analysis for scikit-learn.

Drop-in replacements for scikit-learn's ranking metrics, plus the analysis of
J. Davis and M. Goadrich, "The Relationship Between Precision-Recall and ROC Curves",
ICML 2006: interpolated AUC-PR, the ROC convex hull and the achievable PR curve.
"""

from ._auc import auc, average_precision_score, roc_auc_score
from ._counts import CountTable, count_table
from ._curves import (
    confusion_matrix_at_thresholds,
    det_curve,
    precision_recall_curve,
    roc_curve,
)

__version__ = "0.1.0"

__all__ = [
    "CountTable",
    "auc",
    "average_precision_score",
    "confusion_matrix_at_thresholds",
    "count_table",
    "det_curve",
    "precision_recall_curve",
    "roc_auc_score",
    "roc_curve",
]

"""Displays: curves drawn with matplotlib (an optional extra, imported on first use)."""

from .pr_curve import PRCurveDisplay
from .roc_curve import ROCCurveDisplay

__all__ = ["PRCurveDisplay", "ROCCurveDisplay"]

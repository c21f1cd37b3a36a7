"""Displays: curves drawn with matplotlib (an optional extra, imported on first use)."""

from .other_curves import (
    CostCurveDisplay,
    CumulativeGainDisplay,
    KSDisplay,
    LiftDisplay,
    PrecisionRecallGainDisplay,
)
from .pr_curve import PRCurveDisplay
from .roc_curve import ROCCurveDisplay

__all__ = [
    "CostCurveDisplay",
    "CumulativeGainDisplay",
    "KSDisplay",
    "LiftDisplay",
    "PRCurveDisplay",
    "PrecisionRecallGainDisplay",
    "ROCCurveDisplay",
]

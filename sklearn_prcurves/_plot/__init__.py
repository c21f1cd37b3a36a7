"""Displays: curves drawn with matplotlib (an optional extra, imported on first use)."""

from .det_curve import DetCurveDisplay
from .other_curves import (
    CostCurveDisplay,
    CumulativeGainDisplay,
    KSDisplay,
    LiftDisplay,
    PrecisionRecallGainDisplay,
)
from .pr_curve import PRCurveDisplay, PrecisionRecallDisplay
from .roc_curve import ROCCurveDisplay, RocCurveDisplay

__all__ = [
    "CostCurveDisplay",
    "CumulativeGainDisplay",
    "DetCurveDisplay",
    "KSDisplay",
    "LiftDisplay",
    "PRCurveDisplay",
    "PrecisionRecallDisplay",
    "PrecisionRecallGainDisplay",
    "ROCCurveDisplay",
    "RocCurveDisplay",
]

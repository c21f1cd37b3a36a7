"""Displays: curves drawn with matplotlib (an optional extra, imported on first use).

Each display's module is imported when the display is first named: they build on
scikit-learn's displays, and the report's figures use only the drawing helpers of
``_base`` (importing scikit-learn takes about two seconds the report does without).
"""

import importlib
import typing

_MODULE_OF = {
    "CostCurveDisplay": "other_curves",
    "CumulativeGainDisplay": "other_curves",
    "DecisionCurveDisplay": "other_curves",
    "DetCurveDisplay": "det_curve",
    "KSDisplay": "other_curves",
    "LiftDisplay": "other_curves",
    "MetricThresholdCurveDisplay": "threshold_curve",
    "PRCurveDisplay": "pr_curve",
    "PrecisionRecallDisplay": "pr_curve",
    "PrecisionRecallGainDisplay": "other_curves",
    "ROCCurveDisplay": "roc_curve",
    "RiskCoverageDisplay": "other_curves",
    "RocCurveDisplay": "roc_curve",
}

if typing.TYPE_CHECKING:
    from .det_curve import DetCurveDisplay
    from .other_curves import (
        CostCurveDisplay,
        CumulativeGainDisplay,
        DecisionCurveDisplay,
        KSDisplay,
        LiftDisplay,
        PrecisionRecallGainDisplay,
        RiskCoverageDisplay,
    )
    from .pr_curve import PRCurveDisplay, PrecisionRecallDisplay
    from .roc_curve import ROCCurveDisplay, RocCurveDisplay
    from .threshold_curve import MetricThresholdCurveDisplay

__all__ = sorted(_MODULE_OF)


def __getattr__(name):
    if name in _MODULE_OF:
        value = getattr(importlib.import_module(f".{_MODULE_OF[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_MODULE_OF))

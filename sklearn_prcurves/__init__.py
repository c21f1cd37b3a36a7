"""Correct, fast precision-recall and ROC analysis for scikit-learn.

Drop-in replacements for scikit-learn's ranking metrics, plus the analysis of
J. Davis and M. Goadrich, "The Relationship Between Precision-Recall and ROC Curves",
ICML 2006: interpolated AUC-PR, the ROC convex hull and the achievable PR curve.
"""

import importlib
import typing

from ._base._moved import install as _answer_old_module_names
from ._base._version import __version__

_answer_old_module_names()  # (objects pickled by 0.2.0's flat layout still load)

# Each public name and the module defining it, imported on first use (as scikit-learn's
# own package does): ``sklearn-prcurves --help`` and ``import sklearn_prcurves`` load
# neither scikit-learn nor SciPy until a function is reached. The imports below tell
# type checkers the same; tests/test_api.py holds the two lists and __all__ equal.
_LAZY = {
    "_metrics._auc": ("auc", "average_precision_score", "roc_auc_score"),
    "_measures._pr": ("achievable_pr_auc_score", "pr_auc_score", "pr_curve"),
    "_measures._bounds": ("normalized_pr_auc_score", "pr_auc_bounds", "pr_curve_bounds"),
    "_inference._certified": ("certified_threshold",),
    "_inference._band": ("certified_review_band",),
    "_inference._segments": ("certified_threshold_per_label", "certified_threshold_per_segment"),
    "_measures._selective": ("aurc_score", "risk_coverage_curve"),
    "_inference._likelihood": ("likelihood_ratio_ci",),
    "_inference._stability": ("threshold_stability",),
    "_measures._cost": ("cost_curve", "expected_cost"),
    "_table._counts": ("CountTable", "count_table"),
    "_measures._decision": ("net_benefit_curve", "prior_shift"),
    "_inference._net_benefit_test": ("compare_net_benefit",),
    "_metrics._curves": (
        "confusion_matrix_at_thresholds", "det_curve", "precision_recall_curve", "roc_curve",
    ),
    "_measures._operating": (
        "break_even_point", "fbeta_optimal_threshold", "operating_points",
        "precision_at_flag_rate", "precision_at_recall", "precision_at_recall_score",
        "recall_at_flag_rate", "recall_at_flag_rate_score", "recall_at_precision",
        "recall_at_precision_score",
    ),
    "_measures._grouped": ("grouped_roc_auc_score",),
    "_measures._lift": ("cumulative_gain_curve", "ks_statistic", "lift_curve"),
    "_measures._partial": ("partial_roc_auc_score",),
    "_measures._prg": ("prg_auc_score", "prg_curve"),
    "_base._results": (
        "CertifiedThreshold", "ConfidenceInterval", "FBetaOptimum", "NetBenefitComparison",
        "NetBenefitCurve", "OperatingPoint", "ReviewBand", "TestResult",
    ),
    "_selection._scorer": (
        "check_scoring", "get_scorer", "get_scorer_names",
        "make_precision_at_recall_scorer", "make_recall_at_flag_rate_scorer",
        "make_recall_at_precision_scorer", "register_scorers",
    ),
    "_plot": (
        "CostCurveDisplay", "CumulativeGainDisplay", "DecisionCurveDisplay",
        "DetCurveDisplay", "KSDisplay",
        "LiftDisplay", "MetricThresholdCurveDisplay", "PRCurveDisplay", "PrecisionRecallDisplay",
        "PrecisionRecallGainDisplay", "ROCCurveDisplay", "RiskCoverageDisplay",
        "RocCurveDisplay",
    ),
    "_streams._summary": ("BinnedSummary", "ExactSummary"),
    "_metrics._thresholds": ("metric_at_thresholds", "threshold_table"),
    "_selection._transformer": ("AchievablePRClassifier", "AchievablePRTransformer"),
    "_selection._cost": ("CostSensitiveClassifier",),
    "_inference._bootstrap": ("bootstrap_ci", "bootstrap_test"),
    "_inference._delong": ("delong_test", "roc_auc_ci", "roc_auc_variance"),
    "_inference._pr_intervals": ("pr_auc_ci", "threshold_ci"),
    "_measures._hull": ("achievable_pr_curve", "roc_convex_hull"),
    "_measures._dominance": ("compare_curves", "curve_dominates", "pr_to_roc", "roc_to_pr"),
    "_report._api": ("Report", "report"),
}
_MODULE_OF = {name: module for module, names in _LAZY.items() for name in names}

if typing.TYPE_CHECKING:
    from ._base._results import (
        CertifiedThreshold,
        ConfidenceInterval,
        FBetaOptimum,
        NetBenefitComparison,
        NetBenefitCurve,
        OperatingPoint,
        ReviewBand,
        TestResult,
    )
    from ._inference._band import certified_review_band
    from ._inference._bootstrap import bootstrap_ci, bootstrap_test
    from ._inference._certified import certified_threshold
    from ._inference._delong import delong_test, roc_auc_ci, roc_auc_variance
    from ._inference._likelihood import likelihood_ratio_ci
    from ._inference._net_benefit_test import compare_net_benefit
    from ._inference._pr_intervals import pr_auc_ci, threshold_ci
    from ._inference._segments import (
        certified_threshold_per_label,
        certified_threshold_per_segment,
    )
    from ._inference._stability import threshold_stability
    from ._measures._bounds import normalized_pr_auc_score, pr_auc_bounds, pr_curve_bounds
    from ._measures._cost import cost_curve, expected_cost
    from ._measures._decision import net_benefit_curve, prior_shift
    from ._measures._dominance import compare_curves, curve_dominates, pr_to_roc, roc_to_pr
    from ._measures._grouped import grouped_roc_auc_score
    from ._measures._hull import achievable_pr_curve, roc_convex_hull
    from ._measures._lift import cumulative_gain_curve, ks_statistic, lift_curve
    from ._measures._operating import (
        break_even_point,
        fbeta_optimal_threshold,
        operating_points,
        precision_at_flag_rate,
        precision_at_recall,
        precision_at_recall_score,
        recall_at_flag_rate,
        recall_at_flag_rate_score,
        recall_at_precision,
        recall_at_precision_score,
    )
    from ._measures._partial import partial_roc_auc_score
    from ._measures._pr import achievable_pr_auc_score, pr_auc_score, pr_curve
    from ._measures._prg import prg_auc_score, prg_curve
    from ._measures._selective import aurc_score, risk_coverage_curve
    from ._metrics._auc import auc, average_precision_score, roc_auc_score
    from ._metrics._curves import (
        confusion_matrix_at_thresholds,
        det_curve,
        precision_recall_curve,
        roc_curve,
    )
    from ._metrics._thresholds import metric_at_thresholds, threshold_table
    from ._plot import (
        CostCurveDisplay,
        CumulativeGainDisplay,
        DecisionCurveDisplay,
        DetCurveDisplay,
        KSDisplay,
        LiftDisplay,
        MetricThresholdCurveDisplay,
        PRCurveDisplay,
        PrecisionRecallDisplay,
        PrecisionRecallGainDisplay,
        RiskCoverageDisplay,
        ROCCurveDisplay,
        RocCurveDisplay,
    )
    from ._report._api import Report, report
    from ._selection._cost import CostSensitiveClassifier
    from ._selection._scorer import (
        check_scoring,
        get_scorer,
        get_scorer_names,
        make_precision_at_recall_scorer,
        make_recall_at_flag_rate_scorer,
        make_recall_at_precision_scorer,
        register_scorers,
    )
    from ._selection._transformer import AchievablePRClassifier, AchievablePRTransformer
    from ._streams._summary import BinnedSummary, ExactSummary
    from ._table._counts import CountTable, count_table


def __getattr__(name):
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # (the next access is a plain attribute)
    return value


def __dir__():
    return sorted(set(globals()) | set(__all__))

__all__ = [
    "AchievablePRClassifier",
    "AchievablePRTransformer",
    "BinnedSummary",
    "CertifiedThreshold",
    "ConfidenceInterval",
    "CostCurveDisplay",
    "CostSensitiveClassifier",
    "CountTable",
    "CumulativeGainDisplay",
    "DecisionCurveDisplay",
    "DetCurveDisplay",
    "ExactSummary",
    "FBetaOptimum",
    "KSDisplay",
    "LiftDisplay",
    "MetricThresholdCurveDisplay",
    "NetBenefitComparison",
    "NetBenefitCurve",
    "OperatingPoint",
    "PRCurveDisplay",
    "PrecisionRecallDisplay",
    "PrecisionRecallGainDisplay",
    "ROCCurveDisplay",
    "Report",
    "ReviewBand",
    "RiskCoverageDisplay",
    "RocCurveDisplay",
    "TestResult",
    "achievable_pr_auc_score",
    "achievable_pr_curve",
    "auc",
    "aurc_score",
    "average_precision_score",
    "bootstrap_ci",
    "bootstrap_test",
    "break_even_point",
    "certified_review_band",
    "certified_threshold",
    "certified_threshold_per_label",
    "certified_threshold_per_segment",
    "check_scoring",
    "compare_curves",
    "compare_net_benefit",
    "confusion_matrix_at_thresholds",
    "cost_curve",
    "count_table",
    "cumulative_gain_curve",
    "curve_dominates",
    "delong_test",
    "det_curve",
    "expected_cost",
    "fbeta_optimal_threshold",
    "get_scorer",
    "get_scorer_names",
    "grouped_roc_auc_score",
    "ks_statistic",
    "lift_curve",
    "likelihood_ratio_ci",
    "make_precision_at_recall_scorer",
    "make_recall_at_flag_rate_scorer",
    "make_recall_at_precision_scorer",
    "metric_at_thresholds",
    "net_benefit_curve",
    "normalized_pr_auc_score",
    "operating_points",
    "partial_roc_auc_score",
    "pr_auc_bounds",
    "pr_auc_ci",
    "pr_auc_score",
    "pr_curve",
    "pr_curve_bounds",
    "pr_to_roc",
    "precision_at_flag_rate",
    "precision_at_recall",
    "precision_at_recall_score",
    "precision_recall_curve",
    "prg_auc_score",
    "prg_curve",
    "prior_shift",
    "recall_at_flag_rate",
    "recall_at_flag_rate_score",
    "recall_at_precision",
    "recall_at_precision_score",
    "register_scorers",
    "report",
    "risk_coverage_curve",
    "roc_auc_ci",
    "roc_auc_score",
    "roc_auc_variance",
    "roc_convex_hull",
    "roc_curve",
    "roc_to_pr",
    "threshold_ci",
    "threshold_stability",
    "threshold_table",
]

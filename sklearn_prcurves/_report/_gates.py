"""Quality gates: requirements on the report's measures (``--require``) and on the
paired test against a reference model (``--require-better-than``), each met or not
by every model, for a pipeline to stop on."""

from .._base._messages import InputError
from ._paired import significance_level
from ._readings import MEASURES, level_measures

__all__ = ["check_requirements", "evaluate_requirements"]

# Numbers of a model besides its measures that a requirement may name.
_MODEL_NUMBERS = ("rows", "positives", "negatives", "prevalence")


def _known_keys(spec):
    measures = [key for key, _ in MEASURES + level_measures(spec)]
    return [*measures, "ks_threshold", "max_f1_threshold", *_MODEL_NUMBERS]


def check_requirements(spec):
    """Refuse a requirement on a measure the report does not compute, before any
    data is read."""
    known = _known_keys(spec)
    for requirement in spec.require:
        if requirement.key not in known:
            raise InputError(
                f"requirement {requirement.text!r}: the report has no measure "
                f"{requirement.key!r}; it has {', '.join(known)} (or a scorer name: "
                f"{', '.join(requirement.SCORER_NAMES)})")


def evaluate_requirements(results, spec):
    """One outcome per requirement and model: ``{"requirement", "model", "value",
    "met", "text"}``, ``text`` saying what was found against what was required."""
    outcomes = []
    for requirement in spec.require:
        for model, result in results["models"].items():
            value = result.get(requirement.key, result["values"].get(requirement.key))
            value = float("nan") if value is None else float(value)
            met = bool(requirement.holds(value))
            found = "undefined on these data" if value != value else f"{value:.4g}"
            outcomes.append({
                "requirement": requirement.text, "model": model, "value": value,
                "met": met, "text": f"{model!r}: {requirement.key} {found}, required "
                                    f"{requirement.operator} {requirement.bound:g}"})
    if spec.require_better_than is not None:
        outcomes += _better_than(results, spec)
    return outcomes


def _better_than(results, spec):
    """Each other model against the reference by the paired AUC-PR test: met where its
    area is larger and the test (Holm-adjusted among several) rejects at the report's
    level."""
    reference, alpha = spec.require_better_than, significance_level(spec)
    tests = results["comparison"].get("against_reference") or {}
    outcomes = []
    for model in results["models"]:
        if model == reference:
            continue
        test = tests.get(model)
        requirement = f"better than {reference!r}"
        if test is None:
            outcomes.append({"requirement": requirement, "model": model,
                             "value": float("nan"), "met": False,
                             "text": f"{model!r} better than {reference!r} by AUC-PR: the "
                                     "paired test was not computed (see the notes)"})
            continue
        pvalue = test["pvalue_holm"] if len(tests) > 1 else test["pvalue"]
        met = test["difference"] > 0 and pvalue < alpha
        outcomes.append({
            "requirement": requirement, "model": model, "value": test["difference"],
            "met": bool(met),
            "text": f"{model!r} better than {reference!r} by AUC-PR: difference "
                    f"{test['difference']:+.4f}, p = {pvalue:.2g}"
                    f"{' (Holm-adjusted)' if len(tests) > 1 else ''}, required a larger "
                    f"area with p < {alpha:g}"})
    return outcomes

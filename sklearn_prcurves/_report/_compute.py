"""The whole report: the pass over the input (:mod:`._accumulate`), every model's
measures (:mod:`._readings`), the segments, the decision curves, the paired comparisons
(:mod:`._paired`), and the verdict that names a winner or says why none is named.
"""

import math

import numpy as np

from .._base._messages import InputError, option
from .._inference._bootstrap import holm_adjusted
from .._inference._pr_intervals import worst_segment
from .._measures._decision import DEFAULT_THRESHOLDS, pieces_net_benefit, shifted
from .._streams._summary import BinnedSummary
from ._accumulate import LocalRunner, accumulate, merge_passes, refine_bins
from ._paired import (
    TEST_NAMES,
    PairedDeLong,
    adjust_and_describe,
    clustered_delong,
    paired_auc_pr,
    significance_level,
)
from ._readings import (
    BAND_KEYS,
    MEASURES,
    clustered_certified,
    clustered_rows,
    level_measures,
    model_result,
)

__all__ = ["compute_report"]

# The areas a winner is named by (the paper's section 5 is about these disagreeing).
WINNER_MEASURES = ("auc_roc", "average_precision", "auc_pr", "auc_pr_continuous",
                   "achievable_auc_pr")  # the normalised AUC-PR orders models as AUC-PR


def compute_report(source, spec, converter, runner=None):
    """Read the input (once, or twice for the refinement of bins) and return
    ``{"models": ..., "segments": ..., "comparison": ..., "notes": [...]}``.

    ``runner`` (default: this process) runs each pass over the parts of the input; the
    Dask engine runs them on a cluster and merges the tables they return.
    """
    runner = runner or LocalRunner()
    parts = runner.parts(source)
    accumulators, segment_names, converter, sample = merge_passes(
        runner.each(accumulate, parts, spec, converter))
    notes = []
    whole_weights = _whole_weights(accumulators, spec)
    if spec.intervals and not whole_weights:
        notes.append("DeLong's interval and test need whole-number (frequency) weights: "
                     "not computed for these weights.")
        if spec.levels():
            notes.append("Certified thresholds count rows: they need whole-number "
                         "(frequency) weights, and are not computed for these weights.")
    if spec.binned and spec.tolerance is not None:
        refine_bins(parts, runner, spec, converter, accumulators)
    if spec.prevalence is not None:
        notes.append(
            f"Read at a deployment prevalence of {spec.prevalence:.4g} "
            f"({option('prevalence', spec.prevalence)}): precision, the PR curves and areas, "
            "the operating points and the paired AUC-PR test are that population's (the "
            "negatives weighted to it); AUC-ROC and DeLong's intervals do not depend on it."
            + (" Boyd's AUC-PR intervals count the data's rows: not computed. The "
               "certified thresholds are certified at that prevalence (precision's test "
               "that of the ratio of its two rates, each counted in the data's rows)."
               if spec.intervals else "")
            + (f" The decision curves read the deployment's risks: each model's "
               f"probabilities moved from the data's prevalence by Bayes' rule in odds "
               f"({option('shift_risks', True)})." if spec.shift_risks else ""))

    models, tables, undefined = _model_results(accumulators, spec, whole_weights, notes)
    notes += undefined
    if sample is not None and spec.cluster and whole_weights:
        clustered_delong(models, sample, spec, notes)
        clustered_certified(models, sample, spec)
        clustered_rows(models, sample, spec)
    if spec.decision_curve:
        _decision_curves(models, tables, spec)
    comparison = (_comparison(models, tables, sample, spec, whole_weights, notes)
                  if len(spec.scores) > 1 else {})

    segments, segment_tables = {}, {}
    if spec.by:
        segments = _segment_results(accumulators, segment_names, spec, whole_weights,
                                    segment_tables)
    return {"models": models, "comparison": comparison, "segments": segments,
            "notes": notes, "tables": tables, "segment_tables": segment_tables,
            "undefined": undefined, "whole_weights": whole_weights}


def _model_results(accumulators, spec, whole_weights, notes):
    """Each model's result and table, and the notes on undefined measures (``notes``
    gains those on certified levels and inverted scores)."""
    models, tables, undefined = {}, {}, []
    labels = dict(MEASURES + level_measures(spec))
    for model in spec.scores:
        result, table = model_result(accumulators[(None, model)], spec, whole_weights)
        if table is None:
            raise InputError(f"scores {model!r}: {result['undefined']}")
        models[model], tables[model] = result, table
        values = result["values"]
        nan = [key for key in labels if values.get(key, 0.0) != values.get(key, 0.0)]
        missing = [labels[key] for key in nan
                   if not key.startswith("certified_") and key not in BAND_KEYS]
        uncertified = [labels[key] for key in nan if key.startswith("certified_")]
        if uncertified:
            notes.append(f"{model}: no threshold can be certified for {_join(uncertified)}: "
                         "more rows, or a looser level, may pass.")
        if BAND_KEYS[0] in nan:
            notes.append(f"{model}: no review band can be certified for "
                         f"{labels[BAND_KEYS[0]]}: more rows, or looser bounds, may pass.")
        if missing:
            # (a NaN is never silent: the page says n/a, and this note says why)
            undefined.append(f"{model}: {_join(missing)} undefined on these data (n/a): "
                             "one class carries (nearly) all the weight, or no threshold "
                             "meets the level asked for.")
        if values["auc_roc"] < 0.5:
            notes.append(
                f"{model}: AUC-ROC {values['auc_roc']:.4f} is below 0.5, worse "
                "than random: are its scores inverted (higher meaning negative)?"
            )
    return models, tables, undefined


def _decision_curves(models, tables, spec):
    """Each model's net benefit at 0, 0.01, ..., 0.99 (``decision_curve``), read from
    its table (at the deployment's prevalence, where the report is; with
    ``shift_risks``, each threshold on the deployment's risks read where the data's
    probabilities, shifted, reach it)."""
    for model, path in tables.items():
        try:
            read_at = None
            if spec.shift_risks:
                counted = models[model]["counted"]
                read_at = shifted(DEFAULT_THRESHOLDS, counted.n_pos / (
                    counted.n_pos + counted.n_neg), spec.prevalence)
            curve = pieces_net_benefit(path, read_at=read_at)
        except ValueError:
            top, bottom = path.tables[0].thresholds[0], path.tables[-1].thresholds[-1]
            raise InputError(
                f"{option('decision_curve', True)} reads the scores as probabilities of "
                f"the positive class; {model!r} has scores from {float(bottom)!r} to "
                f"{float(top)!r}: calibrate them first, or leave it out") from None
        models[model]["decision_curve"] = {key: getattr(curve, key).tolist() for key in (
            "thresholds", "net_benefit", "treat_all")}


def _comparison(models, tables, sample, spec, whole_weights, notes):
    """The comparison of two or more models: the winners, DeLong's paired test, the
    paired AUC-PR test (and the gate's, against the model it names), the verdict."""
    comparison = _compare(models)
    if sample is not None and sample.too_few_clusters():
        notes.append("The paired tests need at least two clusters: not computed.")
        sample = None
    if sample is not None and spec.intervals and whole_weights and not spec.binned:
        reference = comparison["best"]["auc_roc"]
        others = [m for m in spec.scores if m != reference]
        aucs = {m: models[m]["values"]["auc_roc"] for m in models}
        counted = {m: models[m]["counted"] for m in models}
        paired = PairedDeLong(counted, aucs, reference, others)
        if paired.defined():
            comparison["delong"] = paired.results(sample, spec.confidence_level)
        else:
            notes.append("The paired DeLong test needs at least two positives and two "
                         "negatives: not computed.")
    elif spec.intervals and spec.binned:
        notes.append("The paired DeLong test is computed in exact mode only.")
    if sample is not None:
        sample = sample.at_prevalence(spec.prevalence,
                                      next(iter(models.values()))["counted"])
        best = comparison["best"].get("auc_pr")
        comparison["paired_auc_pr"] = paired_auc_pr(sample, models, tables, best, spec,
                                                     notes)
        reference = spec.require_better_than
        if reference is not None:
            comparison["against_reference"] = (
                comparison["paired_auc_pr"] if reference == best else
                paired_auc_pr(sample, models, tables, reference, spec, notes))
    tests = adjust_and_describe(comparison, sample, spec)
    if tests:
        comparison["tests"] = tests
    if sample is not None:
        comparison["verdict"] = _verdict(comparison, spec)
    return comparison


def _whole_weights(accumulators, spec):
    if not spec.weight:
        return True
    summary = accumulators[(None, spec.scores[0])].summary
    if isinstance(summary, BinnedSummary):
        return summary.integer_weights_
    return all(bool(np.all(t.pos == np.round(t.pos)) and np.all(t.neg == np.round(t.neg)))
               for t in summary.pieces())


def _compare(models):
    best = {}
    for key in WINNER_MEASURES + ("hull_auc_roc", "normalized_auc_pr", "max_f1", "ks"):
        scored = {m: r["values"][key] for m, r in models.items()
                  if r["values"][key] == r["values"][key]}  # (not NaN)
        if scored:
            best[key] = max(scored, key=scored.get)
    winners = {best[key] for key in WINNER_MEASURES if key in best}
    labels = dict(MEASURES)
    if len(winners) > 1:
        by_model = {}
        for key in WINNER_MEASURES:
            by_model.setdefault(best[key], []).append(labels[key])
        parts = [f"{_join(keys)} select{'s' if len(keys) == 1 else ''} {model!r}"
                 for model, keys in by_model.items()]
        sentence = ("The measures disagree on the best model: " + "; ".join(parts) + ". "
                    "Davis and Goadrich (2006, section 5): a model chosen by AUC-ROC can be "
                    "the wrong one by AUC-PR; with rare positives, trust the PR measures.")
    else:
        sentence = f"Every area selects {winners.pop()!r}."
    return {"best": best, "sentence": sentence, **_straight_lines_order(models)}


def _straight_lines_order(models):
    """A sentence where scikit-learn's ``auc(recall, precision)`` orders the models
    otherwise than AUC-PR (Davis-Goadrich): the number users compute would mislead."""
    def order(key):
        return sorted(models, key=lambda m: -key(models[m]))

    by_pr = order(lambda r: r["values"]["auc_pr"])
    by_lines = order(lambda r: r["sklearn_auc_pr"])
    if by_pr == by_lines or any(r["values"]["auc_pr"] != r["values"]["auc_pr"]
                                for r in models.values()):
        return {}
    return {"straight_lines": (
        "scikit-learn's auc(recall, precision) orders the models "
        f"{' > '.join(map(repr, by_lines))}, where AUC-PR (Davis-Goadrich) orders them "
        f"{' > '.join(map(repr, by_pr))}: its straight lines overstate coarse or tied "
        "scores' areas most.")}


def _verdict(comparison, spec):
    """The verdict sentence: the AUC-PR winner, and whether the paired test tells it
    apart from each other model at the report's level (None without a test). With two
    or more comparisons, Holm's adjusted p-values decide, and the sentence says so.

    No p-value is taken below what the test resolves (a bootstrap of ``B`` resamples:
    ``1/(B+1)``): where that bound keeps a comparison from the level, the sentence says
    the test is inconclusive, not that the models are alike."""
    tests = comparison.get("paired_auc_pr") or {}
    if not tests:
        return None
    alpha = significance_level(spec)
    best = next(iter(tests.values()))["against"]
    corrected = len(tests) > 1
    how = (f" after Holm's correction for {len(tests)} comparisons" if corrected else "")
    name = TEST_NAMES[spec.paired_test]
    resolution = comparison["tests"]["paired_auc_pr"]["resolution"]
    held = dict(zip(tests, holm_adjusted([max(t["pvalue"], resolution)
                                          for t in tests.values()])))
    computed = {m: t["pvalue_holm" if corrected else "pvalue"] for m, t in tests.items()}
    clear = [m for m in tests if held[m] < alpha]
    unresolved = [m for m in tests if computed[m] < alpha <= held[m]]
    unclear = [m for m in tests if computed[m] >= alpha]
    parts = []
    if unresolved:
        least = _least_resamples(alpha / len(tests))
        parts.append(
            f"By AUC-PR, {best!r} leads {_join([repr(m) for m in unresolved])}, but the "
            f"{name} of {spec.n_resamples} resamples cannot resolve p-values below "
            f"1/{spec.n_resamples + 1}{how}, which the level {alpha:g} needs: inconclusive (use "
            f"at least {least} resamples).")
    if clear:
        parts.append(f"By AUC-PR, {best!r} is better than {_join([repr(m) for m in clear])} "
                     f"({name}, p < {alpha:g}{how}).")
    if unclear:
        parts.append(
            f"By AUC-PR, {best!r} is not significantly better than "
            f"{_join([repr(m) for m in unclear])} ({name}, p >= {alpha:g}{how}): these "
            "data do not tell them apart.")
    return " ".join(parts + _delong_reading(comparison, alpha, best))


def _delong_reading(comparison, alpha, best_by_pr):
    """The verdict's AUC-ROC half: DeLong's paired test against the AUC-ROC winner,
    read beside the AUC-PR test, and why the report names its winner by AUC-PR when
    the two areas crown different models."""
    tests = comparison.get("delong") or {}
    if not tests:
        return []
    best = next(iter(tests.values()))["against"]
    how = f" after Holm's correction for {len(tests)} comparisons" if len(tests) > 1 else ""
    key = "pvalue_holm" if len(tests) > 1 else "pvalue"
    worse = [repr(m) for m, t in tests.items() if t[key] < alpha]
    apart = [repr(m) for m, t in tests.items() if t[key] >= alpha]
    found = []
    if worse:
        found.append(f"finds {_join(worse)} significantly worse (p < {alpha:g}{how})")
    if apart:
        found.append(f"does not tell {_join(apart)} apart from it (p >= {alpha:g}{how})")
    lead = (f"By AUC-ROC, {best!r} leads too" if best == best_by_pr else
            f"By AUC-ROC, {best!r} leads instead")
    parts = [f"{lead}: DeLong's paired test {' and '.join(found)}."]
    if best != best_by_pr:
        parts.append(f"The report names {best_by_pr!r} by AUC-PR: it weighs the top of the "
                     "ranking, where positives are found and a threshold is shipped, and with "
                     "rare positives a model chosen by AUC-ROC can be the wrong one (Davis "
                     "and Goadrich, 2006, section 5).")
    return parts


def _least_resamples(level):
    """The fewest resamples ``B`` whose resolution ``1/(B+1)`` lies below ``level``."""
    return math.floor(1 / level)


def _join(words):
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _segment_results(accumulators, names, spec, whole_weights, tables):
    """The ``--by`` results; each segment's paths go into ``tables[segment][model]``
    (for the figures)."""
    out = {"column": spec.by_name, "values": {}, "grouped_auc": {}}
    names = sorted(names)  # a stable order, whatever the order of the rows
    for segment in names:
        out["values"][segment] = {}
        for model in spec.scores:
            accumulator = accumulators.get((segment, model))
            if accumulator is None:
                continue
            result, path = model_result(accumulator, spec, whole_weights)
            out["values"][segment][model] = result
            if path is not None:
                tables.setdefault(segment, {})[model] = path
    # Grouped AUC: each segment's AUC-ROC weighted by its (weighted) rows, segments
    # holding one class skipped, as grouped_roc_auc_score(group_weight="samples").
    for model in spec.scores:
        aucs, sizes = [], []
        for segment in names:
            result = out["values"][segment].get(model)
            if result is not None and "values" in result:
                aucs.append(result["values"]["auc_roc"])
                sizes.append(result["positives"] + result["negatives"])
        out["grouped_auc"][model] = (float(np.average(aucs, weights=sizes))
                                     if aucs and sum(sizes) > 0 else float("nan"))
    out["worst_auc_pr"] = {model: _worst_segment(out["values"], names, model, spec)
                           for model in spec.scores}
    return out


def _worst_segment(values, names, model, spec):
    """The segment with the smallest AUC-PR (Davis-Goadrich), with the interval that
    holds the population's smallest at the report's confidence level (every segment's
    logit interval at the level over the number of segments); no interval where the
    report has none for the areas (``--prevalence``, ``--cluster``)."""
    found = [(name, values[name][model]) for name in names
             if model in values[name] and "values" in values[name][model]
             and values[name][model]["values"]["auc_pr"] == values[name][model]["values"][
                 "auc_pr"]]
    if not found:
        return None
    areas = [result["values"]["auc_pr"] for _, result in found]
    value, at, interval = worst_segment(areas, [r["positives"] for _, r in found],
                                        spec.confidence_level)
    shown = all("auc_pr" in result.get("intervals", {}) for _, result in found)
    return {"segment": found[at][0], "value": value,
            "interval": list(interval) if shown else None}

"""Several requirements guaranteed together at one threshold: precision, recall, the
false positive rate, the negative predictive value and the share predicted positive
(an alert budget), each tested at every threshold of the grid as
:func:`~sklearn_prcurves.certified_threshold` tests one.

A threshold passes where every requirement's test rejects "it fails here" (an
intersection-union test: the largest p-value is valid for the family). Requirements
that hold more easily at high thresholds (precision, the false positive rate, the
budget) run their fixed sequences down the grid, those that hold more easily at low
thresholds (recall, the negative predictive value) up it; the two families share the
level (Bonferroni), and the certified thresholds are those both pass. Precision and the
negative predictive value need not move monotonically with the threshold: their family
runs from several starts chosen from the scores alone, as precision's test does.
"""

from __future__ import annotations

import math
from numbers import Real

import numpy as np

from .._base._compat import Interval, StrOptions
from .._base._results import CertifiedThreshold
from .._base._undefined import warn_undefined
from .._table._exact import exact_argmax, fractions
from .._table._prevalence import (
    budget_pvalues,
    fewest_passing,
    negatives_factor,
    ratio_pvalues,
)
from ._proportions import moment_counts

__all__ = ["OBJECTIVES", "OPEN_UNIT", "REQUIREMENTS", "REQUIREMENT_PARAMS", "EverySegment",
           "FixedSequence", "PrecisionRuns",
           "RequirementCounts", "best_row", "certify_requirements", "check_consistent",
           "clustered_counts", "default_objective", "family_passed", "flag_pvalues",
           "none_certified", "passing_rows", "pvalues_at", "rates_at_threshold", "rates_of",
           "record_at", "requirements_of", "threshold_number", "threshold_pvalues"]

#: Each requirement's keyword: the measure, whether the bound is a floor, and the
#: direction its fixed sequence runs ("down" the grid from the highest threshold).
REQUIREMENTS = {
    "min_precision": ("precision", True, "down"),
    "max_fpr": ("fpr", False, "down"),
    "max_flag_rate": ("flag_rate", False, "down"),
    "min_recall": ("recall", True, "up"),
    "min_npv": ("npv", True, "up"),
}

#: What ``maximize`` may name: each a value at every threshold of the grid.
OBJECTIVES = ("recall", "precision", "npv")

OPEN_UNIT = Interval(Real, 0, 1, closed="neither")

#: The requirements' parameters, as every function certifying them validates them.
REQUIREMENT_PARAMS = {
    **{name: [OPEN_UNIT, None] for name in REQUIREMENTS},
    "max_flags": [tuple, None],
    "maximize": [StrOptions(set(OBJECTIVES)), None],
    "confidence_level": [OPEN_UNIT],
}


def default_objective(requirements):
    """Recall, unless every requirement is one recall or the negative predictive value
    already asks for (then precision)."""
    return "precision" if set(requirements) <= {"recall", "npv"} else "recall"


def requirements_of(given, max_flags=None):
    """``{measure: bound}`` of the keywords given (None: not given); ``max_flags`` as
    ``(count, cases)`` is the flag-rate bound ``count / cases``."""
    found = {REQUIREMENTS[name][0]: float(value) for name, value in given.items()
             if value is not None}
    if max_flags is not None:
        if "flag_rate" in found:
            raise ValueError("Give max_flag_rate or max_flags, not both: each bounds the "
                             "share predicted positive.")
        found["flag_rate"] = _flags_rate(max_flags)
    if not found:
        raise ValueError(
            "certified_threshold takes at least one requirement: min_precision, "
            "min_recall, max_fpr, min_npv, max_flag_rate or max_flags; got none.")
    return found


def _flags_rate(max_flags):
    try:
        count, cases = max_flags
    except (TypeError, ValueError):
        count = cases = None
    if not all(isinstance(v, (int, np.integer)) and not isinstance(v, bool)
               for v in (count, cases)) or not 0 < count < cases:
        raise ValueError(
            "max_flags must be (count, cases), two whole numbers with 0 < count < cases "
            f"(at most `count` flags per `cases` cases); got {max_flags!r}.")
    return count / cases


def check_consistent(requirements, prevalence, n_pos, n_neg):
    """A clear error for requirements no threshold can meet in any population: recall
    ``r`` flags at least ``r`` times the prevalence."""
    budget, recall = requirements.get("flag_rate"), requirements.get("recall")
    share = prevalence if prevalence is not None else n_pos / (n_pos + n_neg)
    if budget is not None and recall is not None and recall * share > budget:
        raise ValueError(
            f"min_recall={recall:g} flags at least {recall * share:.4g} of the cases at "
            f"prevalence {share:.4g}, above the flag-rate budget {budget:g}: no threshold "
            "meets both.")


def rates_of(tp, fp, n_pos, n_neg, factor):
    """Precision, recall, the false positive rate, the negative predictive value and
    the share predicted positive from the counts at or above thresholds, the negatives
    weighted by ``factor`` (1: these rows' prevalence); NaN where undefined."""
    tn, fn = n_neg - fp, n_pos - tp
    with np.errstate(invalid="ignore", divide="ignore"):
        return {"precision": tp / (tp + factor * fp), "recall": tp / n_pos,
                "fpr": fp / n_neg, "npv": factor * tn / (factor * tn + fn),
                "flag_rate": (tp + factor * fp) / (n_pos + factor * n_neg)}


def rates_at_threshold(tp, fp, n_pos, n_neg, factor):
    """:func:`rates_of` at one threshold as floats, with a warning for each that is
    undefined there."""
    values = {name: float(value) for name, value in rates_of(
        np.float64(tp), np.float64(fp), n_pos, n_neg, factor).items()}
    for name, called, side in (("precision", "Precision", "no row positive"),
                               ("npv", "The negative predictive value", "every row positive")):
        if not values[name] == values[name]:
            warn_undefined(f"{called} is undefined (0 / 0) at the certified threshold, "
                           f"which predicts {side}; set to NaN.")
    return values


class RequirementCounts:
    """A grid's counts as each requirement's test reads them: the true and false
    positives at or above each threshold, the classes' totals, the sums over clusters
    (None: independent rows) and the deployment's prevalence."""

    def __init__(self, tp, fp, n_pos, n_neg, moments, prevalence):
        self.tp, self.fp, self.n_pos, self.n_neg = tp, fp, n_pos, n_neg
        self.moments, self.prevalence = moments, prevalence
        self.factor = 1.0 if prevalence is None else negatives_factor(
            n_pos, n_neg, prevalence)

    def rates(self):
        """Each measure on these rows at every threshold (at the prevalence)."""
        return rates_of(self.tp, self.fp, self.n_pos, self.n_neg, self.factor)

    def predicted(self, negative):
        """The weight predicted positive (``negative``: negative) at each threshold,
        known without the labels: where precision's (the NPV's) runs start."""
        positive = self.tp + self.fp
        return self.n_pos + self.n_neg - positive if negative else positive

    def pvalues(self, measure, target, level, everywhere):
        """The p-values of "``measure`` fails ``target`` here" at every threshold, the
        counts read at the effective sizes of the test's ``level`` with clusters."""
        tp, fp, n_pos, n_neg, moments = self.tp, self.fp, self.n_pos, self.n_neg, self.moments
        if measure == "npv":  # (precision of the negatives, below the threshold)
            tp, fp, n_pos, n_neg = n_neg - fp, n_pos - tp, n_neg, n_pos
            moments = None if moments is None else moments.below()
        prevalence = self.prevalence
        if measure == "npv" and prevalence is not None:
            prevalence = 1 - prevalence
        tested_as = "precision" if measure == "npv" else measure
        ratio = None if prevalence is None or tested_as != "precision" else (
            target * (1 - prevalence) / ((1 - target) * prevalence))
        return threshold_pvalues(tested_as, target, tp, fp, n_pos, n_neg, moments, level,
                                 ratio, everywhere, prevalence)

    def fewest(self, measure, target, level):
        """The fewest rows predicted positive (negative, for the negative predictive
        value) that could pass: where precision's starts begin."""
        if self.prevalence is None:
            return math.log(level) / math.log(target)
        if measure == "precision":
            ratio = target * (1 - self.prevalence) / ((1 - target) * self.prevalence)
            return fewest_passing(self.n_pos, self.n_neg, ratio, level)
        ratio = target * self.prevalence / ((1 - target) * (1 - self.prevalence))
        return fewest_passing(self.n_neg, self.n_pos, ratio, level)


def clustered_counts(measure, tp, fp, n_pos, n_neg, moments, level, ratio):
    """``(tp, fp, n_pos, n_neg)`` as the tests read them when the rows come in clusters:
    each rate's counts at Korn and Graubard's effective sample size
    (:func:`~sklearn_prcurves._inference._proportions.moment_counts`, from the
    per-threshold sums over clusters ``moments``) at the test's ``level``, so that the
    tails count clusters' worth of evidence, not rows'."""
    if measure == "precision" and ratio is None:
        hits, size = moment_counts(moments, "precision", tp, fp, n_pos, n_neg, level)
        return hits, size - hits, n_pos, n_neg
    tail = level / 2 if ratio is not None else level  # (the ratio's two bounds share it)
    recall_hits, pos_size = moment_counts(moments, "tpr", tp, fp, n_pos, n_neg, tail)
    fpr_hits, neg_size = moment_counts(moments, "fpr", tp, fp, n_pos, n_neg, tail)
    return recall_hits, fpr_hits, pos_size, neg_size


def pvalues_at(measure, target, tp, fp, n_pos, n_neg, everywhere=False, ratio=None):
    """The exact binomial tail of each threshold's counts under "the constraint fails
    there" (at its boundary): a small value is evidence that it holds. Weighted
    counts as frequencies, through the regularised incomplete beta function.
    ``ratio``: precision at another prevalence, by
    :func:`~sklearn_prcurves._table._prevalence.ratio_pvalues`.

    Unless ``everywhere``, the tail is computed only where the measure on these rows
    is within a row of beating the target: elsewhere it is at least a half (a binomial
    tail from its median or beyond), which no level below a half accepts, and is given
    as 1 (the tail costs a microsecond a row; most rows of a long table are there)."""
    from scipy.special import betainc

    if ratio is not None:
        return ratio_pvalues(tp, fp, n_pos, n_neg, ratio, everywhere)
    if measure == "fpr":  # P(Binomial(n_neg, target) <= fp)
        a, b, x = n_neg - fp, fp + 1, 1 - target
        possible = (fp < n_neg) & (everywhere | (fp < target * n_neg + 1))
    else:  # P(Binomial(trials, target) >= tp)
        trials = tp + fp if measure == "precision" else n_pos
        a, b, x = tp, trials - tp + 1, target
        possible = (tp > 0) & (everywhere | (tp > target * trials - 1))
    pvalues = np.ones(tp.shape[0])
    rows = np.flatnonzero(possible)
    pvalues[rows] = betainc(np.broadcast_to(a, tp.shape)[rows],
                            np.broadcast_to(b, tp.shape)[rows], x)
    return pvalues


def threshold_pvalues(measure, target, tp, fp, n_pos, n_neg, moments, level, ratio,
                      everywhere, prevalence=None):
    """:func:`pvalues_at` of the counts as the test reads them: at Korn and Graubard's
    effective sizes for ``level`` where ``moments`` (sums over clusters) are given;
    ``measure`` ``"flag_rate"``: :func:`flag_pvalues`."""
    if measure == "flag_rate":
        return flag_pvalues(target, tp, fp, n_pos, n_neg, moments, level, prevalence,
                            everywhere)
    tested = (tp, fp, n_pos, n_neg) if moments is None else clustered_counts(
        measure, tp, fp, n_pos, n_neg, moments, level, ratio)
    return pvalues_at(measure, target, *tested, everywhere=everywhere, ratio=ratio)


def flag_pvalues(budget, tp, fp, n_pos, n_neg, moments, level, prevalence, everywhere):
    """P-values of "the share flagged exceeds ``budget``" at each threshold: the exact
    tail of the flagged count among all rows (as the false positive rate's test reads
    its count), at the effective size between clusters with ``moments``; at a
    ``prevalence``, :func:`~sklearn_prcurves._table._prevalence.budget_pvalues` of the
    two rates, each at its effective size for half the level with clusters."""
    if prevalence is None:
        flagged, total = tp + fp, n_pos + n_neg
        if moments is not None:
            flagged, total = moment_counts(moments, "flag", tp, fp, n_pos, n_neg, level)
        return pvalues_at("fpr", budget, tp * 0.0, flagged, 0.0, total,
                          everywhere=everywhere)
    if moments is not None:
        (tp, n_pos), (fp, n_neg) = (moment_counts(moments, rate, tp, fp, n_pos, n_neg,
                                                  level / 2) for rate in ("tpr", "fpr"))
    return budget_pvalues(tp, fp, n_pos, n_neg, prevalence, budget, everywhere)


class EverySegment:
    """Segments' counts on one grid read as one test: a requirement holds at a
    threshold where it holds in every segment (the largest of the segments' p-values is
    valid for "it fails in some segment"), and precision's runs start where the fewest
    predicted in any segment reach their sizes (still known without the labels)."""

    def __init__(self, segments):
        self.segments = segments

    def predicted(self, negative):
        return np.min([counts.predicted(negative) for counts in self.segments], axis=0)

    def pvalues(self, measure, target, level, everywhere):
        return np.max([counts.pvalues(measure, target, level, everywhere)
                       for counts in self.segments], axis=0)

    def fewest(self, measure, target, level):
        return max(counts.fewest(measure, target, level) for counts in self.segments)


class FixedSequence:
    """One fixed sequence over the grid, read piece by piece: run down from the highest
    threshold, a row passes while no p-value before it (in this piece or an earlier
    one) exceeded the level; run up from the lowest, a row passes where no p-value
    after it does, in its piece and in every later piece (known at the end:
    :meth:`settle`). Exact counts give monotone p-values, where this is "every p-value
    within the level"; effective sizes between clusters need not."""

    def __init__(self, level, upward):
        self.level, self.upward, self.failed = level, upward, False

    def passed(self, pvalues, predicted=None):
        within = pvalues <= self.level
        if self.upward:
            return np.logical_and.accumulate(within[::-1])[::-1]
        passed = np.logical_and.accumulate(within) & (not self.failed)
        self.failed |= not bool(within.all())
        return passed

    def settle(self, found):
        """The pieces' best rows ``(row or None, the piece passed whole)`` that the
        whole sequence keeps: for a sequence run up, a piece's only where every later
        piece passed whole."""
        if not self.upward:
            return [row for row, _ in found]
        kept = []
        for row, whole in reversed(found):
            kept.append(row)
            if not whole:
                break
        return kept[::-1]


class PrecisionRuns:
    """The precision sequences, read piece by piece down the grid. Each starts where
    the predicted positives (non-decreasing down the grid, known without the labels)
    first reach 1, 2, 4, ... times the fewest rows that, all true positives, pass at
    the shared level (alpha over the number of starts), and runs down the grid until
    its first p-value above that level. As all run at one level, a row passes where
    its p-value is within it and a start lies after the last failure above it."""

    def __init__(self, most, fewest, alpha):
        count = self._sizes(fewest(alpha), most).shape[0]
        self.level = alpha / max(1, count)
        self.sizes = self._sizes(fewest(self.level), most)
        self.reached, self.active = 0, False

    @staticmethod
    def _sizes(fewest, most):
        with np.errstate(over="ignore"):  # (past the largest float: beyond `most`)
            sizes = fewest * 2.0 ** np.arange(64)
        return sizes[sizes <= most]

    def passed(self, pvalues, predicted):
        reached = np.searchsorted(self.sizes, predicted, side="right")
        starts = np.diff(reached, prepend=self.reached) > 0
        rows = np.arange(pvalues.shape[0])
        # (a run still going at the end of the last piece starts this one, at row -1)
        last_start = np.maximum.accumulate(np.where(starts, rows, -1 if self.active else -3))
        last_failure = np.maximum.accumulate(np.where(pvalues > self.level, rows, -2))
        passed = last_start > last_failure
        self.reached, self.active = int(reached[-1]), bool(last_start[-1] > last_failure[-1])
        return passed

    @staticmethod
    def settle(found):
        """Every piece's best row: each run's passing rows are known piece by piece."""
        return [row for row, _ in found]


def family_passed(counts, family, requirements, alpha, reverse):
    """Which thresholds (in the grid's order) a family of requirements certifies at
    ``alpha``, the level each test ran at, and each requirement's p-values: one fixed
    sequence from the family's easy end, or, with precision (the negative predictive
    value) among them, runs from several starts at a shared level."""
    order = slice(None, None, -1) if reverse else slice(None)
    runs_on = "npv" if reverse else "precision"
    predicted = counts.predicted(reverse)[order]
    runs = None
    if runs_on in family:
        runs = PrecisionRuns(float(predicted[-1]), lambda level: counts.fewest(
            runs_on, requirements[runs_on], level), alpha)
    level = alpha if runs is None else runs.level
    pvalues = {m: counts.pvalues(m, requirements[m], level, alpha >= 0.5) for m in family}
    largest = np.max(list(pvalues.values()), axis=0)[order]
    passed = (runs or FixedSequence(level, upward=False)).passed(largest, predicted)
    return passed[order], level, pvalues


def certify_requirements(grid, tp, fp, n_pos, n_neg, requirements, confidence_level,
                         maximize, prevalence=None, moments=None):
    """The threshold of ``grid`` (decreasing; ``tp``, ``fp`` the counts at or above
    each) certified for every one of ``requirements`` (``{measure: bound}``) together,
    with the best ``maximize`` on these rows among those certified."""
    counts = RequirementCounts(tp, fp, n_pos, n_neg, moments, prevalence)
    check_consistent(requirements, prevalence, n_pos, n_neg)
    passed, levels, pvalues = passing_rows(counts, requirements, confidence_level,
                                           grid.shape[0])
    if not passed.any():
        return none_certified(requirements, levels, pvalues, confidence_level, grid,
                              counts.rates())
    at = best_row(np.flatnonzero(passed), maximize, counts)
    largest = max(float(values[at]) for values in pvalues.values())
    return record_at(grid[at], requirements, confidence_level, counts, at, largest)


def passing_rows(counts, requirements, confidence_level, n_rows):
    """Which of the grid's ``n_rows`` thresholds every requirement's test certifies
    (``counts``: a :class:`RequirementCounts` or :class:`EverySegment`), the level each
    test ran at and its p-values: the two families of requirements from opposite
    ends, each at its share of the level."""
    families = [[m for m in requirements if _direction(m) == way] for way in ("down", "up")]
    alpha = (1 - confidence_level) / sum(1 for family in families if family)
    passed = np.ones(n_rows, dtype=bool)
    levels, pvalues = {}, {}
    for family, reverse in zip(families, (False, True)):
        if family:
            passed_here, level, family_pvalues = family_passed(
                counts, family, requirements, alpha, reverse)
            passed &= passed_here
            levels.update(dict.fromkeys(family, level))
            pvalues.update(family_pvalues)
    return passed, levels, pvalues


def _direction(measure):
    return next(way for name, way in ((v[0], v[2]) for v in REQUIREMENTS.values())
                if name == measure)


def best_row(certified, maximize, counts):
    """Among the certified thresholds the best ``maximize`` on these rows, ties going to
    the highest threshold (compared exactly where a ratio)."""
    tp, fp, factor = counts.tp, counts.fp, counts.factor
    if maximize == "recall":
        return int(certified[np.argmax(tp[certified])])
    hits, misses = ((tp, fp * factor) if maximize == "precision" else
                    ((counts.n_neg - fp) * factor, counts.n_pos - tp))
    with np.errstate(invalid="ignore", divide="ignore"):
        value = hits[certified] / (hits[certified] + misses[certified])
    exact = lambda at: [h / (h + m) if h + m else -1 for h, m in zip(  # noqa: E731
        fractions(hits, certified[at]), fractions(misses, certified[at]))]
    return int(certified[exact_argmax(np.nan_to_num(value, nan=-1.0), exact)])


def record_at(threshold, requirements, confidence_level, counts, at, pvalue):
    values = rates_at_threshold(counts.tp[at], counts.fp[at], counts.n_pos, counts.n_neg,
                                counts.factor)
    return CertifiedThreshold(
        threshold=threshold_number(threshold), measure=tuple(requirements),
        guaranteed=dict(requirements), confidence_level=confidence_level,
        estimate={name: values[name] for name in requirements},
        precision=values["precision"], recall=values["recall"], fpr=values["fpr"],
        pvalue=pvalue, npv=values["npv"], flag_rate=values["flag_rate"])


def threshold_number(value):
    """A threshold as a Python number (booleans as 0 and 1)."""
    value = value.item() if isinstance(value, np.generic) else value
    return int(value) if isinstance(value, bool) else value


def none_certified(requirements, levels, pvalues, confidence_level, grid, rates):
    """NaN, with a warning naming the requirement that failed where the others came
    closest to passing, and by how much."""
    scaled = np.array([pvalues[m] / levels[m] for m in requirements])
    with np.errstate(invalid="ignore"):  # (how far each estimate is on the wrong side)
        short = np.nan_to_num(np.array([
            bound - rates[m] if REQUIREMENTS_BY_MEASURE[m] else rates[m] - bound
            for m, bound in requirements.items()]), nan=np.inf)
    # (where the fewest requirements fail, then the nearest to passing, then the least
    # short of its bound on these rows)
    closest = int(np.lexsort((short.max(axis=0), scaled.max(axis=0),
                              (scaled > 1).sum(axis=0)))[0])
    failing = list(requirements)[int(np.argmax(scaled[:, closest]))]
    relation = ">=" if REQUIREMENTS_BY_MEASURE[failing] else "<="
    warn_undefined(
        f"No threshold can be certified to {_described(requirements)} together with "
        f"{confidence_level:.0%} confidence: where they came closest (threshold "
        f"{threshold_number(grid[closest])!r}), {failing} {relation} {requirements[failing]:g} "
        f"failed, {rates[failing][closest]:.4g} on these rows with p = "
        f"{pvalues[failing][closest]:.3g} where it needs {levels[failing]:.3g} or less. "
        "More rows, or a looser requirement, may pass.")
    nan = math.nan
    return CertifiedThreshold(
        threshold=nan, measure=tuple(requirements),
        guaranteed=dict.fromkeys(requirements, nan), confidence_level=confidence_level,
        estimate=dict.fromkeys(requirements, nan), precision=nan, recall=nan, fpr=nan,
        pvalue=nan, npv=nan, flag_rate=nan)


REQUIREMENTS_BY_MEASURE = {measure: floor for measure, floor, _ in REQUIREMENTS.values()}


def _described(requirements):
    return ", ".join(f"{m} {'>=' if REQUIREMENTS_BY_MEASURE[m] else '<='} {bound:g}"
                     for m, bound in requirements.items())

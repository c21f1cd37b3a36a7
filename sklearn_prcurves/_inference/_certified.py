"""An operating point with a guarantee: the threshold whose precision, recall or false
positive rate holds on new data from the same population with a stated confidence.

Learn then Test (Angelopoulos et al., 2021): each threshold of a grid chosen without
the labels is a hypothesis "the constraint fails here", tested by an exact binomial
tail; the hypotheses are tested in a fixed sequence, each only if the ones before it
were rejected, so that every rejected one holds together with the stated confidence
and any of them may be shipped.
"""

from __future__ import annotations

import math
from fractions import Fraction
from numbers import Real

import numpy as np
from numpy.typing import ArrayLike

from .._base._array_api import array_api_boundary
from .._base._compat import validate_params
from .._base._results import CertifiedThreshold
from .._base._undefined import warn_undefined
from .._base._validation import check_binary_input
from .._table._entry import BINARY_PARAMS, two_class_table
from .._table._exact import check_threshold, counts_at_or_above, exact_argmax, fractions
from .._table._moments import cluster_moments
from .._table._prevalence import PREVALENCE, fewest_passing, negatives_factor
from ._clusters import checked_groups, warn_few_clusters, weighted_groups
from ._requirements import (
    REQUIREMENT_PARAMS,
    FixedSequence,
    PrecisionRuns,
    certify_requirements,
    default_objective,
    rates_at_threshold,
    requirements_of,
    threshold_number,
    threshold_pvalues,
)

__all__ = ["certified_threshold", "certify", "grid_counts", "grid_moments"]

@validate_params(
    {
        **BINARY_PARAMS,
        **REQUIREMENT_PARAMS,
        "thresholds": ["array-like", None],
        **PREVALENCE,
        "groups": ["array-like", None],
    },
    prefer_skip_nested_validation=True,
)
@array_api_boundary("y_score", "y_true", "sample_weight")
def certified_threshold(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    min_precision: float | None = None,
    min_recall: float | None = None,
    max_fpr: float | None = None,
    min_npv: float | None = None,
    max_flag_rate: float | None = None,
    max_flags: tuple[int, int] | None = None,
    maximize: str | None = None,
    confidence_level: float = 0.95,
    thresholds: ArrayLike | None = None,
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
    prevalence: float | None = None,
    groups: ArrayLike | None = None,
) -> CertifiedThreshold:
    """The threshold to ship, with requirements that hold on new data.

    :func:`recall_at_precision` answers for the rows at hand: its threshold's precision
    on new data falls short of the target about half the time when the target is
    tight. This returns the threshold whose **population** precision (recall, false
    positive rate, negative predictive value, share flagged) meets every requirement
    given, together, with probability ``confidence_level`` over the draw of these rows,
    for rows drawn independently from the population the model will score; among the
    thresholds so certified, the one with the best estimated ``maximize``.

    Each threshold ``t`` of the grid is tested by the exact binomial tail of its
    counts: among the rows predicted positive the true positives are binomial with the
    population precision, among the positives those above ``t`` with the population
    recall, among the negatives with the population false positive rate, among the
    predicted negatives the true negatives with the negative predictive value, among
    all rows those flagged with the share flagged. The tests run in a fixed sequence
    from the thresholds where the requirement is easiest to meet, each at the full
    level until one fails (recall: from the lowest threshold up; false positive rate
    and share flagged: from the highest down); precision, which need not fall with the
    threshold, runs such a sequence downward from each of a few starting points chosen
    from the scores alone (where the predicted positives first reach 1, 2, 4, ... times
    the fewest that could pass), the level shared among them, and the negative
    predictive value upward in the same way. With several requirements a threshold
    passes where every one's test rejects (the largest p-value); those easiest at high
    thresholds (precision, false positive rate, share flagged) and those easiest at
    low ones (recall, negative predictive value) run their sequences from opposite
    ends, each family at half the level, and a threshold must pass both.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels. If labels are not in {-1, 1} or {0, 1}, ``pos_label``
        must be given.
    y_score : array-like of shape (n_samples,)
        Scores; higher means more likely positive. Predict positive for scores >= the
        threshold.
    min_precision, min_recall, max_fpr, min_npv, max_flag_rate : float in (0, 1), \
            default=None
        The requirements: give one or several. ``max_flag_rate`` is an alert budget,
        the largest share of cases predicted positive (at ``prevalence`` where given:
        ``pi TPR + (1 - pi) FPR``). A budget below ``min_recall`` times the prevalence
        (recall ``r`` flags at least that share) is refused: no threshold meets both.
    max_flags : tuple (count, cases), default=None
        The budget as a count: at most ``count`` flags per ``cases`` cases, the same as
        ``max_flag_rate=count / cases``.
    maximize : {"recall", "precision", "npv"}, default=None
        What to make best on these rows among the certified thresholds. None: recall,
        or precision where every requirement is on recall and the negative predictive
        value.
    confidence_level : float in (0, 1), default=0.95
        The probability, over the draw of these rows, that the constraint holds in the
        population at the returned threshold.
    thresholds : array-like of shape (n_thresholds,), default=None
        The grid of candidate thresholds. It must not be chosen by looking at the
        labels (that voids the guarantee); by default the distinct scores, which is
        the finest such grid. Compared with the scores exactly.
    pos_label : int, float, bool or str, default=None
        The label of the positive class.
    sample_weight : array-like of shape (n_samples,), default=None
        Frequency weights: a row of weight 3 counts as three rows drawn independently
        (weights that are not counts change the sample size the tests assume).
    prevalence : float in (0, 1), default=None
        The deployment's share of positives, where the rows have another: precision
        is guaranteed, estimated and compared at it (``pi TPR / (pi TPR + (1 - pi)
        FPR)``, Davis and Goadrich's Theorem 3.1). Its test then bounds the
        population's recall from below and false positive rate from above, each at
        half the level, and certifies where their ratio passes; stricter than the
        test at the rows' own prevalence, which reads the predicted positives as one
        binomial sample. The negative predictive value is tested the same way, the
        classes' roles swapped; the share flagged, ``pi TPR + (1 - pi) FPR``, bounds
        both rates from above, each at half the level, and certifies where that mix
        of the bounds is within the budget. Recall and the false positive rate do not
        depend on it.
    groups : array-like of shape (n_samples,), default=None
        Each row's cluster (patient, customer, session), where the rows of one cluster
        are alike and the clusters, not the rows, are drawn independently: the
        guarantee is then for new clusters from the population. Each test reads its
        counts at Korn and Graubard's effective sample size (the rate's variance
        between clusters against the binomial's, at most the rows, with Student's t of
        the clusters holding some of the count; where every cluster agrees, as at the
        top scores, Kish's size for clusters whose rows are all alike), so a cluster of
        20 alike rows counts about as one. Valid approximately, as the normal theory
        behind it: ``benchmarks/coverage_certified.py --clusters`` measures the rate of
        failures. Fewer than 10 clusters warn.

    Returns
    -------
    result : :class:`CertifiedThreshold`
        ``threshold`` (NaN when none can be certified, with an
        :class:`~sklearn.exceptions.UndefinedMetricWarning` naming the requirement that
        failed and by how much), the requirement's ``measure`` and the ``guaranteed``
        value with its ``confidence_level``, its ``estimate`` on these rows (with
        several requirements: the tuple of their names, and dicts of bounds and of
        estimates), the ``precision``, ``recall``, ``fpr``, ``npv`` and ``flag_rate``
        on these rows at the threshold, and the ``pvalue`` of its test (the largest of
        the requirements').

    See Also
    --------
    recall_at_precision : the same choice on these rows, without a guarantee.
    threshold_ci : intervals for a threshold chosen elsewhere.

    References
    ----------
    .. [1] A. N. Angelopoulos, S. Bates, E. J. Candes, M. I. Jordan and L. Lei, "Learn
           then Test: Calibrating Predictive Algorithms to Achieve Risk Control",
           arXiv:2110.01052 (2021).

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn_prcurves import certified_threshold
    >>> rng = np.random.default_rng(0)
    >>> y = rng.random(2000) < 0.2
    >>> scores = rng.normal(size=2000) + 2.5 * y
    >>> result = certified_threshold(y, scores, min_precision=0.8)
    >>> result.certified, result.guaranteed
    (True, 0.8)
    >>> bool(result.estimate > 0.8)
    True

    Precision of at least 0.8 with at most 15 alerts per 100 cases:

    >>> policy = certified_threshold(y, scores, min_precision=0.8, max_flags=(15, 100))
    >>> policy.measure, policy.guaranteed
    (('precision', 'flag_rate'), {'precision': 0.8, 'flag_rate': 0.15})
    >>> bool(policy.flag_rate <= 0.15 and policy.precision >= 0.8)
    True
    """
    requirements = requirements_of(
        {"min_precision": min_precision, "min_recall": min_recall, "max_fpr": max_fpr,
         "min_npv": min_npv, "max_flag_rate": max_flag_rate}, max_flags)
    objective = maximize or default_objective(requirements)
    table = two_class_table(y_true, y_score, pos_label, sample_weight,
                            counts="certified_threshold")
    grid, tp, fp, rows = grid_counts(table, thresholds)
    moments = None if groups is None else grid_moments(y_true, y_score, pos_label,
                                                    sample_weight, groups, table, rows)
    (measure, target), = requirements.items() if len(requirements) == 1 else [(None, None)]
    if measure in ("precision", "recall", "fpr", "flag_rate") and objective == default_objective(
            requirements):
        piece = (grid, tp, fp) + (() if moments is None else (moments,))
        return certify([piece], table.n_pos, table.n_neg, measure, target,
                       confidence_level, most=tp[-1] + fp[-1], prevalence=prevalence)
    return certify_requirements(grid, tp, fp, table.n_pos, table.n_neg, requirements,
                                confidence_level, objective, prevalence, moments)


def grid_moments(y_true, y_score, pos_label, sample_weight, groups, table, rows):
    """The sums over clusters at the grid's thresholds (the table's ``rows``)."""
    is_pos, scores, weight = check_binary_input(y_true, y_score, sample_weight, pos_label)
    clusters = checked_groups(weighted_groups(groups, sample_weight), is_pos.shape[0])
    warn_few_clusters(int(clusters.max()) + 1)
    return cluster_moments(table.thresholds, is_pos, scores, weight, clusters).at(rows)


def grid_counts(table, thresholds):
    """The grid in decreasing order, the weighted positives and negatives at or above
    each of its thresholds (compared with the scores exactly), and the table's row
    each reads (-1: above every score)."""
    if thresholds is None:
        return table.thresholds, table.tps, table.fps, np.arange(len(table))
    grid = np.asarray(thresholds)
    if grid.ndim != 1 or grid.shape[0] == 0 or not (grid.dtype.kind in "biuf" or (
            grid.dtype.kind == "O" and all(isinstance(v, Real) for v in grid.tolist()))):
        raise ValueError("thresholds must be a non-empty 1-D array of numbers; got "
                         f"shape {grid.shape} of dtype {grid.dtype}.")
    for value in grid.tolist():
        check_threshold(value, "a value of thresholds")
    grid = np.unique(grid)[::-1]
    above = counts_at_or_above(table.thresholds, grid.tolist())
    tps = np.concatenate([[0.0], table.tps])[above]
    fps = np.concatenate([[0.0], table.fps])[above]
    return grid, tps, fps, np.asarray(above) - 1


def certify(pieces, n_pos, n_neg, measure, target, confidence_level, most=None,
            prevalence=None):
    """:func:`certified_threshold` of a grid given as consecutive pieces ``(thresholds,
    tp, fp)`` in decreasing threshold order (the counts at or above each threshold):
    one table's rows, or ranges of them read one at a time, as the report holds a
    large table; with rows in clusters, ``(thresholds, tp, fp, moments)``, the
    :class:`~sklearn_prcurves._table._moments.ClusterMoments` at the thresholds.
    ``measure``: "precision", "recall", "fpr" or "flag_rate"; ``most``: the weight predicted
    positive at the grid's lowest threshold (default: all of it)."""
    alpha = 1 - confidence_level
    most = n_pos + n_neg if most is None else most
    # (precision at the prevalence: the negatives weighted by `factor`; its test, the
    # ratio of recall to false positive rate it needs)
    factor = 1.0 if prevalence is None else negatives_factor(n_pos, n_neg, prevalence)
    ratio = (target * (1 - prevalence) / ((1 - target) * prevalence)
             if prevalence is not None and measure == "precision" else None)
    if ratio is None:
        fewest = lambda level: math.log(level) / math.log(target)  # noqa: E731
    else:  # (the fewest rows that pass, all positive: from the smallest p-value there)
        fewest = lambda level: fewest_passing(n_pos, n_neg, ratio, level)  # noqa: E731
    # (precision's runs from several starts; recall's sequence from the lowest threshold
    # up; the false positive rate's and the budget's from the highest down)
    sequence = (PrecisionRuns(most, fewest, alpha) if measure == "precision" else
                FixedSequence(alpha, upward=measure == "recall"))
    level = sequence.level
    weakest, found = None, []
    for grid, tp, fp, *clustered in pieces:
        pvalues = threshold_pvalues(measure, target, tp, fp, n_pos, n_neg,
                                    clustered[0] if clustered else None, level, ratio,
                                    alpha >= 0.5, prevalence)
        at = int(np.argmin(pvalues))
        if weakest is None or pvalues[at] < weakest[0]:
            weakest = (float(pvalues[at]), threshold_number(grid[at]))
        passed, row = sequence.passed(pvalues, tp + fp), None
        if passed.any():
            at = _best_certified(np.flatnonzero(passed), measure, tp, fp * factor)
            row = (threshold_number(grid[at]), float(tp[at]), float(fp[at]), float(pvalues[at]))
        found.append((row, bool((pvalues <= level).all())))
    best = None
    for row in filter(None, sequence.settle(found)):
        best = row if best is None or _better(row, best, measure, factor) else best
    if best is None:
        return _none_certified(measure, target, confidence_level, weakest, level)
    return _result(best, n_pos, n_neg, measure, target, confidence_level, factor)


def _better(found, best, measure, factor):
    """Whether a later piece's best row beats the earlier pieces' best (ties go to the
    earlier: the higher threshold)."""
    if measure != "recall":
        return found[1] > best[1]
    # (the weighted negatives as the pieces' rows were compared: rounded products)
    return (Fraction(found[1]) / Fraction(found[1] + found[2] * factor)
            > Fraction(best[1]) / Fraction(best[1] + best[2] * factor))


def _result(best, n_pos, n_neg, measure, target, confidence_level, factor):
    threshold, tp, fp, pvalue = best
    rates = rates_at_threshold(tp, fp, n_pos, n_neg, factor)
    return CertifiedThreshold(
        threshold=threshold, measure=measure, guaranteed=target,
        confidence_level=confidence_level, estimate=rates[measure], **rates, pvalue=pvalue)



def _best_certified(certified, measure, tp, fp):
    """Among the certified thresholds the best estimated recall (precision, with a
    recall constraint), ties going to the highest threshold."""
    if measure != "recall":
        return int(certified[np.argmax(tp[certified])])
    with np.errstate(invalid="ignore", divide="ignore"):
        precision = tp[certified] / (tp[certified] + fp[certified])
    exact = lambda at: [t / (t + f) for t, f in zip(  # noqa: E731
        fractions(tp, certified[at]), fractions(fp, certified[at]))]
    return int(certified[exact_argmax(precision, exact)])


def _none_certified(measure, target, confidence_level, weakest, level):
    relation = "<=" if measure in ("fpr", "flag_rate") else ">="
    where = f"{weakest[0]:.3g} at threshold {weakest[1]!r}"
    why = (f"the smallest p-value, {where}, lies past a threshold where its sequence "
           "failed (a sequence stops at its first failure: that keeps the guarantee)"
           if weakest[0] <= level else
           f"the strongest evidence is p = {where}, where the test needs {level:.3g} or less")
    warn_undefined(
        f"No threshold can be certified to {measure} {relation} {target:g} with "
        f"{confidence_level:.0%} confidence: {why}. More rows, or a looser constraint, "
        "may pass.")
    nan = math.nan
    return CertifiedThreshold(threshold=nan, measure=measure, guaranteed=nan,
                              confidence_level=confidence_level, estimate=nan,
                              precision=nan, recall=nan, fpr=nan, pvalue=nan)

"""A guarantee in every segment at once: a certified threshold per segment (hospital,
region, device), the level shared among the segments so that all hold together, or one
threshold certified in every segment; and a certified threshold per label of
multilabel input, or per class of multiclass input (one-vs-rest), all holding together.

One threshold for every segment is an intersection-union test at each threshold: it
holds where it holds in each segment, so the largest of the segments' p-values is valid
at the full level and no share of the level is lost to the number of segments. A
threshold per segment is a separate test in each, each at the level over the number of
segments (Bonferroni), so that every segment's guarantee holds with the stated
confidence together.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from .._base._array_api import array_api_boundary
from .._base._compat import validate_params
from .._base._ids import checked_ids, id_codes
from .._base._labels import in_problem, label_problems, per_label_values
from .._table._entry import BINARY_PARAMS, two_class_table
from .._table._prevalence import PREVALENCE
from ._certified import certified_threshold, grid_counts, grid_moments
from ._requirements import (
    OPEN_UNIT,
    REQUIREMENT_PARAMS,
    EverySegment,
    RequirementCounts,
    best_row,
    check_consistent,
    default_objective,
    none_certified,
    passing_rows,
    record_at,
    requirements_of,
)

__all__ = ["certified_threshold_per_label", "certified_threshold_per_segment"]

@validate_params(
    {
        **BINARY_PARAMS,
        "segments": ["array-like"],
        "same_threshold": ["boolean"],
        **REQUIREMENT_PARAMS,
        "thresholds": ["array-like", None],
        **PREVALENCE,
        "groups": ["array-like", None],
    },
    prefer_skip_nested_validation=True,
)
@array_api_boundary("y_score", "y_true", "sample_weight")
def certified_threshold_per_segment(
    y_true: ArrayLike,
    y_score: ArrayLike,
    segments: ArrayLike,
    *,
    same_threshold: bool = False,
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
) -> dict:
    """Certified thresholds with the guarantee holding in every segment at once.

    The requirements are :func:`certified_threshold`'s, and ``confidence_level`` is the
    probability that they hold in **every** segment's population together. By default
    each segment gets its own threshold, certified on its own rows at level
    ``1 - (1 - confidence_level) / K`` for ``K`` segments (Bonferroni), the best
    ``maximize`` in that segment among its certified thresholds. With
    ``same_threshold=True`` one threshold is shipped everywhere: a threshold passes
    where every segment's test passes (an intersection-union test: the largest of the
    segments' p-values, valid at the full level), on a grid common to the segments
    (their distinct scores, or ``thresholds``), the best ``maximize`` on all the rows
    together among those certified. A segment with few rows then holds every segment
    back: that is the price of one threshold for all.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels.
    y_score : array-like of shape (n_samples,)
        Scores; higher means more likely positive.
    segments : array-like of shape (n_samples,)
        Each row's segment: numbers or text, one kind for all rows (a missing one is
        refused). Every segment needs both classes.
    same_threshold : bool, default=False
        One threshold certified in every segment, instead of one per segment.
    min_precision, min_recall, max_fpr, min_npv, max_flag_rate, max_flags, maximize
        As for :func:`certified_threshold` (each requirement holds in each segment).
    confidence_level : float in (0, 1), default=0.95
        The probability that every requirement holds in every segment at once.
    thresholds : array-like, default=None
        The candidate thresholds, chosen without the labels; by default each segment's
        distinct scores (with ``same_threshold``: all the rows').
    pos_label : int, float, bool or str, default=None
    sample_weight : array-like of shape (n_samples,), default=None
        Frequency weights, as for :func:`certified_threshold`.
    prevalence : float in (0, 1), default=None
        The deployment's share of positives in every segment, as for
        :func:`certified_threshold` (each segment's negatives weighted to it).
    groups : array-like of shape (n_samples,), default=None
        Each row's cluster, as for :func:`certified_threshold` (a cluster within one
        segment: patients within a hospital).

    Returns
    -------
    results : dict
        ``{segment: CertifiedThreshold}`` in the segments' sorted order; each holds the
        segment's threshold (with ``same_threshold``, the shared one) and its values on
        the segment's rows, with its ``confidence_level``: the per-segment level where
        each has its own threshold, the stated one where they share it. Where nothing
        can be certified the thresholds are NaN, with an
        :class:`~sklearn.exceptions.UndefinedMetricWarning` naming the requirement.

    See Also
    --------
    certified_threshold : one segment.

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn_prcurves import certified_threshold_per_segment
    >>> rng = np.random.default_rng(0)
    >>> hospital = rng.choice(["north", "south"], size=4000)
    >>> y = rng.random(4000) < np.where(hospital == "north", 0.3, 0.15)
    >>> scores = rng.normal(size=4000) + 2.5 * y
    >>> each = certified_threshold_per_segment(y, scores, hospital, min_precision=0.8)
    >>> sorted(each), all(r.precision >= 0.8 for r in each.values())
    (['north', 'south'], True)
    >>> one = certified_threshold_per_segment(y, scores, hospital, min_precision=0.8,
    ...                                       same_threshold=True)
    >>> one["north"].threshold == one["south"].threshold
    True
    """
    requirements = {"min_precision": min_precision, "min_recall": min_recall,
                    "max_fpr": max_fpr, "min_npv": min_npv, "max_flag_rate": max_flag_rate}
    y_true, y_score = np.asarray(y_true), np.asarray(y_score)
    labels, codes = id_codes(checked_ids(segments, y_true.shape[0], "segments"),
                             "segments")
    rows = [np.flatnonzero(codes == k) for k in range(labels.shape[0])]
    weight = None if sample_weight is None else np.asarray(sample_weight)
    ids = None if groups is None else checked_ids(groups, y_true.shape[0], "groups")
    subsets = [(label, y_true[at], y_score[at], None if weight is None else weight[at],
                None if ids is None else ids[at]) for label, at in zip(labels.tolist(), rows)]
    common = dict(pos_label=pos_label, prevalence=prevalence, max_flags=max_flags,
                  maximize=maximize, thresholds=thresholds)
    if same_threshold:
        return _one_for_all(y_true, y_score, weight, subsets, requirements,
                            confidence_level, common)
    level = 1 - (1 - confidence_level) / len(subsets)
    return {label: in_problem("segment", label, lambda y, s, w, g: certified_threshold(
        y, s, **requirements, **common, confidence_level=level, sample_weight=w,
        groups=g), y, s, w, g) for label, y, s, w, g in subsets}


@validate_params(
    {
        "y_true": ["array-like"],
        "y_score": ["array-like"],
        "classes": ["array-like", None],
        "simultaneous": ["boolean"],
        **REQUIREMENT_PARAMS,
        "sample_weight": ["array-like", None],
        "prevalence": [OPEN_UNIT, "array-like", None],
        "groups": ["array-like", None],
    },
    prefer_skip_nested_validation=True,
)
@array_api_boundary("y_score", "y_true", "sample_weight")
def certified_threshold_per_label(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    classes: ArrayLike | None = None,
    simultaneous: bool = True,
    min_precision: float | None = None,
    min_recall: float | None = None,
    max_fpr: float | None = None,
    min_npv: float | None = None,
    max_flag_rate: float | None = None,
    max_flags: tuple[int, int] | None = None,
    maximize: str | None = None,
    confidence_level: float = 0.95,
    sample_weight: ArrayLike | None = None,
    prevalence: float | ArrayLike | None = None,
    groups: ArrayLike | None = None,
) -> dict:
    """A certified threshold per label (multilabel) or per class (multiclass,
    one-vs-rest), the guarantee holding for every one at once.

    Each label's threshold is :func:`certified_threshold`'s on its column: predict the
    label for scores at or above it, with the requirements holding for that label in
    the population. With ``simultaneous`` (the default) each is certified at level
    ``1 - (1 - confidence_level) / K`` for ``K`` labels (Bonferroni), so that all ``K``
    hold together with ``confidence_level``; without it each holds at
    ``confidence_level`` on its own (about ``K (1 - confidence_level)`` of them may
    then fail).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,) or (n_samples, n_labels)
        A 0/1 indicator matrix (multilabel), or one class per row (multiclass).
    y_score : array-like of shape (n_samples, n_labels)
        One score column per label or class (higher: more likely that label), as
        ``predict_proba`` or ``decision_function`` give them.
    classes : array-like of shape (n_labels,), default=None
        The name of each column: for multiclass the class each score column is for
        (default: the sorted classes of ``y_true``), for multilabel the labels' names
        (default: 0 .. n_labels - 1).
    simultaneous : bool, default=True
        Every label's guarantee together (the level shared), or each on its own.
    min_precision, min_recall, max_fpr, min_npv, max_flag_rate, max_flags, maximize
        As for :func:`certified_threshold`, each label against the rest.
    confidence_level : float in (0, 1), default=0.95
    sample_weight : array-like of shape (n_samples,), default=None
        Frequency weights of the rows.
    prevalence : float in (0, 1) or array-like of shape (n_labels,), default=None
        The deployment's share of each label (one number for every label, or one per
        label in the columns' order), as for :func:`certified_threshold`.
    groups : array-like of shape (n_samples,), default=None
        Each row's cluster, as for :func:`certified_threshold`.

    Returns
    -------
    results : dict
        ``{label: CertifiedThreshold}`` in the columns' order; each at its level
        (``confidence_level`` on each record: the per-label one).

    See Also
    --------
    certified_threshold, certified_threshold_per_segment

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn_prcurves import certified_threshold_per_label
    >>> rng = np.random.default_rng(0)
    >>> Y = rng.random((3000, 3)) < [0.3, 0.2, 0.4]
    >>> S = rng.normal(size=(3000, 3)) + 2.5 * Y
    >>> found = certified_threshold_per_label(Y, S, classes=["cat", "dog", "bird"],
    ...                                       min_precision=0.85)
    >>> list(found), all(r.precision >= 0.85 for r in found.values())
    (['cat', 'dog', 'bird'], True)
    """
    names, positives, scores = label_problems(y_true, y_score, classes)
    kind = "label" if np.ndim(y_true) == 2 else "class"
    prevalences = per_label_values(prevalence, len(names))
    level = (1 - (1 - confidence_level) / len(names) if simultaneous
             else confidence_level)
    requirements = {"min_precision": min_precision, "min_recall": min_recall,
                    "max_fpr": max_fpr, "min_npv": min_npv, "max_flag_rate": max_flag_rate}
    return {name: in_problem(kind, name, lambda k: certified_threshold(
        positives[:, k], scores[:, k], **requirements, max_flags=max_flags,
        maximize=maximize, pos_label=True,
        confidence_level=level, sample_weight=sample_weight, prevalence=prevalences[k],
        groups=groups), k) for k, name in enumerate(names)}


def _one_for_all(y_true, y_score, weight, subsets, given, confidence_level, common):
    """One threshold certified in every segment: each segment's counts on the common
    grid, tested together (:class:`EverySegment`), the objective read on all rows."""
    requirements = requirements_of(given, common["max_flags"])
    objective = common["maximize"] or default_objective(requirements)
    pos_label, prevalence = common["pos_label"], common["prevalence"]
    table = two_class_table(y_true, y_score, pos_label, weight)
    grid = table.thresholds if common["thresholds"] is None else common["thresholds"]
    order = grid_counts(table, grid)[0]
    counts = [_on_grid(label, y, s, w, g, grid, pos_label, prevalence, requirements)
              for label, y, s, w, g in subsets]
    pooled = RequirementCounts(sum(c.tp for c in counts), sum(c.fp for c in counts),
                               sum(c.n_pos for c in counts), sum(c.n_neg for c in counts),
                               None, prevalence)
    passed, levels, pvalues = passing_rows(EverySegment(counts), requirements,
                                           confidence_level, order.shape[0])
    if not passed.any():
        nothing = none_certified(requirements, levels, pvalues, confidence_level, order,
                                 pooled.rates())
        return {subset[0]: nothing for subset in subsets}
    at = best_row(np.flatnonzero(passed), objective, pooled)
    largest = max(float(values[at]) for values in pvalues.values())
    return {subset[0]: record_at(order[at], requirements, confidence_level, found, at,
                                 largest) for subset, found in zip(subsets, counts)}


def _on_grid(label, y, s, w, g, grid, pos_label, prevalence, requirements):
    """One segment's :class:`RequirementCounts` at the common grid's thresholds."""
    def counts():
        table = two_class_table(y, s, pos_label, w, counts="certified_threshold_per_segment")
        _, tp, fp, rows = grid_counts(table, grid)
        check_consistent(requirements, prevalence, table.n_pos, table.n_neg)
        moments = None if g is None else grid_moments(y, s, pos_label, w, g, table, rows)
        return RequirementCounts(tp, fp, table.n_pos, table.n_neg, moments, prevalence)
    return in_problem("segment", label, counts)

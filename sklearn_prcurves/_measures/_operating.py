"""Operating points: confusion-matrix measures at every threshold, and the usual
questions asked of them (the highest recall at a precision, the highest precision at a
recall, the F-beta optimum, the break-even point).

Everything here reads the counting kernel's table, so ties and weights are handled as
in every curve of the package: a threshold ``t`` predicts positive for scores >= t.
"""

from __future__ import annotations

from fractions import Fraction
from numbers import Real
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import ArrayLike

from .._base._array_api import array_api_boundary, to_numpy
from .._base._compat import Interval, validate_params
from .._base._results import FBetaOptimum, OperatingPoint
from .._base._undefined import undefined_ignored, warn_undefined
from .._metrics._thresholds import points_frame, table_points
from .._table._count_table import CountTable
from .._table._entry import BINARY_PARAMS, two_class_table
from .._table._exact import (
    CANDIDATE_MARGIN,
    best_sure_value,
    candidates_at_least,
    candidates_near,
    exact_argmax,
    exact_at_least,
    fractions,
)
from .._table._prevalence import PREVALENCE
from ._interpolation import table_path

if TYPE_CHECKING:
    from sklearn.utils import Bunch

__all__ = [
    "break_even_point",
    "fbeta_optimal_threshold",
    "operating_points",
    "precision_at_flag_rate",
    "precision_at_recall_score",
    "precision_at_recall",
    "recall_at_flag_rate",
    "recall_at_flag_rate_score",
    "recall_at_precision_score",
    "recall_at_precision",
    "table_budget_row",
]

@validate_params({**BINARY_PARAMS, "as_frame": ["boolean"], **PREVALENCE},
                 prefer_skip_nested_validation=True)
@array_api_boundary("y_score", "y_true", "sample_weight", in_namespace=True)
def operating_points(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
    as_frame: bool = False,
    prevalence: float | None = None,
) -> Bunch:
    """Every confusion-matrix measure at every distinct threshold, in one call.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels. If labels are not in {-1, 1} or {0, 1}, ``pos_label``
        must be given.
    y_score : array-like of shape (n_samples,)
        Scores; higher means more likely positive.
    pos_label : int, float, bool or str, default=None
        The label of the positive class.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.
    as_frame : bool, default=False
        Return the same columns as a data frame (polars for polars input, pandas
        otherwise), one row per threshold.
    prevalence : float in (0, 1), default=None
        The deployment's share of positives: the measures that population would see
        (precision, the negatives' counts and what follows from them), the negatives
        weighted to hold ``1 - prevalence`` of the weight (Davis and Goadrich's
        Theorem 3.1; recall and the rates do not move). None: the data's own.

    Returns
    -------
    points : :class:`~sklearn.utils.Bunch` or DataFrame
        Arrays of shape (n_thresholds,), in decreasing threshold order (predict
        positive for scores >= ``threshold``): ``threshold``, ``tp``, ``fp``,
        ``tn``, ``fn``, ``tpr`` (recall, sensitivity), ``tnr`` (specificity),
        ``fpr``, ``fnr``, ``ppv`` (precision), ``npv``, ``fdr``, ``accuracy``,
        ``f1`` (2 TP / (P + P')), ``youden_j`` (TPR + TNR - 1), ``lr_plus`` (TPR /
        FPR) and ``lr_minus`` (FNR / TNR), the likelihood ratios (infinite where only
        the divisor is 0; :func:`likelihood_ratio_ci` gives their intervals).
        Undefined ratios (0 / 0) are NaN.

    See Also
    --------
    recall_at_precision, precision_at_recall, fbeta_optimal_threshold
    threshold_table : a frame of chosen measures, thinned for plotting.

    Examples
    --------
    >>> from sklearn_prcurves import operating_points
    >>> points = operating_points([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> points.threshold
    array([0.8 , 0.4 , 0.35, 0.1 ])
    >>> points.ppv
    array([1.        , 0.5       , 0.66666667, 0.5       ])
    >>> points.f1
    array([0.66666667, 0.5       , 0.8       , 0.66666667])
    """
    points = table_points(two_class_table(y_true, y_score, pos_label, sample_weight,
                                          counts="operating_points", prevalence=prevalence))
    return points_frame(points, y_true, y_score) if as_frame else points


# A table held in another namespace (a GPU) is not brought to the host whole: there the
# floats select every row that could be an operating point's answer, with a margin far
# wider than any rounding, and the exact rules (:mod:`._exact`) decide among them.


def _near_top(xp, values, possible, sure=None):
    """The rows that can hold the best value among feasible rows: ``possible`` rows
    (feasible, or too near the constraint for the floats to tell) near the best
    ``sure`` (surely feasible) row, or all ``possible`` rows when none is sure."""
    top = best_sure_value(values, possible if sure is None else sure, xp)
    return candidates_near(values, possible, top, xp)


def _candidates(table, keep):
    """The host table of a namespace table's rows ``keep`` and its last row (which
    holds the totals): the rows that can answer an operating-point question, for the
    exact rules to decide among (rows that cannot win do not change their answer)."""
    xp = table.xp
    last = xp.arange(keep.shape[0], device=table.device) == keep.shape[0] - 1
    keep = keep | last
    return CountTable(np.asarray(to_numpy(table.thresholds[keep])),
                      *(np.asarray(to_numpy(c[keep]), dtype=np.float64)
                        for c in (table.tps, table.fps)))


def _best_under_constraint(values, feasible, threshold, name, exact_values):
    if not np.any(feasible):
        warn_undefined(f"No threshold satisfies the constraint on {name}.")
        return OperatingPoint(np.nan, np.nan)
    candidates = np.flatnonzero(feasible)
    # Among equal values the highest threshold (fewest predicted positives): the first,
    # as thresholds decrease; equal compared exactly.
    best = candidates[exact_argmax(values[candidates],
                                   lambda at: exact_values(candidates[at]))]
    return OperatingPoint(float(values[best]), float(threshold[best]))


def _exact_precision(tp, fp):
    return lambda at: [Fraction(0) if t + f == 0 else t / (t + f)
                       for t, f in zip(fractions(tp, at), fractions(fp, at))]


def _exact_recall(tp):
    total = Fraction(float(tp[-1]))
    return lambda at: [t / total for t in fractions(tp, at)]


@validate_params(
    {**BINARY_PARAMS, "min_precision": [Interval(Real, 0, 1, closed="both")], **PREVALENCE},
    prefer_skip_nested_validation=True,
)
@array_api_boundary("y_score", "y_true", "sample_weight", in_namespace=True)
def recall_at_precision(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    min_precision: float,
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
    prevalence: float | None = None,
) -> OperatingPoint:
    """The highest recall among thresholds whose precision is at least ``min_precision``.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels.
    y_score : array-like of shape (n_samples,)
        Scores; higher means more likely positive.
    min_precision : float in [0, 1]
        Required precision.
    pos_label : int, float, bool or str, default=None
        The label of the positive class.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.
    prevalence : float in (0, 1), default=None
        The deployment's share of positives: the precision that population would
        see, the negatives weighted to hold ``1 - prevalence`` of the weight (Davis
        and Goadrich's Theorem 3.1; recall does not move). None: the data's own.

    Returns
    -------
    point : OperatingPoint
        ``(value, threshold)``: the recall, NaN (with an
        :class:`~sklearn.exceptions.UndefinedMetricWarning`) when no threshold reaches
        the precision, and the threshold achieving it (predict positive for scores
        >= threshold). Unpacks as a pair.

    Examples
    --------
    >>> from sklearn_prcurves import recall_at_precision
    >>> recall_at_precision([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], min_precision=0.6)
    OperatingPoint(value=1.0, threshold=0.35)
    """
    table = two_class_table(y_true, y_score, pos_label, sample_weight, prevalence=prevalence)
    return table_recall_at_precision(table, min_precision)


def table_recall_at_precision(table, min_precision):
    """:func:`recall_at_precision` of a counting table."""
    if not table.numpy:
        tp, fp = table.tps, table.fps
        table = _candidates(table, _near_top(
            table.xp, tp, *candidates_at_least(tp / (tp + fp), float(min_precision))))
    tp, fp = table.tps, table.fps
    with np.errstate(invalid="ignore"):
        precision = tp / (tp + fp)
    feasible = exact_at_least(precision, min_precision, _exact_precision(tp, fp))
    return _best_under_constraint(tp / tp[-1], feasible, table.thresholds, "precision",
                                  _exact_recall(tp))


def table_precision_at_recall(table, min_recall):
    """:func:`precision_at_recall` of a counting table."""
    if not table.numpy:
        tp, fp = table.tps, table.fps
        table = _candidates(table, _near_top(
            table.xp, tp / (tp + fp), *candidates_at_least(tp / table.n_pos,
                                                           float(min_recall))))
    tp, fp = table.tps, table.fps
    feasible = exact_at_least(tp / tp[-1], min_recall, _exact_recall(tp))
    with np.errstate(invalid="ignore"):
        precision = tp / (tp + fp)
    return _best_under_constraint(precision, feasible, table.thresholds, "recall",
                                  _exact_precision(tp, fp))


@validate_params(
    {**BINARY_PARAMS, "min_recall": [Interval(Real, 0, 1, closed="both")], **PREVALENCE},
    prefer_skip_nested_validation=True,
)
@array_api_boundary("y_score", "y_true", "sample_weight", in_namespace=True)
def precision_at_recall(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    min_recall: float,
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
    prevalence: float | None = None,
) -> OperatingPoint:
    """The highest precision among thresholds whose recall is at least ``min_recall``.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels.
    y_score : array-like of shape (n_samples,)
        Scores; higher means more likely positive.
    min_recall : float in [0, 1]
        Required recall.
    pos_label : int, float, bool or str, default=None
        The label of the positive class.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.
    prevalence : float in (0, 1), default=None
        The deployment's share of positives: the precision that population would
        see, the negatives weighted to hold ``1 - prevalence`` of the weight (Davis
        and Goadrich's Theorem 3.1; recall does not move). None: the data's own.

    Returns
    -------
    point : OperatingPoint
        ``(value, threshold)``: the precision and the threshold achieving it. Unpacks
        as a pair.

    Examples
    --------
    >>> from sklearn_prcurves import precision_at_recall
    >>> precision_at_recall([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], min_recall=0.5)
    OperatingPoint(value=1.0, threshold=0.8)
    """
    table = two_class_table(y_true, y_score, pos_label, sample_weight, prevalence=prevalence)
    return table_precision_at_recall(table, min_recall)


def recall_at_precision_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    min_precision: float,
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
) -> float:
    """:func:`recall_at_precision`'s recall alone (0 when unreachable): a score for
    :func:`~sklearn.metrics.make_scorer`.

    Examples
    --------
    >>> from sklearn_prcurves import recall_at_precision_score
    >>> recall_at_precision_score([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], min_precision=0.6)
    1.0
    """
    with undefined_ignored():
        recall, _ = recall_at_precision(
            y_true, y_score, min_precision=min_precision, pos_label=pos_label,
            sample_weight=sample_weight,
        )
    return 0.0 if np.isnan(recall) else recall


def precision_at_recall_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    min_recall: float,
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
) -> float:
    """:func:`precision_at_recall`'s precision alone: a score for
    :func:`~sklearn.metrics.make_scorer`.

    Examples
    --------
    >>> from sklearn_prcurves import precision_at_recall_score
    >>> precision_at_recall_score([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], min_recall=0.5)
    1.0
    """
    precision, _ = precision_at_recall(
        y_true, y_score, min_recall=min_recall, pos_label=pos_label, sample_weight=sample_weight
    )
    return precision


_BUDGET = {**BINARY_PARAMS, "max_flag_rate": [Interval(Real, 0, 1, closed="both")],
           **PREVALENCE}


@validate_params(_BUDGET, prefer_skip_nested_validation=True)
@array_api_boundary("y_score", "y_true", "sample_weight", in_namespace=True)
def recall_at_flag_rate(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    max_flag_rate: float,
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
    prevalence: float | None = None,
) -> OperatingPoint:
    """The highest recall among thresholds that flag at most ``max_flag_rate`` of the
    cases (the share predicted positive: an alert budget).

    Recall and the share flagged both grow as the threshold falls, so this is the
    recall at the lowest threshold within the budget, or, where higher thresholds reach
    the same recall with fewer flags, the highest of them (the package's rule for ties);
    a tie of scores at the budget's edge is flagged whole or not at all, so the share
    flagged may fall short of the budget.
    ``max_flags`` alerts per ``cases`` cases is ``max_flag_rate=max_flags / cases``.
    For a threshold whose share flagged holds in the population, see
    :func:`certified_threshold`'s ``max_flag_rate``.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels.
    y_score : array-like of shape (n_samples,)
        Scores; higher means more likely positive.
    max_flag_rate : float in [0, 1]
        The largest share of cases predicted positive.
    pos_label : int, float, bool or str, default=None
        The label of the positive class.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights: the share flagged is a share of the weight.
    prevalence : float in (0, 1), default=None
        The deployment's share of positives: the share flagged there, ``pi TPR + (1 -
        pi) FPR`` (the negatives weighted to hold ``1 - prevalence`` of the weight),
        moves with it, and so does the threshold the budget allows. None: the data's.

    Returns
    -------
    point : OperatingPoint
        ``(value, threshold)``: the recall, NaN (with an
        :class:`~sklearn.exceptions.UndefinedMetricWarning`) when even the highest
        score's rows exceed the budget, and the threshold (predict positive for scores
        >= threshold). Unpacks as a pair.

    Examples
    --------
    >>> from sklearn_prcurves import recall_at_flag_rate
    >>> y = [0, 0, 1, 1, 0, 1, 0, 0, 0, 1]
    >>> scores = [0.1, 0.4, 0.35, 0.8, 0.7, 0.9, 0.2, 0.3, 0.05, 0.6]
    >>> recall_at_flag_rate(y, scores, max_flag_rate=0.3)
    OperatingPoint(value=0.5, threshold=0.8)
    >>> recall_at_flag_rate(y, scores, max_flag_rate=0.4)
    OperatingPoint(value=0.75, threshold=0.6)
    """
    table = two_class_table(y_true, y_score, pos_label, sample_weight, prevalence=prevalence)
    table, row = table_budget_row(table, max_flag_rate)
    if row is None:
        return OperatingPoint(np.nan, np.nan)
    return OperatingPoint(float(table.tps[row] / table.tps[-1]), float(table.thresholds[row]))


@validate_params(_BUDGET, prefer_skip_nested_validation=True)
@array_api_boundary("y_score", "y_true", "sample_weight", in_namespace=True)
def precision_at_flag_rate(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    max_flag_rate: float,
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
    prevalence: float | None = None,
) -> OperatingPoint:
    """The precision of the alerts at an alert budget: at the threshold of
    :func:`recall_at_flag_rate` (the best recall flagging at most ``max_flag_rate`` of
    the cases), the share of flagged cases that are positive, as "precision at k"
    reads the top ``k`` cases.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
    y_score : array-like of shape (n_samples,)
    max_flag_rate : float in [0, 1]
        The largest share of cases predicted positive.
    pos_label : int, float, bool or str, default=None
    sample_weight : array-like of shape (n_samples,), default=None
    prevalence : float in (0, 1), default=None
        The deployment's share of positives: precision and the share flagged there.

    Returns
    -------
    point : OperatingPoint
        ``(value, threshold)``; NaN (with an
        :class:`~sklearn.exceptions.UndefinedMetricWarning`) when even the highest
        score's rows exceed the budget.

    Examples
    --------
    >>> from sklearn_prcurves import precision_at_flag_rate
    >>> y = [0, 0, 1, 1, 0, 1, 0, 0, 0, 1]
    >>> scores = [0.1, 0.4, 0.35, 0.8, 0.7, 0.9, 0.2, 0.3, 0.05, 0.6]
    >>> precision_at_flag_rate(y, scores, max_flag_rate=0.3)
    OperatingPoint(value=1.0, threshold=0.8)
    """
    table = two_class_table(y_true, y_score, pos_label, sample_weight, prevalence=prevalence)
    table, row = table_budget_row(table, max_flag_rate)
    if row is None:
        return OperatingPoint(np.nan, np.nan)
    tp, fp = float(table.tps[row]), float(table.fps[row])
    return OperatingPoint(tp / (tp + fp), float(table.thresholds[row]))


def table_budget_row(table, max_flag_rate):
    """The table (off NumPy, its rows that can answer) and the row of the best recall
    within ``max_flag_rate`` of the weight flagged (compared exactly; ties to the
    highest threshold), or None with a warning where even the first row exceeds it."""
    if not table.numpy:
        xp, tp, fp = table.xp, table.tps, table.fps
        share = (tp + fp) / (tp[-1] + fp[-1])
        possible, sure = candidates_at_least(-share, -float(max_flag_rate))
        # (the share only grows down the table: the rows from the last surely within
        # the budget to the last possibly within it decide, with the totals' row)
        counted = [int(xp.sum(xp.astype(mask, xp.int64))) for mask in (sure, possible)]
        at = xp.arange(share.shape[0], device=table.device)
        # (and the rows before them that reach the same recall: ties go to the highest)
        least = tp[max(counted[0] - 1, 0)]
        table = _candidates(table, ((at >= counted[0] - 1) | (tp >= least))
                            & (at < counted[1]))
    tp, fp = table.tps, table.fps
    total = tp[-1] + fp[-1]
    share = (tp + fp) / total
    whole = Fraction(float(total))
    within = exact_at_least(-share, -float(max_flag_rate), lambda at: [
        -(t + f) / whole for t, f in zip(fractions(tp, at), fractions(fp, at))])
    if not within[0]:
        warn_undefined(f"Even the highest score's rows are more than the flag-rate budget "
                       f"{max_flag_rate:g} of the cases: no threshold keeps within it.")
        return table, None
    last = int(np.flatnonzero(within)[-1])
    return table, int(np.flatnonzero(tp[: last + 1] == tp[last])[0])


def recall_at_flag_rate_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    max_flag_rate: float,
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
) -> float:
    """:func:`recall_at_flag_rate`'s recall alone (0 where no threshold keeps within
    the budget): a score for :func:`~sklearn.metrics.make_scorer`.

    Examples
    --------
    >>> from sklearn_prcurves import recall_at_flag_rate_score
    >>> recall_at_flag_rate_score([0, 1, 1, 0], [0.1, 0.9, 0.8, 0.3], max_flag_rate=0.5)
    1.0
    """
    with undefined_ignored():
        recall, _ = recall_at_flag_rate(y_true, y_score, max_flag_rate=max_flag_rate,
                                        pos_label=pos_label, sample_weight=sample_weight)
    return 0.0 if np.isnan(recall) else recall


@validate_params(
    {**BINARY_PARAMS, "beta": [Interval(Real, 0, None, closed="neither")], **PREVALENCE},
    prefer_skip_nested_validation=True,
)
@array_api_boundary("y_score", "y_true", "sample_weight", in_namespace=True)
def fbeta_optimal_threshold(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    beta: float = 1.0,
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
    prevalence: float | None = None,
) -> FBetaOptimum:
    """The threshold maximising F-beta, and that F-beta.

    F-beta = (1 + beta^2) TP / ((1 + beta^2) TP + beta^2 FN + FP); ``beta > 1`` favours
    recall. Ties between thresholds go to the highest one.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels.
    y_score : array-like of shape (n_samples,)
        Scores; higher means more likely positive.
    beta : float > 0, default=1.0
        Weight of recall relative to precision.
    pos_label : int, float, bool or str, default=None
        The label of the positive class.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.
    prevalence : float in (0, 1), default=None
        The deployment's share of positives: the precision (and F-beta) that population would
        see, the negatives weighted to hold ``1 - prevalence`` of the weight (Davis
        and Goadrich's Theorem 3.1; recall does not move). None: the data's own.

    Returns
    -------
    optimum : FBetaOptimum
        ``(threshold, fbeta)``. Unpacks as a pair.

    Examples
    --------
    >>> from sklearn_prcurves import fbeta_optimal_threshold
    >>> fbeta_optimal_threshold([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    FBetaOptimum(threshold=0.35, fbeta=0.8)
    """
    return table_fbeta_optimum(two_class_table(y_true, y_score, pos_label, sample_weight,
                                               prevalence=prevalence), beta)


def table_fbeta_optimum(table, beta=1.0):
    """:func:`fbeta_optimal_threshold` of a counting table: ``(threshold, fbeta)``."""
    # F-beta = TP / (TP + w FN + (1 - w) FP) with w = beta^2 / (1 + beta^2): no
    # product overflows, whatever beta (w -> 1 gives recall, w -> 0 precision).
    b2 = float(beta) * float(beta)
    w = 1.0 if b2 == np.inf else b2 / (1.0 + b2)

    def f_beta(tp, fp):
        with np.errstate(invalid="ignore"):  # (0 / 0: NaN, a candidate the rules refuse)
            return tp / (tp + w * (table.n_pos - tp) + (1.0 - w) * fp)

    if not table.numpy:
        every = table.xp.ones(table.tps.shape, dtype=table.xp.bool, device=table.device)
        table = _candidates(table, _near_top(table.xp, f_beta(table.tps, table.fps), every))
    tp, fp = table.tps, table.fps
    fbeta = f_beta(tp, fp)
    exact_w = Fraction(1) if b2 == np.inf else Fraction(b2) / (1 + Fraction(b2))
    total = Fraction(float(tp[-1]))

    def exact(at):  # ties go to the highest threshold, compared exactly
        values = []
        for t, f in zip(fractions(tp, at), fractions(fp, at)):
            denominator = t + exact_w * (total - t) + (1 - exact_w) * f
            values.append(t / denominator if denominator else Fraction(-1))
        return values

    best = exact_argmax(fbeta, exact)
    return FBetaOptimum(float(table.thresholds[best]), float(fbeta[best]))


@validate_params({**BINARY_PARAMS, **PREVALENCE}, prefer_skip_nested_validation=True)
@array_api_boundary("y_score", "y_true", "sample_weight", in_namespace=True)
def break_even_point(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
    prevalence: float | None = None,
) -> OperatingPoint:
    """Where precision equals recall on the interpolated PR curve.

    Precision = recall exactly when as many samples are predicted positive as there
    are positives (TP + FP = P). Along the interpolated curve of Davis and Goadrich
    (2006) TP and FP grow linearly inside each step, so that point is found exactly,
    inside a tie group if need be.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels.
    y_score : array-like of shape (n_samples,)
        Scores; higher means more likely positive.
    pos_label : int, float, bool or str, default=None
        The label of the positive class.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.
    prevalence : float in (0, 1), default=None
        The deployment's share of positives: the precision that population would
        see, the negatives weighted to hold ``1 - prevalence`` of the weight (Davis
        and Goadrich's Theorem 3.1; recall does not move). None: the data's own.

    Returns
    -------
    point : OperatingPoint
        ``(value, threshold)``: the common value of precision and recall, and the
        score of the threshold (or tie group) where it is reached. Unpacks as a pair.

    References
    ----------
    .. [1] J. Davis and M. Goadrich, "The Relationship Between Precision-Recall and
           ROC Curves", ICML 2006.

    Examples
    --------
    >>> from sklearn_prcurves import break_even_point
    >>> break_even_point([1, 0, 1, 0], [0.9, 0.8, 0.7, 0.1])
    OperatingPoint(value=0.5, threshold=0.8)
    """
    table = two_class_table(y_true, y_score, pos_label, sample_weight, prevalence=prevalence)
    xp, n_pos = table.xp, table.n_pos
    tp, fp, thresholds = table_path(table)
    # The stretch from the last point surely below P rows predicted positive to the
    # first surely at or above it: the exact rule decides on those few points.
    margin = n_pos * CANDIDATE_MARGIN
    levels = xp.asarray([n_pos - margin, n_pos + margin], dtype=xp.float64,
                        device=table.device)
    lo, hi = (int(i) for i in xp.searchsorted(tp + fp, levels))
    start, stop = max(lo - 1, 0), min(hi, tp.shape[0] - 1) + 1
    return path_break_even(*(np.asarray(to_numpy(a[start:stop]), dtype=np.float64)
                             for a in (tp, fp, thresholds)), n_pos)


def path_break_even(tp, fp, thresholds, n_pos):
    """:func:`break_even_point` on a stretch of the curve's path: points ``(tp, fp)``
    and the threshold of each (``inf`` at the origin), the first predicting fewer
    than ``n_pos`` rows positive and the last at least as many.

    The point is on the step into the first point predicting at least P rows; a
    weighted count within its rounding of P counts as P (sums of fractional weights
    round with the rows' order, and the threshold must not).
    """
    predicted = tp + fp
    total = Fraction(float(n_pos))
    with np.errstate(over="ignore"):
        share = predicted / n_pos
    reached = exact_at_least(share, 1.0, lambda at: [p / total for p in fractions(predicted, at)])
    j = int(np.argmax(reached))
    i = j - 1
    fraction = min((n_pos - predicted[i]) / (predicted[j] - predicted[i]), 1.0)
    tp_at = tp[i] + fraction * (tp[j] - tp[i])
    return OperatingPoint(float(tp_at / n_pos), float(thresholds[j]))

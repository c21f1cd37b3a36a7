"""The paper's precision-recall readings of a table: the interpolated PR curve, the
area under it (every interpolation) and the area under the achievable PR curve.

Davis and Goadrich (ICML 2006): between two PR points the curve is not a straight
line; :mod:`~sklearn_prcurves._measures._interpolation` holds the arithmetic of each
interpolation, :mod:`~sklearn_prcurves._measures._hull` the achievable curve's vertices.
"""

from __future__ import annotations

from functools import partial
from numbers import Real
from typing import overload

import numpy as np
from numpy.typing import ArrayLike

from .._base._array_api import array_api_boundary, on_host, to_numpy
from .._base._compat import StrOptions, validate_params
from .._base._undefined import warn_undefined
from .._base._validation import Matrix, check_binary_input, check_range, weights_within_range
from .._metrics._auc import check_average_precision_labels, table_average_precision
from .._metrics._averaging import (
    average_binary_score,
    average_ovr_score,
    averaged_namespace_input,
    namespace_average,
)
from .._table._counts import count_in_namespace, count_rows
from .._table._entry import BINARY_PARAMS, measure_table, two_class_table
from .._table._prevalence import PREVALENCE
from ._hull import table_achievable_area
from ._interpolation import (
    INTERPOLATIONS,
    LEADING_NEGATIVES,
    path_area_between,
    path_points,
    table_area,
    table_path,
)

__all__ = ["achievable_pr_auc_score", "pr_auc_score", "pr_curve", "table_pr_auc"]



def table_pr_auc(table, interpolation="davis-goadrich", leading_negatives="interpolate"):
    """:func:`pr_auc_score` of a counting table (``"step"`` as the other three)."""
    return table_area(table, interpolation, leading_negatives)


def _binary_pr_auc(
    y_true, y_score, pos_label=1, sample_weight=None, *, interpolation, leading_negatives,
    achievable=False, recall_range=None,
):
    if interpolation == "step" and not achievable and recall_range is None:
        # average_precision_score's float (a drop-in keeps scikit-learn's, which with
        # fractional weights can round one ulp above 1), held in [0, 1] as an area is;
        # its checks (negative weights and one class included), weights whose total
        # would overflow divided by a power of two.
        is_pos, y_score, weight = check_binary_input(y_true, y_score, sample_weight,
                                                     pos_label)
        if weight is not None:
            weight, _ = weights_within_range(weight)
        return min(table_average_precision(count_rows(is_pos, y_score, weight)), 1.0)
    table = measure_table(y_true, y_score, pos_label, sample_weight)
    return _table_pr_auc(table, interpolation, leading_negatives, achievable, recall_range)


def _table_pr_auc(table, interpolation, leading_negatives, achievable=False,
                  recall_range=None):
    """:func:`pr_auc_score` (``achievable``: :func:`achievable_pr_auc_score`) of a
    counting table."""
    if interpolation == "step" and not achievable and recall_range is None:
        return min(table_average_precision(table), 1.0)
    if table.n_pos <= 0 or table.n_neg <= 0:
        warn_undefined("Only one class is present in y_true. The area under the precision-recall "
                       "curve is not defined in that case.")
        return np.nan
    if not achievable and recall_range is None:
        return table_area(table, interpolation, leading_negatives)
    if achievable:
        return table_achievable_area(table, interpolation)
    tp, fp = (np.asarray(to_numpy(a)) for a in table.path())
    return path_area_between(tp, fp, interpolation, leading_negatives, *recall_range)


_PR_AUC_PARAMS = {
    "y_true": ["array-like"],
    "y_score": ["array-like"],
    "interpolation": [StrOptions(set(INTERPOLATIONS))],
    "average": [StrOptions({"micro", "samples", "weighted", "macro"}), None],
    "pos_label": [Real, str, "boolean"],
    "sample_weight": ["array-like", None],
}


def _averaged_pr_auc(y_true, y_score, average, pos_label, sample_weight, prevalence=None,
                     **options):
    from sklearn.preprocessing import label_binarize
    from sklearn.utils import column_or_1d

    if prevalence is not None:  # (one binary problem, at its deployment's prevalence)
        return _table_pr_auc(two_class_table(y_true, y_score, pos_label, sample_weight,
                                             prevalence=prevalence), **options)
    found = averaged_namespace_input(y_true, y_score, sample_weight, pos_label, average,
                                      averaged=options.get("recall_range") is None)
    if isinstance(found, Matrix):
        return namespace_average(found, average, lambda table: _table_pr_auc(table, **options))
    if found is not None:
        return _table_pr_auc(count_in_namespace(*found), **options)
    y_true, y_score, sample_weight = on_host(y_true, y_score, sample_weight)
    if sample_weight is not None:
        sample_weight = column_or_1d(sample_weight)
    y_true, y_type, classes = check_average_precision_labels(y_true, y_score, pos_label,
                                                             binarize=False)
    binary_metric = partial(_binary_pr_auc, pos_label=pos_label, **options)
    if y_type == "multiclass":
        ovr = average_ovr_score(binary_metric, y_true, classes, y_score, average,
                                sample_weight)
        if ovr is not None:
            return ovr
        y_true = label_binarize(y_true, classes=classes)
    return average_binary_score(
        binary_metric,
        y_true,
        y_score,
        average,
        sample_weight=sample_weight,
    )


@overload
def pr_auc_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    interpolation: str = ...,
    average: str = ...,
    pos_label: int | float | bool | str | None = ...,
    sample_weight: ArrayLike | None = ...,
    leading_negatives: str = ...,
    recall_range: tuple[float, float] | None = ...,
    prevalence: float | None = ...,
) -> float: ...


@overload
def pr_auc_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    interpolation: str = ...,
    average: None,
    pos_label: int | float | bool | str | None = ...,
    sample_weight: ArrayLike | None = ...,
    leading_negatives: str = ...,
    recall_range: tuple[float, float] | None = ...,
    prevalence: float | None = ...,
) -> float | np.ndarray: ...


@validate_params(
    {**_PR_AUC_PARAMS, "leading_negatives": [StrOptions(set(LEADING_NEGATIVES))],
     "recall_range": ["array-like", None], **PREVALENCE},
    prefer_skip_nested_validation=True,
)
@array_api_boundary("y_score", "y_true", "sample_weight", in_namespace=True)
def pr_auc_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    interpolation: str = "davis-goadrich",
    average: str | None = "macro",
    pos_label: int | float | bool | str | None = 1,
    sample_weight: ArrayLike | None = None,
    leading_negatives: str = "interpolate",
    recall_range: tuple[float, float] | None = None,
    prevalence: float | None = None,
) -> float | np.ndarray:
    """Area under the interpolated precision-recall curve (Davis and Goadrich, 2006).

    Joining PR points by straight lines overstates the area (the paper's Figure 6:
    0.50 by straight lines against 0.031 correctly) and average precision ignores the
    shape of the curve between points. Here the curve between two thresholds (or
    across a tie group) is the expected curve over random orderings: true positives
    grow by one while false positives grow by the local skew ``s = dFP / dTP``.

    A drop-in for :func:`average_precision_score`: same arguments, labels and
    averaging (binary, multiclass one-vs-rest, multilabel).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,) or (n_samples, n_classes)
        Binary labels, multiclass labels (scored one-vs-rest) or a multilabel
        indicator matrix.
    y_score : array-like of shape (n_samples,) or (n_samples, n_classes)
        Scores; higher means more likely positive.
    interpolation : {"davis-goadrich", "continuous", "linear", "step"}, \
            default="davis-goadrich"
        - ``"davis-goadrich"``: the paper's method, a point at every whole positive
          inside each step, areas by the trapezoid rule. Steps are one unit of
          positive weight (the last one shorter), so with sample weights the result
          is not invariant to multiplying all weights by a constant.
        - ``"continuous"``: the exact integral of the same curve (the limit of
          infinitely small steps); defined for any weights and invariant to their
          scale; equal to ``"davis-goadrich"`` up to the discretisation.
        - ``"step"``: identical to :func:`average_precision_score` (held at 1 where
          that sum, scikit-learn's, rounds one ulp above it).
        - ``"linear"``: straight lines between PR points, kept only to show how
          optimistic that is.
    average : {'micro', 'samples', 'weighted', 'macro'} or None, default='macro'
        How per-label scores are combined (ignored for binary ``y_true``); None
        returns them all.
    pos_label : int, float, bool or str, default=1
        The positive label of binary ``y_true`` (fixed to 1 otherwise).
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.
    leading_negatives : {"interpolate", "drop"}, default="interpolate"
        When only negatives rank above the first positive: ``"interpolate"`` starts
        the curve at (recall 0, precision 0) and interpolates up (the exact image of
        the ROC curve, as PRROC does); ``"drop"`` holds the first positive point's
        precision flat to recall 0, reproducing the authors' AUCCalculator. For
        ``y = [0, 1]`` ranked in that order they give 0.25 and 0.5.
    recall_range : (float, float), default=None
        Only the area for recall between these two values (a partial area, not
        normalised: at most ``high - low``). ``leading_negatives="drop"`` with
        ``(0.5, 1.0)`` gives the authors' AUCCalculator's area above a minimum
        recall of 0.5 (``java -jar auc.jar FILE list 0.5``). The curve is cut
        inside a step where it reaches the bound: along the exact curve
        (``"continuous"``), the Davis-Goadrich polyline, the step or the straight
        line.
    prevalence : float in (0, 1), default=None
        The deployment's share of positives: the area (binary ``y_true`` only) that population would
        see, the negatives weighted to hold ``1 - prevalence`` of the weight (Davis
        and Goadrich's Theorem 3.1; recall does not move). None: the data's own.

    Returns
    -------
    auc : float, or ndarray of shape (n_classes,) if ``average=None``
        NaN, with an :class:`~sklearn.exceptions.UndefinedMetricWarning`, when a
        binary problem holds a single class (except ``interpolation="step"``, which
        follows :func:`average_precision_score`).

    See Also
    --------
    pr_curve : The interpolated curve itself.
    achievable_pr_auc_score : The same area under the achievable PR curve.
    average_precision_score : The step-wise area.

    Notes
    -----
    At recall 0 the first point's precision is held flat (every Davis-Goadrich tool
    agrees); no artificial (recall 0, precision 1) point is added. The curve ends at
    (1, P / (P + N)). The continuous area is evaluated in a form free of
    cancellation when FP >> TP; the Davis-Goadrich sum in closed form, in memory
    proportional to the number of distinct scores (not of positives).

    References
    ----------
    .. [1] J. Davis and M. Goadrich, "The Relationship Between Precision-Recall and
           ROC Curves", ICML 2006.
    .. [2] J. Keilwagen, I. Grosse and J. Grau, "Area under Precision-Recall Curves
           for Weighted and Unweighted Data", PLoS ONE 9(3), 2014 (PRROC).

    Examples
    --------
    >>> from sklearn_prcurves import pr_auc_score
    >>> y, scores = [0, 1], [0.9, 0.1]
    >>> pr_auc_score(y, scores)
    0.25
    >>> pr_auc_score(y, scores, leading_negatives="drop")
    0.5
    >>> round(pr_auc_score(y, scores, interpolation="continuous"), 6)
    0.306853
    """
    if recall_range is not None:
        recall_range = check_range(recall_range, "recall_range")
        if recall_range == (0.0, 1.0):
            recall_range = None
    return _averaged_pr_auc(
        y_true, y_score, average, pos_label, sample_weight,
        interpolation=interpolation, leading_negatives=leading_negatives,
        recall_range=recall_range, prevalence=prevalence,
    )


@overload
def achievable_pr_auc_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    interpolation: str = ...,
    average: str = ...,
    pos_label: int | float | bool | str | None = ...,
    sample_weight: ArrayLike | None = ...,
    prevalence: float | None = ...,
) -> float: ...


@overload
def achievable_pr_auc_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    interpolation: str = ...,
    average: None,
    pos_label: int | float | bool | str | None = ...,
    sample_weight: ArrayLike | None = ...,
    prevalence: float | None = ...,
) -> float | np.ndarray: ...


@validate_params({**_PR_AUC_PARAMS, **PREVALENCE}, prefer_skip_nested_validation=True)
@array_api_boundary("y_score", "y_true", "sample_weight", in_namespace=True)
def achievable_pr_auc_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    interpolation: str = "davis-goadrich",
    average: str | None = "macro",
    pos_label: int | float | bool | str | None = 1,
    sample_weight: ArrayLike | None = None,
    prevalence: float | None = None,
) -> float | np.ndarray:
    """Area under the achievable PR curve (Davis and Goadrich, Corollary 3.1).

    The ROC convex hull's vertices mapped into PR space and interpolated as in
    :func:`pr_auc_score`; at least :func:`pr_auc_score` with the same interpolation
    (up to rounding). ``"step"`` and ``"linear"`` are sums over points: over the few
    hull vertices they could fall below the raw curve's sums, so they are taken over
    the achievable curve read at every recall of the raw curve, where its precision is
    at least the raw precision. Choosing hull points on the evaluation data is
    optimistic: for an honest estimate learn them on tuning data and apply them to
    test data.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,) or (n_samples, n_classes)
        Binary labels, multiclass labels (scored one-vs-rest) or a multilabel
        indicator matrix.
    y_score : array-like of shape (n_samples,) or (n_samples, n_classes)
        Scores; higher means more likely positive.
    interpolation : {"davis-goadrich", "continuous", "linear", "step"}, \
            default="davis-goadrich"
        How the achievable curve is measured; see :func:`pr_auc_score` and above.
    average : {'micro', 'samples', 'weighted', 'macro'} or None, default='macro'
        How per-label scores are combined (ignored for binary ``y_true``).
    pos_label : int, float, bool or str, default=1
        The positive label of binary ``y_true`` (fixed to 1 otherwise).
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.
    prevalence : float in (0, 1), default=None
        The deployment's share of positives: the area (binary ``y_true`` only) that population would
        see, the negatives weighted to hold ``1 - prevalence`` of the weight (Davis
        and Goadrich's Theorem 3.1; recall does not move). None: the data's own.

    Returns
    -------
    auc : float, or ndarray of shape (n_classes,) if ``average=None``

    See Also
    --------
    achievable_pr_curve, roc_convex_hull, pr_auc_score

    References
    ----------
    .. [1] J. Davis and M. Goadrich, "The Relationship Between Precision-Recall and
           ROC Curves", ICML 2006, section 3.

    Examples
    --------
    >>> from sklearn_prcurves import achievable_pr_auc_score, pr_auc_score
    >>> y, scores = [1, 0, 1], [0.8, 0.6, 0.4]
    >>> round(pr_auc_score(y, scores), 4), round(achievable_pr_auc_score(y, scores), 4)
    (0.7917, 0.9167)
    """
    return _averaged_pr_auc(
        y_true, y_score, average, pos_label, sample_weight,
        interpolation=interpolation, leading_negatives="interpolate", achievable=True,
        prevalence=prevalence,
    )


@validate_params(
    {
        **BINARY_PARAMS,
        "interpolation": [StrOptions(set(INTERPOLATIONS))],
        "leading_negatives": [StrOptions(set(LEADING_NEGATIVES))],
        **PREVALENCE,
    },
    prefer_skip_nested_validation=True,
)
@array_api_boundary("y_score", "y_true", "sample_weight", in_namespace=True)
def pr_curve(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    interpolation: str = "davis-goadrich",
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
    leading_negatives: str = "interpolate",
    prevalence: float | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The interpolated precision-recall curve of Davis and Goadrich (2006).

    Between two thresholds (or across a tie group) the curve is the expected curve
    over random orderings: true positives grow by one while false positives grow by
    the local skew ``s = dFP / dTP``, so precision is *not* linear in recall and
    straight lines between PR points overstate the area.

    Conventions: the curve starts at recall 0 at the first point's precision (held
    flat); when only negatives rank above the first positive it starts at precision 0
    and rises (``leading_negatives="interpolate"``, the exact image of the ROC curve),
    or holds the first positive point's precision flat (``"drop"``, the authors'
    AUCCalculator). It ends at (1, P / (P + N)). Unlike
    :func:`precision_recall_curve` it adds no (recall 0, precision 1) point.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels. If labels are not in {-1, 1} or {0, 1}, ``pos_label``
        must be given.
    y_score : array-like of shape (n_samples,)
        Scores; higher means more likely positive.
    interpolation : {"davis-goadrich", "continuous", "linear", "step"}, \
            default="davis-goadrich"
        ``"davis-goadrich"``: a point at every whole positive inside each step,
        joined by straight lines (their trapezoid area is :func:`pr_auc_score`);
        where a step holds more whole units than 1/2048 of the recall axis can show
        (large weights or tie groups), evenly spaced ones among them, so the curve
        stays small whatever the weights (the area is computed over every unit).
        ``"continuous"``: points on the same exact curve, at most 64 per step and one
        per 1/2048 of recall, for drawing. ``"linear"`` and ``"step"``: the
        threshold points only.
    pos_label : int, float, bool or str, default=None
        The label of the positive class.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights. Davis-Goadrich steps are one unit of weight.
    leading_negatives : {"interpolate", "drop"}, default="interpolate"
        How the curve starts when the top-ranked samples are all negative.
    prevalence : float in (0, 1), default=None
        The deployment's share of positives: the curve that population would
        see, the negatives weighted to hold ``1 - prevalence`` of the weight (Davis
        and Goadrich's Theorem 3.1; recall does not move). None: the data's own.

    Returns
    -------
    precision, recall : ndarray of shape (n_points,)
        The curve, in increasing recall.
    thresholds : ndarray of float64, shape (n_points,)
        Score threshold reached at each point; points inside a tie group carry the
        group's score, a start held flat carries ``inf``.

    See Also
    --------
    pr_auc_score, achievable_pr_curve, precision_recall_curve

    References
    ----------
    .. [1] J. Davis and M. Goadrich, "The Relationship Between Precision-Recall and
           ROC Curves", ICML 2006, section 4.

    Examples
    --------
    Five positives and five negatives tied at the top, then five and twenty-five:

    >>> from sklearn_prcurves import pr_curve
    >>> y = [1] * 5 + [0] * 5 + [1] * 5 + [0] * 25 + [1] * 10
    >>> scores = [0.9] * 10 + [0.8] * 30 + [0.1] * 10
    >>> precision, recall, thresholds = pr_curve(y, scores)
    >>> precision[:6]  # the first tie group: constant precision from recall 0
    array([0.5, 0.5, 0.5, 0.5, 0.5, 0.5])
    >>> second = (recall >= 0.25) & (recall <= 0.5)  # across the second tie group
    >>> recall[second]
    array([0.25, 0.3 , 0.35, 0.4 , 0.45, 0.5 ])
    >>> precision[second].round(3)  # Davis and Goadrich's Table 1
    array([0.5  , 0.375, 0.318, 0.286, 0.265, 0.25 ])
    """
    table = two_class_table(y_true, y_score, pos_label, sample_weight, prevalence=prevalence)
    return path_points(*table_path(table), interpolation, leading_negatives, xp=table.xp)

"""The bounds of precision-recall space for the data's class balance.

With P positives and N negatives, no ranking does better than all positives first
(precision 1 at every recall) nor worse than all negatives first; a random ranking
has precision P / (P + N) everywhere. Boyd et al. (ICML 2012) showed that the worst
curve leaves an *unachievable region* under it, whose size depends on the skew
alone, and proposed measuring AUC-PR from that minimum. These are PRROC's
``max.compute``, ``min.compute`` and ``rand.compute`` curves.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import ArrayLike

from .._base._array_api import array_api_boundary
from .._base._compat import StrOptions, validate_params
from .._base._undefined import warn_undefined
from .._table._entry import BINARY_PARAMS, two_class_table
from .._table._prevalence import PREVALENCE
from ._interpolation import INTERPOLATIONS, path_area, path_points, step_sum, table_path

if TYPE_CHECKING:
    from sklearn.utils import Bunch

__all__ = ["normalized_pr_auc_score", "pr_auc_bounds", "pr_curve_bounds"]


def _bound_paths(n_pos, n_neg):
    """``(tp, fp)`` of the best, worst and random rankings, from the origin."""
    best = (np.array([0.0, n_pos, n_pos]), np.array([0.0, 0.0, n_neg]))
    worst = (np.array([0.0, 0.0, n_pos]), np.array([0.0, n_neg, n_neg]))
    random = (np.array([0.0, n_pos]), np.array([0.0, n_neg]))  # one tie group
    return {"best": best, "worst": worst, "random": random}


def table_pr_auc_bounds(table, interpolation="davis-goadrich", whole_steps=None):
    """``{"best", "worst", "random"}`` areas for a table's totals.

    ``whole_steps``: whether positives come in whole units of weight (None: read from
    the table's positives per score). The step worst ranks them one unit at a time,
    which no ranking of such rows goes below; lighter rows can go lower, down to the
    continuous worst, which bounds every ranking's average precision (each step's
    precision is at least that of the worst curve at the step's end).
    """
    n_pos, n_neg = table.n_pos, table.n_neg
    areas = {name: path_area(tp, fp, interpolation)
             for name, (tp, fp) in _bound_paths(n_pos, n_neg).items()}
    if interpolation == "step" and whole_steps is None:
        pos = table.pos
        whole_steps = bool(np.all(pos == np.floor(pos)))
    if interpolation == "step" and not whole_steps:
        areas["worst"] = path_area(*_bound_paths(n_pos, n_neg)["worst"], "continuous")
    elif interpolation == "step":
        # Tied, the positives below every negative would all be credited the final
        # precision; ranked one unit of weight at a time they get less: k / (N + k).
        whole = math.ceil(n_pos) - 1
        credit = float(step_sum(np.zeros(1), np.full(1, n_neg), np.full(1, float(whole)))[0])
        areas["worst"] = credit / n_pos + (n_pos - whole) / n_pos * (n_pos / (n_pos + n_neg))
    return areas


def minimum_pr_auc(prevalence):
    """Boyd et al.'s minimum AUC-PR in closed form: ``1 + (1 - pi) log(1 - pi) / pi``.

    The continuous area under the worst curve (every negative ranked first).
    """
    pi = float(prevalence)
    if pi >= 1:
        return 1.0
    return 1.0 + (1.0 - pi) * math.log1p(-pi) / pi


_BOUNDS_PARAMS = {
    "y_true": ["array-like"],
    "interpolation": [StrOptions(set(INTERPOLATIONS))],
    "pos_label": BINARY_PARAMS["pos_label"],
    "sample_weight": ["array-like", None],
}


def _totals_table(y_true, pos_label, sample_weight):
    y = np.asarray(y_true)
    return two_class_table(y, np.zeros(y.shape[0]), pos_label, sample_weight)


@validate_params(_BOUNDS_PARAMS, prefer_skip_nested_validation=True)
@array_api_boundary()
def pr_auc_bounds(
    y_true: ArrayLike,
    *,
    interpolation: str = "davis-goadrich",
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
) -> Bunch:
    """Areas of the best, worst and random PR curves for the data's class balance.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels (only their totals matter).
    interpolation : {"davis-goadrich", "continuous", "linear", "step"}, \
            default="davis-goadrich"
        As in :func:`pr_auc_score`.
    pos_label : int, float, bool or str, default=None
    sample_weight : array-like of shape (n_samples,), default=None

    Returns
    -------
    bounds : :class:`~sklearn.utils.Bunch`
        ``best`` (1: every positive first), ``worst`` (every negative first, then
        the positives; for ``"continuous"`` Boyd et al.'s closed form
        ``1 + (1 - pi) log(1 - pi) / pi`` with ``pi`` the prevalence; for
        ``"step"`` the positives one by one, lower than tied) and ``random`` (``pi``,
        all scores tied).

    See Also
    --------
    pr_curve_bounds : The three curves.
    normalized_pr_auc_score : AUC-PR measured from the worst area.

    References
    ----------
    .. [1] K. Boyd, V. Santos Costa, J. Davis and C. D. Page, "Unachievable Region in
           Precision-Recall Space and Its Effect on Empirical Evaluation", ICML 2012.
    .. [2] J. Grau, I. Grosse and J. Keilwagen, "PRROC: computing and visualizing
           precision-recall and receiver operating characteristic curves in R",
           Bioinformatics 31(15), 2015.

    Examples
    --------
    >>> from sklearn_prcurves import pr_auc_bounds
    >>> bounds = pr_auc_bounds([1, 0, 1], interpolation="continuous")
    >>> round(bounds.best, 4), round(bounds.worst, 4), round(bounds.random, 4)
    (1.0, 0.4507, 0.6667)
    """
    from sklearn.utils import Bunch

    table = _totals_table(y_true, pos_label, sample_weight)
    whole = sample_weight is None or bool(np.all(np.mod(np.asarray(sample_weight, float), 1) == 0))
    return Bunch(**table_pr_auc_bounds(table, interpolation, whole))


@validate_params(_BOUNDS_PARAMS, prefer_skip_nested_validation=True)
@array_api_boundary()
def pr_curve_bounds(
    y_true: ArrayLike,
    *,
    interpolation: str = "davis-goadrich",
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
) -> Bunch:
    """The best, worst and random PR curves for the data's class balance.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels (only their totals matter).
    interpolation : {"davis-goadrich", "continuous", "linear", "step"}, \
            default="davis-goadrich"
    pos_label : int, float, bool or str, default=None
    sample_weight : array-like of shape (n_samples,), default=None

    Returns
    -------
    curves : :class:`~sklearn.utils.Bunch`
        ``best``, ``worst`` and ``random``, each a ``(precision, recall)`` pair of
        arrays in increasing recall, as :func:`pr_curve` draws them. The region under
        ``worst`` is unachievable by any ranking of these data.

    Examples
    --------
    >>> from sklearn_prcurves import pr_curve_bounds
    >>> precision, recall = pr_curve_bounds([1, 0, 0, 0]).worst
    >>> recall
    array([0., 1.])
    >>> precision
    array([0.  , 0.25])
    """
    from sklearn.utils import Bunch

    table = _totals_table(y_true, pos_label, sample_weight)
    curves = {}
    for name, (tp, fp) in _bound_paths(table.n_pos, table.n_neg).items():
        precision, recall, _ = path_points(tp, fp, np.zeros(tp.shape[0]), interpolation)
        curves[name] = (precision, recall)
    return Bunch(**curves)


@validate_params(
    {**BINARY_PARAMS, "interpolation": [StrOptions(set(INTERPOLATIONS))], **PREVALENCE},
    prefer_skip_nested_validation=True,
)
@array_api_boundary()
def normalized_pr_auc_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    interpolation: str = "davis-goadrich",
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
    prevalence: float | None = None,
) -> float:
    """AUC-PR measured from the unachievable region: 0 for the worst ranking, 1 for
    the best (Boyd et al., 2012).

    ``(AUC-PR - worst) / (best - worst)`` with the worst and best areas of
    :func:`pr_auc_bounds` for the same interpolation and class balance, so that
    models evaluated on data of different skew are compared on one scale.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
    y_score : array-like of shape (n_samples,)
    interpolation : {"davis-goadrich", "continuous", "linear", "step"}, \
            default="davis-goadrich"
    pos_label : int, float, bool or str, default=None
    sample_weight : array-like of shape (n_samples,), default=None
    prevalence : float in (0, 1), default=None
        The deployment's share of positives: the area (and its bounds) that population would
        see, the negatives weighted to hold ``1 - prevalence`` of the weight (Davis
        and Goadrich's Theorem 3.1; recall does not move). None: the data's own.

    Returns
    -------
    score : float

    References
    ----------
    .. [1] K. Boyd, V. Santos Costa, J. Davis and C. D. Page, "Unachievable Region in
           Precision-Recall Space and Its Effect on Empirical Evaluation", ICML 2012.

    Examples
    --------
    >>> from sklearn_prcurves import normalized_pr_auc_score
    >>> round(normalized_pr_auc_score([1, 0, 1], [0.8, 0.6, 0.4]), 4)
    0.6429
    """
    table = two_class_table(y_true, y_score, pos_label, sample_weight, prevalence=prevalence)
    tp, fp, _ = table_path(table)
    return table_normalized_pr_auc(table, path_area(tp, fp, interpolation), interpolation)


def table_normalized_pr_auc(table, area, interpolation="davis-goadrich"):
    """Boyd's normalisation of ``area`` for a table's totals: NaN, with a warning, where
    the best and worst areas coincide (negatives weighing nothing beside the positives,
    e.g. weights of 1e-300 against 1e300), so that no ranking is better than another."""
    bounds = table_pr_auc_bounds(table, interpolation)
    span = bounds["best"] - bounds["worst"]
    if not span > 0:
        warn_undefined("The best and worst AUC-PR coincide at this class balance (the negatives "
                       "weigh nothing beside the positives): normalized AUC-PR is not defined.")
        return float("nan")
    # Rounding of the area must not take it past the bounds it lies between.
    return min(max((area - bounds["worst"]) / span, 0.0), 1.0)

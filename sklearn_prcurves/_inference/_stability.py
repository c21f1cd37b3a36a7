"""How much a chosen threshold moves, and what its rule delivers on rows it did not see.

A threshold chosen on the rows at hand (the best F1, Youden's J, the best recall at a
precision or within an alert budget) is itself an estimate, and its metric on those
rows is optimistic: the rule picked the threshold where these rows happen to look best.
The bootstrap shows both: each resample's rule picks its own threshold (their spread is
the choice's), and the rows the resample left out (its out-of-bag rows) score it.

Every resample is counts on the data's distinct scores, so its table is one
``bincount`` and one running sum per class, never a sort.
"""

from __future__ import annotations

from numbers import Integral, Real
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import ArrayLike

from .._base._array_api import array_api_boundary
from .._base._compat import Interval, validate_params
from .._base._results import ConfidenceInterval
from .._base._undefined import warn_undefined
from .._base._validation import check_binary_input
from .._table._entry import BINARY_PARAMS, require_class_totals
from .._table._prevalence import PREVALENCE, negatives_factor
from ._bootstrap import CONFIDENCE_LEVEL
from ._clusters import checked_groups, warn_few_clusters, weighted_groups
from ._resampling import percentile_interval

if TYPE_CHECKING:
    from sklearn.utils import Bunch

__all__ = ["threshold_stability"]

#: The rules a dict may name, each with the value it makes best.
_LEVEL_RULES = {"min_precision": "recall", "min_recall": "precision",
                "max_flag_rate": "recall"}


def _rule(rule):
    """``(name, level, metric)`` of a rule: "f1", "youden", or a one-key dict."""
    if isinstance(rule, str) and rule in ("f1", "youden"):
        return rule, None, rule
    if (isinstance(rule, dict) and len(rule) == 1 and set(rule) <= set(_LEVEL_RULES)
            and isinstance(next(iter(rule.values())), Real)
            and 0 <= next(iter(rule.values())) <= 1):
        (name, level), = rule.items()
        return name, float(level), _LEVEL_RULES[name]
    raise ValueError(
        "rule must be 'f1', 'youden' or a dict naming one level, {'min_precision': "
        f"0.9}}, {{'min_recall': 0.8}} or {{'max_flag_rate': 0.02}}; got {rule!r}.")


def _choose(name, level, tp, fp, n_pos, n_neg, present=None):
    """The grid row the rule picks from cumulative counts (decreasing thresholds) among
    the ``present`` rows (scores the rows hold; None: all), and the rule's metric at
    every row; -1 where no row qualifies."""
    with np.errstate(invalid="ignore", divide="ignore"):
        precision, recall = tp / (tp + fp), tp / n_pos
        # (each a single division of sums, so equal ratios tie exactly)
        metric = {"f1": 2 * tp / (tp + fp + n_pos),
                  "youden": (tp * n_neg - fp * n_pos) / (n_pos * n_neg),
                  "min_precision": recall, "max_flag_rate": recall,
                  "min_recall": precision}[name]
        feasible = None if level is None else {
            "min_precision": precision >= level, "min_recall": recall >= level,
            "max_flag_rate": (tp + fp) / (n_pos + n_neg) <= level}[name]
    candidates = np.where(np.isnan(metric), -np.inf, metric)
    if present is not None:  # (a score no row holds is no threshold of these rows)
        candidates = np.where(present, candidates, -np.inf)
    if feasible is not None:
        candidates = np.where(feasible, candidates, -np.inf)
    at = int(np.argmax(candidates))  # (ties: the highest threshold)
    return (at if candidates[at] > -np.inf else -1), metric


def _counts(rank, is_pos, weight, n_grid):
    """Cumulative weighted positives and negatives at or above each grid score."""
    pos = np.cumsum(np.bincount(rank, weights=np.where(is_pos, weight, 0.0),
                                minlength=n_grid))
    neg = np.cumsum(np.bincount(rank, weights=np.where(is_pos, 0.0, weight),
                                minlength=n_grid))
    return pos, neg


@validate_params(
    {
        **BINARY_PARAMS,
        "rule": [str, dict],
        "n_resamples": [Interval(Integral, 2, None, closed="left")],
        "confidence_level": [CONFIDENCE_LEVEL],
        "random_state": ["random_state"],
        "groups": ["array-like", None],
        **PREVALENCE,
    },
    prefer_skip_nested_validation=True,
)
@array_api_boundary("y_score", "y_true", "sample_weight")
def threshold_stability(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    rule: str | dict = "f1",
    n_resamples: int = 500,
    confidence_level: float = 0.95,
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
    random_state: int | np.random.RandomState | None = None,
    groups: ArrayLike | None = None,
    prevalence: float | None = None,
) -> Bunch:
    """How stable a threshold rule's choice is, and what it delivers out of sample.

    The rule picks a threshold on these rows; then, in each of ``n_resamples``
    bootstrap resamples (stratified, as :func:`bootstrap_ci`'s, or of whole clusters
    with ``groups``), it picks its own. The spread of those thresholds is the choice's
    uncertainty (scikit-learn #34595 asks for its standard deviation; cutpointr
    reports it); the rows a resample left out score its threshold, so the mean
    out-of-bag value beside the mean in-bag one shows how much the rule flatters
    itself (its optimism).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
    y_score : array-like of shape (n_samples,)
    rule : "f1", "youden" or dict, default="f1"
        The best F1, Youden's J (recall minus false positive rate), or a level:
        ``{"min_precision": p}`` (the best recall with precision >= p),
        ``{"min_recall": r}`` (the best precision with recall >= r) or
        ``{"max_flag_rate": b}`` (the best recall flagging at most a share b). The
        metric read is the rule's objective (F1, J, recall or precision).
    n_resamples : int, default=500
    confidence_level : float in (0, 1), default=0.95
        Of the percentile intervals of the resampled thresholds and of the
        out-of-bag values.
    pos_label : int, float, bool or str, default=None
    sample_weight : array-like of shape (n_samples,), default=None
        Frequency-like weights: each drawn row counts with its weight.
    random_state : int, RandomState instance or None, default=None
    groups : array-like of shape (n_samples,), default=None
        A cluster id per row: whole clusters are drawn, and the out-of-bag rows are
        the clusters a resample left out (new patients, not new rows of known ones).
    prevalence : float in (0, 1), default=None
        The deployment's share of positives: precision, F1 and the share flagged are
        read there (each resample's negatives weighted to hold ``1 - prevalence``).

    Returns
    -------
    stability : :class:`~sklearn.utils.Bunch`
        ``threshold`` and ``value``: the rule's choice and metric on these rows;
        ``threshold_interval`` (a :class:`ConfidenceInterval` of the resampled
        thresholds, naming their median as its estimate) and ``threshold_std``;
        ``in_bag`` and ``out_of_bag``: the mean metric of each resample's threshold on
        its resample and on its left-out rows, ``optimism`` their difference and
        ``out_of_bag_interval`` the percentile interval of the out-of-bag values;
        ``thresholds``: every resample's choice (NaN where it had none, with a
        warning) and ``out_of_bag_values`` its value on its left-out rows. Resamples
        whose rule qualifies no threshold, or whose left-out rows lack a class, are
        left out of the means (``n_used`` counts those kept).

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn_prcurves import threshold_stability
    >>> rng = np.random.default_rng(0)
    >>> y = rng.random(1000) < 0.3
    >>> scores = rng.normal(size=1000) + 1.5 * y
    >>> result = threshold_stability(y, scores, rule="f1", random_state=0)
    >>> bool(result.threshold_interval.low < result.threshold < result.threshold_interval.high)
    True
    >>> bool(result.optimism > 0)
    True
    """
    name, level, metric = _rule(rule)
    is_pos, scores, weight = check_binary_input(y_true, y_score, sample_weight, pos_label)
    weight = np.ones(is_pos.shape[0]) if weight is None else np.asarray(weight, float)
    require_class_totals(float(np.sum(weight[is_pos] > 0)), float(np.sum(weight[~is_pos] > 0)))
    # (every reading is a ratio of sums: weights as shares of the largest keep the sums
    # and their products in range, whatever the weights' scale)
    weight = weight / np.max(weight)
    grid, rank = np.unique(-np.asarray(scores, dtype=np.float64), return_inverse=True)
    grid = -grid  # (decreasing: row k is the k-th highest distinct score)
    clusters = None if groups is None else checked_groups(
        weighted_groups(groups, sample_weight), is_pos.shape[0])
    if clusters is not None:
        warn_few_clusters(int(clusters.max()) + 1)
    whole = _read(name, level, rank, is_pos, weight, grid.shape[0], prevalence)
    if whole[0] < 0:
        warn_undefined(f"No threshold meets the rule {rule!r} on these rows: its choice is "
                       "undefined (NaN).")
    from sklearn.utils import check_random_state

    rng = np.random.default_rng(check_random_state(random_state).randint(2**31 - 1))
    chosen, in_bag, out_of_bag = _resample(name, level, rank, is_pos, weight, grid,
                                           clusters, prevalence, n_resamples, rng)
    return _summary(grid, whole, chosen, in_bag, out_of_bag, metric, confidence_level)


def _read(name, level, rank, is_pos, weight, n_grid, prevalence):
    """The rule's row and metric there for rows weighted ``weight``; (-1, nan) where no
    row qualifies or a class is missing."""
    tp, fp = _counts(rank, is_pos, weight, n_grid)
    n_pos, n_neg = tp[-1], fp[-1]
    if not (n_pos > 0 and n_neg > 0):
        return -1, np.nan
    if prevalence is not None:
        factor = negatives_factor(n_pos, n_neg, prevalence)
        fp, n_neg = fp * factor, n_neg * factor
    present = np.diff(tp + fp, prepend=0.0) > 0
    at, values = _choose(name, level, tp, fp, n_pos, n_neg, present)
    return at, (values[at] if at >= 0 else np.nan)


def _resample(name, level, rank, is_pos, weight, grid, clusters, prevalence,
              n_resamples, rng):
    """Each resample's chosen row, its metric in bag, and on the left-out rows."""
    chosen = np.full(n_resamples, -1)
    in_bag, out_of_bag = np.full(n_resamples, np.nan), np.full(n_resamples, np.nan)
    draw = _drawer(rank, is_pos, weight, clusters, rng)
    for b in range(n_resamples):
        drawn = draw()
        at, in_bag[b] = _read(name, level, rank, is_pos, weight * drawn, grid.shape[0],
                              prevalence)
        if at < 0:
            continue
        chosen[b] = at
        tp, fp = _counts(rank, is_pos, weight * (drawn == 0), grid.shape[0])
        if not (tp[-1] > 0 and fp[-1] > 0):
            continue
        if prevalence is not None:
            fp = fp * negatives_factor(tp[-1], fp[-1], prevalence)
        out_of_bag[b] = _choose(name, level, tp, fp, tp[-1], fp[-1])[1][at]
    return chosen, in_bag, out_of_bag


def _drawer(rank, is_pos, weight, clusters, rng):
    """A function giving one resample's count per row: whole clusters, or as many
    positives and as many negatives as observed (stratified, as :func:`bootstrap_ci`
    draws), each class's rows taken in score order so that the rows' order in the
    input changes nothing."""
    if clusters is not None:
        n = int(clusters.max()) + 1
        return lambda: np.bincount(rng.integers(0, n, n), minlength=n)[clusters]
    classes = [np.flatnonzero(is_pos == side) for side in (True, False)]
    classes = [rows[np.lexsort((weight[rows], rank[rows]))] for rows in classes]

    def draw():
        drawn = np.zeros(is_pos.shape[0], dtype=np.intp)
        for rows in classes:
            drawn[rows] = np.bincount(rng.integers(0, rows.shape[0], rows.shape[0]),
                                      minlength=rows.shape[0])
        return drawn
    return draw


def _summary(grid, whole, chosen, in_bag, out_of_bag, metric, confidence_level):
    from sklearn.utils import Bunch

    thresholds = np.where(chosen >= 0, grid[np.maximum(chosen, 0)], np.nan)
    kept = np.isfinite(out_of_bag) & (chosen >= 0)
    named = {"confidence_level": confidence_level, "method": "bootstrap percentile"}
    picked = thresholds[np.isfinite(thresholds)]
    if picked.shape[0] < thresholds.shape[0]:
        warn_undefined(f"{thresholds.shape[0] - picked.shape[0]} of {thresholds.shape[0]} "
                       "resamples had no threshold meeting the rule: NaN in thresholds, "
                       "left out of the spread and the means.")
    unscored = int(np.sum(np.isfinite(thresholds) & ~np.isfinite(out_of_bag)))
    if unscored:
        warn_undefined(f"{unscored} resamples left out no positive or no negative: their "
                       "out-of-bag value is NaN, left out of the means.")
    if picked.shape[0] < 2 or kept.sum() < 2:
        warn_undefined("Fewer than two resamples could choose a threshold and score it on "
                       "their left-out rows: the spread and the optimism are undefined.")
        low = high = spread = mid = np.nan
        oob_low = oob_high = np.nan
    else:
        low, high = percentile_interval(picked, confidence_level)
        # (scaled by the largest: thresholds of 1e300 have a spread, not an overflow)
        scale = float(np.max(np.abs(picked))) or 1.0
        spread, mid = scale * float(np.std(picked / scale, ddof=1)), float(np.median(picked))
        oob_low, oob_high = percentile_interval(out_of_bag[kept], confidence_level)
    mean_in = float(np.mean(in_bag[kept])) if kept.any() else np.nan
    mean_out = float(np.mean(out_of_bag[kept])) if kept.any() else np.nan
    return Bunch(
        threshold=float(grid[whole[0]]) if whole[0] >= 0 else np.nan,
        value=float(whole[1]), metric=metric,
        threshold_interval=ConfidenceInterval(float(low), float(high), estimate=mid,
                                              **named),
        threshold_std=spread, in_bag=mean_in, out_of_bag=mean_out,
        optimism=mean_in - mean_out,
        out_of_bag_interval=ConfidenceInterval(float(oob_low), float(oob_high),
                                               estimate=mean_out, **named),
        thresholds=thresholds, out_of_bag_values=out_of_bag, n_used=int(kept.sum()))

"""A review band with guarantees: decide positive above one threshold, negative below
another, and send the scores between to a person, with the precision of the automatic
positives, the negative predictive value of the automatic negatives and the share sent
for review each holding in the population together.

Precision and the negative predictive value are tested at every threshold of the grid
as :func:`~sklearn_prcurves.certified_threshold` tests them (their sequences run from
opposite ends). The share reviewed is a property of the scores alone, and a band
``[lower, upper)`` is any interval of them: it is bounded for every interval at once
by a scan argument (below), so the band may be chosen after looking at the data.
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np
from numpy.typing import ArrayLike

from .._base._array_api import array_api_boundary
from .._base._compat import validate_params
from .._base._messages import review_bound_refused, worded
from .._base._results import ReviewBand
from .._base._undefined import warn_undefined
from .._table._entry import BINARY_PARAMS, two_class_table
from .._table._exact import exact_argmax, fractions
from .._table._prevalence import PREVALENCE
from ._certified import grid_counts, grid_moments
from ._requirements import (
    OPEN_UNIT,
    RequirementCounts,
    family_passed,
    rates_of,
    threshold_number,
)

__all__ = ["band_requirements", "binomial_at_most", "certified_review_band", "certify_band",
           "review_pvalues", "scan_cells"]

@validate_params(
    {
        **BINARY_PARAMS,
        "min_precision": [OPEN_UNIT],
        "min_npv": [OPEN_UNIT],
        "max_review_rate": [OPEN_UNIT, None],
        "confidence_level": [OPEN_UNIT],
        "thresholds": ["array-like", None],
        **PREVALENCE,
        "groups": ["array-like", None],
    },
    prefer_skip_nested_validation=True,
)
@array_api_boundary("y_score", "y_true", "sample_weight")
def certified_review_band(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    min_precision: float,
    min_npv: float,
    max_review_rate: float | None = None,
    confidence_level: float = 0.95,
    thresholds: ArrayLike | None = None,
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
    prevalence: float | None = None,
    groups: ArrayLike | None = None,
) -> ReviewBand:
    """Two thresholds to ship: automatic positives above, automatic negatives below,
    a person in between, with requirements that hold on new data.

    Scores at or above ``upper`` are decided positive, scores below ``lower``
    negative, and the rest go for review. The band returned is the one sending the
    fewest of these rows for review among those certified: the **population**
    precision of the automatic positives is at least ``min_precision``, the negative
    predictive value of the automatic negatives at least ``min_npv`` and, where
    given, the share sent for review at most ``max_review_rate``, all together with
    probability ``confidence_level`` over the draw of these rows.

    The level is shared equally among the requirements. Precision is tested at every
    upper threshold of the grid and the negative predictive value at every lower one,
    by the exact binomial tails and fixed sequences of :func:`certified_threshold`.
    The share reviewed depends on the scores alone, and the band is chosen after
    seeing them, so its bound holds for every interval of scores at once: cut the
    score distribution into ``M`` cells of probability ``1 / M``; an interval holding
    more than ``b`` of it contains a run of ``m = floor(b M) - 1`` whole cells, and
    there are ``M - m + 1`` such runs, so a band is certified where ``M - m + 1``
    times the binomial probability of so few rows in ``m / M`` of the distribution is
    within the level (``M`` is chosen from the number of rows, ``b`` and the level
    alone).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels. If labels are not in {-1, 1} or {0, 1}, ``pos_label``
        must be given.
    y_score : array-like of shape (n_samples,)
        Scores; higher means more likely positive.
    min_precision : float in (0, 1)
        The least precision of the automatic positives (scores >= ``upper``).
    min_npv : float in (0, 1)
        The least negative predictive value of the automatic negatives (scores <
        ``lower``).
    max_review_rate : float in (0, 1), default=None
        The largest share of cases sent for review (scores in ``[lower, upper)``).
        None: no bound (the band returned still sends the fewest rows it can).
    confidence_level : float in (0, 1), default=0.95
        The probability, over the draw of these rows, that every requirement holds in
        the population at the band returned.
    thresholds : array-like of shape (n_thresholds,), default=None
        The candidate thresholds, chosen without the labels; by default the distinct
        scores.
    pos_label : int, float, bool or str, default=None
        The label of the positive class.
    sample_weight : array-like of shape (n_samples,), default=None
        Frequency weights: a row of weight 3 counts as three rows drawn independently.
    prevalence : float in (0, 1), default=None
        The deployment's share of positives, where the rows have another: precision
        and the negative predictive value are guaranteed and estimated at it, as by
        :func:`certified_threshold`. The share reviewed mixes both classes' scores in
        the deployment's proportions, which the scan bound of independent rows does
        not cover: ``max_review_rate`` with ``prevalence`` is refused.
    groups : array-like of shape (n_samples,), default=None
        Each row's cluster: precision and the negative predictive value are then
        guaranteed for new clusters, read at Korn and Graubard's effective sizes as by
        :func:`certified_threshold`. ``max_review_rate`` with ``groups`` is refused:
        the scan bound counts independent rows.

    Returns
    -------
    band : :class:`ReviewBand`
        ``lower`` and ``upper`` (NaN when no band can be certified, with an
        :class:`~sklearn.exceptions.UndefinedMetricWarning` naming what failed), the
        ``guaranteed`` bounds and their ``estimate`` on these rows (dicts keyed
        ``"precision"``, ``"npv"`` and ``"review_rate"``), the shares decided
        positive, negative and reviewed, the recall of the automatic positives, and
        the largest p-value of the requirements' tests.

    See Also
    --------
    certified_threshold : one threshold, no review.
    risk_coverage_curve : the error of the automatic decisions as the band widens.

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn_prcurves import certified_review_band
    >>> rng = np.random.default_rng(0)
    >>> y = rng.random(4000) < 0.3
    >>> scores = rng.normal(size=4000) + 2.5 * y
    >>> band = certified_review_band(y, scores, min_precision=0.9, min_npv=0.95,
    ...                              max_review_rate=0.4)
    >>> band.certified, band.guaranteed
    (True, {'precision': 0.9, 'npv': 0.95, 'review_rate': 0.4})
    >>> bool(band.precision >= 0.9 and band.npv >= 0.95 and band.review_rate <= 0.4)
    True
    """
    requirements = band_requirements(min_precision, min_npv, max_review_rate, prevalence,
                                     groups)
    table = two_class_table(y_true, y_score, pos_label, sample_weight,
                            counts="certified_review_band")
    grid, tp, fp, rows = grid_counts(table, thresholds)
    moments = None if groups is None else grid_moments(y_true, y_score, pos_label,
                                                        sample_weight, groups, table, rows)
    return certify_band(grid, tp, fp, table.n_pos, table.n_neg, requirements,
                        confidence_level, prevalence, moments)


def _check_review_allowed(prevalence, groups):
    for given, name in ((prevalence, "prevalence"), (groups, "groups")):
        if given is not None:
            raise ValueError("max_review_rate: " + worded(review_bound_refused(name),
                                                          python=True))


def band_requirements(min_precision, min_npv, max_review_rate=None, prevalence=None,
                      groups=None):
    """``{measure: bound}`` of a band's requirements; a one-line error for a review
    bound that cannot be certified at a prevalence or with clusters."""
    requirements = {"precision": float(min_precision), "npv": float(min_npv)}
    if max_review_rate is not None:
        _check_review_allowed(prevalence, groups)
        requirements["review_rate"] = float(max_review_rate)
    return requirements


def certify_band(grid, tp, fp, n_pos, n_neg, requirements, confidence_level,
                 prevalence=None, moments=None):
    """The band of ``grid`` (decreasing; ``tp``, ``fp`` the counts at or above each
    threshold; ``moments`` the sums over clusters there, or None) certified for
    ``requirements`` that sends the fewest rows for review: each certified upper
    threshold with the nearest certified lower threshold at or below it."""
    counts = RequirementCounts(tp, fp, n_pos, n_neg, moments, prevalence)
    alpha = (1 - confidence_level) / len(requirements)
    upper_ok, precision_level, precision_p = family_passed(
        counts, ["precision"], requirements, alpha, reverse=False)
    lower_ok, npv_level, npv_p = family_passed(counts, ["npv"], requirements, alpha,
                                               reverse=True)
    n = grid.shape[0]
    # (for each upper row, the first certified lower row at or after it in the grid)
    nearest = np.minimum.accumulate(np.where(lower_ok, np.arange(n), n)[::-1])[::-1]
    uppers = np.flatnonzero(upper_ok & (nearest < n))
    lowers = nearest[uppers]
    predicted = counts.tp + counts.fp
    review_p = np.zeros(uppers.shape[0])
    if "review_rate" in requirements:
        review_p = review_pvalues(predicted[lowers] - predicted[uppers],
                                  counts.n_pos + counts.n_neg,
                                  requirements["review_rate"], alpha)
    keep = review_p <= alpha
    levels = {"precision": precision_level, "npv": npv_level, "review_rate": alpha}
    if not keep.any():
        return _none_certified(requirements, confidence_level, upper_ok, lower_ok,
                               uppers.shape[0], review_p, levels)
    uppers, lowers, review_p = uppers[keep], lowers[keep], review_p[keep]
    at = _fewest_reviewed(counts, uppers, lowers)
    pvalue = max(float(precision_p["precision"][uppers[at]]),
                 float(npv_p["npv"][lowers[at]]), float(review_p[at]))
    return _record(grid, counts, requirements, confidence_level, uppers[at], lowers[at],
                   pvalue)


def _fewest_reviewed(counts, uppers, lowers):
    """The band reviewing the least weight at the prevalence (ties: the highest upper
    threshold), compared exactly."""
    flagged = counts.tp + counts.factor * counts.fp
    reviewed = flagged[lowers] - flagged[uppers]
    exact = lambda at: [u - lo for lo, u in zip(  # noqa: E731
        fractions(flagged, lowers[at]), fractions(flagged, uppers[at]))]
    return exact_argmax(-reviewed, lambda at: [-v for v in exact(at)])


def review_pvalues(reviewed, total, budget, level):
    """P-values of "the band holds more than ``budget`` of the distribution" for bands
    holding ``reviewed`` of ``total`` (weights as frequencies), valid for every band
    at once: ``M - m + 1`` times the binomial probability of at most ``reviewed`` rows
    in a run of ``m`` of ``M`` equal cells (:func:`scan_cells`)."""
    cells, run = scan_cells(float(total), float(budget), float(level))
    reviewed = np.asarray(reviewed, dtype=np.float64)
    tail = np.ones(reviewed.shape)
    some = reviewed < total
    tail[some] = binomial_at_most(reviewed[some], total, run / cells)
    return np.minimum(1.0, (cells - run + 1) * tail)


def binomial_at_most(k, n, p):
    """``P(Binomial(n, p) <= k)`` for real ``k < n`` (weights as frequencies), by the
    regularised incomplete beta function; where that fails (parameters past 1e299,
    from weights near the float range) by the normal law, exact there to many digits."""
    from scipy.special import betainc, ndtr

    with np.errstate(invalid="ignore"):
        tail = np.asarray(betainc(n - k, k + 1, 1 - p), dtype=np.float64)
    lost = np.isnan(tail)
    if lost.any():
        spread = math.sqrt(n * p) * math.sqrt(1 - p)
        tail = np.where(lost, ndtr((np.asarray(k) - n * p) / spread), tail)
    return tail


@lru_cache(maxsize=64)
def scan_cells(total, budget, level):
    """``(M, m)``: the number of equal cells and the run of them that an interval of
    more than ``budget`` of the distribution must contain, chosen (from ``total``,
    ``budget`` and ``level`` alone) to let the most rows be reviewed at ``level``."""
    from scipy.optimize import brentq

    best = (-math.inf, None)
    smallest = math.floor(2 / budget) + 1
    # (more cells lose less of the budget and pay more windows: the best count grows
    # with the rows, about as their square root)
    largest = max(smallest, min(1e5 / budget, 10 * total))
    for cells in np.unique(np.geomspace(smallest, largest, 64).astype(int)):
        run = math.floor(budget * cells) - 1
        if run < 1:
            continue
        windows, share = cells - run + 1, run / cells

        def excess(k, windows=windows, share=share):
            return windows * float(binomial_at_most(k, total, share)) - level

        top = total * share
        if excess(0.0) > 0 or excess(top) < 0:
            critical = -math.inf if excess(0.0) > 0 else top
        else:
            critical = brentq(excess, 0.0, top, xtol=1e-9 * max(1.0, top))
        if critical > best[0]:
            best = (critical, (int(cells), int(run)))
    if best[1] is None:
        return (math.floor(2 / budget) + 1, 1)
    return best[1]


def _record(grid, counts, requirements, confidence_level, upper, lower, pvalue):
    above, below = ({name: float(value) for name, value in rates_of(
        np.float64(counts.tp[at]), np.float64(counts.fp[at]), counts.n_pos, counts.n_neg,
        counts.factor).items()} for at in (upper, lower))
    review = below["flag_rate"] - above["flag_rate"]
    values = {"precision": above["precision"], "npv": below["npv"], "review_rate": review}
    return ReviewBand(
        lower=threshold_number(grid[lower]), upper=threshold_number(grid[upper]),
        guaranteed=dict(requirements), confidence_level=confidence_level,
        estimate={name: values[name] for name in requirements},
        precision=above["precision"], npv=below["npv"], review_rate=review,
        positive_rate=above["flag_rate"], negative_rate=1 - below["flag_rate"],
        recall=above["recall"], pvalue=pvalue)


def _none_certified(requirements, confidence_level, upper_ok, lower_ok, n_pairs,
                    review_p, levels):
    """NaN, with a warning naming what could not be certified."""
    if not upper_ok.any():
        why = f"no upper threshold's precision >= {requirements['precision']:g} passed"
    elif not lower_ok.any():
        why = f"no lower threshold's npv >= {requirements['npv']:g} passed"
    elif n_pairs == 0:
        why = ("every threshold certified for precision lies below every one certified "
               "for the negative predictive value")
    else:
        why = (f"no band certified for both reviews at most "
               f"{requirements['review_rate']:g} of the cases: its smallest p-value is "
               f"{float(review_p.min()):.3g} where it needs {levels['review_rate']:.3g} "
               "or less")
    warn_undefined(
        f"No review band can be certified with {confidence_level:.0%} confidence: "
        f"{why}. More rows, or looser requirements, may pass.")
    nan = math.nan
    return ReviewBand(
        lower=nan, upper=nan, guaranteed=dict.fromkeys(requirements, nan),
        confidence_level=confidence_level, estimate=dict.fromkeys(requirements, nan),
        precision=nan, npv=nan, review_rate=nan, positive_rate=nan, negative_rate=nan,
        recall=nan, pvalue=nan)

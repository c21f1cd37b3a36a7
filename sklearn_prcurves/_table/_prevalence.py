"""The deployment's prevalence: a counting table as a population with another share of
positives would count it.

Davis and Goadrich's Theorem 3.1 maps a ROC point and a prevalence ``pi`` to one PR
point, ``precision = pi TPR / (pi TPR + (1 - pi) FPR)``. Weighting every negative by
``k = P (1 - pi) / (pi N)`` gives the table whose every reading is that mapping: the
rates, the ROC curve and its hull stay; precision, every PR curve and area and every
operating point chosen by precision move to the deployment's. Positives keep their
weight, so Davis-Goadrich steps stay one positive each. A guarantee on precision at
``pi`` (:func:`~sklearn_prcurves.certified_threshold`) cannot count re-weighted rows:
it tests the ratio of the two rates the mapping reads (:func:`ratio_pvalues`).
"""

import math
from numbers import Real

import numpy as np

from .._base._compat import Interval
from ._count_table import CountTable

__all__ = ["PREVALENCE", "ScaledPieces", "at_prevalence", "budget_pvalues", "fewest_passing",
           "negatives_factor", "ratio_pvalues", "scaled_negatives"]

#: The ``prevalence`` keyword's constraint: a share strictly between 0 and 1, or None.
PREVALENCE = {"prevalence": [Interval(Real, 0, 1, closed="neither"), None]}


def at_prevalence(table, prevalence):
    """``table`` (both classes present) with its negatives weighted so that positives
    hold ``prevalence`` of the weight; the table itself for None."""
    if prevalence is None:
        return table
    return scaled_negatives(table, negatives_factor(table.n_pos, table.n_neg, prevalence))


def negatives_factor(n_pos, n_neg, prevalence):
    """The weight each negative takes for positives to hold ``prevalence`` of the
    total: ``P (1 - pi) / (pi N)``."""
    if isinstance(prevalence, bool) or not (isinstance(prevalence, Real)
                                            and 0 < prevalence < 1):
        raise ValueError("prevalence must be the deployment's share of positives, in "
                         f"(0, 1), or None; got {prevalence!r}.")
    factor = (n_pos / n_neg) * ((1 - prevalence) / prevalence)
    if not (_SMALLEST_NORMAL <= factor < math.inf and n_neg * factor < math.inf):
        raise _beyond_range(n_pos, n_neg)
    return factor


def scaled_negatives(table, factor):
    """``table`` with every negative's weight times ``factor``."""
    xp, fps = table.xp, table.fps
    # The lightest negative weight must stay a normal float (flushed to zero, or
    # subnormal, a threshold would hold no weight).
    lightest = float(xp.min(xp.where(fps > 0, fps, xp.asarray(math.inf, device=table.device))))
    if not lightest * factor >= _SMALLEST_NORMAL:
        raise _beyond_range(table.n_pos, table.n_neg)
    return CountTable(lambda: table.thresholds, table.tps, fps * factor,
                      xp=None if table.numpy else xp, device=table.device)


def _beyond_range(n_pos, n_neg):
    return ValueError(
        f"prevalence= with these totals ({n_pos:g} positive, {n_neg:g} negative weight) "
        "weights the negatives beyond the float range; give the positives and negatives "
        "weights of closer sizes.")


_SMALLEST_NORMAL = 2.0**-1022


class ScaledPieces:
    """A table held in consecutive pieces (the tables of
    :class:`~sklearn_prcurves._streams._distributed.RangesHere`; None for an empty one), every
    negative's weight times ``factor``, each piece scaled as it is read: pieces held
    on disk stay there."""

    def __init__(self, tables, factor):
        self.tables, self.factor = tables, factor

    def __len__(self):
        return len(self.tables)

    def __getitem__(self, index):
        table = self.tables[index]
        return None if table is None else scaled_negatives(table, self.factor)

    def __iter__(self):
        return (self[index] for index in range(len(self)))

    def totals(self):
        """``(positives, negatives, distinct scores)`` of each piece, none loaded."""
        totals = (self.tables.totals() if hasattr(self.tables, "totals") else
                  [(0.0, 0.0, 0) if t is None else (t.n_pos, t.n_neg, len(t))
                   for t in self.tables])
        return [(n_pos, n_neg * self.factor, rows) for n_pos, n_neg, rows in totals]


def ratio_pvalues(tp, fp, n_pos, n_neg, ratio, everywhere):
    """P-values of "recall <= ratio * false positive rate" (precision at a prevalence
    below its target): rejected where some rate ``q`` has both exact tails, recall's
    upper at ``ratio * q`` and the false positive rate's lower at ``q``, within half the
    level (a recall bound and a false positive rate bound, each holding with half the
    confidence). The p-value is twice the larger tail where the two meet, found by
    bisection (the first tail rises with ``q``, the second falls). ``n_pos``, ``n_neg``:
    numbers, or arrays of the thresholds' effective totals."""
    from scipy.special import betainc

    # (subnormal totals: an infinite share compares; an effective total of 0, from one
    # cluster, passes nothing: tp is 0 there)
    with np.errstate(over="ignore", divide="ignore", invalid="ignore"):
        possible = (tp > 0) & (fp < n_neg) & (
            everywhere | ((tp + 1) / n_pos > ratio * (fp - 1) / n_neg))
    rows = np.flatnonzero(possible)
    # (totals per threshold with rows in clusters: the effective sizes)
    n_pos, n_neg = (np.broadcast_to(total, tp.shape)[rows] for total in (n_pos, n_neg))
    tp, fp = tp[rows], fp[rows]

    def tails(q):
        return (betainc(tp, n_pos - tp + 1, np.minimum(ratio * q, 1.0)),
                betainc(n_neg - fp, fp + 1, 1 - q))

    low, high = np.zeros(rows.shape[0]), np.full(rows.shape[0], min(1.0, 1 / ratio))
    for _ in range(50):  # (q to 1e-15: the tails to about 1e-9 of themselves)
        middle = (low + high) / 2
        recall_tail, fpr_tail = tails(middle)
        rising = recall_tail >= fpr_tail
        low, high = np.where(rising, low, middle), np.where(rising, middle, high)
    pvalues = np.ones(possible.shape[0])
    pvalues[rows] = np.minimum(1.0, 2 * np.maximum(*tails(high)))
    return pvalues


def budget_pvalues(tp, fp, n_pos, n_neg, prevalence, budget, everywhere):
    """P-values of "the share predicted positive at ``prevalence``, ``pi TPR + (1 - pi)
    FPR``, exceeds ``budget``": rejected where a split ``pi q_t + (1 - pi) q_f =
    budget`` has both exact lower tails, recall's at ``q_t`` and the false positive
    rate's at ``q_f``, within half the level (an upper bound on each rate, each holding
    with half the confidence, whose mix is within the budget). The p-value is twice
    the larger tail where the two meet, found by bisection, as in
    :func:`ratio_pvalues`. ``n_pos``, ``n_neg``: numbers, or arrays of effective
    totals."""
    from scipy.special import betainc

    with np.errstate(over="ignore", divide="ignore", invalid="ignore"):
        share = prevalence * tp / n_pos + (1 - prevalence) * fp / n_neg
        possible = everywhere | (share < budget)
    rows = np.flatnonzero(possible)
    n_pos, n_neg = (np.broadcast_to(total, tp.shape)[rows] for total in (n_pos, n_neg))
    tp, fp = tp[rows], fp[rows]

    def tails(q):  # (P(Bin(n, q) <= x), falling in q; 0 at q = 1, where none exceeds)
        q_f = np.clip((budget - prevalence * q) / (1 - prevalence), 0.0, 1.0)
        with np.errstate(invalid="ignore"):
            return (np.where(q < 1, betainc(n_pos - tp, tp + 1, 1 - q), 0.0),
                    np.where(q_f < 1, betainc(n_neg - fp, fp + 1, 1 - q_f), 0.0))

    low, high = np.zeros(rows.shape[0]), np.full(rows.shape[0], min(1.0, budget / prevalence))
    for _ in range(50):
        middle = (low + high) / 2
        recall_tail, fpr_tail = tails(middle)
        falling = recall_tail >= fpr_tail  # (the recall tail falls with q, the other rises)
        low, high = np.where(falling, middle, low), np.where(falling, high, middle)
    pvalues = np.ones(possible.shape[0])
    # (either end of the last step: at the top of the range, q = 1 may pass outright)
    pvalues[rows] = np.minimum(1.0, 2 * np.minimum(np.maximum(*tails(low)),
                                                    np.maximum(*tails(high))))
    return pvalues


def fewest_passing(n_pos, n_neg, ratio, level):
    """The fewest positives that, predicted positive with no negative, pass the ratio
    test at ``level`` (to within 12% at a million positives: it only places the starts;
    more than all of them where none do)."""
    counts = np.unique(np.minimum(np.geomspace(1, max(n_pos, 1), 120), n_pos))
    passing = ratio_pvalues(counts, np.zeros_like(counts), n_pos, n_neg, ratio,
                            everywhere=True) <= level
    return float(counts[np.argmax(passing)]) if passing.any() else n_pos + n_neg + 1

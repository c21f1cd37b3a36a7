"""The deployment's prevalence: a counting table as a population with another share of
positives would count it.

Davis and Goadrich's Theorem 3.1 maps a ROC point and a prevalence ``pi`` to one PR
point, ``precision = pi TPR / (pi TPR + (1 - pi) FPR)``. Weighting every negative by
``k = P (1 - pi) / (pi N)`` gives the table whose every reading is that mapping: the
rates, the ROC curve and its hull stay; precision, every PR curve and area and every
operating point chosen by precision move to the deployment's. Positives keep their
weight, so Davis-Goadrich steps stay one positive each.
"""

import math
from numbers import Real

from ._compat import Interval
from ._table import CountTable

__all__ = ["PREVALENCE", "ScaledPieces", "at_prevalence", "negatives_factor",
           "scaled_negatives"]

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
    :class:`~sklearn_prcurves._distributed.RangesHere`; None for an empty one), every
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

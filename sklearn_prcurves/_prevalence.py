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

__all__ = ["PREVALENCE", "at_prevalence"]

#: The ``prevalence`` keyword's constraint: a share strictly between 0 and 1, or None.
PREVALENCE = {"prevalence": [Interval(Real, 0, 1, closed="neither"), None]}


def at_prevalence(table, prevalence):
    """``table`` (both classes present) with its negatives weighted so that positives
    hold ``prevalence`` of the weight; the table itself for None."""
    if prevalence is None:
        return table
    if isinstance(prevalence, bool) or not (isinstance(prevalence, Real)
                                            and 0 < prevalence < 1):
        raise ValueError("prevalence must be the deployment's share of positives, in "
                         f"(0, 1), or None; got {prevalence!r}.")
    n_pos, n_neg = table.n_pos, table.n_neg
    factor = (n_pos / n_neg) * ((1 - prevalence) / prevalence)
    xp, fps = table.xp, table.fps
    # The lightest negative weight must stay a normal float (flushed to zero, or
    # subnormal, a threshold would hold no weight), the heaviest total finite.
    lightest = float(xp.min(xp.where(fps > 0, fps, xp.asarray(math.inf, device=table.device))))
    if not (lightest * factor >= _SMALLEST_NORMAL and n_neg * factor < math.inf):
        raise ValueError(
            f"prevalence={prevalence!r} with these totals ({n_pos:g} positive, "
            f"{n_neg:g} negative weight) weights the negatives beyond the float range; "
            "give the positives and negatives weights of closer sizes.")
    return CountTable(lambda: table.thresholds, table.tps, fps * factor,
                      xp=None if table.numpy else xp, device=table.device)


_SMALLEST_NORMAL = 2.0**-1022

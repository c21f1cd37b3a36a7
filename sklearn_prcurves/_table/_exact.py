"""Exact comparisons where the documentation promises exact ties.

A measure computed in floating point (``tp / n_pos - fp / n_neg``, an F-beta) can
round two mathematically equal values apart by an ulp, and then "ties go to the
highest threshold" picks another threshold, and a constraint such as "precision at
least 0.6" refuses a threshold whose precision is exactly 0.6. The floats decide
wherever they are clearly apart; the few values within a rounding margin of the
decision are compared again exactly, as fractions of the float counts (every float is
a fraction), so the rule holds whatever the rounding.
"""

from __future__ import annotations

import math
from fractions import Fraction
from numbers import Real

import numpy as np

from .._base._array_api import where

# Far wider than the few ulps a measure of counts is off by; a candidate inside it is
# only re-examined, never decided by the margin.
_MARGIN = 1e-9
# Near-best candidates compared exactly at most (a plateau of more values within the
# margin is cut to its first, highest thresholds: a bounded cost).
_MOST_EXACT = 4096
# Relative distance within which two values of weighted counts are one value.
_TIE_ULPS = 32


def exact_argmax(approx, exact):
    """Index of the first maximum of the exact values.

    Parameters
    ----------
    approx : ndarray of float64
        The values as computed (NaN: never the maximum).
    exact : callable
        ``exact(indices)``: the same values at ``indices`` as Fractions (a list).
    """
    finite = np.where(np.isnan(approx), -np.inf, approx)
    top = finite.max()
    near = np.flatnonzero(finite >= top - _MARGIN * max(abs(top), 1.0))
    if near.shape[0] == 1:
        return int(near[0])
    if near.shape[0] > _MOST_EXACT:
        near = near[:_MOST_EXACT]  # the first ones: the highest thresholds
    values = exact(near)
    best = max(values)
    # Weighted counts carry their sums' rounding: values within a few ulps of the best
    # are ties too, so that the rows' order (which sets the rounding) cannot decide.
    # Whole counts are exact, and their distinct values lie far further apart.
    floor = best - abs(best) * _TIE_ULPS * Fraction(2) ** -52
    return int(near[next(i for i, v in enumerate(values) if v >= floor)])


# Rows whose float value lies within this of a decision may be its answer once compared
# exactly: far wider than _MARGIN. Where the rows are not all at hand (on a device, or
# a table held in pieces) the floats select such candidates, and the exact rules of
# the functions of a table decide among them (rows that cannot win do not change
# their answer).
CANDIDATE_MARGIN = 1e-6


def candidates_at_least(values, level):
    """``(possible, sure)`` row masks for the constraint ``values >= level``: rows
    that may meet it exactly (those near it, and NaN ones, left to the exact rules),
    and rows that meet it whatever the rounding. Any array API namespace."""
    margin = CANDIDATE_MARGIN * max(abs(level), 1.0)
    return (values >= level - margin) | (values != values), values >= level + margin


def best_sure_value(values, sure, xp=np):
    """The highest non-NaN value among rows ``sure`` (surely feasible), as a Python
    float; -inf where there is none."""
    sure = sure & ~xp.isnan(values)
    if not bool(xp.any(sure)):
        return -math.inf
    return float(xp.max(where(xp, sure, values, -math.inf)))


def candidates_near(values, possible, top, xp=np):
    """The rows of ``possible`` that can hold the best value when the best surely
    feasible row has value ``top`` (:func:`best_sure_value`): those within the
    candidates' margin of it, and NaN ones; all of ``possible`` when ``top`` is -inf."""
    if top == -math.inf:
        return possible
    return possible & ((values >= top - CANDIDATE_MARGIN * max(abs(top), 1.0))
                       | xp.isnan(values))


def exact_at_least(approx, level, exact):
    """``values >= level`` for a level given as a float: each value rounded once,
    correctly, then compared (so precision 4/5 meets the level 0.8, which as a double
    is slightly above 4/5), values within a few ulps of the level meeting it. The
    floats decide outside a rounding margin, ``exact(indices)`` (a list of Fractions)
    inside it."""
    result = approx >= level
    near = np.flatnonzero(np.abs(approx - level) <= _MARGIN * max(abs(level), 1.0))
    if near.shape[0]:
        # (Weighted counts carry their sums' rounding: a value within a few ulps of
        # the level meets it, as a tie, whatever order the rows were summed in.)
        floor = level - abs(level) * _TIE_ULPS * 2.0**-52
        result[near] = [float(value) >= floor for value in exact(near)]
    return result


def fractions(values, indices):
    """The floats ``values[indices]`` as Fractions."""
    return [Fraction(float(v)) for v in np.asarray(values)[indices]]


# --- "at or above the threshold", decided once ------------------------------------------


def threshold_level(dtype, threshold):
    """The least value of the scores' ``dtype`` at or above ``threshold`` (a real
    number of any type), so that ``score >= level`` in ``dtype`` is exactly ``score >=
    threshold``: no rounding of the threshold into the scores' type (0.35 is not the
    float32 0.35) or of the scores into the threshold's (2**53 + 5 is no float64).

    Returns the level as a NumPy scalar of ``dtype``, or None for an object dtype
    (compare as Python numbers: :func:`at_or_above`). A level past the type's range is
    its infinity (floats) or a bool: True when every score qualifies, False when none.
    """
    check_threshold(threshold)
    dtype = np.dtype(dtype)
    if dtype.kind == "O":
        return None
    if dtype.kind == "b":
        dtype = np.dtype(np.uint8)
    if dtype.kind == "f":
        try:
            nearest = float(threshold)
        except OverflowError:  # (a Python integer past the float range)
            nearest = math.inf if threshold > 0 else -math.inf
        if math.isinf(nearest):
            return dtype.type(nearest)
        with np.errstate(over="ignore"):
            level = dtype.type(nearest)  # a neighbour of the threshold: up one if below
        if np.isfinite(level) and exact_value(level) < exact_value(threshold):
            level = np.nextafter(level, dtype.type(np.inf))
        return level
    info = np.iinfo(dtype)
    if threshold == math.inf:
        return False
    if threshold == -math.inf:
        return True
    level = math.ceil(exact_value(threshold))
    if level > info.max:
        return False
    if level <= info.min:
        return True
    return dtype.type(level)


def check_threshold(threshold, name="threshold"):
    """Refuse a NaN threshold, which no score is at or above (a comparison with it
    is False whatever the score), and anything but a real number."""
    if isinstance(threshold, (str, bytes)) or not isinstance(threshold, (Real, np.bool_)):
        raise TypeError(f"{name} must be a real number; got {threshold!r}.")
    if threshold != threshold:
        raise ValueError(
            f"{name} is NaN: no score is at or above it. Give a number (a score, or "
            "-inf to predict every row positive).")


def exact_value(number):
    """A real number (Python or NumPy) as an exact Fraction."""
    if isinstance(number, (int, np.integer, bool, np.bool_)):
        return Fraction(int(number))
    if isinstance(number, Fraction):
        return number
    return Fraction(float(number))


def at_or_above(scores, threshold):
    """Which ``scores`` (a 1-D array of any numeric or object dtype) are at or above
    ``threshold``, exactly (:func:`threshold_level`)."""
    scores = np.asarray(scores)
    level = threshold_level(scores.dtype, threshold)
    if level is None:
        if threshold in (math.inf, -math.inf):  # (objects may hold an infinity)
            return np.fromiter((v >= threshold for v in scores.tolist()), bool,
                               count=scores.shape[0])
        bound = exact_value(threshold)
        return np.fromiter((v >= threshold if v in (math.inf, -math.inf)
                            else exact_value(v) >= bound for v in scores.tolist()),
                           bool, count=scores.shape[0])
    if level is True or level is False:
        return np.full(scores.shape, level)
    if scores.dtype.kind == "b":
        scores = scores.view(np.uint8)
    return scores >= level


def counts_at_or_above(descending, thresholds):
    """:func:`rows_at_or_above` for each of ``thresholds``: by binary search on the
    level in the values' type (:func:`threshold_level`), a scan for object values."""
    descending = np.asarray(descending)
    ascending = descending[::-1].view(np.uint8) if descending.dtype.kind == "b" else (
        descending[::-1])
    counts = []
    for threshold in thresholds:
        level = threshold_level(descending.dtype, threshold)
        if level is None:
            counts.append(rows_at_or_above(descending, threshold))
        elif level is True or level is False:
            counts.append(descending.shape[0] if level else 0)
        else:
            found = np.searchsorted(ascending, level, side="left")
            counts.append(descending.shape[0] - int(found))
    return np.array(counts, dtype=np.intp)


def rows_at_or_above(descending, threshold):
    """How many of the decreasing ``descending`` values (a table's thresholds, in the
    scores' dtype) are at or above ``threshold``: the rows a threshold predicts
    positive."""
    return int(np.count_nonzero(at_or_above(descending, threshold)))

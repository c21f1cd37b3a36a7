"""The counting kernel: labels, scores and weights -> a :class:`CountTable`.

Every curve, area, hull and scorer of the package reads such a table: the distinct
scores in decreasing order with the (weighted) number of positives and negatives at or
above each. Ties are grouped once, here, by exact equality in the scores' own type (as
scikit-learn groups them), so every function agrees on ties and weights.

:func:`count_in_namespace` is the kernel, written against the array API standard: it
runs in any namespace, on the arrays' device. NumPy arrays take its specialisations in
:mod:`._sorting`, which build the same table faster; object arrays of Python numbers
are ranked as Python objects (:func:`_count_objects`). :func:`count_rows` chooses.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from .._base._array_api import arrays_read_on_host, running_sums_at
from .._base._compat import TIES_SUMMED_LAST_ROW_FIRST
from .._base._validation import real_objects, refuse_overflowing_totals
from ._count_table import CountTable, exact_sums
from ._sorting import count_numpy_unweighted, count_numpy_weighted

__all__ = [
    "CountTable",
    "count_in_namespace",
    "count_rows",
    "count_table",
]


@arrays_read_on_host
def count_table(
    is_pos: ArrayLike,
    y_score: ArrayLike,
    sample_weight: ArrayLike | None = None,
) -> CountTable:
    """Build the :class:`CountTable` of labels, scores and weights.

    Parameters
    ----------
    is_pos : array-like of bool (or 0/1), shape (n_samples,)
        True for positive rows.
    y_score : array-like of shape (n_samples,)
        Finite scores; higher means more positive.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative weights (zero-weight rows are left out). Their totals must be
        finite: the table holds them.

    Returns
    -------
    table : CountTable

    Examples
    --------
    >>> from sklearn_prcurves import count_table
    >>> table = count_table([0, 1, 1, 0], [0.1, 0.5, 0.9, 0.5])
    >>> table.thresholds, table.tps, table.fps
    (array([0.9, 0.5, 0.1]), array([1., 2., 2.]), array([0., 1., 2.]))
    >>> table.merge(count_table([True], [0.7]))
    CountTable(n_thresholds=4, n_pos=3.0, n_neg=2.0)
    """
    is_pos, y_score, sample_weight = _as_arrays(is_pos, y_score, sample_weight)
    if sample_weight is not None:
        refuse_overflowing_totals(sample_weight, "count_table")
    return count_rows(is_pos, y_score, sample_weight)


def count_rows(is_pos, y_score, sample_weight=None, sklearn_object_ties=False,
               ties_by_weight=False):
    """The kernel behind :func:`count_table`, for rows already checked: ``is_pos``
    booleans, ``y_score`` finite numbers (or an object array of real numbers),
    ``sample_weight`` None or positive float64, all 1-D NumPy arrays of one length.

    ``sklearn_object_ties``: ties of an object array as scikit-learn finds them (the
    drop-ins), not exactly (see :func:`_count_objects`). ``ties_by_weight``: a tie's
    weights summed in increasing order, not the rows' (the package's own measures,
    which must not depend on the rows' order; the drop-ins sum them as scikit-learn
    does)."""
    if y_score.shape[0] == 0:
        raise ValueError(
            "No sample with non-zero weight: the curve needs at least one sample."
        )
    if y_score.dtype == object:
        return _count_objects(is_pos, y_score, sample_weight, sklearn_object_ties)
    if TIES_SUMMED_LAST_ROW_FIRST:
        # The installed scikit-learn's order of tied rows, last row first: the order
        # its weighted sums are rounded in, and which of +0.0 and -0.0 stands for a
        # tie of both.
        is_pos, y_score = is_pos[::-1].copy(), y_score[::-1].copy()
        sample_weight = None if sample_weight is None else sample_weight[::-1].copy()
    if sample_weight is None:
        return count_numpy_unweighted(is_pos, y_score)
    return count_numpy_weighted(is_pos, y_score, sample_weight, ties_by_weight)


def count_in_namespace(xp, device, is_pos, y_score, sample_weight=None,
                       ties_by_weight=False):
    """The kernel in any array API namespace, on the arrays' device: ``is_pos``
    (bool), ``y_score`` (real, finite) and ``sample_weight`` (None, or non-negative
    and finite: zero-weight rows are left out) of one length.

    One stable sort, running sums of the labels (and weights), and the rows where the
    score changes: the algorithm of :func:`count_rows`, whose NumPy specialisations
    only sort faster. Unweighted counts are summed as integers (exact, 32-bit where
    they fit) before they become the table's float64; weights are summed in float64
    in scikit-learn's row order, so the counts are the same floats as its where the
    namespace sums in order (a GPU's parallel scan: equal to its rounding, and held
    and increasing as the host's, :func:`running_sums_at`). ``ties_by_weight``: a
    tie's rows in decreasing weight (as :func:`count_rows` takes them).
    """
    if sample_weight is not None:
        sample_weight = xp.astype(sample_weight, xp.float64)
        if not bool(xp.all(sample_weight != 0)):
            counted = sample_weight != 0
            is_pos, y_score, sample_weight = (
                is_pos[counted], y_score[counted], sample_weight[counted])
    if TIES_SUMMED_LAST_ROW_FIRST:  # scikit-learn < 1.8: ascending sort, reversed
        order = xp.flip(xp.argsort(y_score, stable=True))
    else:
        order = xp.argsort(y_score, descending=True, stable=True)
    scores = xp.take(y_score, order)
    if (ties_by_weight and sample_weight is not None and bool(xp.any(scores[1:] == scores[:-1]))
            and not exact_sums(sample_weight, xp)):
        by_weight = xp.argsort(sample_weight, descending=True, stable=True)
        order = xp.take(by_weight, xp.argsort(xp.take(y_score, by_weight), descending=True,
                                              stable=True))
        scores = xp.take(y_score, order)
    positive = xp.take(is_pos, order)
    weight = None if sample_weight is None else xp.take(sample_weight, order)
    del order  # (the largest temporary: freed before the running sums)
    n = scores.shape[0]
    last_of_tie = xp.concat([scores[1:] != scores[:-1],
                             xp.ones(1, dtype=xp.bool, device=device)])
    ends = xp.nonzero(last_of_tie)[0]
    thresholds = xp.take(scores, ends)
    del scores, last_of_tie
    if weight is None:
        count_dtype = xp.int32 if n < 2**31 else xp.int64
        running = xp.cumulative_sum(xp.astype(positive, count_dtype), dtype=count_dtype)
        del positive
        tps = xp.take(running, ends)
        del running  # (the peak stays that of the rows' arrays, not of both tables)
        fps = xp.astype(ends, count_dtype)  # rows at or above, less the positives
        fps += 1
        fps -= tps
        tps, fps = xp.astype(tps, xp.float64), xp.astype(fps, xp.float64)
    else:
        # Each class's weights summed apart, so a sum changes only where its class has
        # rows, and is taken after as many of them as lie at or above each score.
        count_dtype = xp.int32 if n < 2**31 else xp.int64
        seen = xp.take(xp.cumulative_sum(xp.astype(positive, count_dtype)), ends)
        tps = running_sums_at(xp, weight[positive], seen)
        fps = running_sums_at(xp, weight[~positive], xp.astype(ends, count_dtype) + 1 - seen)
    return CountTable(thresholds, tps, fps, xp=xp, device=device)


def _count_objects(is_pos, y_score, sample_weight, sklearn_ties=False):
    """The table of an object array of real numbers, compared as Python objects,
    exactly (2**70 + 1 and 2**70 stay two thresholds; 1, 1.0 and True are one), in
    scikit-learn's stable sort. Each threshold is the object of the tie's last row in
    that order, as there, so an int stays an int and a float a float.

    ``sklearn_ties``: a tie wherever two neighbours' difference is zero, as
    scikit-learn finds them, which Python computes in floats for an int beside a
    float (2**53 + 1 - 2.0**53 == 0), so that such neighbours are one tie or not with
    the rows' order: for the drop-ins, which give scikit-learn's output."""
    n = y_score.shape[0]
    if TIES_SUMMED_LAST_ROW_FIRST:  # an ascending stable sort, reversed
        order = np.argsort(y_score, kind="stable")[::-1]
    else:  # decreasing, ties in input order
        order = n - 1 - np.argsort(y_score[::-1], kind="stable")[::-1]
    descending = y_score[order]
    new_tie = np.ones(n, dtype=bool)
    if sklearn_ties:
        new_tie[1:] = ((descending[1:] - descending[:-1]) != 0).astype(bool)
    else:
        new_tie[1:] = (descending[1:] != descending[:-1]).astype(bool)
    group = np.cumsum(new_tie) - 1  # each sorted row's tie, from the highest
    last_of_tie = np.flatnonzero(np.append(new_tie[1:], True))
    # The kernel counts the ties as scores: the highest tie has the highest number.
    number = np.empty(n, dtype=np.float64)
    number[order] = group[-1] - group
    table = count_rows(is_pos, number, sample_weight)
    chosen = order[last_of_tie[group[-1] - table.thresholds.astype(np.intp)]]
    return CountTable(y_score[chosen], table.tps, table.fps, table.unit_steps)


def _as_arrays(is_pos, y_score, sample_weight):
    """Array-likes (lists, pandas columns) as the kernel's arrays, checked: ``is_pos``
    booleans or 0/1, finite numeric scores, non-negative weights (zeros dropped)."""
    is_pos = np.asarray(is_pos)
    if is_pos.dtype != bool:
        if is_pos.dtype.kind not in "biuf" or not np.isin(is_pos, (0, 1)).all():
            raise ValueError("is_pos must hold booleans (or 0 and 1): True for positive rows.")
        is_pos = is_pos.astype(bool)
    y_score = np.asarray(y_score)
    if y_score.dtype == object and y_score.size and real_objects(y_score):
        if any(v != v for v in y_score.tolist()):
            raise ValueError("y_score holds NaN or infinity.")
    elif y_score.dtype.kind not in "biuf":
        raise ValueError(f"y_score must hold numbers; got dtype {y_score.dtype}.")
    if is_pos.ndim != 1 or y_score.shape != is_pos.shape:
        raise ValueError(
            f"is_pos and y_score must be 1-D and of one length; got shapes {is_pos.shape} "
            f"and {y_score.shape}.")
    if y_score.dtype != object and not np.isfinite(y_score).all():
        raise ValueError("y_score holds NaN or infinity.")
    if sample_weight is not None:
        sample_weight = np.asarray(sample_weight, dtype=np.float64)
        if sample_weight.shape != y_score.shape:
            raise ValueError("sample_weight must have one weight per row.")
        if not np.isfinite(sample_weight).all() or (sample_weight < 0).any():
            raise ValueError("sample_weight must hold finite, non-negative numbers.")
        kept = sample_weight > 0
        if not kept.all():
            is_pos, y_score, sample_weight = is_pos[kept], y_score[kept], sample_weight[kept]
    return is_pos, y_score, sample_weight



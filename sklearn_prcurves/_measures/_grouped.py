"""Grouped AUC (gAUC): the weighted mean of per-group ROC AUCs, for click-through and
ranking models where only the order inside a group (a user, a query) matters.

Each group's area is its positives' mean placement (:func:`~sklearn_prcurves._metrics._roc_auc.
placements`, the one formula); unweighted float scores take a NumPy specialisation that
counts every group in one sort of packed keys, in whole numbers.
"""

from __future__ import annotations

import sys
from numbers import Real
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import ArrayLike

from .._base._array_api import array_api_boundary
from .._base._compat import StrOptions, check_sample_weight, validate_params
from .._base._ids import checked_ids, id_codes
from .._base._undefined import warn_undefined
from .._base._validation import (
    check_binary_input,
    check_non_negative_weight,
    weights_within_range,
)
from .._metrics._roc_auc import placements
from .._table._sorting import descending_order

if TYPE_CHECKING:
    pass

__all__ = ["grouped_roc_auc_score"]



@validate_params(
    {
        "y_true": ["array-like"],
        "y_score": ["array-like"],
        "groups": ["array-like"],
        "group_weight": [StrOptions({"samples", "uniform"}), "array-like"],
        "pos_label": [Real, str, "boolean", None],
        "sample_weight": ["array-like", None],
    },
    prefer_skip_nested_validation=True,
)
@array_api_boundary()
def grouped_roc_auc_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    groups: ArrayLike,
    *,
    group_weight: str | ArrayLike = "samples",
    pos_label: int | float | bool | str | None = None,
    sample_weight: ArrayLike | None = None,
) -> float:
    """Grouped AUC (gAUC): the weighted mean of per-group ROC AUCs.

    Used for click-through models, where only the ranking inside a group (a user, a
    query) matters. Groups holding a single class have no AUC and are skipped.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True binary labels.
    y_score : array-like of shape (n_samples,)
        Scores; higher means more likely positive.
    groups : array-like of shape (n_samples,)
        Group of each sample.
    group_weight : {"samples", "uniform"} or array-like of shape (n_groups,), \
            default="samples"
        Weight of each group's AUC: its (weighted) number of samples (impressions),
        1 for every group, or given per group in the order of ``np.unique(groups)``.
    pos_label : int, float, bool or str, default=None
        The label of the positive class.
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights, used inside each group's AUC and for
        ``group_weight="samples"``.

    Returns
    -------
    gauc : float
        NaN, with an :class:`~sklearn.exceptions.UndefinedMetricWarning`, when no
        group holds both classes.

    Examples
    --------
    >>> from sklearn_prcurves import grouped_roc_auc_score
    >>> y = [1, 0, 0, 1, 1, 0]
    >>> scores = [0.9, 0.1, 0.8, 0.2, 0.6, 0.4]
    >>> groups = ["u1", "u1", "u2", "u2", "u3", "u3"]
    >>> grouped_roc_auc_score(y, scores, groups)  # AUCs 1, 0, 1 with equal weights
    0.666...
    """
    from sklearn.utils import column_or_1d

    is_pos, y_score, _ = check_binary_input(
        y_true, y_score, None, pos_label
    )
    groups = checked_ids(groups, is_pos.shape[0], "groups")
    if sample_weight is not None:
        sample_weight = check_sample_weight(column_or_1d(sample_weight), is_pos)
        check_non_negative_weight(sample_weight)
        sample_weight, _ = weights_within_range(sample_weight)
    labels, group_index, n_ids, present = _group_labels(groups)
    if sample_weight is None:
        aucs, sizes = _grouped_aucs(is_pos, y_score, group_index, n_ids, None,
                                    with_sizes=True)
    else:
        sizes = np.bincount(group_index, weights=sample_weight, minlength=n_ids)
        aucs = _grouped_aucs(is_pos, y_score, group_index, n_ids,
                             np.asarray(sample_weight, float))
    if present is not None:  # ids with no row dropped
        aucs, sizes = aucs[present], sizes[present]
    if isinstance(group_weight, str):
        # Sizes relative to the largest: the mean is the same, and sums of huge weights
        # cannot overflow.
        largest = sizes.max()
        if group_weight == "uniform":
            weights = np.ones(labels.shape[0])
        else:
            weights = sizes / largest if largest > 0 else sizes
    else:
        weights = column_or_1d(group_weight).astype(np.float64)
        if weights.shape[0] != labels.shape[0]:
            raise ValueError(
                f"group_weight has {weights.shape[0]} entries but there are "
                f"{labels.shape[0]} groups."
            )
        if not np.all(np.isfinite(weights)) or np.any(weights < 0):
            raise ValueError("group_weight must hold finite, non-negative numbers.")
    defined = ~np.isnan(aucs)
    if not defined.any() or weights[defined].sum() <= 0:
        warn_undefined("No group holds both classes: grouped AUC is not defined.")
        return np.nan
    # A weighted mean of areas in [0, 1] is in [0, 1]; its rounding can leave by an ulp
    # (every group at 1 under fractional weights gave 1.0000000000000002).
    return float(np.clip(np.average(aucs[defined], weights=weights[defined]), 0.0, 1.0))


def _group_labels(groups):
    """The distinct groups, each row's group id and how the ids map to the groups:
    ``(labels, ids, n_ids, present)``, the ids in ``range(n_ids)``; ``present`` picks,
    in order, the ids that are the labels' (None: id i is ``labels[i]``).

    ``np.unique(groups, return_inverse=True)``, except for integer groups of a
    moderate range, which need no sort (a table of the values present: two passes).
    Where at least half the values of that range occur, each row's id is its offset
    in the range (the ids of absent values stay unused): that spares a gather of every
    row's position among the present values, a tenth of the call at 1e7 rows.
    """
    if groups.dtype.kind in "iu" and groups.shape[0]:
        low, high = int(groups.min()), int(groups.max())
        span = high - low + 1
        if span <= 4 * groups.shape[0] + 1024:
            offset = groups if low == 0 else groups - low
            offset = offset.astype(np.intp, copy=False)
            present = np.zeros(span, dtype=bool)
            present[offset] = True
            if present.all():  # every value in the range: the offsets are the indices
                return np.arange(low, high + 1).astype(groups.dtype), offset, span, None
            ids = np.flatnonzero(present)
            labels = ids.astype(groups.dtype) + low
            if 2 * ids.shape[0] >= span:
                return labels, offset, span, ids
            position = np.cumsum(present, dtype=np.intp) - 1
            return labels, position[offset], ids.shape[0], None
    labels, group_index = id_codes(groups)
    return labels, group_index, labels.shape[0], None


def _group_score_order(scores, group_index):
    """Row order by group, then score (ties in any order).

    ``np.lexsort`` compares two keys per step (25 sorts of the scores at 1e7 rows); here
    the kernel's score order (a value sort of packed keys) gives each row its rank, and
    one value sort of packed 64-bit keys (group, rank) gives the order.
    """
    n = scores.shape[0]
    rank_bits = max(int(n - 1).bit_length(), 1)
    group_bits = max(int(group_index.max()).bit_length(), 1) if n else 1
    if rank_bits + group_bits > 63 or n < 2:
        return np.lexsort((scores, group_index))
    by_score = descending_order(scores, scores=False)[0][::-1]  # increasing scores
    key = np.empty(n, dtype=np.int64)
    key[by_score] = np.arange(n, dtype=np.int64)  # each row's rank among the scores
    key |= group_index.astype(np.int64) << rank_bits
    key.sort()  # as integers: as doubles, small keys are subnormal (see _count_packed)
    key &= (1 << rank_bits) - 1
    return by_score[key]


def _ranges(counts):
    """``concatenate([arange(c) for c in counts])``."""
    total = int(counts.sum())
    return np.arange(total) - np.repeat(np.cumsum(counts) - counts, counts)


def _grouped_aucs_packed(is_pos, scores, group_index, n_groups):
    """Every group's unweighted AUC-ROC and size from one sort of packed 64-bit keys
    ``group | score bits | label``, or None where the scores do not fit (negative or
    non-float scores, too many groups).

    Sorted, the keys put each group's rows in increasing score order, negatives before
    positives within a tie, so a positive's credit (the group's negatives below it plus
    half those tied with it) is read from positions alone: no index sort, no gather.
    float32 scores fit whole. float64 scores keep their leading bits (exponent and at
    least 31 mantissa bits for 1e6 groups); one value sort of the scores finds the
    distinct scores sharing leading bits, and only groups where two such scores of
    opposite classes meet are counted again exactly.
    """
    n = scores.shape[0]
    group_bits = max(int(n_groups - 1).bit_length(), 1)
    if n < 2 or scores.dtype not in (np.float32, np.float64) or group_bits > 28:
        return None
    if not scores.min() >= 0:  # (False for NaN too)
        return None
    key, score_bits, dropped = _group_keys(is_pos, scores, group_index, group_bits)
    pos_at, run, with_ties, credit = _twice_credits(key)
    # The rows sorted by group: each group's first row follows the rows of the groups
    # before it, and its positives follow theirs.
    sizes = np.bincount(group_index, minlength=n_groups)
    group_of_pos = (key[pos_at] >> np.uint64(score_bits + 1)).astype(np.intp)
    pos_total = np.bincount(group_of_pos, minlength=n_groups)
    neg_total = sizes - pos_total
    # Negatives before each group's first row.
    base = np.cumsum(neg_total) - neg_total
    credit_sum = np.bincount(group_of_pos, weights=credit, minlength=n_groups)
    with np.errstate(invalid="ignore", divide="ignore"):
        aucs = (credit_sum / 2 - pos_total * base.astype(np.float64)) / (
            pos_total.astype(np.float64) * neg_total)
    aucs[(pos_total == 0) | (neg_total == 0)] = np.nan
    if dropped and with_ties.shape[0]:
        _recount_shared_bits(aucs, is_pos, scores, group_index, (dropped, score_bits),
                             run[with_ties], group_of_pos[with_ties])
    return aucs, sizes


def _group_keys(is_pos, scores, group_index, group_bits):
    """``(keys, score bits kept, bits dropped)``: the sorted 64-bit keys
    ``group | leading score bits | label`` of :func:`_grouped_aucs_packed`."""
    if scores.dtype == np.float32:
        score_bits, dropped = 31, 0
        trunc = (scores.view(np.uint32) & np.uint32(0x7FFFFFFF)).astype(np.uint64)
    else:
        score_bits = 61 - group_bits
        dropped = 63 - score_bits
        trunc = scores.view(np.uint64) & np.uint64(0x7FFFFFFFFFFFFFFF)
        trunc >>= np.uint64(dropped)
    key = trunc
    key <<= np.uint64(1)
    key |= is_pos
    key |= group_index.astype(np.uint64) << np.uint64(score_bits + 1)
    key.sort()  # as integers: as doubles, small keys are subnormal (see _count_packed)
    return key, score_bits, dropped


def _twice_credits(key):
    """``(positions of the positives, their keys without the label, the first positive
    of each tie run holding negatives, twice each positive's credit plus twice its
    group's negatives before the group)`` from the sorted keys."""
    if sys.byteorder == "little":
        label = key.view(np.uint8)[::8] & np.uint8(1)
    else:  # pragma: no cover - big-endian machines
        label = (key & np.uint64(1)).astype(np.uint8)
    pos_at = np.flatnonzero(label)  # sorted positions of the positives
    del label
    n_pos = pos_at.shape[0]
    neg_before = pos_at - np.arange(n_pos)  # negatives before each positive, all groups
    # A positive's tie run (same group and kept score bits) holds negatives iff the row
    # before the run's first positive belongs to the run (negatives sort first).
    run = key[pos_at] >> np.uint64(1)
    first = np.empty(n_pos, dtype=bool)
    first[:1] = True
    np.not_equal(run[1:], run[:-1], out=first[1:])
    first = np.flatnonzero(first)
    before = pos_at[first] - 1
    with_ties = first[(before >= 0) & ((key[np.maximum(before, 0)] >> np.uint64(1)) == run[first])]
    # The negatives before each positive, and before its run (the same, without ties).
    credit = neg_before.astype(np.float64)
    credit *= 2
    if with_ties.shape[0]:
        run_start = np.searchsorted(key, run[with_ties] << np.uint64(1))
        tied = run_start - with_ties  # minus the positives before the run: its negatives
        tied = neg_before[with_ties] - tied
        # Every positive of such a run shares its tied negatives.
        ends = np.append(first, n_pos)
        where = np.searchsorted(first, with_ties)
        counts = ends[where + 1] - first[where]
        credit[np.repeat(with_ties, counts) + _ranges(counts)] -= np.repeat(tied, counts)
    return pos_at, run, with_ties, credit


def _recount_shared_bits(aucs, is_pos, scores, group_index, bits, tie_runs, tie_groups):
    """Distinct float64 scores sharing their kept bits were counted as ties: find them
    (one value sort) and count again, exactly, the groups where such a tie met both
    classes (``tie_runs``, ``tie_groups``: the runs holding both, and their groups)."""
    dropped, score_bits = bits
    ascending = np.sort(scores)
    kept = (ascending.view(np.uint64) & np.uint64(0x7FFFFFFFFFFFFFFF)) >> np.uint64(dropped)
    shared = (kept[1:] == kept[:-1]) & (ascending[1:] != ascending[:-1])
    if not shared.any():
        return
    ambiguous = np.unique(kept[1:][shared])
    in_ambiguous = np.isin(tie_runs & np.uint64((1 << score_bits) - 1), ambiguous)
    suspect = np.unique(tie_groups[in_ambiguous])
    if suspect.shape[0]:
        rows = np.isin(group_index, suspect)
        local = np.searchsorted(suspect, group_index[rows])
        aucs[suspect] = _grouped_aucs(is_pos[rows], scores[rows], local, suspect.shape[0],
                                      None, packed=False)


def _grouped_aucs(is_pos, scores, group_index, n_groups, weight, packed=True,
                  with_sizes=False):
    """Every group's AUC-ROC in one vectorised pass (NaN for a group with one class).

    Rows sorted by (group, score), one row per run of a group's equal scores: each
    group's count table, stacked. A group's area is its positives' mean
    :func:`placements`.
    """
    if weight is not None:
        kept = weight > 0
        if not kept.all():
            is_pos, scores, group_index, weight = (
                is_pos[kept], scores[kept], group_index[kept], weight[kept])
    if weight is None and packed:
        found = _grouped_aucs_packed(is_pos, scores, group_index, n_groups)
        if found is not None:
            return found if with_sizes else found[0]
    n = group_index.shape[0]
    if n == 0:  # (every weight zero)
        return np.full(n_groups, np.nan)
    order = _group_score_order(scores, group_index)
    group, score, positive = group_index[order], scores[order], is_pos[order]
    starts = np.ones(n, dtype=bool)  # where a run of a group's equal scores starts
    np.logical_or(group[1:] != group[:-1], score[1:] != score[:-1], out=starts[1:])
    starts = np.flatnonzero(starts)
    run_group = group[starts]
    if weight is None:
        pos = np.add.reduceat(positive, starts, dtype=np.int64)
        neg = np.diff(starts, append=n) - pos
    else:
        w = weight[order]
        pos = np.add.reduceat(np.where(positive, w, 0.0), starts)
        neg = np.add.reduceat(np.where(positive, 0.0, w), starts)
    first = np.ones(run_group.shape[0], dtype=bool)  # each group's first run
    np.not_equal(run_group[1:], run_group[:-1], out=first[1:])
    first = np.flatnonzero(first)
    # Each group's totals, its runs being consecutive. Float sums of weights drift with
    # the number of runs: many are summed in extended precision and rounded once.
    runs = np.diff(first, append=run_group.shape[0])
    pos_total, neg_total = np.zeros(n_groups), np.zeros(n_groups)
    total_type = np.int64 if weight is None else (
        np.longdouble if runs.max() > _FLOAT_RUNS else np.float64)
    pos_total[run_group[first]] = np.add.reduceat(pos, first, dtype=total_type)
    neg_total[run_group[first]] = np.add.reduceat(neg, first, dtype=total_type)
    neg_scale = neg_total[run_group]
    if weight is not None:
        # Weights as shares of their group's negatives before the running sum (in
        # extended precision): a group of weights 1 after one of 1e300 keeps its scale.
        neg = np.divide(neg, neg_scale, out=np.zeros(neg.shape), where=neg > 0)
        neg_scale = 1.0
    before = np.cumsum(neg, dtype=np.int64 if weight is None else np.longdouble)
    before -= neg  # (exact in integers)
    below = before - np.repeat(before[first], runs)
    below = below.astype(np.float64)  # (after the difference: one rounding)
    # Shares of the group's positives times placements: no product of two weights, so
    # weights of 1e-300 and 1e300 neither underflow nor overflow.
    with np.errstate(invalid="ignore", divide="ignore"):  # (groups of one class: NaN)
        share = pos / pos_total[run_group] * placements(neg, below, neg_scale)
        aucs = np.bincount(run_group, weights=share, minlength=n_groups)
    aucs[(pos_total <= 0) | (neg_total <= 0)] = np.nan
    return (aucs, pos_total + neg_total) if with_sizes else aucs


# Runs per group up to which float64 sums stay within a few ulps of the exact one.
_FLOAT_RUNS = 64

"""Averaging a binary ranking metric over labels, as scikit-learn does.

``average_binary_score`` covers binary, multilabel and one-vs-rest multiclass inputs
(micro, macro, weighted, samples, None); ``average_ovo_score`` is Hand and Till's
one-vs-one average. Both follow scikit-learn's rules exactly, including its
conventions for labels of zero support, so that every package metric built on a
binary function averages the way users already know.
"""

from itertools import combinations

import numpy as np

from .._base._array_api import where
from .._base._labels import target_type
from .._base._validation import namespace_matrix, namespace_rows
from .._table._counts import count_in_namespace
from ._roc_auc import placements

_AVERAGE_OPTIONS = (None, "micro", "macro", "weighted", "samples")


def average_binary_score(binary_metric, y_true, y_score, average, sample_weight=None):
    """Apply ``binary_metric(y_true, y_score, sample_weight=...)`` per label and average.

    Parameters
    ----------
    binary_metric : callable
        Returns a float for one binary problem with 0/1 (or binary) labels.
    y_true : array-like of shape (n_samples,) or (n_samples, n_labels)
        Binary labels or a label indicator matrix.
    y_score : array-like of shape (n_samples,) or (n_samples, n_labels)
    average : {None, 'micro', 'macro', 'weighted', 'samples'}
    sample_weight : array-like of shape (n_samples,), default=None

    Returns
    -------
    score : float, or ndarray of shape (n_labels,) when ``average`` is None
    """
    from sklearn.utils import check_array, check_consistent_length

    if average not in _AVERAGE_OPTIONS:
        raise ValueError(f"average has to be one of {_AVERAGE_OPTIONS}")
    y_type, _ = target_type(y_true, input_name="")
    if y_type not in ("binary", "multilabel-indicator"):
        raise ValueError(f"{y_type} format is not supported")
    if y_type == "binary":
        return binary_metric(y_true, y_score, sample_weight=sample_weight)

    check_consistent_length(y_true, y_score, sample_weight)
    y_true = check_array(y_true)
    y_score = check_array(y_score)

    label_axis = 1
    score_weight = sample_weight
    average_weight = None
    if average == "micro":
        if score_weight is not None:
            score_weight = np.repeat(score_weight, y_true.shape[1])
        y_true = y_true.ravel()
        y_score = y_score.ravel()
    elif average == "weighted":
        if score_weight is not None:
            average_weight = np.sum(
                np.asarray(y_true, dtype=score_weight.dtype) * score_weight.reshape(-1, 1),
                axis=0,
            )
        else:
            average_weight = np.sum(y_true, axis=0)
        if np.isclose(np.sum(average_weight), 0):
            return 0
    elif average == "samples":
        average_weight, score_weight = score_weight, None
        label_axis = 0

    if y_true.ndim == 1:
        y_true = y_true.reshape(-1, 1)
    if y_score.ndim == 1:
        y_score = y_score.reshape(-1, 1)

    if label_axis == 1:
        # One blocked transpose each, not a strided gather per label.
        y_true, y_score = _columns(y_true), _columns(y_score)
    score = np.zeros((y_score.shape[0],))
    for c in range(y_score.shape[0]):
        score[c] = binary_metric(y_true[c], y_score[c], sample_weight=score_weight)

    return _averaged(score, average, average_weight)


def _averaged(score, average, average_weight):
    """Per-label scores averaged as scikit-learn averages them (None: the scores)."""
    if average is None:
        return score
    if average_weight is not None:
        # A label of zero weight must not turn the average into NaN.
        score[average_weight == 0] = 0
    return float(np.average(score, weights=average_weight))


def _pairs_averaged(pair_scores, prevalence):
    """Hand and Till's average of the class pairs' scores (``prevalence``: each
    pair's share of the rows, for 'weighted'; else None), as a NumPy scalar."""
    return np.average(np.asarray(pair_scores, dtype=np.float64),
                      weights=None if prevalence is None else np.asarray(prevalence))


def average_ovr_score(binary_metric, y_true, classes, y_score, average, sample_weight=None):
    """``average_binary_score(binary_metric, label_binarize(y_true, classes=classes),
    y_score, average, sample_weight)`` for multiclass ``y_true``, without the label
    matrix: each class's 0/1 column is compared out of ``y_true`` when its turn comes,
    and the scores are copied once into columns (a column of a row-major array is a
    strided gather per class). Same values, same averaging; 'micro' and 'samples'
    averages are not handled here (None is returned: take the general route).
    """
    from sklearn.utils import check_consistent_length

    if average not in ("macro", "weighted", None):
        return None
    y_true = np.asarray(y_true)
    y_score = np.asarray(y_score)
    if y_true.ndim != 1 or y_score.ndim != 2 or y_score.shape[1] != classes.shape[0] \
            or y_score.dtype.kind not in "biuf":
        return None
    check_consistent_length(y_true, y_score, sample_weight)
    average_weight = None
    if average == "weighted":
        # The label matrix's column sums: exact counts, or weights added row after
        # row (a column sum of a row-major matrix is sequential, as cumsum is).
        average_weight = np.array([
            np.count_nonzero(y_true == label) if sample_weight is None
            else np.cumsum(sample_weight * (y_true == label))[-1]
            for label in classes], dtype=np.float64)
        if np.isclose(np.sum(average_weight), 0):
            return 0
    columns = _columns(y_score)
    score = np.zeros(classes.shape[0])
    for c, label in enumerate(classes):
        # 0/1 labels as label_binarize gives them (one byte each, not eight).
        score[c] = binary_metric((y_true == label).view(np.uint8), columns[c],
                                 sample_weight=sample_weight)
    return _averaged(score, average, average_weight)


def _columns(matrix, block=1 << 12):
    """The columns of a 2-D array as the rows of a new one, transposed block by block
    (a plain transposing copy misses the cache on every element: 2-3x slower)."""
    n = matrix.shape[0]
    rows = np.empty((matrix.shape[1], n), dtype=matrix.dtype)
    for start in range(0, n, block):
        rows[:, start:start + block] = matrix[start:start + block].T
    return rows


def average_ovo_score(binary_metric, y_true_encoded, y_score, average="macro"):
    """Hand and Till's one-vs-one average of ``binary_metric`` over class pairs.

    Parameters
    ----------
    binary_metric : callable
        ``binary_metric(y_true_bool, y_score_column)`` for one pair of classes.
    y_true_encoded : ndarray of int, shape (n_samples,)
        Class indices into the columns of ``y_score``.
    y_score : ndarray of shape (n_samples, n_classes)
    average : {'macro', 'weighted'}, default='macro'
        'weighted' weights each pair by its share of the samples.

    Returns
    -------
    score : float
    """
    from sklearn.utils import check_consistent_length

    check_consistent_length(y_true_encoded, y_score)
    present = np.unique(y_true_encoded)
    pairs = list(combinations(present, 2))
    pair_scores = np.empty(len(pairs))
    prevalence = np.empty(len(pairs)) if average == "weighted" else None
    for i, (a, b) in enumerate(pairs):
        a_rows = y_true_encoded == a
        b_rows = y_true_encoded == b
        either = a_rows | b_rows
        if prevalence is not None:
            prevalence[i] = np.average(either)
        a_vs_b = binary_metric(a_rows[either], y_score[either, a])
        b_vs_a = binary_metric(b_rows[either], y_score[either, b])
        pair_scores[i] = (a_vs_b + b_vs_a) / 2
    return _pairs_averaged(pair_scores, prevalence)

# --- averages of arrays of another namespace, counted where they live ------------------
#
# A label matrix and scores held by another array API namespace (a GPU): each column
# (or pair) counted and measured there, and only the per-column scores brought to the
# host, to be averaged by the functions above. The label checks above are
# scikit-learn's, on NumPy arrays; input they would question goes to the host.


def namespace_average(matrix, average, measure, rows=None):
    """``measure`` (of a device table) of a :class:`~sklearn_prcurves._base._validation.Matrix`,
    averaged as scikit-learn's ``_average_binary_score`` averages it: 'micro' (the label
    matrix and the scores read row after row as one binary problem), 'macro',
    'weighted' (by each class's weight) or None over the columns, or 'samples' over the
    rows (by ``rows``, all rows at once)."""
    xp, device, positives, y_score, sample_weight = matrix[:5]
    if average == "micro":
        k = positives.shape[1]
        weight = None if sample_weight is None else xp.repeat(sample_weight, k)
        return measure(count_in_namespace(xp, device, xp.reshape(positives, (-1,)),
                                          xp.reshape(y_score, (-1,)), weight))
    if average == "samples":
        return rows(xp, device, positives, y_score, sample_weight)
    scores = [measure(count_in_namespace(xp, device, positives[:, c], y_score[:, c],
                                         sample_weight))
              for c in range(positives.shape[1])]
    if average is None:
        return xp.asarray(scores, dtype=xp.float64, device=device)
    return _averaged(np.asarray(scores, dtype=np.float64), average, matrix.column_weights)


def _row_groups(xp, device, positives, y_score):
    """Every row's own count table, all rows at once, for the 'samples' average:
    ``(row, pos, neg, tp, fp, n_pos, n_neg)`` with, for each distinct score of each
    row (rows in order, scores decreasing), its row, its positives and negatives, and
    the positives and negatives at or above it in its row; and each row's totals.
    One sort along the rows, then flat running sums restarted at each row."""
    n, k = y_score.shape
    order = xp.argsort(y_score, axis=1, descending=True)
    offsets = xp.arange(0, n * k, k, dtype=order.dtype, device=device)
    flat = xp.reshape(order + offsets[:, None], (-1,))
    del order
    scores = xp.reshape(xp.take(xp.reshape(y_score, (-1,)), flat), (n, k))
    positive = xp.take(xp.reshape(positives, (-1,)), flat)
    del flat
    last = xp.concat([scores[:, 1:] != scores[:, :-1],
                      xp.ones((n, 1), dtype=xp.bool, device=device)], axis=1)
    ends = xp.nonzero(xp.reshape(last, (-1,)))[0]
    del scores, last
    running = xp.cumulative_sum(xp.astype(positive, xp.int64), include_initial=True)
    row = ends // k
    first = row * k  # (each row's first element, flat)
    tp = xp.take(running, ends + 1) - xp.take(running, first)
    fp = (ends - first + 1) - tp
    starts_row = xp.concat([xp.ones(1, dtype=xp.bool, device=device), row[1:] != row[:-1]])
    zero = xp.zeros(1, dtype=tp.dtype, device=device)
    pos = tp - where(xp, starts_row, 0, xp.concat([zero, tp[:-1]]))
    neg = fp - where(xp, starts_row, 0, xp.concat([zero, fp[:-1]]))
    n_pos = xp.sum(xp.astype(positives, xp.int64), axis=1)
    return row, pos, neg, tp, fp, n_pos, k - n_pos


def _rows_averaged(xp, terms, row, n, sample_weight):
    """The mean over the ``n`` rows (weighted by ``sample_weight``) of each row's sum
    of ``terms`` (one per group of ``row``)."""
    if sample_weight is None:
        return float(xp.sum(terms)) / n
    weight = xp.astype(sample_weight, xp.float64)  # (plain weights: some positive)
    return float(xp.sum(xp.take(weight, row) * terms)) / float(xp.sum(weight))


def rows_average_precision(xp, device, positives, y_score, sample_weight):
    """The 'samples' average of :func:`average_precision_score`: each row's
    average precision, the precision at each of its distinct scores times the share
    of its positives there, averaged over the rows."""
    row, pos, _, tp, fp, n_pos, _ = _row_groups(xp, device, positives, y_score)
    tp64 = xp.astype(tp, xp.float64)
    precision = tp64 / xp.astype(tp + fp, xp.float64)
    recall_step = xp.astype(pos, xp.float64) / xp.astype(xp.take(n_pos, row), xp.float64)
    return _rows_averaged(xp, recall_step * precision, row, y_score.shape[0], sample_weight)


def rows_roc_auc(xp, device, positives, y_score, sample_weight):
    """The 'samples' average of :func:`roc_auc_score`: each row's table's positives'
    mean placement, averaged over the rows (every row holds both classes)."""
    row, pos, neg, _, fp, n_pos, n_neg = _row_groups(xp, device, positives, y_score)
    n_neg = xp.take(n_neg, row)
    pos, neg, neg_below, n_pos, n_neg = (xp.astype(counts, xp.float64) for counts in (
        pos, neg, n_neg - fp, xp.take(n_pos, row), n_neg))  # (whole counts, exact)
    terms = pos * placements(neg, neg_below, n_neg) / n_pos
    return _rows_averaged(xp, terms, row, y_score.shape[0], sample_weight)


def namespace_multiclass_roc_auc(matrix, average, multi_class, measure):
    """Multiclass :func:`roc_auc_score` of a :class:`~sklearn_prcurves._base._validation.Matrix`
    of probabilities: one-vs-rest, or Hand and Till's one-vs-one, each class (or
    pair) counted on the device."""
    if multi_class == "ovr":
        return namespace_average(matrix, average, measure)
    xp, device, positives, y_score = matrix[:4]
    pair_scores, prevalence = [], []
    n = y_score.shape[0]
    for a, b in combinations(range(len(matrix.classes)), 2):
        a_rows, b_rows = positives[:, a], positives[:, b]
        either = a_rows | b_rows
        prevalence.append(float(xp.sum(xp.astype(either, xp.int64))) / n)
        a_vs_b = measure(count_in_namespace(xp, device, a_rows[either], y_score[:, a][either]))
        b_vs_a = measure(count_in_namespace(xp, device, b_rows[either], y_score[:, b][either]))
        pair_scores.append((a_vs_b + b_vs_a) / 2)
    return _pairs_averaged(pair_scores, prevalence if average == "weighted" else None)


def averaged_namespace_input(y_true, y_score, sample_weight, pos_label, average,
                              rows=None, averaged=True):
    """Plain input of another namespace for the averaged PR areas: a :class:`Matrix`
    (scores of two dimensions, ``pos_label`` 1, an average the host knows), else binary
    rows (:func:`namespace_rows`); None for the host."""
    if getattr(y_score, "ndim", 1) == 2:
        if not averaged or pos_label != 1 or average not in NAMESPACE_AVERAGES:
            return None
        return namespace_matrix(y_true, y_score, sample_weight, average, rows=rows)
    return namespace_rows(y_true, y_score, sample_weight, pos_label)


# The averages a binary problem ignores (the host refuses others with its own error).
NAMESPACE_AVERAGES = ("micro", "macro", "samples", "weighted", None)

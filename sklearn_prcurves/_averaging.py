"""Averaging a binary ranking metric over labels, as scikit-learn does.

``average_binary_score`` covers binary, multilabel and one-vs-rest multiclass inputs
(micro, macro, weighted, samples, None); ``average_ovo_score`` is Hand and Till's
one-vs-one average. Both follow scikit-learn's rules exactly, including its
conventions for labels of zero support, so that every package metric built on a
binary function averages the way users already know.
"""

from itertools import combinations

import numpy as np
from sklearn.utils import check_array, check_consistent_length

from ._validation import target_type

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

    n_labels = y_score.shape[label_axis]
    score = np.zeros((n_labels,))
    for c in range(n_labels):
        y_true_c = np.take(y_true, c, axis=label_axis)
        y_score_c = np.take(y_score, c, axis=label_axis)
        score[c] = binary_metric(y_true_c, y_score_c, sample_weight=score_weight)

    if average is None:
        return score
    if average_weight is not None:
        # A label of zero weight must not turn the average into NaN.
        score[average_weight == 0] = 0
    return float(np.average(score, weights=average_weight))


def average_ovr_score(binary_metric, y_true, classes, y_score, average, sample_weight=None):
    """``average_binary_score(binary_metric, label_binarize(y_true, classes=classes),
    y_score, average, sample_weight)`` for multiclass ``y_true``, without the label
    matrix: each class's 0/1 column is compared out of ``y_true`` when its turn comes,
    and the scores are copied once into columns (a column of a row-major array is a
    strided gather per class). Same values, same averaging; 'micro' and 'samples'
    averages are not handled here (None is returned: take the general route).
    """
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
    if average is None:
        return score
    if average_weight is not None:
        score[average_weight == 0] = 0
    return float(np.average(score, weights=average_weight))


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
    return np.average(pair_scores, weights=prevalence)

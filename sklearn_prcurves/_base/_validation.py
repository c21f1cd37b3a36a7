"""Input checks shared by every public function.

The drop-in functions must raise exactly what scikit-learn raises, so the checks below
call scikit-learn's public validators in the order scikit-learn calls them. The one
thing we do differently is cheap: for a plain numeric label vector we decide "binary"
from its minimum and maximum instead of sorting it (``type_of_target`` sorts the whole
vector, several times per call in scikit-learn's ranking functions).
"""

import math
from numbers import Real
from typing import NamedTuple

import numpy as np

from ..exceptions import NonNumericScoreError
from ._array_api import counting_namespace, to_numpy, where
from ._compat import check_sample_weight
from ._labels import binary_labels

# Totals of weights are kept at most this (1.1e304), so that no running sum of them
# overflows, nor a count times a small factor (a drawn curve's point numbers).
_LARGEST_BITS = 1010
LARGEST_TOTAL = 2.0**_LARGEST_BITS


def weights_within_range(sample_weight, resampled=False):
    """``(weights, exponent)``: non-negative weights divided by ``2**exponent`` where
    their total would pass :data:`LARGEST_TOTAL`, else unchanged (exponent 0).

    The one way the package forms totals of weights that could overflow: a power of
    two divides exactly (weights below 1e-300 of the largest, which no total can see,
    aside), so every share, rate and area is the same number. ``resampled``: rows are
    drawn with replacement (a bootstrap), so a total may hold the heaviest row as
    often as there are rows.
    """
    with np.errstate(over="ignore"):
        if resampled:
            total = float(np.max(sample_weight)) * sample_weight.size if sample_weight.size \
                else 0.0
        else:
            total = float(np.add.reduce(sample_weight, axis=None))
    if total <= LARGEST_TOTAL:
        return sample_weight, 0
    largest = float(np.max(sample_weight))
    exponent = (math.frexp(largest)[1] + int(sample_weight.size).bit_length()
                - _LARGEST_BITS)
    with np.errstate(under="ignore"):
        return np.ldexp(np.asarray(sample_weight, dtype=np.float64), -exponent), exponent


def refuse_overflowing_totals(sample_weight, name):
    """The error of functions that return totals of weights (counts), where those
    would pass the largest float64: their shares and rates are defined, but not them."""
    if weights_within_range(sample_weight)[1]:
        raise overflowing_totals(f"the weighted counts {name} returns")


def frequency_weights(sample_weight, measure):
    """``sample_weight`` as frequencies (a weight of 3 is three identical rows), for a
    ``measure`` whose variance counts rows: float64, or None; anything but
    non-negative whole numbers is refused, naming the measure."""
    if sample_weight is None:
        return None
    weight = np.asarray(sample_weight, dtype=np.float64)
    if np.any(weight < 0) or np.any(weight != np.round(weight)):
        raise ValueError(
            f"{measure} is defined for frequency weights (repeated rows): "
            "sample_weight must hold non-negative integers."
        )
    # (as frequencies, their totals are the counts the variance is formed from)
    refuse_overflowing_totals(weight, measure)
    return weight


def check_running_total(total, name):
    """``total`` (a Python float: the weight a stream or a cluster has summed so far),
    refused past :data:`LARGEST_TOTAL`, where its running sums would overflow. (A
    single call divides such weights by a power of two; chunks counted apart cannot
    share one without a first pass over them all.)"""
    if not total <= LARGEST_TOTAL:
        raise overflowing_totals(name)
    return total


def overflowing_totals(what):
    return ValueError(
        f"sample_weight sums past the largest float64 (1.8e308), so {what} cannot be "
        "represented. Divide the weights by a common factor: the rates and areas do "
        "not change.")


def real_objects(y_score):
    """Whether an object array holds real numbers only (Python or NumPy numbers,
    booleans): scores the kernel compares as Python objects, exactly."""
    return all(isinstance(v, (Real, np.bool_)) for v in y_score.tolist())


def check_range(value, name):
    """A ``(low, high)`` sub-range of [0, 1] with ``low < high``, as floats."""
    try:
        low, high = (float(v) for v in value)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a pair (low, high); got {value!r}.") from None
    if not 0 <= low < high <= 1:
        raise ValueError(f"{name} must satisfy 0 <= low < high <= 1; got {value!r}.")
    return low, high


def check_binary_input(y_true, y_score, sample_weight=None, pos_label=None,
                       all_zero_weight="raise"):
    """Validate one binary problem and return ``(is_pos, y_score, sample_weight)``.

    Mirrors the checks of scikit-learn's curve functions, in their order: target type,
    ``pos_label``, consistent lengths, 1-D shapes, finite scores, valid weights. Rows of
    zero weight are removed, as scikit-learn does, so that they leave no threshold.

    Returns
    -------
    is_pos : ndarray of bool, shape (n_samples,)
    y_score : ndarray of shape (n_samples,)
    sample_weight : ndarray of float64, shape (n_samples,), or None

    ``all_zero_weight="drop"``: rows that all weigh 0 leave nothing (a stream's chunk)
    instead of scikit-learn's error for a one-shot call.
    """
    return checked_rows(binary_labels(y_true, pos_label), y_score, sample_weight,
                        all_zero_weight=all_zero_weight)


def checked_rows(is_pos, y_score, sample_weight=None, scores_checked=False,
                 all_zero_weight="raise"):
    """The checks of :func:`check_binary_input` past the labels, for a caller that
    already holds each row's class (``is_pos``): lengths, shapes, scores (unless
    ``scores_checked``: the caller ran :func:`checked_array` on them), weights."""
    consistent_length(is_pos, y_score, sample_weight)
    is_pos = _column(is_pos)
    y_score = _column(y_score) if scores_checked else check_scores(_column(y_score))
    if sample_weight is not None and all_zero_weight == "drop":
        weight = np.asarray(sample_weight, dtype=np.float64)
        if weight.shape == is_pos.shape and not np.any(weight):
            return is_pos[:0], y_score[:0], weight[:0]
    if sample_weight is not None:
        sample_weight = _checked_weight(_column(sample_weight), is_pos)
        keep = sample_weight != 0
        if not keep.any() and all_zero_weight == "raise":
            raise ValueError("Sample weights must contain at least one non-zero number.")
        if not keep.all():
            is_pos, y_score, sample_weight = is_pos[keep], y_score[keep], sample_weight[keep]
    return is_pos, y_score, sample_weight


def _checked_weight(sample_weight, is_pos):
    """scikit-learn's sample-weight check, skipped for a float64 or float32 vector of
    the right length, contiguous and certainly finite, which it returns unchanged
    (its checks cost a millisecond at 1e6 rows; an all-zero vector is refused by the
    caller with scikit-learn's message)."""
    if (type(sample_weight) is np.ndarray and sample_weight.ndim == 1
            and sample_weight.dtype in (np.float64, np.float32)
            and sample_weight.flags.c_contiguous
            and sample_weight.shape == is_pos.shape and surely_finite(sample_weight)):
        return sample_weight
    return check_sample_weight(sample_weight, is_pos)


def checked_array(y, **options):
    """``check_array(y, ensure_2d=False, **options)``, skipped for a non-empty 1-D
    numeric ndarray that it would return unchanged (its checks cost more than a pass
    over 1e4 values: scikit-learn looks for dataframe libraries on every call)."""
    if (type(y) is np.ndarray and y.ndim == 1 and y.shape[0] > 0
            and y.dtype.kind in "biuf" and surely_finite(y)):
        return y
    from sklearn.utils import check_array

    with np.errstate(over="ignore", invalid="ignore"):  # as in check_scores
        return check_array(y, ensure_2d=False, **options)


def consistent_length(*arrays):
    """scikit-learn's ``check_consistent_length``, called only when the lengths differ
    or are not plain array lengths (its error, its message)."""
    lengths = {a.shape[0] if type(a) is np.ndarray and a.ndim else -1
               for a in arrays if a is not None}
    if len(lengths) > 1 or -1 in lengths:
        from sklearn.utils import check_consistent_length

        check_consistent_length(*arrays)


def _column(y):
    """``column_or_1d(y)``, skipped for what it would return unchanged."""
    if type(y) is np.ndarray and y.ndim == 1 and y.dtype.kind in "biuf":
        return y
    from sklearn.utils import column_or_1d

    return column_or_1d(y)


def check_scores(y_score, input_name="y_score"):
    """The one check of a 1-D score vector: numbers, all finite. Returns the scores.

    Booleans and numbers pass unchanged. An object array of real numbers (a pandas
    object column, Python integers past 2**64) is kept as it is: scikit-learn compares
    such scores as Python objects and returns them as its thresholds, and so does the
    kernel (:func:`~sklearn_prcurves._table._counts.count_table`). Like scikit-learn, such an
    array is refused for NaN only. Other objects convertible to float64 are converted.
    Strings, bytes and other objects raise :class:`NonNumericScoreError` (ranked as
    text, '10' would come before '9'); NaN and infinity raise scikit-learn's error.
    """
    kind = y_score.dtype.kind
    text = kind in "US"
    if kind == "O":
        text = any(isinstance(v, (str, bytes)) for v in y_score.tolist())
        if not text and real_objects(y_score):
            from sklearn.utils import assert_all_finite

            assert_all_finite(y_score)  # (NaN only, for objects: scikit-learn's rule)
            return y_score
        if not text:
            try:
                y_score = y_score.astype(np.float64)
                kind = "f"
            except (TypeError, ValueError):
                pass
    if kind not in "biuf":
        raise NonNumericScoreError(
            f"{input_name} must hold numbers; got {'text' if text else 'values'} of "
            f"dtype {y_score.dtype}. Convert them explicitly, e.g. with "
            "np.asarray(y_score, dtype=float) for numbers written as text."
        )
    if not surely_finite(y_score):
        from sklearn.utils import assert_all_finite

        # (Finite scores near the float limits overflow scikit-learn's sum too: no
        # RuntimeWarning for them, the check itself is exact.)
        with np.errstate(over="ignore", invalid="ignore"):
            assert_all_finite(y_score)
    return y_score


def surely_finite(y):
    """True when ``y`` is numeric and certainly holds no NaN or infinity.

    A finite sum proves every term finite; a non-finite sum (an overflow of finite
    values too, hence no floating-point error is raised for it) or an unusual dtype
    sends the caller to scikit-learn's exact check and its exact message.
    """
    if y.dtype.kind in "biu":
        return True
    if y.dtype.kind != "f":
        return False
    with np.errstate(over="ignore", invalid="ignore"):
        return bool(np.isfinite(np.add.reduce(y, axis=None)))


def check_non_negative_weight(sample_weight):
    """The package's own metrics define areas only for non-negative weights."""
    if sample_weight is not None and np.any(sample_weight < 0):
        raise ValueError(
            "sample_weight must be non-negative for this metric; got a negative weight."
        )


# --- labels arriving in chunks (summaries, Dask) -----------------------------------


# --- rows of another array namespace, counted where they live ------------------------


def namespace_rows(y_true, y_score, sample_weight=None, pos_label=None, infer="curve"):
    """``(xp, device, is_pos, y_score, sample_weight)`` of plain binary rows of one
    other array namespace, to be counted where they live; None for anything else, left
    to the NumPy checks on a host copy, so that errors and warnings are scikit-learn's
    own and not a second set of them.

    Plain means: dispatch on, arrays counted where they live
    (:func:`~sklearn_prcurves._base._array_api.counted_where_they_live`), 1-D of one length,
    finite real scores, numeric labels of exactly two values of which ``pos_label`` is
    one, and weights (if any) finite, non-negative, their total within range, each
    class holding some. The labels are compared exactly (as Python integers for
    integer labels, never rounded through float), and ``pos_label`` is read in their
    type, so that 1.0, True or a NumPy scalar name the label 1 as they do on NumPy.

    ``infer``, where ``pos_label`` is None: ``"greater"`` takes the greater label
    (``roc_auc_score``), ``"curve"`` scikit-learn's rule (labels {0, 1} or {-1, 1}: 1).
    """
    found = counting_namespace(y_score, y_true, sample_weight)
    if found is None:
        return None
    xp, device = found
    if (y_score.ndim != 1 or y_true.ndim != 1 or y_true.shape[0] != y_score.shape[0]
            or y_score.shape[0] == 0 or not xp.isdtype(y_score.dtype, "real floating")
            or not xp.isdtype(y_true.dtype, ("bool", "integral", "real floating"))):
        return None
    if sample_weight is not None and not plain_weights(xp, sample_weight, y_score):
        return None
    if not bool(xp.all(xp.isfinite(y_score))):
        return None
    labels = _two_labels(xp, y_true)
    if labels is None:
        return None
    if pos_label is None:
        if infer == "greater":
            pos_label = labels[1]
        elif set(labels) in ({0, 1}, {-1, 1}):
            pos_label = 1
        else:
            return None
    elif isinstance(pos_label, (str, bytes)) or pos_label not in labels:
        return None
    else:
        pos_label = labels[labels.index(pos_label)]  # (in the labels' own type)
    if xp.isdtype(y_true.dtype, "bool"):
        is_pos = y_true if pos_label else ~y_true
    else:
        is_pos = y_true == pos_label
    if sample_weight is not None and not bool(
            xp.any(is_pos & (sample_weight > 0)) & xp.any(~is_pos & (sample_weight > 0))):
        return None
    return xp, device, is_pos, y_score, sample_weight


class Matrix(NamedTuple):
    """Plain multiclass or multilabel input of another namespace (:func:`namespace_matrix`):
    ``positives``, the one-vs-rest (or multilabel) indicator matrix, and the scores on
    their device; ``classes``, the multiclass labels (None: multilabel);
    ``column_weights``, each column's weight of positives (for 'weighted', else None)."""

    xp: object
    device: object
    positives: object
    y_score: object
    sample_weight: object
    classes: list | None
    column_weights: np.ndarray | None


def namespace_matrix(y_true, y_score, sample_weight, average, labels=None, rows=None,
                     multi_class=None):
    """A :class:`Matrix` of plain multiclass or multilabel input whose every binary
    problem under ``average`` holds both classes; None for anything else, left to the
    host (its checks speak, and its conventions for a problem lacking a class).

    ``rows``, for the 'samples' average (each row a binary problem): ``"both"`` where
    every row must hold both classes, ``"positives"`` where a positive suffices, None
    where the namespace has no reading of rows. ``multi_class``: ``"ovr"`` or ``"ovo"``
    for :func:`roc_auc_score`'s multiclass problems (1-D labels, probabilities)."""
    if average == "samples" and rows is None:
        return None
    found = _label_matrix(y_true, y_score, sample_weight, labels)
    if found is None:
        return None
    xp, device, positives, classes = found
    if multi_class is not None:
        sums = xp.astype(xp.sum(y_score, axis=1), xp.float64)
        if classes is None or not bool(xp.all(xp.abs(sums - 1) <= 1e-8 + 1e-5 * xp.abs(sums))):
            return None
        if multi_class == "ovo":  # (each pair of classes: both present)
            present = bool(xp.all(xp.any(positives, axis=0)))
            return Matrix(xp, device, positives, y_score, None, classes, None) if present else None
    if not _problems_hold_both(xp, positives, sample_weight, average, rows):
        return None
    column_weights = None
    if average == "weighted":
        per_row = (xp.astype(positives, xp.float64) if sample_weight is None else
                   where(xp, positives, xp.astype(sample_weight, xp.float64)[:, None], 0.0))
        column_weights = np.asarray(to_numpy(xp.sum(per_row, axis=0)), dtype=np.float64)
        if np.isclose(np.sum(column_weights), 0):
            return None
    return Matrix(xp, device, positives, y_score, sample_weight, classes, column_weights)


def _problems_hold_both(xp, positives, sample_weight, average, rows):
    """Whether each binary problem of ``average`` holds both classes (with weight):
    every row ('samples'; ``rows="positives"``: a positive in every row), the matrix
    read as one problem ('micro'), else every column."""
    if average == "samples":
        n_pos = xp.sum(xp.astype(positives, xp.int64), axis=1)
        held = (n_pos > 0) & (n_pos < positives.shape[1]) if rows == "both" else n_pos > 0
        return bool(xp.all(held))
    negatives = ~positives
    if sample_weight is not None:
        weighing = (sample_weight > 0)[:, None]
        positives, negatives = positives & weighing, negatives & weighing
    axis = None if average == "micro" else 0
    return bool(xp.all(xp.any(positives, axis=axis))) and bool(
        xp.all(xp.any(negatives, axis=axis)))


def _label_matrix(y_true, y_score, sample_weight, labels=None):
    """``(xp, device, positives, classes)`` of plain multiclass or multilabel input,
    else None (the host decides, and speaks).

    Multiclass: integer labels, as many classes as score columns (``labels``, sorted
    and distinct, when given), at least three; ``positives`` is the one-vs-rest label
    matrix, on the device. Multilabel: a 0/1 (or boolean) indicator matrix of the
    scores' shape, which is ``positives``; ``classes`` is None. Either way: finite
    real scores and usable weights.
    """
    found = counting_namespace(y_score, y_true, sample_weight)
    if found is None:
        return None
    xp, device = found
    if (y_score.ndim != 2 or y_score.shape[0] != y_true.shape[0] or y_score.shape[0] == 0
            or not xp.isdtype(y_score.dtype, "real floating")
            or not bool(xp.all(xp.isfinite(y_score)))):
        return None
    if sample_weight is not None and not plain_weights(xp, sample_weight, y_score):
        return None
    if y_true.ndim == 2:
        if y_true.shape != y_score.shape or y_true.shape[1] < 2:
            return None
        if xp.isdtype(y_true.dtype, "bool"):
            return xp, device, y_true, None
        if not xp.isdtype(y_true.dtype, ("integral", "real floating")) or not bool(
                xp.all((y_true == 0) | (y_true == 1))):
            return None
        return xp, device, y_true == 1, None
    if (y_true.ndim != 1 or y_score.shape[1] < 3
            or not xp.isdtype(y_true.dtype, "integral")):
        return None
    classes = to_numpy(xp.unique_values(y_true)).tolist()
    if labels is not None:
        if not isinstance(labels, (list, tuple, np.ndarray)):
            return None
        given = np.asarray(labels)
        if (given.ndim != 1 or given.dtype.kind not in "iu"
                or not np.all(given[1:] > given[:-1]) or not set(classes) <= set(
                    given.tolist())):
            return None  # (the host says what is wrong with them)
        classes = given.tolist()
    if len(classes) != y_score.shape[1]:
        return None
    row = xp.asarray(classes, dtype=y_true.dtype, device=device)
    return xp, device, y_true[:, None] == row[None, :], classes

def _two_labels(xp, y_true):
    """The two labels of binary ``y_true`` as exact Python numbers (sorted), or None."""
    if xp.isdtype(y_true.dtype, "bool"):
        both = bool(xp.any(y_true)) and not bool(xp.all(y_true))
        return (False, True) if both else None
    low, high = xp.min(y_true), xp.max(y_true)
    if bool(low == high) or not bool(xp.all((y_true == low) | (y_true == high))):
        return None
    if xp.isdtype(y_true.dtype, "integral"):
        return int(low), int(high)
    labels = (float(low), float(high))
    if not all(v.is_integer() for v in labels):
        return None  # type_of_target calls these continuous: the host says so
    return labels


def plain_weights(xp, sample_weight, y_score):
    """Weights the namespace path takes: 1-D, real, finite, non-negative, some
    positive, their total within range (the host divides larger ones by a power of
    two, or refuses them)."""
    if (sample_weight.ndim != 1 or sample_weight.shape[0] != y_score.shape[0]
            or not xp.isdtype(sample_weight.dtype, ("integral", "real floating"))):
        return False
    weight = xp.astype(sample_weight, xp.float64)
    if not bool(xp.all(xp.isfinite(weight) & (weight >= 0))) or not bool(xp.any(weight > 0)):
        return False
    with np.errstate(over="ignore"):
        return float(xp.sum(weight)) <= LARGEST_TOTAL


def namespace_points(x, y):
    """``(x, y)`` as arrays of their namespace in one floating dtype (float32 stays
    float32, as NumPy's trapezoids keep it), for the trapezoids of
    :func:`~sklearn_prcurves.auc` where they live: 1-D points of one other namespace,
    at least two, real, x monotonic; None for anything else (the host checks it, and
    names what is wrong)."""
    found = counting_namespace(x, y)
    if found is None:
        return None
    xp, _ = found
    if (x.ndim != 1 or y.ndim != 1 or x.shape[0] != y.shape[0] or x.shape[0] < 2
            or not all(xp.isdtype(a.dtype, "real floating") for a in (x, y))):
        return None
    dtype = xp.result_type(x.dtype, y.dtype)
    x, y = xp.astype(x, dtype), xp.astype(y, dtype)
    dx = x[1:] - x[:-1]
    if not (bool(xp.all(dx >= 0)) or bool(xp.all(dx <= 0))):
        return None
    return x, y

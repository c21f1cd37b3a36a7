"""Drop-in replacements for scikit-learn's ranking scores.

``auc``, ``roc_auc_score`` and ``average_precision_score`` give exactly what
:mod:`sklearn.metrics` gives (the same arithmetic on the same points, so the same
floats), computed from one pass of the counting kernel per binary problem.
"""

from __future__ import annotations

from numpy.typing import ArrayLike

from functools import partial
from typing import overload
from numbers import Real

import numpy as np

from ._averaging import (
    average_binary_score, average_ovo_score, average_ovr_score, namespace_average,
    namespace_multiclass_roc_auc, rows_average_precision, rows_roc_auc,
)
from ._compat import (
    Interval, StrOptions, present_labels_repr, sklearn_constraint, clipped_area,
    sklearn_scalar, sklearn_scalar_result, validate_params,
)
from ._array_api import (
    NUMPY, array_api_boundary, device_of, namespace_and_device, on_host, to_numpy,
)
from ._entry import binary_table, measure_table, two_class_table
from ._curves import roc_points, table_precision_recall, table_roc
from ._prevalence import PREVALENCE
from ._stepwise import step_area_terms
from ._hull import table_achievable_area
from ._interpolation import INTERPOLATIONS, LEADING_NEGATIVES, path_area_between, table_area
from ._counts import count_in_namespace, count_rows
from ._validation import (
    check_binary_input, check_range, checked_array, checked_rows, n_distinct_labels,
    namespace_points, Matrix, namespace_matrix, namespace_rows, plain_numeric_1d, target_type,
    weights_within_range,
)
from ._undefined import warn_undefined

__all__ = [
    "achievable_pr_auc_score",
    "auc",
    "average_precision_score",
    "pr_auc_score",
    "roc_auc_score",
]


@validate_params(
    {"x": ["array-like"], "y": ["array-like"]},
    prefer_skip_nested_validation=True,
)
@array_api_boundary("x", "y", in_namespace=True)
@sklearn_scalar_result
def auc(x: ArrayLike, y: ArrayLike) -> float:
    """Area under a curve given by points, by the trapezoidal rule.

    Drop-in for :func:`sklearn.metrics.auc`. Straight lines are right between ROC
    points but wrong between precision-recall points (Davis and Goadrich, 2006): for
    the area under a PR curve use :func:`pr_auc_score`.

    Parameters
    ----------
    x : array-like of shape (n,)
        X coordinates, monotonic increasing or monotonic decreasing.
    y : array-like of shape (n,)
        Y coordinates.

    Returns
    -------
    auc : float

    See Also
    --------
    roc_auc_score, pr_auc_score

    Examples
    --------
    >>> from sklearn_prcurves import auc, roc_curve
    >>> fpr, tpr, _ = roc_curve([1, 1, 2, 2], [0.1, 0.4, 0.35, 0.8], pos_label=2)
    >>> auc(fpr, tpr)
    0.75
    """
    from sklearn.utils import check_consistent_length, column_or_1d

    points = namespace_points(x, y)
    if points is not None:
        return trapezoid_area(*points)
    x, y = on_host(x, y)
    check_consistent_length(x, y)
    return trapezoid_area(column_or_1d(x), column_or_1d(y))


_TRAPEZOID_CHUNK = 2**16


def normalized_trapezoid(tp, fp, n_pos, n_neg, first=None):
    """The ROC area under the path ``(fp, tp)`` (from ``first``, ``(tp, fp)``, if given):
    rates first, so that weights of any scale (1e-300 or 1e300) neither underflow nor
    overflow in the products."""
    if first is None:
        first, tp, fp = (tp[0], fp[0]), tp[1:], fp[1:]
    area = 0.0
    # In chunks: path-sized temporaries cost more to fault in than the arithmetic.
    for start in range(0, tp.shape[0], _TRAPEZOID_CHUNK):
        rows = slice(start, start + _TRAPEZOID_CHUNK)
        tpr = np.concatenate([[first[0]], tp[rows]]) / n_pos
        fpr = np.concatenate([[first[1]], fp[rows]]) / n_neg
        heights = tpr[1:] + tpr[:-1]
        heights *= np.subtract(fpr[1:], fpr[:-1], out=tpr[1:])
        area += float(np.sum(heights))
        first = (tp[rows][-1], fp[rows][-1])
    return area / 2


def trapezoid_area(x, y):
    """scikit-learn's trapezoids under points ``(x, y)``, x monotonic, in the points'
    namespace."""
    if x.shape[0] < 2:
        raise ValueError(
            "At least 2 points are needed to compute area under curve, but x.shape = %s"
            % x.shape
        )
    xp = NUMPY if isinstance(x, np.ndarray) else namespace_and_device(x, y)[0]
    direction = 1
    dx = x[1:] - x[:-1]  # (np.diff, operation for operation)
    if bool(xp.any(dx < 0)):
        if bool(xp.all(dx <= 0)):
            direction = -1
        else:
            raise ValueError("x is neither increasing nor decreasing : {}.".format(x))
    if xp is not NUMPY or (x.ndim == 1 and y.ndim == 1 and x.dtype == xp.float64
                           and y.dtype == xp.float64 and x.shape == y.shape):
        # scipy's trapezoid, operation for operation (its widths are this dx) and in
        # the points' dtype, without its set-up: it costs more than the sum below 1e4
        # points. (Other namespaces: their points, of one dtype, are checked already.)
        return float(direction * xp.sum(dx * (y[1:] + y[:-1]) / 2.0))
    from scipy.integrate import trapezoid

    area = direction * trapezoid(y, x)
    if isinstance(area, np.memmap):
        area = area.dtype.type(area)
    return float(area)


def _binary_roc_auc_score(y_true, y_score, sample_weight=None, max_fpr=None):
    if n_distinct_labels(y_true) != 2:
        warn_undefined(
            "Only one class is present in y_true. ROC AUC score is not defined in that case.")
        return np.nan
    if max_fpr is not None and (max_fpr <= 0 or max_fpr > 1):
        raise ValueError("Expected max_fpr in range (0, 1], got: %r" % max_fpr)
    fpr, tpr, _ = roc_points(y_true, y_score, sample_weight=sample_weight)
    return _roc_area(fpr, tpr, max_fpr)


def table_roc_auc(table, max_fpr=None):
    """:func:`roc_auc_score` of a counting table with both classes."""
    fpr, tpr, _ = table_roc(table, thresholds=False)
    return _roc_area(fpr, tpr, max_fpr)


def _roc_area(fpr, tpr, max_fpr=None):
    """scikit-learn's area under ROC points; with ``max_fpr`` in (0, 1), McClish's
    standardised partial area up to it (the curve closed by a point at ``max_fpr`` on
    the segment crossing it, NumPy's ``interp`` of that segment)."""
    if max_fpr is None or max_fpr == 1:
        return trapezoid_area(fpr, tpr)
    xp = NUMPY if isinstance(fpr, np.ndarray) else namespace_and_device(fpr)[0]
    # (searchsorted, "right"; another namespace compares with Python floats only)
    stop = int(xp.sum(xp.astype(fpr <= (max_fpr if xp is NUMPY else float(max_fpr)),
                                xp.int64)))
    x_interp = [float(fpr[stop - 1]), float(fpr[stop])]
    y_interp = [float(tpr[stop - 1]), float(tpr[stop])]
    closing = xp.asarray([np.interp(max_fpr, x_interp, y_interp), max_fpr],
                         dtype=xp.float64, device=device_of(fpr))
    tpr = xp.concat([tpr[:stop], closing[:1]])
    fpr = xp.concat([fpr[:stop], closing[1:]])
    partial_auc = trapezoid_area(fpr, tpr)

    # McClish correction: 0.5 for a non-discriminant model, 1 for a perfect one.
    min_area = 0.5 * max_fpr**2
    max_area = max_fpr
    return 0.5 * (1 + (partial_auc - min_area) / (max_area - min_area))


def _binarize_two_classes(y_true, classes):
    """``label_binarize(y_true, classes=classes)[:, 0]`` for a binary ``y_true``."""
    from sklearn.preprocessing import label_binarize

    if y_true.ndim == 1:
        if classes.shape[0] == 2:
            return (y_true == classes[1]).astype(np.int64)
        return np.zeros(y_true.shape[0], dtype=np.int64)
    return label_binarize(y_true, classes=classes)[:, 0]


@overload
def roc_auc_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    average: str = ...,
    sample_weight: ArrayLike | None = ...,
    max_fpr: float | None = ...,
    multi_class: str = ...,
    labels: ArrayLike | None = ...,
) -> float: ...


@overload
def roc_auc_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    average: None,
    sample_weight: ArrayLike | None = ...,
    max_fpr: float | None = ...,
    multi_class: str = ...,
    labels: ArrayLike | None = ...,
) -> float | np.ndarray: ...


@validate_params(
    {
        "y_true": ["array-like"],
        "y_score": ["array-like"],
        "average": sklearn_constraint(
            "roc_auc_score", "average",
            [StrOptions({"micro", "macro", "samples", "weighted"}), None]),
        "sample_weight": ["array-like", None],
        "max_fpr": [Interval(Real, 0.0, 1, closed="right"), None],
        "multi_class": sklearn_constraint(
            "roc_auc_score", "multi_class", [StrOptions({"raise", "ovr", "ovo"})]),
        "labels": ["array-like", None],
    },
    prefer_skip_nested_validation=True,
)
@array_api_boundary("y_score", "y_true", "sample_weight", in_namespace=True)
@sklearn_scalar_result
def roc_auc_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    average: str | None = "macro",
    sample_weight: ArrayLike | None = None,
    max_fpr: float | None = None,
    multi_class: str = "raise",
    labels: ArrayLike | None = None,
) -> float | np.ndarray:
    """Area under the ROC curve (ROC AUC).

    Drop-in for :func:`sklearn.metrics.roc_auc_score`: binary, partial (``max_fpr``
    with McClish's standardisation), multiclass one-vs-rest and one-vs-one (Hand and
    Till), and multilabel, with every averaging option. Equal to the probability that
    a random positive scores above a random negative, ties counting one half.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,) or (n_samples, n_classes)
        True labels: binary, multiclass, or a multilabel indicator matrix. For binary
        labels the greater label is the positive class.
    y_score : array-like of shape (n_samples,) or (n_samples, n_classes)
        Scores. Binary: the scores of the greater label. Multiclass: probabilities
        summing to 1 over the columns, ordered as ``labels`` (or the sorted classes).
        Multilabel: one score column per label.
    average : {'micro', 'macro', 'samples', 'weighted'} or None, default='macro'
        How per-label scores are combined (ignored for binary ``y_true``); None
        returns them all. Multiclass allows 'micro' (with 'ovr'), 'macro', 'weighted'.
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights (not supported for ``multi_class='ovo'``).
    max_fpr : float > 0 and <= 1, default=None
        If given, the standardised partial AUC over ``[0, max_fpr]`` (binary only).
    multi_class : {'raise', 'ovr', 'ovo'}, default='raise'
        Multiclass strategy; must be set for multiclass ``y_true``.
    labels : array-like of shape (n_classes,), default=None
        Multiclass only: the class labels in the order of ``y_score``'s columns.

    Returns
    -------
    auc : float

    See Also
    --------
    roc_curve, roc_convex_hull, pr_auc_score

    References
    ----------
    .. [1] J. Davis and M. Goadrich, "The Relationship Between Precision-Recall and
           ROC Curves", ICML 2006.
    .. [2] D. J. Hand and R. J. Till, "A Simple Generalisation of the Area Under the
           ROC Curve for Multiple Class Classification Problems", Machine Learning
           45(2), 2001.

    Examples
    --------
    >>> from sklearn_prcurves import roc_auc_score
    >>> roc_auc_score([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    0.75
    """
    from sklearn.utils import column_or_1d

    found = _roc_auc_namespace_input(y_true, y_score, average, sample_weight, max_fpr,
                                     multi_class, labels)
    if found is not None:
        return _roc_auc_where_it_lives(found, average, max_fpr, multi_class)
    y_true, y_score, sample_weight = on_host(y_true, y_score, sample_weight)
    y_type, classes = target_type(y_true, input_name="y_true")
    y_true = checked_array(y_true, dtype=None)
    y_score = checked_array(y_score)
    if sample_weight is not None:
        sample_weight = column_or_1d(sample_weight)

    if y_type == "multiclass" or (
        y_type == "binary" and y_score.ndim == 2 and y_score.shape[1] > 2
    ):
        if max_fpr is not None and max_fpr != 1.0:
            raise ValueError(
                "Partial AUC computation not available in "
                "multiclass setting, 'max_fpr' must be"
                " set to `None`, received `max_fpr={0}` "
                "instead".format(max_fpr)
            )
        if multi_class == "raise":
            raise ValueError("multi_class must be in ('ovo', 'ovr')")
        return _multiclass_roc_auc_score(
            y_true, y_score, labels, multi_class, average, sample_weight,
            classes=classes if y_type == "multiclass" else None,
        )
    if (y_type == "binary" and classes is not None and y_score.ndim == 1
            and (max_fpr is None or max_fpr == 1)):
        # Plain numeric binary labels, classes known: what the general route below
        # would find again three times (binarized labels, their type, their classes).
        if classes.shape[0] != 2:
            warn_undefined("Only one class is present in y_true. ROC AUC score is not defined in "
                           "that case.")
            return np.nan
        table = count_rows(*checked_rows(y_true == classes[1], y_score, sample_weight,
                                          scores_checked=True))
        fpr, tpr, _ = table_roc(table, thresholds=False)
        return trapezoid_area(fpr, tpr)
    binary_metric = partial(_binary_roc_auc_score, max_fpr=max_fpr)
    if y_type == "binary":
        if classes is None:
            classes = np.unique(y_true)
        y_true = _binarize_two_classes(y_true, classes)
    return average_binary_score(binary_metric, y_true, y_score, average, sample_weight)


def _roc_auc_namespace_input(y_true, y_score, average, sample_weight, max_fpr,
                             multi_class, labels):
    """:func:`roc_auc_score`'s plain input of another namespace, to be counted where it
    lives: binary rows (:func:`namespace_rows`), a multilabel or multiclass
    :class:`Matrix` (multiclass: probabilities); None for the host (anything else, and
    every error)."""
    if getattr(y_true, "ndim", 1) == 2:  # multilabel: each column a binary problem
        if labels is not None or average not in _AVERAGES:
            return None
        return namespace_matrix(y_true, y_score, sample_weight, average,
                                rows="both" if max_fpr in (None, 1) else None)
    if getattr(y_score, "ndim", 1) == 2:
        if (max_fpr not in (None, 1) or getattr(y_true, "ndim", 0) != 1
                or multi_class not in ("ovr", "ovo")
                or average not in (("micro", "macro", "weighted", None) if multi_class == "ovr"
                                   else ("macro", "weighted"))
                or (multi_class == "ovo" and sample_weight is not None)):
            return None
        return namespace_matrix(y_true, y_score, sample_weight, average, labels,
                                multi_class=multi_class)
    return None if labels is not None else namespace_rows(
        y_true, y_score, sample_weight, None, infer="greater")


def _roc_auc_where_it_lives(found, average, max_fpr, multi_class):
    if not isinstance(found, Matrix):
        return table_roc_auc(count_in_namespace(*found), max_fpr)
    if found.classes is None:
        return namespace_average(found, average, lambda table: table_roc_auc(table, max_fpr),
                                 rows=rows_roc_auc)
    return namespace_multiclass_roc_auc(found, average, multi_class, table_roc_auc)


def _averaged_namespace_input(y_true, y_score, sample_weight, pos_label, average,
                              rows=None, averaged=True):
    """Plain input of another namespace for the averaged PR areas: a :class:`Matrix`
    (scores of two dimensions, ``pos_label`` 1, an average the host knows), else binary
    rows (:func:`namespace_rows`); None for the host."""
    if getattr(y_score, "ndim", 1) == 2:
        if not averaged or pos_label != 1 or average not in _AVERAGES:
            return None
        return namespace_matrix(y_true, y_score, sample_weight, average, rows=rows)
    return namespace_rows(y_true, y_score, sample_weight, pos_label)


# The averages a binary problem ignores (the host refuses others with its own error).
_AVERAGES = ("micro", "macro", "samples", "weighted", None)


def _all_close_to_one(values):
    """``np.allclose(1, values)`` (rtol 1e-5 on ``values``, atol 1e-8) in two passes."""
    with np.errstate(invalid="ignore"):
        close = bool(np.all(np.abs(values - 1) <= 1e-8 + 1e-5 * np.abs(values)))
    return close and bool(np.isfinite(values).all())  # isclose(1, inf) is False


def _multiclass_labels(y_true, y_score, labels, classes):
    """The classes of multiclass AUC-ROC (``labels``, else ``classes``, else those of
    ``y_true``), with scikit-learn's checks and errors."""
    from sklearn.utils import column_or_1d

    if labels is None:
        classes = np.unique(y_true) if classes is None else classes
        if len(classes) != y_score.shape[1]:
            raise ValueError(
                "Number of classes in y_true not equal to the number of "
                "columns in 'y_score'"
            )
        return classes
    # (a host array: scikit-learn 1.6 under dispatch takes no list here)
    labels = column_or_1d(np.asarray(to_numpy(labels)))
    classes = np.unique(labels)
    if len(classes) != len(labels):
        raise ValueError("Parameter 'labels' must be unique")
    if not np.array_equal(classes, labels):
        raise ValueError("Parameter 'labels' must be ordered")
    if len(classes) != y_score.shape[1]:
        raise ValueError(
            "Number of given labels, {0}, not equal to the number "
            "of columns in 'y_score', {1}".format(len(classes), y_score.shape[1])
        )
    if len(np.setdiff1d(y_true, classes)):
        raise ValueError("'y_true' contains labels not in parameter 'labels'")
    return classes


def _multiclass_roc_auc_score(y_true, y_score, labels, multi_class, average, sample_weight,
                              classes=None):
    from sklearn.preprocessing import label_binarize

    if not y_score.ndim == 2:
        raise ValueError(
            "`y_score` needs to be of shape `(n_samples, n_classes)`, since "
            "`y_true` contains multiple classes. Got "
            f"`y_score.shape={y_score.shape}`."
        )
    if not _all_close_to_one(y_score.sum(axis=1)):
        raise ValueError(
            "Target scores need to be probabilities for multiclass "
            "roc_auc, i.e. they should sum up to 1.0 over classes"
        )

    average_options = ("macro", "weighted", None)
    if multi_class == "ovr":
        average_options = ("micro",) + average_options
    if average not in average_options:
        raise ValueError(
            "average must be one of {0} for multiclass problems".format(average_options)
        )
    if average is None and multi_class == "ovo":
        raise NotImplementedError("average=None is not implemented for multi_class='ovo'.")

    classes = _multiclass_labels(y_true, y_score, labels, classes)
    if multi_class == "ovo":
        if sample_weight is not None:
            raise ValueError(
                "sample_weight is not supported "
                "for multiclass one-vs-one ROC AUC, "
                "'sample_weight' must be None in this case."
            )
        y_true_encoded = np.searchsorted(classes, y_true)
        return average_ovo_score(
            _binary_roc_auc_score, y_true_encoded, y_score, average=average
        )
    ovr = average_ovr_score(_binary_roc_auc_score, y_true, classes, y_score, average,
                            sample_weight)
    if ovr is not None:
        return ovr
    return average_binary_score(
        _binary_roc_auc_score,
        label_binarize(y_true, classes=classes),
        y_score,
        average,
        sample_weight=sample_weight,
    )


def _binary_average_precision(y_true, y_score, pos_label=1, sample_weight=None):
    return table_average_precision(binary_table(y_true, y_score, pos_label, sample_weight))


def table_average_precision(table):
    """:func:`average_precision_score` of a counting table: the step sum
    ``-sum(diff(recall) * precision[:-1])`` of its precision-recall curve, the terms
    as those arrays give them, summed as one array; the clip turns a rounding -0.0
    into 0.0."""
    if table.numpy:
        return float(max(0.0, -np.sum(step_area_terms(table))))
    xp = table.xp
    precision, recall, _ = table_precision_recall(table)
    return float(max(0.0, -float(xp.sum((recall[1:] - recall[:-1]) * precision[:-1]))))


# The metrics of one counting table (both classes present), as the functions above
# compute them from labels and scores: the report and the summaries call these.


def table_pr_auc(table, interpolation="davis-goadrich", leading_negatives="interpolate"):
    """:func:`pr_auc_score` of a counting table (``"step"`` as the other three)."""
    return table_area(table, interpolation, leading_negatives)


def check_average_precision_labels(y_true, y_score, pos_label, binarize=True):
    """scikit-learn's label checks for average precision, shared by ``pr_auc_score``.

    Returns ``(y_true, y_type)`` with multiclass labels binarised one-vs-rest, or
    (``binarize=False``) ``(y_true, y_type, classes)`` with multiclass labels as given.
    """
    from sklearn.preprocessing import label_binarize

    y_type, classes = target_type(y_true, input_name="y_true")
    present_labels = classes if classes is not None else np.unique(np.asarray(y_true))
    if y_type == "binary":
        if present_labels.shape[0] == 2 and pos_label not in present_labels:
            raise ValueError(
                f"pos_label={pos_label} is not a valid label. It should be "
                f"one of {present_labels_repr(present_labels)}"
            )
    elif y_type == "multilabel-indicator" and pos_label != 1:
        raise ValueError(
            "Parameter pos_label is fixed to 1 for multilabel-indicator y_true. "
            "Do not set pos_label or set pos_label to 1."
        )
    elif y_type == "multiclass":
        if pos_label != 1:
            raise ValueError(
                "Parameter pos_label is fixed to 1 for multiclass y_true. "
                "Do not set pos_label or set pos_label to 1."
            )
        if not np.shape(y_score) == (np.shape(y_true)[0], present_labels.shape[0]):
            raise ValueError(
                "`y_score` needs to be of shape `(n_samples, n_classes)`, since "
                "`y_true` contains multiple classes. Got "
                f"`y_score.shape={np.shape(y_score)}`."
            )
        if binarize:
            y_true = label_binarize(y_true, classes=present_labels)
    if not binarize:
        return y_true, y_type, present_labels
    return y_true, y_type


@overload
def average_precision_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    average: str = ...,
    pos_label: int | float | bool | str | None = ...,
    sample_weight: ArrayLike | None = ...,
) -> float: ...


@overload
def average_precision_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    average: None,
    pos_label: int | float | bool | str | None = ...,
    sample_weight: ArrayLike | None = ...,
) -> float | np.ndarray: ...


@validate_params(
    {
        "y_true": ["array-like"],
        "y_score": ["array-like"],
        "average": sklearn_constraint(
            "average_precision_score", "average",
            [StrOptions({"micro", "samples", "weighted", "macro"}), None]),
        "pos_label": [Real, str, "boolean"],
        "sample_weight": ["array-like", None],
    },
    prefer_skip_nested_validation=True,
)
@array_api_boundary("y_score", "y_true", "sample_weight", in_namespace=True)
def average_precision_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    average: str | None = "macro",
    pos_label: int | float | bool | str | None = 1,
    sample_weight: ArrayLike | None = None,
) -> float | np.ndarray:
    """Average precision (AP): the step-wise area under the precision-recall curve.

    Drop-in for :func:`sklearn.metrics.average_precision_score`,
    ``AP = sum_n (R_n - R_{n-1}) P_n`` over the thresholds, with no interpolation
    between points. It is not the area under the interpolated curve of Davis and
    Goadrich (2006); for that use :func:`pr_auc_score`, whose
    ``interpolation="step"`` equals this function.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,) or (n_samples, n_classes)
        Binary labels, multiclass labels (scored one-vs-rest) or a multilabel
        indicator matrix.
    y_score : array-like of shape (n_samples,) or (n_samples, n_classes)
        Scores; higher means more likely positive.
    average : {'micro', 'samples', 'weighted', 'macro'} or None, default='macro'
        How per-label scores are combined (ignored for binary ``y_true``); None
        returns them all.
    pos_label : int, float, bool or str, default=1
        The positive label of binary ``y_true`` (fixed to 1 otherwise).
    sample_weight : array-like of shape (n_samples,), default=None
        Sample weights.

    Returns
    -------
    average_precision : float, or ndarray of shape (n_classes,) if ``average=None``

    See Also
    --------
    pr_auc_score : Area under the interpolated precision-recall curve.
    precision_recall_curve

    References
    ----------
    .. [1] J. Davis and M. Goadrich, "The Relationship Between Precision-Recall and
           ROC Curves", ICML 2006.

    Examples
    --------
    >>> from sklearn_prcurves import average_precision_score
    >>> average_precision_score([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    0.83...
    """
    from sklearn.preprocessing import label_binarize
    from sklearn.utils import column_or_1d

    found = _averaged_namespace_input(y_true, y_score, sample_weight, pos_label, average,
                                      rows="positives")
    if isinstance(found, Matrix):
        return sklearn_scalar(namespace_average(found, average, table_average_precision,
                                                rows=rows_average_precision))
    if found is not None:
        return clipped_area(table_average_precision(count_in_namespace(*found)))
    y_true, y_score, sample_weight = on_host(y_true, y_score, sample_weight)
    if sample_weight is not None:
        sample_weight = column_or_1d(sample_weight)
    y_true, y_type, classes = check_average_precision_labels(y_true, y_score, pos_label,
                                                             binarize=False)
    if y_type == "multiclass":
        ovr = average_ovr_score(partial(_binary_average_precision, pos_label=pos_label),
                                y_true, classes, y_score, average, sample_weight)
        if ovr is not None:
            return sklearn_scalar(ovr)
        y_true = label_binarize(y_true, classes=classes)
    if y_type == "binary" and plain_numeric_1d(y_true) is not None:
        # What the general route reaches, without finding the label type twice more.
        rows = checked_rows(np.asarray(y_true) == pos_label, y_score, sample_weight)
        return clipped_area(table_average_precision(count_rows(
            *rows, sklearn_object_ties=True)))
    score = average_binary_score(
        partial(_binary_average_precision, pos_label=pos_label),
        y_true,
        y_score,
        average,
        sample_weight=sample_weight,
    )
    return clipped_area(score) if y_type == "binary" else sklearn_scalar(score)


def _binary_pr_auc(
    y_true, y_score, pos_label=1, sample_weight=None, *, interpolation, leading_negatives,
    achievable=False, recall_range=None,
):
    if interpolation == "step" and not achievable and recall_range is None:
        # average_precision_score's float (a drop-in keeps scikit-learn's, which with
        # fractional weights can round one ulp above 1), held in [0, 1] as an area is;
        # its checks (negative weights and one class included), weights whose total
        # would overflow divided by a power of two.
        is_pos, y_score, weight = check_binary_input(y_true, y_score, sample_weight,
                                                     pos_label)
        if weight is not None:
            weight, _ = weights_within_range(weight)
        return min(table_average_precision(count_rows(is_pos, y_score, weight)), 1.0)
    table = measure_table(y_true, y_score, pos_label, sample_weight)
    return _table_pr_auc(table, interpolation, leading_negatives, achievable, recall_range)


def _table_pr_auc(table, interpolation, leading_negatives, achievable=False,
                  recall_range=None):
    """:func:`pr_auc_score` (``achievable``: :func:`achievable_pr_auc_score`) of a
    counting table."""
    if interpolation == "step" and not achievable and recall_range is None:
        return min(table_average_precision(table), 1.0)
    if table.n_pos <= 0 or table.n_neg <= 0:
        warn_undefined("Only one class is present in y_true. The area under the precision-recall "
                       "curve is not defined in that case.")
        return np.nan
    if not achievable and recall_range is None:
        return table_area(table, interpolation, leading_negatives)
    if achievable:
        return table_achievable_area(table, interpolation)
    tp, fp = (np.asarray(to_numpy(a)) for a in table.path())
    return path_area_between(tp, fp, interpolation, leading_negatives, *recall_range)


_PR_AUC_PARAMS = {
    "y_true": ["array-like"],
    "y_score": ["array-like"],
    "interpolation": [StrOptions(set(INTERPOLATIONS))],
    "average": [StrOptions({"micro", "samples", "weighted", "macro"}), None],
    "pos_label": [Real, str, "boolean"],
    "sample_weight": ["array-like", None],
}


def _averaged_pr_auc(y_true, y_score, average, pos_label, sample_weight, prevalence=None,
                     **options):
    from sklearn.preprocessing import label_binarize
    from sklearn.utils import column_or_1d

    if prevalence is not None:  # (one binary problem, at its deployment's prevalence)
        return _table_pr_auc(two_class_table(y_true, y_score, pos_label, sample_weight,
                                             prevalence=prevalence), **options)
    found = _averaged_namespace_input(y_true, y_score, sample_weight, pos_label, average,
                                      averaged=options.get("recall_range") is None)
    if isinstance(found, Matrix):
        return namespace_average(found, average, lambda table: _table_pr_auc(table, **options))
    if found is not None:
        return _table_pr_auc(count_in_namespace(*found), **options)
    y_true, y_score, sample_weight = on_host(y_true, y_score, sample_weight)
    if sample_weight is not None:
        sample_weight = column_or_1d(sample_weight)
    y_true, y_type, classes = check_average_precision_labels(y_true, y_score, pos_label,
                                                             binarize=False)
    binary_metric = partial(_binary_pr_auc, pos_label=pos_label, **options)
    if y_type == "multiclass":
        ovr = average_ovr_score(binary_metric, y_true, classes, y_score, average,
                                sample_weight)
        if ovr is not None:
            return ovr
        y_true = label_binarize(y_true, classes=classes)
    return average_binary_score(
        binary_metric,
        y_true,
        y_score,
        average,
        sample_weight=sample_weight,
    )


@overload
def pr_auc_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    interpolation: str = ...,
    average: str = ...,
    pos_label: int | float | bool | str | None = ...,
    sample_weight: ArrayLike | None = ...,
    leading_negatives: str = ...,
    recall_range: tuple[float, float] | None = ...,
    prevalence: float | None = ...,
) -> float: ...


@overload
def pr_auc_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    interpolation: str = ...,
    average: None,
    pos_label: int | float | bool | str | None = ...,
    sample_weight: ArrayLike | None = ...,
    leading_negatives: str = ...,
    recall_range: tuple[float, float] | None = ...,
    prevalence: float | None = ...,
) -> float | np.ndarray: ...


@validate_params(
    {**_PR_AUC_PARAMS, "leading_negatives": [StrOptions(set(LEADING_NEGATIVES))],
     "recall_range": ["array-like", None], **PREVALENCE},
    prefer_skip_nested_validation=True,
)
@array_api_boundary("y_score", "y_true", "sample_weight", in_namespace=True)
def pr_auc_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    interpolation: str = "davis-goadrich",
    average: str | None = "macro",
    pos_label: int | float | bool | str | None = 1,
    sample_weight: ArrayLike | None = None,
    leading_negatives: str = "interpolate",
    recall_range: tuple[float, float] | None = None,
    prevalence: float | None = None,
) -> float | np.ndarray:
    """Area under the interpolated precision-recall curve (Davis and Goadrich, 2006).

    Joining PR points by straight lines overstates the area (the paper's Figure 6:
    0.50 by straight lines against 0.031 correctly) and average precision ignores the
    shape of the curve between points. Here the curve between two thresholds (or
    across a tie group) is the expected curve over random orderings: true positives
    grow by one while false positives grow by the local skew ``s = dFP / dTP``.

    A drop-in for :func:`average_precision_score`: same arguments, labels and
    averaging (binary, multiclass one-vs-rest, multilabel).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,) or (n_samples, n_classes)
        Binary labels, multiclass labels (scored one-vs-rest) or a multilabel
        indicator matrix.
    y_score : array-like of shape (n_samples,) or (n_samples, n_classes)
        Scores; higher means more likely positive.
    interpolation : {"davis-goadrich", "continuous", "linear", "step"}, \
            default="davis-goadrich"
        - ``"davis-goadrich"``: the paper's method, a point at every whole positive
          inside each step, areas by the trapezoid rule. Steps are one unit of
          positive weight (the last one shorter), so with sample weights the result
          is not invariant to multiplying all weights by a constant.
        - ``"continuous"``: the exact integral of the same curve (the limit of
          infinitely small steps); defined for any weights and invariant to their
          scale; equal to ``"davis-goadrich"`` up to the discretisation.
        - ``"step"``: identical to :func:`average_precision_score` (held at 1 where
          that sum, scikit-learn's, rounds one ulp above it).
        - ``"linear"``: straight lines between PR points, kept only to show how
          optimistic that is.
    average : {'micro', 'samples', 'weighted', 'macro'} or None, default='macro'
        How per-label scores are combined (ignored for binary ``y_true``); None
        returns them all.
    pos_label : int, float, bool or str, default=1
        The positive label of binary ``y_true`` (fixed to 1 otherwise).
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.
    leading_negatives : {"interpolate", "drop"}, default="interpolate"
        When only negatives rank above the first positive: ``"interpolate"`` starts
        the curve at (recall 0, precision 0) and interpolates up (the exact image of
        the ROC curve, as PRROC does); ``"drop"`` holds the first positive point's
        precision flat to recall 0, reproducing the authors' AUCCalculator. For
        ``y = [0, 1]`` ranked in that order they give 0.25 and 0.5.
    recall_range : (float, float), default=None
        Only the area for recall between these two values (a partial area, not
        normalised: at most ``high - low``). ``leading_negatives="drop"`` with
        ``(0.5, 1.0)`` gives the authors' AUCCalculator's area above a minimum
        recall of 0.5 (``java -jar auc.jar FILE list 0.5``). The curve is cut
        inside a step where it reaches the bound: along the exact curve
        (``"continuous"``), the Davis-Goadrich polyline, the step or the straight
        line.
    prevalence : float in (0, 1), default=None
        The deployment's share of positives: the area (binary ``y_true`` only) that population would
        see, the negatives weighted to hold ``1 - prevalence`` of the weight (Davis
        and Goadrich's Theorem 3.1; recall does not move). None: the data's own.

    Returns
    -------
    auc : float, or ndarray of shape (n_classes,) if ``average=None``
        NaN, with an :class:`~sklearn.exceptions.UndefinedMetricWarning`, when a
        binary problem holds a single class (except ``interpolation="step"``, which
        follows :func:`average_precision_score`).

    See Also
    --------
    pr_curve : The interpolated curve itself.
    achievable_pr_auc_score : The same area under the achievable PR curve.
    average_precision_score : The step-wise area.

    Notes
    -----
    At recall 0 the first point's precision is held flat (every Davis-Goadrich tool
    agrees); no artificial (recall 0, precision 1) point is added. The curve ends at
    (1, P / (P + N)). The continuous area is evaluated in a form free of
    cancellation when FP >> TP; the Davis-Goadrich sum in closed form, in memory
    proportional to the number of distinct scores (not of positives).

    References
    ----------
    .. [1] J. Davis and M. Goadrich, "The Relationship Between Precision-Recall and
           ROC Curves", ICML 2006.
    .. [2] J. Keilwagen, I. Grosse and J. Grau, "Area under Precision-Recall Curves
           for Weighted and Unweighted Data", PLoS ONE 9(3), 2014 (PRROC).

    Examples
    --------
    >>> from sklearn_prcurves import pr_auc_score
    >>> y, scores = [0, 1], [0.9, 0.1]
    >>> pr_auc_score(y, scores)
    0.25
    >>> pr_auc_score(y, scores, leading_negatives="drop")
    0.5
    >>> round(pr_auc_score(y, scores, interpolation="continuous"), 6)
    0.306853
    """
    if recall_range is not None:
        recall_range = check_range(recall_range, "recall_range")
        if recall_range == (0.0, 1.0):
            recall_range = None
    return _averaged_pr_auc(
        y_true, y_score, average, pos_label, sample_weight,
        interpolation=interpolation, leading_negatives=leading_negatives,
        recall_range=recall_range, prevalence=prevalence,
    )


@overload
def achievable_pr_auc_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    interpolation: str = ...,
    average: str = ...,
    pos_label: int | float | bool | str | None = ...,
    sample_weight: ArrayLike | None = ...,
    prevalence: float | None = ...,
) -> float: ...


@overload
def achievable_pr_auc_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    interpolation: str = ...,
    average: None,
    pos_label: int | float | bool | str | None = ...,
    sample_weight: ArrayLike | None = ...,
    prevalence: float | None = ...,
) -> float | np.ndarray: ...


@validate_params({**_PR_AUC_PARAMS, **PREVALENCE}, prefer_skip_nested_validation=True)
@array_api_boundary("y_score", "y_true", "sample_weight", in_namespace=True)
def achievable_pr_auc_score(
    y_true: ArrayLike,
    y_score: ArrayLike,
    *,
    interpolation: str = "davis-goadrich",
    average: str | None = "macro",
    pos_label: int | float | bool | str | None = 1,
    sample_weight: ArrayLike | None = None,
    prevalence: float | None = None,
) -> float | np.ndarray:
    """Area under the achievable PR curve (Davis and Goadrich, Corollary 3.1).

    The ROC convex hull's vertices mapped into PR space and interpolated as in
    :func:`pr_auc_score`; at least :func:`pr_auc_score` with the same interpolation
    (up to rounding). ``"step"`` and ``"linear"`` are sums over points: over the few
    hull vertices they could fall below the raw curve's sums, so they are taken over
    the achievable curve read at every recall of the raw curve, where its precision is
    at least the raw precision. Choosing hull points on the evaluation data is
    optimistic: for an honest estimate learn them on tuning data and apply them to
    test data.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,) or (n_samples, n_classes)
        Binary labels, multiclass labels (scored one-vs-rest) or a multilabel
        indicator matrix.
    y_score : array-like of shape (n_samples,) or (n_samples, n_classes)
        Scores; higher means more likely positive.
    interpolation : {"davis-goadrich", "continuous", "linear", "step"}, \
            default="davis-goadrich"
        How the achievable curve is measured; see :func:`pr_auc_score` and above.
    average : {'micro', 'samples', 'weighted', 'macro'} or None, default='macro'
        How per-label scores are combined (ignored for binary ``y_true``).
    pos_label : int, float, bool or str, default=1
        The positive label of binary ``y_true`` (fixed to 1 otherwise).
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative sample weights.
    prevalence : float in (0, 1), default=None
        The deployment's share of positives: the area (binary ``y_true`` only) that population would
        see, the negatives weighted to hold ``1 - prevalence`` of the weight (Davis
        and Goadrich's Theorem 3.1; recall does not move). None: the data's own.

    Returns
    -------
    auc : float, or ndarray of shape (n_classes,) if ``average=None``

    See Also
    --------
    achievable_pr_curve, roc_convex_hull, pr_auc_score

    References
    ----------
    .. [1] J. Davis and M. Goadrich, "The Relationship Between Precision-Recall and
           ROC Curves", ICML 2006, section 3.

    Examples
    --------
    >>> from sklearn_prcurves import achievable_pr_auc_score, pr_auc_score
    >>> y, scores = [1, 0, 1], [0.8, 0.6, 0.4]
    >>> round(pr_auc_score(y, scores), 4), round(achievable_pr_auc_score(y, scores), 4)
    (0.7917, 0.9167)
    """
    return _averaged_pr_auc(
        y_true, y_score, average, pos_label, sample_weight,
        interpolation=interpolation, leading_negatives="interpolate", achievable=True,
        prevalence=prevalence,
    )

"""Drop-in replacements for scikit-learn's ranking scores.

``auc``, ``roc_auc_score`` and ``average_precision_score`` give exactly what
:mod:`sklearn.metrics` gives (the same arithmetic on the same points, so the same
floats), computed from one pass of the counting kernel per binary problem.
"""

from __future__ import annotations

from functools import partial
from numbers import Real
from typing import overload

import numpy as np
from numpy.typing import ArrayLike

from .._base._array_api import array_api_boundary, on_host, to_numpy
from .._base._compat import (
    Interval,
    StrOptions,
    clipped_area,
    present_labels_repr,
    sklearn_constraint,
    sklearn_scalar,
    sklearn_scalar_result,
    validate_params,
)
from .._base._labels import n_distinct_labels, plain_numeric_1d, target_type
from .._base._undefined import warn_undefined
from .._base._validation import (
    Matrix,
    checked_array,
    checked_rows,
    namespace_matrix,
    namespace_points,
    namespace_rows,
)
from .._table._counts import count_in_namespace, count_rows
from .._table._entry import binary_table
from ._averaging import (
    NAMESPACE_AVERAGES,
    average_binary_score,
    average_ovo_score,
    average_ovr_score,
    averaged_namespace_input,
    namespace_average,
    namespace_multiclass_roc_auc,
    rows_average_precision,
    rows_roc_auc,
)
from ._curves import roc_points, table_precision_recall, table_roc
from ._roc_auc import roc_area, table_roc_auc, trapezoid_area
from ._stepwise import step_area_terms

__all__ = ["auc", "average_precision_score", "roc_auc_score"]


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


def _binary_roc_auc_score(y_true, y_score, sample_weight=None, max_fpr=None):
    if n_distinct_labels(y_true) != 2:
        warn_undefined(
            "Only one class is present in y_true. ROC AUC score is not defined in that case.")
        return np.nan
    if max_fpr is not None and (max_fpr <= 0 or max_fpr > 1):
        raise ValueError("Expected max_fpr in range (0, 1], got: %r" % max_fpr)
    fpr, tpr, _ = roc_points(y_true, y_score, sample_weight=sample_weight)
    return roc_area(fpr, tpr, max_fpr)


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
        if labels is not None or average not in NAMESPACE_AVERAGES:
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

    found = averaged_namespace_input(y_true, y_score, sample_weight, pos_label, average,
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

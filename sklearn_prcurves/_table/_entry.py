"""The entry points: a problem's rows validated and counted into its table.

Every public function of a binary problem reaches the kernel through one of these:
:func:`binary_table` for the drop-ins (scikit-learn's checks and order of sums),
:func:`measure_table` for the package's own measures (non-negative weights, kept in
range, ties summed in a fixed order), :func:`two_class_table` when both classes must be
present, at the deployment's prevalence if asked.
"""

from __future__ import annotations

from numbers import Real

import numpy as np

from .._base._array_api import on_host
from .._base._labels import single_class_error
from .._base._validation import (
    check_binary_input,
    check_non_negative_weight,
    namespace_rows,
    refuse_overflowing_totals,
    weights_within_range,
)
from ._counts import count_in_namespace, count_rows
from ._prevalence import at_prevalence

__all__ = ["BINARY_PARAMS", "binary_table", "measure_table", "require_class_totals",
           "require_two_classes", "two_class_table"]



BINARY_PARAMS = {
    "y_true": ["array-like"],
    "y_score": ["array-like"],
    "pos_label": [Real, str, "boolean", None],
    "sample_weight": ["array-like", None],
}


def binary_table(y_true, y_score, pos_label=None, sample_weight=None, infer="curve"):
    """Validate a binary problem and count it: the entry point of every curve. Rows
    of another namespace are counted where they live where they are plain
    (:func:`~sklearn_prcurves._base._validation.namespace_rows`); anything else on a host
    copy, checked as scikit-learn checks it."""
    rows = namespace_rows(y_true, y_score, sample_weight, pos_label, infer)
    if rows is not None:
        return count_in_namespace(*rows)
    y_true, y_score, sample_weight = on_host(y_true, y_score, sample_weight)
    return count_rows(*check_binary_input(y_true, y_score, sample_weight, pos_label),
                      sklearn_object_ties=True)


def measure_table(y_true, y_score, pos_label=None, sample_weight=None, counts=None):
    """:func:`binary_table` for the package's own measures, which need non-negative
    weights.

    Weights whose total would overflow are divided by a power of two
    (:func:`~sklearn_prcurves._base._validation.weights_within_range`): the table's shares and
    rates are the weights', its counts not. ``counts``: the name of a function that
    returns the counts themselves, which refuses such weights instead.
    """
    rows = namespace_rows(y_true, y_score, sample_weight, pos_label)
    if rows is not None:  # (plain weights: non-negative, their total within range)
        return count_in_namespace(*rows, ties_by_weight=True)
    y_true, y_score, sample_weight = on_host(y_true, y_score, sample_weight)
    if sample_weight is not None:
        check_non_negative_weight(np.asarray(sample_weight))
    is_pos, y_score, sample_weight = check_binary_input(y_true, y_score, sample_weight,
                                                        pos_label)
    if sample_weight is not None:
        if counts is not None:
            refuse_overflowing_totals(sample_weight, counts)
        sample_weight, _ = weights_within_range(sample_weight)
    return count_rows(is_pos, y_score, sample_weight, ties_by_weight=True)


def two_class_table(y_true, y_score, pos_label=None, sample_weight=None, counts=None,
                    prevalence=None):
    """:func:`measure_table` holding both classes (an error, not a NaN, when a curve
    is asked for); with ``prevalence``, as the deployment counts it
    (:func:`~sklearn_prcurves._table._prevalence.at_prevalence`)."""
    return at_prevalence(require_two_classes(measure_table(
        y_true, y_score, pos_label, sample_weight, counts)), prevalence)


def require_two_classes(table):
    """The table, if it holds both classes; the package's error otherwise."""
    require_class_totals(table.n_pos, table.n_neg)
    return table


def require_class_totals(n_pos, n_neg):
    """The package's error unless both classes are present."""
    if n_pos <= 0 or n_neg <= 0:
        raise single_class_error()

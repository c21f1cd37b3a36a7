"""The only module allowed to touch scikit-learn's private API.

scikit-learn moves its private helpers between releases; keeping every such import
here means a new release breaks one file, not the package.
"""

import sklearn
from sklearn.utils._param_validation import (  # noqa: F401  (re-exported)
    Interval,
    StrOptions,
    validate_params,
)
from sklearn.utils.validation import _check_sample_weight

__all__ = [
    "Interval",
    "StrOptions",
    "check_pos_label_consistency",
    "check_sample_weight",
    "present_labels_repr",
    "validate_params",
]

SKLEARN_VERSION = tuple(int(part) for part in sklearn.__version__.split(".")[:2])


def check_sample_weight(sample_weight, y):
    """scikit-learn's own sample-weight check, so that its error messages match."""
    return _check_sample_weight(sample_weight, y)


def check_pos_label_consistency(pos_label, y_true):
    """scikit-learn's ``pos_label`` inference, used for inputs our fast path skips."""
    from sklearn.utils.validation import _check_pos_label_consistency

    return _check_pos_label_consistency(pos_label, y_true)


def present_labels_repr(labels):
    """The label list in ``average_precision_score``'s pos_label error, as the
    installed scikit-learn prints it (a list before 1.9, an array from 1.9)."""
    return str(labels.tolist()) if SKLEARN_VERSION < (1, 9) else str(labels)

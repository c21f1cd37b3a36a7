"""The only module allowed to touch scikit-learn's private API.

scikit-learn moves its private helpers between releases; keeping every such import
here means a new release breaks one file, not the package.
"""

import functools
import inspect
import re

import sklearn
from sklearn import config_context, get_config
from sklearn.utils._param_validation import (  # noqa: F401  (re-exported)
    Interval,
    InvalidParameterError,
    StrOptions,
    make_constraint,
    validate_parameter_constraints,
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


def validate_params(parameter_constraints, *, prefer_skip_nested_validation):
    """scikit-learn's ``validate_params``, with its per-call set-up done once.

    scikit-learn's decorator rebuilds the function signature and every constraint
    object on each call, which is about half the time of a drop-in metric on 1e4
    rows. Here they are built when the function is decorated. A call whose arguments
    all satisfy their constraints goes straight through; any other call is checked by
    scikit-learn's own ``validate_parameter_constraints``, so the error raised is
    exactly scikit-learn's. Nested validation is skipped as scikit-learn skips it.
    """

    def decorator(func):
        func._skl_parameter_constraints = parameter_constraints
        signature = inspect.signature(func)
        ignored = {"self", "cls"} | {
            p.name
            for p in signature.parameters.values()
            if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
        }
        constraints = {
            name: [make_constraint(c) for c in options]
            for name, options in parameter_constraints.items()
            if options != "no_validation"
        }

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            global_skip = get_config()["skip_parameter_validation"]
            if global_skip:
                return func(*args, **kwargs)
            bound = signature.bind(*args, **kwargs)
            bound.apply_defaults()
            params = {k: v for k, v in bound.arguments.items() if k not in ignored}
            for name, options in constraints.items():
                if name in params and not any(c.is_satisfied_by(params[name]) for c in options):
                    validate_parameter_constraints(
                        parameter_constraints, params, caller_name=func.__qualname__
                    )
            try:
                with config_context(
                    skip_parameter_validation=prefer_skip_nested_validation or global_skip
                ):
                    return func(*args, **kwargs)
            except InvalidParameterError as exc:
                # As scikit-learn does: name this function, not an inner one.
                message = re.sub(
                    r"parameter of \w+ must be",
                    f"parameter of {func.__qualname__} must be",
                    str(exc),
                )
                raise InvalidParameterError(message) from exc

        return wrapper

    return decorator


def register_sklearn_scorers(scorers):
    """Add scorers under new names to scikit-learn's registry, so that
    ``scoring="name"`` works wherever scikit-learn takes a scorer name.

    scikit-learn checks ``scoring`` strings against ``StrOptions`` built from its
    registry when each estimator or function is defined, so the names are also added
    to every such constraint already built (recognised by holding scikit-learn's own
    scorer names); constraints built later read the registry itself. Names
    scikit-learn has already are left to scikit-learn. Returns the names added.
    """
    import gc

    from sklearn.metrics import _scorer

    new = {name: scorer for name, scorer in scorers.items() if name not in _scorer._SCORERS}
    _scorer._SCORERS.update(new)
    marker = {"accuracy", "roc_auc", "average_precision", "neg_log_loss"}
    for obj in gc.get_objects():
        if isinstance(obj, StrOptions) and isinstance(obj.options, set) and marker <= obj.options:
            obj.options.update(new)
    return sorted(new)

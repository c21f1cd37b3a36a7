"""The package's warnings: raised from the user's line, not a line inside the package;
and the undefined-measure warning, scikit-learn's ``UndefinedMetricWarning`` (see
:mod:`sklearn_prcurves.exceptions`), imported only when one is raised."""

import contextlib
import contextvars
import inspect
import os
import warnings

__all__ = ["undefined_ignored", "warn", "warn_undefined"]

_UNDEFINED_IGNORED = contextvars.ContextVar("undefined_ignored", default=False)
# (the package: this module sits in its _base folder)
_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
# scikit-learn's parameter validation wraps the public functions that take it.
_WRAPPERS = (os.sep + os.path.join("sklearn", "utils", "_param_validation.py"),)


def warn(message, category=UserWarning):
    """``warnings.warn(message, category)`` attributed to the first line outside the
    package: the user's call, however deep inside the package the warning arose (a
    fixed ``stacklevel`` points at the package's own lines from most callers)."""
    warnings.warn(message, category, stacklevel=_outside_level())


def warn_undefined(message):
    """:func:`warn` with ``UndefinedMetricWarning``; nothing inside
    :func:`undefined_ignored`. Importing scikit-learn for its warning class waits
    until a measure is undefined."""
    if not _UNDEFINED_IGNORED.get():
        from sklearn.exceptions import UndefinedMetricWarning

        warnings.warn(message, UndefinedMetricWarning, stacklevel=_outside_level())


def _outside_level():
    """The ``stacklevel`` of the first frame outside the package and scikit-learn's
    wrappers, for a ``warnings.warn`` called by this function's caller."""
    frame = inspect.currentframe().f_back.f_back  # (the caller of warn)
    level = 2
    try:
        while frame is not None and _inside(frame.f_code.co_filename):
            frame, level = frame.f_back, level + 1
    finally:
        del frame  # (a frame held in a local keeps its whole stack alive)
    return level


def _inside(filename):
    filename = os.path.abspath(filename)
    return filename.startswith(_PACKAGE) or filename.endswith(_WRAPPERS)


@contextlib.contextmanager
def undefined_ignored():
    """No :func:`warn_undefined` warning inside (this thread or task only): for callers
    that report an undefined measure themselves."""
    token = _UNDEFINED_IGNORED.set(True)
    try:
        yield
    finally:
        _UNDEFINED_IGNORED.reset(token)

"""Warning that a measure is undefined, with scikit-learn's ``UndefinedMetricWarning``
(see :mod:`sklearn_prcurves.exceptions`), imported only when one is raised."""

import contextlib
import contextvars
import warnings

__all__ = ["undefined_ignored", "warn_undefined"]

_UNDEFINED_IGNORED = contextvars.ContextVar("undefined_ignored", default=False)


def warn_undefined(message, stacklevel=1):
    """``warnings.warn(message, UndefinedMetricWarning, stacklevel)``, from the line
    that calls this; nothing inside :func:`undefined_ignored`. Importing scikit-learn
    for its warning class waits until a measure is undefined."""
    if not _UNDEFINED_IGNORED.get():
        from sklearn.exceptions import UndefinedMetricWarning

        warnings.warn(message, UndefinedMetricWarning, stacklevel=stacklevel + 1)


@contextlib.contextmanager
def undefined_ignored():
    """No :func:`warn_undefined` warning inside (this thread or task only): for callers
    that report an undefined measure themselves."""
    token = _UNDEFINED_IGNORED.set(True)
    try:
        yield
    finally:
        _UNDEFINED_IGNORED.reset(token)

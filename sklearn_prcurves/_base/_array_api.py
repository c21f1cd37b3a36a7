"""Arrays of any array API namespace (PyTorch, CuPy, array_api_strict) in and out.

Under scikit-learn's ``array_api_dispatch``, arrays of another namespace are counted
where they live (the kernel and the table's readers are written against the array API
standard, NumPy being one namespace among others), except arrays in host memory (torch
on the CPU, array_api_strict), which are viewed as NumPy and take the NumPy
specialisations: faster there than a general-purpose library's CPU sort. The switch
:data:`NAMESPACE_PATH` sends those through the namespace path too, so that the path a
GPU takes can be run and tested without one (``SKLEARN_PRCURVES_NAMESPACE_PATH=1``).

This module finds an array's namespace and device, moves results between namespaces,
and holds the decorators that let a NumPy function take and give such arrays.
"""

from __future__ import annotations

import functools
import inspect
import os
from collections.abc import Callable
from typing import ParamSpec, TypeVar

import numpy as np

from ._compat import (
    array_api_config,
    is_array_api_obj,
    namespace_and_device_of,
    sklearn_to_numpy,
)

__all__ = [
    "IN_NAMESPACE",
    "NAMESPACE_PATH",
    "NumPyStandard",
    "array_api_boundary",
    "arrays_read_on_host",
    "counted_where_they_live",
    "counting_namespace",
    "device_of",
    "divide",
    "has_float64",
    "is_foreign",
    "namespace_and_device",
    "on_host",
    "running_sums_at",
    "to_numpy",
    "where",
]

_P = ParamSpec("_P")
_R = TypeVar("_R")

#: Arrays of another namespace in host memory take the namespace path too (not only
#: those away from it): set by ``SKLEARN_PRCURVES_NAMESPACE_PATH=1`` at import, or
#: assigned (the tests do).
NAMESPACE_PATH = os.environ.get("SKLEARN_PRCURVES_NAMESPACE_PATH", "") not in ("", "0")

_DLPACK_CPU = 1  # DLPack's kDLCPU

#: The public functions that compute in their arrays' namespace (their table counted
#: there, read there), by name: the tests run each of them both ways.
IN_NAMESPACE = set()


def is_foreign(array):
    """An array of an array API namespace other than NumPy (torch, array_api_strict)."""
    return array is not None and not isinstance(array, np.ndarray) and is_array_api_obj(array)


def namespace_and_device(*arrays):
    """``(xp, device)`` shared by ``arrays`` (None skipped) when all are of one array
    API namespace other than NumPy, on one device; otherwise None."""
    present = [a for a in arrays if a is not None]
    if not present or not all(is_foreign(a) for a in present):
        return None
    try:
        return namespace_and_device_of(*present)
    except (TypeError, ValueError):  # several namespaces or devices
        return None


def counted_where_they_live(arrays):
    """Whether arrays of another namespace take the namespace path: some of them is
    away from host memory (DLPack says so), or :data:`NAMESPACE_PATH` is on. Arrays in
    host memory are otherwise viewed as NumPy, without a copy."""
    if NAMESPACE_PATH:
        return True
    for array in arrays:
        if array is None:
            continue
        try:
            kind = array.__dlpack_device__()[0]
        except (AttributeError, TypeError, RuntimeError):
            return True
        if kind != _DLPACK_CPU:
            return True
    return False


def counting_namespace(*arrays, dispatch=True):
    """``(xp, device)`` of ``arrays`` (None skipped) where they are to be counted and
    read in their own namespace: dispatch on (``dispatch=False``: whenever they come,
    as the summaries take a device chunk), one namespace and device, counted where
    they live, and a namespace of the 2023.12 standard or later with float64 there;
    else None (the host decides)."""
    if dispatch and not _dispatching():
        return None
    found = namespace_and_device(*arrays)
    if found is None or not counted_where_they_live(arrays):
        return None
    xp, device = found
    if not hasattr(xp, "cumulative_sum") or not has_float64(xp, device):
        return None  # (an array API before 2023.12; a device without float64: the host)
    return found


def has_float64(xp, device):
    """Whether ``device`` holds float64 arrays (Apple's MPS does not)."""
    try:
        xp.zeros(1, dtype=xp.float64, device=device)
    except (TypeError, RuntimeError, ValueError):
        return False
    return True


def where(xp, condition, x1, x2):
    """``xp.where``, either branch a Python scalar, taking the other's dtype: the 2024.12
    standard allows scalars there, the 2023.12 one does not (array_api_strict as
    scikit-learn 1.6 sets it)."""
    if xp is np or xp is NUMPY:
        return np.where(condition, x1, x2)
    scalar = (bool, int, float)
    if isinstance(x1, scalar) and not isinstance(x2, (np.ndarray, *scalar)):
        x1 = xp.asarray(x1, dtype=x2.dtype, device=device_of(x2))
    elif isinstance(x2, scalar) and not isinstance(x1, (np.ndarray, *scalar)):
        x2 = xp.asarray(x2, dtype=x1.dtype, device=device_of(x1))
    return xp.where(condition, x1, x2)


def divide(numerator, denominator):
    """``numerator / denominator``, a Python number as divisor first made an array on
    the numerator's device: PyTorch's CUDA kernels multiply by a host number's
    reciprocal, one rounding more (a recall ending at 0.9999999999999999, 0 times inf
    where the total is subnormal)."""
    if not isinstance(denominator, (int, float)) or not is_foreign(numerator):
        return numerator / denominator
    xp, device = namespace_and_device_of(numerator)
    return numerator / xp.asarray(denominator, dtype=numerator.dtype, device=device)


def running_sums_at(xp, values, counts):
    """The running sums of ``values`` (non-negative floats) over their first ``counts``
    (a non-decreasing integer array): 0 where a count is 0.

    A parallel scan (a GPU's) rounds each partial sum its own way, so two sums of the
    same rows could differ by an ulp and a sum could fall below the one before it.
    Here equal counts give the same float, and the sums never decrease, as the host's
    sequential sums do by construction; elsewhere the values are the scan's.
    """
    device = device_of(values)
    if values.shape[0] == 0:
        return xp.zeros(counts.shape, dtype=xp.float64, device=device)
    sums = xp.take(xp.cumulative_sum(values), xp.clip(counts - 1, 0, None))
    sums = where(xp, counts > 0, sums, 0.0)
    if sums.shape[0] > 1 and bool(xp.any(sums[1:] < sums[:-1])):
        sums = cumulative_max(xp, sums)
    return sums


def cumulative_max(xp, x):
    """The running maximum of a 1-D array, in log2(n) passes of the standard's
    elementwise maximum (the standard has no scan but the sum's)."""
    step = 1
    while step < x.shape[0]:
        x = xp.concat([x[:step], xp.maximum(x[step:], x[:-step])])
        step *= 2
    return x


def device_of(array):
    """The device of an array (None for NumPy, which has only the CPU)."""
    return None if isinstance(array, np.ndarray) else array.device


def to_numpy(array):
    """``array`` as NumPy on the host (a NumPy array or anything else: as it is)."""
    return sklearn_to_numpy(array) if is_foreign(array) else array


def on_host(*arrays):
    """``arrays`` as NumPy on the host (None and NumPy arrays as they are)."""
    return tuple(to_numpy(a) for a in arrays)


def _from_numpy(result, xp, device):
    if isinstance(result, np.ndarray):
        # Some namespaces (torch) take no negative strides, which reversed views have.
        if any(stride < 0 for stride in result.strides):
            result = result.copy()
        return xp.asarray(result, device=device)
    if type(result) is tuple:
        return tuple(_from_numpy(item, xp, device) for item in result)
    return result


def _any_foreign(args, kwargs):
    return any(is_foreign(a) for a in args) or any(is_foreign(v) for v in kwargs.values())


def _computed_on_host(func, args, kwargs, lead=None):
    """``func`` called on NumPy copies of its array API arguments, dispatch off; array
    results (and tuples of them) returned in the namespace and on the device of
    ``lead``, by default the scores (``y_score``, else the first such argument), as
    scikit-learn's results follow ``y_pred``. Other results are returned as they are."""
    if lead is None and is_foreign(kwargs.get("y_score")):
        lead = kwargs["y_score"]
    if lead is None:
        if len(args) >= 2 and is_foreign(args[1]) and is_foreign(args[0]):
            lead = args[1]  # (y_true, y_score, ...): the scores
        else:
            lead = next(a for a in (*args, *kwargs.values()) if is_foreign(a))
    args = tuple(to_numpy(a) for a in args)
    kwargs = {k: to_numpy(v) for k, v in kwargs.items()}
    from sklearn import config_context

    with config_context(array_api_dispatch=False):
        result = func(*args, **kwargs)
    xp, device = namespace_and_device_of(lead)
    return _from_numpy(result, xp, device)


def _dispatching():
    return array_api_config().get("array_api_dispatch", False)


def arrays_read_on_host(method: Callable[_P, _R]) -> Callable[_P, _R]:
    """``method`` taking arrays of any array API namespace under
    ``array_api_dispatch``: computed on NumPy copies of them, array results returned
    in their namespace and on their device. For the estimators' ``fit``,
    ``transform``, ``predict``..."""

    @functools.wraps(method)
    def wrapper(*args, **kwargs):
        if _dispatching() and _any_foreign(args, kwargs):
            return _computed_on_host(method, args, kwargs)
        return method(*args, **kwargs)

    return wrapper


def array_api_boundary(*array_params: str, in_namespace: bool = False
                       ) -> Callable[[Callable[_P, _R]], Callable[_P, _R]]:
    """Let a function take and give arrays of any array API namespace.

    Under ``sklearn.set_config(array_api_dispatch=True)``, when arguments
    ``array_params`` are arrays of another namespace (torch, CuPy, array_api_strict)
    counted where they live (:func:`counted_where_they_live`):

    - ``in_namespace``: the function itself takes them (its table is counted in
      their namespace, or on a host copy where its checks send it there); array
      results it computed on the host are returned in the namespace and on the device
      of the first of ``array_params`` given (the scores, as scikit-learn's results
      follow ``y_pred``).

    Otherwise (arrays in host memory, or a function not ``in_namespace``) the arrays are
    moved to NumPy on the CPU and the array results returned as above. Without
    dispatch nothing changes. Applied under ``validate_params``, so that the
    parameters are checked before any path is chosen.
    """

    def decorator(func):
        if in_namespace:
            IN_NAMESPACE.add(func.__name__)
        signature = inspect.signature(func)

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            if not _dispatching():
                return func(*args, **kwargs)
            bound = signature.bind_partial(*args, **kwargs)
            arrays = [bound.arguments.get(name) for name in array_params]
            if not any(is_foreign(a) for a in arrays):
                if _any_foreign(args, kwargs):  # another array argument: on the host
                    return _computed_on_host(func, args, kwargs)
                return func(*args, **kwargs)
            lead = next(a for a in arrays if is_foreign(a))
            if in_namespace and counted_where_they_live(arrays):
                return _from_numpy(func(*args, **kwargs), *namespace_and_device_of(lead))
            return _computed_on_host(func, args, kwargs, lead)

        return wrapper

    return decorator


class NumPyStandard:
    """NumPy under the array API names the package uses that NumPy 1.26 lacks
    (``astype``, ``concat``, ``cumulative_sum``, ``device=`` arguments): the same
    operations, so the results are the same bits."""

    def __getattr__(self, name):
        value = getattr(np, name)
        setattr(self, name, value)  # (looked up once: the readers call these often)
        return value

    @staticmethod
    def astype(x, dtype, copy=True):
        return x.astype(dtype, copy=copy)

    @staticmethod
    def concat(arrays):
        return np.concatenate(arrays)

    @staticmethod
    def cumulative_sum(x, dtype=None, include_initial=False):
        total = np.cumsum(x, dtype=dtype)
        return np.concatenate([np.zeros(1, total.dtype), total]) if include_initial else total

    @staticmethod
    def argsort(x, axis=-1, descending=False, stable=True):
        if not descending:
            return np.argsort(x, axis=axis, kind="stable" if stable else None)
        # Decreasing, ties in input order: the stable ascending sort of the reversed.
        flipped = np.flip(x, axis=axis)
        order = np.argsort(flipped, axis=axis, kind="stable" if stable else None)
        return x.shape[axis] - 1 - np.flip(order, axis=axis)

    @staticmethod
    def arange(*args, device=None, **kwargs):
        return np.arange(*args, **kwargs)

    @staticmethod
    def zeros(shape, dtype=None, device=None):
        return np.zeros(shape, dtype=dtype)

    @staticmethod
    def ones(shape, dtype=None, device=None):
        return np.ones(shape, dtype=dtype)

    @staticmethod
    def full(shape, fill_value, dtype=None, device=None):
        return np.full(shape, fill_value, dtype=dtype)

    @staticmethod
    def asarray(x, dtype=None, device=None):
        return np.asarray(x, dtype=dtype)

    @staticmethod
    def isdtype(dtype, kind):
        kinds = {"bool": "b", "signed integer": "i", "unsigned integer": "u",
                 "integral": "iu", "real floating": "f", "complex floating": "c",
                 "numeric": "iufc"}
        wanted = kind if isinstance(kind, tuple) else (kind,)
        return any(np.dtype(dtype).kind in kinds[k] for k in wanted)


NUMPY = NumPyStandard()

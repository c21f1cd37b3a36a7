"""The hostile-input registry's framework: an :class:`Entry` says how to call one
public function on a :class:`_hostile.Data` and which invariants it keeps;
:func:`check_invariants` runs it on drawn data and checks, for every input:

- the outcome is a value or a ValueError/TypeError raised by this package or by
  scikit-learn (never NumPy's or Python's message from deep inside: no
  ZeroDivisionError, IndexError, "negative dimensions", ...), and no RuntimeWarning
  leaks;
- a NaN comes with an UndefinedMetricWarning; a score declared in [0, 1] is in it;

and, by the invariants an entry declares:

- ``order``: the same outcome with the rows shuffled;
- ``scale``: the same with every weight times 8 (or 1/8: exact, and scale-free
  measures must not notice);
- ``repeat``: whole-number weights give what repeating each row that often gives;
- ``negligible``: rows weighing 1e-300 beside rows weighing 1e300 change nothing
  (where the heavy rows hold both classes);
- ``ftz``: the same with flush-to-zero / denormals-are-zero on (inputs free of
  subnormals);
- ``sklearn``: the same value, or the same kind of error, as scikit-learn's namesake.

:func:`run_in_namespace` runs an entry on array_api_strict arrays of a second device
against its NumPy outcome. The entries themselves are in ``tests/test_registry.py``.
"""

from __future__ import annotations

import math
import os
import traceback
import warnings
from dataclasses import dataclass, fields, is_dataclass, replace
from pathlib import Path
from typing import Callable

import _fpenv
import numpy as np
import pytest
import sklearn
from _hostile import Data, hostile_data
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sklearn.exceptions import UndefinedMetricWarning

import sklearn_prcurves as spc

TESTS = Path(__file__).resolve().parent

PACKAGE = Path(spc.__file__).parent
SKLEARN = Path(sklearn.__file__).parent
# Messages of NumPy, SciPy and Python that reach a user only through a missing check.
FOREIGN_MESSAGES = ("negative dimensions", "division by zero", "out of bounds",
                    "could not be broadcast", "ufunc", "zero-size array", "unhashable",
                    "not supported between instances", "object of type", "has no len",
                    "index ", "cannot convert float", "Cannot cast", "invalid literal")


@dataclass
class Entry:
    call: Callable[[Data], object]
    invariants: tuple = ()
    unit: bool = False  # every number of the result lies in [0, 1]
    examples: int = 40
    two_scores: bool = False
    groups: bool = False
    sklearn: Callable[[Data], object] | None = None
    # A scikit-learn call whose RuntimeWarnings the entry may repeat, where its values
    # differ from scikit-learn's (a display drawing more than scikit-learn's does).
    warns_as: Callable[[Data], object] | None = None


# --- calling and reading outcomes ------------------------------------------------------


def _flat(result):
    """A result as a flat list of numbers and strings, whatever its shape."""
    if result is None:
        return []
    if isinstance(result, (str, bytes)):
        return [result]
    if isinstance(result, (bool, np.bool_, int, float, np.number)):
        return [float(result)] if not isinstance(result, (int, np.integer)) or abs(
            int(result)) < 2**53 else [int(result)]
    if isinstance(result, np.ndarray):
        if result.dtype.kind == "O":
            return [v for x in result.ravel() for v in _flat(x)]
        return [float(v) for v in result.astype(float, copy=False).ravel()] if (
            result.dtype.kind in "biuf") else [str(v) for v in result.ravel()]
    if isinstance(result, dict):
        return [v for key in sorted(result) for v in _flat(result[key])]
    if hasattr(result, "_asdict"):
        return _flat(result._asdict())
    if is_dataclass(result):
        return [v for f in fields(result) for v in _flat(getattr(result, f.name))]
    if isinstance(result, (tuple, list)):
        return [v for x in result for v in _flat(x)]
    raise AssertionError(f"the registry cannot read a {type(result).__name__}")


def _raised_here(error):
    """Whether ``error`` was raised on purpose: by a ``raise`` of this package, or by
    scikit-learn's own code (whose checks the drop-ins share)."""
    frames = traceback.extract_tb(error.__traceback__)
    if not frames:
        return False
    where = Path(frames[-1].filename)
    if SKLEARN in where.parents:
        return True
    return PACKAGE in where.parents and "raise" in (frames[-1].line or "")


def outcome(entry, data):
    """``("value", numbers)`` or ``("error", type)``; fails on an unclean outcome
    (a drop-in may emit the RuntimeWarning its scikit-learn namesake emits)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            result = entry.call(data)
        except (ValueError, TypeError) as error:
            message = str(error)
            assert _raised_here(error) and not any(m in message for m in FOREIGN_MESSAGES), (
                f"not our error: {type(error).__name__}: {message}\n"
                + "".join(traceback.format_tb(error.__traceback__)[-3:]))
            return "error", type(error)
    leaked = [w for w in caught if issubclass(w.category, RuntimeWarning)]
    reference = entry.sklearn or entry.warns_as
    if leaked and reference is not None:
        leaked = [w for w in leaked if str(w.message) not in _sklearn_warnings(reference, data)]
    assert not leaked, f"leaked: {leaked[0].category.__name__}: {leaked[0].message}"
    numbers = _flat(result)
    undefined = any(issubclass(w.category, UndefinedMetricWarning) for w in caught)
    nan = any(isinstance(v, float) and math.isnan(v) for v in numbers)
    # (A drop-in's NaN is checked against scikit-learn's outcome instead.)
    assert undefined or not nan or entry.sklearn is not None, (
        f"NaN without an UndefinedMetricWarning: {result!r}")
    if entry.unit:
        bad = [v for v in numbers if isinstance(v, float) and not (v != v or 0 <= v <= 1)]
        if bad and entry.sklearn is not None:
            # A drop-in returns scikit-learn's float, which can round an ulp past 1
            # (average precision of fractional weights): allowed only where it does.
            theirs = sklearn_outcome(entry, data)
            bad = [] if theirs == ("value", numbers) else bad
        assert not bad, f"outside [0, 1]: {result!r}"
    return "value", numbers


def same(a, b, rtol=1e-9, atol=1e-12):
    if a[0] != b[0]:
        return False
    if a[0] == "error":  # the same kind: both ValueErrors, or both TypeErrors
        return any(issubclass(a[1], kind) and issubclass(b[1], kind)
                   for kind in (ValueError, TypeError))
    if len(a[1]) != len(b[1]):
        return False
    for x, y in zip(a[1], b[1]):
        if isinstance(x, float) and isinstance(y, float):
            if not (x == y or (x != x and y != y) or math.isclose(x, y, rel_tol=rtol,
                                                                   abs_tol=atol)):
                return False
        elif x != y:
            return False
    return True


def _binary(data):
    return set(np.unique(data.y).tolist()) <= {0, 1}


def check_invariants(entry, data, random):
    first = outcome(entry, data)
    n = data.y.shape[0]
    mirrors_sklearn = entry.sklearn is not None or entry.warns_as is not None
    if ("order" in entry.invariants and n > 1
            and not (mirrors_sklearn and data.order_dependent_in_sklearn)):
        shuffled = data.rows(np.array(random.sample(range(n), n)))
        moved = outcome(entry, shuffled)
        assert same(moved, first) or _inherited(entry, data, shuffled, moved), (
            "changed with the rows' order")
    w = data.w
    if w is not None and data.numeric:
        positive = w[w > 0]
        # (A drop-in follows scikit-learn, whose running sums overflow past 1.8e308:
        # there a smaller scale is a different outcome.)
        overflows = entry.sklearn is not None and not np.isfinite(
            np.add.reduce(positive * 8.0))
        if "scale" in entry.invariants and positive.size and not overflows:
            factor = 8.0 if positive.max() < 1e306 else 0.125
            if positive.min() * factor > np.finfo(float).tiny:
                scaled = Data(data.y, data.s, w * factor, data.s2, data.groups)
                assert same(outcome(entry, scaled), first), "changed with the weights' scale"
        if ("repeat" in entry.invariants and np.all(w == np.round(w)) and w.min() >= 1
                and w.max() <= 3):
            repeated = data.rows(np.repeat(np.arange(n), w.astype(int)))
            repeated.w = None
            assert same(outcome(entry, repeated), first), "weights != repeated rows"
        if "negligible" in entry.invariants and w.max() >= 1e200 and _binary(data):
            heavy = data.rows(np.flatnonzero(w > 1e-200))
            if {0, 1} <= set(data.y[w >= 1e200].tolist()) and heavy.y.size < n:
                assert same(outcome(entry, heavy), first, rtol=1e-6), (
                    "rows of weight 1e-300 beside 1e300 changed the result")
    if "ftz" in entry.invariants and data.numeric and not data.subnormal and _fpenv.available():
        with _fpenv.flush_to_zero():
            flushed = outcome(entry, data)
        assert same(flushed, first), "changed under flush-to-zero"
    if entry.sklearn is not None and data.s.dtype.kind != "U":
        theirs = sklearn_outcome(entry, data)
        if theirs is not None:
            assert same(first, theirs), f"scikit-learn: {theirs}, ours: {first}"
    return first


def _inherited(entry, data, shuffled, moved):
    """Whether a drop-in changed with the rows' order as its scikit-learn namesake did,
    to the float: scikit-learn sums a tie's fractional weights in the rows' order, so
    a curve can keep a point on one order and drop it on another."""
    if entry.sklearn is None:
        return False
    theirs = sklearn_outcome(entry, shuffled)
    return theirs is not None and same(moved, theirs) and not same(
        theirs, sklearn_outcome(entry, data))


def _sklearn_warnings(reference, data):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            reference(data)
        except Exception:
            pass
    return {str(w.message) for w in caught if issubclass(w.category, RuntimeWarning)}


def sklearn_outcome(entry, data):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with np.errstate(all="ignore"):
            try:
                return "value", _flat(entry.sklearn(data))
            except (ValueError, TypeError) as error:
                return "error", type(error)
            except Exception:  # scikit-learn's own crash (IndexError...): not a reference
                return None


# Invariants an entry may declare.
ALL = ("order", "scale", "repeat", "negligible", "ftz")
NOT_SCALE_FREE = ("order", "repeat", "negligible", "ftz")  # Davis-Goadrich steps of one
CURVE = ("order", "scale", "repeat", "ftz")
TABLE = ("order", "repeat", "ftz")  # raw counts: they scale with the weights

# A deeper search than CI's, e.g. before a release: PRC_REGISTRY_DEPTH=10 pytest ...
_DEPTH = int(os.environ.get("PRC_REGISTRY_DEPTH", "1"))


def run_hostile(entry):
    """``entry`` on drawn hostile data, checked by :func:`check_invariants`."""

    @settings(max_examples=entry.examples * _DEPTH, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(hostile_data(two_scores=entry.two_scores, groups=entry.groups), st.randoms())
    def run(data, random):
        check_invariants(entry, data, random)

    run()


# --- the namespace path ---------------------------------------------------------------


def _on_device(entry):
    """``entry`` called on array_api_strict copies of its data, on a second device,
    under dispatch; array results brought back as NumPy."""
    import array_api_strict as strict
    from sklearn import config_context

    from sklearn_prcurves._base._array_api import to_numpy

    device = strict.Device("device1")

    def put(array):
        return None if array is None else strict.asarray(array, device=device)

    def back(result):
        if type(result) is tuple:
            return tuple(back(item) for item in result)
        if type(result) is dict:  # (keyed by anything: segments)
            return {k: back(v) for k, v in result.items()}
        if isinstance(result, dict):  # a Bunch of arrays
            return type(result)(**{k: back(v) for k, v in result.items()})
        return np.asarray(to_numpy(result)) if hasattr(result, "__array_namespace__") else result

    def call(data):
        moved = replace(data, y=put(data.y), s=put(data.s), w=put(data.w), s2=put(data.s2),
                        groups=put(data.groups))
        with config_context(array_api_dispatch=True):
            return back(entry.call(moved))

    return Entry(call, unit=entry.unit, sklearn=entry.sklearn)


class _NotNamespaceClean(Exception):
    """The entry's own test code reads NumPy-only attributes of its data."""


def _check_in_namespace(entry, on_device, data):
    if data.s.dtype.kind not in "biuf" or data.s.dtype == np.float16:
        return  # text and Python integers: no array API array holds them
    if data.groups is not None and data.groups.dtype.kind not in "biuf":
        return
    if data.s2 is not None and data.s2.dtype.kind not in "biuf":
        return
    expected = outcome(entry, data)
    try:
        got = outcome(on_device, data)
    except (AttributeError, RuntimeError, TypeError) as error:
        # Raised in the entry's own code (or in NumPy called from it), not through
        # the package: the entry cannot take such data.
        ours = [Path(f.filename).resolve() for f in traceback.extract_tb(error.__traceback__)
                if TESTS in Path(f.filename).resolve().parents
                or PACKAGE in Path(f.filename).resolve().parents]
        if ours and TESTS in ours[-1].parents:
            raise _NotNamespaceClean(f"{type(error).__name__}: {error}") from error
        raise
    assert same(got, expected), f"array API input: {got}, NumPy: {expected}"


def skip_without_dispatch():
    pytest.importorskip("array_api_strict")
    from sklearn.utils._array_api import _check_array_api_dispatch

    try:
        _check_array_api_dispatch(True)
    except (ImportError, RuntimeError) as exc:
        pytest.skip(str(exc))


def run_in_namespace(entry, examples):
    """Hostile inputs on array_api_strict arrays against the NumPy outcome (a skip
    where the entry's own code is NumPy-only)."""
    in_namespace = _on_device(entry)

    @settings(max_examples=examples * _DEPTH, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(hostile_data(two_scores=entry.two_scores, groups=entry.groups))
    def run(data):
        _check_in_namespace(entry, in_namespace, data)

    try:
        run()
    except _NotNamespaceClean as reason:
        pytest.skip(f"the entry's own code is NumPy-only: {reason}")

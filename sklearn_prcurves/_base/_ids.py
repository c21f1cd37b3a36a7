"""Cluster and segment ids: the one rule every function taking ``groups=`` reads them by,
and its messages, so that the same ids mean the same clusters everywhere.

An id is a number, a text or a boolean; the ids of one input are all of one kind, since
NumPy turns ``[1, "1"]`` into two equal strings (merging two clusters) and ``[True, 1]``
into two equal numbers. Every row has one: None, NaN, ``pd.NA`` and NaT are refused
with the row that holds them, where a sort would pool them into one cluster or fail on
them.
"""

from numbers import Number

import numpy as np

__all__ = ["checked_ids", "id_codes", "missing_id_message"]


def missing_id_message(name, where):
    """The words for a row without an id (``where``: "at row 3", "in column 'x'")."""
    return f"{name} has a row without an id ({where}; None or NaN): every row needs one."


def checked_ids(ids, n_rows, name="groups"):
    """``ids`` (one per row) as a 1-D NumPy array of one kind of value; a ValueError
    naming ``name`` for the wrong length, a missing id or a mix of kinds."""
    from sklearn.utils import column_or_1d

    dtype = getattr(ids, "dtype", None)
    if isinstance(dtype, np.dtype) and dtype.kind in "biufcmM":
        values = np.asarray(ids)
    else:  # (lists, object and text arrays, pandas' and polars' columns)
        values = np.asarray(ids, dtype=object)
    if values.ndim != 1 and not (values.ndim == 2 and values.shape[1] == 1):
        raise ValueError(f"{name} must hold one id per row: got shape {values.shape} for "
                         f"{n_rows} rows.")
    values = column_or_1d(values)
    if values.shape[0] != n_rows:
        raise ValueError(f"{name} must hold one id per row: got {values.shape[0]} ids for "
                         f"{n_rows} rows.")
    if values.dtype == object:
        return _one_kind(values, name)
    missing = (np.isnan(values) if values.dtype.kind in "fc" else
               np.isnat(values) if values.dtype.kind in "mM" else None)
    if missing is not None and missing.any():
        raise ValueError(missing_id_message(name, f"at row {int(np.argmax(missing))}"))
    return values


def id_codes(ids, name="groups", first_seen=False):
    """``(labels, codes)``: the distinct ids and each row's position among them (``ids``
    as :func:`checked_ids` returns them); the ids in increasing order, or with
    ``first_seen`` in the order of their first row (then renaming the ids, 7 as "p7",
    changes no code)."""
    try:
        labels, first, codes = np.unique(ids, return_index=True, return_inverse=True)
    except TypeError:
        raise ValueError(f"{name} holds ids that cannot be ordered (of type "
                         f"{type(ids[0]).__name__}): use numbers or text.") from None
    codes = codes.reshape(-1)
    if first_seen:
        order = np.argsort(first)
        rank = np.empty_like(order)
        rank[order] = np.arange(order.shape[0])
        labels, codes = labels[order], rank[codes]
    return labels, codes


# Types whose values are never missing: the per-row look for None and NaN skips them.
_NEVER_MISSING = (str, bytes, bool, int, np.integer, np.bool_)


def _kind(kind_type):
    if issubclass(kind_type, (bool, np.bool_)):
        return "booleans"
    if issubclass(kind_type, str):
        return "text"
    if issubclass(kind_type, bytes):
        return "bytes"
    if issubclass(kind_type, Number):
        return "numbers"
    return kind_type.__name__


def _missing(value):
    if value is None:
        return True
    try:
        # NaN, NaT and pandas' NA compare unequal to themselves (NA's comparison is NA,
        # which is no bool).
        return bool(value != value)
    except TypeError:
        return True


def _one_kind(values, name):
    """Object ids: all present and of one kind, as an array."""
    listed = values.tolist()
    types = set(map(type, listed))
    suspect = tuple(t for t in types if not issubclass(t, _NEVER_MISSING))
    if suspect:
        for row, value in enumerate(listed):
            if isinstance(value, suspect) and _missing(value):
                raise ValueError(missing_id_message(name, f"at row {row}"))
    kinds = {}
    for kind_type in types:
        kinds.setdefault(_kind(kind_type), kind_type)
    if len(kinds) > 1:
        (a, type_a), (b, type_b) = sorted(kinds.items())[:2]
        first = next(v for v in listed if type(v) is type_a)
        second = next(v for v in listed if type(v) is type_b)
        raise ValueError(
            f"{name} mixes {a} and {b} (e.g. {first!r} and {second!r}): use one type "
            "for the ids (NumPy would make them one, merging ids such as 1 and '1').")
    return _as_array(values, listed, types)


def _as_array(values, listed, types):
    """Ids of one plain type in NumPy's own dtype (sorted faster than objects); else
    the objects (integers past int64, numbers of several types stay exact)."""
    if all(issubclass(t, str) for t in types):
        return np.asarray(listed, dtype=str)
    if all(issubclass(t, (int, np.integer)) and not issubclass(t, (bool, np.bool_))
           for t in types):
        try:
            return np.asarray(listed, dtype=np.int64)
        except OverflowError:
            return values
    return values

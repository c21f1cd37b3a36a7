"""Hostile inputs for the registry of public functions (tests/test_registry.py).

One strategy, :func:`hostile_data`, draws what a user or another library can hand
the package: labels with one class or three, scores of every dtype a model or a file
produces (ties, signed zeros, subnormals, values at the float limits, float32,
unsigned, booleans, integers past 2**64, object arrays of Python floats and ints,
text), weights mixing 1e-300 and 1e300 in one input, zeros, subnormals, sums that
absorb small weights (1e17 beside 1), totals past the largest float and whole numbers
(so that repeated rows can stand in for them), and a threshold for the functions that
take one: a score itself, its decimal form (0.35 for the float32 0.3499999940...),
integers past 2**53, infinities and NaN.
"""

from dataclasses import dataclass, field, replace

import numpy as np
from hypothesis import strategies as st

TINY, HUGE = 1e-300, 1e300


@dataclass
class Data:
    y: np.ndarray
    s: np.ndarray
    w: np.ndarray | None = None
    s2: np.ndarray | None = None  # a second model's scores, same rows
    groups: np.ndarray | None = None
    threshold: object = 0.5
    tags: frozenset = field(default_factory=frozenset)

    def rows(self, index):
        """The same data with rows taken (and repeated) by ``index``."""
        take = lambda a: None if a is None else a[index]  # noqa: E731
        return replace(self, y=self.y[index], s=take(self.s), w=take(self.w),
                       s2=take(self.s2), groups=take(self.groups))

    @property
    def numeric(self):
        return self.s.dtype.kind in "biuf" and (self.s2 is None or self.s2.dtype.kind in "biuf")

    @property
    def order_dependent_in_sklearn(self):
        """Whether scikit-learn's own ties depend on the rows' order here: an object
        array holding an int and a float past 2**53 (scikit-learn finds ties where
        neighbours' difference is zero, computed in floats for such a pair)."""
        if self.s.dtype != object:
            return False
        values = [v for v in self.s.tolist() if abs(v) >= 2**53]
        return (any(isinstance(v, float) for v in values)
                and any(isinstance(v, int) for v in values))

    @property
    def subnormal(self):
        """Whether any input value is subnormal (its meaning then changes under
        flush-to-zero, in scikit-learn as in the package)."""
        for a in (self.s, self.s2, self.w):
            if a is not None and a.dtype.kind == "f":
                nonzero = np.abs(a[a != 0])
                if nonzero.size and nonzero.min() < np.finfo(a.dtype).tiny:
                    return True
        return False


def _scores(draw, n):
    kind = draw(st.sampled_from(
        ["ties", "ties", "distinct", "specials", "float32", "probabilities32", "int",
         "uint8", "uint64", "bool", "huge int", "object floats", "object ints", "int53",
         "text"]))
    if kind == "ties":
        return np.array(draw(st.lists(st.integers(0, 4), min_size=n, max_size=n)), float)
    if kind == "distinct":
        return np.array(draw(st.lists(st.floats(-1e3, 1e3, allow_nan=False), min_size=n,
                                      max_size=n, unique=True)) or [0.0] * n)
    if kind == "specials":
        pool = [0.0, -0.0, 5e-324, 1e-300, 0.5, 1e300, 1.7976931348623157e308, -1e300, 2.0]
        return np.array(draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n)))
    if kind == "float32":
        pool = [0.0, 1e-40, 1e-30, 0.25, 0.5, 0.75, 1.0, 3e38, -1.0]
        return np.array(draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n)),
                        np.float32)
    if kind == "probabilities32":
        return np.array(draw(st.lists(st.integers(0, 8), min_size=n, max_size=n)),
                        np.float32) / np.float32(8)
    if kind == "int":
        return np.array(draw(st.lists(st.integers(-3, 3), min_size=n, max_size=n)), np.int64)
    if kind == "uint8":
        return np.array(draw(st.lists(st.integers(0, 255), min_size=n, max_size=n)), np.uint8)
    if kind == "uint64":
        values = draw(st.lists(st.integers(2**63 - 2, 2**63 + 2), min_size=n, max_size=n))
        return np.array(values, np.uint64)
    if kind == "bool":
        return np.array(draw(st.lists(st.booleans(), min_size=n, max_size=n)))
    if kind == "object floats":  # a pandas object column of Python floats
        values = draw(st.lists(st.sampled_from([0.1, 0.35, 0.5, 0.9, 2.0, -0.0]),
                               min_size=n, max_size=n))
        return np.array(values, dtype=object)
    if kind == "object ints":  # Python integers, some past 2**53 (one with a float)
        values = draw(st.lists(st.sampled_from([0, 1, 3, 2**53, 2**53 + 1, 2**53 + 3]),
                               min_size=n, max_size=n))
        if n > 1 and draw(st.booleans()):
            values[0] = float(values[0])
        return np.array(values, dtype=object)
    if kind == "int53":  # int64 scores that float64 rounds together
        return np.array([2**53 + v for v in draw(st.lists(st.integers(0, 6), min_size=n,
                                                          max_size=n))], np.int64)
    if kind == "huge int":
        values = draw(st.lists(st.integers(0, 4), min_size=n, max_size=n))
        return np.array([2**70 + v for v in values], dtype=object)
    values = draw(st.lists(st.integers(0, 4), min_size=n, max_size=n))
    if draw(st.booleans()):
        return np.array([str(v) for v in values])
    return np.array([str(v).encode() for v in values])


def _weights(draw, n):
    kind = draw(st.sampled_from(
        [None, None, "integer", "integer", "mixed scales", "zeros", "fractional",
         "one scale", "subnormal", "absorbing", "overflowing"]))
    if kind is None:
        return None, kind
    if kind == "integer":
        values = draw(st.lists(st.integers(1, 3), min_size=n, max_size=n))
    elif kind == "mixed scales":
        values = draw(st.lists(st.sampled_from([TINY, HUGE, 1.0, 3 * TINY, 7 * HUGE]),
                               min_size=n, max_size=n))
    elif kind == "zeros":
        values = draw(st.lists(st.sampled_from([0.0, 1.0, 2.0]), min_size=n, max_size=n))
    elif kind == "fractional":
        values = draw(st.lists(st.sampled_from([0.1, 0.3, 0.7, 1.0, 2.5]), min_size=n,
                               max_size=n))
    elif kind == "one scale":
        scale = draw(st.sampled_from([1e-300, 1e-170, 1e155, 1e160, 1e300]))
        values = [scale * v for v in draw(st.lists(st.sampled_from([1, 2, 3]), min_size=n,
                                                   max_size=n))]
    elif kind == "overflowing":  # totals past the largest float (each weight finite;
        # no ratio of two of them below the smallest normal float)
        values = draw(st.lists(st.sampled_from([1e308, 1.7e308, 1e300, 3e300]), min_size=n,
                               max_size=n))
        values[0] = 1.7e308
    elif kind == "absorbing":  # sums in which the small weights vanish
        values = draw(st.lists(st.sampled_from([1.0, 1e17, 3.0, 1e-17]), min_size=n,
                               max_size=n))
    else:
        values = draw(st.lists(st.sampled_from([5e-324, 1e-310, 1.0]), min_size=n, max_size=n))
    return np.array(values, dtype=float), kind


def _threshold(draw, s):
    """A threshold for the scores ``s``: one of them (as a Python number), its decimal
    form, a neighbour past 2**53, an infinity or NaN."""
    kind = draw(st.sampled_from(["score", "score", "decimal", "int53", "inf", "nan", "half"]))
    numeric = s.dtype.kind in "biufO" and not (s.dtype.kind == "O" and isinstance(
        s.flat[0] if s.size else 0, (str, bytes)))
    if kind in ("score", "decimal") and numeric and s.size:
        value = s[draw(st.integers(0, s.size - 1))]
        value = value.item() if hasattr(value, "item") else value
        if kind == "decimal" and isinstance(value, float):
            return float(str(np.float32(value)) if s.dtype == np.float32 else repr(value))
        return value
    if kind == "int53":
        return 2**53 + draw(st.integers(0, 6))
    if kind == "inf":
        return draw(st.sampled_from([np.inf, -np.inf]))
    if kind == "nan":
        return np.nan
    return 0.5


@st.composite
def hostile_data(draw, two_scores=False, groups=False):
    n = draw(st.integers(1, 10))
    labels = draw(st.sampled_from(["both", "both", "both", "both", "one", "three"]))
    if labels == "one":
        y = np.full(n, draw(st.integers(0, 1)))
    else:
        y = np.array(draw(st.lists(st.integers(0, 2 if labels == "three" else 1),
                                   min_size=n, max_size=n)))
        if n >= 2 and labels == "both":
            y[draw(st.integers(0, n - 1))] = 1
            y[draw(st.integers(0, n - 1))] = 0
            if (y == 0).all() or (y == 1).all():
                y[0] = 1 - y[0]
    s = _scores(draw, n)
    w, weight_kind = _weights(draw, n)
    data = Data(y, s, w, threshold=_threshold(draw, s),
                tags=frozenset({labels, s.dtype.kind, weight_kind}))
    if two_scores:
        data.s2 = draw(st.sampled_from([s[::-1].copy(), np.zeros_like(s),
                                        _scores(draw, n)])) if n else s.copy()
    if groups:
        data.groups = np.array(draw(st.lists(st.integers(0, 2), min_size=n, max_size=n)))
    return data

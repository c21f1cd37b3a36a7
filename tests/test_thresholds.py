"""``metric_at_thresholds`` against scikit-learn's: the same values (to the bit without
weights), thresholds, errors and warnings, on every metric it reads from the counts,
their parameters, and whatever it leaves to the per-threshold loop.

Where scikit-learn has no ``metric_at_thresholds`` (before 1.9) the reference is its
algorithm written out (:func:`_reference_loop`), calling the installed metrics.
"""

import warnings

import numpy as np
import pytest
import sklearn
import sklearn.metrics as skm
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sklearn_prcurves as spc
from sklearn_prcurves._metrics import _thresholds


def _reference_loop(y_true, y_score, metric_func, *, sample_weight=None,
                    metric_params=None):
    """scikit-learn 1.9's function, step by step, for releases without it."""
    y_true, y_score = np.asarray(y_true), np.asarray(y_score)
    params = dict(metric_params or {})
    if sample_weight is not None:
        sample_weight = np.asarray(sample_weight, dtype=float)
        kept = sample_weight != 0
        y_true, y_score, sample_weight = y_true[kept], y_score[kept], sample_weight[kept]
    order = sorted(range(len(y_score)), key=lambda i: -y_score[i])  # (stable)
    y_true, y_score = y_true[order], y_score[order]
    if sample_weight is not None:
        params["sample_weight"] = sample_weight[order]
    ends = [i for i in range(len(y_score) - 1) if y_score[i] != y_score[i + 1]]
    thresholds = y_score[ends + [len(y_score) - 1]]
    # (1.9's function skips the metric's own parameter validation, as scikit-learn's
    # validate_params(prefer_skip_nested_validation=True) does)
    with sklearn.config_context(skip_parameter_validation=True):
        values = [metric_func(y_true, (y_score >= t).astype(np.int32), **params)
                  for t in thresholds]
    return np.asarray(values), thresholds


THEIRS = getattr(skm, "metric_at_thresholds", _reference_loop)

METRICS = {
    "accuracy": (skm.accuracy_score, [{}, {"normalize": True}, {"normalize": False}]),
    "balanced accuracy": (skm.balanced_accuracy_score, [{}, {"adjusted": True}]),
    "precision": (skm.precision_score, [{}, {"zero_division": 0}, {"pos_label": 0},
                                        {"zero_division": "bad"}]),
    "recall": (skm.recall_score, [{}, {"zero_division": 1.0}, {"average": "macro"}]),
    "f1": (skm.f1_score, [{}, {"zero_division": np.nan}, {"labels": [0, 1]}]),
    "fbeta": (skm.fbeta_score, [{"beta": 2}, {"beta": 0.5}, {"beta": 0},
                                {"beta": np.inf}, {"beta": -1}, {}]),
    "jaccard": (skm.jaccard_score, [{}, {"zero_division": 1}]),
    "matthews": (skm.matthews_corrcoef, [{}]),
    "cohen kappa": (skm.cohen_kappa_score, [{}, {"weights": "linear"},
                                            {"weights": "quadratic"}]),
    "not a confusion-matrix metric": (skm.roc_auc_score, [{}]),
    "a function of one's own": (lambda y, p, **kw: float(np.mean(y == p)), [{}]),
    "a pair of values": (lambda y, p, sample_weight=None: (float(p.sum()), 1.0), [{}]),
}


def outcome(func, *args, **kwargs):
    """The values, thresholds and warnings of a call, or its error."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            values, thresholds = func(*args, **kwargs)
        except Exception as exc:  # noqa: BLE001 - the error is the outcome
            return ("raised", type(exc).__name__, str(exc)), []
    seen = [(w.category.__name__, str(w.message)) for w in caught
            if not issubclass(w.category, DeprecationWarning)]
    return ("returned", values, thresholds), seen


@st.composite
def rows(draw):
    n = draw(st.integers(1, 40))
    labels = draw(st.sampled_from(["01", "01", "01", "one class", "-1/1", "text",
                                   "float01", "bool"]))
    y = np.array(draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)))
    if labels != "one class" and n >= 2:
        y[:2] = [0, 1]
    y = {"-1/1": 2 * y - 1, "text": np.where(y == 1, "yes", "no"), "float01": y * 1.0,
         "bool": y == 1}.get(labels, y)
    kind = draw(st.sampled_from(["ties", "distinct", "float32", "int", "signed zeros"]))
    if kind == "ties":
        s = np.array(draw(st.lists(st.integers(0, 4), min_size=n, max_size=n))) / 4
    elif kind == "distinct":
        s = np.array(draw(st.lists(st.floats(-1e3, 1e3, allow_nan=False), min_size=n,
                                   max_size=n)))
    elif kind == "float32":
        s = (np.array(draw(st.lists(st.integers(0, 9), min_size=n, max_size=n)))
             / 8).astype(np.float32)
    elif kind == "int":
        s = np.array(draw(st.lists(st.integers(-3, 3), min_size=n, max_size=n)))
    else:
        s = np.array(draw(st.lists(st.sampled_from([0.0, -0.0, 0.5]), min_size=n,
                                   max_size=n)))
    w = draw(st.sampled_from([None, "integer", "fractional", "zeros", "negative"]))
    if w is not None:
        pool = {"integer": [1, 2, 3], "fractional": [0.1, 0.3, 2.5, 1e-3],
                "zeros": [0.0, 1.0, 2.0], "negative": [1.0, -0.5, 2.0]}[w]
        w = np.array(draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n)), float)
    return y, s, w


@pytest.mark.parametrize("metric", sorted(METRICS))
@given(data=rows(), choice=st.integers(0, 5))
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
def test_metric_at_thresholds_is_scikit_learns(metric, data, choice):
    y, s, w = data
    func, options = METRICS[metric]
    params = options[choice % len(options)]
    assert_same(y, s, func, w, params)


def assert_same(y, s, func, w=None, params=None):
    ours, ours_warnings = outcome(spc.metric_at_thresholds, y, s, func, sample_weight=w,
                                  metric_params=params)
    theirs, their_warnings = outcome(THEIRS, y, s, func, sample_weight=w,
                                     metric_params=params)
    assert ours[0] == theirs[0], (ours, theirs)
    assert ours_warnings == their_warnings
    if ours[0] == "raised":
        assert ours == theirs
        return
    (values, thresholds), (expected, expected_thresholds) = ours[1:], theirs[1:]
    np.testing.assert_array_equal(thresholds, expected_thresholds)
    assert thresholds.dtype == expected_thresholds.dtype
    assert values.shape == expected.shape and values.dtype == expected.dtype
    if w is None:
        np.testing.assert_array_equal(values, expected)
    else:
        # (weights summed in another order: the values, all in [-1, 1], agree to 1e-12
        # of that range; Matthews and kappa near 0 are differences of near-equal
        # products, whose relative digits any order of summation moves)
        np.testing.assert_allclose(values, expected, rtol=1e-12, atol=1e-12)


def test_the_counted_metrics_are_read_from_the_table_not_called_per_threshold(
        monkeypatch):
    """The confusion-matrix metrics are called once (their parameters checked), not
    once per threshold, and give the loop's values."""
    rng = np.random.default_rng(0)
    y = (rng.random(3000) < 0.2).astype(int)
    s = np.round(y + rng.normal(size=3000), 2)
    calls = []

    def counting(func):
        def call(*args, **kwargs):
            calls.append(1)
            return func(*args, **kwargs)
        return call

    for name, (func, options) in METRICS.items():
        if func.__name__ not in _thresholds._READERS:
            continue
        for params in options:
            if _thresholds._counted_metric(func, params, y, s) is None:
                continue
            calls.clear()
            monkeypatch.setattr(skm, func.__name__, counting(func))
            got = spc.metric_at_thresholds(y, s, getattr(skm, func.__name__),
                                           metric_params=params)
            monkeypatch.undo()
            assert len(calls) == 1, (name, params)
            expected = _reference_loop(y, s, func, metric_params=params)
            np.testing.assert_array_equal(got[0], expected[0])
            np.testing.assert_array_equal(got[1], expected[1])


def test_metric_parameters_are_taken_as_scikit_learn_takes_them():
    # (scikit-learn skips the metric's own validation inside metric_at_thresholds: a
    # bad zero_division or beta gives numbers there, and a missing beta a TypeError)
    y, s = np.array([0, 1, 1, 0]), np.array([0.1, 0.9, 0.4, 0.3])
    for func, params in ((skm.f1_score, {"zero_division": "bad"}),
                         (skm.fbeta_score, {"beta": -1}), (skm.fbeta_score, {}),
                         (skm.cohen_kappa_score, {"weights": "cubic"}),
                         (skm.f1_score, {"not_a_keyword": 1})):
        assert_same(y, s, func, None, params)
    # negative weights, which scikit-learn takes here, never reach the count table
    assert_same(y, s, skm.f1_score, np.array([1.0, -2.0, 1.0, 0.5]), {})
    # weights inside metric_params are passed on as they are (unsorted), as there
    assert_same(y, s, skm.f1_score, None, {"sample_weight": np.array([1.0, 2.0, 3.0, 4.0])})


@pytest.mark.parametrize("call, error", [
    (lambda: spc.metric_at_thresholds([0, 1], [0.1, 0.9], "f1"), "metric_func"),
    (lambda: spc.metric_at_thresholds([0, 1], [0.1], skm.f1_score), "inconsistent"),
    (lambda: spc.metric_at_thresholds([0, 1], [0.1, np.nan], skm.f1_score), "NaN"),
    (lambda: spc.metric_at_thresholds([0, 1], [0.1, 0.2], skm.f1_score,
                                      metric_params=[("beta", 1)]), "metric_params"),
    # (scikit-learn fails inside NumPy on these two: an IndexError, a UFuncTypeError)
    (lambda: spc.metric_at_thresholds([], [], skm.f1_score), "at least one row"),
    (lambda: spc.metric_at_thresholds([0, 1], ["a", "b"], skm.f1_score), "numbers"),
])
def test_bad_input_is_scikit_learns_error(call, error):
    with pytest.raises((ValueError, TypeError), match=error):
        call()

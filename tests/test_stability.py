"""threshold_stability: the rule's choice on the rows is the package's own function's,
each resample's choice and out-of-bag value are the functions' on the resampled and the
left-out rows, and in a known population the resampled thresholds hold the population's
best threshold and the out-of-bag value corrects the in-sample optimism."""

import warnings
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import norm
from sklearn.exceptions import UndefinedMetricWarning
from sklearn.utils import check_random_state

import sklearn_prcurves as spc

RULES = ["f1", "youden", {"min_precision": 0.6}, {"min_recall": 0.7},
         {"max_flag_rate": 0.3}]


def _by_the_functions(rule, y, s, w=None):
    """(threshold, value) of the rule from the package's public functions."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        if rule == "f1":
            found = spc.fbeta_optimal_threshold(y, s, sample_weight=w)
            return found.threshold, found.fbeta
        if rule == "youden":  # (J compared exactly: the first, highest, of equal ones)
            points = spc.operating_points(y, s, sample_weight=w)
            exact = [Fraction(int(tp), int(tp + fn)) - Fraction(int(fp), int(fp + tn))
                     for tp, fn, fp, tn in zip(points.tp, points.fn, points.fp, points.tn)]
            at = exact.index(max(exact))
            return points.threshold[at], float(max(exact))
        (key, level), = rule.items()
        function = {"min_precision": spc.recall_at_precision,
                    "min_recall": spc.precision_at_recall,
                    "max_flag_rate": spc.recall_at_flag_rate}[key]
        value, threshold = function(y, s, sample_weight=w, **{key: level})
        return threshold, value


def _metric_at(rule, y, s, threshold):
    at = s >= threshold
    tp, fp, n_pos = (y & at).sum(), (~y & at).sum(), y.sum()
    if rule == "f1":
        return 2 * tp / (tp + fp + n_pos)
    if rule == "youden":
        return tp / n_pos - fp / (~y).sum()
    return tp / (tp + fp) if "min_recall" in rule else tp / n_pos


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), rule=st.sampled_from(RULES),
       n=st.integers(20, 200))
def test_each_resample_is_the_functions_on_its_rows(seed, rule, n):
    rng = np.random.default_rng(seed)
    y = rng.random(n) < 0.4
    y[:2] = [True, False]
    s = np.round(rng.normal(size=n) + 1.2 * y, 1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        got = spc.threshold_stability(y, s, rule=rule, n_resamples=8, random_state=seed)
    threshold, value = _by_the_functions(rule, y, s)
    if threshold == threshold:
        assert (got.threshold, got.value) == pytest.approx((threshold, value), rel=1e-12)
    # (the stratified draws: each class's rows in score order, as many as observed)
    draws = np.random.default_rng(check_random_state(seed).randint(2**31 - 1))
    classes = [np.flatnonzero(y == side) for side in (True, False)]
    classes = [rows[np.argsort(-s[rows], kind="stable")] for rows in classes]
    for b in range(8):
        drawn = np.zeros(n, dtype=int)
        for rows in classes:
            drawn[rows] = np.bincount(draws.integers(0, rows.shape[0], rows.shape[0]),
                                      minlength=rows.shape[0])
        rows = np.repeat(np.arange(n), drawn)
        threshold, _ = _by_the_functions(rule, y[rows], s[rows])
        assert got.thresholds[b] == pytest.approx(threshold, nan_ok=True)
        left = drawn == 0
        if got.thresholds[b] == got.thresholds[b] and y[left].any() and not y[left].all():
            assert got.out_of_bag_values[b] == pytest.approx(
                _metric_at(rule, y[left], s[left], got.thresholds[b]), nan_ok=True)


def test_clusters_are_drawn_whole_and_their_left_out_rows_score():
    """With groups every cluster's rows are drawn together: copies of a row in one
    cluster resample as the row itself."""
    rng = np.random.default_rng(1)
    y = rng.random(300) < 0.4
    s = rng.normal(size=300) + 1.5 * y
    single = spc.threshold_stability(y, s, n_resamples=50, random_state=3,
                                     groups=np.arange(300))
    tripled = spc.threshold_stability(np.repeat(y, 3), np.repeat(s, 3), n_resamples=50,
                                      random_state=3, groups=np.repeat(np.arange(300), 3))
    np.testing.assert_array_equal(single.thresholds, tripled.thresholds)
    assert single.out_of_bag == pytest.approx(tripled.out_of_bag, rel=1e-12)


def test_bad_rules_are_named():
    with pytest.raises(ValueError, match="rule must be 'f1', 'youden' or a dict"):
        spc.threshold_stability([0, 1, 0, 1], [0.1, 0.9, 0.3, 0.7], rule={"precision": 0.9})
    with pytest.raises(ValueError, match="rule must be"):
        spc.threshold_stability([0, 1, 0, 1], [0.1, 0.9, 0.3, 0.7], rule="accuracy")


def test_in_a_known_population_the_spread_and_the_optimism_are_real():
    """Binormal scores: the interval of the resampled F1-best thresholds holds the
    population's F1-best threshold in about the stated share of draws, and the
    out-of-bag F1 is nearer the population's F1 at the chosen threshold than the
    in-sample F1 is, on average (the in-sample value is optimistic)."""
    rng = np.random.default_rng(11)
    gap, prevalence, n, draws = 1.5, 0.3, 600, 120
    grid = np.linspace(-1, 3, 4001)
    tpr, fpr = norm.sf(grid - gap), norm.sf(grid)
    f1 = 2 * prevalence * tpr / (prevalence * tpr + (1 - prevalence) * fpr + prevalence)
    best = grid[np.argmax(f1)]
    covered, in_error, out_error = 0, [], []
    for _ in range(draws):
        y = rng.random(n) < prevalence
        s = rng.normal(size=n) + gap * y
        got = spc.threshold_stability(y, s, n_resamples=200, random_state=rng.integers(2**31))
        covered += got.threshold_interval.low <= best <= got.threshold_interval.high
        t = got.threshold
        truth = 2 * prevalence * norm.sf(t - gap) / (
            prevalence * norm.sf(t - gap) + (1 - prevalence) * norm.sf(t) + prevalence)
        in_error.append(got.value - truth)
        out_error.append(got.out_of_bag - truth)
    assert covered / draws >= 0.85
    assert np.mean(in_error) > 0 and abs(np.mean(out_error)) < np.mean(in_error)

"""Likelihood ratios: at every threshold (operating_points, threshold_table) and at one
with intervals and post-test probabilities (likelihood_ratio_ci)."""

import math
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import norm
from sklearn.exceptions import UndefinedMetricWarning
from sklearn.metrics import class_likelihood_ratios

import sklearn_prcurves as spc
from sklearn_prcurves._inference._proportions import ratio_interval


def _rows(n, seed, prevalence=0.2, shift=1.5):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < prevalence).astype(int)
    y[:2] = [0, 1]
    return y, rng.normal(size=n) + shift * y


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.floats(-1.0, 2.5))
def test_the_ratios_are_scikit_learns_where_it_defines_them(seed, threshold):
    y, s = _rows(300, seed)
    predicted = (s >= threshold).astype(int)
    found = spc.likelihood_ratio_ci(y, s, threshold)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = class_likelihood_ratios(y, predicted)
    for ours, their in zip((found.lr_plus.estimate, found.lr_minus.estimate), theirs):
        if math.isfinite(their):
            assert ours == pytest.approx(their, rel=1e-12)


def test_every_threshold_s_ratios_are_the_rates_ratios():
    y, s = _rows(500, 3)
    points = spc.operating_points(y, s)
    with np.errstate(divide="ignore", invalid="ignore"):
        assert np.array_equal(points.lr_plus, points.tpr / points.fpr)
        expected = np.where(points.tn + points.fn > 0, points.fnr / points.tnr, np.nan)
    assert np.array_equal(points.lr_minus, expected, equal_nan=True)
    assert points.lr_plus[0] == np.inf  # (the top score is a positive's: FPR 0)
    at = len(points.threshold) // 2
    one = spc.likelihood_ratio_ci(y, s, points.threshold[at])
    assert (one.lr_plus.estimate, one.lr_minus.estimate) == (
        points.lr_plus[at], points.lr_minus[at])
    frame = spc.threshold_table(y, s, metrics=["lr_plus", "lr_minus"], prevalence=0.01,
                                drop_intermediate=False)
    # (a prevalence moves precision, never the rates' ratios: to the reweighting's
    # rounding)
    assert np.asarray(frame["lr_plus"]) == pytest.approx(points.lr_plus, rel=1e-12)
    with pytest.warns(UndefinedMetricWarning, match="lr_minus .nothing predicted negative"):
        spc.threshold_table(y, s, metrics=["lr_minus"])


def test_the_intervals_are_the_rates_score_intervals_and_weights_are_rows():
    y, s = _rows(400, 5)
    threshold = 1.0
    found = spc.likelihood_ratio_ci(y, s, threshold, confidence_level=0.9)
    tp = int(np.sum((s >= threshold) & (y == 1)))
    fp = int(np.sum((s >= threshold) & (y == 0)))
    n_pos, n_neg = int(np.sum(y)), int(np.sum(1 - y))
    assert tuple(found.lr_plus) == tuple(map(float, ratio_interval(tp, n_pos, fp, n_neg, 0.9)))
    assert tuple(found.lr_minus) == tuple(map(float, ratio_interval(
        n_pos - tp, n_pos, n_neg - fp, n_neg, 0.9)))
    assert found.lr_plus.method == "score (Koopman)" and found.lr_plus.confidence_level == 0.9
    weight = np.random.default_rng(6).integers(0, 4, 400)
    weighted = spc.likelihood_ratio_ci(y, s, threshold, sample_weight=weight)
    repeated = spc.likelihood_ratio_ci(np.repeat(y, weight), np.repeat(s, weight), threshold)
    for name in ("lr_plus", "lr_minus"):
        assert tuple(weighted[name]) == pytest.approx(tuple(repeated[name]), rel=1e-12)
    with pytest.raises(ValueError, match="frequency weights .* non-negative integers"):
        spc.likelihood_ratio_ci(y, s, threshold, sample_weight=weight + 0.5)


@pytest.mark.parametrize("prevalence", [0.3, 0.05, 0.001])
def test_post_test_probabilities_are_precision_and_one_minus_npv_there(prevalence):
    y, s = _rows(600, 7)
    threshold = 0.8
    found = spc.likelihood_ratio_ci(y, s, threshold, prevalence=prevalence)
    points = spc.operating_points(y, s, prevalence=prevalence)
    at = int(np.flatnonzero(points.threshold >= threshold)[-1])
    assert found.post_test_positive.estimate == pytest.approx(points.ppv[at], rel=1e-12)
    assert found.post_test_negative.estimate == pytest.approx(1 - points.npv[at], rel=1e-9)
    for name, ratio in (("post_test_positive", "lr_plus"), ("post_test_negative", "lr_minus")):
        odds = prevalence / (1 - prevalence)
        expected = [odds * v / (1 + odds * v) for v in found[ratio]]
        assert tuple(found[name]) == pytest.approx(expected, rel=1e-12)
    # The precision interval the page's explorer shows at a prevalence is the same one.
    from sklearn_prcurves._inference._proportions import precision_at_prevalence_interval

    rows = spc.operating_points(y, s)  # (the data's counts: the rows the test counts)
    tp, fp = rows.tp[at], rows.fp[at]
    assert tuple(found.post_test_positive) == pytest.approx(tuple(map(float, (
        precision_at_prevalence_interval(tp, fp, np.sum(y), np.sum(1 - y), prevalence,
                                         0.95)))), rel=1e-9)


def test_an_error_free_side_is_infinite_and_nothing_decided_is_undefined():
    y = np.array([0, 0, 0, 1, 1, 1])
    s = np.array([0.1, 0.2, 0.3, 0.7, 0.8, 0.9])
    perfect = spc.likelihood_ratio_ci(y, s, 0.5, prevalence=0.1)
    assert perfect.lr_plus.estimate == math.inf and perfect.lr_plus.high == math.inf
    assert perfect.lr_plus.low > 1
    assert perfect.lr_minus.estimate == 0 and perfect.lr_minus.low == 0
    assert perfect.post_test_positive.estimate == 1.0
    with pytest.warns(UndefinedMetricWarning, match="lr_plus is undefined"):
        nothing = spc.likelihood_ratio_ci(y, s, 2.0)
    assert math.isnan(nothing.lr_plus.estimate)
    with pytest.raises(ValueError, match="NaN"):
        spc.likelihood_ratio_ci(y, s, math.nan)


def test_the_intervals_cover_the_population_s_ratios():
    """Binormal populations (positives shifted by 1.2, prevalence 0.15), 400 samples of
    400 rows: each 95% interval holds the population's LR+ and LR- (and so the
    post-test probabilities at any prevalence, increasing functions of them) in
    about 95% of samples (benchmarks/coverage_likelihood.py runs more)."""
    threshold, shift = 1.0, 1.2
    tpr, fpr = norm.sf(threshold - shift), norm.sf(threshold)
    truth = {"lr_plus": tpr / fpr, "lr_minus": (1 - tpr) / (1 - fpr)}
    covered = {name: 0 for name in truth}
    draws = 400
    for seed in range(draws):
        y, s = _rows(400, 1000 + seed, prevalence=0.15, shift=shift)
        found = spc.likelihood_ratio_ci(y, s, threshold, prevalence=0.01)
        for name, value in truth.items():
            covered[name] += found[name].low <= value <= found[name].high
    for name in truth:
        assert 0.92 <= covered[name] / draws <= 0.98, (name, covered[name] / draws)

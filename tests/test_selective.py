"""risk_coverage_curve and aurc_score against a row-by-row reference in fractions:
every case at least a width from the threshold decided, ties in distance (from either
side, and where two floats round to one distance) entering together; the prevalence
is the exact re-weighting; the display draws what the function returns."""

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sklearn_prcurves as spc


def _reference(y, s, w, threshold):
    """(coverage, risk, widths) row by row, distances as fractions."""
    t = Fraction(threshold)
    distance = [abs(Fraction(float(v)) - t) for v in s]
    total = sum(Fraction(float(v)) for v in w)
    coverage, risk, widths = [], [], []
    for d in sorted(set(distance), reverse=True):
        decided = wrong = Fraction(0)
        for yi, si, wi, di in zip(y, s, w, distance):
            if di >= d:
                decided += Fraction(float(wi))
                wrong += Fraction(float(wi)) * ((Fraction(float(si)) >= t) != bool(yi))
        coverage.append(decided / total)
        risk.append(wrong / decided if decided else None)
        widths.append(d)
    return coverage, risk, widths


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), n=st.integers(2, 60),
       threshold=st.sampled_from([0.5, 0.0, 0.3, 1e-17]), weighted=st.booleans(),
       step=st.sampled_from([0.1, 0.25, 1e-16]))
def test_the_curve_is_the_row_by_row_reference(seed, n, threshold, weighted, step):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.5).astype(int)
    y[:2] = [0, 1]
    # (a grid symmetric about the threshold: distances tie across its two sides)
    s = threshold + step * rng.integers(-5, 6, size=n)
    w = rng.integers(1, 5, size=n).astype(float) if weighted else np.ones(n)
    coverage, risk, widths = spc.risk_coverage_curve(y, s, threshold=threshold,
                                                     sample_weight=w)
    ref_coverage, ref_risk, ref_widths = _reference(y, s, w, threshold)
    assert len(coverage) == len(ref_coverage)
    np.testing.assert_allclose(coverage, [float(c) for c in ref_coverage], rtol=1e-12)
    np.testing.assert_allclose(risk, [float(r) for r in ref_risk], rtol=1e-12)
    np.testing.assert_allclose(widths, [float(d) for d in ref_widths], rtol=1e-9, atol=0)
    area = sum(float(r) * float(c - p) for r, c, p in zip(
        ref_risk, ref_coverage, [0] + ref_coverage[:-1]))
    assert spc.aurc_score(y, s, threshold=threshold, sample_weight=w) == pytest.approx(area)


def test_without_ties_the_area_is_the_mean_selective_risk():
    rng = np.random.default_rng(0)
    y = (rng.random(500) < 0.3).astype(int)
    p = 1 / (1 + np.exp(-(rng.normal(size=500) + 2 * y - 1)))
    order = np.argsort(-np.maximum(p, 1 - p))
    errors = ((p >= 0.5) != y)[order]
    expected = np.mean(np.cumsum(errors) / np.arange(1, 501))
    assert spc.aurc_score(y, p) == pytest.approx(expected)


def test_the_prevalence_is_the_reweighted_negatives():
    rng = np.random.default_rng(1)
    y = (rng.random(400) < 0.4).astype(int)
    s = rng.normal(size=400) + y
    factor = (y.sum() / (1 - y).sum()) * (0.95 / 0.05)
    w = np.where(y == 1, 1.0, factor)
    for got, expected in zip(spc.risk_coverage_curve(y, s, threshold=0.3, prevalence=0.05),
                             spc.risk_coverage_curve(y, s, threshold=0.3, sample_weight=w)):
        np.testing.assert_allclose(got, expected, rtol=1e-12)


def test_a_nan_threshold_is_refused():
    with pytest.raises(ValueError, match="threshold is NaN"):
        spc.risk_coverage_curve([0, 1], [0.2, 0.8], threshold=float("nan"))


def test_the_display_draws_the_function():
    import matplotlib

    matplotlib.use("Agg")
    from sklearn.linear_model import LogisticRegression

    rng = np.random.default_rng(2)
    X = rng.normal(size=(300, 2))
    y = (X[:, 0] + rng.normal(size=300) > 0).astype(int)
    model = LogisticRegression().fit(X, y)
    display = spc.RiskCoverageDisplay.from_estimator(model, X, y, plot_chance_level=True)
    coverage, risk, widths = spc.risk_coverage_curve(y, model.predict_proba(X)[:, 1])
    np.testing.assert_array_equal(display.x, coverage)
    np.testing.assert_array_equal(display.y, risk)
    assert display.value == spc.aurc_score(y, model.predict_proba(X)[:, 1])
    assert "AURC" in display.line_.get_label()
    np.testing.assert_array_equal(display.chance_level_.get_ydata(), [risk[-1]] * 2)
    np.testing.assert_array_equal(display.frame()["threshold"], widths)
    # (a decision function decides at 0)
    by_margin = spc.RiskCoverageDisplay.from_estimator(
        model, X, y, response_method="decision_function")
    np.testing.assert_array_equal(
        by_margin.y, spc.risk_coverage_curve(y, model.decision_function(X), threshold=0)[1])

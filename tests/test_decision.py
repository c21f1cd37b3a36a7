"""Decision curves: net benefit against a row-by-row count, against dcurves, and at
another prevalence against the same data re-weighted to it."""

import warnings
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.exceptions import UndefinedMetricWarning

import sklearn_prcurves as spc


def _net_benefit_by_rows(y, p, w, thresholds):
    """The definition, in exact fractions: treated rows are those with p >= pt."""
    w = np.ones(len(y)) if w is None else w
    n = sum(Fraction(float(v)) for v in w)
    out = []
    for pt in thresholds:
        pt = Fraction(float(pt))
        tp = sum(Fraction(float(v)) for v, t, q in zip(w, y, p) if t == 1 and q >= pt)
        fp = sum(Fraction(float(v)) for v, t, q in zip(w, y, p) if t == 0 and q >= pt)
        out.append(float(tp / n - fp / n * pt / (1 - pt)))
    return np.array(out)


@st.composite
def probabilities(draw, weights=True):
    n = draw(st.integers(2, 40))
    y = np.array(draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)))
    y[:2] = [0, 1]
    pool = draw(st.sampled_from([[0.0, 0.2, 0.35, 0.5, 1.0], list(np.linspace(0, 1, 21))]))
    p = np.array(draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n)))
    w = (np.array(draw(st.lists(st.sampled_from([0.5, 1.0, 3.0]), min_size=n, max_size=n)))
         if weights and draw(st.booleans()) else None)
    return y, p, w


@settings(max_examples=150, deadline=None)
@given(probabilities(), st.lists(st.sampled_from([0.0, 0.2, 0.35, 0.5, 0.99]), min_size=1,
                                 max_size=5))
def test_net_benefit_is_the_definition(data, thresholds):
    y, p, w = data
    curve = spc.net_benefit_curve(y, p, thresholds=thresholds, sample_weight=w)
    np.testing.assert_allclose(curve.net_benefit, _net_benefit_by_rows(y, p, w, thresholds),
                               rtol=1e-12, atol=1e-15)
    everyone = _net_benefit_by_rows(y, np.ones_like(p), w, thresholds)
    np.testing.assert_allclose(curve.treat_all, everyone, rtol=1e-12, atol=1e-15)
    assert not curve.treat_none.any() and curve.treat_none.shape == curve.thresholds.shape


@settings(max_examples=60, deadline=None)
@given(probabilities(), st.sampled_from([0.001, 0.05, 0.5, 0.9]))
def test_another_prevalence_is_the_data_reweighted_to_it(data, prevalence):
    y, p, w = data
    w = np.ones(len(y)) if w is None else w
    pos, neg = w[y == 1].sum(), w[y == 0].sum()
    reweighted = np.where(y == 1, w * prevalence / pos, w * (1 - prevalence) / neg)
    thresholds = [0.0, 0.2, 0.5, 0.9]
    got = spc.net_benefit_curve(y, p, thresholds=thresholds, sample_weight=w,
                                prevalence=prevalence)
    expected = spc.net_benefit_curve(y, p, thresholds=thresholds, sample_weight=reweighted)
    np.testing.assert_allclose(got.net_benefit, expected.net_benefit, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(got.treat_all, expected.treat_all, rtol=1e-12, atol=1e-12)


def test_equals_dcurves():
    dcurves = pytest.importorskip("dcurves")
    rng = np.random.default_rng(5)
    n = 3000
    y = (rng.random(n) < 0.15).astype(int)
    # (no risk of exactly 0 or 1: dcurves moves those by an epsilon, see below)
    risk = 1 / (1 + np.exp(-(rng.normal(size=n) * 1.3 + 1.6 * y - 2.2)))
    coarse = np.clip(np.round(risk, 2), 0.01, 0.99)  # ties at the thresholds themselves
    import pandas as pd

    frame = pd.DataFrame({"y": y, "model": risk, "coarse": coarse})
    thresholds = np.arange(0, 0.95, 0.01)
    for prevalence in (None, 0.02):
        table = dcurves.dca(data=frame, outcome="y", modelnames=["model", "coarse"],
                            thresholds=thresholds, prevalence=prevalence)
        for name, scores in (("model", risk), ("coarse", coarse)):
            ours = spc.net_benefit_curve(y, scores, thresholds=thresholds,
                                         prevalence=prevalence)
            theirs = table[table.model == name].sort_values("threshold")
            np.testing.assert_allclose(ours.net_benefit, theirs.net_benefit, rtol=1e-9,
                                       atol=1e-12)
        treat_all = table[table.model == "all"].sort_values("threshold")
        np.testing.assert_allclose(ours.treat_all, treat_all.net_benefit, rtol=1e-9,
                                   atol=1e-12)
        none = table[table.model == "none"].sort_values("threshold")
        np.testing.assert_allclose(ours.treat_none, none.net_benefit, atol=1e-12)
        # A harm of using the model, and the net interventions avoided per 100 people
        # (dcurves' nper), where a threshold above 0 makes them defined.
        above = thresholds[1:]
        harmed = dcurves.dca(data=frame, outcome="y", modelnames=["model"],
                             thresholds=above, prevalence=prevalence,
                             harm={"model": 0.01}, nper=100)
        theirs = harmed[harmed.model == "model"].sort_values("threshold")
        ours = spc.net_benefit_curve(y, risk, thresholds=above, prevalence=prevalence,
                                     harm=0.01)
        np.testing.assert_allclose(ours.net_benefit, theirs.net_benefit, rtol=1e-9,
                                   atol=1e-12)
        np.testing.assert_allclose(ours.interventions_avoided(per=100),
                                   theirs.net_intervention_avoided, rtol=1e-9, atol=1e-10)
    with pytest.warns(UndefinedMetricWarning, match="undefined at a threshold of 0"):
        avoided = spc.net_benefit_curve(y, risk, thresholds=[0.0, 0.2]).interventions_avoided()
    assert np.isnan(avoided[0]) and np.isfinite(avoided[1])


def test_exact_on_ten_million_rows_from_the_table():
    rng = np.random.default_rng(0)
    n = 10_000_000
    y = rng.random(n) < 0.05
    p = np.round(rng.random(n), 3)
    w = rng.integers(1, 4, n).astype(float)
    thresholds = np.array([0.0, 0.001, 0.25, 0.5, 0.999])
    curve = spc.net_benefit_curve(y, p, thresholds=thresholds, sample_weight=w)
    # Whole weights: counts exact in float64; the reference sums them per threshold.
    total = w.sum()
    for pt, value in zip(thresholds, curve.net_benefit):
        treated = p >= pt
        tp, fp = w[treated & y].sum(), w[treated & ~y].sum()
        assert value == pytest.approx(tp / total - fp / total * pt / (1 - pt), rel=1e-14)


@pytest.mark.parametrize("prevalence", [0.0, 1.0, float("nan"), -0.1, 2.0])
def test_prevalence_outside_the_open_interval_is_refused(prevalence):
    with pytest.raises(ValueError, match="prevalence"):
        spc.net_benefit_curve([0, 1, 1], [0.2, 0.6, 0.9], prevalence=prevalence)


@pytest.mark.parametrize("scores", [[0.2, 1.5, 0.9], [-0.1, 0.5, 0.9], [0.1, 20.0, 3.0]])
def test_scores_that_are_not_probabilities_are_refused(scores):
    with pytest.raises(ValueError, match="probabilities in \\[0, 1\\]"):
        spc.net_benefit_curve([0, 1, 1], scores)


@pytest.mark.parametrize("thresholds", [[1.0], [0.2, -0.1], [], [[0.1, 0.2]], [np.nan]])
def test_thresholds_outside_zero_to_one_are_refused(thresholds):
    with pytest.raises(ValueError, match="thresholds"):
        spc.net_benefit_curve([0, 1, 1], [0.2, 0.6, 0.9], thresholds=thresholds)


def test_one_class_is_refused():
    with pytest.raises(ValueError, match="Only one class"):
        spc.net_benefit_curve([1, 1, 1], [0.2, 0.6, 0.9])


def test_default_thresholds_and_pos_label():
    curve = spc.net_benefit_curve(["no", "yes", "yes", "no"], [0.1, 0.8, 0.6, 0.7],
                                  pos_label="yes")
    np.testing.assert_array_equal(curve.thresholds, np.arange(100) / 100)
    assert curve.net_benefit[0] == 0.5  # at 0: every positive treated, harm weighs 0


def test_the_one_convention_apart_from_dcurves():
    # dcurves moves risks of exactly 0 below 0: at threshold 0 they are not treated;
    # here every row at or above the threshold is (as at every other threshold).
    dcurves = pytest.importorskip("dcurves")
    import pandas as pd

    y = np.array([1, 0, 1, 0, 1, 0])
    risk = np.array([0.0, 0.0, 0.4, 0.3, 0.9, 0.6])
    theirs = dcurves.dca(data=pd.DataFrame({"y": y, "m": risk}), outcome="y",
                         modelnames=["m"], thresholds=[0.0, 0.3])
    theirs = theirs[theirs.model == "m"].sort_values("threshold").net_benefit.to_numpy()
    ours = spc.net_benefit_curve(y, risk, thresholds=[0.0, 0.3]).net_benefit
    assert ours[0] == pytest.approx(theirs[0] + 1 / 6)  # the positive at risk 0
    assert ours[1] == pytest.approx(theirs[1])


def test_decision_curve_display_draws_models_and_the_strategies():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from sklearn.datasets import make_classification
    from sklearn.linear_model import LogisticRegression
    from sklearn.svm import SVC

    X, y = make_classification(600, weights=[0.8], random_state=0)
    first = LogisticRegression().fit(X[:300], y[:300])
    display = spc.DecisionCurveDisplay.from_estimator(first, X[300:], y[300:])
    expected = spc.net_benefit_curve(y[300:], first.predict_proba(X[300:])[:, 1])
    np.testing.assert_array_equal(display.y, expected.net_benefit)
    np.testing.assert_array_equal(display.treat_all, expected.treat_all)
    # a second model on the same axes, without drawing the strategies again
    second = spc.DecisionCurveDisplay.from_predictions(
        y[300:], np.clip(X[300:, 0] / 8 + 0.5, 0, 1), name="one feature", ax=display.ax_,
        plot_chance_level=False)
    labels = display.ax_.get_legend_handles_labels()[1]
    assert labels == ["LogisticRegression", "treat all", "treat none", "one feature"]
    assert second.chance_level_ is None and display.chance_level_ is not None
    low, high = display.ax_.get_ylim()
    assert low < 0 < expected.treat_all[0] < high  # the prevalence is in view
    with pytest.raises(ValueError, match="probabilities"):
        spc.DecisionCurveDisplay.from_estimator(SVC().fit(X[:300], y[:300]), X[300:], y[300:],
                                                response_method="decision_function")
    plt.close("all")


@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("prevalence", [None, 0.03])
def test_each_resample_is_the_curve_of_its_rows(weighted, prevalence):
    from sklearn_prcurves._inference._net_benefit_test import _Resampled
    from sklearn_prcurves._inference._resampling import Resampler

    rng = np.random.default_rng(1)
    n = 400
    y = (rng.random(n) < 0.3).astype(int)
    p = np.round(1 / (1 + np.exp(-(rng.normal(size=n) + y))), 2).astype(np.float32)
    w = rng.uniform(0.5, 2, n) if weighted else None
    thresholds = np.array([0.6, 0.0, 0.3, 0.45, 0.9])  # (any order)
    resampler = Resampler(y == 1, w, 0)
    model = _Resampled(p, w, resampler, thresholds, prevalence)
    for pos, neg in resampler.draws(5):
        rows = np.concatenate([np.repeat(resampler.pos_rows, pos),
                               np.repeat(resampler.neg_rows, neg)])
        expected = spc.net_benefit_curve(y[rows], p[rows], thresholds=thresholds,
                                         sample_weight=None if w is None else w[rows],
                                         prevalence=prevalence).net_benefit
        np.testing.assert_allclose(model.at(pos, neg), expected, rtol=1e-12, atol=1e-15)


@pytest.mark.parametrize("method", ["normal", "bootstrap"])
def test_compare_net_benefit_of_a_model_with_itself_and_with_another(method):
    rng = np.random.default_rng(2)
    n = 1000
    y = (rng.random(n) < 0.2).astype(int)
    good = 1 / (1 + np.exp(-(2 * rng.normal(size=n) + 3 * y - 2.5)))
    poor = 1 / (1 + np.exp(-(2 * rng.normal(size=n) + 0.5 * y - 1.5)))
    thresholds = [0.05, 0.2, 0.4]
    same = spc.compare_net_benefit(y, good, good, thresholds=thresholds, n_resamples=300,
                                   random_state=0, method=method)
    assert not same.difference.any() and not same.low.any() and not same.high.any()
    np.testing.assert_array_equal(same.pvalue, 1.0)
    result = spc.compare_net_benefit(y, good, poor, thresholds=thresholds, n_resamples=500,
                                     random_state=0, method=method)
    np.testing.assert_array_equal(result.net_benefit_a, spc.net_benefit_curve(
        y, good, thresholds=thresholds).net_benefit)
    np.testing.assert_array_equal(result.net_benefit_b, spc.net_benefit_curve(
        y, poor, thresholds=thresholds).net_benefit)
    assert np.all(result.low < result.difference) and np.all(result.difference < result.high)
    assert np.all(result.difference > 0) and np.all(result.pvalue < 0.01)
    again = spc.compare_net_benefit(y, good, poor, thresholds=thresholds, n_resamples=500,
                                    random_state=0, method=method)
    np.testing.assert_array_equal(again.low, result.low)  # reproducible


def test_weights_past_the_largest_total_give_the_same_comparison():
    # A resample can hold the heaviest row as often as there are rows: weights are
    # scaled by a power of two first (net benefit is a ratio of weights).
    y = np.array([1, 0, 0, 0, 1, 0])
    a = np.array([0.0, 0.0, 0.0, 0.0, 0.5, 0.2])
    b = np.array([0.0, 0.0, 0.0, 0.0, 0.1, 0.9])
    w = np.array([1.7, 1.0, 1.0, 1.0, 1.0, 1.0])
    small = spc.compare_net_benefit(y, a, b, sample_weight=w, thresholds=[0.0, 0.3],
                                    n_resamples=300, random_state=0, method="bootstrap")
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        huge = spc.compare_net_benefit(y, a, b, sample_weight=w * 1e308, thresholds=[0.0, 0.3],
                                       n_resamples=300, random_state=0, method="bootstrap")
    for name in ("difference", "low", "high"):
        np.testing.assert_allclose(getattr(huge, name), getattr(small, name), rtol=1e-12)


def test_the_prior_shift_gives_the_deployment_s_risks_of_a_known_population():
    """A logistic population, logit P(y=1 | x) = a + 2x, deployed at prevalence pi':
    the model fitted on a case-control sample (positives a share pi of it) has the
    same slope and intercept moved by the log of the prior odds' ratio; shifting its
    probabilities from pi to pi' gives the population's risks (to rounding)."""
    from scipy.special import expit, logit

    x = np.linspace(-4, 4, 81)
    deployed = expit(-3.0 + 2 * x)  # the population's risks (prevalence pi')
    for pi, pi_deployed in ((0.5, 0.02), (0.3, 0.001), (0.05, 0.6)):
        fitted = expit(-3.0 + logit(pi) - logit(pi_deployed) + 2 * x)
        assert spc.prior_shift(fitted, pi_deployed, sample_prevalence=pi) == (
            pytest.approx(deployed, rel=1e-12))
    assert np.array_equal(spc.prior_shift([0.0, 1.0], 1e-12, sample_prevalence=1 - 1e-12),
                          [0.0, 1.0])
    p = np.random.default_rng(1).random(50)
    back = spc.prior_shift(spc.prior_shift(p, 0.01, sample_prevalence=0.4), 0.4,
                           sample_prevalence=0.01)
    assert back == pytest.approx(p, rel=1e-12)
    with pytest.raises(ValueError, match=r"probabilities in \[0, 1\]"):
        spc.prior_shift([0.2, 1.5], 0.1, sample_prevalence=0.5)


@pytest.mark.parametrize("prevalence", [0.2, 0.02])
def test_shifted_risks_are_the_decision_curve_of_the_shifted_probabilities(prevalence):
    """``shift_risks=True``: the curve of the probabilities moved by prior_shift from
    the data's (weighted) prevalence, read at the deployment's; the default keeps
    dcurves' reading (the probabilities taken as the deployment's risks)."""
    rng = np.random.default_rng(4)
    y = (rng.random(3000) < 0.5).astype(int)
    p = np.clip(0.5 * rng.beta(2, 3, 3000) + 0.45 * y * rng.random(3000), 0, 1)
    w = rng.integers(1, 4, 3000).astype(float)
    share = np.sum(w * y) / np.sum(w)
    shifted = spc.net_benefit_curve(y, p, sample_weight=w, prevalence=prevalence,
                                    shift_risks=True)
    moved = spc.prior_shift(p, prevalence, sample_prevalence=share)
    expected = spc.net_benefit_curve(y, moved, sample_weight=w, prevalence=prevalence)
    assert shifted.net_benefit == pytest.approx(expected.net_benefit, abs=1e-12)
    assert np.array_equal(shifted.treat_all, expected.treat_all)
    plain = spc.net_benefit_curve(y, p, sample_weight=w, prevalence=prevalence)
    assert not np.allclose(plain.net_benefit, shifted.net_benefit)
    with pytest.raises(ValueError, match="give prevalence= too"):
        spc.net_benefit_curve(y, p, shift_risks=True)
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    display = spc.DecisionCurveDisplay.from_predictions(
        y, p, sample_weight=w, prevalence=prevalence, shift_risks=True)
    assert np.array_equal(display.y, shifted.net_benefit)
    import matplotlib.pyplot as plt

    plt.close("all")


def _per_row_reference(y, a, b, w, thresholds, prevalence, level=0.95):
    """The normal interval of the mean of per-row contributions, row by row."""
    from scipy.stats import norm

    z = norm.ppf(0.5 + level / 2)
    low, high = [], []
    for t in thresholds:
        odds = t / (1 - t)
        d = np.repeat((a >= t).astype(float) - (b >= t), w)
        pos = np.repeat(y == 1, w)
        if prevalence is None:
            c = np.where(pos, d, -d * odds)
            mean, se = c.mean(), c.std(ddof=1) / np.sqrt(c.shape[0])
        else:
            mean = prevalence * d[pos].mean() - (1 - prevalence) * odds * d[~pos].mean()
            se = np.sqrt(prevalence ** 2 * d[pos].var(ddof=1) / pos.sum()
                         + ((1 - prevalence) * odds) ** 2 * d[~pos].var(ddof=1)
                         / (~pos).sum())
        low.append(mean - z * se)
        high.append(mean + z * se)
    return np.array(low), np.array(high)


@pytest.mark.parametrize("prevalence", [None, 0.05])
def test_the_normal_interval_is_the_per_row_means_and_weights_are_rows(prevalence):
    """compare_net_benefit's normal interval equals the per-row mean's, computed row by
    row with the weights as repeated rows; other weights are refused; and it covers a
    known population's difference (benchmarks/coverage_net_benefit.py runs more)."""
    rng = np.random.default_rng(5)
    n = 800
    y = (rng.random(n) < 0.2).astype(int)
    a = 1 / (1 + np.exp(-(1.5 * rng.normal(size=n) + 2.5 * y - 2.2)))
    b = np.round(1 / (1 + np.exp(-(1.5 * rng.normal(size=n) + 1.5 * y - 2.0))), 2)
    w = rng.integers(1, 4, n)
    thresholds = np.array([0.05, 0.1, 0.21, 0.5])
    result = spc.compare_net_benefit(y, a, b, thresholds=thresholds, sample_weight=w,
                                     prevalence=prevalence)
    low, high = _per_row_reference(y, a, b, w, thresholds, prevalence)
    np.testing.assert_allclose(result.low, low, rtol=1e-10, atol=1e-13)
    np.testing.assert_allclose(result.high, high, rtol=1e-10, atol=1e-13)
    with pytest.raises(ValueError, match="frequency weights"):
        spc.compare_net_benefit(y, a, b, thresholds=thresholds, sample_weight=w + 0.5)
    def population(rows, draw):  # (benchmarks/coverage_net_benefit.py's)
        y = draw.random(rows) < 0.2
        noise = draw.normal(size=(2, rows))
        return (y.astype(int), 1 / (1 + np.exp(-(1.5 * noise[0] + 2.5 * y - 2.2))),
                1 / (1 + np.exp(-(1.5 * noise[1] + 1.5 * y - 2.0))))

    THRESHOLDS = np.array([0.05, 0.1, 0.2, 0.3, 0.5])  # noqa: N806
    big = np.random.default_rng(2006)
    py, pa, pb = population(1_000_000, big)
    truth = (spc.net_benefit_curve(py, pa, thresholds=THRESHOLDS, prevalence=prevalence)
             .net_benefit - spc.net_benefit_curve(py, pb, thresholds=THRESHOLDS,
                                                  prevalence=prevalence).net_benefit)
    covered = np.zeros(THRESHOLDS.shape[0])
    for _ in range(300):
        ys, as_, bs = population(500, big)
        found = spc.compare_net_benefit(ys, as_, bs, thresholds=THRESHOLDS,
                                        prevalence=prevalence)
        covered += (found.low <= truth) & (truth <= found.high)
    assert np.all((0.9 <= covered / 300) & (covered / 300 <= 0.985)), covered / 300

"""``prevalence=``: every precision-recall reading at the deployment's share of
positives, exactly the reading of the data re-weighted to it (Davis and Goadrich's
Theorem 3.1: a ROC point and a prevalence give one PR point)."""

import warnings
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.exceptions import UndefinedMetricWarning
from sklearn.utils._param_validation import InvalidParameterError

import sklearn_prcurves as spc


def _data(seed, n=300, weighted=False, ties=False):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.4).astype(int)
    y[:2] = [0, 1]
    s = rng.normal(size=n) + y
    s = np.round(s, 1) if ties else s
    w = rng.uniform(0.1, 4.0, n) if weighted else None
    return y, s, w


def _reweighted(y, w, prevalence):
    """The rows' weights with the negatives scaled so positives hold ``prevalence``."""
    w = np.ones(y.shape[0]) if w is None else w
    n_pos, n_neg = w[y == 1].sum(), w[y == 0].sum()
    return np.where(y == 1, w, w * (n_pos * (1 - prevalence) / (prevalence * n_neg)))


AREAS = [
    (spc.pr_auc_score, {}),
    (spc.pr_auc_score, {"interpolation": "continuous"}),
    (spc.pr_auc_score, {"interpolation": "step"}),
    (spc.pr_auc_score, {"interpolation": "linear"}),
    (spc.pr_auc_score, {"recall_range": (0.2, 0.7), "interpolation": "continuous"}),
    (spc.achievable_pr_auc_score, {}),
    (spc.achievable_pr_auc_score, {"interpolation": "continuous"}),
    (spc.normalized_pr_auc_score, {}),
]
POINTS = [
    (spc.recall_at_precision, {"min_precision": 0.3}),
    (spc.precision_at_recall, {"min_recall": 0.6}),
    (spc.fbeta_optimal_threshold, {"beta": 2.0}),
    (spc.break_even_point, {}),
]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**16), prevalence=st.sampled_from([1e-4, 0.01, 0.3, 0.5, 0.97]),
       weighted=st.booleans(), ties=st.booleans())
def test_equal_to_the_data_reweighted_to_the_prevalence(seed, prevalence, weighted, ties):
    y, s, w = _data(seed, weighted=weighted, ties=ties)
    moved = _reweighted(y, w, prevalence)
    for function, options in AREAS:
        assert function(y, s, sample_weight=w, prevalence=prevalence, **options) == (
            pytest.approx(function(y, s, sample_weight=moved, **options), rel=1e-12,
                          abs=1e-15)), (function.__name__, options)
    for function, options in POINTS:
        with warnings.catch_warnings():  # (no threshold meets a level: NaN, both ways)
            warnings.simplefilter("ignore", UndefinedMetricWarning)
            got = function(y, s, sample_weight=w, prevalence=prevalence, **options)
            want = function(y, s, sample_weight=moved, **options)
        np.testing.assert_equal(got.threshold, want.threshold, function.__name__)
        assert got[0] == pytest.approx(want[0], rel=1e-12, nan_ok=True), function.__name__
    for curve in (spc.pr_curve, spc.achievable_pr_curve):
        got, want = (curve(y, s, sample_weight=v, **k) for v, k in (
            (w, {"prevalence": prevalence}), (moved, {})))
        for a, b in zip(got, want):
            np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-15)


def test_precision_is_the_theorem_s_mapping_and_recall_does_not_move():
    """Each threshold's precision at prevalence pi is pi TPR / (pi TPR + (1 - pi) FPR),
    compared with the fractions of the counts; recall and FPR are the data's."""
    y, s, _ = _data(3, n=200, ties=True)
    prevalence = 0.003
    with pytest.warns(UndefinedMetricWarning, match="npv"):  # (at the lowest threshold)
        points = spc.operating_points(y, s, prevalence=prevalence)
        plain = spc.operating_points(y, s)
    np.testing.assert_array_equal(points.tpr, plain.tpr)
    np.testing.assert_allclose(points.fpr, plain.fpr, rtol=1e-15)
    pi = Fraction(prevalence)
    n_pos, n_neg = int(y.sum()), int((1 - y).sum())
    for threshold, precision in zip(points.threshold, points.ppv):
        tp = Fraction(int(np.sum((s >= threshold) & (y == 1))), n_pos)
        fp = Fraction(int(np.sum((s >= threshold) & (y == 0))), n_neg)
        if tp == fp == 0:
            continue
        assert precision == pytest.approx(float(pi * tp / (pi * tp + (1 - pi) * fp)),
                                          rel=1e-12)


def test_a_balanced_test_set_deployed_at_one_in_a_thousand():
    """The documented example: the area falls with the prevalence, and at the data's
    own prevalence nothing moves."""
    y, s, _ = _data(5, n=4000)
    share = y.mean()
    assert spc.pr_auc_score(y, s, prevalence=share) == pytest.approx(
        spc.pr_auc_score(y, s), rel=1e-12)
    areas = [spc.pr_auc_score(y, s, prevalence=p) for p in (0.5, 0.1, 0.01, 0.001)]
    assert all(a > b for a, b in zip(areas, areas[1:]))
    assert areas[-1] < 0.1 < areas[0]


def test_threshold_table_metrics_of_rows_see_the_deployment():
    """A metric computed on the rows (scikit-learn's, per threshold) is computed on
    rows weighted as the table is: the same as the data re-weighted."""
    y, s, w = _data(7, n=150, weighted=True)
    got = spc.threshold_table(y, s, sample_weight=w, prevalence=0.02,
                              metrics={"mcc": "matthews_corrcoef",
                                       "own": lambda t, p, sample_weight=None:
                                       np.average(t == p, weights=sample_weight)})
    want = spc.threshold_table(y, s, sample_weight=_reweighted(y, w, 0.02),
                               metrics={"mcc": "matthews_corrcoef",
                                        "own": lambda t, p, sample_weight=None:
                                        np.average(t == p, weights=sample_weight)})
    for column in ("precision", "recall", "mcc", "own", "fp"):
        np.testing.assert_allclose(got[column], want[column], rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("bad", [0, 1, 0.0, 1.0, -0.1, 1.5, np.nan, np.inf, True, "0.1"])
def test_a_prevalence_outside_zero_one_is_refused(bad):
    y, s, _ = _data(1, n=50)
    for function in (spc.pr_auc_score, spc.pr_curve, spc.recall_at_precision,
                     spc.pr_auc_ci, spc.certified_threshold):
        kwargs = ({"min_precision": 0.5} if function in (
            spc.recall_at_precision, spc.certified_threshold) else {})
        with pytest.raises(InvalidParameterError, match="'prevalence' parameter"):
            function(y, s, prevalence=bad, **kwargs)
    with pytest.raises(ValueError, match="prevalence must be the deployment's share"):
        spc.PrecisionRecallDisplay.from_predictions(y, s, prevalence=bad)


def test_one_class_and_multiclass_inputs_get_clear_errors():
    y, s, _ = _data(2, n=50)
    with pytest.raises(ValueError, match="Only one class"):
        spc.pr_auc_score(np.zeros(50, int), s, prevalence=0.1)
    with pytest.raises(ValueError):
        spc.pr_auc_score(np.arange(50) % 3, np.random.default_rng(0).random((50, 3)),
                         prevalence=0.1)


def test_negatives_weighted_past_the_float_range_are_refused():
    y = np.array([0, 1, 0, 1])
    s = np.array([0.1, 0.9, 0.4, 0.8])
    w = np.array([1e-300, 1.0, 1e-300, 1.0])
    with pytest.raises(ValueError, match="beyond the float range"):
        spc.pr_auc_score(y, s, sample_weight=w, prevalence=1e-10)


def test_intervals_at_a_prevalence_are_the_basic_bootstrap_s():
    y, s, _ = _data(4, n=400)
    interval = spc.pr_auc_ci(y, s, prevalence=0.01, n_resamples=200, random_state=0)
    assert interval.method == "bootstrap basic"
    assert interval.estimate == spc.pr_auc_score(y, s, prevalence=0.01)
    assert interval.low < interval.estimate < interval.high
    # the percentile interval of the same resamples, reflected about the estimate
    low, high = spc.pr_auc_ci(y, s, prevalence=0.01, n_resamples=200, random_state=0,
                              method="bootstrap")
    assert interval.low == pytest.approx(max(2 * interval.estimate - high, 0), abs=1e-15)
    assert interval.high == pytest.approx(min(2 * interval.estimate - low, 1), abs=1e-15)
    with pytest.raises(ValueError, match="use method=.bootstrap. or .basic."):
        spc.pr_auc_ci(y, s, prevalence=0.01, method="logit")
    assert spc.pr_auc_ci(y, s).method == "logit"
    assert spc.pr_auc_ci(y, s, groups=np.arange(len(y)) // 2, n_resamples=50,
                         random_state=0).method.startswith("bootstrap percentile")


def test_the_basic_interval_stays_within_the_area_s_range():
    # a near-perfect ranking: the resamples sit below the estimate, and reflecting them
    # about it would pass 1
    rng = np.random.default_rng(3)
    y = np.r_[np.zeros(300, int), np.ones(30, int)]
    s = np.r_[rng.normal(size=300), rng.normal(size=30) + 4.5]
    raw = spc.bootstrap_ci(spc.pr_auc_score, y, s, method="basic", prevalence=0.01,
                           n_resamples=300, random_state=0)
    clipped = spc.pr_auc_ci(y, s, prevalence=0.01, n_resamples=300, random_state=0)
    assert raw.high > 1 and clipped.high == 1.0 and clipped.low == raw.low


def test_the_display_draws_the_deployment_s_curve_and_chance_line():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    y, s, w = _data(6, n=500, weighted=True)
    display = spc.PrecisionRecallDisplay.from_predictions(
        y, s, sample_weight=w, prevalence=0.01, plot_chance_level=True,
        interpolation="davis-goadrich", confidence_band=0.9, n_resamples=30,
        random_state=0)
    assert display.prevalence_pos_label == 0.01
    assert display.average_precision == pytest.approx(spc.pr_auc_score(
        y, s, sample_weight=w, prevalence=0.01, interpolation="step"), rel=1e-12)
    precision, recall, _ = spc.pr_curve(y, s, sample_weight=w, prevalence=0.01)
    np.testing.assert_allclose(display.line_.get_ydata(), precision, rtol=1e-12)
    with pytest.raises(TypeError, match="prevalence"):
        spc.RocCurveDisplay.from_predictions(y, s, prevalence=0.01)
    matplotlib.pyplot.close("all")


def test_cross_validated_curves_at_a_prevalence():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import sklearn.metrics
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import cross_validate

    if not hasattr(sklearn.metrics.PrecisionRecallDisplay, "from_cv_results"):
        pytest.skip("scikit-learn's PrecisionRecallDisplay has no from_cv_results")
    rng = np.random.default_rng(9)
    X = rng.normal(size=(400, 3))
    y = (X[:, 0] + rng.normal(size=400) > 0).astype(int)
    cv = cross_validate(LogisticRegression(), X, y, cv=3, return_estimator=True,
                        return_indices=True)
    display = spc.PrecisionRecallDisplay.from_cv_results(cv, X, y, prevalence=0.02)
    assert display.prevalence_pos_label == [0.02] * 3
    for area, estimator, test in zip(display.average_precision, cv["estimator"],
                                     cv["indices"]["test"]):
        assert area == pytest.approx(spc.pr_auc_score(
            y[test], estimator.decision_function(X[test]), prevalence=0.02,
            interpolation="step"), rel=1e-12)
    matplotlib.pyplot.close("all")


def test_threshold_ci_at_a_prevalence_is_the_rates_ratio_interval():
    """``threshold_ci(prevalence=)``: precision is threshold_table(prevalence=)'s, its
    interval the score interval of the rates' ratio from the data's rows (as the
    page's explorer shows it), recall the data's; what the interval cannot count is
    refused, and it covers a known population's precision there."""
    from scipy.stats import norm

    from sklearn_prcurves._inference._proportions import precision_at_prevalence_interval

    rng = np.random.default_rng(3)
    y = (rng.random(2000) < 0.5).astype(int)
    s = rng.normal(size=2000) + 1.5 * y
    point = spc.threshold_ci(y, s, 1.0, prevalence=0.01)
    frame = spc.threshold_table(y, s, prevalence=0.01, drop_intermediate=False)
    row = frame[frame.threshold >= 1.0].iloc[-1]
    assert point.precision.estimate == pytest.approx(row.precision, rel=1e-12)
    assert point.recall.estimate == pytest.approx(row.recall, rel=1e-12)
    tp, fp = np.sum((s >= 1.0) & (y == 1)), np.sum((s >= 1.0) & (y == 0))
    assert tuple(point.precision) == pytest.approx(tuple(map(float, (
        precision_at_prevalence_interval(tp, fp, np.sum(y), np.sum(1 - y), 0.01, 0.95)))))
    assert point.predicted_positive == tp + fp
    with pytest.raises(ValueError, match="not offered with prevalence="):
        spc.threshold_ci(y, s, 1.0, prevalence=0.01, method="bootstrap")
    with pytest.raises(ValueError, match="frequency weights"):
        spc.threshold_ci(y, s, 1.0, prevalence=0.01, sample_weight=np.full(2000, 0.5))
    truth = 0.01 * norm.sf(-0.5) / (0.01 * norm.sf(-0.5) + 0.99 * norm.sf(1.0))
    covered = 0
    for seed in range(300):  # (samples of 1,000 rows at 50%, deployed at 1%)
        draw = np.random.default_rng(100 + seed)
        yy = (draw.random(1000) < 0.5).astype(int)
        low, high = spc.threshold_ci(yy, draw.normal(size=1000) + 1.5 * yy, 1.0,
                                     prevalence=0.01).precision
        covered += low <= truth <= high
    assert 0.91 <= covered / 300 <= 0.985

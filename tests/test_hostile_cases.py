"""The defects of the second adversarial pass (issue 33), one test per class, each on
the example that exposed it. The registry (tests/test_registry.py) searches the
whole input space for more of each kind; these pin the examples down. Every expected
value is scikit-learn's, an exact computation, or a property that must hold."""

import warnings
from fractions import Fraction

import _fpenv
import numpy as np
import pytest
from sklearn import metrics as skm
from sklearn.exceptions import UndefinedMetricWarning

import sklearn_prcurves as spc

MIXED = [1e-300, 1e300, 1e-300, 1e300, 1e300, 1e-300]


# 1. the floating-point environment ------------------------------------------------------

@pytest.mark.skipif(not _fpenv.available(), reason="flush-to-zero cannot be switched here")
@pytest.mark.parametrize("kind", ["float32", "float64", "zeros", "weighted", "grouped"])
def test_results_do_not_depend_on_flush_to_zero(kind):
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 1000)
    s = (rng.random(1000) + 0.1 * y).astype(np.float32)
    w = None
    if kind == "float64":  # strictly positive: the keys sort as (normal) doubles
        s = s.astype(float) + 1e-3
    if kind == "zeros":
        s = np.where(rng.random(1000) < 0.5, 0.0, s.astype(float))
    if kind == "weighted":
        s, w = s.astype(float), rng.random(1000)

    def measures():
        if kind == "grouped":
            return [spc.grouped_roc_auc_score(y, s, rng_groups)]
        return [spc.roc_auc_score(y, s, sample_weight=w),
                spc.average_precision_score(y, s, sample_weight=w)]

    rng_groups = np.arange(1000) % 20
    expected = measures()
    with _fpenv.flush_to_zero():
        flushed = measures()
    assert flushed == expected
    if kind != "grouped":
        assert expected[0] == skm.roc_auc_score(y, s, sample_weight=w)


@pytest.mark.skipif(not _fpenv.available(), reason="flush-to-zero cannot be switched here")
def test_bins_do_not_depend_on_flush_to_zero():
    # Normal float64 scores below float32's smallest normal number: as float32 they
    # would be subnormal, and flushed to 0 in that mode.
    y, s = [1, 0, 1, 0, 1, 0], np.array([1e-39, 2e-39, 3e-39, 1e-38, 0.5, 0.0])

    def binned():
        summary = spc.BinnedSummary(8).update(y, s)
        return summary.keys_.tolist(), summary.roc_auc(), summary.average_precision_interval()

    expected = binned()
    with _fpenv.flush_to_zero():
        assert binned() == expected
    estimate, bound = expected[1]
    assert abs(estimate - spc.roc_auc_score(y, s)) <= bound


# 2. mixed weight scales -------------------------------------------------------------------

def test_mixed_scales_give_numbers_not_nan():
    y, s = [0, 1, 1, 0, 1, 0], [.1, .9, .4, .3, .8, .5]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert spc.pr_auc_score(y, s, sample_weight=MIXED, interpolation="continuous") == 1.0
        assert spc.prg_auc_score(y, s, sample_weight=MIXED) == 1.0
        assert spc.partial_roc_auc_score(y, s, sample_weight=MIXED, fpr_range=(0, .5)) == 0.5
        assert np.isfinite(spc.lift_curve(y, s, sample_weight=MIXED)[1]).all()
        assert np.isfinite(spc.pr_auc_bounds(y, sample_weight=MIXED).worst)
    for weight in (1e155, 1e-170):
        summary = spc.ExactSummary().update(y, s, sample_weight=[weight] * 6)
        assert summary.roc_auc() == pytest.approx(spc.roc_auc_score(y, s), rel=1e-12)


def test_prg_curve_enters_alike_whatever_the_rows_order():
    """Weights of 1e17 beside 1 sum to 1e17 or 1e17 + 16 with the rows' order; the recall
    gain at TP = 1e-17 is then one ulp above 0 or one below. The curve is the same either
    way, to rounding (registry, in CI: it had one point more)."""
    y = np.array([0, 0, 0, 0, 1, 0, 1, 0])
    s = np.array([0, 0, 0, 0, 1, 0, 0, 1], dtype=bool)
    w = np.array([1, 1, 1, 1e17, 1e-17, 3, 1, 3.0])
    order = np.array([0, 1, 2, 4, 5, 3, 6, 7])
    first = spc.prg_curve(y, s, sample_weight=w)
    second = spc.prg_curve(y[order], s[order], sample_weight=w[order])
    for a, b in zip(first, second):
        np.testing.assert_allclose(a, b, rtol=1e-12)


def test_break_even_threshold_whatever_the_rows_order():
    """At threshold 1, 0.1 + 0.1 + 0.3 + 0.1 rows are predicted positive: as many as
    there are positives, or an ulp fewer, with the rows' order. The threshold is 1
    either way (registry: it was 0 in one order)."""
    y = np.array([1, 0, 0, 1, 0, 0, 1, 1])
    s = np.array([0.0, 0, 1, 0, 1, 1, 0, 1])
    w = np.array([0.1, 0.1, 0.1, 0.1, 0.1, 0.3, 0.3, 0.1])
    points = [spc.break_even_point(y[order], s[order], sample_weight=w[order])
              for order in (np.arange(8), np.array([0, 1, 2, 4, 5, 3, 6, 7]),
                            np.arange(8)[::-1])]
    assert {p.threshold for p in points} == {1.0}
    assert max(p.value for p in points) - min(p.value for p in points) < 1e-15


def test_pr_curve_points_whatever_the_rows_order():
    """A segment of 3/16 of the recall axis holds 384 drawn points, or 383 where the
    weights' sum (1e155 each) rounds its share an ulp short: not any more (registry)."""
    y = np.array([1, 1, 0, 1, 1, 1, 1, 1, 1, 1])
    s = np.array([0.0, 0, 0, 0, 0, 0, 0, 1, 0, 0])
    w = np.array([1, 1, 1, 1, 1, 2, 3, 3, 3, 1]) * 1e155
    rng = np.random.default_rng(1)
    curves = [spc.pr_curve(y[o], s[o], sample_weight=w[o])
              for o in (rng.permutation(10) for _ in range(20))]
    for curve in curves[1:]:
        for a, b in zip(curve, curves[0]):
            np.testing.assert_allclose(a, b, rtol=1e-12)


def test_expected_cost_tie_goes_to_the_highest_threshold_at_every_scale():
    """Two hull vertices cost the same (5/13 at cost_fn=5): the highest threshold wins
    at weights of 1e-300 as at 1, in every row order (registry: the rounding chose)."""
    y = np.array([0, 1, 0, 1, 1, 0, 1, 0, 0])
    s = np.array([0.0, 1, 0, 1, 1, 1, 0, 0, 1])
    w = np.array([1, 1, 1, 1, 3, 1, 1, 3, 1.0])
    rng = np.random.default_rng(0)
    for scale in (1.0, 1e-300, 1e300):
        for order in (rng.permutation(9) for _ in range(10)):
            result = spc.expected_cost(y[order], s[order], sample_weight=w[order] * scale,
                                       cost_fn=5.0)
            assert result.threshold == 1.0


def test_the_hull_keeps_the_corner_of_a_perfect_ranking_at_mixed_scales():
    y, s, w = [0, 1, 1, 0], [.1, 1, .4, .2], [1e200, 1e-200, 1e200, 1e-200]
    fpr, tpr, _ = spc.roc_convex_hull(y, s, sample_weight=w)
    assert spc.auc(fpr, tpr) == 1.0
    assert spc.expected_cost(y, s, sample_weight=w).expected_cost == 0.0


# 3. certificates and bounds -------------------------------------------------------------------

def test_binned_average_precision_interval_holds_at_mixed_scales():
    y, s = [0, 1, 1, 0, 1, 0], [.1, .9, .4, .3, .8, .5]
    low, high = spc.BinnedSummary(4).update(y, s, sample_weight=MIXED) \
        .average_precision_interval()
    assert low <= spc.average_precision_score(y, s, sample_weight=MIXED) <= high


def test_refining_to_tolerance_zero_is_exact_at_any_scale():
    rng = np.random.default_rng(0)
    y, s = rng.integers(0, 2, 200), rng.random(200)
    for w in (np.full(200, 1e160), np.where(rng.random(200) < .5, 1e-300, 1.0)):
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            refined = spc.BinnedSummary(4).update(y, s, w).refine(y, s, w, tolerance=0)
            estimate, bound = refined.roc_auc()
        assert bound == 0
        assert estimate == pytest.approx(spc.roc_auc_score(y, s, sample_weight=w), rel=1e-12)


def test_the_step_worst_bounds_every_ranking_with_fractional_weights():
    y, s, w = [1, 0, 1, 0, 1], [.9, .8, .7, .6, .5], [.3, 1, .7, 1, .2]
    bounds = spc.pr_auc_bounds(y, sample_weight=w, interpolation="step")
    # every ranking of these rows: all orders of the five rows (no ties)
    from itertools import permutations
    worst = min(spc.average_precision_score(y, np.array(order, float), sample_weight=w)
                for order in permutations(range(5)))
    assert bounds.worst <= worst
    assert spc.normalized_pr_auc_score(y, s, sample_weight=w, interpolation="step") >= 0


# 4. intervals ---------------------------------------------------------------------------

def test_bca_is_the_same_for_a_named_metric_and_its_function():
    y, s = [0, 1, 1, 0, 1, 0, 1, 0], [.1, .9, .4, .3, .8, .5, .6, .2]
    named = spc.bootstrap_ci("roc_auc", y, s, method="bca", n_resamples=500, random_state=0)
    function = spc.bootstrap_ci(spc.roc_auc_score, y, s, method="bca", n_resamples=500,
                                random_state=0)
    assert (named.low, named.high) == (function.low, function.high)


# 5. options silently ignored --------------------------------------------------------------

def test_dask_binned_honours_leading_negatives():
    da = pytest.importorskip("dask.array")
    import sklearn_prcurves.dask as spd

    y, s = np.array([0, 1, 1, 0, 1, 0]), np.array([.9, .8, .7, .6, .5, .4])
    drop = spd.pr_auc_score(da.from_array(y, chunks=3), da.from_array(s, chunks=3),
                            mode="binned", leading_negatives="drop")
    assert drop == pytest.approx(spc.pr_auc_score(y, s, leading_negatives="drop"))
    assert drop != pytest.approx(spc.pr_auc_score(y, s))


# 6. documented tie rules --------------------------------------------------------------------

def test_ties_between_thresholds_go_to_the_highest():
    assert spc.ks_statistic([0, 1, 0, 0, 1, 1], [0, 4, 1, 3, 2, 5]).threshold == 4.0
    # F2 at thresholds 4 and 2: both 0.9375 exactly ... and no higher one is as good
    y, s = [0, 1, 0, 0, 1, 1], [0, 4, 1, 3, 2, 5]
    values = {t: Fraction(5) * sum(1 for a, b in zip(y, s) if a and b >= t)
              / (4 * 3 + sum(1 for a, b in zip(y, s) if a and b >= t) + sum(
                  1 for a, b in zip(y, s) if not a and b >= t))
              for t in set(s)}
    best = max(values.values())
    assert spc.fbeta_optimal_threshold(y, s, beta=2).threshold == max(
        t for t, v in values.items() if v == best)


# 7. partial areas ---------------------------------------------------------------------------

def test_standardized_partial_auc_on_a_narrow_box_is_exact():
    f0, f1 = 0.5, 0.5 + 1e-9
    w = Fraction(f1) - Fraction(f0)
    # the worst ranking: TPR 0 across the box; McClish's value -w / (1 - w), exactly
    got = spc.partial_roc_auc_score([0, 1], [1.0, 0.0], fpr_range=(f0, f1), standardized=True)
    assert got == float(-w / (1 - w))


def test_standardized_partial_auc_where_the_diagonal_fills_the_box_warns():
    with pytest.warns(UndefinedMetricWarning, match="diagonal fills"):
        # (the box lies under the diagonal: every curve's area is the diagonal's)
        assert np.isnan(spc.partial_roc_auc_score([0, 1], [0.1, 0.9], fpr_range=(0.6, 0.8),
                                                  tpr_range=(0, 0.5), standardized=True))


# 8. integers ------------------------------------------------------------------------------------

def test_python_integers_past_2_64_keep_their_order():
    y, s = [0, 1, 1, 0, 1], [2**70, 2**70 + 1, 2**70 + 3, 2**70 + 2, 2**70]
    assert spc.average_precision_score(y, s) == skm.average_precision_score(y, s)
    for ours, theirs in zip(spc.precision_recall_curve(y, s),
                            skm.precision_recall_curve(y, s)):
        assert list(ours) == list(theirs)


# 9. drop-in edges ---------------------------------------------------------------------------------

def test_det_curve_edges_as_sklearn():
    # (sums that absorb the small weights: scikit-learn's range is empty)
    y, s, w = [0, 1, 1, 1, 1, 1], [0., 1, 3, 3, 3, 2], [1, 1, 1e17, 1, 1, 3.]
    for ours, theirs in zip(spc.det_curve(y, s, sample_weight=w),
                            skm.det_curve(y, s, sample_weight=w)):
        np.testing.assert_array_equal(ours, theirs)
    for call in (skm.det_curve, spc.det_curve):
        with pytest.raises(ValueError, match="Only one class"):
            call([0, 1, 2, 1], [.1, .2, .3, .4], pos_label=1)


# 10. summaries ------------------------------------------------------------------------------------

@pytest.mark.parametrize("cls", [spc.ExactSummary, spc.BinnedSummary])
def test_a_chunk_of_zero_weights_adds_nothing(cls):
    y, s = [0, 1, 1, 0], [.1, .9, .4, .3]
    streamed = cls().update([0, 1], [.5, .6], sample_weight=[0, 0]).update(y, s)
    assert streamed.roc_auc() == cls().update(y, s).roc_auc()


# 11. displays ------------------------------------------------------------------------------------

@pytest.mark.parametrize("scores", [np.array([10, 200, 30, 40], np.uint8),
                                    np.array([True, False, True, True])])
def test_operating_points_on_unsigned_and_boolean_scores(scores):
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    y = [0, 1, 0, 1]
    display = spc.PrecisionRecallDisplay.from_predictions(
        y, scores, operating_points=[scores.max(), scores.min()])
    marked = display.operating_points_[0].get_offsets()
    assert len(marked) == 2
    predicted = scores >= scores.max()
    tp = int(np.sum(predicted & (np.array(y) == 1)))
    assert tuple(marked[0]) == (tp / 2, tp / predicted.sum())


def test_display_options_fail_clearly():
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    display = spc.PrecisionRecallDisplay.from_predictions([0, 1, 0, 1], [.1, .9, .3, .4],
                                                          iso_f1=0.5)
    assert len(display.iso_f1_lines_) == 1
    # Every display that draws a band checks its options the same way (DET draws one
    # since issue 36).
    for display in (spc.RocCurveDisplay, spc.PrecisionRecallDisplay, spc.DetCurveDisplay):
        with pytest.raises(ValueError, match="confidence_band must be"):
            display.from_predictions([0, 1, 0, 1], [.1, .9, .3, .4], confidence_band=1.5)
    band = spc.DetCurveDisplay.from_predictions([0, 1, 0, 1], [.1, .9, .3, .4],
                                                confidence_band=0.9, n_resamples=20,
                                                random_state=0)
    assert band.confidence_band_ is not None


# 13. small ones --------------------------------------------------------------------------------------

def test_expected_cost_where_every_error_costs_nothing():
    with pytest.raises(ValueError, match="costs nothing"):
        spc.expected_cost([0, 1, 1, 0], [.1, .9, .4, .3], prevalence=1, cost_fn=0)


def test_step_area_of_fractional_weights_stays_in_the_unit_interval():
    # Only positives, fractional weights: scikit-learn's average precision sums recall
    # steps to 1.0000000000000002. The drop-in keeps scikit-learn's float; the
    # package's own area (interpolation="step") is held at 1. Found by the registry at
    # depth 80 (PRC_REGISTRY_DEPTH).
    import warnings

    import sklearn.metrics as skm

    y = np.ones(10, dtype=int)
    scores = np.array([0., 0, 1, 1, 1, 2, 0, 0, 0, 0])
    weight = np.array([0.1, 0.1, 0.1, 0.7, 0.7, 0.7, 1, 0.1, 1, 2.5])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = skm.average_precision_score(y, scores, sample_weight=weight)
        assert spc.average_precision_score(y, scores, sample_weight=weight) == theirs
    assert spc.pr_auc_score(y, scores, sample_weight=weight, interpolation="step") <= 1.0

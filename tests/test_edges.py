"""Edges found from outside (issue 11), one test per item, then properties over the
whole input space: weights from 1e-300 to 1e300, coinciding points, ties, text
scores, empty chunks. Each compares with scikit-learn, an exact reference or a
property that must hold, never with a number copied from our own output."""

import json
import subprocess
import sys
import tracemalloc
import warnings
from fractions import Fraction

import numpy as np
import pytest
from _reference import reference_path, reference_upper_hull
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from sklearn import metrics as skm

import sklearn_prcurves as spc
from sklearn_prcurves.exceptions import NonNumericScoreError

# --- 1. the hull --------------------------------------------------------------------


@pytest.mark.parametrize("weight", [[1, 1e-16, 1], [1e-170] * 3, [1e170] * 3, [1e-300] * 3])
def test_hull_keeps_vertices_of_coinciding_and_tiny_points(weight):
    y, s = [1, 1, 0], [3, 2, 1]
    fpr, tpr, _ = spc.roc_convex_hull(y, s, sample_weight=weight)
    assert spc.auc(fpr, tpr) == 1.0
    assert spc.achievable_pr_auc_score(y, s, sample_weight=weight) == 1.0
    transformer = spc.AchievablePRTransformer().fit(np.array(s)[:, None], y, sample_weight=weight)
    np.testing.assert_array_equal(transformer.transform(np.array([[3.0], [1.0]])).ravel(), [1, 0])


def test_bootstrap_of_the_achievable_area_matches_the_metric_on_resamples():
    # Resamples repeat rows (integer weights), which makes coinciding points.
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 200)
    s = rng.random(200) + 0.3 * y
    low, high = spc.bootstrap_ci(spc.achievable_pr_auc_score, y, s, n_resamples=200,
                                 random_state=0)
    slow_low, slow_high = spc.bootstrap_ci(
        lambda t, u, sample_weight=None: spc.achievable_pr_auc_score(t, u), y, s,
        n_resamples=200, random_state=0)
    assert (low, high) == pytest.approx((slow_low, slow_high), abs=1e-12)


# --- 2. text scores ---------------------------------------------------------------

TEXT_SCORES = [["10", "9", "2"], np.array(["10", "9", "2"]), np.array([b"10", b"9", b"2"]),
               np.array(["10", 9, 2], dtype=object)]


@pytest.mark.parametrize("scores", TEXT_SCORES, ids=["list", "str", "bytes", "object"])
@pytest.mark.parametrize("call", [
    lambda y, s: spc.roc_curve(y, s),
    lambda y, s: spc.precision_recall_curve(y, s),
    lambda y, s: spc.det_curve(y, s),
    lambda y, s: spc.average_precision_score(y, s),
    lambda y, s: spc.roc_auc_score(y, list(s)),
    lambda y, s: spc.pr_auc_score(y, s),
    lambda y, s: spc.pr_curve(y, s),
    lambda y, s: spc.roc_convex_hull(y, s),
    lambda y, s: spc.achievable_pr_auc_score(y, s),
    lambda y, s: spc.ExactSummary().update(y, s),
    lambda y, s: spc.BinnedSummary().update(y, s),
    lambda y, s: spc.grouped_roc_auc_score(y, s, [0, 0, 0]),
    lambda y, s: spc.operating_points(y, s),
    lambda y, s: spc.roc_auc_ci(y, s),
])
def test_text_scores_are_refused_everywhere(call, scores):
    with pytest.raises((TypeError, ValueError)):
        call([1, 0, 0], scores)


def test_finite_scores_at_the_float_limits_raise_no_floating_point_warning():
    # Their sum overflows (inf - inf is NaN), which sends the finiteness check to
    # scikit-learn's exact one; that sum must not leak a RuntimeWarning to the user.
    rng = np.random.default_rng(0)
    y = np.tile([0, 1], 50)
    scores = rng.choice([1e308, -1e308, 5e-324, 1.0], 100)
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        for name in ("roc_auc_score", "average_precision_score", "pr_auc_score",
                     "roc_curve", "precision_recall_curve", "roc_auc_ci"):
            getattr(spc, name)(y, scores)
        spc.delong_test(y, scores, rng.normal(size=100))
    scores[7] = np.nan
    with pytest.raises(ValueError, match="NaN"):
        spc.roc_auc_score(y, scores)


@pytest.mark.parametrize("call", [
    lambda: spc.delong_test([], [], []),
    lambda: spc.roc_auc_ci([], []),
    lambda: spc.roc_auc_variance([], []),
    lambda: spc.roc_curve([], []),
    lambda: spc.det_curve(np.array([]), np.array([]), pos_label=1),
])
def test_empty_labels_are_named_not_a_broadcasting_error(call):
    # scikit-learn fails on empty labels by accident (operands could not be broadcast).
    with pytest.raises(ValueError, match="y_true holds no samples"):
        call()


def test_roc_auc_score_converts_object_scores_as_sklearn_does():
    # scikit-learn's check_array turns an object array of numbers and numeric text into
    # floats (a numeric ranking); a text dtype it refuses.
    scores = np.array(["10", 9, 2], dtype=object)
    assert spc.roc_auc_score([1, 0, 0], scores) == skm.roc_auc_score([1, 0, 0], scores)


def test_text_score_error_is_both_type_and_value_error():
    with pytest.raises(NonNumericScoreError, match="must hold numbers"):
        spc.precision_recall_curve([1, 0, 0], ["10", "9", "2"])
    assert issubclass(NonNumericScoreError, TypeError)
    assert issubclass(NonNumericScoreError, ValueError)
    # An object array of numbers is numbers.
    assert spc.average_precision_score([1, 0, 0], np.array([10, 9, 2], dtype=object)) == 1.0


# --- 3. dominance of one curve summed in two orders ---------------------------------


@pytest.mark.parametrize("space", ["roc", "pr"])
def test_identical_weighted_curves_dominate_each_other(space):
    y, w = [0, 0, 0, 1, 0], [0.1, 0.2, 0.3, 1, 1]
    a, b = [0.9, 0.8, 0.7, 0.6, 0.5], [0.7, 0.8, 0.9, 0.6, 0.5]
    assert spc.curve_dominates(y, a, b, space=space, sample_weight=w)
    assert spc.curve_dominates(y, b, a, space=space, sample_weight=w)


# --- 4. areas at any weight scale ---------------------------------------------------


@pytest.mark.parametrize("scale", [1e-300, 1e-200, 1e-100, 1.0, 1e100, 1e160, 1e300])
def test_continuous_area_is_finite_and_scale_free(scale):
    y, s = [0, 1, 0, 1], [0.1, 0.2, 0.3, 0.4]
    expected = spc.pr_auc_score(y, s, interpolation="continuous")
    with np.errstate(all="raise"):
        got = spc.pr_auc_score(y, s, sample_weight=np.full(4, scale), interpolation="continuous")
    assert got == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize("scale", [1e20, 1e160, 1e300])
def test_davis_goadrich_tends_to_the_continuous_area_at_huge_weights(scale):
    y, s = [0, 1, 0, 1], [0.1, 0.2, 0.3, 0.4]
    with np.errstate(all="raise"):
        got = spc.pr_auc_score(y, s, sample_weight=np.full(4, scale))
    assert got == pytest.approx(spc.pr_auc_score(y, s, interpolation="continuous"), rel=1e-12)


# --- 5. the binned AP interval, fractional weights ---------------------------------


def test_binned_average_precision_interval_holds_for_fractional_rows():
    y, s, w = [0, 1, 1, 1, 0], [0.50002, 0.50001, 0.5, 0.9, 0.1], [1, 0.5, 0.5, 1, 1]
    low, high = spc.BinnedSummary(mantissa_bits=8).update(y, s, w).average_precision_interval()
    assert low <= skm.average_precision_score(y, s, sample_weight=w) <= high


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_binned_average_precision_interval_contains_the_exact_value(data):
    n = data.draw(st.integers(2, 30))
    y = np.array(data.draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)))
    y[0], y[1] = 0, 1
    s = np.array(data.draw(st.lists(st.sampled_from([0.1, 0.5, 0.50001, 0.50002, 0.9]),
                                    min_size=n, max_size=n)))
    w = np.array(data.draw(st.lists(st.floats(0.01, 5), min_size=n, max_size=n)))
    bits = data.draw(st.sampled_from([0, 4, 8]))
    low, high = spc.BinnedSummary(bits).update(y, s, w).average_precision_interval()
    exact = skm.average_precision_score(y, s, sample_weight=w)
    assert low - 1e-12 <= exact <= high + 1e-12


# --- 6. achievable areas never below raw ones ----------------------------------------


@pytest.mark.parametrize("interpolation", ["davis-goadrich", "continuous", "step", "linear"])
def test_achievable_step_area_is_not_below_the_raw_one(interpolation):
    y, s = [1, 0, 1, 0, 1], [5, 4, 3, 2, 1]
    raw = spc.pr_auc_score(y, s, interpolation=interpolation)
    assert spc.achievable_pr_auc_score(y, s, interpolation=interpolation) >= raw - 1e-15


# --- 7. the bootstrap test with too few resamples ------------------------------------


def test_bootstrap_needs_enough_resamples():
    rng = np.random.default_rng(0)
    y, a, b = rng.integers(0, 2, 50), rng.random(50), rng.random(50)
    with pytest.raises(ValueError, match="n_resamples"):
        spc.bootstrap_test(spc.roc_auc_score, y, a, b, n_resamples=1)
    with pytest.warns(UserWarning, match="too few"):
        result = spc.bootstrap_test(spc.roc_auc_score, y, a, b, n_resamples=2, random_state=0)
    assert np.isfinite(result.statistic)


# --- 8. grouped AUC inputs ------------------------------------------------------------


def test_grouped_auc_refuses_bad_group_weights_and_mixed_ids():
    y, s = [0, 1, 0, 1, 0, 1], [0.1, 0.2, 0.3, 0.4, 0.5, 0.6]
    for bad in ([1, -1, 1], [1, np.nan, 1], [1, np.inf, 1]):
        with pytest.raises(ValueError, match="group_weight"):
            spc.grouped_roc_auc_score(y, s, [0, 0, 1, 1, 2, 2], group_weight=bad)
    with pytest.raises(ValueError, match="mixes numbers and text"):
        spc.grouped_roc_auc_score([0, 1, 0, 1], [0.1, 0.2, 0.4, 0.3], [1, 1, "1", "1"])


# --- 9. summaries: labels across chunks ----------------------------------------------


def test_summaries_refuse_labels_that_change_kind_or_cannot_match():
    for summary in (spc.ExactSummary, spc.BinnedSummary):
        with pytest.raises(ValueError, match="earlier chunks"):
            summary(pos_label=1).update([0, 1], [0.1, 0.2]).update(["0", "1"], [0.3, 0.4])
        with pytest.raises(ValueError, match="no label can equal"):
            summary(pos_label=1).update(["0", "1"], [0.1, 0.2])
        with pytest.raises(ValueError, match="multiclass"):
            summary().update([0, 1], [0.1, 0.2]).update([-1, 1], [0.3, 0.4])
        with pytest.raises(ValueError, match="pos_label"):
            summary(pos_label=1).update([0, 1], [0.1, 0.2]).merge(summary(pos_label=0))


# --- 10. F-beta and the PR -> ROC map --------------------------------------------------


def test_fbeta_at_extreme_beta_is_recall_or_precision():
    y, s = [0, 1, 1, 0, 1], [0.1, 0.9, 0.5, 0.6, 0.2]
    with np.errstate(all="raise"):
        threshold, value = spc.fbeta_optimal_threshold(y, s, beta=1e200)
    assert (threshold, value) == (0.2, 1.0)  # recall 1 first reached at 0.2
    _, value = spc.fbeta_optimal_threshold(y, s, beta=1e-200)
    assert value == 1.0  # precision 1 at the top


def test_pr_to_roc_refuses_points_the_totals_cannot_reach():
    with pytest.raises(ValueError, match="not reachable"):
        spc.pr_to_roc([0.001], [1.0], n_pos=10, n_neg=10)
    fpr, _ = spc.pr_to_roc([10 / 20], [1.0], n_pos=10, n_neg=10)
    assert fpr[0] == 1.0


# --- 11. curves of bounded size --------------------------------------------------------


@pytest.mark.parametrize("weight", [1e6, 1e9, 1e12, 1e300])
@pytest.mark.parametrize("interpolation", ["davis-goadrich", "continuous"])
def test_curves_stay_small_whatever_the_weights(weight, interpolation):
    tracemalloc.start()
    precision, recall, _ = spc.pr_curve([0, 1, 0, 1], [0.1, 0.2, 0.3, 0.4],
                                        sample_weight=[1, weight, 1, 1],
                                        interpolation=interpolation)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert precision.shape[0] <= 3 * 2048
    assert peak < 20 * 2**20
    assert np.all(np.diff(recall) >= 0) and recall[-1] == 1.0


def test_thinned_curve_points_lie_on_the_full_curve():
    y, s, w = [0, 1, 0, 1, 0], [0.1, 0.2, 0.2, 0.4, 0.2], [1, 5000, 3000, 1, 7]
    precision, recall, _ = spc.pr_curve(y, s, sample_weight=w)
    n_pos = 5001
    tp = recall * n_pos
    inside = (tp > 1) & (tp < n_pos)  # along the tie group at 0.2: FP = 1.4 per TP
    expected = tp[inside] / (tp[inside] + (tp[inside] - 1) * 3007 / 5000)
    np.testing.assert_allclose(precision[inside], expected, rtol=1e-12)


# --- 12. finiteness check without overflow ----------------------------------------------


def test_scores_near_the_float_limit_do_not_raise():
    y, s = [0, 1, 0, 1], [1e308, 1e308, 0.5, 0.7]
    with np.errstate(all="raise"):
        assert spc.roc_auc_score(y, s) == skm.roc_auc_score(y, s)


# --- 13. partial AUC with no negative weight --------------------------------------------


@pytest.mark.parametrize("y, s, w", [([0, 1, 1], [0.2, 0.5, 0.7], [0, 1, 2]),
                                     ([2, 1], [-0.0, 1.0], [-1, -1])])
def test_partial_auc_raises_as_sklearn(y, s, w):
    with pytest.raises(ValueError) as sk_error:
        skm.roc_auc_score(y, s, sample_weight=w, max_fpr=0.3)
    with pytest.raises(ValueError) as ours:
        spc.roc_auc_score(y, s, sample_weight=w, max_fpr=0.3)
    assert str(ours.value) == str(sk_error.value)


# --- 14. clear errors ------------------------------------------------------------------


def test_empty_chunks_and_clear_errors():
    assert spc.ExactSummary().update([], []).table_ is None
    assert spc.BinnedSummary().update([], []).keys_.shape == (0,)
    full = spc.ExactSummary().update([0, 1], [0.1, 0.2]).update([], [])
    assert full.roc_auc() == 1.0
    with pytest.raises(ValueError, match="single class"):
        spc.BinnedSummary().roc_auc()
    with pytest.raises(TypeError, match="merges only with"):
        spc.ExactSummary().merge(spc.BinnedSummary())
    with pytest.raises(ValueError, match="mantissa_bits"):
        spc.BinnedSummary(1.5)
    y, s = np.array([0, 1] * 20), np.linspace(0, 1, 40)
    low, high = spc.bootstrap_ci(spc.roc_auc_score, y, s, max_fpr=0.5, n_resamples=200,
                                 random_state=0)
    assert 0 <= low <= spc.roc_auc_score(y, s, max_fpr=0.5) <= high <= 1
    with pytest.raises(ValueError, match="interpolation"):
        spc.bootstrap_ci(spc.pr_auc_score, y, s, interpolation="bogus", n_resamples=200)
    with pytest.raises(ValueError, match="two positives"):
        spc.bootstrap_ci(spc.roc_auc_score, [1, 0, 0, 0], [0.1, 0.2, 0.3, 0.4], method="bca",
                         n_resamples=200)
    with pytest.raises(ValueError, match="undefined"):
        spc.bootstrap_ci(lambda t, u: np.nan, y, s, n_resamples=200)
    # metrics without a sample_weight parameter work when no weights are given
    low, high = spc.bootstrap_ci(lambda t, u: skm.f1_score(t, u > 0.5), y, s, n_resamples=200,
                                 random_state=0)
    assert 0 <= low <= high <= 1


@pytest.mark.parametrize("kwargs, match", [
    (dict(confidence_band=0.9, n_resamples=0), "n_resamples"),
    (dict(confidence_band=1.5), "confidence_band"),
])
def test_display_options_are_checked(kwargs, match):
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    for display in (spc.PrecisionRecallDisplay, spc.RocCurveDisplay):
        with pytest.raises(ValueError, match=match):
            display.from_predictions([0, 1, 0, 1], [0.1, 0.2, 0.3, 0.4], **kwargs)
    with pytest.raises(ValueError, match="interpolation"):
        spc.PrecisionRecallDisplay.from_predictions([0, 1, 0, 1], [0.1, 0.2, 0.3, 0.4],
                                            interpolation="bogus")


# --- 15. the command line never prints a traceback ----------------------------------


def _cli(args, cwd):
    return subprocess.run([sys.executable, "-m", "sklearn_prcurves", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=300)


def test_cli_items_without_traceback(tmp_path):
    pytest.importorskip("matplotlib")
    pytest.importorskip("pyarrow")  # the report reads files with it
    data = tmp_path / "a.csv"
    data.write_bytes("\ufeffy,cost_$_usd_$,other\n1.0,0.9,0.2\n0,0.1,0.8\n1,0.7,0.4\n"
                     "0,0.3,0.3\n\n".encode("utf-8"))
    ok = _cli(["report", str(data), "--label", "y", "--score", "cost_$_usd_$", "--score",
               "other", "--pos-label", "1", "--json"], tmp_path)
    assert ok.returncode == 0, ok.stderr
    assert "Traceback" not in ok.stderr
    # 1.0 is the positive label 1: the first model ranks both positives first.
    assert json.loads(ok.stdout)["models"]["cost_$_usd_$"]["values"]["auc_roc"] == 1.0
    again = _cli(["report", str(data), "--label", "y", "--score", "other"], tmp_path)
    assert again.returncode == 0 and "replacing the previous report" in again.stderr
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("keep")
    refused = _cli(["report", str(data), "--label", "y", "--score", "other", "--output",
                    "mine"], tmp_path)
    assert refused.returncode == 2 and "--force" in refused.stderr
    assert (tmp_path / "mine" / "notes.txt").read_text() == "keep"
    empty_label = tmp_path / "b.csv"
    empty_label.write_text("y,s\n1,0.2\n,0.3\n0,0.1\n")
    bad = _cli(["report", str(empty_label), "--label", "y", "--score", "s", "--output", "b"],
               tmp_path)
    assert bad.returncode == 2 and "row 2, column 'y': the label is empty" in bad.stderr
    assert not (tmp_path / "b").exists()
    for result in (again, refused, bad):
        assert "Traceback" not in result.stderr


# --- 16. bit-identical to scikit-learn with signed zeros and negative weights ----------


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_weighted_curves_bit_identical_to_sklearn(data):
    n = data.draw(st.integers(2, 25))
    y = np.array(data.draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)))
    y[0], y[1] = 0, 1
    dtype = data.draw(st.sampled_from([np.float64, np.float32]))
    s = np.array(data.draw(st.lists(st.sampled_from([-0.0, 0.0, 0.5, 1.0, -1.0]),
                                    min_size=n, max_size=n)), dtype=dtype)
    w = np.array(data.draw(st.lists(st.floats(-1e6, 1e6, allow_nan=False), min_size=n,
                                    max_size=n)))
    assume(np.any(w != 0))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name in ("roc_curve", "precision_recall_curve"):
            for weight in (None, w):
                ours = getattr(spc, name)(y, s, sample_weight=weight)
                theirs = getattr(skm, name)(y, s, sample_weight=weight)
                for a, b in zip(ours, theirs):
                    np.testing.assert_array_equal(a, b)
                    np.testing.assert_array_equal(np.signbit(a), np.signbit(b))


def test_scorer_names_match_whole():
    with pytest.raises(ValueError, match="not a valid scoring value"):
        spc.get_scorer("recall_at_precision_0.9\n")


# --- 17. AUC-PR intervals stay in [0, 1] ------------------------------------------------


def test_pr_auc_intervals_stay_in_the_unit_interval():
    low, high = spc.pr_auc_ci([0, 1, 0, 1], [0.1, 0.2, 0.3, 0.4], method="binomial")
    assert 0 <= low <= high <= 1
    low, high = spc.pr_auc_ci([0, 0, 1, 1], [0.1, 0.2, 0.3, 0.4])
    assert high == 1.0 and low == pytest.approx(0.025 ** (1 / 2))


# --- properties over the whole input space ---------------------------------------------

WEIGHT_SCALES = st.sampled_from([1e-300, 1e-170, 1e-16, 1.0, 1e16, 1e170, 1e300])


@st.composite
def weighted(draw, integer=False):
    n = draw(st.integers(2, 25))
    y = np.array(draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)))
    y[0], y[1] = 0, 1
    s = np.array(draw(st.lists(st.integers(0, 6), min_size=n, max_size=n)), float)
    if integer:
        w = np.array(draw(st.lists(st.integers(1, 4), min_size=n, max_size=n)), float)
    else:
        w = np.array(draw(st.lists(st.sampled_from([0.1, 0.25, 1.0, 3.0, 1e-9, 7.5]),
                                   min_size=n, max_size=n)))
    return y, s, w


@settings(max_examples=150, deadline=None)
@given(weighted(), WEIGHT_SCALES)
def test_hull_at_any_weight_scale(data, scale):
    y, s, w = data
    scaled = w * scale
    with np.errstate(all="raise"):
        fpr, tpr, thresholds = spc.roc_convex_hull(y, s, sample_weight=scaled)
        roc_auc = spc.roc_auc_score(y, s, sample_weight=scaled)
    assert spc.auc(fpr, tpr) >= roc_auc - 1e-12
    base = spc.roc_convex_hull(y, s, sample_weight=w)
    np.testing.assert_array_equal(thresholds, base[2])
    np.testing.assert_allclose(fpr, base[0], rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(tpr, base[1], rtol=1e-9, atol=1e-12)


@settings(max_examples=150, deadline=None)
@given(weighted(integer=True), st.sampled_from([2.0**-1000, 0.5, 1.0, 2.0**20, 2.0**1000]))
def test_hull_is_exact_and_invariant_to_exact_rescaling(data, scale):
    y, s, w = data
    tp, fp = reference_path(y.tolist(), s.tolist(), w.astype(int).tolist())
    hull = reference_upper_hull(fp, tp)
    fpr, tpr, _ = spc.roc_convex_hull(y, s, sample_weight=w * scale)
    np.testing.assert_array_equal(fpr, [float(Fraction(x, fp[-1])) for x, _ in hull])
    np.testing.assert_array_equal(tpr, [float(Fraction(t, tp[-1])) for _, t in hull])


@settings(max_examples=150, deadline=None)
@given(weighted(integer=True))
def test_integer_weights_equal_repeated_rows(data):
    y, s, w = data
    reps = w.astype(int)
    y_rep, s_rep = np.repeat(y, reps), np.repeat(s, reps)
    for interpolation in ("davis-goadrich", "continuous", "step", "linear"):
        for metric in (spc.pr_auc_score, spc.achievable_pr_auc_score):
            assert metric(y, s, sample_weight=w, interpolation=interpolation) == pytest.approx(
                metric(y_rep, s_rep, interpolation=interpolation), rel=1e-12, abs=1e-15)
    np.testing.assert_array_equal(spc.roc_convex_hull(y, s, sample_weight=w)[2],
                                  spc.roc_convex_hull(y_rep, s_rep)[2])


@settings(max_examples=150, deadline=None)
@given(weighted(), WEIGHT_SCALES, st.randoms(use_true_random=False))
def test_areas_are_scale_free_order_free_and_never_silently_nan(data, scale, random):
    y, s, w = data
    order = np.array(random.sample(range(y.shape[0]), y.shape[0]))
    scaled = w * scale
    reference = {}
    for interpolation in ("continuous", "step", "linear"):
        reference[interpolation] = spc.pr_auc_score(y, s, sample_weight=w,
                                                    interpolation=interpolation)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a NaN without a warning fails below; a warning here
        with np.errstate(all="raise"):
            for interpolation, expected in reference.items():
                got = spc.pr_auc_score(y[order], s[order], sample_weight=scaled[order],
                                       interpolation=interpolation)
                assert got == pytest.approx(expected, rel=1e-9)
                best = spc.achievable_pr_auc_score(y, s, sample_weight=scaled,
                                                   interpolation=interpolation)
                assert best >= got - 1e-9
            dg = spc.pr_auc_score(y, s, sample_weight=scaled)
            assert 0 <= dg <= 1
            precision, recall, _ = spc.pr_curve(y, s, sample_weight=scaled)
            assert precision.shape[0] < 3 * 2048 and np.all(np.isfinite(precision))


@settings(max_examples=100, deadline=None)
@given(weighted(), st.lists(st.integers(0, 25), max_size=4))
def test_summaries_over_any_chunking_with_empty_chunks(data, cuts):
    y, s, w = data
    bounds = sorted({0, y.shape[0], *[min(c, y.shape[0]) for c in cuts]})
    exact = spc.ExactSummary()
    binned = spc.BinnedSummary(52)
    exact.update([], [], [])  # an empty chunk first
    for lo, hi in zip(bounds[:-1], bounds[1:]):
        exact.update(y[lo:hi], s[lo:hi], w[lo:hi])
        binned.update(y[lo:hi], s[lo:hi], w[lo:hi])
        exact.update(y[hi:hi], s[hi:hi], w[hi:hi])
    assert exact.roc_auc() == pytest.approx(spc.roc_auc_score(y, s, sample_weight=w), rel=1e-12)
    assert exact.average_precision() == pytest.approx(
        spc.average_precision_score(y, s, sample_weight=w), rel=1e-12)
    estimate, bound = binned.roc_auc()
    assert abs(estimate - spc.roc_auc_score(y, s, sample_weight=w)) <= bound + 1e-12


def test_a_perfect_weighted_ranking_has_area_one_not_more():
    # Found by the property test above: the recall steps of these weights summed past 1.
    y, s = [0, 1, 1, 1], [1.0, 5.0, 6.0, 5.0]
    w = [1.0000000000000001e169, 3e170, 1.0000000000000001e169, 1e170]
    for interpolation in ("davis-goadrich", "continuous", "step", "linear"):
        assert spc.pr_auc_score(y, s, sample_weight=w, interpolation=interpolation) == 1.0
        assert spc.achievable_pr_auc_score(y, s, sample_weight=w,
                                           interpolation=interpolation) == 1.0


# --- the likely mistake named (issue 36) -------------------------------------------------

_OWN = [spc.pr_auc_score, spc.achievable_pr_auc_score, spc.roc_convex_hull, spc.ks_statistic,
        spc.pr_curve, spc.roc_auc_ci]


@pytest.mark.parametrize("function", _OWN, ids=lambda f: f.__name__)
def test_own_functions_name_the_likely_mistake(function):
    y, s = np.array([0, 1, 1, 0]), np.array([0.1, 0.9, 0.4, 0.3])
    with pytest.raises(ValueError, match="swapped"):
        function(s, y)
    with pytest.raises(ValueError, match=r"predict_proba\(X\)\[:, 1\]"):
        function(y, np.column_stack([1 - s, s]))
    with pytest.raises(ValueError, match="pass pos_label= to say which one"):
        function(np.array(["a", "b", "b", "a"]), s)
    assert function(np.array(["a", "b", "b", "a"]), s, pos_label="b") is not None
    # Scores that are not finite: the argument and the first row named.
    with pytest.raises(ValueError, match=r"y_score holds NaN \(first at row 2\)"):
        function(y, np.array([0.1, 0.9, np.nan, 0.3]))
    with pytest.raises(ValueError, match=r"y_score holds an infinity \(first at row 1\)"):
        function(y, np.array([0.1, np.inf, 0.4, 0.3]))


@pytest.mark.parametrize("function", [spc.delong_test, spc.bootstrap_test, spc.compare_curves],
                         ids=lambda f: f.__name__)
def test_two_model_functions_name_the_likely_mistake(function):
    y, s = np.array([0, 1, 1, 0, 1, 0]), np.array([0.1, 0.9, 0.4, 0.3, 0.8, 0.2])
    args = ("roc_auc",) if function is spc.bootstrap_test else ()
    with pytest.raises(ValueError, match=r"y_score_b has two columns .*\[:, 1\]"):
        function(*args, y, s, np.column_stack([1 - s, s]))
    with pytest.raises(ValueError, match=r"y_score_a holds NaN \(first at row 3\)"):
        function(*args, y, np.where(np.arange(6) == 3, np.nan, s), s)


@pytest.mark.parametrize("name", ["roc_auc_score", "average_precision_score", "roc_curve",
                                  "precision_recall_curve", "det_curve"])
def test_drop_ins_keep_sklearns_messages_for_the_same_mistakes(name):
    y, s = np.array([0, 1, 1, 0]), np.array([0.1, 0.9, 0.4, 0.3])
    for args in ((s, y), (y, np.column_stack([1 - s, s]))):
        with pytest.raises(Exception) as theirs:
            getattr(skm, name)(*args)
        with pytest.raises(Exception) as ours:
            getattr(spc, name)(*args)
        assert (type(ours.value), str(ours.value)) == (type(theirs.value), str(theirs.value))


# --- issue 41: "at or above the threshold", decided once, exactly ---------------------


def _exact(value):
    if isinstance(value, (int, np.integer, bool, np.bool_)):
        return Fraction(int(value))
    return Fraction(float(value))


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([np.float16, np.float32, np.float64, np.int8, np.int64, np.uint64,
                        np.bool_, object]),
       st.lists(st.sampled_from([0.0, 0.35, 0.5, 1.0, 2.0**53, 2.0**53 + 2, -1.0, 3e38,
                                 1e-40]), min_size=1, max_size=8),
       st.one_of(st.floats(allow_nan=False, allow_infinity=False, width=64),
                 st.integers(-2**65, 2**65),
                 st.sampled_from([0.35, 2**53 + 1, 2**53 + 5, 2.0**53 + 1, 1e-45])))
def test_at_or_above_is_exact_in_the_scores_type(dtype, values, threshold):
    """The rule every threshold of the package goes through: a score qualifies exactly
    when its value (in its own type) is at least the threshold's, as fractions."""
    from sklearn_prcurves._table._exact import at_or_above, rows_at_or_above

    with np.errstate(over="ignore", invalid="ignore"):
        if dtype is object:
            scores = np.array([int(v) if float(v).is_integer() and abs(v) > 2**52 else v
                               for v in values], dtype=object)
        else:
            info = np.iinfo(dtype) if np.dtype(dtype).kind in "iu" else None
            values = [v for v in values if info is None or info.min <= v <= info.max]
            if not values:
                return
            scores = np.array(values).astype(dtype)
            if dtype is not np.bool_ and np.dtype(dtype).kind == "f":
                scores = scores[np.isfinite(scores)]
    if scores.size == 0:
        return
    expected = np.array([_exact(v.item() if hasattr(v, "item") else v) >= _exact(threshold)
                         for v in scores])
    np.testing.assert_array_equal(at_or_above(scores, threshold), expected)
    descending = np.array(sorted(set(scores.tolist()), reverse=True), dtype=scores.dtype)
    assert rows_at_or_above(descending, threshold) == sum(
        _exact(v) >= _exact(threshold) for v in descending.tolist())


def test_threshold_ci_decides_the_threshold_once():
    """The estimate and every resample count the same rows: float32 scores of 0.35 are
    below the threshold 0.35 (0.3499999940...), integer scores are compared as integers
    past 2**53, and NaN is refused."""
    scores = np.array([.35] * 6 + [.9] * 6, dtype=np.float32)
    y = [0] * 6 + [1] * 6
    point = spc.threshold_ci(y, scores, 0.35, method="bootstrap", n_resamples=200,
                             random_state=0)
    assert point.predicted_positive == 6
    assert point.precision.estimate == 1.0
    assert point.precision.low <= point.precision.estimate <= point.precision.high
    # the float32 score itself is at its own threshold
    point = spc.threshold_ci(y, scores, float(np.float32(0.35)), method="bootstrap",
                             n_resamples=200, random_state=0)
    assert point.predicted_positive == 12 and point.precision.estimate == 0.5
    assert point.precision.low == point.precision.high == 0.5

    big = np.array([2**53 + i for i in range(10)], dtype=np.int64)
    labels = [0, 0, 0, 0, 0, 1, 1, 1, 1, 0]
    point = spc.threshold_ci(labels, big, 2**53 + 5)
    assert point.predicted_positive == 5 and point.precision.estimate == 0.8
    assert point.threshold == 2**53 + 5  # as given: no float rounds it
    for bad in (np.nan, float("nan")):
        with pytest.raises(ValueError, match="threshold is NaN"):
            spc.threshold_ci(labels, big, bad)


def test_the_display_marks_the_rows_at_or_above_the_threshold():
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    scores = np.array([.35] * 2 + [.9] * 2 + [.1] * 2, dtype=np.float32)
    y = [1, 0, 1, 1, 0, 0]
    try:
        display = spc.PrecisionRecallDisplay.from_predictions(
            y, scores, operating_points=[0.35, float(np.float32(0.35))])
        (recall, precision), (recall32, precision32) = display.operating_points_[0].get_offsets()
        assert (recall, precision) == (2 / 3, 1.0)  # only the 0.9 rows
        assert (recall32, precision32) == (1.0, 0.75)
        with pytest.raises(ValueError, match="NaN"):
            spc.PrecisionRecallDisplay.from_predictions(y, scores, operating_points=[np.nan])
    finally:
        plt.close("all")


# --- issue 41: weights whose totals overflow float64 ------------------------------------

# Each weight finite, their total past 1.8e308.
_HUGE = np.array([1.7e308, 1e308, 3e300, 1e308, 1.2e308, 1e308])
_Y = np.array([1, 0, 1, 0, 1, 0])
_S = np.array([0.9, 0.8, 0.8, 0.4, 0.3, 0.1])

_SHARES = {
    "pr_auc_score": lambda w: spc.pr_auc_score(_Y, _S, sample_weight=w),
    "pr_auc_score[continuous]": lambda w: spc.pr_auc_score(
        _Y, _S, sample_weight=w, interpolation="continuous"),
    "pr_auc_score[step]": lambda w: spc.pr_auc_score(_Y, _S, sample_weight=w,
                                                     interpolation="step"),
    "achievable_pr_auc_score": lambda w: spc.achievable_pr_auc_score(_Y, _S, sample_weight=w),
    "pr_curve": lambda w: spc.pr_curve(_Y, _S, sample_weight=w, interpolation="continuous"),
    "roc_convex_hull": lambda w: spc.roc_convex_hull(_Y, _S, sample_weight=w)[:2],
    "partial_roc_auc_score": lambda w: spc.partial_roc_auc_score(
        _Y, _S, sample_weight=w, fpr_range=(0, 0.5)),
    "ks_statistic": lambda w: spc.ks_statistic(_Y, _S, sample_weight=w).statistic,
    "fbeta_optimal_threshold": lambda w: spc.fbeta_optimal_threshold(_Y, _S, sample_weight=w),
    "break_even_point": lambda w: spc.break_even_point(_Y, _S, sample_weight=w),
    "grouped_roc_auc_score": lambda w: spc.grouped_roc_auc_score(
        _Y, _S, [0, 0, 0, 1, 1, 1], sample_weight=w),
    "normalized_pr_auc_score": lambda w: spc.normalized_pr_auc_score(
        _Y, _S, sample_weight=w, interpolation="continuous"),
    "bootstrap_ci": lambda w: spc.bootstrap_ci("roc_auc", _Y, _S, sample_weight=w,
                                               n_resamples=200, random_state=0),
    "AchievablePRTransformer": lambda w: spc.AchievablePRTransformer().fit(
        _S[:, None], _Y, sample_weight=w).transform(_S[:, None]),
}


@pytest.mark.parametrize("name", sorted(_SHARES))
def test_overflowing_totals_give_the_numbers_of_the_weights_scaled_down(name):
    """Weights whose total passes the largest float: every share, rate and area is
    defined, and equals what the same weights divided by 2**20 give (exactly: a power
    of two), with no RuntimeWarning."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        got = _SHARES[name](_HUGE)
    expected = _SHARES[name](_HUGE / 2.0**20)
    flat = lambda r: np.concatenate([np.ravel(np.asarray(x, float)) for x in (  # noqa: E731
        r if isinstance(r, tuple) else (r,))])
    np.testing.assert_allclose(flat(got), flat(expected), rtol=1e-12)


@pytest.mark.parametrize("call", [
    lambda: spc.operating_points(_Y, _S, sample_weight=_HUGE),
    lambda: spc.threshold_ci(_Y, _S, 0.5, sample_weight=_HUGE),
    lambda: spc.count_table(_Y == 1, _S, _HUGE),
    lambda: spc.roc_auc_ci(_Y, _S, sample_weight=np.round(_HUGE)),
    lambda: spc.pr_auc_ci(_Y, _S, sample_weight=_HUGE),
    lambda: spc.ExactSummary().update(_Y[:3], _S[:3], _HUGE[:3]).update(_Y[3:], _S[3:],
                                                                        _HUGE[3:]),
    lambda: spc.BinnedSummary().update(_Y[:3], _S[:3], _HUGE[:3]).update(_Y[3:], _S[3:],
                                                                         _HUGE[3:]),
])
def test_overflowing_totals_that_would_be_returned_are_refused(call):
    """Where the weighted counts themselves are the result (or a stream holds them),
    one clear error names the weights, and nothing leaks."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(ValueError, match="sample_weight sums past the largest float64"):
            call()


def test_overflowing_totals_in_the_drop_ins_are_scikit_learns():
    """The drop-ins keep scikit-learn's outcome (its running sums overflow): the same
    NaN, as scikit-learn gives it."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name in ("roc_auc_score", "average_precision_score"):
            ours = getattr(spc, name)(_Y, _S, sample_weight=_HUGE)
            theirs = getattr(skm, name)(_Y, _S, sample_weight=_HUGE)
            assert repr(ours) == repr(theirs)


# --- issue 41: standardised partial AUC on a narrow box --------------------------------


@pytest.mark.parametrize("box", [(1 - 1e-9, 1.0), (0.0, 1e-9), (0.5, 0.5 + 1e-9),
                                 (1 - 2**-40, 1.0), (0.25, 0.75)])
@pytest.mark.parametrize("scores", [[0.0, 2.0], [2.0, 0.0], [1.0, 1.0]])
def test_standardized_partial_auc_of_a_narrow_box_is_exact(box, scores):
    """McClish's standardisation 0.5 (P + A - 2 D) / (P - D) against the same formula
    in fractions of the float end points, for boxes at the origin, in the middle and
    ending at 1 (where P - D is far smaller than P and D)."""
    y = [1, 0]
    got = spc.partial_roc_auc_score(y, scores, fpr_range=box, standardized=True)
    f0, f1 = (Fraction(v) for v in box)
    fpr, tpr = spc.roc_curve(y, scores, drop_intermediate=False)[:2]
    area = Fraction(0)
    for xa, ya, xb, yb in zip(*(list(map(Fraction, a)) for a in (fpr[:-1], tpr[:-1],
                                                                fpr[1:], tpr[1:]))):
        lo, hi = max(xa, f0), min(xb, f1)
        if hi > lo:
            at = lambda x: ya + (yb - ya) * (x - xa) / (xb - xa)  # noqa: E731
            area += (hi - lo) * (at(lo) + at(hi)) / 2
    diagonal = (f1 * f1 - f0 * f0) / 2
    perfect = f1 - f0
    expected = float((perfect + area - 2 * diagonal) / (2 * (perfect - diagonal)))
    assert got == pytest.approx(expected, rel=1e-12)

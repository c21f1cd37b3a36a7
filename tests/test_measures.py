"""Partial areas, the bounds of PR space, PR-gain, cost curves, gains, lift and KS.

Checked against the public reference values (the authors' AUCCalculator above a
minimum recall; PRROC's best, worst and random curves), the papers' closed forms,
scikit-learn where it computes the same thing, and slow exact references.
"""

import math
from fractions import Fraction

import numpy as np
import pytest
from _cases import CASES, case_data
from _reference import reference_partial_pr_area, reference_path, reference_prg_auc
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.integrate import trapezoid
from scipy.stats import ks_2samp
from sklearn.metrics import roc_auc_score as sk_roc_auc_score

import sklearn_prcurves as spc
from sklearn_prcurves._measures._bounds import minimum_pr_auc


@st.composite
def ranked(draw, weights=False):
    n = draw(st.integers(2, 30))
    y = np.array(draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)))
    if y.min() == y.max():
        y[0] = 1 - y[0]
    scores = np.array(draw(st.lists(st.integers(0, 6), min_size=n, max_size=n)), dtype=float)
    w = None
    if weights:
        w = np.array(draw(st.lists(st.integers(1, 4), min_size=n, max_size=n)), dtype=float)
    return y, scores, w


# --- public reference values ---------------------------------------------------------------


@pytest.mark.parametrize("case_name", sorted(CASES["cases"]))
def test_authors_tool_area_from_recall_half(case_name):
    case = CASES["cases"][case_name]
    y, scores = case_data(case)
    got = spc.pr_auc_score(y, scores, leading_negatives="drop", recall_range=(0.5, 1.0))
    assert got == pytest.approx(case["authors_tool_aucjar_area_from_recall_0_5"], abs=1e-12)


@pytest.mark.parametrize("case_name", sorted(CASES["cases"]))
@pytest.mark.parametrize("interpolation", ["davis-goadrich", "continuous"])
def test_prroc_best_worst_random_curves(case_name, interpolation):
    case = CASES["cases"][case_name]
    y, _ = case_data(case)
    key = interpolation.replace("-", "_")
    bounds = spc.pr_auc_bounds(y, interpolation=interpolation)
    assert bounds.best == pytest.approx(case[f"best_curve_{key}"], abs=1e-12)
    assert bounds.worst == pytest.approx(case[f"worst_curve_{key}"], abs=1e-12)
    assert bounds.random == pytest.approx(case["random_curve"], abs=1e-12)


# --- partial areas -------------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(ranked(), st.sampled_from(["davis-goadrich", "linear", "step"]),
       st.sampled_from(["interpolate", "drop"]),
       st.tuples(st.integers(0, 8), st.integers(1, 8)))
def test_partial_pr_area_equals_exact_reference(data, interpolation, leading, cut):
    y, scores, _ = data
    low, high = sorted((Fraction(cut[0], 8), Fraction(cut[1], 8)))
    if low == high:
        return
    tp, fp = reference_path(y.tolist(), scores.tolist())
    exact = reference_partial_pr_area(tp, fp, interpolation, low, high, leading)
    got = spc.pr_auc_score(y, scores, interpolation=interpolation, leading_negatives=leading,
                           recall_range=(float(low), float(high)))
    assert got == pytest.approx(float(exact), rel=1e-12, abs=1e-15)


@settings(max_examples=100, deadline=None)
@given(ranked(weights=True), st.sampled_from(["davis-goadrich", "continuous", "linear", "step"]),
       st.floats(0.01, 0.99))
def test_partial_pr_areas_add_up_to_the_whole(data, interpolation, split):
    y, scores, w = data
    whole = spc.pr_auc_score(y, scores, sample_weight=w, interpolation=interpolation)
    left = spc.pr_auc_score(y, scores, sample_weight=w, interpolation=interpolation,
                            recall_range=(0, split))
    right = spc.pr_auc_score(y, scores, sample_weight=w, interpolation=interpolation,
                             recall_range=(split, 1))
    assert left + right == pytest.approx(whole, rel=1e-12, abs=1e-15)
    assert spc.pr_auc_score(y, scores, sample_weight=w, interpolation=interpolation,
                            recall_range=(0, 1)) == whole


@pytest.mark.parametrize("value", [(0.5,), (0.6, 0.4), (-0.1, 0.5), (0.2, 1.1), "ab"])
def test_bad_ranges_are_refused(value):
    with pytest.raises(ValueError, match="recall_range"):
        spc.pr_auc_score([0, 1, 1], [0.2, 0.4, 0.9], recall_range=value)
    with pytest.raises(ValueError, match="fpr_range"):
        spc.partial_roc_auc_score([0, 1, 1], [0.2, 0.4, 0.9], fpr_range=value)


@settings(max_examples=150, deadline=None)
@given(ranked(weights=True), st.floats(0.05, 1.0))
def test_standardised_fpr_range_equals_scikit_learn_max_fpr(data, max_fpr):
    y, scores, w = data
    got = spc.partial_roc_auc_score(y, scores, sample_weight=w, fpr_range=(0, max_fpr),
                                    standardized=True)
    assert got == pytest.approx(sk_roc_auc_score(y, scores, sample_weight=w, max_fpr=max_fpr),
                                abs=1e-12)


def _exact_partial_roc(y, scores, fpr_range, tpr_range):
    """Exact integral of clip(ROC, t0, t1) - t0 over the FPR range, in Fractions."""
    tp, fp = reference_path(y.tolist(), scores.tolist())
    f0, f1 = (Fraction(v).limit_denominator(10**6) for v in fpr_range)
    t0, t1 = (Fraction(v).limit_denominator(10**6) for v in tpr_range)
    xs = [f / fp[-1] for f in fp]
    ys = [t / tp[-1] for t in tp]
    area = Fraction(0)
    for i in range(1, len(xs)):
        xa, xb, ya, yb = xs[i - 1], xs[i], ys[i - 1], ys[i]
        if xb <= xa:
            continue
        cuts = {max(xa, f0), min(xb, f1)}
        for t in (t0, t1):
            if yb != ya:
                x = xa + (t - ya) * (xb - xa) / (yb - ya)
                if max(xa, f0) < x < min(xb, f1):
                    cuts.add(x)
        cuts = sorted(cuts)
        for a, b in zip(cuts, cuts[1:]):
            if b <= a or a < max(xa, f0) or b > min(xb, f1):
                continue
            mid = ya + (yb - ya) * ((a + b) / 2 - xa) / (xb - xa)
            area += (b - a) * (min(max(mid, t0), t1) - t0)
    return area, (f0, f1), (t0, t1)


@settings(max_examples=150, deadline=None)
@given(ranked(), st.tuples(st.integers(0, 10), st.integers(0, 10)),
       st.tuples(st.integers(0, 10), st.integers(0, 10)))
def test_two_way_partial_roc_area_equals_exact_reference(data, fprs, tprs):
    y, scores, _ = data
    if fprs[0] == fprs[1] or tprs[0] == tprs[1]:
        return
    fpr_range = tuple(sorted(v / 10 for v in fprs))
    tpr_range = tuple(sorted(v / 10 for v in tprs))
    exact, _, _ = _exact_partial_roc(y, scores, fpr_range, tpr_range)
    got = spc.partial_roc_auc_score(y, scores, fpr_range=fpr_range, tpr_range=tpr_range)
    assert got == pytest.approx(float(exact), abs=1e-12)


def test_full_box_is_the_whole_area():
    y, scores = [0, 1, 1, 0, 1, 0, 0], [0.1, 0.8, 0.3, 0.3, 0.9, 0.5, 0.2]
    assert spc.partial_roc_auc_score(y, scores) == pytest.approx(spc.roc_auc_score(y, scores))


# --- bounds of PR space --------------------------------------------------------------------


@pytest.mark.parametrize("n_pos,n_neg", [(1, 1), (2, 1), (20, 2000), (7, 3), (1, 10**6)])
def test_worst_continuous_area_is_boyds_closed_form(n_pos, n_neg):
    y = np.r_[np.ones(n_pos), np.zeros(n_neg)]
    bounds = spc.pr_auc_bounds(y, interpolation="continuous")
    assert bounds.worst == pytest.approx(minimum_pr_auc(n_pos / (n_pos + n_neg)), rel=1e-12)
    assert bounds.random == pytest.approx(n_pos / (n_pos + n_neg), rel=1e-15)
    assert bounds.best == 1.0


@settings(max_examples=100, deadline=None)
@given(ranked(weights=True), st.sampled_from(["davis-goadrich", "continuous", "step"]))
def test_every_ranking_lies_between_the_bounds(data, interpolation):
    y, scores, w = data
    area = spc.pr_auc_score(y, scores, sample_weight=w, interpolation=interpolation)
    bounds = spc.pr_auc_bounds(y, sample_weight=w, interpolation=interpolation)
    assert bounds.worst - 1e-12 <= area <= bounds.best + 1e-12
    normalized = spc.normalized_pr_auc_score(y, scores, sample_weight=w,
                                             interpolation=interpolation)
    assert -1e-12 <= normalized <= 1 + 1e-12
    assert normalized == pytest.approx(
        (area - bounds.worst) / (bounds.best - bounds.worst), abs=1e-12)


def test_bound_curves_integrate_to_the_bound_areas():
    y = np.r_[np.ones(3), np.zeros(11)]
    curves = spc.pr_curve_bounds(y)
    areas = spc.pr_auc_bounds(y)
    for name in ("best", "worst", "random"):
        precision, recall = getattr(curves, name)
        assert trapezoid(precision, recall) == pytest.approx(getattr(areas, name))


# --- precision-recall-gain -----------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(ranked(weights=True))
def test_prg_area_equals_exact_reference(data):
    y, scores, w = data
    tp, fp = reference_path(y.tolist(), scores.tolist(), None if w is None else w.tolist())
    assert spc.prg_auc_score(y, scores, sample_weight=w) == pytest.approx(
        float(reference_prg_auc(tp, fp)), abs=1e-12)


def test_prg_closed_forms():
    y = np.array([1, 1, 0, 1, 0, 0, 0, 1])
    assert spc.prg_auc_score(y, y * 100 + np.arange(8)) == 1.0  # perfect
    assert spc.prg_auc_score(y, np.zeros(8)) == pytest.approx(0.0, abs=1e-15)  # random
    precision_gain, recall_gain, _ = spc.prg_curve(y, [8, 7, 6, 5, 4, 3, 2, 1])
    assert recall_gain[0] == 0 and recall_gain[-1] == 1
    # The gain transformations at one point (TP, FP) of the curve.
    p, n = 4, 4
    tp, fp = 3, 1  # after the fourth row
    assert (1 - p / n * fp / tp) in precision_gain
    assert (1 - p / n * (p - tp) / tp) in recall_gain


# --- cost curves ---------------------------------------------------------------------------


@settings(max_examples=100, deadline=None)
@given(ranked(weights=True))
def test_cost_envelope_is_the_lowest_line(data):
    y, scores, w = data
    pc, cost, _ = spc.cost_curve(y, scores, sample_weight=w)
    fpr, tpr, _ = spc.roc_curve(y, scores, sample_weight=w, drop_intermediate=False)
    grid = np.r_[pc, np.linspace(0, 1, 41)]
    lowest = np.min((1 - tpr)[:, None] * grid + fpr[:, None] * (1 - grid), axis=0)
    assert np.allclose(np.interp(grid, pc, cost), lowest, atol=1e-12)


@settings(max_examples=100, deadline=None)
@given(ranked(weights=True), st.floats(0.1, 10), st.floats(0.1, 10))
def test_expected_cost_is_the_best_threshold(data, cost_fp, cost_fn):
    y, scores, w = data
    w = np.ones_like(scores) if w is None else w
    result = spc.expected_cost(y, scores, sample_weight=w, cost_fp=cost_fp, cost_fn=cost_fn)
    costs = [np.sum(w * ((scores >= t) & (y == 0))) * cost_fp
             + np.sum(w * ((scores < t) & (y == 1))) * cost_fn
             for t in np.r_[np.inf, np.unique(scores)]]
    assert result.expected_cost == pytest.approx(min(costs) / w.sum(), rel=1e-12, abs=1e-15)


# --- gains, lift, KS -----------------------------------------------------------------------


@settings(max_examples=100, deadline=None)
@given(ranked(weights=True))
def test_gains_lift_and_ks_by_their_definitions(data):
    y, scores, w = data
    w = np.ones_like(scores) if w is None else w
    targeted, gain, thresholds = spc.cumulative_gain_curve(y, scores, sample_weight=w)
    for t, share, captured in zip(thresholds[1:], targeted[1:], gain[1:]):
        chosen = scores >= t
        assert share == pytest.approx(w[chosen].sum() / w.sum())
        assert captured == pytest.approx(w[chosen & (y == 1)].sum() / w[y == 1].sum())
    share, lift, _ = spc.lift_curve(y, scores, sample_weight=w)
    assert np.allclose(lift * share, gain[1:])  # lift = gain / share targeted
    ks = spc.ks_statistic(y, scores, sample_weight=w)
    fpr, tpr, _ = spc.roc_curve(y, scores, sample_weight=w, drop_intermediate=False)
    assert ks.statistic == pytest.approx(np.max(tpr - fpr))


def test_ks_equals_scipy_two_sample_statistic():
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 2000)
    scores = np.round(rng.normal(size=2000) + 0.7 * y, 2)
    assert spc.ks_statistic(y, scores).statistic == pytest.approx(
        ks_2samp(scores[y == 1], scores[y == 0]).statistic, abs=1e-12)


# --- scorers -------------------------------------------------------------------------------


@pytest.mark.parametrize("name,function", [
    ("normalized_pr_auc", spc.normalized_pr_auc_score),
    ("prg_auc", spc.prg_auc_score),
    ("ks", lambda y, s: spc.ks_statistic(y, s).statistic),
])
def test_scorers_score_the_decision_function(name, function):
    from sklearn.datasets import make_classification
    from sklearn.linear_model import LogisticRegression

    X, y = make_classification(n_samples=300, weights=[0.8], random_state=0)
    model = LogisticRegression().fit(X, y)
    scorer = spc.get_scorer(name)
    assert scorer(model, X, y) == pytest.approx(function(y, model.decision_function(X)))


@settings(max_examples=50, deadline=None)
@given(ranked(weights=True), st.integers(1, 5))
def test_summaries_give_the_same_measures(data, chunks):
    y, scores, w = data
    summary = spc.ExactSummary()
    for part in np.array_split(np.arange(y.shape[0]), chunks):
        summary.update(y[part], scores[part], w[part])
    assert summary.pr_auc(recall_range=(0.25, 0.75)) == pytest.approx(
        spc.pr_auc_score(y, scores, sample_weight=w, recall_range=(0.25, 0.75)), abs=1e-12)
    assert summary.normalized_pr_auc() == pytest.approx(
        spc.normalized_pr_auc_score(y, scores, sample_weight=w), abs=1e-12)
    assert summary.partial_roc_auc((0, 0.3), (0.2, 1)) == pytest.approx(
        spc.partial_roc_auc_score(y, scores, sample_weight=w, fpr_range=(0, 0.3),
                                  tpr_range=(0.2, 1)), abs=1e-12)
    assert summary.prg_auc() == pytest.approx(
        spc.prg_auc_score(y, scores, sample_weight=w), abs=1e-12)
    assert summary.ks_statistic().statistic == pytest.approx(
        spc.ks_statistic(y, scores, sample_weight=w).statistic, abs=1e-12)


# --- displays ------------------------------------------------------------------------------


@pytest.mark.parametrize("display,x,y", [
    ("PrecisionRecallGainDisplay", lambda y, s: spc.prg_curve(y, s)[1],
     lambda y, s: spc.prg_curve(y, s)[0]),
    ("CostCurveDisplay", lambda y, s: spc.cost_curve(y, s)[0], lambda y, s: spc.cost_curve(y, s)[1]),
    ("CumulativeGainDisplay", lambda y, s: spc.cumulative_gain_curve(y, s)[0],
     lambda y, s: spc.cumulative_gain_curve(y, s)[1]),
    ("LiftDisplay", lambda y, s: spc.lift_curve(y, s)[0], lambda y, s: spc.lift_curve(y, s)[1]),
])
def test_displays_draw_the_functions_curves(display, x, y):
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from sklearn.datasets import make_classification
    from sklearn.linear_model import LogisticRegression

    X, labels = make_classification(n_samples=300, weights=[0.8], random_state=0)
    model = LogisticRegression().fit(X, labels)
    scores = model.predict_proba(X)[:, 1]
    cls = getattr(spc, display)
    shown = cls.from_estimator(model, X, labels, plot_chance_level=True)
    assert np.array_equal(shown.line_.get_xdata(), x(labels, scores))
    assert np.array_equal(shown.line_.get_ydata(), y(labels, scores))
    assert shown.chance_level_ is not None
    assert "LogisticRegression" in shown.line_.get_label()
    assert shown.ax_.get_xlabel().endswith("(Positive label: 1)")
    plt.close("all")


def test_ks_display_marks_the_statistic():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    y, scores = [0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.2, 0.7]
    display = spc.KSDisplay.from_predictions(y, scores, name="m")
    ks = spc.ks_statistic(y, scores)
    segment = display.gap_line_.get_segments()[0]
    assert segment[0][0] == ks.threshold and abs(segment[1][1] - segment[0][1]) == ks.statistic
    # Two models on one axes: each in one colour (negatives dashed), not four colours.
    other = spc.KSDisplay.from_predictions(y, scores[::-1], name="n", ax=display.ax_)
    from matplotlib.colors import to_rgba

    for d in (display, other):
        colour = to_rgba(d.line_.get_color())
        assert to_rgba(d.negative_line_.get_color()) == colour
        assert d.negative_line_.get_linestyle() == "--"
    assert to_rgba(display.line_.get_color()) != to_rgba(other.line_.get_color())
    assert display.gap_line_.get_label().startswith("m: KS = ")
    plt.close("all")


def test_pr_display_shades_the_unachievable_region():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    y = np.r_[np.ones(10), np.zeros(90)]
    scores = np.linspace(0, 1, 100)
    display = spc.PrecisionRecallDisplay.from_predictions(y, scores, plot_unachievable=True)
    path = display.unachievable_.get_paths()[0].vertices
    area = trapezoid(*spc.pr_curve_bounds(y, interpolation="continuous").worst)
    # The shaded polygon's area is the worst continuous area (Boyd's minimum).
    x, v = path[:, 0], path[:, 1]
    shaded = 0.5 * abs(np.dot(x, np.roll(v, 1)) - np.dot(v, np.roll(x, 1)))
    assert shaded == pytest.approx(area, rel=1e-3)
    plt.close("all")


@pytest.mark.parametrize("scale", [1e-300, 1e-150, 1e150, 1e300])
def test_new_measures_hold_at_any_weight_scale(scale):
    """Scale-invariant measures give the unit-weight value at extreme weight scales, with
    no overflow, underflow or NaN (under np.errstate(all="raise"))."""
    y = np.array([0, 1, 1, 0, 1, 0, 1])
    scores = np.array([0.1, 0.8, 0.6, 0.7, 0.3, 0.6, 0.6])
    w = np.array([1, 2, 1, 3, 1, 1.5, 0.5])
    measures = {
        "prg": lambda w: spc.prg_auc_score(y, scores, sample_weight=w),
        "partial roc": lambda w: spc.partial_roc_auc_score(
            y, scores, sample_weight=w, fpr_range=(0, 0.5), tpr_range=(0.2, 1), standardized=True),
        "partial pr": lambda w: spc.pr_auc_score(y, scores, sample_weight=w,
                                                 recall_range=(0.3, 0.9), interpolation="continuous"),
        "normalized": lambda w: spc.normalized_pr_auc_score(y, scores, sample_weight=w,
                                                            interpolation="continuous"),
        "worst": lambda w: spc.pr_auc_bounds(y, sample_weight=w,
                                             interpolation="continuous").worst,
        "cost": lambda w: spc.expected_cost(y, scores, sample_weight=w,
                                            cost_fn=3).normalized_expected_cost,
        "ks": lambda w: spc.ks_statistic(y, scores, sample_weight=w).statistic,
        "lift": lambda w: spc.lift_curve(y, scores, sample_weight=w)[1][0],
    }
    for name, measure in measures.items():
        with np.errstate(all="raise"):
            got = measure(w * scale)
        assert got == pytest.approx(measure(w), rel=1e-9), name


def test_normalized_pr_auc_is_undefined_where_best_and_worst_coincide():
    # Negatives of weight 1e-300 beside positives of 1e300: every ranking has AUC-PR 1,
    # so the normalisation divides nothing by nothing; NaN with a warning, and a
    # balance a hair less extreme is still defined.
    import warnings

    from sklearn_prcurves.exceptions import UndefinedMetricWarning

    y, scores = [1, 0, 1], [0.5, 0.2, 0.7]
    with pytest.warns(UndefinedMetricWarning, match="normalized AUC-PR is not defined"):
        value = spc.normalized_pr_auc_score(y, scores, sample_weight=[1e300, 1e-300, 1e300])
    assert math.isnan(value)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        value = spc.normalized_pr_auc_score(y, scores, sample_weight=[1.0, 1e-3, 1.0])
    assert 0.0 <= value <= 1.0

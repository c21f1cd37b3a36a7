"""Interpolated AUC-PR, the ROC convex hull and the achievable PR curve.

Checked against the public reference values (PRROC, the authors' AUCCalculator,
scikit-learn), the paper's worked examples, exact rational references, and
properties that must hold for any input.
"""

import tracemalloc
import warnings
from decimal import Decimal, getcontext
from fractions import Fraction

import numpy as np
import pytest
from _cases import CASES, case_data
from _reference import (
    reference_path,
    reference_pr_area,
    reference_upper_hull,
)
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import sklearn_prcurves as spc
from sklearn_prcurves._measures._interpolation import (
    INTERPOLATIONS,
    path_area,
    segment_areas,
    step_sum,
)
from sklearn_prcurves.exceptions import UndefinedMetricWarning

MEASURES = {
    "davis_goadrich": lambda y, s: spc.pr_auc_score(y, s),
    "continuous": lambda y, s: spc.pr_auc_score(y, s, interpolation="continuous"),
    "authors_tool_aucjar": lambda y, s: spc.pr_auc_score(y, s, leading_negatives="drop"),
    "achievable_davis_goadrich": lambda y, s: spc.achievable_pr_auc_score(y, s),
    "achievable_continuous": lambda y, s: spc.achievable_pr_auc_score(
        y, s, interpolation="continuous"
    ),
    "roc_convex_hull_auc": lambda y, s: spc.auc(*spc.roc_convex_hull(y, s)[:2]),
    "sklearn_average_precision": lambda y, s: spc.pr_auc_score(y, s, interpolation="step"),
    "sklearn_roc_auc": lambda y, s: spc.roc_auc_score(y, s),
    # scikit-learn's curve keeps its artificial (recall 0, precision 1) point.
    "linear_trapezoid_from_0_1": lambda y, s: spc.auc(*spc.precision_recall_curve(y, s)[1::-1]),
}


@pytest.mark.parametrize("case_name", sorted(CASES["cases"]))
@pytest.mark.parametrize("measure", sorted(MEASURES))
def test_public_reference_values(case_name, measure):
    case = CASES["cases"][case_name]
    y, scores = case_data(case)
    assert MEASURES[measure](y, scores) == pytest.approx(case[measure], abs=1e-12, rel=0)


def test_paper_table1_points():
    table = CASES["paper_table1"]
    case = CASES["cases"]["paper_table1_groups"]
    y, scores = case_data(case)
    precision, recall, thresholds = spc.pr_curve(y, scores)
    expected = table["points_A_to_B"]
    start = np.flatnonzero(np.isclose(recall, expected[0]["recall"]))[-1]
    got = slice(start, start + len(expected))
    np.testing.assert_allclose(recall[got], [p["recall"] for p in expected], rtol=1e-15)
    np.testing.assert_allclose(precision[got], [p["precision"] for p in expected], rtol=1e-15)
    # Points inside the 0.8 tie group carry that group's score.
    assert np.all(thresholds[start + 1 : start + len(expected)] == 0.8)
    # The curve starts held flat at the first point's precision and ends at P/(P+N).
    assert (recall[0], precision[0]) == (0.0, 0.5)
    assert (recall[-1], precision[-1]) == (1.0, pytest.approx(20 / 2020))


def test_paper_figure6_straight_lines_overstate_tenfold():
    # 433 positives and 56,164 negatives; the first point (recall 0.02: 9 positives
    # alone at the top, precision 1) is held flat to recall 0, then everything else is
    # tied. Straight lines from there enclose about 0.50; the correct curve falls at
    # once towards the prevalence and encloses about 0.031.
    n_pos, n_neg, top = 433, 56164, 9
    y = np.r_[np.ones(n_pos), np.zeros(n_neg)]
    scores = np.r_[np.ones(top), np.zeros(n_pos - top + n_neg)]
    linear = spc.pr_auc_score(y, scores, interpolation="linear")
    dg = spc.pr_auc_score(y, scores)
    continuous = spc.pr_auc_score(y, scores, interpolation="continuous")
    assert linear == pytest.approx(0.50, abs=0.02)
    assert dg == pytest.approx(0.031, abs=0.002)
    assert continuous == pytest.approx(0.031, abs=0.002)
    assert linear > 10 * dg


@st.composite
def ranked(draw, weights="none"):
    n = draw(st.integers(2, 30))
    y = np.array(draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)))
    if y.min() == y.max():
        y[0] = 1 - y[0]
    scores = np.array(draw(st.lists(st.integers(0, 6), min_size=n, max_size=n)), dtype=float)
    w = None
    if weights == "int":
        w = np.array(draw(st.lists(st.integers(1, 4), min_size=n, max_size=n)), dtype=float)
    elif weights == "frac":
        w = np.array(
            draw(st.lists(st.sampled_from([0.25, 0.5, 1.5, 2.75, 3.0]), min_size=n, max_size=n))
        )
    return y, scores, w


@settings(max_examples=200, deadline=None)
@given(
    ranked(),
    st.sampled_from(["davis-goadrich", "linear", "step"]),
    st.sampled_from(["interpolate", "drop"]),
)
def test_fast_area_equals_exact_reference_unweighted(data, interpolation, leading):
    y, scores, _ = data
    tp, fp = reference_path(y.tolist(), scores.tolist())
    exact = reference_pr_area(tp, fp, interpolation, leading)
    got = path_area(np.array(tp, dtype=float), np.array(fp, dtype=float), interpolation, leading)
    assert got == pytest.approx(float(exact), rel=1e-13)


@settings(max_examples=200, deadline=None)
@given(ranked(weights="frac"), st.sampled_from(["davis-goadrich", "linear"]))
def test_fast_area_equals_exact_reference_fractional_weights(data, interpolation):
    y, scores, w = data
    tp, fp = reference_path(y.tolist(), scores.tolist(), [Fraction(x) for x in w.tolist()])
    exact = reference_pr_area(tp, fp, interpolation)
    assert spc.pr_auc_score(y, scores, sample_weight=w, interpolation=interpolation) == (
        pytest.approx(float(exact), rel=1e-13)
    )


@pytest.mark.parametrize("counts", [
    [0, 1, 2, 31, 32, 33, 34, 100, 2000],  # many head terms: added term by term
    [0, 0, 0, 1, 1, 2, 3, 4],  # few (resampled unit counts): all at once
])
def test_step_sum_matches_exact_sum_across_regimes(counts):
    rng = np.random.default_rng(0)
    c = rng.choice([0.0, 1, 5, 37, 1000, 123456], size=400)
    z = rng.choice([0.0, 0.5, 3, 33, 40.25, 1e3, 1e5, 1e7], size=400) * rng.random(400)
    count = rng.choice(counts, size=400).astype(float)
    got = step_sum(c, z, count)
    for ci, zi, ni, gi in zip(c, z, count, got):
        exact = sum((Fraction(ci) + x) / (x + Fraction(zi)) for x in range(1, int(ni) + 1))
        if exact == 0:
            assert gi == 0
        else:
            assert abs(Fraction(gi) - exact) / exact < Fraction(1, 10**14)


def test_continuous_area_is_accurate_when_negatives_dominate():
    # The textbook log form cancels when FP >> TP; compare with 60-digit decimals.
    getcontext().prec = 60
    rng = np.random.default_rng(1)
    worst = 0.0
    for _ in range(300):
        tp_a = float(rng.integers(0, 50))
        fp_a = float(rng.choice([0, 1, 10, 1e3, 1e6, 1e9]))
        d_tp = float(rng.integers(1, 20))
        d_fp = float(rng.choice([0, 1, 7, 1e4, 1e7, 1e10]))
        n_pos = tp_a + d_tp + float(rng.integers(0, 10))
        if tp_a + fp_a == 0:
            continue
        got = segment_areas(
            np.array([tp_a]), np.array([fp_a]), np.array([tp_a + d_tp]),
            np.array([fp_a + d_fp]), n_pos, "continuous",
        )[0]
        D = Decimal
        skew = D(d_fp) / D(d_tp)
        a = 1 + skew
        b = (D(fp_a) - skew * D(tp_a)) / D(n_pos)
        r_a, r_b = D(tp_a) / D(n_pos), (D(tp_a) + D(d_tp)) / D(n_pos)
        exact = (1 / a) * ((r_b - r_a) - (b / a) * ((a * r_b + b) / (a * r_a + b)).ln())
        worst = max(worst, float(abs(D(got) - exact) / exact))
    assert worst < 1e-14


def test_davis_goadrich_memory_does_not_grow_with_positives():
    # One tie group with 1e7 positives and 1e9 negatives: the step sum has 1e7 terms
    # but is evaluated in closed form.
    tp = np.array([0.0, 1e7, 2e7])
    fp = np.array([0.0, 5e6, 1e9])
    tracemalloc.start()
    dg = path_area(tp, fp, "davis-goadrich")
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert peak < 100_000
    continuous = path_area(tp, fp, "continuous")
    assert dg == pytest.approx(continuous, rel=1e-6)  # steps are tiny at this scale
    # and equal to the literal sum, evaluated in chunks here
    x = np.arange(1, 10**7 + 1, dtype=float)
    p = (1e7 + x) / (1e7 + x + 5e6 + (1e9 - 5e6) / 1e7 * x)
    p0 = 1e7 / 1.5e7
    literal = (1e7 / 2e7) * p0 + (np.sum(p[:-1]) + (p0 + p[-1]) / 2) / 2e7
    assert dg == pytest.approx(literal, rel=1e-12)


# --- properties --------------------------------------------------------------------

INTERPOLATED = ["davis-goadrich", "continuous", "linear"]


@settings(max_examples=100, deadline=None)
@given(ranked(), st.sampled_from(INTERPOLATED))
def test_achievable_dominates_raw(data, interpolation):
    y, scores, _ = data
    raw = spc.pr_auc_score(y, scores, interpolation=interpolation)
    best = spc.achievable_pr_auc_score(y, scores, interpolation=interpolation)
    assert best >= raw - 1e-12
    assert spc.auc(*spc.roc_convex_hull(y, scores)[:2]) >= spc.roc_auc_score(y, scores) - 1e-12


@settings(max_examples=100, deadline=None)
@given(ranked(weights="int"))
def test_hull_equals_exact_monotone_chain(data):
    y, scores, w = data
    tp, fp = reference_path(y.tolist(), scores.tolist(), w.tolist())
    hull = reference_upper_hull(fp, tp)
    fpr, tpr, _ = spc.roc_convex_hull(y, scores, sample_weight=w)
    np.testing.assert_allclose(fpr, [float(x / fp[-1]) for x, _ in hull], rtol=1e-15)
    np.testing.assert_allclose(tpr, [float(t / tp[-1]) for _, t in hull], rtol=1e-15)


def test_hull_falls_back_to_monotone_chain(monkeypatch):
    import sklearn_prcurves._measures._hull as hull_module

    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, 500)
    scores = rng.random(500)
    expected = spc.roc_convex_hull(y, scores)
    monkeypatch.setattr(hull_module, "_MAX_PRUNING_PASSES", 1)
    for got, want in zip(spc.roc_convex_hull(y, scores), expected):
        np.testing.assert_array_equal(got, want)


@settings(max_examples=100, deadline=None)
@given(ranked(), st.sampled_from(INTERPOLATED))
def test_achievable_curve_keeps_exactly_the_hull_points(data, interpolation):
    y, scores, _ = data
    fpr, tpr, hull_thresholds = spc.roc_convex_hull(y, scores)
    precision, recall, thresholds = spc.achievable_pr_curve(
        y, scores, interpolation=interpolation
    )
    n_pos, n_neg = y.sum(), (1 - y).sum()
    # The vertices of the achievable curve are the hull's vertices, mapped (Thm 3.1).
    hull_precision, hull_recall = spc.roc_to_pr(fpr, tpr, n_pos=n_pos, n_neg=n_neg)
    for r, p in zip(hull_recall[1:], hull_precision[1:]):
        assert np.any(np.isclose(recall, r, rtol=0, atol=1e-12) & np.isclose(precision, p))
    assert set(thresholds[1:]) == set(hull_thresholds[1:])


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_theorem_3_2_dominance_is_the_same_in_both_spaces(data):
    n = data.draw(st.integers(4, 25))
    y = np.array(data.draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)))
    y[0], y[1] = 0, 1
    score_b = np.array(data.draw(st.lists(st.integers(0, 5), min_size=n, max_size=n)), float)
    if data.draw(st.booleans()):  # raise some positives' scores: A dominates B
        boost = np.array(data.draw(st.lists(st.integers(0, 3), min_size=n, max_size=n)))
        score_a = score_b + boost * y
    else:
        score_a = np.array(data.draw(st.lists(st.integers(0, 5), min_size=n, max_size=n)), float)
    grid = np.linspace(0.001, 1, 397)
    for first, second in ((score_a, score_b), (score_b, score_a)):
        roc = spc.curve_dominates(y, first, second, space="roc")
        pr = spc.curve_dominates(y, first, second, space="pr")
        assert roc == pr
        if pr:  # brute force: precision of the first is nowhere below the second's
            gap = _precision_on_grid(y, first, grid) - _precision_on_grid(y, second, grid)
            assert gap.min() >= -1e-12


def test_dominance_detects_crossing_curves():
    y = np.array([1, 1, 0, 0])
    a = np.array([4, 1, 3, 2.0])  # ranks 1, 0, 0, 1: good early, bad late
    b = np.array([3, 2, 4, 1.0])  # ranks 0, 1, 1, 0
    for space in ("roc", "pr"):
        assert not spc.curve_dominates(y, a, b, space=space)
        assert not spc.curve_dominates(y, b, a, space=space)
        assert spc.curve_dominates(y, a, a, space=space)


def _precision_on_grid(y, scores, grid):
    """Precision of the exact PR curve at recalls ``grid`` (0 < r <= 1), by brute force."""
    tp, fp = reference_path(y.tolist(), scores.tolist())
    n_pos = tp[-1]
    out = []
    for r in grid:
        target = Fraction(r) * n_pos
        j = next(i for i in range(1, len(tp)) if tp[i] >= target)
        i = j - 1
        while tp[i] == tp[j]:
            i -= 1
        fp_at = fp[i] + (fp[j] - fp[i]) * (target - tp[i]) / (tp[j] - tp[i])
        out.append(float(target / (target + fp_at)))
    return np.array(out)


@settings(max_examples=100, deadline=None)
@given(ranked(), st.sampled_from(INTERPOLATED + ["step"]), st.randoms(use_true_random=False))
def test_invariant_to_sample_order_and_monotone_transforms(data, interpolation, random):
    y, scores, _ = data
    base = spc.pr_auc_score(y, scores, interpolation=interpolation)
    order = list(range(len(y)))
    random.shuffle(order)
    assert spc.pr_auc_score(y[order], scores[order], interpolation=interpolation) == (
        pytest.approx(base, rel=1e-12)
    )
    transformed = np.exp(scores / 3) * 7 - 2
    assert spc.pr_auc_score(y, transformed, interpolation=interpolation) == (
        pytest.approx(base, rel=1e-12)
    )
    hull = spc.achievable_pr_auc_score(y, scores, interpolation=interpolation)
    assert spc.achievable_pr_auc_score(y, transformed, interpolation=interpolation) == (
        pytest.approx(hull, rel=1e-12)
    )


@settings(max_examples=100, deadline=None)
@given(ranked(weights="int"), st.sampled_from(INTERPOLATED))
def test_integer_weights_equal_repeated_rows(data, interpolation):
    y, scores, w = data
    repeat = w.astype(int)
    for metric in (spc.pr_auc_score, spc.achievable_pr_auc_score):
        weighted = metric(y, scores, sample_weight=w, interpolation=interpolation)
        repeated = metric(np.repeat(y, repeat), np.repeat(scores, repeat), interpolation=interpolation)
        assert weighted == pytest.approx(repeated, rel=1e-12)


@settings(max_examples=100, deadline=None)
@given(ranked(weights="frac"), st.sampled_from([0.01, 0.3, 7.0, 1e4]))
def test_continuous_is_invariant_to_weight_scale(data, factor):
    y, scores, w = data
    for metric in (spc.pr_auc_score, spc.achievable_pr_auc_score):
        base = metric(y, scores, sample_weight=w, interpolation="continuous")
        assert metric(y, scores, sample_weight=w * factor, interpolation="continuous") == (
            pytest.approx(base, rel=1e-12)
        )


def test_davis_goadrich_is_not_invariant_to_weight_scale_and_says_so():
    y, scores = np.array([1, 0, 1, 0, 1]), np.array([5, 4, 3, 3, 1.0])
    w = np.ones(5)
    assert spc.pr_auc_score(y, scores, sample_weight=w) != pytest.approx(
        spc.pr_auc_score(y, scores, sample_weight=w * 10), rel=1e-6
    )
    assert "not invariant" in spc.pr_auc_score.__doc__


@settings(max_examples=50, deadline=None)
@given(ranked())
def test_davis_goadrich_approaches_continuous_as_counts_grow(data):
    y, scores, _ = data
    continuous = spc.pr_auc_score(y, scores, interpolation="continuous")
    gaps = []
    for factor in (1, 10, 100):
        dg = spc.pr_auc_score(y, scores, sample_weight=np.full(len(y), float(factor)))
        gaps.append(abs(dg - continuous))
    assert gaps[2] <= gaps[1] + 1e-13 <= gaps[0] + 2e-13
    assert gaps[2] < 1e-3


@settings(max_examples=100, deadline=None)
@given(ranked(weights="frac"))
def test_step_equals_average_precision(data):
    y, scores, w = data
    assert spc.pr_auc_score(y, scores, interpolation="step") == spc.average_precision_score(
        y, scores
    )
    assert spc.pr_auc_score(y, scores, interpolation="step", sample_weight=w) == (
        spc.average_precision_score(y, scores, sample_weight=w)
    )


def test_theorem_3_1_round_trip():
    rng = np.random.default_rng(5)
    fpr = np.sort(rng.random(50))
    tpr = np.sort(rng.random(50)) + 1e-3
    tpr /= tpr.max()
    precision, recall = spc.roc_to_pr(fpr, tpr, n_pos=40, n_neg=3000)
    back_fpr, back_tpr = spc.pr_to_roc(precision, recall, n_pos=40, n_neg=3000)
    np.testing.assert_allclose(back_fpr, fpr, rtol=1e-12, atol=1e-15)
    np.testing.assert_array_equal(back_tpr, tpr)
    assert np.isnan(spc.roc_to_pr([0.5], [0.0], n_pos=1, n_neg=1)[0][0])
    with pytest.raises(ValueError, match="in \\[0, 1\\]"):
        spc.roc_to_pr([1.5], [0.5], n_pos=1, n_neg=1)
    with pytest.raises(ValueError, match="n_pos and n_neg must be positive"):
        spc.pr_to_roc([0.5], [0.5], n_pos=0, n_neg=1)


# --- multiclass, multilabel and bad input -----------------------------------------


def test_multiclass_and_multilabel_follow_average_precision_rules():
    rng = np.random.default_rng(7)
    y = rng.integers(0, 3, 60)
    proba = rng.dirichlet(np.ones(3), 60)
    for average in ("macro", "weighted", "micro", "samples", None):
        ours = spc.pr_auc_score(y, proba, average=average, interpolation="step")
        theirs = spc.average_precision_score(y, proba, average=average)
        np.testing.assert_array_equal(ours, theirs)
    per_class = spc.pr_auc_score(y, proba, average=None)
    manual = [spc.pr_auc_score((y == c).astype(int), proba[:, c]) for c in range(3)]
    np.testing.assert_allclose(per_class, manual, rtol=1e-15)
    assert spc.pr_auc_score(y, proba) == pytest.approx(np.mean(manual), rel=1e-15)
    counts = np.bincount(y)
    assert spc.pr_auc_score(y, proba, average="weighted") == pytest.approx(
        np.average(manual, weights=counts), rel=1e-15
    )
    indicator = np.eye(3, dtype=int)[y]
    assert spc.achievable_pr_auc_score(indicator, proba, average="macro") == pytest.approx(
        np.mean([spc.achievable_pr_auc_score(indicator[:, c], proba[:, c]) for c in range(3)])
    )


def test_string_labels_with_pos_label():
    y = np.array(["spam", "ham", "spam", "ham", "ham"])
    scores = np.array([0.9, 0.8, 0.7, 0.2, 0.1])
    assert spc.pr_auc_score(y, scores, pos_label="spam") == pytest.approx(
        spc.pr_auc_score((y == "spam").astype(int), scores)
    )


@pytest.mark.parametrize(
    "kwargs, options",
    [
        ({"interpolation": "trapezoid"}, ["continuous", "davis-goadrich", "linear", "step"]),
        ({"leading_negatives": "keep"}, ["drop", "interpolate"]),
    ],
)
def test_unknown_option_lists_the_options(kwargs, options):
    with pytest.raises(ValueError, match=f"'{next(iter(kwargs))}' parameter") as error:
        spc.pr_auc_score([0, 1], [0.1, 0.9], **kwargs)
    for option in options:
        assert f"'{option}'" in str(error.value)


@pytest.mark.parametrize("metric", [spc.pr_auc_score, spc.achievable_pr_auc_score])
@pytest.mark.parametrize("y", [[1, 1, 1], [0, 0, 0]])
def test_single_class_is_nan_with_warning(metric, y):
    with pytest.warns(UndefinedMetricWarning, match="Only one class is present in y_true"):
        assert np.isnan(metric(y, [0.1, 0.5, 0.9]))


@pytest.mark.parametrize(
    "func",
    [spc.pr_auc_score, spc.achievable_pr_auc_score, spc.pr_curve, spc.roc_convex_hull],
)
def test_negative_weights_are_refused(func):
    with pytest.raises(ValueError, match="non-negative"):
        func([0, 1, 1], [0.1, 0.5, 0.9], sample_weight=[1.0, -1.0, 1.0])


@pytest.mark.parametrize(
    "y, scores, kwargs",
    [
        ([0, 1, 1], [0.1, np.nan, 0.3], {}),
        ([0, 1, 1], [0.1, np.inf, 0.3], {}),
        ([0, 1, 1], [0.1, 0.2], {}),
        ([0, 1, 1], [0.1, 0.2, 0.3], {"sample_weight": [1.0, np.nan, 1.0]}),
        ([0, 1, 1], [0.1, 0.2, 0.3], {"pos_label": 3}),
        ([0.5, 1.5, 0.2], [0.1, 0.2, 0.3], {}),
        ([0, 1, 1], [[0.1, 0.9], [0.2, 0.8], [0.3, 0.7]], {}),
    ],
)
def test_bad_input_raises_what_average_precision_raises(y, scores, kwargs):
    with pytest.raises(Exception) as theirs:
        spc.average_precision_score(y, scores, **kwargs)
    for metric in (spc.pr_auc_score, spc.achievable_pr_auc_score):
        with pytest.raises(theirs.type, match=None) as ours:
            metric(y, scores, **kwargs)
        # (the package's own functions may name the likely mistake first, issue 36)
        assert str(ours.value).endswith(str(theirs.value)) or (
            str(ours.value).endswith(f"({theirs.value})"))


def test_curves_refuse_a_single_class():
    with pytest.raises(ValueError, match="Only one class"):
        spc.pr_curve([1, 1], [0.2, 0.3])
    with pytest.raises(ValueError, match="Only one class"):
        spc.achievable_pr_curve([0, 0], [0.2, 0.3])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(UndefinedMetricWarning, match="No negative samples"):
            spc.roc_convex_hull([1, 1], [0.2, 0.3])


@settings(max_examples=100, deadline=None)
@given(ranked(), st.sampled_from(["davis-goadrich", "linear"]), st.sampled_from(["interpolate", "drop"]))
def test_curve_points_integrate_to_the_score(data, interpolation, leading):
    y, scores, _ = data
    precision, recall, thresholds = spc.pr_curve(
        y, scores, interpolation=interpolation, leading_negatives=leading
    )
    assert recall[0] == 0 and recall[-1] == 1
    assert np.all(np.diff(recall) >= 0)
    area = float(np.sum(np.diff(recall) * (precision[1:] + precision[:-1]) / 2))
    assert area == pytest.approx(
        spc.pr_auc_score(y, scores, interpolation=interpolation, leading_negatives=leading),
        rel=1e-12,
    )
    assert np.all(np.diff(thresholds[1:]) <= 0)  # thresholds decrease along the curve


@settings(max_examples=60, deadline=None)
@given(st.data(), st.sampled_from([None, 1, 2, 5]))
def test_area_of_a_step_only_table_is_its_paths_area(data, chunk):
    # A table with every score distinct and no weights gives its segments from the
    # positives' row numbers; the area must be path_area's float, pieces included
    # (``chunk``: path_area's piece size, shrunk so that small paths span pieces).
    from sklearn_prcurves._measures import _interpolation
    from sklearn_prcurves._table._counts import CountTable, count_table

    n = data.draw(st.integers(2, 60))
    scores = np.array(data.draw(st.lists(st.floats(0, 1, allow_nan=False), min_size=n,
                                         max_size=n, unique=True)))
    is_pos = np.array(data.draw(st.lists(st.booleans(), min_size=n, max_size=n)))
    assume(0 < is_pos.sum() < n)
    with pytest.MonkeyPatch.context() as patch:
        if chunk is not None:
            patch.setattr(_interpolation, "_AREA_CHUNK", chunk)
        for interpolation in INTERPOLATIONS:
            for leading in ("interpolate", "drop"):
                table = count_table(is_pos, scores)
                assert table.lazy
                tp, fp, _ = _interpolation.table_path(
                    CountTable(table.thresholds, table.tps, table.fps))
                assert _interpolation.table_area(count_table(is_pos, scores), interpolation,
                                                 leading) \
                    == _interpolation.path_area(tp, fp, interpolation, leading)


@settings(max_examples=60, deadline=None)
@given(
    pos=st.lists(st.sampled_from([0.0, 0.0, 1.0, 2.0, 0.37, 5.5]), min_size=2, max_size=25),
    neg=st.lists(st.sampled_from([0.0, 1.0, 3.0, 0.02, 40.0, 1e6]), min_size=2, max_size=25),
    cuts=st.lists(st.integers(1, 24), max_size=3),
)
def test_continuous_area_derivatives_are_the_area_s(pos, neg, cuts):
    # The derivative of the continuous area in each row's positive and negative weight
    # (the report's delta method reads them): central differences of path_area agree,
    # and a path cut into pieces gives the same derivatives as the whole.
    from sklearn_prcurves._measures._interpolation import continuous_area_derivatives

    k = min(len(pos), len(neg))
    pos, neg = np.array(pos[:k]), np.array(neg[:k])
    assume(pos.sum() > 0 and neg.sum() > 0)

    def area(p, n):
        tp, fp = np.r_[0.0, np.cumsum(p)], np.r_[0.0, np.cumsum(n)]
        return path_area(tp, fp, "continuous")

    tp, fp = np.r_[0.0, np.cumsum(pos)], np.r_[0.0, np.cumsum(neg)]
    (d_pos, d_neg), = continuous_area_derivatives([(tp, fp)], tp[-1], area(pos, neg))
    for weights, derivative in ((pos, d_pos), (neg, d_neg)):
        for i in np.flatnonzero(weights):
            step = 1e-5 * weights[i]
            up, down = weights.copy(), weights.copy()
            up[i] += step
            down[i] -= step
            if weights is pos:
                numeric = (area(up, neg) - area(down, neg)) / (2 * step)
            else:
                numeric = (area(pos, up) - area(pos, down)) / (2 * step)
            assert derivative[i] == pytest.approx(numeric, rel=1e-4, abs=1e-9 / weights[i])
    edges = sorted({c for c in cuts if c < k})
    pieces = [(tp[a:b + 1], fp[a:b + 1]) for a, b in zip([0, *edges], [*edges, k])]
    parts = list(continuous_area_derivatives(pieces, tp[-1], area(pos, neg)))
    assert np.allclose(np.concatenate([p for p, _ in parts]), d_pos, rtol=1e-12, atol=1e-15)
    assert np.allclose(np.concatenate([n for _, n in parts]), d_neg, rtol=1e-12, atol=1e-15)

"""Operating points and related measures against loops written for clarity."""

import numpy as np
import pytest
from _reference import reference_path
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import confusion_matrix, f1_score, fbeta_score

import sklearn_prcurves as spc
from sklearn_prcurves.exceptions import UndefinedMetricWarning


@st.composite
def problems(draw):
    n = draw(st.integers(2, 30))
    y = np.array(draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)))
    y[0], y[1] = 0, 1
    scores = np.array(draw(st.lists(st.integers(0, 6), min_size=n, max_size=n)), float)
    return y, scores


@settings(max_examples=100, deadline=None)
@given(problems())
def test_every_measure_matches_confusion_matrix_at_each_threshold(problem):
    y, scores = problem
    points = spc.operating_points(y, scores)
    assert np.all(np.diff(points.threshold) < 0)
    for i, t in enumerate(points.threshold):
        predicted = (scores >= t).astype(int)
        tn, fp, fn, tp = confusion_matrix(y, predicted, labels=[0, 1]).ravel()
        assert (points.tp[i], points.fp[i], points.tn[i], points.fn[i]) == (tp, fp, tn, fn)
        assert points.ppv[i] == pytest.approx(tp / (tp + fp))
        assert points.tpr[i] == pytest.approx(tp / (tp + fn))
        assert points.tnr[i] == pytest.approx(tn / (tn + fp))
        assert points.f1[i] == pytest.approx(f1_score(y, predicted))
        assert points.accuracy[i] == pytest.approx((tp + tn) / len(y))
        assert points.youden_j[i] == pytest.approx(tp / (tp + fn) + tn / (tn + fp) - 1)
        if tn + fn:
            assert points.npv[i] == pytest.approx(tn / (tn + fn))
        else:
            assert np.isnan(points.npv[i])


@settings(max_examples=100, deadline=None)
@given(problems(), st.sampled_from([0.0, 0.3, 0.5, 0.8, 1.0]))
def test_recall_at_precision_and_precision_at_recall_by_brute_force(problem, level):
    y, scores = problem
    candidates = []
    for t in np.unique(scores):
        predicted = scores >= t
        tp = np.sum(predicted & (y == 1))
        candidates.append((tp / predicted.sum(), tp / y.sum(), t))
    feasible = [r for p, r, _ in candidates if p >= level]
    if feasible:
        recall, threshold = spc.recall_at_precision(y, scores, min_precision=level)
        assert recall == pytest.approx(max(feasible))
    else:
        with pytest.warns(UndefinedMetricWarning):
            assert np.isnan(spc.recall_at_precision(y, scores, min_precision=level)[0])
    precision, _ = spc.precision_at_recall(y, scores, min_recall=level)
    assert precision == pytest.approx(max(p for p, r, _ in candidates if r >= level))


@settings(max_examples=200, deadline=None)
@given(problems(), st.sampled_from([0.0, 0.1, 0.25, 0.3, 0.5, 0.9, 1.0]),
       st.lists(st.integers(0, 3), min_size=30, max_size=30),
       st.sampled_from([None, 0.05, 0.5]))
def test_recall_and_precision_at_a_flag_rate_by_brute_force(problem, budget, weights,
                                                            prevalence):
    """The best recall flagging at most the budget's share of the weight (at the
    prevalence: pi TPR + (1 - pi) FPR; ties to the highest threshold), in fractions: 3
    of 10 rows meet a budget of 0.3, which as a double is above 3/10."""
    from fractions import Fraction

    y, scores = problem
    w = np.array(weights[: y.shape[0]], float)
    w[:2] = 1  # (both classes keep some weight)
    pos, neg = Fraction(int(w[y == 1].sum())), Fraction(int(w[y == 0].sum()))
    pi = None if prevalence is None else Fraction(prevalence)
    best = None
    for t in np.unique(scores[w > 0])[::-1]:
        at = scores >= t
        tp, fp = Fraction(int(w[at & (y == 1)].sum())), Fraction(int(w[at & (y == 0)].sum()))
        share = (tp + fp) / (pos + neg) if pi is None else pi * tp / pos + (1 - pi) * fp / neg
        if share <= Fraction(budget) and (best is None or tp / pos > best[1]):
            # (ties in recall go to the highest threshold: fewer flags, same recall)
            best = (t, tp / pos, tp / (tp + fp) if pi is None
                    else pi * tp / pos / share if share else None)
    kwargs = dict(max_flag_rate=budget, sample_weight=w, prevalence=prevalence)
    if best is None:
        with pytest.warns(UndefinedMetricWarning, match="flag-rate budget"):
            assert np.isnan(spc.recall_at_flag_rate(y, scores, **kwargs).value)
        return
    recall = spc.recall_at_flag_rate(y, scores, **kwargs)
    precision = spc.precision_at_flag_rate(y, scores, **kwargs)
    assert recall.threshold == precision.threshold == best[0]
    assert recall.value == pytest.approx(float(best[1]), rel=1e-12)
    assert precision.value == pytest.approx(float(best[2]), rel=1e-12)
    if prevalence is None:
        assert spc.recall_at_flag_rate_score(y, scores, max_flag_rate=budget,
                                             sample_weight=w) == recall.value


@settings(max_examples=100, deadline=None)
@given(problems(), st.sampled_from([0.5, 1.0, 2.0]))
def test_fbeta_optimal_threshold_by_brute_force(problem, beta):
    y, scores = problem
    threshold, best = spc.fbeta_optimal_threshold(y, scores, beta=beta)
    values = {t: fbeta_score(y, scores >= t, beta=beta) for t in np.unique(scores)}
    assert best == pytest.approx(max(values.values()))
    assert values[threshold] == pytest.approx(best)


@settings(max_examples=100, deadline=None)
@given(problems())
def test_break_even_point_matches_exact_reference(problem):
    y, scores = problem
    value, threshold = spc.break_even_point(y, scores)
    # Walk the count path exactly: precision = recall where TP + FP = P, with TP and
    # FP moving linearly inside a step.
    tp, fp = reference_path(y.tolist(), scores.tolist())
    n_pos = tp[-1]
    j = next(i for i in range(len(tp)) if tp[i] + fp[i] >= n_pos)
    share = (n_pos - tp[j - 1] - fp[j - 1]) / (tp[j] + fp[j] - tp[j - 1] - fp[j - 1])
    tp_at = tp[j - 1] + share * (tp[j] - tp[j - 1])
    assert value == pytest.approx(float(tp_at / n_pos), rel=1e-12, abs=1e-15)
    assert threshold == sorted(set(scores), reverse=True)[j - 1]


def test_break_even_point_inside_a_tie_group():
    # 2 positives; 1 negative alone on top, then a tie of 2 positives and 2 negatives.
    y = [0, 1, 1, 0, 0]
    scores = [0.9, 0.5, 0.5, 0.5, 0.5]
    value, threshold = spc.break_even_point(y, scores)
    # Predicted positives reach P = 2 one row into the tie: TP = 1/4 of 2 = 0.5.
    assert value == pytest.approx(0.25)
    assert threshold == 0.5


def test_grouped_auc_against_per_group_loop():
    rng = np.random.default_rng(0)
    groups = rng.integers(0, 30, 600)
    y = rng.integers(0, 2, 600)
    scores = np.round(rng.normal(size=600) + y, 1)
    weight = rng.uniform(0.5, 2, 600)
    for group_weight in ("samples", "uniform"):
        for w in (None, weight):
            aucs, sizes = [], []
            for g in np.unique(groups):
                rows = groups == g
                if len(np.unique(y[rows])) < 2:
                    continue
                sw = None if w is None else w[rows]
                aucs.append(spc.roc_auc_score(y[rows], scores[rows], sample_weight=sw))
                sizes.append(rows.sum() if w is None else w[rows].sum())
            expected = np.average(aucs, weights=sizes if group_weight == "samples" else None)
            got = spc.grouped_roc_auc_score(
                y, scores, groups, group_weight=group_weight, sample_weight=w
            )
            assert got == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize("values", [
    np.arange(5),                        # every value of the range: ids are offsets
    np.array([3, 5, 6, 7, 9]),           # most of the range: ids are offsets, gaps unused
    np.array([-4, -2, -1]),              # the same below zero
    np.array([0, 100, 1000]),            # a sparse range: ids are positions
    np.array([2**40, 2**40 + 7]),        # beyond the table: np.unique
    np.array(["b", "a", "c"]),
], ids=["all", "gaps", "negative", "sparse", "wide", "text"])
@pytest.mark.parametrize("weighted", [False, True])
def test_grouped_auc_group_ids_and_group_weight(values, weighted):
    """Whatever the groups' values, each group's AUC is weighted by its own entry of
    an array ``group_weight`` (in the order of ``np.unique(groups)``)."""
    rng = np.random.default_rng(len(values))
    n = 400
    groups = values[rng.integers(0, len(values), n)]
    y = rng.integers(0, 2, n)
    scores = rng.random(n) + 0.3 * y
    w = rng.uniform(0.5, 2, n) if weighted else None
    labels = np.unique(groups)
    group_weight = rng.uniform(1, 10, labels.shape[0])
    aucs = [spc.roc_auc_score(y[groups == g], scores[groups == g],
                              sample_weight=None if w is None else w[groups == g])
            for g in labels]
    expected = np.average(aucs, weights=group_weight)
    got = spc.grouped_roc_auc_score(y, scores, groups, group_weight=group_weight,
                                    sample_weight=w)
    assert got == pytest.approx(expected, rel=1e-12)
    sizes = [np.sum(groups == g) if w is None else w[groups == g].sum() for g in labels]
    got = spc.grouped_roc_auc_score(y, scores, groups, sample_weight=w)
    assert got == pytest.approx(np.average(aucs, weights=sizes), rel=1e-12)


def test_grouped_auc_edge_cases():
    assert spc.grouped_roc_auc_score(
        [1, 0, 1, 1], [0.9, 0.1, 0.5, 0.6], ["a", "a", "b", "b"], group_weight=[2.0, 5.0]
    ) == 1.0  # group "b" holds one class and is skipped
    with pytest.warns(UndefinedMetricWarning, match="No group holds both classes"):
        assert np.isnan(spc.grouped_roc_auc_score([1, 0], [0.2, 0.1], ["a", "b"]))
    with pytest.raises(ValueError, match="group_weight has 1 entries but there are 2 groups"):
        spc.grouped_roc_auc_score([1, 0], [0.2, 0.1], ["a", "b"], group_weight=[1.0])


def test_operating_points_refuse_a_single_class():
    with pytest.raises(ValueError, match="Only one class"):
        spc.operating_points([1, 1], [0.3, 0.4])


def test_results_are_named_and_unpack_as_before():
    y, scores = [0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.2, 0.7]
    recall, threshold = point = spc.recall_at_precision(y, scores, min_precision=0.6)
    assert (point.value, point.threshold) == (recall, threshold)
    assert repr(point).startswith("OperatingPoint(value=")
    threshold, fbeta = optimum = spc.fbeta_optimal_threshold(y, scores)
    assert optimum.fbeta == fbeta and optimum.threshold == threshold
    low, high = interval = spc.roc_auc_ci(y, scores)
    assert interval.estimate == pytest.approx(spc.roc_auc_score(y, scores)) and interval.method == "delong"
    assert interval.confidence_level == 0.95 and (interval.low, interval.high) == (low, high)
    assert "estimate=" in repr(interval)
    assert spc.pr_auc_ci(y, scores).estimate == pytest.approx(spc.pr_auc_score(y, scores))
    boot = spc.bootstrap_ci("roc_auc", y * 50, scores * 50, n_resamples=200, random_state=0)
    assert boot.method == "bootstrap percentile" and boot.low <= boot.estimate <= boot.high
    test = spc.delong_test(y, scores, [0.2, 0.1, 0.5, 0.3, 0.9, 0.8])
    assert test.pvalue == test["pvalue"] and repr(test).startswith("TestResult(")


def test_compare_curves_says_which_dominates_or_that_they_cross():
    y = [1, 0, 0, 1]
    better, worse = [0.9, 0.1, 0.2, 0.8], [0.9, 0.8, 0.1, 0.2]
    assert spc.compare_curves(y, better, worse) == "a"
    assert spc.compare_curves(y, worse, better, space="pr") == "b"
    assert spc.compare_curves(y, better, better) == "equal"
    assert spc.compare_curves(y, [0.9, 0.8, 0.7, 0.1], [0.5, 0.9, 0.3, 0.4]) == "crossing"


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_grouped_auc_vectorised_equals_each_groups_auc(data):
    """One pass over all groups gives each group's roc_auc_score (ties, zero weights,
    signed zeros, groups with one class)."""
    from sklearn_prcurves._measures._grouped import _grouped_aucs

    n = data.draw(st.integers(2, 80))
    n_groups = data.draw(st.integers(1, 8))
    groups = np.array(data.draw(st.lists(st.integers(0, n_groups - 1), min_size=n, max_size=n)))
    y = np.array(data.draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)))
    # Signed scores (the general path) or non-negative ones (the packed one-sort path),
    # among them scores a unit in the last place apart, which the packed keys cannot
    # tell apart: their groups are counted again.
    pool = data.draw(st.sampled_from([
        [-1.0, -0.0, 0.0, 0.5, 2.0],
        [-0.0, 0.0, 0.5, np.nextafter(0.5, 1), np.nextafter(0.5, 0), 1e-300, 2.0],
    ]))
    scores = np.array(data.draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n)))
    if data.draw(st.booleans()):
        scores = scores.astype(np.float32)
    weight = None
    if data.draw(st.booleans()):
        weight = np.array(data.draw(st.lists(st.sampled_from([0.0, 0.5, 1.0, 3.25]),
                                             min_size=n, max_size=n)))
    aucs = _grouped_aucs(y.astype(bool), scores, groups, n_groups, weight)
    for g in range(n_groups):
        rows = groups == g
        if weight is not None:
            rows &= weight > 0
        labels = y[rows]
        if labels.size == 0 or labels.min() == labels.max():
            assert np.isnan(aucs[g])
            continue
        expected = spc.roc_auc_score(labels, scores[rows],
                                     sample_weight=None if weight is None else weight[rows])
        assert aucs[g] == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize("scale", [1e-300, 1e-170, 1e170, 1e300])
def test_grouped_auc_is_invariant_to_the_scale_of_the_weights(scale):
    """Products of two weights leave float64 at these scales; the per-group AUCs are
    built from shares (this was NaN with "no group holds both classes" before)."""
    rng = np.random.default_rng(0)
    y, s = rng.integers(0, 2, 300), np.round(rng.random(300), 1)
    groups, w = rng.integers(0, 10, 300), rng.integers(1, 4, 300).astype(float)
    expected = spc.grouped_roc_auc_score(y, s, groups, sample_weight=w)
    with np.errstate(all="raise"):
        got = spc.grouped_roc_auc_score(y, s, groups, sample_weight=w * scale)
    assert got == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize("heavy", [1e300, 1e-300, 1e16])
def test_a_group_keeps_its_area_beside_a_group_of_another_scale(heavy):
    """A group of weights near 1 after one of 1e300 had an area of 0 (its negatives'
    running sum was absorbed by the heavy group's): each group's area is its own."""
    rng = np.random.default_rng(0)
    groups = np.repeat([0, 1, 2], 200)
    y, s = rng.integers(0, 2, 600), np.round(rng.random(600), 2)
    w = np.where(groups == 1, 1.0, heavy) * rng.uniform(0.5, 2, 600)
    from sklearn_prcurves._measures._grouped import _grouped_aucs

    aucs = _grouped_aucs(y == 1, s, groups, 3, w)
    for g in range(3):
        rows = groups == g
        assert aucs[g] == pytest.approx(
            spc.roc_auc_score(y[rows], s[rows], sample_weight=w[rows]), rel=1e-14)


def test_grouped_auc_moves_by_rounding_only_with_the_weights_scale():
    """Each group's totals are summed in extended precision: a power of ten times every
    weight moves the grouped AUC by an ulp or two (3.5e-14 before, with float sums of
    4,000 rows per group)."""
    rng = np.random.default_rng(0)
    y, s, groups = rng.integers(0, 2, 20000), rng.random(20000), rng.integers(0, 5, 20000)
    w = rng.integers(1, 4, 20000).astype(float)
    expected = spc.grouped_roc_auc_score(y, s, groups, sample_weight=w)
    for scale in (1e-300, 1e-170, 1e170, 1e300):
        got = spc.grouped_roc_auc_score(y, s, groups, sample_weight=w * scale)
        assert got == pytest.approx(expected, rel=1e-15, abs=0)


def test_grouped_aucs_with_every_weight_zero_are_undefined():
    # No row left: every group's AUC is NaN (np.bincount of no rows gives integers).
    from sklearn_prcurves._measures._grouped import _grouped_aucs

    aucs = _grouped_aucs(np.array([False, True]), np.array([-1.0, 2.0]), np.array([0, 1]), 2,
                         np.array([0.0, 0.0]))
    assert aucs.dtype == np.float64 and np.isnan(aucs).all()

"""Mergeable summaries: chunked equals one-shot; binned results carry true bounds."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sklearn_prcurves as spc


@st.composite
def chunked(draw, weights=False):
    n = draw(st.integers(4, 60))
    y = np.array(draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)))
    y[:2] = [0, 1]
    pool = draw(st.sampled_from([[-1.5, -0.0, 0.0, 0.25, 2.0, 7.0], list(np.linspace(0, 1, 40))]))
    s = np.array(draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n)))
    w = (np.array(draw(st.lists(st.integers(1, 3), min_size=n, max_size=n)), dtype=float)
         if weights else None)
    cuts = sorted(set(draw(st.lists(st.integers(1, n - 1), max_size=4))))
    return y, s, w, [0, *cuts, n]


def _chunks(y, s, w, bounds):
    for a, b in zip(bounds[:-1], bounds[1:]):
        yield y[a:b], s[a:b], None if w is None else w[a:b]


@settings(max_examples=100, deadline=None)
@given(chunked(weights=True))
def test_exact_summary_of_chunks_equals_the_one_shot_metrics(data):
    y, s, w, bounds = data
    summaries = [spc.ExactSummary().update(*chunk) for chunk in _chunks(y, s, w, bounds)]
    merged = summaries[0]
    for other in summaries[1:]:
        merged = merged.merge(other)
    streamed = spc.ExactSummary()
    for chunk in _chunks(y, s, w, bounds):
        streamed.update(*chunk)
    for summary in (merged, streamed):
        # Whole counts: the merged table is the one-shot table, and each area is read
        # from it by the one-shot function's own reading, to the bit.
        assert summary.roc_auc() == spc.roc_auc_score(y, s, sample_weight=w)
        for interpolation in ("davis-goadrich", "continuous", "linear"):
            assert summary.pr_auc(interpolation) == spc.pr_auc_score(
                y, s, sample_weight=w, interpolation=interpolation)
        assert summary.achievable_pr_auc() == spc.achievable_pr_auc_score(y, s, sample_weight=w)
        assert summary.average_precision() == spc.average_precision_score(y, s, sample_weight=w)
        _assert_same_curves(summary, y, s, w)
    # merging is commutative
    reverse = summaries[-1]
    for other in reversed(summaries[:-1]):
        reverse = reverse.merge(other)
    assert reverse.pr_auc() == pytest.approx(merged.pr_auc(), rel=1e-12)


def _assert_same_curves(summary, y, s, w):
    """Every curve of a summary is the in-memory function's, array for array."""
    pairs = [
        (summary.roc_curve(), spc.roc_curve(y, s, sample_weight=w)),
        (summary.roc_curve(drop_intermediate=False),
         spc.roc_curve(y, s, sample_weight=w, drop_intermediate=False)),
        (summary.precision_recall_curve(), spc.precision_recall_curve(y, s, sample_weight=w)),
        (summary.roc_convex_hull(), spc.roc_convex_hull(y, s, sample_weight=w)),
        (summary.achievable_pr_curve(), spc.achievable_pr_curve(y, s, sample_weight=w)),
    ] + [
        (summary.pr_curve(i, lead),
         spc.pr_curve(y, s, sample_weight=w, interpolation=i, leading_negatives=lead))
        for i in ("davis-goadrich", "continuous", "step") for lead in ("interpolate", "drop")
    ]
    for got, expected in pairs:
        assert len(got) == len(expected)
        for a, b in zip(got, expected):
            np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-15)


@settings(max_examples=150, deadline=None)
@given(chunked(weights=True), st.sampled_from([0, 2, 4, 8, 52]))
def test_binned_bounds_contain_the_exact_values(data, bits):
    y, s, w, bounds = data
    summary = spc.BinnedSummary(mantissa_bits=bits)
    for chunk in _chunks(y, s, w, bounds):
        summary.update(*chunk)
    estimate, bound = summary.roc_auc()
    assert abs(estimate - spc.roc_auc_score(y, s, sample_weight=w)) <= bound + 1e-12
    low, high = summary.average_precision_interval()
    assert low - 1e-12 <= spc.average_precision_score(y, s, sample_weight=w) <= high + 1e-12
    # merged equals streamed
    parts = [spc.BinnedSummary(bits).update(*chunk) for chunk in _chunks(y, s, w, bounds)]
    merged = parts[0]
    for other in parts[1:]:
        merged = merged.merge(other)
    np.testing.assert_array_equal(merged.keys_, summary.keys_)
    np.testing.assert_allclose(merged.pos_, summary.pos_)


@settings(max_examples=100, deadline=None)
@given(chunked(weights=True), st.sampled_from([0, 2, 4, 8, 52]), st.booleans())
def test_score_table_cuts_the_scores_and_corner_tables_bound_the_exact_values(
        data, bits, refined):
    y, s, w, _ = data
    summary = spc.BinnedSummary(mantissa_bits=bits).update(y, s, sample_weight=w)
    if refined and summary.keys_.shape[0]:
        keys = summary.keys_[::2]  # some bins refined, others not
        summary = summary.refined(keys, summary.refine_rows(y, s, w, keys))
    table = summary.score_table()
    weight = np.ones_like(s) if w is None else w
    for threshold, tp, fp in zip(table.thresholds, table.tps, table.fps):
        above = s >= threshold  # predicting positive from an entry's lowest score
        assert tp == pytest.approx(np.sum(weight[above & (y == 1)]), rel=1e-9, abs=1e-300)
        assert fp == pytest.approx(np.sum(weight[above & (y == 0)]), rel=1e-9, abs=1e-300)
    if 0 < np.sum(weight[y == 1]) and 0 < np.sum(weight[y == 0]):
        best, worst = summary.corner_tables()
        exact = spc.roc_auc_score(y, s, sample_weight=w)
        low, high = (spc.ExactSummary().add_table(t).roc_auc() for t in (worst, best))
        assert low - 1e-12 <= exact <= high + 1e-12


def test_bins_tighten_and_become_exact():
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 20_000)
    s = rng.normal(size=20_000) + y
    exact = spc.roc_auc_score(y, s)
    bounds = []
    for bits in (4, 8, 12):
        estimate, bound = spc.BinnedSummary(bits).update(y, s).roc_auc()
        assert abs(estimate - exact) <= bound
        bounds.append(bound)
    assert bounds[0] > bounds[1] > bounds[2]
    fine = spc.BinnedSummary(52).update(y, s)
    assert fine.roc_auc()[0] == pytest.approx(exact, rel=1e-12)  # one bin per value
    assert fine.pr_auc() == pytest.approx(spc.pr_auc_score(y, s), rel=1e-12)


def test_signed_zeros_share_a_bin_and_errors():
    summary = spc.BinnedSummary(4).update([0, 1], [-0.0, 0.0])
    assert summary.keys_.shape == (1,)
    assert summary.roc_auc() == (0.5, 0.5)
    with pytest.raises(ValueError, match="mantissa_bits"):
        spc.BinnedSummary(60)
    with pytest.raises(ValueError, match="same mantissa_bits"):
        spc.BinnedSummary(4).merge(spc.BinnedSummary(5))
    low, high = spc.BinnedSummary(4).update(
        [0, 1, 1], [0.1, 0.2, 0.3], [0.5, 1, 1]).average_precision_interval()
    assert low <= spc.average_precision_score([0, 1, 1], [0.1, 0.2, 0.3],
                                              sample_weight=[0.5, 1, 1]) <= high
    with pytest.raises(ValueError, match="single class"):
        spc.ExactSummary().update([1, 1], [0.1, 0.2]).pr_auc()
    with pytest.raises(ValueError, match="single class"):
        spc.ExactSummary().update([1, 1], [0.1, 0.2]).achievable_pr_curve()
    with pytest.raises(ValueError, match="no rows"):
        spc.ExactSummary().roc_curve()
    with pytest.raises(ValueError, match="interpolation must be one of"):
        spc.ExactSummary().update([0, 1], [0.1, 0.2]).pr_curve("spline")
    with pytest.raises(ValueError, match="leading_negatives must be one of"):
        spc.ExactSummary().update([0, 1], [0.1, 0.2]).pr_auc(leading_negatives="keep")


@settings(max_examples=100, deadline=None)
@given(chunked(weights=True), st.sampled_from([0, 3, 6]), st.sampled_from([0.0, 1e-3, 1e-2]))
def test_refinement_reaches_the_tolerance_and_stays_certified(data, bits, tolerance):
    y, s, w, _ = data
    refined = spc.BinnedSummary(bits).update(y, s, w).refine(y, s, w, tolerance=tolerance)
    estimate, bound = refined.roc_auc()
    exact = spc.roc_auc_score(y, s, sample_weight=w)
    assert bound <= tolerance + 1e-15
    assert abs(estimate - exact) <= bound + 1e-12
    if tolerance == 0:
        assert estimate == pytest.approx(exact, rel=1e-12)
    low, high = refined.average_precision_interval()
    assert low - 1e-12 <= spc.average_precision_score(y, s, sample_weight=w) <= high + 1e-12
    with pytest.raises(ValueError, match="cannot be merged"):
        refined.merge(refined)


def _reference_bins(is_pos, scores, weight, bits):
    """Bins counted row by row: the top bits of the float32 order key (-0.0 is 0.0);
    float64 scores below float32's smallest normal number in the bin of 0 (positive)
    or of -1.2e-38 (negative), whatever the floating-point mode."""
    counts = {}
    as_float32 = np.asarray(scores, dtype=np.float32)
    if np.asarray(scores).dtype != np.float32:
        tiny = np.finfo(np.float32).tiny
        as_float32 = np.array([np.float32(0.0) if 0 < v < tiny else -tiny if -tiny < v < 0
                               else v32 for v, v32 in zip(np.asarray(scores), as_float32)],
                              dtype=np.float32)
    for i, value in enumerate(as_float32):
        raw = int((value + np.float32(0.0)).view(np.uint32))  # -0.0 + 0.0 is 0.0
        key = (raw ^ 0xFFFFFFFF) if raw >> 31 else (raw | 1 << 31)
        pos, neg = counts.get(key >> (23 - bits), (0.0, 0.0))
        w = 1.0 if weight is None else weight[i]
        counts[key >> (23 - bits)] = (pos + w, neg) if is_pos[i] else (pos, neg + w)
    keys = sorted(counts)
    return (np.array(keys, dtype=np.uint64), np.array([counts[k][0] for k in keys]),
            np.array([counts[k][1] for k in keys]))


_TINY = [0.0, -0.0, 1e-45, -1e-45, 1e-42, -1e-42, 1e-50, -1e-50, 2.5e-39, -2.5e-39,
         3.4e38, -3.4e38, 1.0, -1.0, 0.1, -0.1]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.one_of(st.sampled_from(_TINY),
                                                  st.floats(-1e6, 1e6)),
                          st.integers(1, 4)), min_size=1, max_size=60),
       st.integers(0, 13), st.booleans(), st.booleans())
def test_dense_bin_counting_matches_row_by_row_binning(rows, bits, weighted, as_float32):
    is_pos = np.array([r[0] for r in rows])
    scores = np.array([r[1] for r in rows], dtype=np.float32 if as_float32 else np.float64)
    weight = np.array([r[2] for r in rows], dtype=float) if weighted else None
    summary = spc.BinnedSummary(bits).add_counts(is_pos, scores, weight)
    keys, pos, neg = _reference_bins(is_pos, scores, weight, bits)
    occupied = (pos > 0) | (neg > 0)
    np.testing.assert_array_equal(summary.keys_, keys[occupied])
    np.testing.assert_allclose(summary.pos_, pos[occupied], rtol=1e-12)
    np.testing.assert_allclose(summary.neg_, neg[occupied], rtol=1e-12)


@pytest.mark.parametrize("scale", [1e-300, 1e-170, 1.0, 1e170, 1e300])
def test_binned_bounds_hold_at_extreme_weight_scales(scale):
    """Products of two weights leave float64 at these scales: the bounds use shares."""
    rng = np.random.default_rng(11)
    y = rng.integers(0, 2, 400)
    s = np.round(rng.normal(size=400), 1)
    w = rng.integers(1, 4, 400) * scale
    with np.errstate(all="raise"):
        summary = spc.BinnedSummary(mantissa_bits=2).update(y, s, sample_weight=w)
        estimate, bound = summary.roc_auc()
        low, high = summary.average_precision_interval()
    exact_auc = spc.roc_auc_score(y, s, sample_weight=w)
    exact_ap = spc.average_precision_score(y, s, sample_weight=w)
    assert 0 < bound < 0.5 and abs(estimate - exact_auc) <= bound * (1 + 1e-12)
    assert low <= exact_ap * (1 + 1e-12) and exact_ap <= high * (1 + 1e-12)
    reference = spc.BinnedSummary(mantissa_bits=2).update(y, s, sample_weight=w / scale)
    assert (estimate, bound) == pytest.approx(reference.roc_auc(), rel=1e-12)


@settings(max_examples=100, deadline=None)
@given(chunked(weights=True))
def test_delong_s_estimates_are_the_area_s_bits(data):
    """DeLong's interval and test report :func:`roc_auc_score`'s float, not their
    components' mean (the same area in another rounding), with and without clusters."""
    y, s, w, _ = data
    if min(np.sum(y == 1), np.sum(y == 0)) < 2:
        return
    area = spc.roc_auc_score(y, s, sample_weight=w)
    assert spc.roc_auc_ci(y, s, sample_weight=w).estimate == area
    assert spc.delong_test(y, s, s[::-1], sample_weight=w).auc_a == area
    distinct = s + np.arange(s.shape[0]) * 1e-9  # (the distinct-score path)
    assert spc.delong_test(y, distinct, s).auc_a == spc.roc_auc_score(y, distinct)

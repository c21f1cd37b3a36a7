"""certified_review_band: the band shipped is the certified one reviewing least (a
search over every pair of thresholds, exactly), its review bound holds for every band
at once in a known population, the whole policy keeps its guarantee there, and what it
cannot certify it refuses in one line."""

import math
import warnings
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import binom, norm
from sklearn.exceptions import UndefinedMetricWarning

import sklearn_prcurves as spc
from sklearn_prcurves._inference._band import review_pvalues, scan_cells
from sklearn_prcurves._inference._requirements import RequirementCounts, family_passed
from sklearn_prcurves._table._entry import two_class_table


def _every_pair(y, s, w, precision, npv, review, confidence):
    """The band by brute force: every (upper, lower) pair of distinct scores, the
    requirements' certified sets as the tests give them, the share reviewed and its
    scan p-value from scipy's binomial, the least review compared as fractions."""
    table = two_class_table(y, s, 1, w)
    requirements = {"precision": precision, "npv": npv}
    if review is not None:
        requirements["review_rate"] = review
    alpha = (1 - confidence) / len(requirements)
    counts = RequirementCounts(table.tps, table.fps, table.n_pos, table.n_neg, None, None)
    uppers = family_passed(counts, ["precision"], requirements, alpha, False)[0]
    lowers = family_passed(counts, ["npv"], requirements, alpha, True)[0]
    total = table.n_pos + table.n_neg
    cells, run = scan_cells(float(total), float(review or 0.5), alpha)
    best = None
    for a in np.flatnonzero(uppers):
        for b in np.flatnonzero(lowers):
            if b < a:
                continue
            reviewed = Fraction(float(table.tps[b] + table.fps[b])) - Fraction(
                float(table.tps[a] + table.fps[a]))
            if review is not None:
                k = float(reviewed)
                tail = 1.0 if k >= total else binom.cdf(k, total, run / cells) if (
                    float(k).is_integer() and float(total).is_integer()) else None
                if tail is None:
                    continue
                if min(1.0, (cells - run + 1) * tail) > alpha * (1 + 1e-9):
                    continue
            if best is None or reviewed < best[0]:
                best = (reviewed, table.thresholds[a], table.thresholds[b])
    return best


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), n=st.integers(30, 300),
       review=st.sampled_from([None, 0.2, 0.5]), ties=st.booleans())
def test_the_band_is_the_least_reviewed_certified_pair(seed, n, review, ties):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.4).astype(int)
    y[:2] = [0, 1]
    s = rng.normal(size=n) + 2.0 * y
    s = np.round(s, 1) if ties else s
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        band = spc.certified_review_band(y, s, min_precision=0.7, min_npv=0.7,
                                         max_review_rate=review, confidence_level=0.8)
    best = _every_pair(y, s, None, 0.7, 0.7, review, 0.8)
    if best is None:
        assert not band.certified
        return
    assert band.certified
    assert Fraction(band.review_rate).limit_denominator(n) == best[0] / n
    assert band.upper >= band.lower
    # (the band's own shares, read back from the rows)
    auto_pos, auto_neg = s >= band.upper, s < band.lower
    assert band.precision == pytest.approx(y[auto_pos].mean())
    assert band.npv == pytest.approx(1 - y[auto_neg].mean())
    assert band.positive_rate + band.negative_rate + band.review_rate == pytest.approx(1)
    assert band.recall == pytest.approx(y[auto_pos].sum() / y.sum())


def test_weights_count_as_repeated_rows():
    rng = np.random.default_rng(3)
    y = (rng.random(300) < 0.4).astype(int)
    s = np.round(rng.normal(size=300) + 2 * y, 1)
    w = rng.integers(1, 4, size=300)
    weighted = spc.certified_review_band(y, s, min_precision=0.8, min_npv=0.8,
                                         max_review_rate=0.5, sample_weight=w)
    repeated = spc.certified_review_band(np.repeat(y, w), np.repeat(s, w),
                                         min_precision=0.8, min_npv=0.8,
                                         max_review_rate=0.5)
    assert weighted.certified
    assert weighted[:2] == repeated[:2]
    assert weighted.pvalue == pytest.approx(repeated.pvalue)


def test_review_pvalues_are_the_scan_bound():
    cells, run = scan_cells(2000.0, 0.1, 0.01)
    assert run == math.floor(0.1 * cells) - 1
    counts = np.array([50.0, 120.0, 150.0, 2000.0])
    expected = np.minimum(1, (cells - run + 1) * binom.cdf(counts, 2000, run / cells))
    np.testing.assert_allclose(review_pvalues(counts, 2000.0, 0.1, 0.01), expected,
                               rtol=1e-10)
    # (no other choice of cells lets more rows be reviewed at the level)
    def critical(m):
        r = math.floor(0.1 * m) - 1
        return binom.ppf(0.01 / (m - r + 1), 2000, r / m)
    chosen = critical(cells)
    assert all(critical(m) <= chosen + 1 for m in range(25, 4000, 7))


def test_the_review_bound_holds_for_every_band_at_once():
    """Uniform scores: the band most likely to pass wrongly is the emptiest window of
    population mass just above the budget; every window is scanned."""
    rng = np.random.default_rng(0)
    n, budget, level, draws = 400, 0.2, 0.1, 400
    failures = 0
    for _ in range(draws):
        x = np.sort(rng.random(n))
        # (fewest rows in any window [a, a + budget) of mass budget, a a row or 0)
        starts = np.concatenate([[0.0], x[x <= 1 - budget]])
        ends = np.searchsorted(x, starts + budget, side="left")
        inside = ends - np.searchsorted(x, starts, side="left")
        failures += bool((review_pvalues(inside.astype(float), float(n), budget, level)
                          <= level).any())
    rate = failures / draws
    assert rate <= level + 3 * math.sqrt(level * (1 - level) / draws)


def _population(rng, n, prevalence=0.3):
    y = rng.random(n) < prevalence
    return y.astype(int), rng.normal(size=n) + 2.0 * y


def _truth(lower, upper, prevalence=0.3):
    """Precision above, NPV below and the share between for the binormal population."""
    tpr, fpr = norm.sf(upper - 2), norm.sf(upper)
    precision = prevalence * tpr / (prevalence * tpr + (1 - prevalence) * fpr)
    fn, tn = norm.cdf(lower - 2), norm.cdf(lower)
    npv = (1 - prevalence) * tn / ((1 - prevalence) * tn + prevalence * fn)
    flagged = lambda t: prevalence * norm.sf(t - 2) + (1 - prevalence) * norm.sf(t)  # noqa: E731
    return precision, npv, flagged(lower) - flagged(upper)


def test_the_policy_keeps_its_guarantee_in_a_known_population():
    rng = np.random.default_rng(1)
    draws, confidence = 150, 0.8
    failures = certified = 0
    for _ in range(draws):
        y, s = _population(rng, 600)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UndefinedMetricWarning)
            band = spc.certified_review_band(y, s, min_precision=0.85, min_npv=0.9,
                                             max_review_rate=0.45,
                                             confidence_level=confidence)
        if band.certified:
            certified += 1
            precision, npv, review = _truth(band.lower, band.upper)
            failures += precision < 0.85 or npv < 0.9 or review > 0.45
    assert certified >= draws // 2
    rate = failures / draws
    assert rate <= (1 - confidence) + 3 * math.sqrt(0.2 * 0.8 / draws)


def test_the_prevalence_moves_precision_and_npv():
    rng = np.random.default_rng(2)
    y, s = _population(rng, 5000)
    here = spc.certified_review_band(y, s, min_precision=0.6, min_npv=0.9)
    there = spc.certified_review_band(y, s, min_precision=0.6, min_npv=0.9, prevalence=0.1)
    # (fewer positives: precision needs a higher upper threshold, the NPV holds lower)
    assert there.upper > here.upper
    assert there.lower >= here.lower
    auto = s >= there.upper
    factor = (y.sum() / (1 - y).sum()) * (0.9 / 0.1)
    tp, fp = y[auto].sum(), (1 - y)[auto].sum()
    assert there.precision == pytest.approx(tp / (tp + factor * fp))


def test_clusters_widen_the_band():
    rng = np.random.default_rng(4)
    clusters = np.repeat(np.arange(400), 8)
    effect = rng.normal(size=400)[clusters]
    y = (rng.random(3200) < 0.3).astype(int)
    s = 0.5 * effect + rng.normal(size=3200) * 0.5 + 2.5 * y
    rows = spc.certified_review_band(y, s, min_precision=0.8, min_npv=0.9)
    grouped = spc.certified_review_band(y, s, min_precision=0.8, min_npv=0.9,
                                        groups=clusters)
    assert rows.certified and grouped.certified
    assert grouped.review_rate >= rows.review_rate


@pytest.mark.parametrize("keyword", [{"prevalence": 0.1}, {"groups": np.arange(40) % 7}])
def test_a_review_bound_it_cannot_give_is_refused(keyword):
    y, s = np.arange(40) % 2, np.arange(40.0)
    with pytest.raises(ValueError, match="max_review_rate: the share reviewed cannot be certified with"):
        spc.certified_review_band(y, s, min_precision=0.5, min_npv=0.5,
                                  max_review_rate=0.5, **keyword)


@pytest.mark.parametrize("requirements, named", [
    ({"min_precision": 0.99, "min_npv": 0.5}, "precision >= 0.99"),
    ({"min_precision": 0.5, "min_npv": 0.99}, "npv >= 0.99"),
    ({"min_precision": 0.6, "min_npv": 0.6, "max_review_rate": 0.01}, "at most 0.01"),
])
def test_nothing_certified_is_nan_with_the_reason(requirements, named):
    rng = np.random.default_rng(5)
    y, s = _population(rng, 200)
    with pytest.warns(UndefinedMetricWarning, match=named):
        band = spc.certified_review_band(y, s, **requirements)
    assert not band.certified and math.isnan(band.upper) and math.isnan(band.pvalue)
    assert all(math.isnan(v) for v in band.estimate.values())


def test_bad_requirements_are_refused():
    with pytest.raises(ValueError, match="min_npv"):
        spc.certified_review_band([0, 1], [0.1, 0.9], min_precision=0.5, min_npv=1.5)
    with pytest.raises(TypeError, match="min_npv"):
        spc.certified_review_band([0, 1], [0.1, 0.9], min_precision=0.5)

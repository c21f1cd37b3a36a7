"""certified_threshold: against a written-out Learn-then-Test, and in populations.

The reference counts each threshold's rows one by one, takes SciPy's binomial tails
(integer counts; in fractions where a tail ties with its level) and runs each fixed
sequence as a loop. The simulations draw rows
from a population whose precision, recall and false positive rate are known and count
the draws whose returned threshold misses the target there: at most 5% may, where
the plain empirical choice misses in about half (benchmarks/coverage_certified_threshold.py
has the full table).
"""

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

KEYS = {"precision": "min_precision", "recall": "min_recall", "fpr": "max_fpr"}


def reference(y, scores, measure, target, confidence=0.95, grid=None):
    """(threshold, pvalue) by the definition, or None when nothing is certified."""
    y, scores = np.asarray(y, bool), np.asarray(scores, float)
    grid = sorted(set(scores.tolist()) if grid is None else set(grid), reverse=True)
    n_pos, n_neg = int(y.sum()), int((~y).sum())
    counts = [(int((y & (scores >= t)).sum()), int((~y & (scores >= t)).sum()))
              for t in grid]
    alpha = 1 - confidence
    if measure == "precision":
        pvalues = [binom.sf(tp - 1, tp + fp, target) if tp else 1.0 for tp, fp in counts]
    elif measure == "recall":
        pvalues = [binom.sf(tp - 1, n_pos, target) if tp else 1.0 for tp, _ in counts]
    else:
        pvalues = [binom.cdf(fp, n_neg, target) for _, fp in counts]
    if measure == "precision":
        fewest = math.log(alpha) / math.log(target)
        sizes = [fewest * 2**i for i in range(64) if fewest * 2**i <= sum(counts[-1])]
        level = alpha / max(1, len(sizes))
        fewest = math.log(level) / math.log(target)
        starts = {_first_at_least(counts, fewest * 2**i) for i in range(64)
                  if fewest * 2**i <= sum(counts[-1])}
        order = [range(start, len(grid)) for start in starts]
    elif measure == "recall":
        level, order = alpha, [range(len(grid) - 1, -1, -1)]
    else:
        level, order = alpha, [range(len(grid))]
    passed = set()
    for sequence in order:
        for j in sequence:
            if _above(pvalues[j], level, measure, counts[j], n_pos, n_neg, target):
                break
            passed.add(j)
    if not passed:
        return None

    def merit(j):
        tp, fp = counts[j]
        return (tp / (tp + fp), -j) if measure == "recall" else (tp, -j)
    best = max(passed, key=merit)
    return grid[best], pvalues[best]


def _above(pvalue, level, measure, counts, n_pos, n_neg, target):
    """Whether a tail is above the level; within 1e-9 of it (a tie that rounding
    decides either way: P(Binomial(15, 1/2) <= 7) is exactly 1/2), in fractions."""
    if abs(pvalue - level) > 1e-9:
        return pvalue > level
    tp, fp = counts
    p = Fraction(target)
    if measure == "fpr":
        ks, n = range(fp + 1), n_neg
    else:
        n = tp + fp if measure == "precision" else n_pos
        ks = range(tp, n + 1)
    exact = sum(math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in ks)
    return exact > Fraction(level)


def _first_at_least(counts, size):
    return next(j for j, (tp, fp) in enumerate(counts) if tp + fp >= size)


@settings(max_examples=300, deadline=None)
@given(
    y=st.lists(st.booleans(), min_size=2, max_size=300),
    seed=st.integers(0, 2**32 - 1),
    levels=st.integers(2, 40),
    measure=st.sampled_from(sorted(KEYS)),
    target=st.sampled_from([0.05, 0.3, 0.5, 0.7, 0.9]),
    confidence=st.sampled_from([0.5, 0.8, 0.95]),
)
def test_the_reference_learn_then_test(y, seed, levels, measure, target, confidence):
    y = np.array(y)
    if y.all() or not y.any():
        y[0] = not y[0]
    rng = np.random.default_rng(seed)
    scores = rng.integers(0, levels, y.shape[0]) + 0.5 * y * rng.integers(0, 3, y.shape[0])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        got = spc.certified_threshold(y, scores, **{KEYS[measure]: target},
                                      confidence_level=confidence)
    expected = reference(y, scores, measure, target, confidence)
    if expected is None:
        assert not got.certified and math.isnan(got.pvalue)
        assert [w.category for w in caught] == [UndefinedMetricWarning]
        return
    at = scores >= got.threshold
    # (a threshold predicting every row positive leaves the negative predictive value
    # undefined, and says so)
    assert [str(w.message)[:34] for w in caught] == (
        ["The negative predictive value is u"] if at.all() else [])
    assert got.certified and got.threshold == expected[0]
    assert got.pvalue == pytest.approx(expected[1], rel=1e-9, abs=1e-300)
    assert got.precision == (y & at).sum() / at.sum()
    assert got.recall == (y & at).sum() / y.sum()
    assert got.fpr == (~y & at).sum() / (~y).sum()
    assert got.estimate == getattr(got, measure) and got.guaranteed == target


def test_a_grid_is_compared_with_the_scores_exactly():
    rng = np.random.default_rng(1)
    y = rng.random(3000) < 0.3
    # scores on the grid's values, rounded to float32 (float32 0.35 lies below 0.35)
    scores = np.round(rng.normal(size=3000) + 2 * y, 1).astype(np.float32)
    grid = np.round(np.linspace(-2, 4, 61), 2)
    got = spc.certified_threshold(y, scores, min_recall=0.8, thresholds=grid)
    # (float32 scores are float64 numbers exactly, so the reference's float64
    # comparisons are the exact ones: the float32 score 0.35 is below the threshold 0.35)
    assert (got.threshold, got.pvalue) == pytest.approx(
        reference(y, scores, "recall", 0.8, grid=grid.tolist()), rel=1e-9)
    at = scores.astype(np.float64) >= got.threshold
    assert got.recall == (y & at).sum() / y.sum()


def test_frequency_weights_are_repeated_rows():
    rng = np.random.default_rng(2)
    y = rng.random(400) < 0.4
    scores = np.round(rng.normal(size=400) + 1.5 * y, 1)
    weight = rng.integers(1, 4, 400)
    for key in KEYS.values():
        weighted = spc.certified_threshold(y, scores, sample_weight=weight, **{key: 0.7})
        repeated = spc.certified_threshold(np.repeat(y, weight), np.repeat(scores, weight),
                                           **{key: 0.7})
        assert weighted.threshold == repeated.threshold
        assert weighted.pvalue == pytest.approx(repeated.pvalue, rel=1e-9)


@pytest.mark.parametrize("kwargs, match", [
    ({}, "at least one requirement.* got none"),
    ({"max_flag_rate": 0.1, "max_flags": (1, 10)}, "max_flag_rate or max_flags, not both"),
    ({"max_flags": (0, 10)}, "0 < count < cases"),
    ({"max_flags": (2.5, 10)}, "two whole numbers"),
    ({"max_flags": (1, 2, 3)}, "max_flags must be"),
    ({"min_recall": 0.9, "max_flag_rate": 0.2}, "no threshold meets both"),
    ({"min_recall": 0.9, "thresholds": [0.5, np.nan]}, "NaN"),
    ({"min_recall": 0.9, "thresholds": [[0.5]]}, "1-D array of numbers"),
    ({"min_recall": 0.9, "thresholds": []}, "non-empty"),
    ({"min_recall": 0.9, "thresholds": ["a"]}, "array of numbers"),
])
def test_bad_arguments_are_refused(kwargs, match):
    with pytest.raises(ValueError, match=match):
        spc.certified_threshold([0, 1, 1, 0], [0.1, 0.9, 0.8, 0.3], **kwargs)


@pytest.mark.parametrize("kwargs", [{"min_precision": 1.0}, {"max_fpr": 0.0},
                                    {"min_recall": 0.5, "confidence_level": 1.0}])
def test_targets_no_finite_sample_can_certify_are_refused(kwargs):
    with pytest.raises(ValueError, match="range"):
        spc.certified_threshold([0, 1, 1, 0], [0.1, 0.9, 0.8, 0.3], **kwargs)


def test_one_class_is_an_error():
    with pytest.raises(ValueError, match="Only one class"):
        spc.certified_threshold([1, 1, 1], [0.1, 0.9, 0.8], min_recall=0.5)


def test_too_few_rows_warn_and_ship_nothing():
    with pytest.warns(UndefinedMetricWarning, match="No threshold can be certified"):
        got = spc.certified_threshold([0, 1, 1, 0, 1], [0.1, 0.9, 0.8, 0.3, 0.7],
                                      min_precision=0.9)
    assert not got.certified and math.isnan(got.threshold)


def _population_misses(measure, target, threshold, prevalence=0.3, gap=2.0):
    recall, fpr = norm.sf(threshold - gap), norm.sf(threshold)
    if measure == "recall":
        return recall < target
    if measure == "fpr":
        return fpr > target
    return prevalence * recall < target * (prevalence * recall + (1 - prevalence) * fpr)


@pytest.mark.parametrize("measure, target", [("precision", 0.8), ("recall", 0.9),
                                             ("fpr", 0.05)])
def test_the_guarantee_holds_in_a_known_population(measure, target):
    # 400 draws: a method missing the target in 5% of them misses in more than 9.5%
    # with probability below 1e-4; the plain choice misses in about half.
    rng = np.random.default_rng(hash(measure) % 2**32)
    misses = plain_misses = certified = 0
    for _ in range(400):
        y = rng.random(600) < 0.3
        scores = rng.normal(size=600) + 2.0 * y
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UndefinedMetricWarning)
            got = spc.certified_threshold(y, scores, **{KEYS[measure]: target})
        certified += got.certified
        misses += got.certified and _population_misses(measure, target, got.threshold)
        with warnings.catch_warnings():
            plain = _plain_threshold(y, scores, measure, target)
        plain_misses += _population_misses(measure, target, plain)
    assert certified >= 300  # (the guarantee is not bought by shipping nothing)
    assert misses <= 38
    assert plain_misses >= 120


def _plain_threshold(y, scores, measure, target):
    warnings.simplefilter("ignore", UndefinedMetricWarning)  # (npv at the lowest one)
    if measure == "precision":
        return spc.recall_at_precision(y, scores, min_precision=target).threshold
    if measure == "recall":
        return spc.precision_at_recall(y, scores, min_recall=target).threshold
    points = spc.operating_points(y, scores)
    return points.threshold[np.flatnonzero(points.fpr <= target)[-1]]


def test_the_scorers_score_the_certified_threshold():
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GridSearchCV

    rng = np.random.default_rng(8)
    X = rng.normal(size=(3000, 3))
    y = (X[:, 0] + 0.5 * rng.normal(size=3000) > 1).astype(int)
    model = LogisticRegression().fit(X, y)
    scores = model.decision_function(X)
    for make, key, objective in [
            (spc.make_recall_at_precision_scorer, "min_precision", "recall"),
            (spc.make_precision_at_recall_scorer, "min_recall", "precision")]:
        scorer = make(0.8, confidence_level=0.9)
        expected = spc.certified_threshold(y, scores, **{key: 0.8}, confidence_level=0.9)
        assert expected.certified and scorer(model, X, y) == getattr(expected, objective)
    # in model selection: every fold of 1,000 rows certifies a threshold
    search = GridSearchCV(LogisticRegression(), {"C": [1e-4, 1.0]}, cv=3,
                          scoring=spc.make_recall_at_precision_scorer(
                              0.8, confidence_level=0.95)).fit(X, y)
    folds = [search.cv_results_[f"split{i}_test_score"] for i in range(3)]
    assert np.all((np.array(folds) > 0.3) & (np.array(folds) <= 1))


def test_a_scorer_with_nothing_certified_scores_0_and_warns():
    from sklearn.dummy import DummyClassifier

    X, y = np.zeros((40, 1)), np.array([0, 1] * 20)
    model = DummyClassifier(strategy="prior").fit(X, y)
    with pytest.warns(UndefinedMetricWarning, match="No threshold can be certified"):
        assert spc.make_recall_at_precision_scorer(0.9, confidence_level=0.95)(
            model, X, y) == 0.0


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), measure=st.sampled_from(sorted(KEYS)),
       cuts=st.lists(st.integers(1, 400), max_size=6))
def test_a_grid_in_pieces_certifies_as_the_whole(seed, measure, cuts):
    from sklearn_prcurves._inference._certified import certify

    rng = np.random.default_rng(seed)
    y = rng.random(500) < 0.3
    scores = np.round(rng.normal(size=500) + 1.5 * y, 2)
    table = spc.count_table(y, scores)
    edges = sorted({c for c in cuts if c < len(table.thresholds)})
    pieces = [(t, tp, fp) for t, tp, fp in zip(*(
        np.split(a, edges) for a in (table.thresholds, table.tps, table.fps)))]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        whole = spc.certified_threshold(y, scores, **{KEYS[measure]: 0.6})
        split = certify(pieces, table.n_pos, table.n_neg, measure, 0.6, 0.95)
    assert split == whole or (not whole.certified and not split.certified)


@settings(max_examples=200, deadline=None)
@given(dtype=st.sampled_from(["float64", "float32", "int64", "uint8", "bool", "object"]),
       seed=st.integers(0, 2**32 - 1),
       grid=st.lists(st.one_of(st.floats(allow_nan=False, width=64),
                               st.integers(-2**70, 2**70)), min_size=1, max_size=8))
def test_a_grid_counts_rows_as_the_exact_rule(dtype, seed, grid):
    from sklearn_prcurves._table._exact import counts_at_or_above, rows_at_or_above

    rng = np.random.default_rng(seed)
    values = rng.integers(-3, 4, 20) * rng.choice([1, 0.35, 2**60], 20)
    with np.errstate(invalid="ignore", over="ignore"):  # (wrapped into small types)
        cast = values.astype(dtype) if dtype != "object" else np.array(
            [int(v) for v in values], dtype=object)
    descending = np.unique(cast)[::-1]
    assert counts_at_or_above(descending, grid).tolist() == [
        rows_at_or_above(descending, t) for t in grid]


def _ratio_reference(tp, fp, n_pos, n_neg, ratio):
    """The prevalence test's p-value by its definition: twice the larger of recall's
    upper binomial tail at ``ratio * q`` and the false positive rate's lower tail at
    ``q``, at the ``q`` where they meet (Brent's root of their difference)."""
    from scipy.optimize import brentq

    def gap(q):
        return binom.sf(tp - 1, n_pos, min(ratio * q, 1.0)) - binom.cdf(fp, n_neg, q)

    q = brentq(gap, 0.0, min(1.0, 1 / ratio), xtol=1e-15)
    return min(1.0, 2 * binom.cdf(fp, n_neg, q))


@pytest.mark.parametrize("seed, prevalence, target",
                         [(0, 0.05, 0.6), (1, 0.2, 0.8), (2, 0.01, 0.3), (3, 0.5, 0.9)])
def test_precision_at_a_prevalence_is_tested_by_its_definition(seed, prevalence, target):
    rng = np.random.default_rng(seed)
    y = rng.random(3000) < 0.5
    scores = np.round(rng.normal(size=3000) + 3.0 * y, 2)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        got = spc.certified_threshold(y, scores, min_precision=target,
                                      prevalence=prevalence)
    assert got.certified
    tp, fp = int((y & (scores >= got.threshold)).sum()), int((~y & (scores >= got.threshold)).sum())
    n_pos, n_neg = int(y.sum()), int((~y).sum())
    ratio = target * (1 - prevalence) / ((1 - target) * prevalence)
    assert got.pvalue == pytest.approx(_ratio_reference(tp, fp, n_pos, n_neg, ratio),
                                       rel=1e-6)
    recall, fpr = tp / n_pos, fp / n_neg
    assert got.estimate == pytest.approx(
        prevalence * recall / (prevalence * recall + (1 - prevalence) * fpr), rel=1e-12)
    assert got.estimate >= target and (got.recall, got.fpr) == (recall, fpr)


@pytest.mark.parametrize("key, target", [("min_recall", 0.8), ("max_fpr", 0.1)])
def test_a_prevalence_moves_only_precision(key, target):
    """Recall and the false positive rate do not depend on the prevalence: the same
    threshold, its precision the deployment's."""
    rng = np.random.default_rng(4)
    y = rng.random(2000) < 0.4
    scores = rng.normal(size=2000) + 2.0 * y
    plain = spc.certified_threshold(y, scores, **{key: target})
    deployed = spc.certified_threshold(y, scores, **{key: target}, prevalence=0.01)
    assert (deployed.threshold, deployed.pvalue, deployed.recall, deployed.fpr) == (
        plain.threshold, plain.pvalue, plain.recall, plain.fpr)
    precision, recall, thresholds = spc.pr_curve(y, scores, prevalence=0.01)
    at = int(np.flatnonzero(thresholds == deployed.threshold)[0])
    assert deployed.precision == pytest.approx(precision[at], rel=1e-12)
    assert recall[at] == pytest.approx(deployed.recall, rel=1e-12)


def test_the_guarantee_holds_at_the_deployment_prevalence():
    # Balanced evaluation sets, deployed where 5% are positive; 400 draws: a method
    # missing the target in 5% of them misses in more than 9.5% with probability
    # below 1e-4 (benchmarks/coverage_certified_threshold.py --deployed: the table).
    rng = np.random.default_rng(5)
    misses = certified = 0
    for _ in range(400):
        y = rng.random(1000) < 0.5
        scores = rng.normal(size=1000) + 3.0 * y
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UndefinedMetricWarning)
            got = spc.certified_threshold(y, scores, min_precision=0.6, prevalence=0.05)
        certified += got.certified
        misses += got.certified and _population_misses("precision", 0.6, got.threshold,
                                                       prevalence=0.05, gap=3.0)
    assert certified >= 300
    assert misses <= 38


# Rows in clusters (groups=): the sums over clusters, each test's effective counts, and
# the guarantee for new clusters.


def _cluster_rows(seed, k=60, size=4, c=0.7, weighted=False):
    rng = np.random.default_rng(seed)
    groups = np.repeat(np.arange(k), 1 + rng.poisson(size - 1, k))
    effect = rng.normal(size=k)[groups]
    y = rng.random(groups.shape[0]) < 1 / (1 + np.exp(-(effect - 1.0)))
    scores = np.round(2.0 * y + c * effect + rng.normal(size=groups.shape[0]), 1)
    w = rng.integers(0, 4, groups.shape[0]).astype(float) if weighted else None
    return y, scores, rng.permutation(k)[groups], w


@pytest.mark.parametrize("weighted", [False, True])
def test_the_sums_over_clusters_are_their_definition(weighted):
    from sklearn_prcurves._table._moments import cluster_moments

    y, scores, groups, w = _cluster_rows(1, weighted=weighted)
    weight = np.ones(y.shape[0]) if w is None else w
    kept = weight > 0
    thresholds = np.unique(scores[kept])[::-1]
    got = cluster_moments(thresholds, y, scores, w, groups)
    total = weight.sum()
    for j in range(0, thresholds.shape[0], 3):
        at = scores >= thresholds[j]
        per = {name: np.array([weight[(groups == g) & mask].sum() for g in range(60)]) / total
               for name, mask in (("t", at & y), ("f", at & ~y), ("p", y), ("n", ~y))}
        assert got.tt[j] == pytest.approx(per["t"] @ per["t"], rel=1e-12, abs=1e-300)
        assert got.tf[j] == pytest.approx(per["t"] @ per["f"], rel=1e-12, abs=1e-300)
        assert got.ff[j] == pytest.approx(per["f"] @ per["f"], rel=1e-12, abs=1e-300)
        assert got.tp_pos[j] == pytest.approx(per["t"] @ per["p"], rel=1e-12, abs=1e-300)
        assert got.fp_neg[j] == pytest.approx(per["f"] @ per["n"], rel=1e-12, abs=1e-300)
        assert got.tp_neg[j] == pytest.approx(per["t"] @ per["n"], rel=1e-12, abs=1e-300)
        assert got.fp_pos[j] == pytest.approx(per["f"] @ per["p"], rel=1e-12, abs=1e-300)
        assert got.flagged_clusters[j] == np.count_nonzero(per["t"] + per["f"])
        below = {"tn": per["n"] - per["f"], "fn": per["p"] - per["t"]}
        mirrored = got.below()
        assert got.unflagged_clusters[j] == np.count_nonzero(
            [((groups == g) & ~at & (weight > 0)).any() for g in range(60)])
        for name, (a, b) in {"tt": ("tn", "tn"), "tf": ("tn", "fn"),
                             "ff": ("fn", "fn")}.items():
            assert getattr(mirrored, name)[j] == pytest.approx(
                below[a] @ below[b], rel=1e-9, abs=1e-15)
        assert mirrored.tp_pos[j] == pytest.approx(below["tn"] @ per["n"], rel=1e-9,
                                                   abs=1e-15)
    assert got.pos_pos == pytest.approx(per["p"] @ per["p"], rel=1e-12)
    assert got.neg_neg == pytest.approx(per["n"] @ per["n"], rel=1e-12)
    assert got.pos_neg == pytest.approx(per["p"] @ per["n"], rel=1e-12)
    assert (got.pos_clusters, got.neg_clusters, got.clusters, got.scale) == (
        np.count_nonzero(per["p"]), np.count_nonzero(per["n"]),
        np.count_nonzero(per["p"] + per["n"]), total)


def _effective(hits, totals, alpha):
    """Korn and Graubard's effective size written out (one-sided tail ``alpha``)."""
    from scipy import stats

    held = [(h, t) for h, t in zip(hits, totals) if t > 0]
    k, total = len(held), sum(t for _, t in held)
    p = sum(h for h, _ in held) / total
    variance = k / (k - 1) * sum((h - p * t) ** 2 for h, t in held) / total ** 2
    n = (min(p * (1 - p) / variance, total) if variance > 0 and 0 < p < 1
         else min(total ** 2 / sum(t * t for _, t in held), total))
    return p, n * (stats.norm.ppf(1 - alpha) / stats.t.ppf(1 - alpha, k - 1)) ** 2


@pytest.mark.parametrize("measure, target", [("precision", 0.6), ("recall", 0.7),
                                             ("fpr", 0.2)])
@pytest.mark.parametrize("weighted", [False, True])
def test_a_clustered_test_reads_the_effective_counts(measure, target, weighted):
    """At the certified threshold, the p-value is the exact tail at Korn and Graubard's
    effective counts of that threshold's clusters (the recall and false positive rate
    sequences run at the full level)."""
    y, scores, groups, w = _cluster_rows(2, k=200, weighted=weighted)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        got = spc.certified_threshold(y, scores, **{KEYS[measure]: target}, groups=groups,
                                      sample_weight=w)
    assert got.certified
    weight = np.ones(y.shape[0]) if w is None else w
    at = scores >= got.threshold
    hits, of = {"precision": (at & y, at), "recall": (at & y, y),
                "fpr": (at & ~y, ~y)}[measure]
    per = [[weight[(groups == g) & mask].sum() for g in range(200)] for mask in (hits, of)]
    if measure == "precision":  # (the level shared among the sequences' starts)
        sizes = spc.certified_threshold(y, scores, min_precision=target, groups=groups,
                                        sample_weight=w)
        assert sizes.pvalue == got.pvalue
        return _check_precision_pvalue(got, per, target)
    p, n = _effective(*per, 0.05)
    x = p * n
    expected = (stats_beta_sf(x, n, target) if measure == "recall"
                else stats_beta_sf(n - x, n, 1 - target))
    assert got.pvalue == pytest.approx(expected, rel=1e-9)


def stats_beta_sf(x, n, target):
    """P(Binomial(n, target) >= x) for real x, n: the regularised incomplete beta."""
    from scipy.special import betainc

    return float(betainc(x, n - x + 1, target))


def _check_precision_pvalue(got, per, target):
    # The p-value is read at the sequences' shared level: below alpha, so t's
    # correction is at least alpha's; the tail at alpha's effective size bounds it.
    p, n = _effective(*per, 0.05)
    assert got.pvalue >= stats_beta_sf(p * n, n, target) * (1 - 1e-9)
    assert got.estimate == pytest.approx(p, rel=1e-12)


def test_copies_of_a_row_in_one_cluster_count_as_the_row():
    """Each row five times in its own cluster: without groups= the copies pass for five
    times the evidence (a lower threshold certified); with them, the original rows'
    answer, up to Student's t of the clusters."""
    rng = np.random.default_rng(3)
    y = rng.random(3000) < 0.2
    scores = rng.normal(size=3000) + 2.5 * y
    copies = dict(y_true=np.repeat(y, 5), y_score=np.repeat(scores, 5))
    for key, target in (("min_precision", 0.8), ("min_recall", 0.8), ("max_fpr", 0.05)):
        alone = spc.certified_threshold(y, scores, **{key: target})
        clustered = spc.certified_threshold(**copies, **{key: target},
                                            groups=np.repeat(np.arange(3000), 5))
        naive = spc.certified_threshold(**copies, **{key: target})
        # (precision's sequences start where the predicted rows, five times as many,
        # reach their sizes: a neighbouring threshold)
        assert clustered.recall == pytest.approx(alone.recall, abs=0.01)
        assert clustered.fpr == pytest.approx(alone.fpr, abs=0.002)
        direction = -1 if key == "min_recall" else 1  # (recall certifies from below)
        assert direction * naive.threshold < direction * clustered.threshold


def test_one_alike_cluster_counts_as_one_patient():
    """Forty positive rows of two patients above every negative: as rows they would
    certify precision 0.9 (0.9**40 < 0.05); as two patients, nothing is certified."""
    y = np.r_[np.ones(40, bool), np.zeros(200, bool), np.ones(60, bool)]
    scores = np.r_[np.linspace(5, 6, 40), np.random.default_rng(0).normal(size=260)]
    groups = np.r_[np.repeat([0, 1], 20), np.arange(2, 262)]
    assert spc.certified_threshold(y, scores, min_precision=0.9).certified
    with pytest.warns(UndefinedMetricWarning, match="No threshold can be certified"):
        found = spc.certified_threshold(y, scores, min_precision=0.9, groups=groups)
    assert not found.certified


def test_clusters_at_a_deployment_prevalence_bound_both_rates():
    """prevalence= with groups=: the ratio test at the two rates' effective counts;
    clusters of one row give the row-level answer, up to Student's t."""
    rng = np.random.default_rng(4)
    y = rng.random(4000) < 0.5
    scores = rng.normal(size=4000) + 3.0 * y
    alone = spc.certified_threshold(y, scores, min_precision=0.5, prevalence=0.05)
    clustered = spc.certified_threshold(y, scores, min_precision=0.5, prevalence=0.05,
                                        groups=np.arange(4000))
    assert clustered.pvalue == pytest.approx(alone.pvalue, rel=0.2)
    assert clustered.estimate == alone.estimate if clustered.threshold == alone.threshold \
        else clustered.threshold >= alone.threshold


def test_the_guarantee_holds_for_new_clusters():
    # 300 draws of 100 clusters (effect on labels and scores; sizes 1 + Poisson(4)):
    # a method failing in 5% of draws fails in more than 10.3% with probability below
    # 1e-4 (benchmarks/coverage_certified_threshold.py --clusters: the table).
    from scipy.special import expit

    nodes, weights = np.polynomial.hermite_e.hermegauss(60)
    weights = weights / weights.sum()
    p = expit(nodes - 1.5)
    rng = np.random.default_rng(6)
    fails = certified = 0
    for _ in range(300):
        k = 100
        groups = np.repeat(np.arange(k), 1 + rng.poisson(4, k))
        effect = rng.normal(size=k)[groups]
        y = rng.random(groups.shape[0]) < expit(effect - 1.5)
        scores = 2.0 * y + 0.8 * effect + 0.6 * rng.normal(size=groups.shape[0])
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UndefinedMetricWarning)
            got = spc.certified_threshold(y, scores, min_recall=0.8, groups=groups)
        certified += got.certified
        if got.certified:
            recall = weights @ (p * norm.sf((got.threshold - 2.0 - 0.8 * nodes) / 0.6))
            fails += recall / (weights @ p) < 0.8
    assert certified >= 250
    assert fails <= 31

"""``groups=``: intervals and tests for rows that come in clusters (several rows per
patient, customer or session): Obuchowski's clustered DeLong variance and the
bootstrap of whole clusters."""

import warnings

import numpy as np
import pandas as pd
import pytest
from scipy import special, stats
from sklearn.exceptions import UndefinedMetricWarning

import sklearn_prcurves as spc


def _clustered(seed, n_clusters=40, size=5):
    rng = np.random.default_rng(seed)
    groups = np.repeat(np.arange(n_clusters), size)
    effect = rng.normal(size=n_clusters)[groups]
    y = (rng.random(groups.shape[0]) < 1 / (1 + np.exp(-effect))).astype(int)
    y[:2] = [0, 1]
    a = y + effect + rng.normal(size=groups.shape[0])
    b = y + rng.normal(size=n_clusters)[groups] + rng.normal(size=groups.shape[0])
    return y, a, b, rng.permutation(groups)  # (cluster ids in any order)


def _obuchowski(y, s, groups, w=None):
    """The clustered variance by its definition: per cluster, the sums of the positives'
    V10 and the negatives' V01 over all pairs, then S10, S01 and S11."""
    w = np.ones(y.shape[0]) if w is None else w
    pos, neg = y == 1, y == 0
    m, n = w[pos].sum(), w[neg].sum()
    # psi(positive i, negative j): 1 above, 1/2 tied, weighted by the negative's weight
    psi = (s[pos][:, None] > s[neg][None, :]) + 0.5 * (s[pos][:, None] == s[neg][None, :])
    v10 = psi @ w[neg] / n
    v01 = w[pos] @ psi / m
    auc = w[pos] @ v10 / m
    clusters = np.unique(groups)
    k = clusters.shape[0]
    z = np.array([(w[pos] * (v10 - auc))[groups[pos] == c].sum() / m
                  + (w[neg] * (v01 - auc))[groups[neg] == c].sum() / n for c in clusters])
    return auc, k / (k - 1) * float(z @ z), z


@pytest.mark.parametrize("weighted", [False, True])
def test_the_clustered_variance_is_obuchowski_s(weighted):
    y, a, b, groups = _clustered(1)
    s = np.round(a, 1)  # ties: half a pair each way
    w = np.random.default_rng(2).integers(1, 4, y.shape[0]).astype(float) if weighted else None
    auc, variance, z_a = _obuchowski(y, s, groups, w)
    interval = spc.roc_auc_ci(y, s, groups=groups, sample_weight=w, confidence_level=0.9)
    # On the logit scale, with Student's t of 40 - 1 degrees of freedom.
    t = stats.t.ppf(0.95, 39)
    half = t * np.sqrt(variance) / (auc * (1 - auc))
    assert interval.estimate == pytest.approx(auc, rel=1e-12)
    assert interval.low == pytest.approx(special.expit(special.logit(auc) - half), rel=1e-9)
    assert interval.high == pytest.approx(special.expit(special.logit(auc) + half), rel=1e-9)
    assert interval.method == "delong, 40 clusters"
    _, _, z_b = _obuchowski(y, b, groups, w)
    test = spc.delong_test(y, s, b, groups=groups, sample_weight=w)
    # (the difference's cluster sums: its variance holds the covariance of the two)
    assert test.variance == pytest.approx(40 / 39 * float((z_a - z_b) @ (z_a - z_b)),
                                          rel=1e-9)
    assert test.clusters == 40
    assert test.pvalue == pytest.approx(
        2 * stats.t.sf(abs(test.difference) / np.sqrt(test.variance), 39), rel=1e-9)


def test_components_that_cancel_in_every_cluster_give_no_variance():
    """Exactly, both models' components cancel within each cluster (Hypothesis found
    it): the variance is zero and the statistic infinite on every order of the rows,
    where the rounding of the cluster sums once gave 1e-32 and a statistic of about
    4e15 that changed with the order."""
    y = np.array([0, 0, 0, 1, 0, 0, 1, 0])
    a = np.array([5.0, 0.0, 2.0, 6.0, 4.0, 0.5, 3.0, 1.0])
    b = np.array([1.0, 3.0, 0.5, 4.0, 6.0, 2.0, 0.0, 5.0])
    groups = np.array([0, 0, 0, 1, 0, 0, 0, 1])
    _, variance, _ = _obuchowski(y, a, groups)
    for seed in range(20):
        order = np.random.default_rng(seed).permutation(8)
        test = spc.delong_test(y[order], a[order], b[order], groups=groups[order])
        assert test.variance == 0.0 and test.statistic == np.inf
        assert test.confidence_interval == (test.difference, test.difference)
    assert variance > 0  # (one model alone: its components do not cancel)


def test_a_copied_row_adds_no_information_when_its_copies_share_a_cluster():
    """Each row twice, both copies in one cluster: the clustered interval is the one
    of the rows once (up to the small-sample factors); the row-level one is too narrow."""
    rng = np.random.default_rng(3)
    y = (rng.random(300) < 0.3).astype(int)
    s = y + rng.normal(size=300)
    once = spc.roc_auc_ci(y, s)
    twice = np.r_[y, y], np.r_[s, s]
    groups = np.r_[np.arange(300), np.arange(300)]
    clustered = spc.roc_auc_ci(*twice, groups=groups)
    rows = spc.roc_auc_ci(*twice)
    width = once.high - once.low
    assert clustered.high - clustered.low == pytest.approx(width, rel=0.02)
    assert rows.high - rows.low == pytest.approx(width / np.sqrt(2), rel=0.02)
    boot_once = spc.pr_auc_ci(y, s, method="bootstrap", n_resamples=600, random_state=0)
    boot_twice = spc.pr_auc_ci(*twice, groups=groups, n_resamples=600, random_state=0)
    assert boot_twice.high - boot_twice.low == pytest.approx(
        boot_once.high - boot_once.low, rel=0.15)
    assert boot_twice.method == "bootstrap percentile, 300 clusters"


def test_clusters_of_one_row_are_the_row_level_interval():
    y, a, _, _ = _clustered(4)
    rows, singles = spc.roc_auc_ci(y, a), spc.roc_auc_ci(y, a, groups=np.arange(y.shape[0]))
    assert singles.estimate == rows.estimate
    assert singles.high - singles.low == pytest.approx(rows.high - rows.low, rel=0.01)


def test_a_cluster_bootstrap_resamples_whole_clusters():
    """Every resample holds each cluster's rows together: a metric that counts the
    rows of cluster 0 sees a multiple of its size (weights are the resample counts)."""
    y, a, b, groups = _clustered(5, n_clusters=20, size=3)
    seen = []

    def rows_of_cluster_zero(y_true, y_score, sample_weight=None):
        counts = np.ones(y_true.shape[0]) if sample_weight is None else sample_weight
        mine = np.isin(y_score, a[groups == 0])
        seen.append(counts[mine].sum())
        return float(np.mean(y_score))

    with pytest.warns(UserWarning, match="n_resamples=60 is too few"):
        spc.bootstrap_ci(rows_of_cluster_zero, y, a, groups=groups, n_resamples=60,
                         random_state=0)
    assert len(seen) > 50 and all(count % 3 == 0 for count in seen)
    assert len(set(seen)) > 1


@pytest.mark.parametrize("groups, message", [
    (np.zeros(200), "a single cluster"),
    (np.r_[np.nan, np.arange(199.0)], "NaN"),
    (np.arange(10), "one id per row"),
])
def test_groups_that_cannot_be_clusters_are_refused(groups, message):
    y, a, b, _ = _clustered(6)
    for call in (lambda: spc.roc_auc_ci(y, a, groups=groups),
                 lambda: spc.delong_test(y, a, b, groups=groups),
                 lambda: spc.pr_auc_ci(y, a, groups=groups, n_resamples=20),
                 lambda: spc.bootstrap_test("roc_auc", y, a, b, groups=groups,
                                            n_resamples=20)):
        with pytest.raises(ValueError, match=message):
            call()


def test_methods_that_count_rows_are_refused_with_groups():
    y, a, _, groups = _clustered(7)
    with pytest.raises(ValueError, match="use method='bootstrap'"):
        spc.pr_auc_ci(y, a, groups=groups, method="logit")
    with pytest.raises(ValueError, match="use method='korn-graubard' or 'bootstrap'"):
        spc.threshold_ci(y, a, 0.5, groups=groups, method="wilson")
    with pytest.raises(ValueError, match="give groups="):
        spc.threshold_ci(y, a, 0.5, method="korn-graubard")
    point = spc.threshold_ci(y, a, 0.5, groups=groups, method="bootstrap", n_resamples=200,
                             random_state=0)
    assert point.precision.method == "bootstrap, 40 clusters"
    assert point.precision.low < point.precision.estimate < point.precision.high
    point = spc.threshold_ci(y, a, 0.5, groups=groups)
    assert point.precision.method == "korn-graubard, 40 clusters"
    assert point.precision.low < point.precision.estimate < point.precision.high


def _korn_graubard(hits, totals, rows, level):
    """Korn and Graubard's interval written out: the ratio's linearised variance between
    the clusters that hold some of the total, the effective sample size (at most the
    rows; Kish's ``(sum t)^2 / sum t^2`` where the share is 0 or 1), its t correction,
    and the Clopper-Pearson interval there."""
    x, n = _effective_count(hits, totals, rows, level)
    low = stats.beta.ppf((1 - level) / 2, x, n - x + 1) if x > 0 else 0.0
    high = stats.beta.ppf(1 - (1 - level) / 2, x + 1, n - x) if x < n else 1.0
    return low, high


def _effective_count(hits, totals, rows, level):
    """``(x, n)``: the share of clusters as a count ``x`` of ``n`` at Korn and Graubard's
    effective size, for a two-sided interval at ``level``."""
    held = [(h, t) for h, t in zip(hits, totals) if t > 0]
    k = len(held)
    total = sum(t for _, t in held)
    p = sum(h for h, _ in held) / total
    variance = k / (k - 1) * sum((h - p * t) ** 2 for h, t in held) / total ** 2
    if variance > 0 and 0 < p < 1:
        n = min(p * (1 - p) / variance, rows)
    else:
        n = min(total ** 2 / sum(t * t for _, t in held), rows)
    n *= (stats.norm.ppf(1 - (1 - level) / 2) / stats.t.ppf(1 - (1 - level) / 2, k - 1)) ** 2
    return p * n, n


@pytest.mark.parametrize("weighted", [False, True])
def test_threshold_ci_with_groups_is_korn_and_graubard_s(weighted):
    y, a, _, groups = _clustered(11)
    w = np.random.default_rng(5).integers(1, 4, y.shape[0]).astype(float) if weighted else None
    point = spc.threshold_ci(y, a, 0.3, groups=groups, sample_weight=w, confidence_level=0.9)
    weight = np.ones(y.shape[0]) if w is None else w
    at = a >= 0.3
    per = [[weight[(groups == g) & mask].sum() for g in range(40)]
           for mask in (at & (y == 1), at, y == 1)]
    precision = _korn_graubard(per[0], per[1], at.sum(), 0.9)
    recall = _korn_graubard(per[0], per[2], (y == 1).sum(), 0.9)
    assert (point.precision.low, point.precision.high) == pytest.approx(precision, rel=1e-9)
    assert (point.recall.low, point.recall.high) == pytest.approx(recall, rel=1e-9)


@pytest.mark.parametrize("weighted", [False, True])
def test_ratios_with_groups_are_koopman_s_at_the_effective_sizes(weighted):
    """threshold_ci(groups=, prevalence=) and likelihood_ratio_ci(groups=): each rate
    read as a count at its Korn-Graubard effective size, then Koopman's score
    interval of their ratio; the post-test probability is the precision there."""
    from sklearn_prcurves._inference._proportions import ratio_interval

    y, a, _, groups = _clustered(13)
    w = np.random.default_rng(2).uniform(0.5, 3, y.shape[0]) if weighted else None
    weight = np.ones(y.shape[0]) if w is None else w
    at = a >= 0.3
    per = {name: [weight[(groups == g) & mask].sum() for g in range(40)] for name, mask in (
        ("tp", at & (y == 1)), ("fp", at & (y == 0)), ("fn", ~at & (y == 1)),
        ("tn", ~at & (y == 0)), ("pos", y == 1), ("neg", y == 0))}
    rows = {"pos": int(np.sum(y == 1)), "neg": int(np.sum(y == 0))}

    def counted(hits, of):
        return _effective_count(per[hits], per[of], rows[of], 0.9)

    ratios = spc.likelihood_ratio_ci(y, a, 0.3, groups=groups, sample_weight=w,
                                     confidence_level=0.9, prevalence=0.02)
    for found, (first, second) in ((ratios.lr_plus, (("tp", "pos"), ("fp", "neg"))),
                                   (ratios.lr_minus, (("fn", "pos"), ("tn", "neg")))):
        expected = ratio_interval(*counted(*first), *counted(*second), 0.9)
        assert (found.low, found.high) == pytest.approx(tuple(map(float, expected)), rel=1e-9)
        assert found.method == "score (Koopman) at korn-graubard sizes, 40 clusters"
    point = spc.threshold_ci(y, a, 0.3, groups=groups, sample_weight=w,
                             confidence_level=0.9, prevalence=0.02)
    low, high = ratio_interval(*counted("fp", "neg"), *counted("tp", "pos"), 0.9)
    odds = 0.98 / 0.02
    assert (point.precision.low, point.precision.high) == pytest.approx(
        (1 / (1 + odds * high), 1 / (1 + odds * low)), rel=1e-9)
    assert (point.precision.low, point.precision.high) == pytest.approx(
        (ratios.post_test_positive.low, ratios.post_test_positive.high), rel=1e-12)
    assert point.precision.estimate == pytest.approx(ratios.post_test_positive.estimate)
    assert (point.recall.low, point.recall.high) == pytest.approx(
        _korn_graubard(per["tp"], per["pos"], rows["pos"], 0.9), rel=1e-9)
    assert spc.threshold_ci(y, a, 0.3, groups=groups, sample_weight=w,
                            prevalence=0.02, method="korn-graubard") == spc.threshold_ci(
        y, a, 0.3, groups=groups, sample_weight=w, prevalence=0.02)


def test_ratios_with_groups_cover_for_new_clusters():
    """In a population whose clusters move their labels and scores, the clustered
    LR+ interval (and so precision at a prevalence) holds the population's value about
    as often as asked; reading the rows as independent, much less often
    (``benchmarks/coverage_likelihood.py --clusters`` runs it at size)."""
    from scipy.special import expit

    nodes, weights = np.polynomial.hermite_e.hermegauss(60)
    weights = weights / weights.sum()
    p = expit(-1.5 + nodes)
    tpr = weights @ (p * stats.norm.sf((1.0 - 2.0 - 0.7 * nodes) / np.sqrt(0.51))) / (
        weights @ p)
    fpr = weights @ ((1 - p) * stats.norm.sf((1.0 - 0.7 * nodes) / np.sqrt(0.51))) / (
        weights @ (1 - p))
    held = np.zeros(2)
    rng = np.random.default_rng(8)
    for _ in range(200):  # (40 clusters of 1 + Poisson(9) rows)
        sizes = 1 + rng.poisson(9, 40)
        groups = np.repeat(np.arange(40), sizes)
        effect = rng.normal(size=40)[groups]
        y = (rng.random(groups.shape[0]) < expit(-1.5 + effect)).astype(int)
        s = 2.0 * y + 0.7 * effect + np.sqrt(0.51) * rng.normal(size=groups.shape[0])
        for at, ids in enumerate((groups, None)):
            found = spc.likelihood_ratio_ci(y, s, 1.0, groups=ids).lr_plus
            held[at] += found.low <= tpr / fpr <= found.high
    assert held[0] / 200 >= 0.9
    assert held[1] / 200 <= 0.85


@pytest.mark.parametrize("prevalence", [None, 0.05])
def test_compare_net_benefit_with_groups_is_the_variance_between_clusters(prevalence):
    """compare_net_benefit(groups=): the difference's linearised contribution summed in
    each cluster, ``K / (K - 1)`` times their sum of squares, on Student's t; every
    row its own cluster gives about the rows' interval; the bootstrap is refused."""
    rng = np.random.default_rng(12)
    y, a, b, groups = _clustered(14)
    pa, pb = special.expit(a), special.expit(b)
    w = rng.uniform(0.5, 2, y.shape[0])
    thresholds = np.array([0.1, 0.3, 0.5, 0.7])
    found = spc.compare_net_benefit(y, pa, pb, thresholds=thresholds, groups=groups,
                                    sample_weight=w, prevalence=prevalence)
    k = int(groups.max()) + 1
    pos = y == 1
    for j, t in enumerate(thresholds):
        d = (pa >= t).astype(float) - (pb >= t)
        odds = t / (1 - t)
        if prevalence is None:
            c = w * np.where(pos, d, -odds * d) / w.sum()
            z = [c[groups == g].sum() - c.sum() * w[groups == g].sum() / w.sum()
                 for g in range(k)]
            difference = c.sum()
        else:
            P, N = w[pos].sum(), w[~pos].sum()
            dp, dn = (w * d * pos).sum(), (w * d * ~pos).sum()
            z = [prevalence * ((w * d * pos)[groups == g].sum() - dp / P
                               * (w * pos)[groups == g].sum()) / P
                 - (1 - prevalence) * odds * ((w * d * ~pos)[groups == g].sum() - dn / N
                                              * (w * ~pos)[groups == g].sum()) / N
                 for g in range(k)]
            difference = prevalence * dp / P - (1 - prevalence) * odds * dn / N
        spread = np.sqrt(k / (k - 1) * np.sum(np.square(z)))
        quantile = stats.t.ppf(0.975, k - 1)
        assert found.difference[j] == pytest.approx(difference, rel=1e-12, abs=1e-15)
        assert (found.low[j], found.high[j]) == pytest.approx(
            (difference - quantile * spread, difference + quantile * spread), rel=1e-9)
        if spread > 0:
            assert found.pvalue[j] == pytest.approx(
                2 * stats.t.sf(abs(difference) / spread, k - 1), rel=1e-9)
    alone = spc.compare_net_benefit(y, pa, pb, thresholds=thresholds, prevalence=prevalence,
                                    groups=np.arange(y.shape[0]))
    rows = spc.compare_net_benefit(y, pa, pb, thresholds=thresholds, prevalence=prevalence)
    np.testing.assert_allclose(alone.high - alone.low, rows.high - rows.low, rtol=0.01)
    with pytest.raises(ValueError, match="method='bootstrap' resamples rows"):
        spc.compare_net_benefit(y, pa, pb, groups=groups, method="bootstrap")


def test_compare_net_benefit_with_groups_covers_for_new_clusters():
    """30 clusters of about 20 rows whose effect moves the labels and one model's
    scores: the clustered interval holds the population's difference at a deployment
    prevalence about as often as asked, the rows read as independent much less often
    (``benchmarks/coverage_net_benefit.py --clusters`` runs it at size)."""
    rng = np.random.default_rng(3)

    def draw(k):
        groups = np.repeat(np.arange(k), 1 + rng.poisson(19, k))
        effect = rng.normal(size=k)[groups]
        y = rng.random(groups.shape[0]) < special.expit(effect - 1.6)
        noise = rng.normal(size=(2, groups.shape[0]))
        a = special.expit(1.5 * (0.7 * effect + np.sqrt(0.51) * noise[0]) + 2.5 * y - 2.2)
        return y.astype(int), a, special.expit(1.5 * noise[1] + 1.5 * y - 2.0), groups

    y, a, b, _ = draw(100_000)
    truth = (spc.net_benefit_curve(y, a, thresholds=[0.1], prevalence=0.05).net_benefit
             - spc.net_benefit_curve(y, b, thresholds=[0.1], prevalence=0.05).net_benefit)
    held = np.zeros(2)
    for _ in range(200):
        y, a, b, groups = draw(30)
        for at, ids in enumerate((groups, None)):
            found = spc.compare_net_benefit(y, a, b, thresholds=[0.1], prevalence=0.05,
                                            groups=ids)
            held[at] += found.low[0] <= truth[0] <= found.high[0]
    assert held[0] / 200 >= 0.9
    assert held[1] / 200 <= 0.85


def test_bca_leaves_out_whole_clusters():
    """BCa's jackknife leaves out groups of whole clusters: its interval is near the
    percentile one, and a group holding a whole class is refused."""
    y, a, b, groups = _clustered(8)
    bca = spc.bootstrap_ci("pr_auc", y, a, groups=groups, method="bca", n_resamples=800,
                           random_state=0)
    percentile = spc.bootstrap_ci("pr_auc", y, a, groups=groups, n_resamples=800,
                                  random_state=0)
    assert bca.method == "bootstrap bca, 40 clusters"
    assert bca.low < bca.estimate < bca.high
    assert bca.high - bca.low == pytest.approx(percentile.high - percentile.low, rel=0.25)
    assert spc.bootstrap_test("roc_auc", y, a, b, groups=groups, method="bca",
                              n_resamples=200, random_state=0).clusters == 40
    y = np.r_[np.ones(4, int), np.zeros(40, int)]
    s = np.random.default_rng(0).normal(size=44) + y
    alone = np.r_[np.zeros(4, int), np.arange(1, 41)]  # every positive in cluster 0
    with pytest.warns(UndefinedMetricWarning, match="undefined"), \
            pytest.raises(ValueError, match="holds a whole class"):
        spc.bootstrap_ci("roc_auc", y, s, groups=alone, method="bca", n_resamples=200,
                         random_state=0)


def _functions_taking_ids(y, a, b):
    """Every public function with a groups= argument, as calls of groups alone."""
    return {
        "roc_auc_ci": lambda g: spc.roc_auc_ci(y, a, groups=g),
        "delong_test": lambda g: spc.delong_test(y, a, b, groups=g),
        "pr_auc_ci": lambda g: spc.pr_auc_ci(y, a, groups=g, n_resamples=20, random_state=0),
        "bootstrap_ci": lambda g: spc.bootstrap_ci("roc_auc", y, a, groups=g, n_resamples=20,
                                                   random_state=0),
        "bootstrap_test": lambda g: spc.bootstrap_test("roc_auc", y, a, b, groups=g,
                                                       n_resamples=20, random_state=0),
        "threshold_ci": lambda g: spc.threshold_ci(y, a, 0.0, groups=g, n_resamples=20,
                                                   random_state=0),
        "grouped_roc_auc_score": lambda g: spc.grouped_roc_auc_score(y, a, g),
        "certified_threshold": lambda g: spc.certified_threshold(y, a, min_recall=0.5,
                                                                 groups=g),
        "likelihood_ratio_ci": lambda g: spc.likelihood_ratio_ci(y, a, 0.0, groups=g,
                                                                 prevalence=0.1),
        "threshold_ci at a prevalence": lambda g: spc.threshold_ci(y, a, 0.0, groups=g,
                                                                   prevalence=0.1),
        "compare_net_benefit": lambda g: spc.compare_net_benefit(
            y, special.expit(a), special.expit(b), thresholds=[0.2, 0.5], groups=g),
        "threshold_stability": lambda g: spc.threshold_stability(
            y, a, groups=g, n_resamples=20, random_state=0),
        "certified_review_band": lambda g: spc.certified_review_band(
            y, a, min_precision=0.5, min_npv=0.5, groups=g),
        "certified_threshold_per_segment": lambda g: spc.certified_threshold_per_segment(
            y, a, np.arange(y.shape[0]) % 2, min_recall=0.5, groups=g,
            same_threshold=True),
    }


def test_a_row_of_weight_0_leaves_with_its_id():
    """The row checks leave out rows of weight 0 (scikit-learn's rule); their ids go with
    them, in every function taking groups= (they once met 'got 80 ids for 79 rows')."""
    y, a, b, groups = _clustered(12)
    w = np.random.default_rng(1).integers(0, 3, y.shape[0]).astype(float)
    kept = w > 0
    calls = {
        "roc_auc_ci": lambda y, a, b, g, w: spc.roc_auc_ci(y, a, groups=g, sample_weight=w),
        "delong_test": lambda y, a, b, g, w: spc.delong_test(y, a, b, groups=g,
                                                             sample_weight=w),
        "pr_auc_ci": lambda y, a, b, g, w: spc.pr_auc_ci(y, a, groups=g, sample_weight=w,
                                                         n_resamples=200, random_state=0),
        "bootstrap_test": lambda y, a, b, g, w: spc.bootstrap_test(
            "roc_auc", y, a, b, groups=g, sample_weight=w, n_resamples=200, random_state=0),
        "threshold_ci": lambda y, a, b, g, w: spc.threshold_ci(y, a, 0.0, groups=g,
                                                               sample_weight=w),
        "certified_threshold": lambda y, a, b, g, w: spc.certified_threshold(
            y, a, min_recall=0.5, groups=g, sample_weight=w),
        "likelihood_ratio_ci": lambda y, a, b, g, w: spc.likelihood_ratio_ci(
            y, a, 0.0, groups=g, sample_weight=w, prevalence=0.1),
        "compare_net_benefit": lambda y, a, b, g, w: spc.compare_net_benefit(
            y, special.expit(a), special.expit(b), thresholds=[0.2, 0.5], groups=g, sample_weight=w),
        "threshold_stability": lambda y, a, b, g, w: spc.threshold_stability(
            y, a, groups=g, sample_weight=w, n_resamples=50, random_state=0),
    }
    for name, call in calls.items():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            whole = call(y, a, b, groups, w)
            # (the ids renumbered in order of first appearance: the same clusters)
            left = call(y[kept], a[kept], b[kept], groups[kept], w[kept])
        assert repr(whole) == repr(left), name


@pytest.mark.parametrize("make, message", [
    # NumPy would merge 1 and "1" (two equal strings), True and 1 (two equal numbers)
    (lambda n: [1, "1"] * (n // 2), "mixes numbers and text"),
    (lambda n: [True, 1] * (n // 2), "mixes booleans and numbers"),
    (lambda n: np.array([1, "a"] * (n // 2), dtype=object), "mixes numbers and text"),
    (lambda n: [None] + list(range(n - 1)), "has a row without an id"),
    (lambda n: [float("nan")] + list(range(n - 1)), "has a row without an id"),
    (lambda n: np.r_[np.arange(n - 1.0), np.nan], "has a row without an id"),
    (lambda n: pd.Series([None] + ["u"] * (n - 1)), "has a row without an id"),
    (lambda n: pd.array([pd.NA] + list(range(n - 1)), dtype="Int64"), "has a row without an id"),
], ids=["1 and '1'", "True and 1", "object mix", "None", "float nan", "array nan",
        "pandas None", "pandas NA"])
def test_every_function_reads_ids_by_one_rule(make, message):
    y, a, b, _ = _clustered(6)
    for name, call in _functions_taking_ids(y, a, b).items():
        with pytest.raises(ValueError, match=f"^groups {message}") as error:
            call(make(y.shape[0]))
        assert "not supported between" not in str(error.value), name


def test_the_same_ids_mean_the_same_clusters_everywhere():
    y, a, b, groups = _clustered(6)
    spellings = [groups, groups.tolist(), groups.astype(float), [f"p{g}" for g in groups],
                 pd.Series(groups).astype("Int64"), pd.Categorical(groups)]
    for name, call in _functions_taking_ids(y, a, b).items():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            results = [call(ids) for ids in spellings]
        for result in results[1:]:
            if name == "grouped_roc_auc_score":  # (its mean runs in the ids' sort order)
                assert result == pytest.approx(results[0], rel=1e-15, abs=0)
            else:
                assert repr(result) == repr(results[0]), name


@pytest.mark.parametrize("n_clusters, warns", [(9, True), (10, False)])
def test_too_few_clusters_are_named_in_a_warning(n_clusters, warns):
    y, a, b, groups = _clustered(3, n_clusters=n_clusters, size=12)
    for name, call in _functions_taking_ids(y, a, b).items():
        if name == "grouped_roc_auc_score":  # (an area per group, no interval)
            continue
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            call(groups)
        few = [w for w in caught if "clusters: with fewer than 10" in str(w.message)]
        assert bool(few) == warns, name
        if warns:
            assert f"come in {n_clusters} clusters" in str(few[0].message)


def test_the_cluster_bootstrap_reads_its_quantiles_at_the_expanded_level():
    """Hesterberg's expanded percentile interval: the resamples' quantiles at the level
    whose normal quantile is sqrt(K / (K - 1)) times Student's t with K - 1 degrees of
    freedom (wider than the plain percentile interval, by more for fewer clusters)."""
    y, a, _, groups = _clustered(4, n_clusters=12, size=8)
    level = 1 - 2 * stats.norm.sf(np.sqrt(12 / 11) * stats.t.ppf(0.975, 11))
    clustered = spc.bootstrap_ci("roc_auc", y, a, groups=groups, random_state=0)
    values = []
    def spy(y_true, y_score, sample_weight=None):
        values.append(spc.roc_auc_score(y_true, y_score))
        return values[-1]
    spc.bootstrap_ci(spy, y, a, groups=groups, random_state=0, n_resamples=2000)
    resampled = np.asarray(values[1:])  # (the first call: the estimate)
    low, high = np.quantile(resampled, [(1 - level) / 2, (1 + level) / 2])
    assert (clustered.low, clustered.high) == pytest.approx((low, high), rel=1e-12)

"""DeLong, AUC-PR intervals and the bootstrap: against R's pROC, the O(P*N) definition,
and simulations with a known truth."""

import csv
import itertools
import shutil
import subprocess
import warnings
from pathlib import Path

import numpy as np
import pytest
from _reference import naive_delong
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import norm
from sklearn.exceptions import UndefinedMetricWarning

import sklearn_prcurves as spc

PROC = Path(__file__).parent / "data" / "proc"


def proc_rows(text):
    return {row["case"]: row for row in csv.DictReader(text.splitlines())}


STORED = proc_rows((PROC / "proc_reference.csv").read_text())


def case(name):
    rows = list(csv.DictReader((PROC / f"{name}.csv").read_text().splitlines()))
    y = np.array([int(r["y"]) for r in rows])
    return y, np.array([float(r["a"]) for r in rows]), np.array([float(r["b"]) for r in rows])


@pytest.mark.parametrize("name", sorted(STORED))
def test_delong_agrees_with_proc(name):
    ref = {k: float(v) for k, v in STORED[name].items() if k not in ("case", "proc_version")}
    y, a, b = case(name)
    assert spc.roc_auc_score(y, a) == pytest.approx(ref["auc_a"], rel=1e-12)
    assert spc.roc_auc_variance(y, a) == pytest.approx(ref["var_a"], rel=1e-10, abs=1e-15)
    assert spc.roc_auc_variance(y, b) == pytest.approx(ref["var_b"], rel=1e-10, abs=1e-15)
    low, high = spc.roc_auc_ci(y, a)
    assert (low, high) == pytest.approx((ref["ci_low_a"], ref["ci_high_a"]), rel=1e-10)
    test = spc.delong_test(y, a, b)
    assert test.auc_b == pytest.approx(ref["auc_b"], rel=1e-12)
    assert test.statistic == pytest.approx(ref["z"], rel=1e-9)
    assert test.pvalue == pytest.approx(ref["p_value"], rel=1e-8)


def test_stored_proc_values_are_what_proc_prints(tmp_path):
    rscript = shutil.which("Rscript")
    if rscript is None:
        pytest.skip("R is not installed (Debian package r-cran-proc)")
    if subprocess.run([rscript, "-e", "library(pROC)"], capture_output=True).returncode:
        pytest.skip("R's pROC is not installed (Debian package r-cran-proc)")
    for file in PROC.iterdir():
        if file.suffix in (".csv", ".R") and file.name != "proc_reference.csv":
            shutil.copy(file, tmp_path)
    out = subprocess.run([rscript, "proc_reference.R"], cwd=tmp_path, capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    live = proc_rows(out.stdout)
    assert live.keys() == STORED.keys()
    for name in live:
        for key, value in live[name].items():
            if key not in ("case", "proc_version"):
                assert float(value) == pytest.approx(float(STORED[name][key]), rel=1e-12)


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_delong_equals_the_quadratic_definition(data):
    n = data.draw(st.integers(4, 40))
    y = np.array(data.draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)))
    y[:4] = [0, 1, 0, 1]
    # Few values (ties: the table path) or distinct floats (the per-row path).
    distinct = data.draw(st.booleans())

    def scores():
        if distinct:
            drawn = st.lists(st.floats(-1e6, 1e6), min_size=n, max_size=n, unique=True)
        else:
            drawn = st.lists(st.integers(0, 6), min_size=n, max_size=n)
        return np.array(data.draw(drawn), float)

    a, b = scores(), scores()
    aucs, cov = naive_delong(y == 1, [a, b])
    assert spc.roc_auc_variance(y, a) == pytest.approx(cov[0, 0], rel=1e-12, abs=1e-15)
    test = spc.delong_test(y, a, b)
    assert (test.auc_a, test.auc_b) == pytest.approx(tuple(aucs), rel=1e-12)
    assert test.variance == pytest.approx(cov[0, 0] + cov[1, 1] - 2 * cov[0, 1], abs=1e-14)


@pytest.mark.parametrize("sign", [1, -1])
@pytest.mark.parametrize("spread", [2**33, 2**30, 2**12])
def test_delong_on_scores_sharing_their_leading_bits(spread, sign):
    # 4,096 rows keep 12 position bits in the sort keys: scores 1 + k ulp share their
    # keys' leading bits in a few pairs (2**33: read back and re-sorted, still the
    # distinct path), in many (2**30: the full read back) or with ties (2**12).
    rng = np.random.default_rng(spread)
    n = 2**12
    y = (rng.random(n) < 0.3).astype(int)
    a = sign * (1 + rng.integers(0, spread, n) * np.spacing(1.0))
    b = rng.normal(size=n) + y
    aucs, cov = naive_delong(y == 1, [a, b])
    test = spc.delong_test(y, a, b)
    assert (test.auc_a, test.auc_b) == pytest.approx(tuple(aucs), rel=1e-12)
    assert test.variance == pytest.approx(cov[0, 0] + cov[1, 1] - 2 * cov[0, 1], rel=1e-9)
    assert test.auc_a == pytest.approx(spc.roc_auc_score(y, a), rel=1e-13)


def test_delong_needs_both_classes_on_every_path():
    for scores in ([0.1, 0.2, 0.3, 0.4], [0.1, 0.1, 0.3, 0.4]):  # distinct, tied
        with pytest.raises(ValueError, match="Only one class"):
            spc.delong_test([1, 1, 1, 1], scores, [0.4, 0.3, 0.2, 0.1], pos_label=1)
        with pytest.raises(ValueError, match="at least two positives and two negatives"):
            spc.delong_test([0, 1, 1, 1], scores, [0.4, 0.3, 0.2, 0.1])


def test_frequency_weights_equal_repeated_rows_and_other_weights_are_refused():
    y, a, b = case("n50_ties")
    w = np.arange(50) % 3 + 1
    rows = np.repeat(np.arange(50), w)
    assert spc.roc_auc_variance(y, a, sample_weight=w) == pytest.approx(
        spc.roc_auc_variance(y[rows], a[rows]), rel=1e-12)
    weighted = spc.delong_test(y, a, b, sample_weight=w)
    repeated = spc.delong_test(y[rows], a[rows], b[rows])
    assert weighted.pvalue == pytest.approx(repeated.pvalue, rel=1e-12)
    distinct_a = a + np.arange(50) * 1e-3  # every score distinct: the per-row path
    weighted = spc.delong_test(y, distinct_a, b, sample_weight=w)
    repeated = spc.delong_test(y[rows], distinct_a[rows], b[rows])
    assert (weighted.auc_a, weighted.variance) == pytest.approx(
        (repeated.auc_a, repeated.variance), rel=1e-12)
    with pytest.raises(ValueError, match="frequency weights"):
        spc.roc_auc_ci(y, a, sample_weight=np.full(50, 0.5))
    with pytest.raises(ValueError, match="at least two positives and two negatives"):
        spc.roc_auc_variance([0, 1, 1], [0.1, 0.2, 0.3])


def test_delong_interval_covers_the_true_auc_about_95_percent():
    # Binormal: positives N(1, 1), negatives N(0, 1); true AUC = Phi(1 / sqrt(2)).
    rng = np.random.default_rng(7)
    truth = norm.cdf(1 / np.sqrt(2))
    covered = 0
    trials = 500
    for _ in range(trials):
        y = np.r_[np.zeros(40), np.ones(40)]
        scores = rng.normal(size=80) + y
        low, high = spc.roc_auc_ci(y, scores)
        covered += low <= truth <= high
    # 500 trials: the binomial standard error at 95% is ~1%; allow 3 of them.
    assert 0.92 <= covered / trials <= 0.98


def test_delong_test_rejects_at_its_level_under_the_null():
    rng = np.random.default_rng(11)
    rejections = 0
    trials = 400
    for _ in range(trials):
        y = np.r_[np.zeros(60), np.ones(60)]
        signal = rng.normal(size=120) + y
        a = signal + rng.normal(size=120)
        b = signal + rng.normal(size=120)  # same distribution as a
        rejections += spc.delong_test(y, a, b).pvalue < 0.05
    assert 0.02 <= rejections / trials <= 0.08


def test_boyd_intervals():
    y, a, _ = case("n200_continuous")
    area = spc.pr_auc_score(y, a)
    n_pos = y.sum()
    low, high = spc.pr_auc_ci(y, a, method="binomial")
    half = norm.ppf(0.975) * np.sqrt(area * (1 - area) / n_pos)
    assert (low, high) == pytest.approx((area - half, area + half), rel=1e-12)
    low, high = spc.pr_auc_ci(y, a, method="logit", confidence_level=0.9)
    eta, tau = np.log(area / (1 - area)), norm.ppf(0.95) / np.sqrt(n_pos * area * (1 - area))
    assert (low, high) == pytest.approx((1 / (1 + np.exp(tau - eta)), 1 / (1 + np.exp(-eta - tau))))
    assert 0 < low < area < high < 1
    continuous = spc.pr_auc_ci(y, a, interpolation="continuous")
    assert continuous != (low, high)


def test_bootstrap_fast_path_equals_calling_the_metric_on_each_resample():
    y, a, _ = case("n300_coarse")
    w = np.random.default_rng(0).uniform(0.5, 2, y.shape[0])

    def slow(y_true, y_score, sample_weight=None, **kwargs):
        return spc.pr_auc_score(y_true, y_score, sample_weight=sample_weight, **kwargs)

    for kwargs in ({}, {"interpolation": "continuous"}):
        fast = spc.bootstrap_ci(spc.pr_auc_score, y, a, n_resamples=200, random_state=3,
                                sample_weight=w, **kwargs)
        reference = spc.bootstrap_ci(slow, y, a, n_resamples=200, random_state=3,
                                     sample_weight=w, **kwargs)
        assert fast == pytest.approx(reference, rel=1e-12)
    fast = spc.bootstrap_ci(spc.roc_auc_score, y, a, n_resamples=200, random_state=5)
    reference = spc.bootstrap_ci(
        lambda t, s, sample_weight=None: spc.roc_auc_score(t, s), y, a, n_resamples=200,
        random_state=5,
    )
    assert fast == pytest.approx(reference, rel=1e-12)


@settings(max_examples=12, deadline=None)
@given(
    labels=st.lists(st.booleans(), min_size=4, max_size=60),
    levels=st.integers(1, 6),
    weighted=st.booleans(),
    seed=st.integers(0, 2**16),
    interpolation=st.sampled_from(["davis-goadrich", "continuous", "linear", "step"]),
    leading_negatives=st.sampled_from(["interpolate", "drop"]),
)
def test_bootstrap_on_resampled_counts_equals_the_metric_on_each_resample(
        labels, levels, weighted, seed, interpolation, leading_negatives):
    # Resamples are read as running sums at the columns' bounds (ties across the
    # classes, weights, negatives ranked first included): every area computed from
    # them must equal the metric called on the resampled rows.
    y = np.array(labels, dtype=int)
    if y.min() == y.max():
        y[0] = 1 - y[0]
    rng = np.random.default_rng(seed)
    scores = rng.integers(0, levels * 3, y.shape[0]) / 3.0
    weight = rng.uniform(0.25, 3, y.shape[0]) if weighted else None
    area = {"interpolation": interpolation, "leading_negatives": leading_negatives}
    for metric, kwargs in ((spc.roc_auc_score, {}), (spc.average_precision_score, {}),
                           (spc.pr_auc_score, area),
                           (spc.achievable_pr_auc_score, {"interpolation": interpolation})):
        def plain(t, s, sample_weight=None, metric=metric, kwargs=kwargs):
            return metric(t, s, sample_weight=sample_weight, **kwargs)

        fast = spc.bootstrap_ci(metric, y, scores, sample_weight=weight, n_resamples=200,
                                random_state=seed, progress=False, **kwargs)
        slow = spc.bootstrap_ci(plain, y, scores, sample_weight=weight, n_resamples=200,
                                random_state=seed, progress=False)
        assert (fast.estimate, fast.low, fast.high) == pytest.approx(
            (slow.estimate, slow.low, slow.high), rel=1e-12, nan_ok=True), metric.__name__


@pytest.mark.parametrize("weighted", [False, True])
def test_paired_bootstrap_and_jackknife_read_the_same_rows_as_the_metric(weighted):
    # The second model's scores order the rows differently from the first's (whose
    # order the positions follow); the jackknife leaves groups out through counts.
    rng = np.random.default_rng(4)
    y = rng.integers(0, 2, 300)
    a = np.round(rng.normal(size=300) + y, 1)
    b = rng.normal(size=300) + 0.5 * y
    w = rng.uniform(0.5, 2, 300) if weighted else None

    def plain(t, s, sample_weight=None):
        return spc.pr_auc_score(t, s, sample_weight=sample_weight)

    for method in ("percentile", "bca"):
        fast = spc.bootstrap_test(spc.pr_auc_score, y, a, b, sample_weight=w, method=method,
                                  n_resamples=200, random_state=1, progress=False)
        slow = spc.bootstrap_test(plain, y, a, b, sample_weight=w, method=method,
                                  n_resamples=200, random_state=1, progress=False)
        assert fast.statistic == pytest.approx(slow.statistic, rel=1e-10)
        assert fast.confidence_interval == pytest.approx(slow.confidence_interval, rel=1e-10)


class _Words:
    """A bit generator whose raw output is given: 64-bit values, each two 32-bit words
    (the low half first on this machine's byte order), served in order however many
    are asked for at a time."""

    def __init__(self, *outputs):
        self.stream = np.concatenate([np.asarray(o, dtype=np.uint64) for o in outputs])

    def random_raw(self, size):
        assert size <= self.stream.shape[0]
        out, self.stream = self.stream[:size], self.stream[size:]
        return out


def _raw(words):
    pairs = np.asarray(words, dtype=np.uint32)
    return pairs.view(np.uint64)


@pytest.mark.parametrize("few", [0, 8])  # words drawn again in arrays, one by one
def test_resampled_positions_are_exactly_uniform_words(few, monkeypatch):
    from sklearn_prcurves._inference import _resampling
    from sklearn_prcurves._inference._resampling import draw_counts

    monkeypatch.setattr(_resampling, "_FEW_REDRAWS", few)
    # The words map onto position word // q, exactly q words each; the words from
    # q * m up are drawn again (here one, rejected again once), from the low halves
    # of fresh output.
    m = 6
    q = 2**32 // m
    words = [0, q - 1, q, 4 * q, q * m - 1, 2**32 - 1]
    bits = _Words(_raw(words), [2**32 - 1 + (9 << 32)], [2 * q])
    counts = draw_counts(bits, m)
    # positions 0, 0, 1, 4, 5 and the redrawn 2
    np.testing.assert_array_equal(counts, [2, 1, 1, 0, 1, 1])
    assert bits.stream.shape[0] == 0  # every raw value read, none more

    # Beyond 2**16 positions, q < m and the words past q * m reach past position m:
    # here q * m and 2**32 - 1 (positions m and m + 2) are both drawn again.
    m = 3 * 2**16 + 1
    q = 2**32 // m
    assert (2**32 - 1) // q == m + 2
    words = np.zeros(m + 1, dtype=np.uint32)
    words[[3, 7]] = q * m, 2**32 - 1
    words[-1] = 2**32 - 1  # the half of the last raw value that is not read
    buffer = np.full(m + 5, -1, dtype=np.intp)
    # Redrawn from low halves: q * m again (rejected), 5q, then 2**32 - 1 (rejected), 7q.
    bits = _Words(_raw(words), [q * m + (1 << 32), 5 * q], [2**32 - 1 + (9 << 32)], [7 * q])
    counts = draw_counts(bits, m, buffer)
    expected = np.zeros(m, dtype=np.intp)
    expected[[0, 5, 7]] = m - 2, 1, 1
    np.testing.assert_array_equal(counts, expected)
    assert bits.stream.shape[0] == 0

    for m in (1, 2, 7, 2**16):
        bits = np.random.SFC64(m)
        total = sum(draw_counts(bits, m) for _ in range(max(1, 140_000 // m)))
        assert total.shape == (m,) and total.sum() == m * max(1, 140_000 // m)
        if m > 1:
            expected = total.sum() / m
            chi2 = float(np.sum((total - expected) ** 2 / expected))
            # m - 1 degrees of freedom: exceeded with probability about 0.001
            dof = m - 1
            assert chi2 < dof + 3.1 * np.sqrt(2 * dof) + 10, m


def test_resampled_positions_from_doubles_beyond_the_words_reach(monkeypatch):
    from sklearn_prcurves._inference import _resampling

    # Beyond 2**31 positions the draws come from doubles' 53 bits; the largest
    # double below 1 times m stays below m for every m < 2**53.
    top = np.nextafter(1.0, 0.0)
    for m in [2, 3, 7, 1000, 2**31 - 1, 2**31, 2**32 + 1, 2**52 - 1, 2**52]:
        assert int(top * m) == m - 1
    monkeypatch.setattr(_resampling, "_WORD_POSITIONS", 4)
    bits = np.random.SFC64(0)
    total = sum(_resampling.draw_counts(bits, 7) for _ in range(20_000))
    assert total.sum() == 7 * 20_000
    chi2 = float(np.sum((total - 20_000) ** 2 / 20_000))
    assert chi2 < 22.5  # 6 degrees of freedom: exceeded with probability 0.001


@pytest.mark.parametrize("batch_elements", [1, 50, 1 << 16])
@pytest.mark.parametrize("scores", ["distinct", "tied"])
@pytest.mark.parametrize("weights", [False, True])
def test_every_resample_in_batches_of_any_size_equals_the_metric_on_its_rows(
        monkeypatch, batch_elements, scores, weights):
    # Value by value, not only the interval: resamples evaluated one at a time, in
    # batches that do not divide the chunk, or all at once.
    from sklearn_prcurves._inference import _resampling
    from sklearn_prcurves._inference._bootstrap import _prepare

    monkeypatch.setattr(_resampling, "_BATCH_ELEMENTS", batch_elements)
    rng = np.random.default_rng(7)
    y = (rng.random(80) < 0.3).astype(int)
    s = rng.normal(size=80) + y if scores == "distinct" else rng.integers(0, 5, 80) / 4
    w = rng.uniform(0.25, 3, 80) if weights else None
    cases = [(spc.roc_auc_score, {}), (spc.average_precision_score, {}),
             (spc.pr_auc_score, {}), (spc.pr_auc_score, {"leading_negatives": "drop"}),
             (spc.pr_auc_score, {"interpolation": "continuous"}),
             (spc.pr_auc_score, {"prevalence": 0.05}),
             (spc.pr_auc_score, {"prevalence": 0.6, "interpolation": "step"}),
             (spc.achievable_pr_auc_score, {})]
    clusters = rng.permutation(np.arange(80) % 20)  # (whole clusters: classes vary)
    for (metric, kwargs), clustered in itertools.product(cases, (False, True)):
        is_pos, weight, models = _prepare(metric, y, [s], None, w, kwargs)
        resampler = (_resampling.ClusterResampler(is_pos, weight, 0, clusters, models)
                     if clustered else _resampling.Resampler(is_pos, weight, 0, models))
        assert models[0].batch_metric is not None
        fast = _resampling.evaluate(models, resampler.chunk(0, 23), 23)[0]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UndefinedMetricWarning)  # (a class drawn out)
            slow = [models[0].on(*counts) for counts in resampler.chunk(0, 23)]
        np.testing.assert_allclose(fast, slow, rtol=1e-12, atol=0)


def test_bootstrap_agrees_with_delong_on_a_large_sample():
    y, a, _ = case("n1000_imbalanced_correlated")
    boot = spc.bootstrap_ci(spc.roc_auc_score, y, a, n_resamples=2000, random_state=0)
    delong = spc.roc_auc_ci(y, a)
    assert boot == pytest.approx(delong, abs=0.02)
    bca = spc.bootstrap_ci(spc.roc_auc_score, y, a, n_resamples=2000, random_state=0,
                           method="bca")
    assert bca[0] < spc.roc_auc_score(y, a) < bca[1]
    assert bca == pytest.approx(boot, abs=0.02)
    basic = spc.bootstrap_ci(spc.roc_auc_score, y, a, n_resamples=2000, random_state=0,
                             method="basic")
    estimate = spc.roc_auc_score(y, a)  # (the same resamples, reflected about it)
    assert basic == pytest.approx((2 * estimate - boot[1], 2 * estimate - boot[0]),
                                  abs=1e-12)
    assert basic.method == "bootstrap basic"


def test_paired_bootstrap_test():
    y, a, b = case("n300_coarse")
    same = spc.bootstrap_test(spc.pr_auc_score, y, a, a, n_resamples=100, random_state=0)
    assert same.difference == 0 and same.pvalue == 1
    result = spc.bootstrap_test(spc.roc_auc_score, y, a, b, n_resamples=1000, random_state=0)
    delong = spc.delong_test(y, a, b)
    assert result.difference == pytest.approx(delong.difference, rel=1e-12)
    assert result.pvalue == pytest.approx(delong.pvalue, abs=0.01)
    low, high = result.confidence_interval
    assert low < result.difference < high
    bca = spc.bootstrap_test(spc.roc_auc_score, y, a, b, n_resamples=300, random_state=0,
                             method="bca")
    assert bca.confidence_interval[0] < bca.difference < bca.confidence_interval[1]
    basic = spc.bootstrap_test(spc.roc_auc_score, y, a, b, n_resamples=1000,
                               random_state=0, method="basic")
    assert basic.pvalue == result.pvalue
    assert basic.confidence_interval == pytest.approx(
        (2 * result.difference - high, 2 * result.difference - low), abs=1e-12)


def test_bootstrap_takes_names_and_jobs_without_changing_results():
    rng = np.random.default_rng(11)
    y = rng.integers(0, 2, 600)
    a = rng.normal(size=600) + y
    b = rng.normal(size=600) + 0.5 * y
    by_name = spc.bootstrap_ci("pr_auc_continuous", y, a, n_resamples=300, random_state=1)
    by_function = spc.bootstrap_ci(spc.pr_auc_score, y, a, n_resamples=300, random_state=1,
                                   interpolation="continuous")
    assert by_name == by_function
    parallel = spc.bootstrap_ci("pr_auc_continuous", y, a, n_resamples=300, random_state=1,
                                n_jobs=2)
    assert parallel == by_name
    serial = spc.bootstrap_test("roc_auc", y, a, b, n_resamples=300, random_state=2)
    jobs = spc.bootstrap_test("roc_auc", y, a, b, n_resamples=300, random_state=2, n_jobs=2)
    assert serial.pvalue == jobs.pvalue and serial.confidence_interval == jobs.confidence_interval
    low, high = spc.bootstrap_ci("ks", y, a, n_resamples=200, random_state=0)
    assert low < spc.ks_statistic(y, a).statistic < high
    with pytest.raises(ValueError, match="not a metric name"):
        spc.bootstrap_ci("auc_roc", y, a)


@pytest.mark.parametrize("scale", [1e-300, 1e300])
def test_bootstrap_with_extreme_weights_warns_of_nothing_and_equals_the_metric(scale):
    y = np.array([0, 1, 0, 1, 1, 0, 0, 1])
    s = np.array([0.1, 0.9, 0.1, 0.9, 0.5, 0.5, 0.3, 0.3])
    w = np.full(8, scale)
    for metric in (spc.roc_auc_score, spc.average_precision_score, spc.pr_auc_score):
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            fast = spc.bootstrap_ci(metric, y, s, sample_weight=w, n_resamples=200,
                                    random_state=0, progress=False)
        slow = spc.bootstrap_ci(
            lambda t, x, sample_weight=None, m=metric: m(t, x, sample_weight=sample_weight),
            y, s, sample_weight=w, n_resamples=200, random_state=0, progress=False)
        assert (fast.low, fast.high) == pytest.approx((slow.low, slow.high), rel=1e-9)


# --- an operating point's interval ---------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_threshold_ci_is_wilson_at_the_operating_point(data):
    # The estimates are operating_points' precision and recall at the threshold (ties
    # at the threshold predicted positive); each bound solves Wilson's equation
    # (p_hat - p)^2 = z^2 p (1 - p) / n; integer weights are repeated rows.
    n = data.draw(st.integers(4, 60))
    y = np.array(data.draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)))
    y[:2] = [0, 1]
    scores = np.array(data.draw(st.lists(st.integers(0, 9), min_size=n, max_size=n))) / 10
    weight = np.array(data.draw(st.lists(st.integers(1, 3), min_size=n, max_size=n)))
    threshold = data.draw(st.sampled_from([0.0, 0.35, 0.5, 0.9]))
    level = data.draw(st.sampled_from([0.8, 0.95]))
    z = norm.ppf(0.5 + level / 2)
    for w in (None, weight):
        point = spc.threshold_ci(y, scores, threshold, confidence_level=level,
                                 sample_weight=w)
        ww = np.ones(n) if w is None else w
        predicted = scores >= threshold
        tp, pp, p = ww[predicted & (y == 1)].sum(), ww[predicted].sum(), ww[y == 1].sum()
        assert point.recall.estimate == tp / p and point.predicted_positive == pp
        for interval, hits, total in ((point.recall, tp, p), (point.precision, tp, pp)):
            if total == 0:
                continue
            share = hits / total
            assert interval.low <= share <= interval.high
            for bound in interval:
                if 0 < bound < 1:
                    assert (share - bound) ** 2 == pytest.approx(
                        z * z * bound * (1 - bound) / total, rel=1e-9, abs=1e-15)
    repeated = spc.threshold_ci(np.repeat(y, weight), np.repeat(scores, weight), threshold,
                                confidence_level=level)
    weighted = spc.threshold_ci(y, scores, threshold, confidence_level=level,
                                sample_weight=weight)
    assert np.allclose(list(repeated.recall), list(weighted.recall))


def test_threshold_ci_bootstrap_and_undefined_precision():
    rng = np.random.default_rng(0)
    y = (rng.random(2000) < 0.2).astype(int)
    scores = rng.normal(size=2000) + 1.5 * y
    wilson = spc.threshold_ci(y, scores, 1.0)
    boot = spc.threshold_ci(y, scores, 1.0, method="bootstrap", n_resamples=400,
                            random_state=0)
    for a, b in ((wilson.precision, boot.precision), (wilson.recall, boot.recall)):
        assert a.estimate == b.estimate and b.low < b.estimate < b.high
        assert abs((a.high - a.low) - (b.high - b.low)) < 0.25 * (a.high - a.low)
    with pytest.warns(spc.exceptions.UndefinedMetricWarning, match="Nothing is predicted"):
        point = spc.threshold_ci(y, scores, 100.0)
    assert np.isnan(point.precision.estimate) and point.recall.estimate == 0.0

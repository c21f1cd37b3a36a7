"""Several requirements at one threshold (``certified_threshold`` given more than one
of ``min_precision``, ``min_recall``, ``max_fpr``, ``min_npv``, ``max_flag_rate``):
the procedure against a reference written from its definition with scipy's binomial,
the guarantee in known populations (failures at most 1 - confidence), the budget's test
at a prevalence against a search over its splits, and the sums over clusters it reads.
"""

import math
import warnings
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from scipy.special import betainc
from scipy.stats import binom, norm
from sklearn.exceptions import UndefinedMetricWarning

import sklearn_prcurves as spc

DOWN, UP = ("precision", "fpr", "flag_rate"), ("recall", "npv")
KEYWORDS = {"precision": "min_precision", "recall": "min_recall", "fpr": "max_fpr",
            "npv": "min_npv", "flag_rate": "max_flag_rate"}


def _pvalue(measure, target, tp, fp, n_pos, n_neg):
    tn, fn = n_neg - fp, n_pos - tp
    if measure == "precision":
        return binom.sf(tp - 1, tp + fp, target) if tp else 1.0
    if measure == "recall":
        return binom.sf(tp - 1, n_pos, target) if tp else 1.0
    if measure == "npv":
        return binom.sf(tn - 1, tn + fn, target) if tn else 1.0
    if measure == "fpr":
        return binom.cdf(fp, n_neg, target)
    return binom.cdf(tp + fp, n_pos + n_neg, target)


def _passed(largest, predicted, order, runs_target, alpha):
    """The thresholds a family passes: one sequence along ``order``, or runs from the
    starts where ``predicted`` (along ``order``) first reaches 1, 2, 4, ... times the
    fewest rows that could pass, at alpha over the number of starts."""
    if runs_target is None:
        sequences, level = [order], alpha
    else:
        most = predicted[order[-1]]
        fewest = math.log(alpha) / math.log(runs_target)
        count = sum(1 for i in range(64) if fewest * 2**i <= most)
        level = alpha / max(1, count)
        fewest = math.log(level) / math.log(runs_target)
        starts = {next(k for k, j in enumerate(order) if predicted[j] >= fewest * 2**i)
                  for i in range(64) if fewest * 2**i <= most}
        sequences = [order[start:] for start in starts]
    passed = set()
    for sequence in sequences:
        for j in sequence:
            if largest[j] > level:
                break
            passed.add(j)
    return passed, level


def reference(y, scores, requirements, confidence, maximize):
    """The certified threshold by the definition, or None."""
    grid = sorted(set(scores.tolist()), reverse=True)
    n_pos, n_neg = int(y.sum()), int((~y).sum())
    counts = [(int((y & (scores >= t)).sum()), int((~y & (scores >= t)).sum()))
              for t in grid]
    families = [[m for m in requirements if m in way] for way in (DOWN, UP)]
    alpha = (1 - confidence) / sum(1 for f in families if f)
    certified, levels = set(range(len(grid))), []
    for family, way in zip(families, ("down", "up")):
        if not family:
            continue
        largest = [max(_pvalue(m, requirements[m], tp, fp, n_pos, n_neg) for m in family)
                   for tp, fp in counts]
        on = "precision" if way == "down" else "npv"
        predicted = [tp + fp if way == "down" else n_pos + n_neg - tp - fp
                     for tp, fp in counts]
        order = list(range(len(grid))) if way == "down" else list(range(len(grid)))[::-1]
        passed, level = _passed(largest, predicted, order, requirements.get(on)
                                if on in family else None, alpha)
        certified &= passed
        levels.append((largest, level))
    if not certified:
        return None, levels

    def merit(j):
        tp, fp = counts[j]
        tn, fn = n_neg - fp, n_pos - tp
        value = {"recall": Fraction(tp),
                 "precision": Fraction(tp, tp + fp) if tp + fp else Fraction(-1),
                 "npv": Fraction(tn, tn + fn) if tn + fn else Fraction(-1)}[maximize]
        return value, -j
    return grid[max(certified, key=merit)], levels


@settings(max_examples=300, deadline=None)
@given(
    y=st.lists(st.booleans(), min_size=4, max_size=300),
    seed=st.integers(0, 2**32 - 1),
    levels=st.integers(2, 40),
    chosen=st.lists(st.sampled_from(sorted(KEYWORDS)), min_size=1, max_size=4, unique=True),
    targets=st.lists(st.sampled_from([0.05, 0.3, 0.5, 0.7, 0.9]), min_size=4, max_size=4),
    confidence=st.sampled_from([0.5, 0.8, 0.95]),
    maximize=st.sampled_from([None, "recall", "precision", "npv"]),
)
def test_the_reference_intersection_of_requirements(y, seed, levels, chosen, targets,
                                                    confidence, maximize):
    y = np.array(y)
    assume(y.any() and not y.all())
    rng = np.random.default_rng(seed)
    scores = (rng.integers(0, levels, y.shape[0]) + 1.5 * y).astype(float)
    requirements = dict(zip(chosen, targets))
    objective = maximize or ("precision" if set(chosen) <= set(UP) else "recall")
    share = y.mean()
    if ("flag_rate" in requirements and "recall" in requirements
            and requirements["recall"] * share > requirements["flag_rate"]):
        with pytest.raises(ValueError, match="no threshold meets both"):
            spc.certified_threshold(y, scores, maximize=maximize, confidence_level=confidence,
                                    **{KEYWORDS[m]: t for m, t in requirements.items()})
        return
    want, levels_used = reference(y, scores, requirements, confidence, objective)
    # (a tail within rounding of its level is decided either way)
    assume(all(abs(p - level) > 1e-9 for largest, level in levels_used for p in largest))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        got = spc.certified_threshold(y, scores, maximize=maximize,
                                      confidence_level=confidence,
                                      **{KEYWORDS[m]: t for m, t in requirements.items()})
    if want is None:
        assert not got.certified
    else:
        assert got.threshold == want
        at = scores >= got.threshold
        assert got.recall == (y & at).sum() / y.sum() and got.flag_rate == at.mean()
        if not at.all():
            assert got.npv == pytest.approx((~y & ~at).sum() / (~at).sum())


def test_several_requirements_name_them_in_the_record():
    rng = np.random.default_rng(0)
    y = rng.random(3000) < 0.2
    scores = rng.normal(size=3000) + 2 * y
    got = spc.certified_threshold(y, scores, min_precision=0.6, max_flags=(10, 100))
    assert got.measure == ("precision", "flag_rate")
    assert got.guaranteed == {"precision": 0.6, "flag_rate": 0.1}
    assert got.estimate == {"precision": got.precision, "flag_rate": got.flag_rate}
    assert got.flag_rate <= 0.1 and got.precision >= 0.6
    single = spc.certified_threshold(y, scores, min_precision=0.6)
    assert (single.measure, single.guaranteed) == ("precision", 0.6)


def test_nothing_certified_names_the_failing_requirement():
    rng = np.random.default_rng(0)
    y = rng.random(5000) < 0.2
    scores = rng.normal(size=5000) + 2 * y
    with pytest.warns(UndefinedMetricWarning, match=r"npv >= 0.9 failed, 0\.8\d+ on these"):
        got = spc.certified_threshold(y, scores, min_precision=0.6, max_flag_rate=0.1,
                                      min_npv=0.9)
    assert not got.certified and got.measure == ("precision", "npv", "flag_rate")
    assert all(math.isnan(v) for v in got.guaranteed.values())


def _binormal(gap):
    """Population rates of scores N(gap, 1) for positives, N(0, 1) for negatives."""
    return lambda t: (norm.sf(t - gap), norm.sf(t))


def _population_holds(requirements, threshold, prevalence, gap):
    tpr, fpr = _binormal(gap)(threshold)
    flagged = prevalence * tpr + (1 - prevalence) * fpr
    values = {"precision": prevalence * tpr / flagged if flagged else 1.0,
              "recall": tpr, "fpr": fpr, "flag_rate": flagged,
              "npv": (1 - prevalence) * (1 - fpr) / (1 - flagged) if flagged < 1 else 1.0}
    return all(values[m] >= bound if m in ("precision", "recall", "npv")
               else values[m] <= bound for m, bound in requirements.items())


@pytest.mark.parametrize("requirements, deployed", [
    ({"precision": 0.75, "flag_rate": 0.2}, None),
    ({"recall": 0.7, "fpr": 0.2}, None),
    ({"npv": 0.88, "flag_rate": 0.4}, None),
    ({"precision": 0.6, "recall": 0.6, "npv": 0.85}, None),
    ({"precision": 0.4, "flag_rate": 0.06}, 0.05),
    ({"npv": 0.99, "recall": 0.8, "fpr": 0.4}, 0.05),
])
def test_the_guarantee_holds_together_in_a_known_population(requirements, deployed):
    """Each draw ships a threshold; the population's value there fails some requirement
    in at most 1 - confidence of the draws (up to simulation error)."""
    rng = np.random.default_rng(7)
    gap, prevalence, draws, confidence = 2.0, 0.3, 300, 0.9
    failures = certified = 0
    for _ in range(draws):
        y = rng.random(1500) < prevalence
        scores = np.round(rng.normal(size=1500) + gap * y, 2)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UndefinedMetricWarning)
            got = spc.certified_threshold(
                y, scores, confidence_level=confidence, prevalence=deployed,
                **{KEYWORDS[m]: t for m, t in requirements.items()})
        if got.certified:
            certified += 1
            failures += not _population_holds(requirements, got.threshold,
                                              deployed or prevalence, gap)
    alpha = 1 - confidence
    assert certified > draws / 2  # (the settings are meant to be reachable)
    assert failures / draws <= alpha + 3 * math.sqrt(alpha * (1 - alpha) / draws)


def test_the_budget_at_a_prevalence_is_the_best_split():
    """budget_pvalues: twice the larger of the two rates' tails at the split where they
    meet, against a fine search over every split."""
    from sklearn_prcurves._table._prevalence import budget_pvalues

    rng = np.random.default_rng(3)
    for _ in range(40):
        n_pos, n_neg = int(rng.integers(5, 300)), int(rng.integers(5, 3000))
        tp, fp = float(rng.integers(0, n_pos + 1)), float(rng.integers(0, n_neg // 5 + 1))
        prevalence, budget = float(rng.uniform(0.01, 0.5)), float(rng.uniform(0.01, 0.6))
        got = budget_pvalues(np.array([tp]), np.array([fp]), n_pos, n_neg, prevalence,
                             budget, everywhere=True)[0]
        q = np.linspace(0, min(1.0, budget / prevalence), 200_001)
        q_f = np.clip((budget - prevalence * q) / (1 - prevalence), 0, 1)
        with np.errstate(invalid="ignore"):
            first = np.where(q < 1, betainc(n_pos - tp, tp + 1, 1 - q), 0.0)
            second = np.where(q_f < 1, betainc(n_neg - fp, fp + 1, 1 - q_f), 0.0)
        best = min(1.0, 2 * float(np.min(np.maximum(first, second))))
        assert got == pytest.approx(best, rel=1e-3, abs=1e-12)


def test_the_budget_with_clusters_of_single_rows_is_the_rows():
    """One row per cluster: every effective size is the rows' count up to Student's
    t against the normal, so the clustered certification is at most as permissive."""
    rng = np.random.default_rng(4)
    y = rng.random(4000) < 0.3
    scores = rng.normal(size=4000) + 2 * y
    rows = spc.certified_threshold(y, scores, min_precision=0.7, max_flag_rate=0.2)
    clustered = spc.certified_threshold(y, scores, min_precision=0.7, max_flag_rate=0.2,
                                        groups=np.arange(4000))
    assert clustered.threshold >= rows.threshold
    assert clustered.threshold == pytest.approx(rows.threshold, abs=0.05)


@pytest.mark.parametrize("weighted", [False, True])
def test_clustered_budget_and_npv_read_the_effective_counts(weighted):
    """With groups, the certified threshold's p-value is the larger of the two tails at
    Korn and Graubard's effective counts: of the share flagged among all rows (the
    budget) and of the true negatives among the predicted negatives (the negative
    predictive value), each family at half the level."""
    from test_certified import _cluster_rows, _effective, stats_beta_sf

    y, scores, groups, w = _cluster_rows(2, k=200, weighted=weighted)
    got = spc.certified_threshold(y, scores, min_npv=0.55, max_flag_rate=0.6,
                                  groups=groups, sample_weight=w, maximize="npv")
    assert got.certified
    weight = np.ones(y.shape[0]) if w is None else w
    at = scores >= got.threshold
    per = lambda mask: [weight[(groups == g) & mask].sum() for g in range(200)]  # noqa: E731
    p, n = _effective(per(at), per(np.ones_like(at)), 0.025)
    budget = stats_beta_sf(n - p * n, n, 1 - 0.6)
    # (the negative predictive value runs from several starts: at a shared level)
    tails = []
    for level in 0.025 / np.arange(1, 65):
        p, n = _effective(per(~at & ~y), per(~at), level)
        tails.append(stats_beta_sf(p * n, n, 0.55))
    assert any(got.pvalue == pytest.approx(max(budget, tail), rel=1e-9) for tail in tails)


@pytest.mark.parametrize("upward", [False, True])
def test_a_fixed_sequence_stops_at_its_first_failure_across_pieces(upward):
    """Effective sizes between clusters need not give monotone p-values: a sequence
    stops at its first failure, from its own end, whether the grid comes whole or in
    pieces (a p-value within the level past a failure certifies nothing)."""
    from sklearn_prcurves._inference._requirements import FixedSequence

    pvalues = np.array([0.01, 0.2, 0.01, 0.03])
    expected = [False, False, True, True] if upward else [True, False, False, False]
    whole = FixedSequence(0.05, upward)
    assert whole.passed(pvalues).tolist() == expected
    split = FixedSequence(0.05, upward)
    rows = []
    for piece in (pvalues[:2], pvalues[2:]):
        passed = split.passed(piece)
        rows.append((np.flatnonzero(passed).tolist(), bool((piece <= 0.05).all())))
    kept = [row for row in split.settle(rows) if row]
    offsets = {0: 0, 1: 2}
    got = sorted(offsets[i] + j for i, (row, _) in enumerate(rows) if row in kept
                 for j in row)
    assert got == np.flatnonzero(expected).tolist()

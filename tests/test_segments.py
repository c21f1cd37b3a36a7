"""certified_threshold_per_segment: a threshold per segment is certified_threshold on
the segment's rows at the level over the number of segments; one threshold for all is
certified_threshold's on any one of identical segments (their p-values agree, so the
largest is each one's); in known populations every segment's requirement holds
together at the stated confidence; input errors name the segment."""

import math
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import norm
from sklearn.exceptions import UndefinedMetricWarning

import sklearn_prcurves as spc

REQUIREMENTS = [{"min_precision": 0.7}, {"min_recall": 0.6}, {"max_fpr": 0.3},
                {"min_precision": 0.6, "max_flag_rate": 0.5},
                {"min_npv": 0.7, "min_recall": 0.5}]


def _segmented(rng, n, k):
    segment = rng.integers(0, k, size=n)
    y = (rng.random(n) < 0.3 + 0.1 * segment).astype(int)
    y[:2 * k] = np.repeat([0, 1], k)
    segment[:2 * k] = np.tile(np.arange(k), 2)
    s = np.round(rng.normal(size=n) + 2.0 * y - 0.3 * segment, 1)
    return y, s, segment


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), k=st.integers(1, 4),
       requirements=st.sampled_from(REQUIREMENTS), weighted=st.booleans())
def test_a_threshold_per_segment_is_certified_threshold_at_the_shared_level(
        seed, k, requirements, weighted):
    rng = np.random.default_rng(seed)
    y, s, segment = _segmented(rng, 400, k)
    w = rng.integers(0, 3, size=400).astype(float) if weighted else None
    if w is not None:
        w[:2 * k] = 1.0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        found = spc.certified_threshold_per_segment(y, s, segment, sample_weight=w,
                                                    confidence_level=0.9, **requirements)
        assert list(found) == list(range(k))
        for label, result in found.items():
            at = segment == label
            alone = spc.certified_threshold(
                y[at], s[at], sample_weight=None if w is None else w[at],
                confidence_level=1 - 0.1 / k, **requirements)
            assert result == alone or (not result.certified and not alone.certified)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), requirements=st.sampled_from(REQUIREMENTS),
       copies=st.integers(1, 3))
def test_one_threshold_for_identical_segments_is_certified_threshold_s(
        seed, requirements, copies):
    rng = np.random.default_rng(seed)
    y, s, _ = _segmented(rng, 300, 1)
    names = [f"site{i}" for i in range(copies)]
    segments = np.repeat(names, y.shape[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        shared = spc.certified_threshold_per_segment(
            np.tile(y, copies), np.tile(s, copies), segments, same_threshold=True,
            **requirements)
        alone = spc.certified_threshold(y, s, **requirements)
    for name in names:
        got = shared[name]
        assert got.threshold == alone.threshold or not (got.certified or alone.certified)
        if alone.certified:
            assert got.precision == pytest.approx(alone.precision)
            assert got.recall == pytest.approx(alone.recall)
            assert got.pvalue == pytest.approx(alone.pvalue)


def _population_precision(t, prevalence, gap):
    tpr, fpr = norm.sf(t - gap), norm.sf(t)
    return prevalence * tpr / (prevalence * tpr + (1 - prevalence) * fpr)


@pytest.mark.parametrize("same_threshold", [False, True])
def test_every_segment_holds_together_in_known_populations(same_threshold):
    sites = [(0.3, 2.0, 600), (0.15, 2.5, 400), (0.4, 1.5, 800)]  # prevalence, gap, rows
    rng = np.random.default_rng(7)
    draws, confidence, failures, certified = 150, 0.8, 0, 0
    for _ in range(draws):
        y, s, segment = [], [], []
        for index, (prevalence, gap, n) in enumerate(sites):
            labels = rng.random(n) < prevalence
            y.append(labels)
            s.append(rng.normal(size=n) + gap * labels)
            segment.append(np.full(n, index))
        y, s, segment = map(np.concatenate, (y, s, segment))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UndefinedMetricWarning)
            found = spc.certified_threshold_per_segment(
                y, s, segment, min_precision=0.75, confidence_level=confidence,
                same_threshold=same_threshold)
        shipped = [(found[i].threshold, *sites[i][:2]) for i in range(3)
                   if found[i].certified]
        certified += len(shipped) == 3
        failures += any(_population_precision(t, p, g) < 0.75 for t, p, g in shipped)
    assert certified >= draws // 2
    assert failures / draws <= (1 - confidence) + 3 * math.sqrt(0.2 * 0.8 / draws)


def test_clusters_and_a_prevalence_reach_every_segment():
    rng = np.random.default_rng(3)
    y, s, segment = _segmented(rng, 2000, 2)
    patients = rng.permutation(2000) // 4
    found = spc.certified_threshold_per_segment(y, s, segment, min_precision=0.6,
                                                prevalence=0.2, groups=patients)
    for label in (0, 1):
        at = segment == label
        alone = spc.certified_threshold(y[at], s[at], min_precision=0.6, prevalence=0.2,
                                        groups=patients[at], confidence_level=0.975)
        assert found[label] == alone


def test_input_errors_name_the_segment():
    y = np.array([0, 1, 0, 1, 1, 1])
    s = np.arange(6.0)
    with pytest.raises(ValueError, match=r"^segment 'b': .*one class"):
        spc.certified_threshold_per_segment(y, s, ["a"] * 4 + ["b"] * 2,
                                            min_precision=0.5)
    with pytest.raises(ValueError, match="segments has a row without an id"):
        spc.certified_threshold_per_segment(y, s, ["a", None, "a", "b", "b", "b"],
                                            min_precision=0.5)
    with pytest.raises(ValueError, match="segments must hold one id per row"):
        spc.certified_threshold_per_segment(y, s, ["a"] * 5, min_precision=0.5)
    with pytest.raises(ValueError, match="at least one requirement"):
        spc.certified_threshold_per_segment(y, s, ["a"] * 6, same_threshold=True)


def test_nothing_certified_is_nan_everywhere_with_one_warning():
    rng = np.random.default_rng(4)
    y, s, segment = _segmented(rng, 200, 2)
    with pytest.warns(UndefinedMetricWarning, match="No threshold can be certified"):
        found = spc.certified_threshold_per_segment(y, s, segment, min_precision=0.999,
                                                    same_threshold=True)
    assert all(math.isnan(r.threshold) for r in found.values())


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), requirements=st.sampled_from(REQUIREMENTS),
       multiclass=st.booleans(), simultaneous=st.booleans(), weighted=st.booleans())
def test_a_threshold_per_label_is_certified_threshold_on_its_column(
        seed, requirements, multiclass, simultaneous, weighted):
    rng = np.random.default_rng(seed)
    n, k = 300, 3
    if multiclass:
        y = rng.integers(0, k, size=n)
        y[:k] = np.arange(k)
        positives = y[:, None] == np.arange(k)[None, :]
    else:
        positives = rng.random((n, k)) < [0.3, 0.5, 0.2]
        positives[:2] = [[True] * k, [False] * k]
        y = positives.astype(int)
    scores = np.round(rng.normal(size=(n, k)) + 2.0 * positives, 1)
    w = rng.integers(1, 3, size=n).astype(float) if weighted else None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedMetricWarning)
        found = spc.certified_threshold_per_label(
            y, scores, sample_weight=w, simultaneous=simultaneous, confidence_level=0.9,
            classes=None if multiclass else ["a", "b", "c"], **requirements)
        names = list(range(k)) if multiclass else ["a", "b", "c"]
        assert list(found) == names
        level = 1 - 0.1 / k if simultaneous else 0.9
        for column, name in enumerate(names):
            alone = spc.certified_threshold(positives[:, column], scores[:, column],
                                            sample_weight=w, confidence_level=level,
                                            **requirements)
            got = found[name]
            assert got == alone or (not got.certified and not alone.certified)


def test_every_label_holds_together_in_known_populations():
    rng = np.random.default_rng(8)
    prevalences, gaps = np.array([0.3, 0.15, 0.45]), np.array([2.0, 2.5, 1.5])
    draws, confidence, failures = 150, 0.8, 0
    for _ in range(draws):
        Y = rng.random((1500, 3)) < prevalences
        S = rng.normal(size=(1500, 3)) + gaps * Y
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UndefinedMetricWarning)
            found = spc.certified_threshold_per_label(Y, S, min_precision=0.75,
                                                      confidence_level=confidence)
        failures += any(result.certified and _population_precision(
            result.threshold, prevalences[k], gaps[k]) < 0.75 for k, result in found.items())
    assert failures / draws <= (1 - confidence) + 3 * math.sqrt(0.2 * 0.8 / draws)


def test_labels_take_a_prevalence_each_and_errors_name_them():
    rng = np.random.default_rng(9)
    Y = rng.random((2000, 2)) < [0.3, 0.4]
    S = rng.normal(size=(2000, 2)) + 2.5 * Y
    found = spc.certified_threshold_per_label(Y, S, min_precision=0.5,
                                              prevalence=[0.1, 0.2], classes=["x", "y"])
    for column, (name, prevalence) in enumerate((("x", 0.1), ("y", 0.2))):
        alone = spc.certified_threshold(Y[:, column], S[:, column], min_precision=0.5,
                                        prevalence=prevalence, confidence_level=0.975)
        assert found[name] == alone
    with pytest.raises(ValueError, match="one per label"):
        spc.certified_threshold_per_label(Y, S, min_precision=0.5, prevalence=[0.1])
    Y[:, 1] = False
    with pytest.raises(ValueError, match=r"^label 1: .*one class"):
        spc.certified_threshold_per_label(Y, S, min_precision=0.5)
    with pytest.raises(ValueError, match="one column per class or label"):
        spc.certified_threshold_per_label(Y[:, 0], S[:, 0], min_precision=0.5)
    with pytest.raises(ValueError, match="give classes= naming each column"):
        spc.certified_threshold_per_label(np.arange(2000) % 3, S, min_precision=0.5)
    with pytest.raises(ValueError, match="multilabel indicator matrix"):
        spc.certified_threshold_per_label(Y * 2, S, min_precision=0.5)

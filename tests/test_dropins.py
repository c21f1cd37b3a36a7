"""Differential tests: every drop-in against the installed scikit-learn.

For random inputs (hypothesis) and for a catalogue of bad inputs, our function and
scikit-learn's must return the same values (bit-identical without weights, 1e-12
relative with weights), the same dtypes and shapes, the same warnings (class and
text) and the same exceptions (type and text).
"""

import inspect
import re
import warnings
from pathlib import Path

import numpy as np
import pytest
import sklearn
import sklearn.metrics as skm
from hypothesis import given, settings
from hypothesis import strategies as st

import sklearn_prcurves as ours

SKLEARN_VERSION = tuple(int(p) for p in sklearn.__version__.split(".")[:2])
SKLEARN_AT_LEAST_1_9 = SKLEARN_VERSION >= (1, 9)
BINARY_CURVES = ["roc_curve", "precision_recall_curve", "det_curve"]
SCORES = ["roc_auc_score", "average_precision_score"]
if hasattr(skm, "confusion_matrix_at_thresholds"):
    BINARY_CURVES.append("confusion_matrix_at_thresholds")


def _canonical(message):
    """Sort the items of ``{...}`` lists: scikit-learn prints its option *sets* in
    hash order, which varies between processes (and between two equal sets)."""
    return re.sub(
        r"\{([^{}]*)\}",
        lambda m: "{" + ", ".join(sorted(m.group(1).split(", "))) + "}",
        message,
    )


def outcome(func, *args, **kwargs):
    """What a call does: its result or exception, and the warnings it emits."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            result = ("returned", func(*args, **kwargs))
        except Exception as exc:  # noqa: BLE001 - the exception is the outcome
            result = ("raised", type(exc), _canonical(str(exc)))
    seen = sorted(
        {(w.category.__name__, str(w.message)) for w in caught if w.category is not RuntimeWarning}
    )
    return result, seen


def is_accidental(result):
    """scikit-learn failing by accident, deep inside, instead of validating: an
    IndexError, or (before 1.8, given no row or only zero weights) a complaint that
    the labels of the empty set are not {0, 1}."""
    return result[0] == "raised" and (
        result[1] in (IndexError, AttributeError) or "could not be broadcast" in result[2]
        or result[2].startswith("y_true takes value in {} ")
    )


def assert_same_outcome(name, *args, exact=True, **kwargs):
    theirs, their_warnings = outcome(getattr(skm, name), *args, **kwargs)
    mine, my_warnings = outcome(getattr(ours, name), *args, **kwargs)
    if is_accidental(theirs):
        # We validate instead: a ValueError that names the problem.
        assert mine[0] == "raised" and mine[1] is ValueError, (mine, theirs)
        return
    if not SKLEARN_AT_LEAST_1_9 and mine[0] == "raised" and "needs to be of shape" in mine[2]:
        # scikit-learn 1.9 added this shape check to average_precision_score; we
        # apply it under every version rather than score mismatched shapes.
        assert theirs[0] == "returned" or theirs[1] is ValueError
        return
    assert my_warnings == their_warnings
    assert mine[0] == theirs[0], (mine, theirs)
    if mine[0] == "raised":
        assert mine[1:] == theirs[1:]
        return
    assert_same_value(mine[1], theirs[1], exact)


def assert_same_value(mine, theirs, exact):
    if isinstance(theirs, tuple):
        assert isinstance(mine, tuple) and len(mine) == len(theirs)
        for a, b in zip(mine, theirs):
            assert_same_value(a, b, exact)
        return
    if isinstance(theirs, np.ndarray):
        assert isinstance(mine, np.ndarray)
        assert mine.dtype == theirs.dtype and mine.shape == theirs.shape
    else:  # (1.6: NumPy's float64, Python's for an undefined score or a zero area)
        assert type(mine) is type(theirs), (type(mine), type(theirs))
    if exact:
        np.testing.assert_array_equal(mine, theirs)
    else:
        np.testing.assert_allclose(mine, theirs, rtol=1e-12, atol=1e-15)


label_encodings = st.sampled_from(
    [
        (np.array([0, 1]), None),
        (np.array([-1, 1]), None),
        (np.array([False, True]), None),
        (np.array([0.0, 1.0]), None),
        (np.array(["neg", "pos"]), "pos"),
        (np.array([2, 7]), 7),
    ]
)
score_dtypes = st.sampled_from([np.float64, np.float32, np.int64])


@st.composite
def binary_problems(draw, weighted=False):
    n = draw(st.integers(1, 40))
    labels, pos_label = draw(label_encodings)
    index = np.array(draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)))
    y = labels[index]
    n_distinct = draw(st.integers(1, 8))  # 1: everything tied
    scores = np.array(draw(st.lists(st.integers(0, n_distinct - 1), min_size=n, max_size=n)))
    scores = (scores * draw(st.sampled_from([1, 0.25, 3]))).astype(draw(score_dtypes))
    weight = None
    if weighted:
        weight = np.array(
            draw(st.lists(st.sampled_from([0.0, 0.5, 1.0, 2.0, 3.7]), min_size=n, max_size=n))
        )
    return y, scores, weight, pos_label


@settings(max_examples=150, deadline=None)
@given(binary_problems(), st.sampled_from(BINARY_CURVES), st.booleans())
def test_binary_curves_identical_unweighted(problem, name, drop):
    y, scores, _, pos_label = problem
    kwargs = {"pos_label": pos_label}
    if "drop_intermediate" in inspect.signature(getattr(skm, name)).parameters:
        kwargs["drop_intermediate"] = drop  # (det_curve before 1.7 has none)
    assert_same_outcome(name, y, scores, **kwargs)


@settings(max_examples=150, deadline=None)
@given(binary_problems(weighted=True), st.sampled_from(BINARY_CURVES))
def test_binary_curves_close_weighted(problem, name):
    y, scores, weight, pos_label = problem
    assert_same_outcome(name, y, scores, pos_label=pos_label, sample_weight=weight, exact=False)


@settings(max_examples=150, deadline=None)
@given(binary_problems(), st.booleans())
def test_binary_scores_identical_unweighted(problem, use_max_fpr):
    y, scores, _, pos_label = problem
    if pos_label is None:
        max_fpr = 0.3 if use_max_fpr else None
        assert_same_outcome("roc_auc_score", y, scores, max_fpr=max_fpr)
    assert_same_outcome("average_precision_score", y, scores, pos_label=pos_label or 1)


@settings(max_examples=150, deadline=None)
@given(binary_problems(weighted=True))
def test_binary_scores_close_weighted(problem):
    y, scores, weight, pos_label = problem
    assert_same_outcome("roc_auc_score", y, scores, sample_weight=weight, exact=False)
    assert_same_outcome(
        "average_precision_score", y, scores, pos_label=pos_label or 1,
        sample_weight=weight, exact=False,
    )


@st.composite
def multiclass_problems(draw):
    n = draw(st.integers(3, 40))
    n_classes = draw(st.integers(3, 4))
    y = np.array(draw(st.lists(st.integers(0, n_classes - 1), min_size=n, max_size=n)))
    raw = np.array(
        draw(st.lists(st.integers(1, 4), min_size=n * n_classes, max_size=n * n_classes)),
        dtype=float,
    ).reshape(n, n_classes)
    proba = raw / raw.sum(axis=1, keepdims=True)
    classes = draw(st.sampled_from([np.arange(n_classes), np.array(list("abcd"))[:n_classes]]))
    return classes[y], proba, classes


@settings(max_examples=80, deadline=None)
@given(
    multiclass_problems(),
    st.sampled_from(["ovr", "ovo"]),
    st.sampled_from(["macro", "weighted", "micro", None]),
    st.booleans(),
)
def test_multiclass_roc_auc(problem, multi_class, average, pass_labels):
    y, proba, classes = problem
    labels = classes if pass_labels else None
    assert_same_outcome(
        "roc_auc_score", y, proba, multi_class=multi_class, average=average, labels=labels
    )


@settings(max_examples=80, deadline=None)
@given(multiclass_problems(), st.sampled_from(["macro", "weighted", "micro", "samples", None]))
def test_multiclass_average_precision(problem, average):
    y, proba, _ = problem
    assert_same_outcome("average_precision_score", y, proba, average=average)


@settings(max_examples=80, deadline=None)
@given(
    st.integers(2, 30).flatmap(
        lambda n: st.tuples(
            st.lists(st.integers(0, 1), min_size=3 * n, max_size=3 * n),
            st.lists(st.integers(0, 4), min_size=3 * n, max_size=3 * n),
            st.lists(st.sampled_from([0.0, 1.0, 2.5]), min_size=n, max_size=n),
        )
    ),
    st.sampled_from(SCORES),
    st.sampled_from(["macro", "weighted", "micro", "samples", None]),
    st.booleans(),
)
def test_multilabel(data, name, average, weighted):
    y, scores, weight = data
    y = np.array(y).reshape(-1, 3)
    scores = np.array(scores, dtype=float).reshape(-1, 3)
    weight = np.array(weight) if weighted else None
    assert_same_outcome(name, y, scores, average=average, sample_weight=weight, exact=not weighted)


def test_pandas_and_list_inputs():
    pd = pytest.importorskip("pandas")
    y = pd.Series(["b", "a", "b", "b", "a"])
    scores = pd.Series([0.2, 0.3, 0.3, 0.9, 0.1], dtype="float32")
    for name in BINARY_CURVES:
        assert_same_outcome(name, y, scores, pos_label="b")
        assert_same_outcome(name, y.tolist(), scores.tolist(), pos_label="b")
    assert_same_outcome("average_precision_score", y, scores, pos_label="b")
    assert_same_outcome("roc_auc_score", y, scores)
    frame = pd.DataFrame({"a": [1, 0, 1, 0], "b": [0, 1, 1, 0]})
    assert_same_outcome("roc_auc_score", frame, frame * 0.5 + 0.1)


BAD_INPUTS = {
    "nan score": ([0, 1, 1], [0.1, np.nan, 0.3], {}),
    "inf score": ([0, 1, 1], [0.1, np.inf, 0.3], {}),
    "nan weight": ([0, 1, 1], [0.1, 0.2, 0.3], {"sample_weight": [1.0, np.nan, 1.0]}),
    "all-zero weights": ([0, 1, 1], [0.1, 0.2, 0.3], {"sample_weight": [0.0, 0.0, 0.0]}),
    # float arrays: what our weight check lets through unchanged must fail as there
    "nan weight array": ([0, 1, 1], [0.1, 0.2, 0.3],
                         {"sample_weight": np.array([1.0, np.nan, 1.0])}),
    "inf weight array": ([0, 1, 1], [0.1, 0.2, 0.3],
                         {"sample_weight": np.array([1.0, np.inf, 1.0], dtype=np.float32)}),
    "all-zero weight array": ([0, 1, 1], [0.1, 0.2, 0.3], {"sample_weight": np.zeros(3)}),
    "weight array length": ([0, 1, 1], [0.1, 0.2, 0.3], {"sample_weight": np.ones(2)}),
    "length mismatch": ([0, 1, 1], [0.1, 0.2], {}),
    "weight length": ([0, 1, 1], [0.1, 0.2, 0.3], {"sample_weight": [1.0, 1.0]}),
    "empty": ([], [], {}),
    "multiclass y": ([0, 1, 2], [0.1, 0.2, 0.3], {}),
    "continuous y": ([0.5, 1.5, 0.2], [0.1, 0.2, 0.3], {}),
    "2-D y_score": ([0, 1, 1], [[0.1, 0.9], [0.2, 0.8], [0.3, 0.7]], {}),
    "strings without pos_label": (["a", "b", "a"], [0.1, 0.2, 0.3], {}),
    "labels 1/2 without pos_label": ([1, 2, 2], [0.1, 0.2, 0.3], {}),
    "unknown pos_label": ([0, 1, 1], [0.1, 0.2, 0.3], {"pos_label": 3}),
    "single class": ([1, 1, 1], [0.1, 0.2, 0.3], {}),
    "a class only at zero weight": ([0, 1, 0, 1], [0.1, 0.2, 0.3, 0.4],
                                    {"sample_weight": [1.0, 0.0, 1.0, 0.0]}),
    "nan label": ([0, np.nan, 1], [0.1, 0.2, 0.3], {}),
    "bad average": ([0, 1, 1], [0.1, 0.2, 0.3], {"average": "mean"}),
}


ACCEPTED = {
    "roc_auc_score": {"sample_weight", "average"},
    "average_precision_score": {"sample_weight", "average", "pos_label"},
}


@pytest.mark.parametrize(
    "name, case",
    [
        (name, case)
        for name in BINARY_CURVES + SCORES
        for case in sorted(BAD_INPUTS)
        # only the keyword arguments the function takes
        if set(BAD_INPUTS[case][2]) <= ACCEPTED.get(name, {"sample_weight", "pos_label"})
    ],
)
def test_bad_input_same_error(name, case):
    y, scores, kwargs = BAD_INPUTS[case]
    assert_same_outcome(name, y, scores, **kwargs)


def test_multiclass_errors_match():
    y = np.array([0, 1, 2, 2])
    proba = np.array([[0.5, 0.3, 0.2], [0.1, 0.8, 0.1], [0.2, 0.2, 0.6], [0.3, 0.3, 0.4]])
    assert_same_outcome("roc_auc_score", y, proba)  # multi_class="raise"
    assert_same_outcome("roc_auc_score", y, proba * 2, multi_class="ovr")
    assert_same_outcome("roc_auc_score", y, proba, multi_class="ovo", sample_weight=np.ones(4))
    assert_same_outcome("roc_auc_score", y, proba, multi_class="ovr", max_fpr=0.5)
    assert_same_outcome("roc_auc_score", y, proba, multi_class="ovo", average=None)
    assert_same_outcome("roc_auc_score", y, proba, multi_class="ovr", labels=[0, 2, 1])
    assert_same_outcome("roc_auc_score", y, proba, multi_class="ovr", labels=[0, 1, 1])
    assert_same_outcome("roc_auc_score", y, proba, multi_class="ovr", labels=[0, 1, 3])
    assert_same_outcome("roc_auc_score", y, proba[:, :2], multi_class="ovr")
    # scikit-learn < 1.9 scores mismatched shapes silently; we always refuse.
    with pytest.raises(ValueError, match="needs to be of shape"):
        ours.average_precision_score(y, proba[:, :2])
    if SKLEARN_AT_LEAST_1_9:
        assert_same_outcome("average_precision_score", y, proba[:, :2])
    assert_same_outcome("average_precision_score", y, proba, pos_label=2)


def test_auc_matches():
    assert_same_outcome("auc", [0, 0.5, 1], [0, 0.7, 1])
    assert_same_outcome("auc", [1, 0.5, 0], [1, 0.7, 0])
    assert_same_outcome("auc", [0, 1, 0.5], [0, 0.7, 1])
    assert_same_outcome("auc", [0], [1])


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_weighted_tied_scores_bit_identical_to_scikit_learn(data):
    """With weights and ties the areas are the same floats as scikit-learn's (binary and
    one-vs-rest), not just close: ties are summed in scikit-learn's order."""
    import warnings

    n = data.draw(st.integers(6, 60))
    k = data.draw(st.integers(2, 4))
    y = np.array(data.draw(st.lists(st.integers(0, k - 1), min_size=n, max_size=n)))
    y[:k] = np.arange(k)
    scores = np.array(data.draw(st.lists(st.integers(0, 5), min_size=n * k, max_size=n * k)),
                      dtype=float).reshape(n, k) + 1.0
    scores /= scores.sum(axis=1, keepdims=True)
    scale = data.draw(st.sampled_from([1e-3, 1.0, 1e3]))
    w = np.array(data.draw(st.lists(st.floats(0.01, 10), min_size=n, max_size=n))) * scale
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if k == 2:
            for name in ("roc_auc_score", "average_precision_score"):
                mine = getattr(ours, name)(y, scores[:, 1], sample_weight=w)
                theirs = getattr(skm, name)(y, scores[:, 1], sample_weight=w)
                assert mine == theirs or (np.isnan(mine) and np.isnan(theirs)), name
        else:
            for average in ("macro", "weighted"):
                mine = ours.roc_auc_score(y, scores, multi_class="ovr", average=average,
                                         sample_weight=w)
                theirs = skm.roc_auc_score(y, scores, multi_class="ovr", average=average,
                                           sample_weight=w)
                assert mine == theirs
            assert np.array_equal(ours.average_precision_score(y, scores, sample_weight=w,
                                                              average=None),
                                  skm.average_precision_score(y, scores, sample_weight=w,
                                                              average=None))


@pytest.mark.parametrize("block", [1, 2, 5, 1 << 15])
def test_weighted_roc_corners_block_by_block(monkeypatch, block):
    # The corner test of a weighted ROC curve differences the steps in blocks: whatever
    # the block size, the same points as scikit-learn's, byte for byte. Repeated
    # weights and tied scores make straight runs, so some points are dropped.
    from sklearn_prcurves._metrics import _stepwise

    monkeypatch.setattr(_stepwise, "_CORNER_BLOCK", block)
    rng = np.random.default_rng(block)
    for n in (3, 4, 12, 41, 97):
        y = np.repeat(rng.integers(0, 2, n), rng.integers(1, 6, n))[:n]
        scores = np.sort(rng.integers(0, 2 * n, n)).astype(float)
        weight = np.where(rng.random(n) < 0.8, 1.5, 3.0)
        assert_same_outcome("roc_curve", y, scores, sample_weight=weight,
                            drop_intermediate=True)


@pytest.mark.parametrize("block", [1, 2, 5, 1 << 16])
def test_weighted_average_precision_block_by_block(monkeypatch, block):
    # Weighted average precision sums terms formed block by block of the table's rows,
    # each block's recall following the previous block's last: whatever the block
    # size, scikit-learn's value, byte for byte. Weights of both signs that cancel
    # leave rows with nothing predicted positive (precision 0 there, as in
    # scikit-learn); distinct float64 scores have their terms written over the
    # table's own buffer.
    from sklearn_prcurves._metrics import _stepwise

    monkeypatch.setattr(_stepwise, "BLOCK", block)
    rng = np.random.default_rng(block)
    for n in (2, 3, 4, 12, 41, 97):
        for kind in ("distinct", "tied", "cancelling", "float32"):
            y = rng.integers(0, 2, n)
            y[:2] = 0, 1
            scores = rng.random(n)
            weight = rng.random(n) + 0.5
            if kind == "tied":
                scores = np.round(scores, 1)
            elif kind == "cancelling":
                weight = np.where(rng.random(n) < 0.5, -1.0, 1.0)
            elif kind == "float32":
                scores = scores.astype(np.float32)
            assert_same_outcome("average_precision_score", y, scores,
                                sample_weight=weight)


# --- object arrays of Python numbers (a pandas object column) ---------------------------

_OBJECT_POOL = [0, 1, 1.0, True, False, 0.5, -0.0, 0.0, 0.35, 2**53, 2.0**53, 2**53 + 1,
                2**53 + 3, 2.0**53 + 2, 2**70, 2**70 + 1, np.float32(0.25), np.int64(3)]


def _typed(result):
    """A curve's arrays as (dtype, each element's Python type, values): what a caller
    of the drop-in sees, element types included."""
    return [(a.dtype.str, [type(v).__name__ for v in a.tolist()], a.tolist())
            for a in result]


@settings(max_examples=150, deadline=None, database=None)
@given(st.lists(st.sampled_from(_OBJECT_POOL), min_size=1, max_size=8), st.data())
def test_object_scores_give_scikit_learns_thresholds(values, data):
    """scikit-learn sorts an object array of numbers as Python objects and returns
    them as thresholds (an object array before 1.8 from roc_curve and det_curve, from
    precision_recall_curve and confusion_matrix_at_thresholds in every release),
    finding ties where neighbours' difference is zero: the same arrays, dtypes and
    element types, on whichever release is installed."""
    n = len(values)
    scores = np.array(values, dtype=object)
    y = np.array(data.draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)))
    weight = data.draw(st.one_of(st.none(), st.lists(st.sampled_from([0.5, 1.0, 3.0]),
                                                     min_size=n, max_size=n)))
    weight = None if weight is None else np.array(weight)
    for name in BINARY_CURVES + ["average_precision_score"]:
        expected = outcome(getattr(skm, name), y, scores, sample_weight=weight)
        got = outcome(getattr(ours, name), y, scores, sample_weight=weight)
        if expected[0][0] == "raised" or got[0][0] == "raised":
            if is_accidental(expected[0]):
                continue
            assert got[0][:2] == expected[0][:2], (name, got, expected)
            continue
        ours_result, theirs = got[0][1], expected[0][1]
        if name == "average_precision_score":
            assert repr(ours_result) == repr(theirs), (name, ours_result, theirs)
        else:  # (repr: NaN as NaN)
            assert repr(_typed(ours_result)) == repr(_typed(theirs)), name


@pytest.mark.parametrize("extra", [1, 2])
def test_confusion_matrix_at_thresholds_takes_keywords_by_position_as_scikit_learn(extra):
    """``pos_label`` and ``sample_weight`` passed by position: taken silently by 1.8
    (and where scikit-learn lacks the function), with scikit-learn's FutureWarning
    from 1.9; the counts those of the keyword call, the signature scikit-learn's."""
    y = np.array([1, 2, 2, 1, 2, 1])
    s = np.array([0.2, 0.1, 0.7, 0.7, 0.3, 0.9])
    args = (2, np.array([1.0, 2.0, 3.0, 1.0, 0.5, 2.0]))[:extra]
    got = outcome(ours.confusion_matrix_at_thresholds, y, s, *args)
    by_keyword = outcome(ours.confusion_matrix_at_thresholds, y, s,
                         **dict(zip(["pos_label", "sample_weight"], args)))
    assert got[0][0] == "returned" and repr(got[0]) == repr(by_keyword[0])
    theirs = getattr(skm, "confusion_matrix_at_thresholds", None)
    if theirs is None:
        assert got[1] == []
        return
    assert repr(got) == repr(outcome(theirs, y, s, *args))
    shape = lambda f: [(p.name, p.kind, p.default)  # noqa: E731
                       for p in inspect.signature(f).parameters.values()]
    assert shape(ours.confusion_matrix_at_thresholds) == shape(theirs)
    # one value too many is refused, not dropped
    with pytest.raises(TypeError, match="positional arguments"):
        ours.confusion_matrix_at_thresholds(y, s, 2, None, None)
    # a value both by position and by keyword: 1.8 refuses it as Python does; from 1.9
    # scikit-learn warns and takes the one by position
    twice = dict(zip(["pos_label", "sample_weight"], (1, np.ones(6))[:extra]))
    assert repr(outcome(ours.confusion_matrix_at_thresholds, y, s, *args, **twice)) == repr(
        outcome(theirs, y, s, *args, **twice))


def test_the_positional_arguments_warning_comes_from_scikit_learns_module():
    """scikit-learn's FutureWarning comes from ``sklearn.utils.validation``: a filter
    keyed on that module silences ours as it silences scikit-learn's."""
    if skm.__dict__.get("confusion_matrix_at_thresholds") is None or SKLEARN_VERSION < (1, 9):
        pytest.skip("scikit-learn warns of positional arguments here from 1.9")
    y, s = np.array([1, 0, 0, 1]), np.array([0.2, 0.1, 0.7, 0.9])
    for func in (skm.confusion_matrix_at_thresholds, ours.confusion_matrix_at_thresholds):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            warnings.filterwarnings("ignore", module="sklearn.utils.validation")
            func(y, s, 1)
        assert caught == []
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            func(y, s, 1)
        assert [Path(w.filename).name for w in caught] == ["validation.py"]


@pytest.mark.parametrize("call", [
    lambda: ours.precision_recall_curve([0, 0, 0], [0.1, 0.2, 0.3]),
    lambda: ours.roc_curve([0, 0, 0], [0.1, 0.2, 0.3]),
    lambda: ours.roc_curve([1, 1, 1], [0.1, 0.2, 0.3]),
    lambda: ours.roc_auc_score([1, 1], [0.1, 0.2]),
    lambda: ours.average_precision_score([0, 0, 0], [0.1, 0.2, 0.3]),
    lambda: ours.pr_auc_score([0, 0, 0], [0.1, 0.2, 0.3]),
    lambda: ours.recall_at_precision([0, 1], [0.9, 0.1], min_precision=0.99),
    lambda: ours.roc_convex_hull([1, 1, 1], [0.1, 0.2, 0.3]),
    lambda: ours.threshold_ci([0, 1, 1], [0.1, 0.2, 0.3], 0.9),
    lambda: ours.bootstrap_ci("roc_auc", [0, 1] * 10, list(range(20)), n_resamples=50,
                             random_state=0),
], ids=["pr curve", "roc no negative", "roc no positive", "auc one class", "ap",
        "pr_auc", "recall_at_precision", "hull", "threshold_ci", "few resamples"])
def test_warnings_point_at_the_callers_line(call):
    """A warning names the line that called the package (as scikit-learn's do), not a
    line inside it, whatever the depth it was raised at."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        call()
    assert caught, "the call no longer warns: choose another"
    assert {Path(w.filename).name for w in caught} == {Path(__file__).name}

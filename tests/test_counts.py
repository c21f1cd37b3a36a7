"""The counting kernel against the slow reference, and its exactness and merging."""

import warnings

import numpy as np
import pytest
from _reference import reference_table
from hypothesis import given
from hypothesis import strategies as st
from sklearn.metrics import roc_curve

import sklearn_prcurves as spc
from sklearn_prcurves import CountTable, count_table
from sklearn_prcurves._base._compat import TIES_SUMMED_LAST_ROW_FIRST
from sklearn_prcurves._table._counts import count_rows

SCORE_DTYPES = [np.float64, np.float32, np.int64, np.int32, np.float16]


@st.composite
def labelled_scores(draw, weighted=False, dtype=None):
    n = draw(st.integers(1, 60))
    dtype = dtype or draw(st.sampled_from(SCORE_DTYPES))
    # Few distinct values so that ties are common; signed zeros included.
    pool = draw(
        st.lists(st.sampled_from([-2.5, -1, -0.0, 0.0, 0.5, 1, 3, 1e3]), min_size=1, max_size=6)
    )
    scores = np.array(draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n)))
    scores = scores.astype(dtype)
    is_pos = np.array(draw(st.lists(st.booleans(), min_size=n, max_size=n)))
    weights = None
    if weighted:
        weights = np.array(
            draw(st.lists(st.floats(0.01, 10, allow_nan=False), min_size=n, max_size=n))
        )
    return is_pos, scores, weights


def assert_matches_reference(table, is_pos, scores, weights=None):
    thresholds, tps, fps = reference_table(is_pos.tolist(), scores.tolist(), None if weights is None else weights.tolist())
    np.testing.assert_array_equal(table.thresholds, np.array(thresholds, dtype=scores.dtype))
    assert table.thresholds.dtype == scores.dtype
    if weights is None:
        np.testing.assert_array_equal(table.tps, np.array(tps, dtype=float))
        np.testing.assert_array_equal(table.fps, np.array(fps, dtype=float))
    else:
        np.testing.assert_allclose(table.tps, np.array(tps, dtype=float), rtol=1e-12)
        np.testing.assert_allclose(table.fps, np.array(fps, dtype=float), rtol=1e-12)


@given(labelled_scores())
def test_unweighted_table_matches_reference(data):
    is_pos, scores, _ = data
    assert_matches_reference(count_table(is_pos, scores), is_pos, scores)


@given(labelled_scores(weighted=True))
def test_weighted_table_matches_reference(data):
    is_pos, scores, weights = data
    assert_matches_reference(count_table(is_pos, scores, weights), is_pos, scores, weights)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_weighted_order_is_correct_on_distinct_random_scores(dtype):
    # Exercises the packed-key sort for float32 on negative and positive values.
    rng = np.random.default_rng(0)
    scores = rng.normal(size=5000).astype(dtype)
    is_pos = rng.random(5000) < 0.4
    weights = rng.random(5000) + 0.1
    assert_matches_reference(count_table(is_pos, scores, weights), is_pos, scores, weights)


@given(labelled_scores(), st.integers(1, 4))
def test_integer_weights_equal_repeated_rows(data, repeat):
    is_pos, scores, _ = data
    weighted = count_table(is_pos, scores, np.full(scores.shape[0], float(repeat)))
    repeated = count_table(np.repeat(is_pos, repeat), np.repeat(scores, repeat))
    np.testing.assert_array_equal(weighted.thresholds, repeated.thresholds)
    np.testing.assert_array_equal(weighted.tps, repeated.tps)
    np.testing.assert_array_equal(weighted.fps, repeated.fps)


@given(labelled_scores(weighted=True, dtype=np.float64), st.data())
def test_merge_of_chunks_equals_table_of_all(data, draw):
    is_pos, scores, weights = data
    cuts = sorted(draw.draw(st.lists(st.integers(1, max(1, len(scores) - 1)), max_size=3)))
    bounds = [0, *[c for c in cuts if c < len(scores)], len(scores)]
    chunks = [
        count_table(is_pos[a:b], scores[a:b], weights[a:b])
        for a, b in zip(bounds[:-1], bounds[1:])
        if b > a
    ]
    merged = chunks[0]
    for chunk in chunks[1:]:
        merged = merged.merge(chunk)
    whole = count_table(is_pos, scores, weights)
    np.testing.assert_array_equal(merged.thresholds, whole.thresholds)
    np.testing.assert_allclose(merged.tps, whole.tps, rtol=1e-12)
    np.testing.assert_allclose(merged.fps, whole.fps, rtol=1e-12)
    # Merging is commutative.
    if len(chunks) == 2:
        swapped = chunks[1].merge(chunks[0])
        np.testing.assert_allclose(swapped.tps, merged.tps, rtol=1e-12)


_INTEGER_DTYPES = {"int64": np.int64, "uint64": np.uint64, "python": object}


@given(st.lists(st.tuples(st.booleans(), st.integers(-2**63, 2**64 - 1)
                          | st.integers(2**63 - 4, 2**63 + 4)), min_size=2, max_size=30),
       st.data())
def test_tables_of_integer_types_merge_exactly(rows, draw):
    """Parts of one integer column can come as int64 in one part and uint64 in another
    (a Parquet file's row groups either side of 2**63); NumPy promotes the pair to
    float64, which merges neighbours past 2**53. The merged table is the exact table
    of all rows, whatever the types of the parts."""
    is_pos = np.array([p for p, _ in rows])
    values = [v for _, v in rows]
    cut = draw.draw(st.integers(1, len(rows) - 1))
    parts = []
    for part in (values[:cut], values[cut:]):
        fits = [name for name, dtype in (("int64", np.int64), ("uint64", np.uint64))
                if all(np.iinfo(dtype).min <= v <= np.iinfo(dtype).max for v in part)]
        name = draw.draw(st.sampled_from(fits + ["python"]))
        parts.append(np.array(part, dtype=_INTEGER_DTYPES[name]))
    merged = count_rows(is_pos[:cut], parts[0]).merge(count_rows(is_pos[cut:], parts[1]))
    exact = {}  # (positives, negatives) per distinct value, in Python integers
    for positive, value in rows:
        exact.setdefault(value, [0, 0])[0 if positive else 1] += 1
    thresholds = sorted(exact, reverse=True)
    assert [int(t) for t in merged.thresholds.tolist()] == thresholds
    np.testing.assert_array_equal(merged.tps, np.cumsum([exact[t][0] for t in thresholds]))
    np.testing.assert_array_equal(merged.fps, np.cumsum([exact[t][1] for t in thresholds]))


def test_per_score_counts_and_totals():
    table = count_table(np.array([True, False, True, False]), np.array([0.9, 0.9, 0.5, 0.1]))
    np.testing.assert_array_equal(table.thresholds, [0.9, 0.5, 0.1])
    np.testing.assert_array_equal(table.pos, [1, 1, 0])
    np.testing.assert_array_equal(table.neg, [1, 0, 1])
    assert (table.n_pos, table.n_neg) == (2.0, 2.0)
    assert len(table) == 3
    assert "n_thresholds=3" in repr(table)
    rebuilt = CountTable.from_counts(table.thresholds, table.pos, table.neg)
    np.testing.assert_array_equal(rebuilt.tps, table.tps)


def test_empty_input_is_an_error():
    with pytest.raises(ValueError, match="at least one sample"):
        count_table(np.zeros(0, dtype=bool), np.zeros(0))


def test_float32_counts_are_exact_beyond_2_to_the_24_rows():
    # float32 holds integers exactly only up to 2**24; counts must not be accumulated
    # in the scores' dtype (scikit-learn issue #34975).
    n = 2**24 + 4097
    scores = np.zeros(n, dtype=np.float32)
    scores[: n // 3] = 1.0
    is_pos = np.zeros(n, dtype=bool)
    is_pos[::2] = True
    table = count_table(is_pos, scores)
    top = n // 3
    assert table.tps.tolist() == [float((top + 1) // 2), float((n + 1) // 2)]
    assert table.fps.tolist() == [float(top // 2), float(n // 2)]
    assert table.tps[-1] + table.fps[-1] == n


def test_count_table_takes_array_likes_and_checks_them():
    table = count_table([0, 1, 1], [0.1, 0.5, 0.9])
    assert list(table.thresholds) == [0.9, 0.5, 0.1] and list(table.tps) == [1.0, 2.0, 2.0]
    weighted = count_table([True, False, True], [1, 2, 2], sample_weight=[2.0, 0.0, 1.5])
    assert list(weighted.thresholds) == [2.0, 1.0] and list(weighted.tps) == [1.5, 3.5]
    for args, message in [
        (([0, 2, 1], [0.1, 0.5, 0.9]), "booleans"),
        ((["a", "b"], [0.1, 0.5]), "booleans"),
        (([0, 1], ["x", "y"]), "numbers"),
        (([0, 1], [0.1, float("nan")]), "NaN"),
        (([0, 1, 1], [0.1, 0.5]), "one length"),
    ]:
        with pytest.raises(ValueError, match=message):
            count_table(*args)
    with pytest.raises(ValueError, match="non-negative"):
        count_table([0, 1], [0.1, 0.5], sample_weight=[1.0, -1.0])


@given(labelled_scores(weighted=True), st.booleans())
def test_table_with_groups_is_the_kernels_table_and_places_every_row(data, weighted):
    from sklearn_prcurves._table._sorting import count_table_with_groups

    is_pos, scores, weights = data
    weights = weights if weighted else None
    table, groups = count_table_with_groups(is_pos, scores, weights)
    expected = count_table(is_pos, scores, weights)
    np.testing.assert_array_equal(table.thresholds, expected.thresholds)
    if weights is None:  # whole numbers: exactly the kernel's counts
        np.testing.assert_array_equal(table.tps, expected.tps)
        np.testing.assert_array_equal(table.fps, expected.fps)
    else:
        np.testing.assert_allclose(table.tps, expected.tps, rtol=1e-12)
        np.testing.assert_allclose(table.fps, expected.fps, rtol=1e-12)
    assert (table.thresholds[groups] == scores).all()


@given(labelled_scores(weighted=True), st.integers(1, 5))
def test_tables_of_chunks_as_pieces_give_the_whole_table(data, n_chunks):
    """``CountTable.from_pieces`` of every chunk's per-score rows, in any order, is the
    table of all rows: how the Spark ranges merge the chunks' tables."""
    is_pos, scores, weights = data
    cuts = np.linspace(0, scores.shape[0], n_chunks + 1).astype(int)
    tables = [count_table(is_pos[a:b], scores[a:b], weights[a:b])
              for a, b in zip(cuts[:-1], cuts[1:]) if b > a]
    pieces = [np.concatenate(parts)[::-1] for parts in zip(
        *[(t.thresholds, t.pos, t.neg) for t in tables])]
    merged = CountTable.from_pieces(*pieces)
    expected = count_table(is_pos, scores, weights)
    np.testing.assert_array_equal(merged.thresholds, expected.thresholds)
    np.testing.assert_allclose(merged.tps, expected.tps, rtol=1e-12)
    np.testing.assert_allclose(merged.fps, expected.fps, rtol=1e-12)


@given(st.data(), st.sampled_from([np.float64, np.float32]), st.booleans())
def test_non_negative_scores_one_sort_path_matches_reference(data, dtype, tied):
    # Non-negative floats are counted from one sort of (score bits, label) keys, sorted
    # as doubles below 1.5 and as integers above: both, with signed zeros, subnormals,
    # infinity and values near 1.5, against the reference.
    pool = [0.0, -0.0, 5e-324, 1e-310, 1e-30, 0.25, 1.0, 1.4999999, 1.5, 2.0, 1e300,
            np.inf]
    n = data.draw(st.integers(1, 80))
    if tied:
        chosen = data.draw(st.lists(st.sampled_from(pool), min_size=1, max_size=5))
        values = data.draw(st.lists(st.sampled_from(chosen), min_size=n, max_size=n))
    else:
        values = data.draw(st.lists(st.floats(0, 3, allow_nan=False, width=32), min_size=n,
                                    max_size=n, unique=True))
    with np.errstate(over="ignore"):
        scores = np.array(values).astype(dtype)
    is_pos = np.array(data.draw(st.lists(st.booleans(), min_size=n, max_size=n)))
    table = count_rows(is_pos, scores)  # (the kernel itself: infinity included)
    assert_matches_reference(table, is_pos, scores)
    # A tie of 0.0 and -0.0 takes its last row's sign, as in scikit-learn (its first
    # row's before 1.8, whose sort puts tied rows last row first).
    zeros = scores[scores == 0]
    if zeros.size:
        sign = np.signbit(zeros[0] if TIES_SUMMED_LAST_ROW_FIRST else zeros[-1])
        assert np.signbit(table.thresholds[-1]) == sign
        if np.isfinite(scores).all():
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                assert np.signbit(roc_curve(is_pos, scores, drop_intermediate=False)[2][-1]) \
                    == sign


@st.composite
def scores_to_order(draw):
    """Scores built to stress the truncated-key order: values a few units in the last
    place apart (they share their key's leading bits), signed zeros, extremes, ties."""
    n = draw(st.integers(2, 400))
    kind = draw(st.sampled_from(["near", "extremes", "mixed"]))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    if kind == "near":  # all in a handful of runs of one truncated key
        base = draw(st.sampled_from([1.0, -1.0, 0.3, -7e-300, 5e300]))
        scores = base + np.sign(base) * rng.integers(0, 2**12, n) * np.spacing(base)
    elif kind == "extremes":
        scores = rng.choice([0.0, -0.0, 5e-324, -5e-324, 1e-300, -1e-300, 1e300, -1e300,
                             1.0, -1.0, np.finfo(float).max, -np.finfo(float).max], n)
    else:
        scores = np.where(rng.random(n) < 0.5, rng.normal(size=n),
                          1 + rng.integers(0, 64, n) * np.spacing(1.0))
    return scores


@given(scores_to_order(), st.sampled_from([np.float64, np.float32]))
def test_descending_order_is_the_stable_descending_argsort(scores, dtype):
    from sklearn_prcurves._table._sorting import descending_order

    scores = scores.astype(dtype)
    order, descending = descending_order(scores)
    # Reference: decreasing score, ties (-0.0 == 0.0 included) in input order.
    expected = np.array(sorted(range(len(scores)), key=lambda i: (-float(scores[i]), i)))
    np.testing.assert_array_equal(order, expected)
    np.testing.assert_array_equal(descending.view(np.uint8), scores[expected].view(np.uint8))


@given(scores_to_order(), st.sampled_from([np.float64, np.float32]))
def test_descending_order_without_the_scores_is_the_same_order(scores, dtype):
    # scores=False: the scores are read back only where truncated keys tie; None
    # means every score is distinct.
    from sklearn_prcurves._table._sorting import descending_order

    scores = scores.astype(dtype)
    order, descending = descending_order(scores, scores=False)
    expected = np.array(sorted(range(len(scores)), key=lambda i: (-float(scores[i]), i)))
    np.testing.assert_array_equal(order, expected)
    if descending is None:
        assert np.unique(scores).shape[0] == scores.shape[0]
    else:
        np.testing.assert_array_equal(descending.view(np.uint8),
                                      scores[expected].view(np.uint8))


def test_descending_order_without_the_scores_sees_a_single_tie():
    # One repeated score among distinct ones: the only pair sharing its key's leading
    # bits, and a tie, so the scores must come back (the caller groups ties).
    from sklearn_prcurves._table._sorting import descending_order

    scores = np.random.default_rng(0).normal(size=5000)
    scores[4000] = scores[17]
    order, descending = descending_order(scores, scores=False)
    np.testing.assert_array_equal(order, np.lexsort((np.arange(5000), -scores)))
    np.testing.assert_array_equal(descending, scores[order])
    _, distinct = descending_order(np.delete(scores, 4000), scores=False)
    assert distinct is None


def test_descending_order_repairs_large_collision_runs_and_falls_back():
    from sklearn_prcurves._table._sorting import descending_order

    rng = np.random.default_rng(3)
    # 2**17 rows: 17 position bits, 45 bits for the score. Two scores of +-1e300 widen
    # the span to all 64 bits of the ordered doubles: keys keep 33 of the 52 mantissa
    # bits (19 dropped). Scores 1 + k ulp with k < 2**45 then collide in a few hundred
    # pairs (repaired); with k < 2**30, in runs of hundreds of rows (argsort instead);
    # with k < 2**16, all in one.
    for spread in (2**45, 2**30, 2**16):
        scores = 1 + rng.integers(0, spread, 2**17) * np.spacing(1.0)
        scores[:2] = -1e300, 1e300
        for sign in (1, -1):
            expected = np.lexsort((np.arange(scores.size), -sign * scores))
            for read_back in (True, False):
                order, _ = descending_order(sign * scores, scores=read_back)
                np.testing.assert_array_equal(order, expected)


@given(scores_to_order(), st.integers(0, 2**32 - 1), st.booleans())
def test_weighted_roc_curve_of_keyed_scores_is_scikit_learns(scores, seed, drop):
    # Weighted float64 scores ordered through their sort keys (with keys that collide
    # and are repaired, or argsort where they collide too often): the ROC curve is
    # scikit-learn's to the bit; tables copy and pickle whole.
    import copy
    import pickle

    from sklearn_prcurves._metrics._curves import table_roc

    rng = np.random.default_rng(seed)
    if seed % 2 and np.unique(scores).shape[0] > 1:  # half the cases distinct
        scores = rng.permutation(np.unique(scores))
    is_pos = rng.random(scores.shape[0]) < 0.4
    is_pos[:2] = True, False
    weights = rng.random(scores.shape[0]) + 0.1
    with np.errstate(all="ignore"):  # (scikit-learn's differences of +-1e308)
        expected = roc_curve(is_pos, scores, sample_weight=weights, drop_intermediate=drop)
    table = count_table(is_pos, scores, weights)
    for copied in (table, copy.copy(table), pickle.loads(pickle.dumps(table))):
        for ours, theirs in zip(table_roc(copied, drop), expected):
            np.testing.assert_array_equal(ours, theirs)
            assert ours.dtype == theirs.dtype


@given(scores_to_order())
def test_score_keys_order_as_the_scores_and_span_their_range(scores):
    from sklearn_prcurves._table._sorting import _score_keys64

    position_bits = int(scores.shape[0] - 1).bit_length()
    key = _score_keys64(scores, position_bits)
    assert key.max() < 1 << 62  # read as doubles: finite and non-negative
    assert not (key & np.uint64((1 << position_bits) - 1)).any()
    # Non-decreasing in the score, equal for equal scores (-0.0 == 0.0).
    by_score = np.argsort(scores, kind="stable")
    assert (np.diff(key[by_score].astype(object)) >= 0).all()
    tied = scores[by_score][1:] == scores[by_score][:-1]
    assert (key[by_score][1:][tied] == key[by_score][:-1][tied]).all()
    assert key.min() == 0  # measured from the smallest score


def test_score_keys_keep_every_bit_a_narrow_range_needs():
    # 2**17 scores within 2**40 ulp of 0.3: the span fits the 45 bits left beside the
    # positions, so distinct scores get distinct keys and nothing needs repairing;
    # cut at the sign bit instead, keys would keep only 34 of their 52 mantissa bits.
    from sklearn_prcurves._table._sorting import _score_keys64

    rng = np.random.default_rng(5)
    for sign in (1, -1):
        scores = sign * (0.3 + rng.integers(0, 2**40, 2**17) * np.spacing(0.3))
        key = _score_keys64(scores, 17)
        assert np.unique(key).shape[0] == np.unique(scores).shape[0]


@given(st.data(), st.booleans(), st.booleans(), st.sampled_from([None, 1, 3, 8]))
def test_integer_steps_give_what_the_running_sums_give(data, distinct, drop, block):
    # ``block``: the block size of the passes done block by block, shrunk so that
    # these small inputs span several blocks (None: the real size, one block).
    from sklearn_prcurves._metrics import _stepwise
    from sklearn_prcurves._table import _sorting

    with pytest.MonkeyPatch.context() as patch:
        if block is not None:
            patch.setattr(_sorting, "BLOCK", block)
            patch.setattr(_stepwise, "BLOCK", block)
        check_integer_steps(data, distinct, drop)


def check_integer_steps(data, distinct, drop):
    # Unweighted tables keep their per-score counts; with every score distinct the
    # kernel leaves the running sums unformed. Corners, flat runs, counts at given
    # rows, totals and precision/recall read from the steps must equal what the
    # running sums give (the same table built without steps).
    from sklearn_prcurves._metrics._stepwise import (
        _counts_at_corners,
        _keep_corners,
        _keep_pr_points,
        precision_recall_arrays,
        step_area_terms,
    )
    from sklearn_prcurves._metrics._stepwise import (
        numpy_det as table_det,
    )

    n = data.draw(st.integers(3, 80))
    if distinct:
        values = data.draw(st.lists(st.floats(0, 2, allow_nan=False), min_size=n,
                                    max_size=n, unique=True))
    else:
        values = data.draw(st.lists(st.sampled_from([0.0, 0.25, 0.5, 1.0]), min_size=n,
                                    max_size=n))
    scores = np.array(values)
    is_pos = np.array(data.draw(st.lists(st.booleans(), min_size=n, max_size=n)))
    table = count_table(is_pos, scores)
    if table.unit_steps is None:
        # Many distinct scores, some tied: the kernel read the running sums off the
        # rows directly. The readers of steps are checked on the same table as steps.
        assert len(table) < n and not table.lazy
        table = CountTable(table.thresholds, table.tps, table.fps,
                           (table.pos.astype(np.intp), table.neg.astype(np.intp)))
    else:
        assert table.lazy == (len(table) == n)
    thresholds, tps, fps = (np.array(v, dtype=float)
                            for v in reference_table(is_pos.tolist(), values))
    plain = CountTable(thresholds, tps, fps)
    assert (table.n_pos, table.n_neg) == (plain.n_pos, plain.n_neg)
    if len(table) > 2:
        corners = _keep_corners(table)
        np.testing.assert_array_equal(corners, _keep_corners(plain))
        if not isinstance(corners, slice):
            np.testing.assert_array_equal(table.thresholds, thresholds)
            for steps in (table, CountTable(None, None, None, tuple(
                    steps.astype(np.int64) for steps in table.unit_steps))):
                at_corners = _counts_at_corners(steps, corners)
                np.testing.assert_array_equal(at_corners[0], tps[corners])
                np.testing.assert_array_equal(at_corners[1], fps[corners])
        np.testing.assert_array_equal(_keep_pr_points(table), _keep_pr_points(plain))
    rows = np.flatnonzero(np.array(data.draw(st.lists(st.booleans(), min_size=len(table),
                                                      max_size=len(table)))))
    got = table.counts_at(rows)
    np.testing.assert_array_equal(got[0], tps[rows])
    np.testing.assert_array_equal(got[1], fps[rows])
    readers = [table]
    if table.lazy:
        # The same steps as integers (a row per score read as any count): the readers'
        # general path, from running sums block by block.
        readers.append(CountTable(table.thresholds, None, None,
                                  tuple(steps.astype(np.int64) for steps in table.unit_steps)))
        if len(table) > 2:
            np.testing.assert_array_equal(_keep_corners(readers[1]), _keep_corners(plain))
    for read in readers:
        for ours, theirs in zip(precision_recall_arrays(read, drop),
                                precision_recall_arrays(plain, drop)):
            np.testing.assert_array_equal(ours, theirs)
        np.testing.assert_array_equal(step_area_terms(read), step_area_terms(plain))
        if table.n_pos and table.n_neg:
            for ours, theirs in zip(table_det(read), table_det(plain)):
                np.testing.assert_array_equal(ours, theirs)
    from sklearn_prcurves._metrics._auc import table_average_precision

    assert table_average_precision(count_table(is_pos, scores)) == table_average_precision(
        plain)
    np.testing.assert_array_equal(table.pos, plain.pos)
    np.testing.assert_array_equal(table.neg, plain.neg)
    np.testing.assert_array_equal(table.tps, tps)  # formed on first read
    np.testing.assert_array_equal(table.fps, fps)
    assert not table.lazy


def test_step_only_table_decodes_its_thresholds_once_and_pickles():
    # The thresholds of a table with every score distinct are decoded in place when
    # first read: threads reading them together must all get the scores (not keys
    # shifted twice), and the table must travel to other processes either way.
    import pickle
    import threading

    rng = np.random.default_rng(0)
    scores = rng.random(200_000)
    is_pos = rng.random(200_000) < 0.3
    expected = np.sort(scores)[::-1]
    table = count_table(is_pos, scores)
    assert table.lazy
    copy = pickle.loads(pickle.dumps(table))  # still encoded
    read = [None] * 4

    def reader(i):
        read[i] = table.thresholds

    threads = [threading.Thread(target=reader, args=(i,)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for thresholds in read:
        np.testing.assert_array_equal(thresholds, expected)
    np.testing.assert_array_equal(copy.thresholds, expected)
    np.testing.assert_array_equal(pickle.loads(pickle.dumps(table)).thresholds, expected)
    np.testing.assert_array_equal(copy.tps, table.tps)


@st.composite
def tied_scores(draw):
    """Float64 scores with few distinct values: rounded, integer, signed zeros, ulp
    neighbours (whose buckets are too many: the path declines), negatives."""
    n = draw(st.integers(2, 600))
    kind = draw(st.sampled_from(["rounded", "integers", "signed", "ulps", "many"]))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    if kind == "rounded":
        scores = np.round(rng.random(n) * draw(st.sampled_from([1.0, 1e-3, 1e6])), 1)
    elif kind == "integers":
        scores = rng.integers(-5, 5, n).astype(np.float64)
    elif kind == "signed":
        scores = rng.choice([-0.0, 0.0, 0.25, -1e-300, 1e300, 5e-324], n)
    elif kind == "ulps":
        scores = 1 + rng.integers(0, 4, n) * np.spacing(1.0) * draw(
            st.sampled_from([1, 2**20]))
        scores[: n // 2] = 0.5
    else:  # more groups than a uint8 holds
        scores = rng.integers(0, 300, n) / 7.0
        scores = np.concatenate([scores] * 8)
    return scores


@given(scores=tied_scores(), data=st.data())
def test_weighted_tied_tables_are_sklearns_bit_for_bit(scores, data):
    """Tied weighted rows are added row by row in scikit-learn's order: same floats,
    same signs of zero, negative weights included."""
    from sklearn.metrics import precision_recall_curve as sk_pr

    from sklearn_prcurves import precision_recall_curve
    from sklearn_prcurves import roc_curve as our_roc

    rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1)))
    y = rng.random(scores.size) < 0.4
    weight = rng.choice([1e-300, 0.3, 1.0, 7.5, 1e300, -2.0], scores.size)
    y[:2] = [True, False]
    for ours, theirs in ((our_roc, roc_curve), (precision_recall_curve, sk_pr)):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            expected = theirs(y, scores, sample_weight=weight)
            got = ours(y, scores, sample_weight=weight)
        for a, b in zip(got, expected):
            assert a.dtype == b.dtype
            np.testing.assert_array_equal(np.ascontiguousarray(a).view(np.uint8),
                                          np.ascontiguousarray(b).view(np.uint8))


def test_weighted_scores_an_ulp_apart_stay_apart():
    # Scores crowded into two values with neighbours an ulp away: the keyed order's
    # leading bits cannot tell them apart, the repair (or argsort) must.
    rng = np.random.default_rng(0)
    crowded = np.where(rng.random(1 << 15) < 0.5, 1e-300, 1.0)
    crowded[:3] = [1.0 + np.spacing(1.0), 2.0, 0.5]
    table = count_table(crowded > 0.9, crowded, np.ones(crowded.size))
    np.testing.assert_array_equal(table.thresholds, np.unique(crowded)[::-1])
    np.testing.assert_array_equal(table.tps, np.cumsum([1, 1, np.sum(crowded == 1.0), 0, 0]))


def test_thresholds_decoded_when_first_read_travel_and_copy():
    # Many distinct float32 scores, some tied (and a tie of -0.0 and 0.0): the kernel
    # leaves the thresholds to be decoded when first read. Pickled, copied or read by
    # several threads at once, the table gives them whole, with scikit-learn's sign
    # for the zero tie.
    import copy
    import pickle
    from concurrent.futures import ThreadPoolExecutor

    rng = np.random.default_rng(4)
    scores = rng.random(5000).astype(np.float32)
    scores[:200] = scores[200:400]  # ties
    scores[400:403] = [0.0, -0.0, 0.0]
    is_pos = rng.random(5000) < 0.3
    expected = np.unique(scores)[::-1]
    sk_thresholds = roc_curve(is_pos, scores, drop_intermediate=False)[2][1:]
    for table in (pickle.loads(pickle.dumps(count_table(is_pos, scores))),
                  copy.copy(count_table(is_pos, scores)), count_table(is_pos, scores)):
        np.testing.assert_array_equal(table.thresholds, expected)
        assert np.signbit(table.thresholds[-1]) == np.signbit(sk_thresholds[-1])
    table = count_table(is_pos, scores)
    with ThreadPoolExecutor(4) as pool:
        for got in pool.map(lambda _: table.thresholds, range(8)):
            np.testing.assert_array_equal(got, expected)


@pytest.mark.parametrize("spread", ["fractional", "1e300 to 1.7e308"])
def test_the_packages_own_measures_do_not_change_with_the_rows_order(spread):
    """Fractional weights on tied scores: each tie's sum is formed in the order of its
    weights, not the rows', so every measure of the package's own is the same float on
    every order (the drop-ins keep scikit-learn's row-order sums)."""
    rng = np.random.default_rng(81)
    n = 400
    y = (rng.random(n) < 0.3).astype(int)
    s = np.round(rng.random(n) + y, 1)
    w = rng.random(n) + 0.1 if spread == "fractional" else 10.0 ** rng.uniform(300, 308.2, n)
    w = w / (8.0 if spread != "fractional" else 1.0)  # (totals within the float range)
    calls = {
        "pr_auc_score": lambda y, s, w: spc.pr_auc_score(y, s, sample_weight=w),
        "continuous": lambda y, s, w: spc.pr_auc_score(y, s, sample_weight=w,
                                                       interpolation="continuous"),
        "achievable": lambda y, s, w: spc.achievable_pr_auc_score(y, s, sample_weight=w),
        "threshold_table": lambda y, s, w: spc.threshold_table(
            y, s, sample_weight=w, prevalence=0.05).to_numpy().tolist(),
        "recall_at_precision": lambda y, s, w: tuple(spc.recall_at_precision(
            y, s, min_precision=0.5, sample_weight=w)),
    }
    for name, call in calls.items():
        first = call(y, s, w)
        for seed in range(5):
            order = np.random.default_rng(seed).permutation(n)
            assert call(y[order], s[order], w[order]) == first, name

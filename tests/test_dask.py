"""The Dask path on a real LocalCluster with two worker processes (loopback only)."""

import gc

import numpy as np
import pytest

pytest.importorskip("dask.dataframe")
distributed = pytest.importorskip("distributed")
pd = pytest.importorskip("pandas")
import dask.array as da  # noqa: E402
import dask.dataframe as dd  # noqa: E402

import sklearn_prcurves as spc  # noqa: E402
import sklearn_prcurves.dask as spd  # noqa: E402
from sklearn_prcurves._engines import _dask as engine  # noqa: E402
from sklearn_prcurves._engines._census import histogram, histogram_plan  # noqa: E402


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
        dashboard_address=None, silence_logs=50,
    )
    with distributed.Client(cluster) as client:
        yield client
    cluster.close()


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(0)
    n = 20_000
    y = (rng.random(n) < 0.1).astype(np.int64)
    scores = np.round(rng.normal(size=n) + 1.2 * y, 2)  # many ties, across partitions
    weight = rng.integers(1, 4, n).astype(float)
    weight[::97] = 0.0  # zero weights are dropped, as in memory
    return y, scores, weight


def as_dask(*arrays, chunks=2500):
    return [da.from_array(a, chunks=chunks) for a in arrays]


CASES = [
    ("roc", lambda y, s, w: spc.roc_auc_score(y, s, sample_weight=w),
     lambda y, s, w: spd.roc_auc_score(y, s, sample_weight=w)),
    ("ap", lambda y, s, w: spc.average_precision_score(y, s, sample_weight=w),
     lambda y, s, w: spd.average_precision_score(y, s, sample_weight=w)),
    ("achievable", lambda y, s, w: spc.achievable_pr_auc_score(y, s, sample_weight=w),
     lambda y, s, w: spd.achievable_pr_auc_score(y, s, sample_weight=w)),
] + [
    (f"pr-{i}-{lead}",
     lambda y, s, w, i=i, lead=lead: spc.pr_auc_score(y, s, sample_weight=w, interpolation=i,
                                                      leading_negatives=lead),
     lambda y, s, w, i=i, lead=lead: spd.pr_auc_score(y, s, sample_weight=w, interpolation=i,
                                                      leading_negatives=lead))
    for i in ("davis-goadrich", "continuous", "linear") for lead in ("interpolate", "drop")
]


@pytest.mark.parametrize("name, in_memory, on_dask", CASES, ids=[c[0] for c in CASES])
@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("shuffle", ["memory", "disk"])
def test_exact_mode_equals_in_memory(client, data, name, in_memory, on_dask, weighted, shuffle,
                                     monkeypatch):
    # (the default picks the disk shuffle past ROWS_IN_MEMORY rows per worker thread)
    monkeypatch.setattr(engine, "ROWS_IN_MEMORY", 0 if shuffle == "disk" else 1 << 40)
    y, s, w = data
    w = w if weighted else None
    dy, ds, dw = as_dask(y, s, w if w is not None else np.ones_like(s))
    got = on_dask(dy, ds, dw if weighted else None)
    assert got == pytest.approx(in_memory(y, s, w), rel=1e-12)


def test_dataframe_columns_and_parquet(client, data, tmp_path):
    y, s, w = data
    frame = pd.DataFrame({"label": y, "score": s, "w": w})
    ddf = dd.from_pandas(frame, npartitions=5)
    expected = spc.pr_auc_score(y, s, sample_weight=w)
    assert spd.pr_auc_score(ddf["label"], ddf["score"], sample_weight=ddf["w"]) == (
        pytest.approx(expected, rel=1e-12))
    ddf.to_parquet(tmp_path / "scores")
    frame = spd.read_parquet(tmp_path / "scores", columns=["label", "score", "w"])
    assert spd.pr_auc_score("label", "score", sample_weight="w", data=frame) == (
        pytest.approx(expected, rel=1e-12))
    estimate, bound = spd.roc_auc_score("label", "score", sample_weight="w", data=frame,
                                        mode="binned")
    assert abs(estimate - spc.roc_auc_score(y, s, sample_weight=w)) <= bound
    # Separate Series read from the files are joined into one frame first.
    read = spd.read_parquet(tmp_path / "scores")
    assert spd.pr_auc_score(read["label"], read["score"], sample_weight=read["w"]) == (
        pytest.approx(expected, rel=1e-12))
    # Without weights too (each partition's weight is then None, known only when run).
    unweighted = spc.pr_auc_score(y, s)
    assert spd.pr_auc_score("label", "score", data=frame) == pytest.approx(unweighted, rel=1e-12)
    assert spd.pr_auc_score(read["label"], read["score"]) == pytest.approx(unweighted, rel=1e-12)
    with pytest.raises(ValueError, match="no column 'nope'"):
        spd.pr_auc_score("label", "nope", data=frame)
    # A path is read directly.
    for path in (tmp_path / "scores", str(tmp_path / "scores" / "*.parquet"),
                 sorted((tmp_path / "scores").glob("*.parquet"))):
        assert spd.pr_auc_score("label", "score", sample_weight="w", data=path) == (
            pytest.approx(expected, rel=1e-12))
    with pytest.raises(ValueError, match="no column 'nope'"):
        spd.roc_auc_score("label", "nope", data=tmp_path / "scores")


def test_no_process_holds_all_rows(client):
    rng = np.random.default_rng(3)
    y = (rng.random(40_000) < 0.1).astype(int)
    s = rng.normal(size=40_000) + y  # distinct scores: the table is as long as the data
    dy, ds = as_dask(y, s)
    table = spd.exact_summary(dy, ds, n_ranges=16)
    # One pass, several areas.
    assert table.roc_auc() == pytest.approx(spc.roc_auc_score(y, s), rel=1e-12)
    assert table.pr_auc("continuous") == pytest.approx(
        spc.pr_auc_score(y, s, interpolation="continuous"), rel=1e-12)
    assert table.achievable_pr_auc() == pytest.approx(spc.achievable_pr_auc_score(y, s), rel=1e-12)
    # The hull and the achievable PR curve are small: they come back whole.
    for got, expected in [(table.roc_convex_hull(), spc.roc_convex_hull(y, s)),
                          (table.achievable_pr_curve("continuous"),
                           spc.achievable_pr_curve(y, s, interpolation="continuous"))]:
        for a, b in zip(got, expected):
            np.testing.assert_allclose(a, b, rtol=1e-12)
    # The other measures that add up over ranges.
    assert table.normalized_pr_auc() == pytest.approx(spc.normalized_pr_auc_score(y, s),
                                                      rel=1e-12)
    ks = spc.ks_statistic(y, s)
    assert table.ks_statistic() == pytest.approx((ks.statistic, ks.threshold), rel=1e-12)
    assert table.partial_roc_auc((0, 0.2), (0.5, 1)) == pytest.approx(
        spc.partial_roc_auc_score(y, s, fpr_range=(0, 0.2), tpr_range=(0.5, 1)), rel=1e-12)
    # Each range's table lives on one worker and holds a fraction of the rows; the
    # client only ever receives per-range totals and partial areas.
    assert table.n_ranges >= 8 and table.largest_range < s.shape[0] / 4


def test_ks_threshold_is_the_library_rule_across_ranges(client):
    """KS is 1/3 at (1, 0), (2, 1) and (3, 2), the last rounding to 0.33333333333333337:
    across ranges the highest threshold still wins, as ks_statistic decides exactly."""
    y = np.array([1, 0, 1, 0, 1, 0])
    s = np.arange(6.0)[::-1]
    expected = spc.ks_statistic(y, s)
    for n_ranges in (1, 2, 3, 6):
        table = spd.exact_summary(*as_dask(y, s, chunks=2), n_ranges=n_ranges)
        assert table.ks_statistic() == (expected.statistic, expected.threshold)


def test_binned_mode_bounds_hold(client, data):
    y, s, w = data
    dy, ds, dw = as_dask(y, s, w)
    estimate, bound = spd.roc_auc_score(dy, ds, sample_weight=dw, mode="binned")
    assert abs(estimate - spc.roc_auc_score(y, s, sample_weight=w)) <= bound
    low, high = spd.average_precision_score(dy, ds, sample_weight=dw, mode="binned")
    assert low <= spc.average_precision_score(y, s, sample_weight=w) <= high
    rng = np.random.default_rng(1)
    distinct = rng.normal(size=50_000)
    labels = (rng.random(50_000) < 0.05).astype(int)
    estimate, bound = spd.roc_auc_score(*as_dask(labels, distinct), mode="binned")
    assert bound <= 1e-4 and abs(estimate - spc.roc_auc_score(labels, distinct)) <= bound
    low, high = spd.average_precision_score(*as_dask(labels, distinct), mode="binned")
    assert high - low < 1e-3


def test_errors(client):
    y, s = as_dask(np.array([0, 1, 1, 0]), np.array([0.1, np.nan, 0.3, 0.2]), chunks=2)
    with pytest.raises(ValueError, match="NaN"):
        spd.roc_auc_score(y, s)
    y, s = as_dask(np.array([1, 1, 1, 1]), np.array([0.1, 0.2, 0.3, 0.4]), chunks=2)
    with pytest.raises(ValueError, match="Only one class"):
        spd.pr_auc_score(y, s)
    y, s = as_dask(np.array(["a", "b", "a", "b"]), np.array([0.1, 0.2, 0.3, 0.4]), chunks=2)
    with pytest.raises(ValueError, match="pass pos_label"):
        spd.roc_auc_score(y, s)
    assert spd.roc_auc_score(y, s, pos_label="b") == pytest.approx(spc.roc_auc_score(
        np.array(["a", "b", "a", "b"]) == "b", [0.1, 0.2, 0.3, 0.4]))
    with pytest.raises(ValueError, match="mode must be"):
        spd.roc_auc_score(y, s, mode="approximate")
    with pytest.raises(ValueError, match="shuffle must be 'memory', 'disk' or None"):
        spd.exact_summary(y, s, pos_label="b", shuffle="network")
    import dask

    with dask.config.set(scheduler="threads"), pytest.raises(
            ValueError, match="shuffle='disk' needs a distributed Client"):
        spd.exact_summary(y, s, pos_label="b", shuffle="disk")


@pytest.mark.parametrize("shuffle", ["memory", "disk", "disk, Dask's public shuffle"])
@pytest.mark.parametrize("persist", [False, True])
def test_shuffles_and_persistence_agree(client, shuffle, persist, monkeypatch):
    if shuffle.startswith("disk, "):  # (where Dask lacks the private names)
        monkeypatch.setattr(engine, "_shuffle_by_partition_column", lambda *args: None)
        shuffle = "disk"
    rng = np.random.default_rng(5)
    y = (rng.random(30_000) < 0.2).astype(int)
    s = np.round(rng.normal(size=30_000) + y, 3)  # ties across ranges' edges too
    table = spd.exact_summary(*as_dask(y, s, chunks=3000), n_ranges=5, shuffle=shuffle,
                              persist=persist)
    for _ in range(2):  # a second evaluation: again a pass, or the persisted tables
        scores = table.scores()
        assert scores["roc_auc"] == pytest.approx(spc.roc_auc_score(y, s), rel=1e-12)
        assert scores["pr_auc"] == pytest.approx(spc.pr_auc_score(y, s), rel=1e-12)
        assert scores["achievable_pr_auc"] == pytest.approx(
            spc.achievable_pr_auc_score(y, s), rel=1e-12)
    assert table.n_ranges == 5 and table.largest_range < 0.5 * y.shape[0]


def _tasks_run(client, work):
    """``{function name: tasks run}`` while ``work()`` runs on the cluster."""
    from collections import Counter

    with distributed.get_task_stream(client) as stream:
        work()
    return Counter(distributed.utils.key_split(task["key"]) for task in stream.data)


def test_the_disk_shuffle_counts_each_range_where_its_rows_are(client):
    """With the disk shuffle the ranges' totals take a pass of their own before any
    range is counted, so a range's count depends on its rows alone: the scheduler runs
    it on the worker the shuffle left them on, never moving them (counted with their
    totals in the shuffle's pass, the counts waited on a worker holding the totals and
    ran away from their rows, whose unpacked ranges piled up). Each evaluation is then
    one pass over the data."""
    rng = np.random.default_rng(12)
    y = (rng.random(48_000) < 0.3).astype(int)
    s = np.round(rng.normal(size=48_000) + y, 3)
    dy, ds = as_dask(y, s, chunks=3000)
    made = []
    ran = _tasks_run(client, lambda: made.append(
        spd.exact_summary(dy, ds, n_ranges=40, shuffle="disk")))
    # Two passes over the 16 chunks of both columns, the sample's and the totals' (task
    # names lose their leading "_"), and no range counted yet.
    assert ran["array"] == 2 * 32 and ran["range_totals"] == 16, ran
    assert ran["ranged_rows"] == 0 and ran["pieces_of"] == 0, ran
    table = made[0]
    assert (table.n_pos, table.n_neg) == (float(y.sum()), float((1 - y).sum()))
    with distributed.get_task_stream(client) as stream:
        scores = table.scores()
    counts = [task for task in stream.data
              if distributed.utils.key_split(task["key"]) == "pieces_of"]
    assert len(counts) == table.n_ranges == 40
    moved = [task["key"] for task in counts
             if any(step["action"] == "transfer" for step in task["startstops"])]
    assert moved == []
    assert scores["roc_auc"] == pytest.approx(spc.roc_auc_score(y, s), rel=1e-12)
    ran = _tasks_run(client, table.roc_auc)
    assert ran["ranged_rows"] == 16 and ran["range_totals"] == 0, ran  # (one pass)

    # A class that only zero weights hold: the totals' pass says so.
    w = np.where(y == 1, 0.0, 1.0)
    with pytest.raises(ValueError, match="Only one class"):
        spd.exact_summary(dy, ds, sample_weight=as_dask(w, chunks=3000)[0],
                          n_ranges=6, shuffle="disk")


@pytest.mark.parametrize("weighted", [False, True])
def test_a_score_held_by_many_rows_is_never_gathered(client, weighted):
    """A score held by more rows than a range (40% of all rows here) gets a range of its
    own, counted from the ranges' totals: with the disk shuffle no task gathers its rows,
    and every measure is still exact."""
    rng = np.random.default_rng(6)
    n = 60_000
    y = (rng.random(n) < 0.2).astype(int)
    s = (rng.normal(size=n) + y).astype(np.float32)
    s[rng.random(n) < 0.4] = 0.5
    s[rng.random(n) < 0.2] = np.float32(-1.25)
    w = rng.integers(0, 3, n).astype(float) if weighted else None
    dy, ds, dw = as_dask(y, s, w if weighted else s, chunks=6000)
    table = spd.exact_summary(dy, ds, sample_weight=dw if weighted else None, n_ranges=20,
                              shuffle="disk")
    assert table.largest_range < 0.1 * n
    scores = table.scores()
    assert scores["roc_auc"] == pytest.approx(spc.roc_auc_score(y, s, sample_weight=w),
                                              rel=1e-12)
    assert scores["pr_auc"] == pytest.approx(spc.pr_auc_score(y, s, sample_weight=w),
                                             rel=1e-12)
    assert scores["average_precision"] == pytest.approx(
        spc.average_precision_score(y, s, sample_weight=w), rel=1e-12)
    ks = spc.ks_statistic(y, s, sample_weight=w)
    assert table.ks_statistic() == pytest.approx((ks.statistic, ks.threshold), rel=1e-12)
    for got, expected in zip(table.roc_convex_hull(),
                             spc.roc_convex_hull(y, s, sample_weight=w)):
        np.testing.assert_allclose(got, expected, rtol=1e-12)


def test_this_dask_takes_the_narrow_shuffle():
    """The narrow shuffle's private Dask names still exist: a release that drops them
    falls back to the public shuffle (correct, slower), and this test says so."""
    import dask.dataframe as dd
    import pandas as pd

    frame = dd.from_pandas(pd.DataFrame({"_partitions": np.arange(8, dtype=np.int16) % 4,
                                         "score": np.arange(8.0)}), npartitions=2)
    assert engine._shuffle_by_partition_column(frame, 4) is not None, (
        "this Dask lacks dask-expr's Shuffle or new_collection: the disk shuffle falls "
        "back to set_index")


def _hostile_scores(kind, rng, n):
    if kind == "int8":
        return rng.integers(-128, 128, n).astype(np.int8)
    if kind == "uint64 near its top":
        return rng.integers(0, 3, n).astype(np.uint64) + np.uint64(2**64 - 5)
    if kind == "int64 extremes":
        return rng.choice(np.array([np.iinfo(np.int64).min, -1, 0, np.iinfo(np.int64).max]), n)
    if kind == "float16":
        return rng.random(n).astype(np.float16)
    if kind == "bool":
        return rng.random(n) < 0.5
    if kind == "signed zeros":
        return np.where(rng.random(n) < 0.5, -0.0, 0.0)
    if kind == "one score":
        return np.full(n, 0.25)
    return rng.random(n) * 1e308  # "near the float64 maximum"


@pytest.mark.parametrize("kind", ["int8", "uint64 near its top", "int64 extremes", "float16",
                                  "bool", "signed zeros", "one score",
                                  "near the float64 maximum"])
@pytest.mark.parametrize("weights", [None, "zeros and 1e300"])
def test_the_disk_shuffle_on_hostile_scores(client, kind, weights):
    """Every score dtype and extreme the in-memory functions take: the disk shuffle
    (narrow rows, ranges alone, both classes apart) gives their values."""
    rng = np.random.default_rng(8)
    n = 1200
    y = rng.integers(0, 2, n)
    s = _hostile_scores(kind, rng, n)
    w = None
    if weights:
        w = np.where(rng.random(n) < 0.3, 0.0, rng.random(n) * 1e300)
    dy, ds = as_dask(y, s, chunks=150)
    dw = None if w is None else as_dask(w, chunks=150)[0]
    scores = spd.exact_summary(dy, ds, sample_weight=dw, n_ranges=8, shuffle="disk").scores()
    for name, expected in [("roc_auc", spc.roc_auc_score(y, s, sample_weight=w)),
                           ("average_precision",
                            spc.average_precision_score(y, s, sample_weight=w)),
                           ("pr_auc", spc.pr_auc_score(y, s, sample_weight=w))]:
        assert scores[name] == pytest.approx(expected, rel=1e-12, abs=1e-15), name


def _task_count(dask, delayed_items):
    return len(dict(dask.delayed(list)(delayed_items).__dask_graph__()))


@pytest.mark.parametrize("public", [False, True])
def test_the_disk_plan_grows_linearly_with_the_partitions(client, public, monkeypatch):
    """The disk shuffle's graph: a task per partition and per range (Dask's
    peer-to-peer transfer and unpack), never one per pair: with as many ranges as
    partitions, the tasks still grow linearly."""
    import dask

    if public:
        monkeypatch.setattr(engine, "_shuffle_by_partition_column", lambda *args: None)
    counts = []
    for parts in (8, 16, 32, 64):
        y, s = as_dask(np.zeros(parts * 10, dtype=int), np.arange(parts * 10.0), chunks=10)
        edges = np.linspace(0, parts * 10, parts)[1:-1]
        counts.append(_task_count(dask, engine._shuffled(
            dask, engine._partitions(y, s, None)[1], None, edges, False, np.float64)))
    steps = np.diff(counts)
    assert list(steps) == [steps[0], 2 * steps[0], 4 * steps[0]], counts
    assert counts[-1] < 16 * 64, counts  # (a task per pair would be 64 * 64)


def test_the_shuffled_rows_are_narrow():
    """A row crosses the disks as where it goes (its range and class, in the narrowest
    unsigned integer that holds them), its score, and an index of one byte (Dask's
    shuffle moves the index too); each range's totals are its rows' (weighted) class
    sums."""
    rng = np.random.default_rng(7)
    y, s, w = rng.integers(0, 2, 1000), rng.random(1000), rng.random(1000)
    for n_edges, dtype in ((9, np.uint8), (127, np.uint8), (128, np.uint16),
                           (32_767, np.uint16), (32_768, np.uint32)):
        edges = np.sort(rng.random(n_edges))
        rows = engine._ranged_rows(y, s, None, None, edges, np.float64, [])
        assert rows.dtypes.to_dict() == {"_partitions": dtype, "score": np.float64}
        assert rows.index.dtype == np.uint8 and not rows.index.to_numpy().any()
        which = np.searchsorted(edges, s)
        np.testing.assert_array_equal(rows["_partitions"], 2 * which + y)
        totals = engine._range_totals(y, s, w, None, edges)
        expected = np.zeros((n_edges + 1, 3))
        for r, label, weight in zip(which, y, w):
            expected[r, 1 - label] += weight
            expected[r, 2] += 1
        np.testing.assert_allclose(totals, expected, rtol=1e-12)


@pytest.mark.parametrize("kind", ["probabilities", "any bit pattern", "specials", "wide"])
def test_the_float32_range_lookup_is_a_binary_search(kind):
    """float32 scores take their range from a table of leading key bits: the same ranges
    as ``searchsorted`` wherever edges and scores share leading bits, at signed zeros,
    subnormals, infinities and edges one ulp apart."""
    rng = np.random.default_rng(["probabilities", "any bit pattern", "specials",
                                 "wide"].index(kind))
    n = engine._LOOKUP + 1000
    special = np.array([0.0, -0.0, np.inf, -np.inf, 1e-45, -1e-45, 1.2e-38, 3.4e38, -1.0,
                        0.5], dtype=np.float32)
    if kind == "probabilities":
        s = rng.random(n).astype(np.float32)
    elif kind == "any bit pattern":
        s = rng.integers(0, 2**32, 2 * n, dtype=np.uint64).astype(np.uint32).view(np.float32)
        s = s[~np.isnan(s)][:n]
    elif kind == "specials":
        s = rng.choice(np.r_[special, rng.random(30).astype(np.float32)], n)
    else:
        s = (rng.normal(size=n) * 10.0 ** rng.integers(-35, 35, n)).astype(np.float32)
    for n_edges in (1, 23, 500, 5000):
        edges = np.unique(np.r_[rng.choice(s, n_edges), special[rng.integers(0, 10, 3)]])
        edges = np.unique(np.r_[edges, np.nextafter(edges, np.float32(-np.inf))])
        which = engine._range_of(s, edges.astype(np.float32))
        assert which.dtype == np.int32
        np.testing.assert_array_equal(which, np.searchsorted(edges, s, side="left"))


def _float32_scores(kind, n, rng):
    special = np.array([0.0, -0.0, 1e-45, -1e-45, 1.2e-38, -1.2e-38, 3.4e38, -3.4e38, 1.0,
                        -1.0], dtype=np.float32)
    s = rng.normal(size=n).astype(np.float32)
    if kind == "specials":  # (on 1% of the rows: no bin holds an eighth of a range)
        spots = rng.random(n) < 0.01
        s[spots] = rng.choice(special, spots.sum())
    elif kind == "subnormals":
        s = (s * np.float32(1e-38)).astype(np.float32)  # (normal and subnormal)
    elif kind == "wide":
        s = (rng.normal(size=n) * 10.0 ** rng.integers(-40, 38, n)).astype(np.float32)
    return s


@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("kind", ["normal", "specials", "subnormals", "wide"])
def test_float32_ranges_and_their_totals_come_from_the_histogram(kind, weighted):
    """float32 scores: each partition's histogram (rows and weight per bin of leading
    key bits and class) adds up to the whole's, and cuts ranges at bin edges whose
    totals are exactly those of the rows each range then gets, by the lookup the
    partitions use and by comparisons (signed zeros, subnormals, the float32
    extremes)."""
    rng = np.random.default_rng(["normal", "specials", "subnormals", "wide"].index(kind))
    n = engine._LOOKUP + 5000
    s = _float32_scores(kind, n, rng)
    is_pos = rng.random(n) < 0.3
    w = rng.integers(1, 4, n).astype(float) if weighted else None
    whole = histogram(is_pos, s, w)
    parts = [(s[:0], None, 0, histogram(is_pos[k::3], s[k::3],
                                             None if w is None else w[k::3]))
             for k in range(3)]
    merged = engine._merged_censuses(engine._merged_censuses(parts[0], parts[1]), parts[2])[3]
    for got, expected in zip(merged, whole):
        np.testing.assert_array_equal(got, expected)
    for n_ranges in (1, 2, 7, 30):
        edges, totals = histogram_plan(merged, n_ranges)
        assert edges.dtype == np.float32 and np.all(np.isfinite(edges))
        weight = np.ones(n) if w is None else w
        for which in (engine._range_of(s, edges), np.searchsorted(edges, s, side="left")):
            expected = np.column_stack([
                np.bincount(which[is_pos], weight[is_pos], edges.shape[0] + 1),
                np.bincount(which[~is_pos], weight[~is_pos], edges.shape[0] + 1),
                np.bincount(which, minlength=edges.shape[0] + 1)])
            np.testing.assert_array_equal(totals, expected)
        # About equal shares: no range holds much more than its share and a bin.
        assert totals[:, 2].max() <= n / n_ranges * 1.2 + 1


def test_a_heavy_float32_score_takes_the_sampled_plan():
    # A bin holding more than an eighth of a range's share: the histogram cannot split
    # it, so the plan is the sample's (which gives a repeated score its own range).
    rng = np.random.default_rng(4)
    s = rng.normal(size=40_000).astype(np.float32)
    s[:2000] = 0.25
    counted = histogram(rng.random(40_000) < 0.5, s, None)
    assert histogram_plan(counted, 2) is not None
    assert histogram_plan(counted, 20) is None


@pytest.mark.parametrize("shuffle", ["memory", "disk"])
@pytest.mark.parametrize("weighted", [False, True])
def test_float32_scores_planned_by_their_histogram_give_exact_areas(client, shuffle,
                                                                   weighted):
    rng = np.random.default_rng(11)
    n = 60_000
    y = (rng.random(n) < 0.2).astype(np.int8)
    s = _float32_scores("specials", n, rng) + y.astype(np.float32)
    w = rng.integers(0, 3, n).astype(float) if weighted else None
    census = engine._census(y, s, w, None, 0)
    assert histogram_plan(census[3], 12) is not None  # (the histogram's plan)
    dy, ds, dw = as_dask(y, s, w if weighted else s, chunks=7000)
    table = spd.exact_summary(dy, ds, sample_weight=dw if weighted else None, n_ranges=12,
                              shuffle=shuffle)
    scores = table.scores()
    for name, ours in (("roc_auc", spc.roc_auc_score), ("pr_auc", spc.pr_auc_score),
                       ("average_precision", spc.average_precision_score)):
        assert scores[name] == pytest.approx(ours(y, s, sample_weight=w), rel=1e-12)
    weight = np.ones(n) if w is None else w
    assert (table.n_pos, table.n_neg) == (weight[y == 1].sum(), weight[y == 0].sum())


def test_the_disk_shuffle_of_float32_scores_in_large_partitions(client):
    """Partitions large enough for the float32 range lookup, scores with many ties:
    every area equals the in-memory one."""
    rng = np.random.default_rng(9)
    n = 3 * engine._LOOKUP
    y = (rng.random(n) < 0.2).astype(np.int8)
    s = np.round(rng.normal(size=n) + y, 3).astype(np.float32)
    s[::7] = -0.0
    dy, ds = as_dask(y, s, chunks=engine._LOOKUP)
    scores = spd.exact_summary(dy, ds, n_ranges=40, shuffle="disk").scores()
    assert scores["roc_auc"] == pytest.approx(spc.roc_auc_score(y, s), rel=1e-12)
    assert scores["average_precision"] == pytest.approx(spc.average_precision_score(y, s),
                                                        rel=1e-12)
    assert scores["pr_auc"] == pytest.approx(spc.pr_auc_score(y, s), rel=1e-12)


@pytest.mark.parametrize("labels, message", [
    ([0, 1, 1, 0, -1, 1, -1, 1], "multiclass format is not supported"),  # binary per chunk
    ([0, 2, 2, 0, 0, 2, 2, 0], "pass pos_label"),
    ([0.0, 1.0, 0.5, 1.0, 0.0, 1.0, 0.0, 1.0], "continuous format is not supported"),
])
def test_labels_are_checked_across_partitions(client, labels, message):
    """Each partition may look fine alone; the union decides, as in memory."""
    scores = np.linspace(0, 1, 8)
    with pytest.raises(ValueError, match=message):
        spc.roc_curve(labels, scores)  # the in-memory binary curve
    y, s = as_dask(np.array(labels), scores, chunks=4)
    for mode in ("exact", "binned"):
        with pytest.raises(ValueError, match=message):
            spd.roc_auc_score(y, s, mode=mode)
    # with a positive label, other labels are negatives, in memory and on dask alike
    expected = spc.roc_auc_score(np.array(labels) == labels[1], scores)
    assert spd.roc_auc_score(y, s, pos_label=labels[1]) == pytest.approx(expected)


def test_binned_refinement_second_pass(client):
    rng = np.random.default_rng(4)
    y = (rng.random(30_000) < 0.1).astype(int)
    s = rng.normal(size=30_000) + y
    dy, ds = as_dask(y, s)
    exact = spc.roc_auc_score(y, s)
    coarse = spd.binned_summary(dy, ds, mantissa_bits=4)
    assert coarse.roc_auc()[1] > 1e-4
    for tolerance in (1e-4, 0.0):
        estimate, bound = spd.binned_summary(dy, ds, mantissa_bits=4,
                                             tolerance=tolerance).roc_auc()
        assert bound <= tolerance and abs(estimate - exact) <= bound + 1e-12
    assert spd.binned_summary(dy, ds, mantissa_bits=4, tolerance=0.0).roc_auc()[0] == (
        pytest.approx(exact, rel=1e-12))


def _reset_peak_memory():
    """Reset this process's peak resident memory (Linux) and return its current one."""
    gc.collect()
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")
    return _proc_status("VmRSS")


def _peak_memory():
    return _proc_status("VmHWM")


def _proc_status(field):
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024
    raise OSError(f"no {field} in /proc/self/status")


def _in_memory_auc(n, seed):
    rng = np.random.default_rng(seed)
    y = rng.random(n) < 0.1
    return spc.roc_auc_score(y, rng.normal(size=n) + y)


def test_peak_memory_per_process(client, monkeypatch):
    """Measured: with rows generated on the workers, each worker's peak resident memory
    grows by under half of what one process computing the same AUC needs, and the
    client's hardly grows (only totals and partial areas reach it)."""
    # (ranges sized for an eighth of these rows: the default, 2**24 rows, is more than
    # all of them, and a worker's memory follows the size of its ranges)
    monkeypatch.setattr(engine, "ROWS_PER_RANGE", 500_000)
    try:
        _reset_peak_memory()
    except OSError:
        pytest.skip("needs Linux's /proc/self/clear_refs to reset peak memory")
    n = 4_000_000
    worker = next(iter(client.scheduler_info()["workers"]))
    before = client.submit(_reset_peak_memory, pure=False, workers=[worker]).result()
    client.submit(_in_memory_auc, n, 0, pure=False, workers=[worker]).result()
    one_process = client.submit(_peak_memory, pure=False, workers=[worker]).result() - before

    rng = da.random.default_rng(0)
    y = rng.random(n, chunks=n // 8) < 0.1
    s = rng.normal(size=n, chunks=n // 8) + y
    before = client.run(_reset_peak_memory)
    client_before = _reset_peak_memory()
    table = spd.exact_summary(y, s)
    table.roc_auc(), table.average_precision()
    client_growth = _peak_memory() - client_before
    growth = {w: peak - before[w] for w, peak in client.run(_peak_memory).items()}
    assert one_process > 8 * n  # at least the scores, once
    assert max(growth.values()) < 0.5 * one_process, (growth, one_process)
    assert client_growth < 0.1 * one_process, (client_growth, one_process)

def test_the_number_of_ranges_follows_the_rows_not_the_partitions(monkeypatch):
    # Every partition sends a piece to every range: ranges tied to the partitions made
    # the plan quadratic in the data (256,000 rows as 64 partitions took 13 s, 143
    # times the same rows as 8). Ranges now follow the rows (ROWS_PER_RANGE each), at
    # least as many as tasks run at once; the same value whatever the partitioning.
    import dask

    rng = np.random.default_rng(0)
    n = 256_000
    y = (rng.random(n) < 0.03).astype(np.int8)
    s = (rng.normal(size=n) + y).astype(np.float32)
    expected = spc.roc_auc_score(y, s)
    floor = max(2, engine._parallelism())  # (a distributed client's threads, or the cores)
    with dask.config.set(scheduler="threads"):
        for parts in (8, 64):
            table = spd.exact_summary(*as_dask(y, s, chunks=n // parts))
            assert table.n_ranges == floor
            assert table.roc_auc() == pytest.approx(expected, rel=1e-12)
        monkeypatch.setattr(engine, "ROWS_PER_RANGE", 10_000)
        table = spd.exact_summary(*as_dask(y, s, chunks=n // 64))
        assert table.n_ranges == max(floor, -(-n // 10_000)) == 26
        assert table.roc_auc() == pytest.approx(expected, rel=1e-12)

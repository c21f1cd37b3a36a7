"""The torchmetrics front: exact under data-parallel training, checked for real.

Several processes (``torch.distributed``, gloo backend, on the CPU) count their shards
and merge their tables; the merged value must equal one process's exact value bit for
bit (unweighted and whole-number weights), sample ids must undo the padding of
``DistributedSampler``, and binned states must hold the exact value inside their
bounds. The metrics agree with the in-memory functions and with torchmetrics' own
exact metrics on the same data.
"""

import math
import pickle

import numpy as np
import pytest

torch = pytest.importorskip("torch")
torchmetrics = pytest.importorskip("torchmetrics")

from _registry import run_hostile  # noqa: E402
from test_registry import REGISTRY  # noqa: E402

import sklearn_prcurves as spc  # noqa: E402
from sklearn_prcurves import torchmetrics as sptm  # noqa: E402

AREAS = {  # metric -> the in-memory reading of one ExactSummary of every row
    "BinaryAUROC": lambda s: s.roc_auc(),
    "BinaryAveragePrecision": lambda s: s.average_precision(),
    "BinaryPRAUC": lambda s: s.pr_auc(),
    "BinaryAchievablePRAUC": lambda s: s.achievable_pr_auc(),
}


def _data(n, seed, ties=False, weights=False):
    rng = np.random.default_rng(seed)
    y = rng.random(n) < 0.2
    s = rng.normal(size=n) + y
    if ties:
        s = np.round(s, 1)
    w = rng.integers(1, 4, n).astype(np.float64) if weights else None
    return y, s.astype(np.float32), w


def _exact(y, s, w=None):
    return spc.ExactSummary().update(y, s, w)


def _batches(metric, y, s, w=None, size=997, ids=None):
    for start in range(0, y.shape[0], size):
        rows = slice(start, start + size)
        metric.update(torch.from_numpy(s[rows]), torch.from_numpy(y[rows]),
                      None if w is None else torch.from_numpy(w[rows]),
                      None if ids is None else torch.from_numpy(ids[rows]))
    return metric


@pytest.mark.parametrize("ties", [False, True])
@pytest.mark.parametrize("weights", [False, True])
@pytest.mark.parametrize("name", sorted(AREAS))
def test_batches_give_the_one_shot_value_bit_for_bit(name, ties, weights):
    y, s, w = _data(20_000, 1, ties, weights)
    value = _batches(getattr(sptm, name)(), y, s, w).compute()
    assert value.dtype == torch.float64
    assert value.item() == AREAS[name](_exact(y, s, w))


def test_the_areas_equal_the_in_memory_functions_and_torchmetrics():
    y, s, _ = _data(30_000, 2, ties=True)
    s = s.astype(np.float64)
    ours = {name: _batches(getattr(sptm, name)(), y, s).compute().item() for name in AREAS}
    assert ours["BinaryAUROC"] == pytest.approx(spc.roc_auc_score(y, s), abs=1e-12)
    assert ours["BinaryAveragePrecision"] == pytest.approx(
        spc.average_precision_score(y, s), abs=1e-12)
    assert ours["BinaryPRAUC"] == pytest.approx(spc.pr_auc_score(y, s), abs=1e-12)
    assert ours["BinaryAchievablePRAUC"] == pytest.approx(
        spc.achievable_pr_auc_score(y, s), abs=1e-12)
    theirs_roc = torchmetrics.classification.BinaryAUROC(thresholds=None)
    theirs_ap = torchmetrics.classification.BinaryAveragePrecision(thresholds=None)
    preds, target = torch.from_numpy(s), torch.from_numpy(y).long()
    theirs_roc.update(preds, target)
    theirs_ap.update(preds, target)
    # (torchmetrics returns float32: equal to its precision)
    assert ours["BinaryAUROC"] == pytest.approx(theirs_roc.compute().item(), abs=1e-6)
    assert ours["BinaryAveragePrecision"] == pytest.approx(theirs_ap.compute().item(),
                                                           abs=1e-6)


def test_operating_points_equal_the_in_memory_functions():
    y, s, w = _data(5_000, 3, ties=True, weights=True)
    recall = _batches(sptm.BinaryRecallAtFixedPrecision(min_precision=0.6), y, s, w)
    precision = _batches(sptm.BinaryPrecisionAtFixedRecall(min_recall=0.4), y, s, w)
    expected = spc.recall_at_precision(y, s, min_precision=0.6, sample_weight=w)
    assert tuple(t.item() for t in recall.compute()) == pytest.approx(tuple(expected))
    expected = spc.precision_at_recall(y, s, min_recall=0.4, sample_weight=w)
    assert tuple(t.item() for t in precision.compute()) == pytest.approx(tuple(expected))


@pytest.mark.parametrize("bits", [0, 4, 10])
def test_binned_bounds_hold_the_exact_value(bits):
    y, s, w = _data(20_000, 4, weights=bits == 4)
    exact = _exact(y, s, w)
    roc = _batches(sptm.BinaryAUROC(mantissa_bits=bits), y, s, w)
    ap = _batches(sptm.BinaryAveragePrecision(mantissa_bits=bits), y, s, w)
    low, high = (t.item() for t in roc.bounds())
    assert low <= exact.roc_auc() <= high
    low, high = (t.item() for t in ap.bounds())
    assert low <= exact.average_precision() <= high
    assert low <= ap.compute().item() <= high
    # the state: one row per occupied bin, whatever the number of batches
    assert sum(p.shape[0] for p in roc.scores) <= 2 ** (9 + bits)


def _state_rows(metric):
    """(table rows, rows waiting to be counted)."""
    return tuple(sum(p.shape[0] for p in getattr(metric, name))
                 for name in ("scores", "raw_scores"))


def test_state_stays_the_size_of_the_distinct_scores(monkeypatch):
    monkeypatch.setattr(sptm, "_SHRINKING_ROWS", 5_000)
    rng = np.random.default_rng(5)
    metric = sptm.BinaryAUROC()
    grid = np.linspace(0, 1, 1000, dtype=np.float32)
    sizes, ys, ss = [], [], []
    for _ in range(300):
        s = rng.choice(grid, 1000)
        y = rng.random(1000) < s
        metric.update(torch.from_numpy(s), torch.from_numpy(y))
        sizes.append(_state_rows(metric))
        ys.append(y)
        ss.append(s)
    # counting shrinks the state here: rows are counted once 5,000 (4 per row of the
    # table at most) wait, and the table keeps one row per distinct score
    assert max(table for table, _ in sizes) <= grid.shape[0]
    assert max(waiting for _, waiting in sizes) <= 5_000
    assert metric.compute().item() == _exact(np.concatenate(ys), np.concatenate(ss)).roc_auc()


def test_distinct_scores_wait_until_the_larger_limit(monkeypatch):
    monkeypatch.setattr(sptm, "_SHRINKING_ROWS", 5_000)
    monkeypatch.setattr(sptm, "_PENDING_ROWS", 20_000)
    rng = np.random.default_rng(6)
    metric = sptm.BinaryAveragePrecision()
    y, s = rng.random(90_000) < 0.3, rng.random(90_000).astype(np.float32)
    sizes = []
    for i in range(0, 90_000, 1000):
        metric.update(torch.from_numpy(s[i:i + 1000]), torch.from_numpy(y[i:i + 1000]))
        sizes.append(_state_rows(metric))
    # a table of distinct scores (24 bytes a row) is larger than the rows it counts
    # (5 bytes): they wait past 5,000, then are counted at 20,000 (or 4 per table row)
    assert sizes[10] == (0, 11_000)
    assert sizes[20] == (np.unique(s[:21_000]).shape[0], 0)  # 21,000 rows counted
    assert max(waiting for _, waiting in sizes) <= 4 * 21_000
    assert metric.compute().item() == _exact(y, s).average_precision()


def test_sample_ids_count_each_sample_once():
    y, s, _ = _data(3_000, 6)
    ids = np.arange(3_000)
    metric = _batches(sptm.BinaryAUROC(), y, s, ids=ids)
    _batches(metric, y[:100], s[:100], ids=ids[:100])  # the same samples again
    assert metric.compute().item() == _exact(y, s).roc_auc()
    summary = _batches(sptm.BinarySummary(), y, s, ids=ids)
    assert summary.compute().table_.n_pos == y.sum()


def test_metric_protocol_forward_reset_pickle_merge_cpu():
    y, s, _ = _data(4_000, 7)
    metric = sptm.BinaryAveragePrecision(compute_on_cpu=True)
    half = 2_000
    batch_value = metric(torch.from_numpy(s[:half]), torch.from_numpy(y[:half]))
    assert batch_value.item() == _exact(y[:half], s[:half]).average_precision()
    metric(torch.from_numpy(s[half:]), torch.from_numpy(y[half:]))
    assert metric.compute().item() == _exact(y, s).average_precision()
    restored = pickle.loads(pickle.dumps(metric))
    assert restored.compute().item() == metric.compute().item()
    other = _batches(sptm.BinaryAveragePrecision(), y[:half], s[:half])
    second = _batches(sptm.BinaryAveragePrecision(), y[half:], s[half:])
    other.merge_state(second)
    assert other.compute().item() == metric.compute().item()
    metric.reset()
    assert metric.scores == [] and metric.ids == []
    with pytest.raises(ValueError, match="holds a single class"), pytest.warns(
            UserWarning, match="before the ``update``"):  # (torchmetrics' own warning)
        metric.compute()


@pytest.mark.parametrize("make, update, message", [
    (sptm.BinaryAUROC, lambda m: m.update(torch.tensor([0.1, math.nan]), torch.tensor([0, 1])),
     "finite"),
    (sptm.BinaryAUROC, lambda m: m.update(torch.tensor([0.1, 0.2]), torch.tensor([0, 2])),
     "must take value in {0, 1} or {-1, 1}"),
    (sptm.BinaryAUROC, lambda m: m.update(torch.tensor([1, 2]), torch.tensor([0, 1])),
     "floating-point"),
    (sptm.BinaryAUROC, lambda m: m.update(torch.tensor([0.1, 0.2]), torch.tensor([0, 1, 1])),
     "one shape"),
    (sptm.BinaryAUROC, lambda m: m.update(torch.tensor([0.1, 0.2]), torch.tensor([0, 1]),
                                          torch.tensor([1.0, -1.0])), "non-negative"),
    (sptm.BinaryAUROC, lambda m: m.update(torch.tensor([0.1, 0.2]), torch.tensor([0, 1]),
                                          sample_ids=torch.tensor([0.5, 1.0])), "integers"),
    (sptm.BinaryAUROC, lambda m: (m.update(torch.tensor([0.1]), torch.tensor([0]),
                                           sample_ids=torch.tensor([0])),
                                  m.update(torch.tensor([0.2]), torch.tensor([1]))),
     "every batch"),
    (lambda: sptm.BinaryPRAUC(mantissa_bits=8), None, "exact only"),
    (lambda: sptm.BinaryAUROC(mantissa_bits=30), None, "at most 23"),
    (lambda: sptm.BinaryRecallAtFixedPrecision(min_precision=1.5), None, r"\[0, 1\]"),
    (lambda: sptm.BinaryPRAUC(interpolation="spline"), None, "interpolation"),
])
def test_bad_input_gets_a_clear_error(make, update, message):
    with pytest.raises(ValueError, match=message):
        update(make())


@pytest.mark.parametrize("key", sorted(k for k in REGISTRY if k.startswith("torchmetrics.")))
def test_hostile_inputs(key):
    """The registry's entries for this front (run here: CI's PyTorch cell runs this file)."""
    run_hostile(REGISTRY[key])


# --- several processes ------------------------------------------------------------------


def _ddp_worker(rank, world, init, n, seed, how, out):
    """One process of a data-parallel evaluation: its shard, its metrics, one compute."""
    from torch.utils.data import DataLoader, DistributedSampler, TensorDataset

    torch.distributed.init_process_group("gloo", init_method=f"file://{init}",
                                         rank=rank, world_size=world)
    y, s, w = _data(n, seed, ties=True, weights=how == "uneven")
    metrics = {"exact": sptm.BinarySummary(), "binned": sptm.BinarySummary(mantissa_bits=6),
               "auroc": sptm.BinaryAUROC(), "ids": sptm.BinarySummary()}
    if how == "sampler":  # DistributedSampler pads the last round with repeats
        data = TensorDataset(torch.arange(n), torch.from_numpy(s), torch.from_numpy(y))
        sampler = DistributedSampler(data, num_replicas=world, rank=rank, seed=seed)
        for ids, preds, target in DataLoader(data, batch_size=61, sampler=sampler):
            for name, metric in metrics.items():
                metric.update(preds, target, sample_ids=ids if name == "ids" else None)
    else:  # shards of different sizes, the last process given none
        cuts = np.linspace(0, n, world).astype(int).tolist() + [n]
        rows = slice(cuts[rank], cuts[rank + 1])
        for name, metric in metrics.items():
            _batches(metric, y[rows], s[rows], w[rows], size=50 + 37 * rank)
    values = {}
    for name, metric in metrics.items():
        summary = metric.compute() if name != "auroc" else None
        values[name] = (metric.compute().item() if summary is None else
                        summary.roc_auc() if name != "binned" else
                        (summary.roc_auc(), summary.average_precision_interval()))
        if name in ("exact", "ids"):
            values[name + "_rows"] = summary.table_.n_pos + summary.table_.n_neg
            values[name + "_ap"] = summary.average_precision()
    torch.save(values, f"{out}.{rank}")
    torch.distributed.destroy_process_group()


@pytest.mark.parametrize("world, n, how", [(2, 4_001, "sampler"), (3, 5_003, "sampler"),
                                           (3, 4_000, "uneven")])
def test_processes_merge_to_the_one_process_value(tmp_path, world, n, how):
    import torch.multiprocessing as mp

    out = tmp_path / "values"
    mp.spawn(_ddp_worker, args=(world, tmp_path / "init", n, 8, how, out), nprocs=world)
    values = [torch.load(f"{out}.{rank}") for rank in range(world)]
    assert all(v == values[0] for v in values)  # every process computes the same
    got = values[0]
    y, s, w = _data(n, 8, ties=True, weights=how == "uneven")
    exact = _exact(y, s, w)
    padding = (-n) % world if how == "sampler" else 0
    # without ids, the sampler's repeats are counted twice: another value
    assert (got["auroc"] == exact.roc_auc()) == (padding == 0)
    assert got["ids"] == exact.roc_auc() and got["ids_ap"] == exact.average_precision()
    assert got["ids_rows"] == (n if w is None else w.sum())
    assert got["exact_rows"] == (n + padding if w is None else w.sum())
    (estimate, bound), (low, high) = got["binned"]
    if padding == 0:
        assert abs(estimate - exact.roc_auc()) <= bound
        assert low <= exact.average_precision() <= high


def _idle_rank_worker(rank, world, init, idle, with_ids, out):
    """Every process but ``idle`` counts its shard of float32 scores; ``idle`` never
    calls ``update``. Each writes what it computes."""
    torch.distributed.init_process_group("gloo", init_method=f"file://{init}",
                                         rank=rank, world_size=world)
    y, s, _ = _data(3_000, 12, ties=True)
    metrics = {"auroc": sptm.BinaryAUROC(), "ap": sptm.BinaryAveragePrecision(),
               "binned": sptm.BinaryAUROC(mantissa_bits=8)}
    if rank != idle:
        shards = [r for r in range(world) if r != idle]
        rows = np.array_split(np.arange(3_000), len(shards))[shards.index(rank)]
        for metric in metrics.values():
            _batches(metric, y[rows], s[rows], size=211,
                     ids=rows.astype(np.int64) if with_ids else None)
    torch.save({name: float(metric.compute()) for name, metric in metrics.items()},
               f"{out}.{rank}")
    torch.distributed.destroy_process_group()


@pytest.mark.parametrize("world, idle", [(2, 0), (2, 1), (3, 1)])
@pytest.mark.parametrize("with_ids", [False, True])
def test_a_process_given_nothing_merges_with_the_others(tmp_path, world, idle, with_ids):
    """A rank with no batch at all (an uneven last round) syncs an empty state: every
    process computes the others' exact value, with and without sample_ids (float32
    scores with ids aborted the job: the idle rank's empty state is float64)."""
    import torch.multiprocessing as mp

    out = tmp_path / "values"
    mp.spawn(_idle_rank_worker, args=(world, tmp_path / "init", idle, with_ids, out),
             nprocs=world)
    values = [torch.load(f"{out}.{rank}") for rank in range(world)]
    y, s, _ = _data(3_000, 12, ties=True)
    assert all(v == values[0] for v in values)
    assert values[0]["auroc"] == spc.roc_auc_score(y, s)
    assert values[0]["ap"] == spc.average_precision_score(y, s)
    estimate, bound = spc.BinnedSummary(8).update(y, s).roc_auc()
    assert values[0]["binned"] == estimate


@pytest.mark.parametrize("fixed", [True, False])
def test_fractional_weights_give_one_value_in_any_batch_order(fixed):
    """Weights of 0.1 (or any fractional ones) on tied scores: the value is the same
    float whatever the order of the batches (each score's pieces are summed in the order
    of their weights, not of arrival); before, all 24 orders of 4 batches gave two or
    more values."""
    import itertools

    rng = np.random.default_rng(4)
    y = rng.random(60) < 0.4
    s = np.round(rng.random(60), 1).astype(np.float32)
    w = np.full(60, 0.1) if fixed else rng.random(60)
    batches = np.array_split(np.arange(60), 4)
    for name in ("BinaryAUROC", "BinaryAveragePrecision", "BinaryPRAUC"):
        values = set()
        for order in itertools.permutations(range(4)):
            metric = getattr(sptm, name)()
            for b in order:
                metric.update(torch.from_numpy(s[batches[b]]), torch.from_numpy(y[batches[b]]),
                              torch.from_numpy(w[batches[b]]))
            values.add(float(metric.compute()))
        assert len(values) == 1, (name, values)

"""DeLong and the bootstrap, timed against their baselines in one run.

- DeLong (table-based, O(n log n)) against the O(P * N) definition on the same data;
- DeLong's variance and paired test at n = 1e6, in units of one ``np.sort`` (medians of
  interleaved calls);
- the stratified bootstrap at n = 1e5, 10% and 50% positives: resamples per second
  against the way it was evaluated before issue 14 (one resample at a time: rows
  drawn, counted per merged score with ``bincount``, the table's area computed),
  interleaved in one run; and calling the metric on each resample.

- rows in clusters (``--clusters``): the cluster bootstrap of ``pr_auc_ci(groups=)``
  against a plain Python loop drawing whole clusters and calling ``pr_auc_score`` on
  each resample (target: 10x at 800 rows), and ``certified_threshold(groups=)`` at 1e6
  rows in 1e5 clusters (target: under 2 s), beside the same call without groups.

Usage::

    python benchmarks/bench_uncertainty.py [--bootstrap-only | --clusters]
"""

import sys
import time
from pathlib import Path

import numpy as np
from _timing import best_time, interleaved_medians

import sklearn_prcurves as spc
from sklearn_prcurves._inference._delong import delong_components
from sklearn_prcurves._measures._pr import table_pr_auc
from sklearn_prcurves._table._count_table import CountTable
from sklearn_prcurves._table._sorting import count_table_with_groups

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from _reference import naive_delong  # noqa: E402


def one_at_a_time(metric_of_table, y, s, n_resamples, seed=0):
    """The bootstrap as evaluated before issue 14 (commit 45ddcdb^, ``_Model.on``): one
    resample at a time, its rows drawn with ``Generator.integers``, counted with
    ``bincount`` per *merged* score (a run of scores held by negatives alone acts as
    one: positives never land there), the area computed from that resample's table.

    Merging made that evaluation about twice as fast as counting per distinct score
    when positives are rare; an earlier version of this baseline left it out and so
    overstated the speed-up about twofold."""
    is_pos = y == 1
    table, group = count_table_with_groups(is_pos, s, None)
    alone = table.pos == 0
    starts = np.ones(alone.shape[0], dtype=bool)
    starts[1:] = ~(alone[1:] & alone[:-1])
    merged = (np.cumsum(starts) - 1)[group]
    thresholds = table.thresholds[np.flatnonzero(starts)]
    k = thresholds.shape[0]
    pos_rows, neg_rows = np.flatnonzero(is_pos), np.flatnonzero(~is_pos)
    merged_pos, merged_neg = merged[pos_rows], merged[neg_rows]
    rng = np.random.default_rng(seed)
    values = np.empty(n_resamples)
    for b in range(n_resamples):
        pos = rng.integers(0, pos_rows.shape[0], pos_rows.shape[0])
        neg = rng.integers(0, neg_rows.shape[0], neg_rows.shape[0])
        resampled = CountTable.from_counts(thresholds,
                                           np.bincount(merged_pos[pos], minlength=k),
                                           np.bincount(merged_neg[neg], minlength=k))
        values[b] = metric_of_table(resampled)
    return values


def _roc_auc_of_table(table):
    return delong_components(table)[0]


def bootstrap(rng, repeats=5):
    """Ours against the one-at-a-time evaluation, after a large array was freed.

    glibc returns freed arrays above its mmap threshold to the system, and every fresh
    page is faulted in again; once a large array has been freed, it keeps arrays of up
    to that size. Our bootstrap brings the process to that state itself (see
    ``_resampling._keep_freed_arrays``), so the baseline, interleaved with it, runs in
    that state too: it is set before the first call so that both are timed alike."""
    n, resamples = 10**5, 2000
    data = {}
    for prevalence in (0.1, 0.5):
        y = (rng.random(n) < prevalence).astype(int)
        data[prevalence] = y, rng.normal(size=n) + y
    del_me = np.ones(4 * 10**6)
    del del_me
    for prevalence, (y, s) in data.items():
        print(f"\nbootstrap_ci, n=1e5 ({prevalence:.0%} positives), {resamples} resamples,"
              f" median of {repeats} interleaved runs, after a large array was freed;"
              f" before = one resample at a time, per merged score (as before issue 14)")
        for label, metric, of_table in (
            ("roc_auc_score", spc.roc_auc_score, _roc_auc_of_table),
            ("average_precision_score", spc.average_precision_score,
             lambda t: table_pr_auc(t, "step")),
            ("pr_auc_score", spc.pr_auc_score, table_pr_auc),
        ):
            ours, before = interleaved_medians([
                lambda: spc.bootstrap_ci(metric, y, s, n_resamples=resamples,
                                         random_state=0, progress=False),
                lambda: one_at_a_time(of_table, y, s, resamples),
            ], repeats)
            ratio = before / ours
            print(f"  {label:<24} ours {resamples / ours:6.0f}/s  before "
                  f"{resamples / before:5.0f}/s  {ratio:4.1f}x   target >= 5x "
                  f"{'ok' if ratio >= 5 else 'MISSED'}")
    return data[0.1]


def _clustered(rng, k, size):
    groups = np.repeat(np.arange(k), size)
    effect = rng.normal(size=k)[groups]
    y = (rng.random(groups.shape[0]) < 1 / (1 + np.exp(-(effect - 1)))).astype(int)
    return y, y + effect + rng.normal(size=groups.shape[0]), groups


def cluster_loop(y, s, groups, n_resamples, prevalence):
    """The cluster bootstrap as a user writes it: whole clusters drawn, the rows
    gathered, the metric called (resamples holding one class skipped)."""
    rows = np.split(np.argsort(groups, kind="stable"),
                    np.flatnonzero(np.diff(np.sort(groups))) + 1)
    rng, values = np.random.default_rng(0), []
    for _ in range(n_resamples):
        picked = np.concatenate([rows[c] for c in rng.integers(0, len(rows), len(rows))])
        if y[picked].min() != y[picked].max():
            values.append(spc.pr_auc_score(y[picked], s[picked], prevalence=prevalence))
    return np.quantile(values, [0.025, 0.975])


def clusters(rng):
    print("cluster bootstrap: pr_auc_ci(groups=) against a loop calling pr_auc_score on "
          "each resample of whole clusters (2000 resamples, medians of 3 interleaved)")
    for k, size in ((100, 8), (1000, 10)):
        y, s, groups = _clustered(rng, k, size)
        for prevalence in (None, 0.05):
            ours, loop = interleaved_medians([
                lambda: spc.pr_auc_ci(y, s, groups=groups, n_resamples=2000, random_state=0,
                                      prevalence=prevalence),
                lambda: cluster_loop(y, s, groups, 2000, prevalence)], 3)
            verdict = "" if k * size != 800 else (
                "  target >= 10x " + ("ok" if loop / ours >= 10 else "MISSED"))
            print(f"  {k * size:>6} rows, {k:>5} clusters, prevalence {prevalence!s:>4}: "
                  f"ours {2000 / ours:7.0f}/s  loop {2000 / loop:6.0f}/s  "
                  f"{loop / ours:5.1f}x{verdict}")
    y, s, groups = _clustered(rng, 10**5, 10)
    print("certified_threshold at 1e6 rows in 1e5 clusters (medians of 3 interleaved)")
    for kwargs in ({"min_precision": 0.8}, {"min_recall": 0.8},
                   {"min_precision": 0.5, "prevalence": 0.05}):
        grouped, alone = interleaved_medians([
            lambda: spc.certified_threshold(y, s, groups=groups, **kwargs),
            lambda: spc.certified_threshold(y, s, **kwargs)], 3)
        print(f"  {str(kwargs):<42} groups= {grouped:5.2f} s  without {alone:5.2f} s  "
              f"({grouped / alone:4.1f}x)  target < 2 s {'ok' if grouped < 2 else 'MISSED'}")


def main():
    if "--clusters" in sys.argv:
        clusters(np.random.default_rng(0))
        return
    if "--bootstrap-only" in sys.argv:
        bootstrap(np.random.default_rng(0))
        return
    rng = np.random.default_rng(0)
    print("DeLong variance: table-based against the O(P*N) definition (same data)")
    for n in (1_000, 5_000, 20_000):
        y = (rng.random(n) < 0.3).astype(int)
        s = rng.normal(size=n) + y
        t_fast = best_time(lambda: spc.roc_auc_variance(y, s), 5)
        t_naive = best_time(lambda: naive_delong(y == 1, [s]), 1)
        print(f"  n={n:>7,}  table {t_fast * 1e3:8.2f} ms  naive {t_naive * 1e3:9.1f} ms  "
              f"speedup {t_naive / t_fast:8.1f}x")

    n = 10**6
    y = (rng.random(n) < 0.1).astype(int)
    a = rng.normal(size=n) + y
    b = a + rng.normal(size=n)
    t_sort, t_var, t_test = interleaved_medians(
        [lambda: np.sort(a), lambda: spc.roc_auc_variance(y, a),
         lambda: spc.delong_test(y, a, b)], 7)
    sorts = t_test / t_sort
    print(f"\nn=1e6, medians of 7 interleaved: roc_auc_variance {t_var * 1e3:.0f} ms "
          f"({t_var / t_sort:.1f} sorts), delong_test {t_test * 1e3:.0f} ms ({sorts:.1f} sorts;"
          f" np.sort {t_sort * 1e3:.1f} ms)  target <=10 sorts {'ok' if sorts <= 10 else 'MISSED'}")

    y, s = bootstrap(rng)
    slow = 100
    start = time.perf_counter()
    spc.bootstrap_ci(lambda t, x, sample_weight=None: spc.pr_auc_score(t, x), y, s,
                     n_resamples=slow, random_state=0)
    elapsed = time.perf_counter() - start
    print(f"bootstrap calling the metric per resample: {slow / elapsed:.0f} resamples/s")
    t_delong = best_time(lambda: spc.roc_auc_ci(y, s), 3)
    print(f"DeLong interval at the same n: {t_delong * 1e3:.1f} ms")


if __name__ == "__main__":
    main()

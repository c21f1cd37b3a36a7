"""A counting table held in pieces (``_distributed``): the ranges of a cluster or of a
stream too long for one table, each measured where it lives, give the whole table's
measures, and no measure forms a product of the class totals."""

import numpy as np
import pytest

import sklearn_prcurves as spc
from sklearn_prcurves._streams import _distributed
from sklearn_prcurves._streams._distributed import RangesHere
from sklearn_prcurves._table._counts import count_rows


def _pieces(y, s, w, cuts):
    """The table of each score range: rows with scores in [edge, previous edge)."""
    order = np.argsort(-s, kind="stable")
    tables = []
    for rows in np.array_split(order, cuts):
        # (whole score ranges: a cut never separates equal scores here)
        if rows.size:
            tables.append(count_rows(y[rows] == 1, s[rows], None if w is None else w[rows]))
    return tables


@pytest.mark.parametrize("scale", [1.0, 1e-200, 1e200, 1e300])
def test_ranges_give_the_whole_tables_measures_at_any_scale(scale):
    """Totals past 1e154 (whose product overflows) and below 1e-154 (whose product
    underflows) give the in-memory numbers: rates are formed first."""
    rng = np.random.default_rng(3)
    y = (rng.random(400) < 0.3).astype(int)
    s = rng.permutation(400).astype(float)  # distinct: any cut is a range cut
    w = rng.integers(1, 4, 400) * scale
    ranged = RangesHere(_pieces(y, s, w, 5))
    scores = ranged.scores()
    with np.errstate(all="raise"):
        assert scores["roc_auc"] == pytest.approx(
            spc.partial_roc_auc_score(y, s, sample_weight=w), rel=1e-12)
        assert scores["pr_auc_continuous"] == pytest.approx(
            spc.pr_auc_score(y, s, sample_weight=w, interpolation="continuous"), rel=1e-12)
        assert scores["achievable_pr_auc"] == pytest.approx(
            spc.achievable_pr_auc_score(y, s, sample_weight=w), rel=1e-12)
        ks = spc.ks_statistic(y, s, sample_weight=w)
        assert ranged.ks_statistic() == (pytest.approx(ks.statistic, rel=1e-12), ks.threshold)


@pytest.mark.parametrize("block", [1, 2, 7, 64])
def test_a_long_range_read_in_blocks_gives_what_it_gives_read_at_once(monkeypatch, block):
    """Each reading takes a long range's table a block of rows at a time (to bound its
    temporaries): the areas, the hull, KS and the partial area are those of the range
    read at once, ties and weights included."""
    rng = np.random.default_rng(5)
    y = (rng.random(500) < 0.3).astype(int)
    s = rng.integers(0, 150, 500).astype(float)  # ties: a block holds whole scores
    w = rng.random(500) * 3
    tables = [count_rows(y[s >= 100] == 1, s[s >= 100], w[s >= 100]),
              count_rows(y[s < 100] == 1, s[s < 100], w[s < 100])]

    def measured():
        ranged = RangesHere(tables)
        scores, hull = ranged.scores_and_hull()
        return scores, hull, ranged.ks_statistic(), ranged.partial_roc_auc((0, 0.3))

    monkeypatch.setattr(_distributed, "READ_BLOCK", 10**9)
    at_once = measured()
    monkeypatch.setattr(_distributed, "READ_BLOCK", block)
    in_blocks = measured()
    assert in_blocks[0] == pytest.approx(at_once[0], rel=1e-12)
    for blocked, whole in zip(in_blocks[1], at_once[1]):
        np.testing.assert_array_equal(blocked, whole)
    assert in_blocks[2] == (pytest.approx(at_once[2][0], rel=1e-12), at_once[2][1])
    assert in_blocks[3] == pytest.approx(at_once[3], rel=1e-12)


def test_the_pieces_iterate_as_the_global_path():
    rng = np.random.default_rng(4)
    y = (rng.random(300) < 0.4).astype(int)
    s = rng.permutation(300).astype(float)
    ranged = RangesHere(_pieces(y, s, None, 4))
    tp = np.concatenate([[0.0]] + [piece[0][1:] for piece in ranged])
    fp = np.concatenate([[0.0]] + [piece[1][1:] for piece in ranged])
    whole = count_rows(y == 1, s)
    np.testing.assert_array_equal(tp, np.concatenate([[0.0], whole.tps]))
    np.testing.assert_array_equal(fp, np.concatenate([[0.0], whole.fps]))


@pytest.mark.parametrize("case", ["distinct", "tied", "weighted"])
def test_one_range_gives_the_library_functions_floats(case):
    """A table in one piece (a report's, a cluster's single partition) is read as the
    library's functions read it: the same floats, not the pieces' last-bit sums."""
    rng = np.random.default_rng(11)
    y = (rng.random(2000) < 0.2).astype(int)
    s = rng.normal(size=2000) + y
    s = np.round(s, 1) if case == "tied" else s
    w = rng.uniform(0.1, 3.0, 2000) if case == "weighted" else None
    ranged = RangesHere([count_rows(y == 1, s, w)])
    scores = ranged.scores()
    assert scores["roc_auc"] == spc.roc_auc_score(y, s, sample_weight=w)
    assert scores["average_precision"] == spc.average_precision_score(y, s, sample_weight=w)
    assert scores["pr_auc"] == spc.pr_auc_score(y, s, sample_weight=w)
    assert scores["achievable_pr_auc"] == spc.achievable_pr_auc_score(y, s, sample_weight=w)
    ks = spc.ks_statistic(y, s, sample_weight=w)
    assert ranged.ks_statistic() == (ks.statistic, ks.threshold)


def test_delong_variance_past_totals_of_1e154():
    """DeLong's variance divides by the totals in turn: frequency weights of 1e200
    (their products overflow) give the variance of the rows repeated, scaled."""
    y = np.array([0, 1, 0, 1, 1, 0])
    s = np.array([0.1, 0.9, 0.4, 0.35, 0.8, 0.7])
    with np.errstate(all="raise"):
        huge = spc.roc_auc_variance(y, s, sample_weight=np.full(6, 1e200))
    assert np.isfinite(huge) and 0 <= huge < 1e-150

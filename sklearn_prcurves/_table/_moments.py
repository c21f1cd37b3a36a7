"""Rows in clusters, at every threshold: the sums over clusters of each cluster's
counts squared and multiplied, from which the clustered variance of precision, recall
or the false positive rate at any threshold is read (:class:`ClusterMoments`).

A cluster's counts at or above a threshold grow by one row's weight as the threshold
passes that row, so each sum of squares grows by ``2 c w + w^2`` (``c`` the cluster's
count before the row): one sort of the rows by cluster and score, and running sums,
give every threshold's sums at once, instead of one pass over the clusters per
threshold.
"""

from dataclasses import dataclass, replace

import numpy as np

__all__ = ["ClusterMoments", "cluster_moments"]


@dataclass(frozen=True)
class ClusterMoments:
    """Sums over the clusters ``k`` of products of a cluster's weighted true positives
    ``T_k`` and false positives ``F_k`` at or above each threshold (arrays in the
    table's order, decreasing thresholds), and of its positives ``P_k`` and negatives
    ``N_k``; every weight a share of the total weight (squares of weights of 1e300
    stay in range)."""

    tt: np.ndarray  # sum T_k^2
    tf: np.ndarray  # sum T_k F_k
    ff: np.ndarray  # sum F_k^2
    tp_pos: np.ndarray  # sum T_k P_k
    fp_neg: np.ndarray  # sum F_k N_k
    flagged_clusters: np.ndarray  # clusters with a row at or above the threshold
    pos_pos: float  # sum P_k^2
    neg_neg: float  # sum N_k^2
    pos_clusters: int  # clusters holding a positive
    neg_clusters: int  # clusters holding a negative
    scale: float  # the total weight the shares are of

    def at(self, rows):
        """The sums at the table's rows ``rows`` (``-1``: above every threshold, where
        no row is counted)."""
        rows = np.asarray(rows)
        pick = lambda a: np.where(rows >= 0, a[np.maximum(rows, 0)], 0)  # noqa: E731
        return replace(self, **{name: pick(getattr(self, name)) for name in _PER_THRESHOLD})


_PER_THRESHOLD = ("tt", "tf", "ff", "tp_pos", "fp_neg", "flagged_clusters")


def cluster_moments(thresholds, is_pos, scores, weight, clusters):
    """:class:`ClusterMoments` at each of ``thresholds`` (a table's distinct scores,
    decreasing: those of the rows of positive weight) from the rows (``weight``: None
    for ones; ``clusters``: numbers 0..K-1)."""
    weight = np.ones(is_pos.shape[0]) if weight is None else np.asarray(weight, float)
    kept = weight > 0
    is_pos, scores, clusters = is_pos[kept], scores[kept], clusters[kept]
    scale = float(np.sum(weight[kept]))
    share = weight[kept] / scale
    n = thresholds.shape[0]
    # Each row's threshold (the table's row of its score) from one sort of the scores,
    # then the rows by cluster, in score order within each (a lookup of unsorted scores
    # in the table, or a sort on two keys, costs several sorts).
    by_score = np.argsort(scores, kind="stable")[::-1]
    ordered = scores[by_score]
    row = np.empty(scores.shape[0], dtype=np.intp)
    row[by_score] = np.concatenate([[0], np.cumsum(ordered[1:] != ordered[:-1])])
    order = by_score[np.argsort(clusters[by_score], kind="stable")]
    row, clusters, is_pos, share = row[order], clusters[order], is_pos[order], share[order]
    pos_share, neg_share = np.where(is_pos, share, 0.0), np.where(is_pos, 0.0, share)
    first = np.flatnonzero(np.diff(clusters, prepend=-1) != 0)  # (each cluster's first row)
    sizes = np.diff(np.append(first, clusters.shape[0]))
    before_t = _within_cluster_before(pos_share, first, sizes)
    before_f = _within_cluster_before(neg_share, first, sizes)
    cluster_pos = np.repeat(np.add.reduceat(pos_share, first), sizes)
    cluster_neg = np.repeat(np.add.reduceat(neg_share, first), sizes)
    steps = {
        "tt": pos_share * (2 * before_t + pos_share),
        "tf": before_t * neg_share + before_f * pos_share,
        "ff": neg_share * (2 * before_f + neg_share),
        "tp_pos": pos_share * cluster_pos,
        "fp_neg": neg_share * cluster_neg,
    }
    sums = {name: np.cumsum(np.bincount(row, weights=step, minlength=n))
            for name, step in steps.items()}
    entering = np.bincount(row[first], minlength=n)  # (rows sorted by score within clusters)
    totals_pos, totals_neg = cluster_pos[first], cluster_neg[first]
    return ClusterMoments(
        **sums, flagged_clusters=np.cumsum(entering),
        pos_pos=float(np.dot(totals_pos, totals_pos)),
        neg_neg=float(np.dot(totals_neg, totals_neg)),
        pos_clusters=int(np.count_nonzero(totals_pos)),
        neg_clusters=int(np.count_nonzero(totals_neg)), scale=scale)


def _within_cluster_before(values, first, sizes):
    """Each row's running sum of ``values`` over the rows of its cluster before it."""
    running = np.cumsum(values) - values
    return running - np.repeat(running[first], sizes)

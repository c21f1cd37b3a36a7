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

__all__ = ["ClusterMoments", "cluster_moments", "decision_moments", "within_cluster_before"]


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
    tp_neg: np.ndarray  # sum T_k N_k
    fp_pos: np.ndarray  # sum F_k P_k
    flagged_clusters: np.ndarray  # clusters with a row at or above the threshold
    unflagged_clusters: np.ndarray  # clusters with a row below it
    pos_pos: float  # sum P_k^2
    neg_neg: float  # sum N_k^2
    pos_neg: float  # sum P_k N_k
    pos_clusters: int  # clusters holding a positive
    neg_clusters: int  # clusters holding a negative
    clusters: int  # clusters holding some weight
    scale: float  # the total weight the shares are of

    def at(self, rows):
        """The sums at the table's rows ``rows`` (``-1``: above every threshold, where
        no row is counted)."""
        rows = np.asarray(rows)
        pick = lambda a: np.where(rows >= 0, a[np.maximum(rows, 0)], 0)  # noqa: E731
        at = replace(self, **{name: pick(getattr(self, name)) for name in _PER_THRESHOLD})
        # (above every threshold, every cluster has a row below it)
        return replace(at, unflagged_clusters=np.where(
            rows >= 0, self.unflagged_clusters[np.maximum(rows, 0)], self.clusters))

    def below(self):
        """The same sums for the rows below each threshold, the negatives in the
        positives' place: true negatives for ``T_k``, false negatives for ``F_k``, so
        that the negative predictive value reads as precision does."""
        tn_tn = self.neg_neg - 2 * self.fp_neg + self.ff
        fn_fn = self.pos_pos - 2 * self.tp_pos + self.tt
        tn_fn = self.pos_neg - self.tp_neg - self.fp_pos + self.tf
        return ClusterMoments(
            tt=tn_tn, tf=tn_fn, ff=fn_fn, tp_pos=self.neg_neg - self.fp_neg,
            fp_neg=self.pos_pos - self.tp_pos, tp_neg=self.pos_neg - self.fp_pos,
            fp_pos=self.pos_neg - self.tp_neg, flagged_clusters=self.unflagged_clusters,
            unflagged_clusters=self.flagged_clusters, pos_pos=self.neg_neg,
            neg_neg=self.pos_pos, pos_neg=self.pos_neg, pos_clusters=self.neg_clusters,
            neg_clusters=self.pos_clusters, clusters=self.clusters, scale=self.scale)


_PER_THRESHOLD = ("tt", "tf", "ff", "tp_pos", "fp_neg", "tp_neg", "fp_pos",
                  "flagged_clusters")


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
    before_t = within_cluster_before(pos_share, first, sizes)
    before_f = within_cluster_before(neg_share, first, sizes)
    cluster_pos = np.repeat(np.add.reduceat(pos_share, first), sizes)
    cluster_neg = np.repeat(np.add.reduceat(neg_share, first), sizes)
    steps = {
        "tt": pos_share * (2 * before_t + pos_share),
        "tf": before_t * neg_share + before_f * pos_share,
        "ff": neg_share * (2 * before_f + neg_share),
        "tp_pos": pos_share * cluster_pos,
        "fp_neg": neg_share * cluster_neg,
        "tp_neg": pos_share * cluster_neg,
        "fp_pos": neg_share * cluster_pos,
    }
    sums = {name: np.cumsum(np.bincount(row, weights=step, minlength=n))
            for name, step in steps.items()}
    # (rows sorted by score within clusters: a cluster's first row is its highest, its
    # last its lowest; it has a row below a threshold until that one's is passed)
    entering = np.bincount(row[first], minlength=n)
    leaving = np.bincount(row[first + sizes - 1], minlength=n)
    totals_pos, totals_neg = cluster_pos[first], cluster_neg[first]
    return ClusterMoments(
        **sums, flagged_clusters=np.cumsum(entering),
        unflagged_clusters=first.shape[0] - np.cumsum(leaving),
        pos_pos=float(np.dot(totals_pos, totals_pos)),
        neg_neg=float(np.dot(totals_neg, totals_neg)),
        pos_neg=float(np.dot(totals_pos, totals_neg)),
        pos_clusters=int(np.count_nonzero(totals_pos)),
        neg_clusters=int(np.count_nonzero(totals_neg)), clusters=int(first.shape[0]),
        scale=scale)


def within_cluster_before(values, first, sizes):
    """Each row's running sum of ``values`` over the rows of its cluster before it."""
    running = np.cumsum(values) - values
    return running - np.repeat(running[first], sizes)


def decision_moments(thresholds, is_pos, scores_a, scores_b, weight, clusters):
    """Sums over clusters for the difference of two models' decisions ``d = 1[a >= t] -
    1[b >= t]`` at each of ``thresholds`` (any order): ``{name: array}`` of ``pp = sum
    D_k^2`` and ``nn``, ``pn`` (``D_k``, ``E_k``: cluster ``k``'s weighted ``d`` over its
    positives, its negatives), ``pP = sum D_k P_k``, ``pN``, ``nP``, ``nN`` (``P_k``,
    ``N_k``: its positive and negative weight), ``d_pos``, ``d_neg`` (the sums of ``d``)
    and the constants ``PP``, ``NN``, ``PN``; every weight a share of the total.

    A row changes its cluster's ``D_k`` by its weight where the threshold passes its
    score of a (up) and of b (down): one sort of these events by score and by cluster
    gives every threshold's sums, as :func:`cluster_moments` does."""
    weight = np.ones(is_pos.shape[0]) if weight is None else np.asarray(weight, float)
    share = weight / np.sum(weight)
    n_clusters = int(clusters.max()) + 1 if clusters.shape[0] else 0
    P = np.bincount(clusters, weights=np.where(is_pos, share, 0.0), minlength=n_clusters)
    N = np.bincount(clusters, weights=np.where(is_pos, 0.0, share), minlength=n_clusters)
    # (as floats: boolean or integer probabilities order the same)
    scores_a, scores_b = (np.asarray(v, dtype=np.float64) for v in (scores_a, scores_b))
    moving = (share > 0) & (scores_a != scores_b)  # (a row both treat alike moves nothing)
    rows = np.flatnonzero(moving)
    event_scores = np.concatenate([scores_a[rows], scores_b[rows]])
    delta = np.concatenate([share[rows], -share[rows]])
    event_rows = np.concatenate([rows, rows])
    by_score = np.argsort(-event_scores, kind="stable")
    order = by_score[np.argsort(clusters[event_rows[by_score]], kind="stable")]
    cluster, positive = clusters[event_rows[order]], is_pos[event_rows[order]]
    first = np.flatnonzero(np.diff(cluster, prepend=-1) != 0)
    sizes = np.diff(np.append(first, cluster.shape[0]))
    pos_delta = np.where(positive, delta[order], 0.0)
    neg_delta = np.where(positive, 0.0, delta[order])
    before_p = within_cluster_before(pos_delta, first, sizes)
    before_n = within_cluster_before(neg_delta, first, sizes)
    steps = {
        "pp": pos_delta * (2 * before_p + pos_delta),
        "nn": neg_delta * (2 * before_n + neg_delta),
        "pn": pos_delta * before_n + neg_delta * before_p,
        "pP": pos_delta * P[cluster], "pN": pos_delta * N[cluster],
        "nP": neg_delta * P[cluster], "nN": neg_delta * N[cluster],
        "d_pos": pos_delta, "d_neg": neg_delta,
    }
    # Each threshold's sums: those of the events at or above it, in score order.
    rank = np.empty(order.shape[0], dtype=np.intp)
    rank[order] = np.arange(order.shape[0])  # (an event's place in the cluster order)
    ordered = -event_scores[by_score]
    reached = np.searchsorted(ordered, -np.asarray(thresholds, dtype=np.float64),
                              side="right")
    out = {}
    for name, step in steps.items():
        running = np.concatenate([[0.0], np.cumsum(step[rank[by_score]])])
        out[name] = running[reached]
    out.update(PP=float(P @ P), NN=float(N @ N), PN=float(P @ N), P=float(P.sum()),
               N=float(N.sum()))
    return out

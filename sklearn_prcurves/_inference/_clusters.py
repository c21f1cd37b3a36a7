"""Rows in clusters (several rows per patient, customer or session): the cluster ids
checked, and Obuchowski's clustered variance of an AUC (the bootstrap of whole clusters
is :class:`~sklearn_prcurves._inference._resampling.ClusterResampler`).

Rows of one cluster are alike, so the row-level intervals and tests, which count every
row as an independent draw, are too narrow. The bootstrap here draws clusters with
replacement and keeps each cluster's rows together; the variance sums each cluster's
DeLong components before squaring them (Obuchowski, Biometrics 53(2), 1997).
"""

import numpy as np

from .._base._ids import checked_ids, id_codes
from .._base._undefined import warn
from .._base._validation import check_binary_input
from .._table._exact import at_or_above

__all__ = ["FEW_CLUSTERS", "checked_groups", "cluster_t", "clustered_variance",
           "expanded_level", "few_clusters_message", "logit_interval", "paired_reading",
           "shares_at_threshold", "warn_few_clusters", "weighted_groups"]

#: Fewer clusters than this leave a clustered interval or test approximate however it is
#: formed (``benchmarks/coverage_clusters.py --few`` measures it): a warning says so.
FEW_CLUSTERS = 10


def checked_groups(groups, n_rows):
    """``groups`` (a cluster id per row, :func:`~sklearn_prcurves._base._ids.checked_ids`'s
    rule) as cluster numbers 0..K-1 in order of first appearance (so that ids spelt
    otherwise, ``7`` or ``"p7"``, give the same resamples); an error unless there are
    at least two clusters."""
    _, codes = id_codes(checked_ids(groups, n_rows, "groups"), first_seen=True)
    if codes.shape[0] and codes.max() < 1:
        raise ValueError("groups holds a single cluster: a clustered interval needs at "
                         "least two (the rows of one cluster say nothing about another).")
    return codes


def weighted_groups(groups, sample_weight):
    """The ids of the rows that weigh something: the row checks leave out rows of weight
    0 (as scikit-learn does), and their clusters' ids go with them. ``groups`` itself
    where there are no weights, or where the weights are not one number per id (the
    row checks then refuse them)."""
    if groups is None or sample_weight is None:
        return groups
    weight = np.asarray(sample_weight)
    if (weight.ndim != 1 or weight.dtype.kind not in "biuf" or np.ndim(groups) != 1
            or len(groups) != weight.shape[0]):
        return groups
    return checked_ids(groups, weight.shape[0], "groups")[weight != 0]


def shares_at_threshold(y_true, y_score, threshold, pos_label, sample_weight, groups):
    """The rates of "score >= ``threshold``" for rows in clusters, checked as every
    ``groups=`` function checks them: ``(shares, K)``, ``shares`` naming each of
    ``precision``, ``tpr``, ``fpr``, ``fnr`` and ``tnr`` as ``(hits, totals, rows)``
    (each cluster's weighted sums, and the rows of positive weight the totals count),
    as :func:`~._proportions.clustered_proportion_interval` reads a share."""
    is_pos, scores, weight = check_binary_input(y_true, y_score, sample_weight, pos_label)
    clusters = checked_groups(weighted_groups(groups, sample_weight), is_pos.shape[0])
    n_clusters = int(clusters.max()) + 1
    warn_few_clusters(n_clusters)
    weight = np.ones(is_pos.shape[0]) if weight is None else np.asarray(weight, float)
    kept = weight > 0
    flagged = at_or_above(scores, threshold) & kept
    pos, neg = is_pos & kept, ~is_pos & kept

    def summed(rows):
        return np.bincount(clusters, weights=np.where(rows, weight, 0.0),
                           minlength=n_clusters)

    tp, fp, fn, tn = (summed(flagged & pos), summed(flagged & neg), summed(pos & ~flagged),
                      summed(neg & ~flagged))
    counted = {name: int(np.count_nonzero(rows)) for name, rows in
               (("flagged", flagged), ("pos", pos), ("neg", neg))}
    shares = {"precision": (tp, tp + fp, counted["flagged"]),
              "tpr": (tp, tp + fn, counted["pos"]), "fnr": (fn, tp + fn, counted["pos"]),
              "fpr": (fp, fp + tn, counted["neg"]), "tnr": (tn, fp + tn, counted["neg"])}
    return shares, n_clusters


def clustered_variance(centred, is_pos, weight, n_pos, n_neg, groups):
    """Obuchowski's (1997) variance of an AUC, or of a difference of two, whose rows come
    in clusters: each row's centred component (times its weight) over its class's
    total, summed within each cluster ``Z_k``; then ``K / (K - 1) * sum(Z_k ** 2)``
    over the ``K`` clusters (covariances within a cluster counted, between clusters
    not)."""
    share = centred if weight is None else centred * weight
    share = share / np.where(is_pos, n_pos, n_neg)
    sums = np.bincount(groups, weights=share)  # (groups: checked_groups's numbers)
    # A sum within its own rounding error of zero is zero (two models whose components
    # cancel in each cluster): squared, the rounding became a variance, and the
    # statistic a huge number that changed with the rows' order instead of infinity.
    # (Centred components, or differences of two, lie in [-2, 2], so the shares' sizes
    # add up to 4 at most: no bound passes n x epsilon x 4, and only the clusters under
    # it are bounded one by one.)
    eps = np.finfo(np.float64).eps
    suspect = np.abs(sums) <= 4 * eps * groups.shape[0]
    if suspect.any():
        rows = suspect[groups]
        held = groups[rows]
        bound = np.bincount(held, minlength=sums.shape[0]) * eps * np.bincount(
            held, weights=np.abs(share[rows]), minlength=sums.shape[0])
        sums[suspect & (np.abs(sums) <= bound)] = 0.0
    k = sums.shape[0]
    return k / (k - 1) * float(np.dot(sums, sums))


def cluster_t(confidence_level, n_clusters):
    """The two-sided quantile of Student's t with ``K - 1`` degrees of freedom: a
    variance summed over ``K`` clusters is estimated from ``K`` terms, and the normal
    quantile makes intervals too narrow when ``K`` is small."""
    from scipy.special import stdtrit

    return float(stdtrit(n_clusters - 1, 0.5 + confidence_level / 2))


def paired_reading(difference, spread, confidence_level, n_clusters=None):
    """``(statistic, two-sided p-value, low, high)`` of a difference whose standard error
    is ``spread`` (> 0): read on the normal, or, from ``n_clusters`` clusters, on
    Student's t with ``K - 1`` degrees of freedom (:func:`cluster_t`); the interval
    leaves out 0 exactly when the p-value is below ``1 - confidence_level``."""
    from scipy.special import ndtr, ndtri, stdtr

    statistic = float(difference / spread)
    if n_clusters is None:
        quantile = float(ndtri(0.5 + confidence_level / 2))
        pvalue = float(2 * ndtr(-abs(statistic)))
    else:
        quantile = cluster_t(confidence_level, n_clusters)
        pvalue = float(2 * stdtr(n_clusters - 1, -abs(statistic)))
    return (statistic, pvalue, float(difference - quantile * spread),
            float(difference + quantile * spread))


def logit_interval(estimate, variance, n_clusters, confidence_level):
    """``(low, high)`` of an area in [0, 1] whose variance is clustered: symmetric on
    the logit scale (the delta method's standard error divided by ``a (1 - a)``) with
    :func:`cluster_t`'s quantile. On the area's own scale the interval of an area near
    1 leaves [0, 1] and misses on the side of the bound; an area of 0 or 1 has no
    spread (every placement equal) and is its own interval."""
    if not 0 < estimate < 1 or not variance > 0:
        return float(estimate), float(estimate)
    centre = np.log(estimate / (1 - estimate))
    half = cluster_t(confidence_level, n_clusters) * np.sqrt(variance) / (
        estimate * (1 - estimate))
    from scipy.special import expit

    return float(expit(centre - half)), float(expit(centre + half))


def expanded_level(confidence_level, n_clusters):
    """The level at which a bootstrap of ``K`` clusters reads its quantiles: Hesterberg's
    expanded percentile interval, whose normal quantile is ``sqrt(K / (K - 1))`` times
    :func:`cluster_t`'s (the bootstrap's variance is ``(K - 1) / K`` of the variance's
    estimate, and its quantiles are the normal's where t's belong)."""
    from scipy.special import ndtr

    return float(1 - 2 * ndtr(-np.sqrt(n_clusters / (n_clusters - 1))
                              * cluster_t(confidence_level, n_clusters)))


def few_clusters_message(n_clusters):
    """The words for too few clusters ('' for enough)."""
    if n_clusters >= FEW_CLUSTERS:
        return ""
    return (f"the rows come in {n_clusters} clusters: with fewer than {FEW_CLUSTERS} a "
            "clustered interval or test holds its level only roughly (the spread between "
            "clusters is estimated from too few of them).")


def warn_few_clusters(n_clusters):
    """A warning when ``n_clusters`` is below :data:`FEW_CLUSTERS`."""
    message = few_clusters_message(n_clusters)
    if message:
        warn(message[0].upper() + message[1:])

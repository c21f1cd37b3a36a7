"""Rows in clusters (several rows per patient, customer or session): the cluster ids
checked, and Obuchowski's clustered variance of an AUC (the bootstrap of whole clusters
is :class:`~sklearn_prcurves._resampling.ClusterResampler`).

Rows of one cluster are alike, so the row-level intervals and tests, which count every
row as an independent draw, are too narrow. The bootstrap here draws clusters with
replacement and keeps each cluster's rows together; the variance sums each cluster's
DeLong components before squaring them (Obuchowski, Biometrics 53(2), 1997).
"""

import numpy as np

__all__ = ["checked_groups", "clustered_variance"]


def checked_groups(groups, n_rows):
    """``groups`` (a cluster id per row) as cluster numbers 0..K-1; an error unless
    there is one per row and at least two clusters."""
    groups = np.asarray(groups)
    if groups.ndim != 1 or groups.shape[0] != n_rows:
        raise ValueError(f"groups must hold one cluster id per row: got shape "
                         f"{groups.shape} for {n_rows} rows.")
    if groups.dtype.kind == "f" and np.isnan(groups).any():
        raise ValueError("groups holds NaN: every row needs a cluster id.")
    _, codes = np.unique(groups, return_inverse=True)
    if codes.shape[0] and codes.max() < 1:
        raise ValueError("groups holds a single cluster: a clustered interval needs at "
                         "least two (the rows of one cluster say nothing about another).")
    return codes.reshape(-1)


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

"""Intervals of proportions counted in rows: Wilson's interval of one proportion, and
the score interval of the ratio of two independent ones, which gives precision at a
deployment's prevalence.

At a prevalence ``pi`` other than the data's, precision is
``pi TPR / (pi TPR + (1 - pi) FPR)`` (Davis and Goadrich's Theorem 3.1): a function of
the ratio ``FPR / TPR`` alone, the two rates counted over different rows (the negatives
and the positives), each binomial. An interval of that ratio maps to one of precision;
counting re-weighted negatives as rows (one negative as 403 at 1:1000) would not.
"""

import numpy as np

__all__ = ["clopper_pearson", "clustered_counts", "clustered_proportion_interval",
           "clustered_ratio_interval", "effective_size", "moment_counts",
           "precision_at_prevalence_interval", "precision_from_ratio", "ratio_interval",
           "wilson_interval"]


def _quantile(confidence_level):
    from scipy.special import ndtri

    return float(ndtri(0.5 + confidence_level / 2))


def wilson_interval(hits, total, confidence_level):
    """Wilson's score interval of ``hits / total`` (arrays or numbers; weights count as
    rows): ``(low, high)``, NaN where ``total`` is 0, all of [0, 1] where it is too
    small for its square to be formed (weights near 1e-300)."""
    hits, total = np.asarray(hits, dtype=np.float64), np.asarray(total, dtype=np.float64)
    z = _quantile(confidence_level)
    with np.errstate(all="ignore"):
        share, spread = hits / total, z * z / total
        tiny = ~np.isfinite(spread / total)
        centre = (share + spread / 2) / (1 + spread)
        half = z / (1 + spread) * np.sqrt(share * (1 - share) / total + spread / (4 * total))
    # At a share of 0 or 1 that end is the share itself (rounding leaves it a hair inside).
    low = np.where(hits <= 0, 0.0, np.maximum(centre - half, 0.0))
    high = np.where(hits >= total, 1.0, np.minimum(centre + half, 1.0))
    low, high = np.where(tiny, 0.0, low), np.where(tiny, 1.0, high)
    empty = ~(total > 0)
    return np.where(empty, np.nan, low), np.where(empty, np.nan, high)


def ratio_interval(x1, n1, x2, n2, confidence_level):
    """The score interval of ``p1 / p2`` from ``x1`` of ``n1`` and ``x2`` of ``n2``
    (independent binomials; arrays): the ratios ``theta`` whose score statistic
    ``(x1 / n1 - theta x2 / n2) / sd(theta)`` lies within the normal quantile, ``sd``
    taken at the proportions that fit ``p1 = theta p2`` best (Koopman 1984; Miettinen
    and Nurminen 1985). ``(low, high)``: 0 where ``x1`` is 0, infinite where ``x2`` is.
    """
    x1, n1, x2, n2 = np.broadcast_arrays(
        *(np.asarray(v, dtype=np.float64) for v in (x1, n1, x2, n2)))
    z = _quantile(confidence_level)
    total = n1 + n2
    # (the proportions that fit theta best do not change with the counts' scale:
    # found from the counts over their total, which stay in range at weights of 1e300)
    u1, m1, u2, m2 = x1 / total, n1 / total, x2 / total, n2 / total

    def statistic(theta):
        a, b, c = theta, -(theta * (m1 + u2) + u1 + m2), u1 + u2
        with np.errstate(all="ignore"):
            # The smaller root of a p^2 + b p + c, in the form that does not cancel
            # when 4 a c is small beside b^2 (b < 0).
            root = np.sqrt(np.maximum(b * b - 4 * a * c, 0.0))
            p2 = np.where(c > 0, 2 * c / (root - b), 0.0)
            p1 = theta * p2
            # (the spread times sqrt(total), from the shares m: no quotient of a count
            # of 1e300 that flush-to-zero would round away)
            spread = np.sqrt(p1 * (1 - p1) / m1 + theta * theta * p2 * (1 - p2) / m2)
            difference = (x1 / n1 - theta * x2 / n2) * np.sqrt(total)
            # (0 at the estimate itself, where both proportions may be 0 or 1 and the
            # spread 0 too: no evidence against it, whatever 0 / 0 would say)
            return np.where(difference == 0, 0.0, difference / spread)

    # The statistic falls as theta rises: bisect on log theta for each end, within
    # 1e-100 to 1e100; an end the statistic never reaches there is 0 or infinity.
    low_end, high_end = np.full(x1.shape, -230.0), np.full(x1.shape, 230.0)
    ends = []
    for target in (z, -z):
        low, high = low_end.copy(), high_end.copy()
        for _ in range(64):  # (log theta to within 2**-55 of the range)
            middle = (low + high) / 2
            above = statistic(np.exp(middle)) > target
            low, high = np.where(above, middle, low), np.where(above, high, middle)
        ends.append(np.exp((low + high) / 2))
    lower = np.where((x1 <= 0) | ~(statistic(np.exp(low_end)) > z), 0.0, ends[0])
    upper = np.where((x2 <= 0) | (statistic(np.exp(high_end)) > -z), np.inf, ends[1])
    return lower, upper


def precision_at_prevalence_interval(tp, fp, n_pos, n_neg, prevalence, confidence_level):
    """``(low, high)`` of precision at ``prevalence`` from the rows' counts (``tp`` of
    ``n_pos`` positives and ``fp`` of ``n_neg`` negatives predicted positive): the
    :func:`ratio_interval` of ``FPR / TPR`` mapped by :func:`precision_from_ratio`."""
    return precision_from_ratio(ratio_interval(fp, n_neg, tp, n_pos, confidence_level),
                                prevalence)


def precision_from_ratio(bounds, prevalence):
    """An interval ``(lower, upper)`` of ``FPR / TPR`` as one of precision at
    ``prevalence``, ``pi / (pi + (1 - pi) ratio)``, which falls as the ratio rises."""
    lower, upper = bounds
    odds = (1 - prevalence) / prevalence
    with np.errstate(all="ignore"):
        return 1 / (1 + odds * upper), 1 / (1 + odds * lower)


def clustered_counts(hits, totals, rows, tail):
    """The share ``sum(hits) / sum(totals)`` of clusters (each cluster's sums; ``rows``:
    the rows the totals count) as a binomial count ``(x, n)`` at Korn and Graubard's
    :func:`effective_size` for a bound at the one-sided ``tail``: ``n`` is 0 where one
    cluster holds the whole total (nothing is known), both NaN where the total is 0."""
    hits, totals = np.asarray(hits, dtype=np.float64), np.asarray(totals, dtype=np.float64)
    total = float(np.sum(totals))
    if not total > 0:
        return np.nan, np.nan
    share = float(np.sum(hits)) / total
    # (each cluster's sums over the total before squaring: weights of 1e300 stay in range)
    with np.errstate(under="ignore"):
        h, t = hits / total, totals / total
        squares = (float(np.dot(h, h)), float(np.dot(h, t)), float(np.dot(t, t)))
    size = float(effective_size(share, *squares, np.count_nonzero(totals), rows, tail))
    return share * size, size


def clustered_proportion_interval(hits, totals, rows, confidence_level):
    """Korn and Graubard's (1998) interval of ``sum(hits) / sum(totals)`` from ``K``
    clusters (``hits``, ``totals``: each cluster's sums; ``rows``: the rows the totals
    count): the Clopper-Pearson interval at :func:`effective_size`. Where the rows'
    clusters differ little it is conservative; where they differ much it keeps its
    level with few clusters, which the percentile bootstrap of clusters does not
    (``benchmarks/coverage_clusters.py --few``)."""
    x, effective = clustered_counts(hits, totals, rows, (1 - confidence_level) / 2)
    if effective != effective:  # (no total)
        return np.nan, np.nan
    # (one cluster holding all of the total, a size of 0: nothing is known, [0, 1])
    return tuple(float(v) for v in clopper_pearson(x, effective, confidence_level))


def moment_counts(moments, rate, tp, fp, n_pos, n_neg, tail):
    """A rate at each threshold of a table as a binomial count ``(x, n)`` at Korn and
    Graubard's :func:`effective_size` for a bound at the one-sided ``tail``, read from
    the sums over clusters ``moments`` (a
    :class:`~sklearn_prcurves._table._moments.ClusterMoments` at those thresholds);
    ``rate``: ``"precision"``, ``"tpr"``, ``"fpr"`` or ``"flag"`` (the share of all the
    weight predicted positive); ``tp``, ``fp``: the counts there.
    A size that cannot be formed (squares of shares of weights of 1e-300) is 0: no
    evidence, never a guess."""
    m = moments
    hits, total, sums, clusters = {
        "precision": (tp, tp + fp, (m.tt, m.tt + m.tf, m.tt + 2 * m.tf + m.ff),
                      m.flagged_clusters),
        "tpr": (tp, n_pos, (m.tt, m.tp_pos, m.pos_pos), m.pos_clusters),
        "fpr": (fp, n_neg, (m.ff, m.fp_neg, m.neg_neg), m.neg_clusters),
        "flag": (tp + fp, n_pos + n_neg, (m.tt + 2 * m.tf + m.ff,
                 m.tp_pos + m.tp_neg + m.fp_pos + m.fp_neg,
                 m.pos_pos + 2 * m.pos_neg + m.neg_neg), m.clusters),
    }[rate]
    with np.errstate(all="ignore"):
        # (the moments are shares of the whole weight; here, shares of this total)
        share, of = hits / total, np.square(np.float64(total) / m.scale)
        size = effective_size(share, *(v / of for v in sums), clusters, total, tail)
    return np.where(total > 0, share, 0.0) * size, size


def clopper_pearson(x, n, confidence_level):
    """The Clopper-Pearson interval of ``x`` of ``n`` (arrays; ``x`` need not be
    whole): ``(low, high)``, all of [0, 1] where ``n`` is 0, NaN where it is NaN."""
    from scipy.special import betaincinv

    x, n = np.broadcast_arrays(np.asarray(x, dtype=np.float64), np.asarray(n, np.float64))
    alpha = 1 - confidence_level
    with np.errstate(all="ignore"):
        low = np.where(x > 0, betaincinv(x, n - x + 1, alpha / 2), 0.0)
        high = np.where(x < n, betaincinv(x + 1, n - x, 1 - alpha / 2), 1.0)
    low, high = np.where(n > 0, low, 0.0), np.where(n > 0, high, 1.0)
    return np.where(n == n, low, np.nan), np.where(n == n, high, np.nan)


def clustered_ratio_interval(first, second, confidence_level):
    """:func:`ratio_interval` of two shares of clusters, each ``(hits, totals, rows)``
    as :func:`clustered_proportion_interval` takes them, at their effective sizes:
    ``(0, inf)`` where either size is 0. The two shares are read as independent; where
    a cluster holds both classes, its effect moves both rates the same way, which
    narrows their ratio's spread, so that reading errs wide."""
    tail = (1 - confidence_level) / 2
    (x1, n1), (x2, n2) = (clustered_counts(*counts, tail) for counts in (first, second))
    if not (n1 > 0 and n2 > 0):
        return (np.nan, np.nan) if n1 != n1 or n2 != n2 else (0.0, np.inf)
    low, high = ratio_interval(x1, n1, x2, n2, confidence_level)
    return float(low), float(high)


def effective_size(share, hits_hits, hits_totals, totals_totals, clusters, rows, tail):
    """Korn and Graubard's (1998) effective sample size of a share ``sum h_k / sum t_k``
    of clusters (arrays or numbers): ``share (1 - share)`` over the share's variance
    between the ``clusters`` clusters holding some of the total (read from the sums
    ``sum h_k^2``, ``sum h_k t_k``, ``sum t_k^2`` with ``h, t`` over the total), at most
    ``rows`` (a design effect below one is not credited); where the share is 0 or 1,
    or alike in every cluster, no spread can be read and the size is Kish's for
    clusters whose rows all agree, ``(sum t_k)^2 / sum t_k^2`` (the rows' own count
    would credit 20 tests of one patient as 20 patients). Then shrunk by
    ``(z / t)^2`` at the one-sided ``tail``, Student's t with ``clusters - 1`` degrees
    of freedom; 0 from fewer than two clusters, or where the sums could not be formed
    (squares of shares of 1e-300)."""
    from scipy.special import ndtri, stdtrit

    share, hh, ht, tt, clusters, rows = np.broadcast_arrays(*(
        np.asarray(v, dtype=np.float64)
        for v in (share, hits_hits, hits_totals, totals_totals, clusters, rows)))
    with np.errstate(all="ignore"):
        spread = hh - 2 * share * ht + share * share * tt
        variance = clusters / (clusters - 1) * spread
        inner = (share > 0) & (share < 1) & (variance > 0)
        size = np.minimum(np.where(inner, share * (1 - share) / variance, 1 / tt), rows)
        # (t's quantile once per distinct count of clusters: it costs 0.3 us a call)
        counts, at = np.unique(np.maximum(clusters - 1, 1), return_inverse=True)
        shrink = ((ndtri(1 - tail) / stdtrit(counts, 1 - tail)) ** 2)[at.reshape(share.shape)]
        size = size * shrink
    return np.where((clusters >= 2) & (tt > 0) & np.isfinite(size), size, 0.0)

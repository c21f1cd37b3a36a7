"""The report's paired comparisons of models on the same rows: DeLong's test of AUC-ROC
(clustered with ``--cluster``) and the delta-method or bootstrap test of AUC-PR, with
Holm's adjustment across the comparisons.

They read each row's place in every model's table from the pass's row sample, so the
input is read once.
"""

import math
import warnings

import numpy as np

from .._base._messages import option
from .._inference._bootstrap import FEW_RESAMPLES, holm_adjusted, paired_differences
from .._inference._clusters import (
    clustered_variance,
    few_clusters_message,
    logit_interval,
    paired_reading,
)
from .._inference._delong import delong_components, delong_variance
from .._measures._interpolation import continuous_area_derivatives
from ._ranged import path_blocks, piece_components, piece_lowest

# Below this a normal tail probability is not resolved by double precision (1 - cdf
# rounds to 1 before it): DeLong's p-values are reported as "p < 1e-16" there.
NORMAL_P_RESOLUTION = 1e-16


def _row_of(thresholds, scores):
    """Index into ``thresholds`` (decreasing: a table's distinct scores, or its bins'
    lowest scores) of the row holding each score."""
    ascending = thresholds[::-1]
    return ascending.shape[0] - np.searchsorted(ascending, scores, side="right")


class _Reread:
    """An iterable read anew each time (``function(*args)``): the pieces of a table
    held on disk, loaded one at a time on each pass instead of held."""

    def __init__(self, function, *args):
        self.function, self.args = function, args

    def __iter__(self):
        return iter(self.function(*self.args))


def _row_values(components, lows, is_pos, scores):
    """Each row's value in a table held in pieces: ``components`` gives per piece
    (highest scores first) its thresholds and a value per table row for positives and
    one for negatives, ``lows`` each piece's lowest score. Returns the values of the
    positive rows and of the negative."""
    # Binary searches of sorted keys walk the table once (a search for keys in
    # random order costs a cache miss per step): sort the rows, then place back.
    order = np.argsort(scores)
    ordered = scores[order]
    values = np.zeros(scores.shape[0])
    # Pieces hold decreasing, disjoint score ranges: each is a run of sorted rows.
    bounds = np.searchsorted(ordered, np.array(lows), side="left")
    stop = scores.shape[0]
    for (thresholds, of_pos, of_neg), start in zip(components, bounds):
        rows = order[start:stop]
        row = _row_of(thresholds, ordered[start:stop])
        values[rows] = np.where(is_pos[rows], of_pos[row], of_neg[row])
        stop = start
    return values[is_pos], values[~is_pos]


class PairedDeLong:
    """DeLong's paired test of each model against one reference model (same rows).

    The variance of a difference of AUCs needs each row's place in both models'
    tables: the sums ``sum w d10^2`` over positives and ``sum w d01^2`` over negatives
    (as :func:`sklearn_prcurves.delong_test`) are taken over the row sample, scaled to
    the whole input (exact when the sample holds every row).
    """

    def __init__(self, paths, aucs, reference, others):
        self.reference, self.others = reference, others
        self.parts = {}
        for model, path in paths.items():
            if len(path.tables) == 1:
                self.parts[model] = (path, None, None)  # (computed when read: _components)
            else:
                auc = aucs[model]
                self.parts[model] = (path, auc, _Reread(piece_components, path, auc))

    def _components(self, model):
        """``(path, auc, components)`` of ``model``; a table held whole has its
        components computed here, so that one model's are in memory at a time, not
        every model's."""
        path, auc, components = self.parts[model]
        if components is None:
            table = path.tables[0]
            auc, v10, v01, _, _ = delong_components(table)
            components = [(table.thresholds, v10 - auc, v01 - auc)]
        return path, auc, components

    def defined(self):
        """Whether the variance has the rows it needs (two of each class)."""
        ref_path = self.parts[self.reference][0]
        return ref_path.n_pos >= 2 and ref_path.n_neg >= 2

    def row_parts(self, model, sample):
        """``model``'s AUC, and its centred components at the sampled positives and
        at the sampled negatives."""
        path, auc, components = self._components(model)
        return (auc, *_row_values(components, piece_lowest(path), sample.is_pos,
                                  sample.column(model)))

    def variance(self, sample, d10, d01):
        """The variance of an AUC (or a difference of two) whose sampled rows'
        centred components are ``d10`` (positives) and ``d01`` (negatives): DeLong's,
        or with clusters Obuchowski's, scaled to the input."""
        ref_path = self.parts[self.reference][0]
        n_pos, n_neg = ref_path.n_pos, ref_path.n_neg
        groups = sample.groups()
        if groups is not None:
            centred = np.empty(sample.is_pos.shape[0])
            centred[sample.is_pos], centred[~sample.is_pos] = d10, d01
            return sample.scale * clustered_variance(centred, sample.is_pos, sample.weight,
                                                     n_pos, n_neg, groups)
        w_pos, w_neg = sample.class_weights()
        return sample.scale * delong_variance(float(np.dot(w_pos, d10 * d10)),
                                              float(np.dot(w_neg, d01 * d01)), n_pos, n_neg)

    def results(self, sample, confidence_level):
        ref_auc, ref10, ref01 = self.row_parts(self.reference, sample)
        n_clusters = sample.n_clusters()
        out = {}
        for model in self.others:
            auc, a10, a01 = self.row_parts(model, sample)
            variance = self.variance(sample, a10 - ref10, a01 - ref01)
            difference = auc - ref_auc
            if variance > 0:
                statistic, pvalue, low, high = paired_reading(
                    difference, math.sqrt(variance), confidence_level, n_clusters)
            else:
                statistic = 0.0 if difference == 0 else math.copysign(math.inf, difference)
                pvalue, low, high = float(statistic == 0), difference, difference
            out[model] = {
                "against": self.reference,
                "difference": float(difference),
                "statistic": float(statistic),
                "pvalue": float(pvalue),
                "low": float(low),
                "high": float(high),
            }
        return out


def clustered_delong(models, sample, spec, notes):
    """Each model's DeLong interval of AUC-ROC with Obuchowski's clustered variance,
    its components summed within each sampled cluster; and the note that says how
    many clusters the intervals and tests count."""
    groups = sample.groups()
    clusters = 0 if groups is None or not groups.shape[0] else int(groups.max()) + 1
    held = ("all of them" if sample.limit == np.inf else
            f"a sample of whole clusters, {sample.keys.shape[0]:,} of {sample.rows:,} rows")
    notes.append(
        f"Rows in clusters (column {spec.cluster!r}): "
        f"{'about ' if sample.limit < np.inf else ''}{round(clusters * sample.scale):,} "
        f"clusters ({held}). DeLong's intervals and the paired tests count clusters "
        "(Obuchowski's variance, a bootstrap of whole clusters), and the certified "
        "thresholds are certified for new clusters (certified_threshold's groups=, on "
        "the same clusters), and so are the threshold explorer's intervals (Korn and "
        "Graubard's); Boyd's intervals and the segments' intervals count rows as "
        "independent: not computed (pr_auc_ci(groups=) gives a bootstrap of whole "
        "clusters, approximate).")
    if few_clusters_message(clusters) and clusters >= 2:
        notes.append(few_clusters_message(clusters)[0].upper()
                     + few_clusters_message(clusters)[1:])
    if clusters < 2:
        notes.append("DeLong's clustered interval needs at least two clusters: not "
                     "computed.")
        return
    paths = {m: r["counted"] for m, r in models.items()}
    aucs = {m: r["values"]["auc_roc"] for m, r in models.items()}
    for model in models:
        paired = PairedDeLong(paths, aucs, model, [])
        if not paired.defined():
            continue
        auc, d10, d01 = paired.row_parts(model, sample)
        variance = paired.variance(sample, d10, d01)
        low, high = logit_interval(auc, variance, clusters, spec.confidence_level)
        models[model].setdefault("intervals", {})["auc_roc"] = (low, high, "DeLong, clustered")


#: The paired AUC-PR test's name in sentences, by ``--paired-test``.
TEST_NAMES = {"delta": "paired delta-method test", "bootstrap": "paired bootstrap"}


def paired_auc_pr(sample, models, paths, best, spec, notes):
    """``best`` (the AUC-PR winner, or the model a gate names) against each other
    model: a normal test of the difference in AUC-PR (Davis-Goadrich), paired on the
    same rows.

    The difference is the whole input's (the report's own AUC-PR values); its standard
    error comes from the row sample, by :func:`_delta_spreads` or by
    :func:`_bootstrap_spreads` (``spec.paired_test``). The interval is the normal one
    of that error around the difference (Student's t of the clusters, with clusters),
    so that it leaves out 0 exactly when the test is significant at the report's level.
    """
    if best is None:
        return {}
    if not (sample.is_pos.any() and (~sample.is_pos).any()):
        notes.append("The paired AUC-PR test needs both classes among its rows: not "
                     "computed.")
        return {}
    spreads = (_delta_spreads(sample, models, paths, best) if spec.paired_test == "delta"
               else _bootstrap_spreads(sample, best, spec, notes))
    level = spec.confidence_level
    out = {}
    for model, spread in spreads.items():
        if spread == math.inf:
            notes.append(f"The paired AUC-PR test of {model!r} against {best!r}: the "
                         "classes' total weights are too far apart for double precision "
                         "(a row's influence overflows); not computed.")
            continue
        if not spread > 0:
            notes.append(f"The paired AUC-PR test of {model!r} against {best!r}: the "
                         "difference has no spread on these rows (the same ranking, or "
                         "too few positives or distinct scores); not computed.")
            continue
        # (every paired difference of the report is the model's minus the one it is
        # compared against, DeLong's too: negative where the model is worse)
        difference = (models[model]["values"]["auc_pr"]
                      - models[best]["values"]["auc_pr"])
        # (the interval excludes 0 exactly when p < 1 - level)
        statistic, pvalue, low, high = paired_reading(difference, spread, level,
                                                      sample.n_clusters())
        out[model] = {
            "against": best, "measure": "auc_pr", "difference": float(difference),
            "statistic": statistic, "pvalue": pvalue, "low": low,
            "high": high, "rows": int(sample.keys.shape[0]),
            "of_rows": int(sample.rows), "resamples": spec.n_resamples,
        }
    return out


def _delta_spreads(sample, models, paths, best):
    """The delta method's standard error of each AUC-PR difference against ``best``.

    A row's influence on an area is the area's derivative with respect to the row's
    weight, read from the whole input's table
    (:func:`~sklearn_prcurves._measures._interpolation.continuous_area_derivatives`; the
    continuous area is the Davis-Goadrich area's smooth form). The influences of the
    difference, centred and squared within each class, sum to the variance of the
    stratified bootstrap to first order (the infinitesimal jackknife); the sum is taken
    over the row sample and scaled to the input.
    """
    def influence(model):
        path = paths[model]
        if hasattr(path.tables, "totals"):  # (on disk: read piece by piece, twice)
            pieces = _Reread(lambda: ((tp, fp) for tp, fp, _ in path))
            thresholds = (thresholds for _, _, thresholds in path)
            lows = piece_lowest(path)
        else:  # (in memory: in blocks of rows, so that the temporaries stay small)
            blocks = list(path_blocks(path))
            pieces = [(tp, fp) for tp, fp, _ in blocks]
            thresholds = [thresholds for _, _, thresholds in blocks]
            lows = [t[-1] for t in thresholds]
        derivatives = continuous_area_derivatives(  # (times P: see the weights below)
            pieces, 1.0, models[model]["values"]["auc_pr_continuous"])
        components = ((t, d_pos, d_neg) for t, (d_pos, d_neg) in zip(thresholds, derivatives))
        return _row_values(components, lows, sample.is_pos, sample.column(model))

    # The derivatives times P and the weights over P: the same influences, finite where
    # 1 / P is not (subnormal weights). Where a weight over P overflows, so does the
    # spread: infinite, and the test is not computed.
    with np.errstate(over="ignore", invalid="ignore"):
        w_pos, w_neg = (w / paths[best].n_pos for w in sample.class_weights())
    best_pos, best_neg = influence(best)
    out = {}
    for model in sample.models:
        if model == best:
            continue
        of_pos, of_neg = influence(model)
        with np.errstate(over="ignore", invalid="ignore"):
            centred = [g - g.mean() if g.shape[0] else g for g in (
                w_pos * (best_pos - of_pos), w_neg * (best_neg - of_neg))]
            variance = sample.scale * _sum_of_squares(centred, sample)
        out[model] = math.sqrt(variance) if math.isfinite(variance) else math.inf
    return out


def _sum_of_squares(centred, sample):
    """The sum of squares of the sampled positives' and negatives' ``centred``
    influences; with clusters, of their sums within each cluster (Obuchowski's)."""
    groups = sample.groups()
    if groups is None:
        return sum(float(np.sum(g ** 2)) for g in centred)
    rows = np.empty(sample.is_pos.shape[0])
    rows[sample.is_pos], rows[~sample.is_pos] = centred
    return clustered_variance(rows, sample.is_pos, None, 1.0, 1.0, groups)


def _bootstrap_spreads(sample, best, spec, notes):
    """The standard deviation of each AUC-PR difference against ``best`` over
    ``spec.n_resamples`` paired stratified resamples of the row sample; when the sample
    holds ``m`` of the input's ``n`` rows, scaled by ``sqrt(m / n)`` (an area's
    standard error falls as one over the square root of the rows)."""
    if spec.n_resamples < FEW_RESAMPLES:
        notes.append(f"{option('n_resamples', spec.n_resamples)} is too few for a reliable paired "
                     f"test: use at least {FEW_RESAMPLES} (2000 is usual).")
    out = {}
    for model in sample.models:
        if model == best:
            continue
        with warnings.catch_warnings(record=True) as caught:
            # (the library's warnings become the report's notes; "too few resamples"
            # is said once, above, of the option)
            warnings.simplefilter("always")
            warnings.filterwarnings("ignore", message="n_resamples=", category=UserWarning)
            _, _, differences = paired_differences(
                "pr_auc", sample.is_pos, sample.column(best), sample.column(model),
                n_resamples=spec.n_resamples, random_state=spec.seed,
                sample_weight=sample.weight, groups=sample.groups())
        notes.extend(f"The paired AUC-PR test of {model!r} against {best!r}: {w.message}"
                     for w in caught)
        spread = float(differences.std(ddof=1)) / math.sqrt(sample.scale)
        clusters = sample.n_clusters()  # (resamples of K clusters: (K - 1) / K of the variance)
        out[model] = spread if clusters is None else spread * math.sqrt(clusters / (clusters - 1))
    return out


def adjust_and_describe(comparison, sample, spec):
    """Holm-adjusted p-values (``pvalue_holm``) for each family of paired tests (each
    model against one winner), and the tests' settings for the output."""
    described = {}
    for family in ("paired_auc_pr", "delong", "against_reference"):
        tests = comparison.get(family) or {}
        for test, adjusted in zip(tests.values(),
                                  holm_adjusted([t["pvalue"] for t in tests.values()])):
            test["pvalue_holm"] = adjusted
        if not tests or family == "against_reference":  # (the gate's: run as the first)
            continue
        described[family] = {"comparisons": len(tests), "correction": "holm",
                             "alpha": significance_level(spec),
                             "rows": int(sample.keys.shape[0]), "of_rows": int(sample.rows),
                             "seed": spec.seed, "clusters": sample.n_clusters()}
    if "paired_auc_pr" in described:
        bootstrap = spec.paired_test == "bootstrap"
        described["paired_auc_pr"].update(
            method=("paired stratified bootstrap; z = difference / resampled spread"
                    if bootstrap else "paired delta method; z = difference / standard "
                    "error from each row's influence on both areas"),
            paired_test=spec.paired_test, n_resamples=spec.n_resamples,
            spread_scale=1 / math.sqrt(sample.scale) if bootstrap else None,
            resolution=1 / (spec.n_resamples + 1) if bootstrap else NORMAL_P_RESOLUTION)
    if "delong" in described:
        described["delong"].update(method="DeLong's paired test of AUC-ROC",
                                   resolution=NORMAL_P_RESOLUTION)
    return described


def significance_level(spec):
    """The tests' level, ``1 - confidence_level`` without the float subtraction's
    residue (0.05, not 0.050000000000000044)."""
    return float(f"{1 - spec.confidence_level:.15g}")

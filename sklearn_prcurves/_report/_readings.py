"""Every measure the report reads from one model's table: the areas, the operating
points, the per-level rows, the certified thresholds and their intervals.

Each is the same function the library's own metrics call, so the report's numbers are
the library's.
"""

import math

import numpy as np

from .._base._undefined import undefined_ignored
from .._inference._band import band_requirements, certified_review_band, certify_band
from .._inference._certified import certified_threshold, certify
from .._inference._delong import delong_interval, normal_interval
from .._inference._pr_intervals import boyd_interval
from .._measures._bounds import table_normalized_pr_auc
from .._measures._interpolation import path_area
from .._measures._operating import (
    table_budget_row,
    table_fbeta_optimum,
    table_precision_at_recall,
    table_recall_at_precision,
)
from .._streams._distributed import RangesHere
from .._streams._summary import BinnedSummary
from .._table._entry import measure_table
from .._table._moments import cluster_moments
from .._table._prevalence import ScaledPieces, negatives_factor
from ._ranged import piece_delong

# (key, label). Areas first, then operating points; the per-level rows follow.
MEASURES = [
    ("auc_roc", "AUC-ROC"),
    ("hull_auc_roc", "hull AUC-ROC"),
    ("average_precision", "average precision"),
    ("auc_pr", "AUC-PR (Davis-Goadrich)"),
    ("auc_pr_continuous", "AUC-PR (continuous)"),
    ("achievable_auc_pr", "achievable AUC-PR"),
    ("normalized_auc_pr", "normalised AUC-PR (Boyd)"),
    ("max_f1", "max F1"),
    ("ks", "KS statistic"),
]


def _normalized(normalize, table, area):
    """Boyd's normalised AUC-PR, NaN (shown as n/a) where it is undefined, without the
    warning: the report says n/a itself."""
    with undefined_ignored():
        return normalize(table, area)


def level_measures(spec):
    """``(key, label)`` of the per-level rows asked for: each level's best value on
    these rows, then (with intervals) the value at the threshold certified to meet the
    level in the population at the report's confidence level; then the review band's
    rows (:func:`band_measures`)."""
    rows = []
    for objective, measure, relation, level in spec.levels():
        key = f"{objective}_at_{measure}_{_level(level)}"
        label = f"{objective} at {measure.replace('_', ' ')} {relation} {_level(level)}"
        rows.append((key, label))
        if spec.intervals:
            rows.append((f"certified_{key}",
                         f"{label}, certified {spec.confidence_level:.0%}"))
    return rows + band_measures(spec)


#: The review band's rows: its share reviewed on these rows and its two thresholds.
BAND_KEYS = ("review_band_review_rate", "review_band_lower", "review_band_upper")


def band_measures(spec):
    """``(key, label)`` of the certified review band's rows, where one was asked for."""
    if spec.review_band is None:
        return []
    bounds = spec.review_band
    described = f"precision >= {bounds[0]:g}, NPV >= {bounds[1]:g}" + (
        f", review <= {bounds[2]:g}" if len(bounds) == 3 else "")
    return list(zip(BAND_KEYS, (
        f"share reviewed, band certified {spec.confidence_level:.0%} ({described})",
        "  the band's lower threshold", "  the band's upper threshold")))


def _band_values(found):
    return dict(zip(BAND_KEYS, (found.review_rate, found.lower, found.upper)))


def _certified_band(path, spec):
    """The review band's rows from the data's table's pieces (held whole: the band
    pairs thresholds across them), at ``--prevalence`` where given."""
    if spec.review_band is None:
        return {}
    grid, tp, fp = (np.concatenate(parts) for parts in zip(
        *((t, tp[1:], fp[1:]) for tp, fp, t in path)))
    with undefined_ignored():
        found = certify_band(grid, tp, fp, path.n_pos, path.n_neg,
                             band_requirements(*spec.review_band),
                             spec.confidence_level, spec.prevalence)
    return _band_values(found)


def _certified_levels(path, spec):
    """The certified rows of :func:`level_measures`: the objective and threshold of
    :func:`~sklearn_prcurves.certified_threshold` for each level (at ``--prevalence``,
    its ``prevalence=``), read from the data's table's pieces in order (NaN at levels 0
    and 1, which no finite sample certifies)."""
    values = {}
    for objective, measure, _, level in spec.levels():
        key = f"certified_{objective}_at_{measure}_{_level(level)}"
        values[key] = values[key + "_threshold"] = math.nan
        if 0 < level < 1:
            with undefined_ignored():
                found = certify(((t, tp[1:], fp[1:]) for tp, fp, t in path),
                                path.n_pos, path.n_neg, measure, level,
                                spec.confidence_level, prevalence=spec.prevalence)
            values[key] = getattr(found, objective)
            values[key + "_threshold"] = found.threshold
    return values


def clustered_certified(models, sample, spec):
    """With ``--cluster``, the certified rows of each model from the sample of whole
    clusters (every row, where the sample holds them all): certified for new clusters
    (:func:`~sklearn_prcurves.certified_threshold`'s ``groups=``), at ``--prevalence``
    when given. A sample of clusters is a random draw of them, so the guarantee holds
    there too, from fewer clusters."""
    groups = sample.groups()
    if groups is None or not groups.shape[0] or int(groups.max()) < 1:
        return
    keywords = {measure: f"{'max' if relation == '<=' else 'min'}_{measure}"
                for _, measure, relation, _ in spec.levels()}
    for model, result in models.items():
        if "values" not in result:
            continue
        for objective, measure, _, level in spec.levels():
            key = f"certified_{objective}_at_{measure}_{_level(level)}"
            found = None
            if 0 < level < 1:
                with undefined_ignored():
                    found = certified_threshold(
                        sample.is_pos, sample.column(model), groups=groups,
                        sample_weight=sample.weight, prevalence=spec.prevalence,
                        confidence_level=spec.confidence_level,
                        **{keywords[measure]: level})
            result["values"][key] = math.nan if found is None else getattr(
                found, objective)
            result["values"][key + "_threshold"] = (math.nan if found is None
                                                    else found.threshold)
        if spec.review_band is not None:
            with undefined_ignored():
                found = certified_review_band(
                    sample.is_pos, sample.column(model), groups=groups,
                    sample_weight=sample.weight, prevalence=spec.prevalence,
                    confidence_level=spec.confidence_level,
                    **dict(zip(("min_precision", "min_npv"), spec.review_band)))
            result["values"].update(_band_values(found))


def clustered_rows(models, sample, spec):
    """With ``--cluster``, what the explorer reads its intervals for new clusters from:
    each model's table of the sample of whole clusters and the sums over clusters at
    each of its thresholds (:func:`~sklearn_prcurves._table._moments.cluster_moments`),
    as ``result["clusters"]`` (not written out)."""
    groups = sample.groups()
    if groups is None or not groups.shape[0] or int(groups.max()) < 1:
        return
    for result in models.values():
        if "values" in result:
            result["clusters"] = None
    for model, result in models.items():
        if "values" not in result or not (sample.is_pos.any() and (~sample.is_pos).any()):
            continue
        scores = sample.column(model)
        table = measure_table(sample.is_pos, scores, True, sample.weight)
        result["clusters"] = (table, cluster_moments(table.thresholds, sample.is_pos,
                                                     scores, sample.weight, groups))


def _level(value):
    return f"{value:g}"


def _intervals(path, values, spec, frequency_weights):
    """DeLong's interval of the AUC-ROC, Boyd's logit intervals of the AUC-PRs."""
    out = {}
    level = spec.confidence_level
    if spec.cluster:  # (DeLong's clustered from the sample of clusters: clustered_delong)
        return out
    if frequency_weights and path.n_pos >= 2 and path.n_neg >= 2:
        if len(path.tables) == 1:
            _, low, high = delong_interval(path.tables[0], level)
        else:
            auc = values["auc_roc"]
            low, high = normal_interval(auc, math.sqrt(piece_delong(path, auc)), level)
            low, high = max(float(low), 0.0), min(float(high), 1.0)
        out["auc_roc"] = (low, high, "DeLong")
    for key in ("auc_pr", "auc_pr_continuous") if spec.prevalence is None else ():
        if values[key] == values[key]:  # not NaN
            low, high = boyd_interval(values[key], path.n_pos, "logit", level)
            out[key] = (low, high, "logit")
    return out


def _binned_bounds(summary, spec, values):
    best, worst = summary.corner_tables()
    high, low = (path_measures(_at_prevalence(RangesHere([table]), spec.prevalence), spec)[0]
                 for table in (best, worst))
    bounds = {}
    for key in values:
        # (a certified value is exact at the bins' edges, the thresholds it certifies)
        if key.endswith("_threshold") or key.startswith("certified_"):
            continue
        if key in ("auc_pr", "normalized_auc_pr") and not summary.integer_weights_:
            continue  # Davis-Goadrich steps in units of weight: monotone for whole units only
        lo, hi = low[key], high[key]
        if lo == lo and hi == hi:
            bounds[key] = (min(lo, values[key]), max(hi, values[key]))
    estimate, bound = summary.roc_auc()
    bounds["auc_roc"] = (max(estimate - bound, 0.0), min(estimate + bound, 1.0))
    if spec.prevalence is None:  # (the summary's bound is of the data's own)
        bounds["average_precision"] = summary.average_precision_interval()
    else:
        bounds.pop("average_precision", None)
    return bounds


def model_result(accumulator, spec, frequency_weights):
    """The result of one model (in one segment): ``(result, path)``, the counts,
    measures, intervals and bounds, and the table in pieces
    (:class:`~sklearn_prcurves._streams._distributed.RangesHere`) the figures are drawn from."""
    summary = accumulator.summary
    binned = isinstance(summary, BinnedSummary)
    pieces = [summary.table()] if binned else summary.pieces()
    result = {"rows": accumulator.rows}
    totals = (pieces.totals() if hasattr(pieces, "totals") else
              [(p.n_pos, p.n_neg) for p in pieces])  # (a sequence on disk: not loaded)
    n_pos = math.fsum(t[0] for t in totals)
    n_neg = math.fsum(t[1] for t in totals)
    if not pieces or n_pos <= 0 or n_neg <= 0:
        result.update(positives=n_pos, negatives=n_neg,
                      undefined="needs both positives and negatives")
        return result, None
    if binned:
        pieces = [summary.score_table()]
    path = RangesHere(pieces)
    deployed = _at_prevalence(path, spec.prevalence)
    result.update(positives=n_pos, negatives=n_neg, prevalence=n_pos / (n_pos + n_neg))
    values, hull = path_measures(deployed, spec)
    result["linear_auc_pr"] = math.fsum(  # (for the figure only)
        path_area(tp, fp, "linear", n_pos=n_pos) for tp, fp, _ in deployed)
    if spec.intervals and frequency_weights and not spec.cluster:
        # (at a deployment prevalence the tests read the data's rows, and precision's
        # test is that of the ratio of its rates: certified_threshold's prevalence=)
        values.update(_certified_levels(path, spec))
        values.update(_certified_band(path, spec))
    result["sklearn_auc_pr"] = _sklearn_auc_pr(result["linear_auc_pr"], deployed)
    result["values"] = values
    result["hull"] = hull  # for the figures; not written out
    result["counted"] = path  # (DeLong's: the data's counts); not written out
    if spec.intervals:
        result["intervals"] = _intervals(path, values, spec, frequency_weights)
    if binned:
        result["bounds"] = _binned_bounds(summary, spec, values)
        result["bins"] = int(summary.keys_.shape[0])
    return result, deployed


def _at_prevalence(path, prevalence):
    """``path`` read at the deployment's prevalence; itself for None."""
    if prevalence is None:
        return path
    return RangesHere(ScaledPieces(path.tables, negatives_factor(path.n_pos, path.n_neg,
                                                                 prevalence)))


def threshold_rows(path, steps):
    """A model's per-threshold table, read from its table's pieces in order (one in
    memory at a time) and thinned as :func:`~sklearn_prcurves.threshold_table`'s
    ``max_rows`` does (a row where recall or the false positive rate passes a multiple
    of ``1 / steps``, and the last row): ``{column: list}`` with threshold (as text:
    exact), tp, fp, precision, recall, fpr, f1 and the predicted-positive rate."""
    n_pos, n_neg = path.n_pos, path.n_neg
    kept = {"threshold": [], "tp": [], "fp": []}
    last, final = (-1.0, -1.0), None
    for tp, fp, thresholds in path:
        tp, fp = np.asarray(tp[1:], dtype=np.float64), np.asarray(fp[1:], dtype=np.float64)
        levels = np.floor(tp / n_pos * steps), np.floor(fp / n_neg * steps)
        keep = ((levels[0] != np.r_[last[0], levels[0][:-1]])
                | (levels[1] != np.r_[last[1], levels[1][:-1]]))
        last = (levels[0][-1], levels[1][-1])
        thresholds = np.asarray(thresholds)
        # (as text, exactly: a JSON table or a page keeps fewer digits of a number)
        kept["threshold"] += [repr(t) for t in thresholds[keep].tolist()]
        kept["tp"] += tp[keep].tolist()
        kept["fp"] += fp[keep].tolist()
        final = (repr(thresholds[-1].item()), float(tp[-1]), float(fp[-1]), bool(keep[-1]))
    if final is not None and not final[3]:
        for key, value in zip(("threshold", "tp", "fp"), final):
            kept[key].append(value)
    tp, fp = np.array(kept["tp"]), np.array(kept["fp"])
    return {**kept,
            "precision": (tp / (tp + fp)).tolist(), "recall": (tp / n_pos).tolist(),
            "fpr": (fp / n_neg).tolist(), "f1": (2 * tp / (n_pos + tp + fp)).tolist(),
            "predicted_positive_rate": ((tp + fp) / (n_pos + n_neg)).tolist()}


def _sklearn_auc_pr(linear, path):
    """scikit-learn's ``auc(recall, precision)`` on ``precision_recall_curve``'s points:
    the straight lines, with the curve's invented start at (recall 0, precision 1)
    joined to the first point by one more straight line."""
    tp, fp, _ = next(iter(path))  # (the first piece; its first entry is the origin)
    first_tp, first_fp = float(tp[1]), float(fp[1])
    recall, precision = first_tp / path.n_pos, first_tp / (first_tp + first_fp)
    return linear + recall * (1 - precision) / 2


def _precision(tp, fp):
    with np.errstate(invalid="ignore"):
        return tp / (tp + fp)


def path_measures(path, spec):
    """Every measure of one counting table held in pieces (one piece: the table in
    memory): ``({key: value}, hull)``, thresholds as ``key + "_threshold"`` and
    ``hull`` the ``(tp, fp)`` of the ROC hull's vertices.

    Each value is read by the library's reader of the pieces, the same float as the
    library's function of that name on one piece.
    """
    scores, (hull_tp, hull_fp, _) = path.scores_and_hull()
    hull = hull_tp, hull_fp
    values = {"auc_roc": scores["roc_auc"], "average_precision": scores["average_precision"],
              "auc_pr": scores["pr_auc"], "auc_pr_continuous": scores["pr_auc_continuous"],
              "hull_auc_roc": scores["roc_convex_hull_auc"],
              "achievable_auc_pr": scores["achievable_pr_auc"]}
    n_pos = path.n_pos
    values["normalized_auc_pr"] = _normalized(table_normalized_pr_auc, path, values["auc_pr"])
    # The best thresholds: the rows that can be the answer, decided by the library's
    # exact rules on them (ties to the highest threshold, levels met exactly).
    values["ks"], values["ks_threshold"] = path.ks_statistic()

    def f1_of(tp, fp):  # (table_fbeta_optimum's form, beta = 1)
        with np.errstate(invalid="ignore"):
            return tp / (tp + 0.5 * (n_pos - tp) + 0.5 * fp)

    threshold, f1 = table_fbeta_optimum(path.candidates(f1_of), 1.0)
    values["max_f1"], values["max_f1_threshold"] = f1, threshold
    with undefined_ignored():
        for level in spec.at_recall:
            key = f"precision_at_recall_{_level(level)}"
            values[key], values[key + "_threshold"] = table_precision_at_recall(
                path.candidates(_precision, (lambda tp, fp: tp / n_pos, level)),
                level)
        for level in spec.at_precision:
            key = f"recall_at_precision_{_level(level)}"
            values[key], values[key + "_threshold"] = table_recall_at_precision(
                path.candidates(lambda tp, fp: tp / n_pos, (_precision, level)),
                level)
        for level in spec.at_flag_rate:
            key = f"recall_at_flag_rate_{_level(level)}"
            table, row = table_budget_row(path.candidates(
                lambda tp, fp: tp / n_pos,
                (lambda tp, fp: -(tp + fp) / (n_pos + path.n_neg), -level)), level)
            values[key], values[key + "_threshold"] = (
                (math.nan, math.nan) if row is None else
                (table.tps[row] / table.tps[-1], table.thresholds[row]))
    return {key: float(value) for key, value in values.items()}, hull

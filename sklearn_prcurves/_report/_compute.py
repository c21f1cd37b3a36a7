"""The report's numbers: one counting table per model (and segment), every measure
from it.

The input is read batch by batch; each batch updates an :class:`ExactSummary` (or a
:class:`BinnedSummary`) per model, so memory grows with the number of distinct scores,
never with rows. Every measure below is a function of that one table and is the same
function the library's own metrics call, so the report's numbers are the library's.
The paired tests need rows with every model's score (each row's place in both models'
tables): the pass keeps a uniform random sample of at most :data:`PAIRED_TEST_ROWS` of
them. Only the refinement of bins to a tolerance reads the input a second time.
"""

import copy
import math
import sys
import warnings

import numpy as np

from .._measures._bounds import table_normalized_pr_auc
from .._inference._certified import certify
from .._base._ids import missing_id_message
from .._inference._clusters import (
    clustered_variance, few_clusters_message, logit_interval, paired_reading,
)
from .._table._counts import count_rows
from .._measures._decision import pieces_net_benefit
from .._streams._distributed import RangesHere
from .._measures._interpolation import continuous_area_derivatives, path_area
from .._measures._operating import (
    table_fbeta_optimum, table_precision_at_recall, table_recall_at_precision,
)
from .._table._prevalence import ScaledPieces, negatives_factor
from .._streams._summary import BinnedSummary, merge_optional
from .._inference._bootstrap import FEW_RESAMPLES, holm_adjusted, paired_differences
from .._inference._delong import delong_components, delong_interval, normal_interval
from .._inference._pr_intervals import boyd_interval
from .._base._undefined import undefined_ignored
from ._options import PAIRED_TEST_SEED
from .._base._messages import InputError, option
from ._ranged import (
    Budget, RangeStream, path_blocks, piece_components, piece_delong, piece_lowest,
)
from .._inference._delong import delong_variance

__all__ = ["compute_report", "MEASURES"]

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
# The areas a winner is named by (the paper's section 5 is about these disagreeing).
WINNER_MEASURES = ("auc_roc", "average_precision", "auc_pr", "auc_pr_continuous",
                   "achievable_auc_pr")  # the normalised AUC-PR orders models as AUC-PR
# The paired tests' rows: all of them, or a uniform sample of this many.
PAIRED_TEST_ROWS = 200_000
# Below this a normal tail probability is not resolved by double precision (1 - cdf
# rounds to 1 before it): DeLong's p-values are reported as "p < 1e-16" there.
NORMAL_P_RESOLUTION = 1e-16


# --- accumulation --------------------------------------------------------------------


# Rows an exact table of the whole input gathers before counting them at once: fewer,
# larger counts instead of a merge of tables per batch (the input's batches are small).
COUNT_ROWS_AT_ONCE = 1 << 22


class _Accumulator:
    """The table of one model (in one segment), exact or binned, and its row count.
    ``gather``: exact rows are counted :data:`COUNT_ROWS_AT_ONCE` at a time (call
    :meth:`flush` after the last batch)."""

    def __init__(self, spec, gather=False, budget=None):
        self.summary = (BinnedSummary(spec.mantissa_bits) if spec.binned else
                        RangeStream(budget=budget))
        self.rows = 0
        self._pending = [] if gather and not spec.binned else None
        self._pending_rows = 0

    def add(self, is_pos, scores, weight):
        self.rows += is_pos.shape[0]
        if weight is not None:
            kept = weight > 0  # zero-weight rows are removed, as everywhere
            if not kept.all():
                is_pos, scores, weight = is_pos[kept], scores[kept], weight[kept]
        if is_pos.shape[0] == 0:
            return
        if isinstance(self.summary, BinnedSummary):
            self.summary.add_counts(is_pos, scores, weight)
        elif self._pending is None:
            self.summary.add_table(count_rows(is_pos, scores, weight))
        else:
            self._pending.append((is_pos, scores, weight))
            self._pending_rows += is_pos.shape[0]
            if self._pending_rows >= COUNT_ROWS_AT_ONCE:
                self.flush()

    def flush(self):
        if not self._pending:
            return
        pending, self._pending, self._pending_rows = self._pending, [], 0
        if len({scores.dtype for _, scores, _ in pending}) > 1:
            # (batches of different score types are counted apart: concatenating
            # would convert some, and lose integers' exactness past 2**53)
            for batch in pending:
                self.summary.add_table(count_rows(*batch))
            return
        is_pos, scores, weight = (None if column[0] is None else np.concatenate(column)
                                  for column in zip(*pending))
        del pending  # (the batches' scores go before the count's temporaries come)
        self.summary.add_table(count_rows(is_pos, scores, weight))


class _Segments:
    """Maps a segment column's values, batch by batch, to segment numbers."""

    def __init__(self, column, limit):
        self.column, self.limit = column, limit
        self.names = []
        self._index = {}

    def codes(self, array):
        import pyarrow as pa
        import pyarrow.compute as pc

        if pa.types.is_dictionary(array.type):
            array = array.dictionary_decode()
        if not pa.types.is_string(array.type) and not pa.types.is_large_string(array.type):
            array = pc.cast(array, pa.string())
        array = pc.fill_null(array, "(missing)")
        encoded = pc.dictionary_encode(array)
        values = encoded.dictionary.to_pylist()
        if len(self._index) + len(values) > self.limit:
            new = [v for v in values if v not in self._index]
            if len(self._index) + len(new) > self.limit:
                raise InputError(
                    f"column {self.column!r} has more than {self.limit} distinct values; "
                    f"{option('by')} makes one table per segment and model: pass a coarser "
                    f"column or raise {option('max_segments')}"
                )
        lookup = np.empty(len(values), dtype=np.int64)
        for i, value in enumerate(values):
            if value not in self._index:
                self._index[value] = len(self.names)
                self.names.append(value)
            lookup[i] = self._index[value]
        return lookup[encoded.indices.to_numpy(zero_copy_only=False)]


class _Progress:
    """A progress bar on stderr (tqdm) while reading, off when stderr is no terminal."""

    def __init__(self, enabled, total, description):
        self.bar = None
        if not enabled or not sys.stderr.isatty():
            return
        try:
            from tqdm.auto import tqdm
        except ImportError:
            return
        self.bar = tqdm(total=total, desc=description, unit="B", unit_scale=True,
                        file=sys.stderr, leave=False)
        self.done = 0

    def update(self, position, rows):
        if self.bar is None:
            return
        if position is None:
            self.bar.set_postfix_str(f"{rows:,} rows", refresh=False)
            self.bar.update(0)
        else:
            self.bar.update(position - self.done)
            self.done = position

    def close(self):
        if self.bar is not None:
            self.bar.close()


def _read(source, spec, converter, visit, description):
    """Run ``visit(is_pos, scores, weight, arrays)`` on every batch of the input."""
    progress = _Progress(spec.progress, source.n_bytes, description)
    try:
        text = [spec.label] + [c for c in (spec.by, spec.cluster) if c]
        numbers = {**dict.fromkeys(spec.scores, "score"),
                   **({spec.weight: "weight"} if spec.weight else {})}
        for first_row, position, arrays in source.batches(spec.columns, text, numbers):
            is_pos, scores, weight, arrays = converter.convert(first_row, arrays)
            if is_pos.shape[0]:
                visit(is_pos, scores, weight, arrays)
            progress.update(position, converter.rows)
    finally:
        progress.close()
    pyarrow = sys.modules.get("pyarrow")
    if pyarrow is not None:
        # Arrow's allocator keeps the pages of the batches read: give them back before
        # the tables are counted and read (a fifth of the report's peak at 2e6 rows).
        pyarrow.default_memory_pool().release_unused()


class RowSample:
    """A uniform random sample of at most ``size`` rows, each with its class, weight and
    every model's score: the rows of the paired tests.

    Each row draws a random key; the sample is the rows of the ``size`` smallest keys
    (a reservoir that merges across parts of the input). Keys come from a generator
    seeded by ``seed`` and the part's row count, so a report is reproducible.
    """

    def __init__(self, models, size=None, seed=PAIRED_TEST_SEED, clustered=False):
        self.models, self.rows, self.seed = list(models), 0, seed
        self.clustered = clustered  # (keys from cluster ids: whole clusters kept)
        self.size = PAIRED_TEST_ROWS if size is None else size
        self.keys = np.empty(0)
        self.is_pos = np.empty(0, dtype=bool)
        self.weight = None  # the rows' weights, if the input has a weight column
        self.scores = np.empty((0, len(self.models)))
        self.limit = np.inf  # once full: the largest key kept; larger keys cannot enter

    def add(self, is_pos, scores, weight, keys=None):
        """A batch's rows; ``keys``: their clusters' (:func:`cluster_keys`), else drawn."""
        n = is_pos.shape[0]
        if keys is None:
            keys = np.random.default_rng([self.seed, self.rows]).random(n)
        self.rows += n
        rows = np.flatnonzero(keys < self.limit) if self.limit < np.inf else np.arange(n)
        if rows.shape[0] > self.size:
            # Only a batch's smallest keys can be among the sample's: gather those alone.
            self.limit = _cut(keys[rows], self.size)
            rows = rows[keys[rows] < self.limit]
        self._keep(keys[rows], is_pos[rows], None if weight is None else weight[rows],
                   np.column_stack([np.asarray(scores[m], dtype=np.float64)[rows]
                                    for m in self.models]))

    def column(self, model):
        """The sampled rows' scores of ``model``."""
        return self.scores[:, self.models.index(model)]

    def class_weights(self):
        """The weights of the sampled positive rows and of the negative ones."""
        weight = np.ones(self.is_pos.shape[0]) if self.weight is None else self.weight
        return weight[self.is_pos], weight[~self.is_pos]

    def at_prevalence(self, prevalence, counted):
        """The sample with its negatives weighted as the input's are at ``prevalence``
        (``counted``: the input's totals, a model's table); itself for None."""
        if prevalence is None:
            return self
        factor = negatives_factor(counted.n_pos, counted.n_neg, prevalence)
        scaled = copy.copy(self)
        weight = np.ones(self.is_pos.shape[0]) if self.weight is None else self.weight
        scaled.weight = np.where(self.is_pos, weight, weight * factor)
        return scaled

    @property
    def scale(self):
        """Input rows per sampled row: a sum over the sample times this estimates the
        sum over the input (exactly it, when the sample holds every row). Clusters are
        kept with the chance ``limit`` (their keys are uniform)."""
        if self.clustered:
            return 1.0 / self.limit if self.limit < np.inf else 1.0
        return self.rows / self.keys.shape[0] if self.keys.shape[0] else 1.0

    def too_few_clusters(self):
        """Whether the sample has clusters and fewer than two of them."""
        return self.clustered and np.unique(self.keys).shape[0] < 2

    def groups(self):
        """Each sampled row's cluster number (None without clusters)."""
        if not self.clustered:
            return None
        return np.unique(self.keys, return_inverse=True)[1].reshape(-1)

    def n_clusters(self):
        """The sample's clusters (None without clusters): the degrees of freedom of
        its clustered intervals and tests are one fewer."""
        return np.unique(self.keys).shape[0] if self.clustered else None

    def merge(self, other):
        self.rows += other.rows
        self._keep(other.keys, other.is_pos, other.weight, other.scores)
        return self

    def _keep(self, keys, is_pos, weight, scores):
        keys = np.concatenate([self.keys, keys])
        is_pos = np.concatenate([self.is_pos, is_pos])
        if weight is not None or self.weight is not None:
            weight = np.concatenate([
                np.ones(self.keys.shape[0]) if self.weight is None else self.weight,
                np.ones(keys.shape[0] - self.keys.shape[0]) if weight is None else weight])
        scores = np.concatenate([self.scores, scores])
        if keys.shape[0] > self.size:
            self.limit = _cut(keys, self.size)
            kept = keys < self.limit
            keys, is_pos, scores = keys[kept], is_pos[kept], scores[kept]
            weight = None if weight is None else weight[kept]
        self.keys, self.is_pos, self.weight, self.scores = keys, is_pos, weight, scores


def _cut(keys, size):
    """The smallest key left out when at most ``size`` rows are kept: the rows below it
    (``size`` of them with distinct keys; whole clusters, fewer, with clusters')."""
    return float(np.partition(keys, size)[size])


def cluster_keys(array, seed, column):
    """Each row's cluster as a number in [0, 1): a hash of its id (as text) and the
    seed, alike in every batch and part of the input, so that the paired tests' sample
    keeps each cluster whole or leaves it out."""
    import hashlib

    import pyarrow as pa
    import pyarrow.compute as pc

    if pa.types.is_dictionary(array.type):
        array = array.dictionary_decode()
    if not (pa.types.is_string(array.type) or pa.types.is_large_string(array.type)):
        array = pc.cast(array, pa.string())
    # (a CSV's empty field, or NaN as pandas and pyarrow write it, is no id)
    if array.null_count or pc.any(pc.is_in(array, pa.array(["", "nan", "NaN"]))).as_py():
        raise InputError(missing_id_message(option("groups"), f"column {column!r}"))
    encoded = pc.dictionary_encode(array)
    salt = seed.to_bytes(8, "little")
    hashes = np.array([int.from_bytes(hashlib.blake2b(
        value.encode(), digest_size=8, salt=salt).digest(), "little") >> 11
        for value in encoded.dictionary.to_pylist()], dtype=np.float64)
    return hashes[encoded.indices.to_numpy(zero_copy_only=False)] * 2.0**-53


def accumulate(source, spec, converter):
    """The pass over the input: ``({(segment or None, model): _Accumulator}, segment
    names, converter, RowSample or None)``."""
    budget = Budget()  # (the models' and segments' tables share one)
    tables = {(None, model): _Accumulator(spec, gather=True, budget=budget)
              for model in spec.scores}
    segments = _Segments(spec.by, spec.max_segments) if spec.by else None
    sample = (RowSample(spec.scores, seed=spec.seed, clustered=bool(spec.cluster))
              if (len(spec.scores) > 1 or spec.cluster) and spec.intervals else None)

    def visit(is_pos, scores, weight, arrays):
        for model in spec.scores:
            tables[(None, model)].add(is_pos, scores[model], weight)
        if sample is not None:
            sample.add(is_pos, scores, weight, spec.cluster and cluster_keys(
                arrays[spec.cluster], spec.seed, spec.cluster))
        if segments is None:
            return
        codes = segments.codes(arrays[spec.by])
        order = np.argsort(codes, kind="stable")
        sorted_codes = codes[order]
        starts = np.flatnonzero(np.r_[True, sorted_codes[1:] != sorted_codes[:-1]])
        ends = np.r_[starts[1:], sorted_codes.shape[0]]
        for start, end in zip(starts, ends):
            rows = order[start:end]
            segment = segments.names[sorted_codes[start]]
            part_pos = is_pos[rows]
            part_weight = None if weight is None else weight[rows]
            for model in spec.scores:
                key = (segment, model)
                if key not in tables:
                    tables[key] = _Accumulator(spec, budget=budget)
                tables[key].add(part_pos, scores[model][rows], part_weight)

    _read(source, spec, converter, visit, "reading")
    for accumulator in tables.values():
        accumulator.flush()
    return tables, ([] if segments is None else segments.names), converter, sample


def _merge_passes(results):
    """Combine the first passes over several parts of the input (an iterable, in the
    parts' order, merged as they come)."""
    results = iter(results)
    tables, names, converter, sample = next(results)
    tables, names = dict(tables), list(names)
    first = next(iter(tables.values()))
    for other_tables, other_names, other, other_sample in results:
        if sample is not None:
            sample = sample.merge(other_sample)
        for key, accumulator in other_tables.items():
            if key in tables:
                merged = _Accumulator.__new__(_Accumulator)
                mine = tables[key].summary
                merged.summary = (mine.absorb(accumulator.summary)
                                  if isinstance(mine, RangeStream) else
                                  mine.merge(accumulator.summary))
                merged.rows = tables[key].rows + accumulator.rows
                tables[key] = merged
            else:
                tables[key] = accumulator
                if isinstance(accumulator.summary, RangeStream):
                    # (the tables of every part share the first part's budget)
                    accumulator.summary.join(first.summary.budget)
        names += [n for n in other_names if n not in names]
        converter.absorb(other)
    converter.finish()
    return tables, names, converter, sample


class LocalRunner:
    """Runs each pass over the input in this process."""

    name = "local"

    def parts(self, source):
        return [source]

    def map(self, function, parts, *args):
        return [function(part, *args) for part in parts]

    def each(self, function, parts, *args):
        return (function(part, *args) for part in parts)


# --- measures of one table ------------------------------------------------------------


def _two_classes(table):
    return table is not None and len(table) > 0 and table.n_pos > 0 and table.n_neg > 0


def _normalized(normalize, table, area):
    """Boyd's normalised AUC-PR, NaN (shown as n/a) where it is undefined, without the
    warning: the report says n/a itself."""
    with undefined_ignored():
        return normalize(table, area)


def level_measures(spec):
    """``(key, label)`` of the per-level rows asked for: each level's best value on
    these rows, then (with intervals) the value at the threshold certified to meet the
    level in the population at the report's confidence level."""
    rows = []
    for levels, objective, measure in ((spec.at_recall, "precision", "recall"),
                                       (spec.at_precision, "recall", "precision")):
        for level in levels:
            key = f"{objective}_at_{measure}_{_level(level)}"
            rows.append((key, f"{objective} at {measure} >= {_level(level)}"))
            if spec.intervals:
                rows.append((f"certified_{key}", f"{objective} at {measure} >= "
                             f"{_level(level)}, certified {spec.confidence_level:.0%}"))
    return rows


def _certified_levels(path, spec):
    """The certified rows of :func:`level_measures`: the objective and threshold of
    :func:`~sklearn_prcurves.certified_threshold` for each level, read from the table's
    pieces in order (NaN at levels 0 and 1, which no finite sample certifies)."""
    values = {}
    for levels, objective, measure in ((spec.at_recall, "precision", "recall"),
                                       (spec.at_precision, "recall", "precision")):
        for level in levels:
            key = f"certified_{objective}_at_{measure}_{_level(level)}"
            values[key] = values[key + "_threshold"] = math.nan
            if 0 < level < 1:
                with undefined_ignored():
                    found = certify(((t, tp[1:], fp[1:]) for tp, fp, t in path),
                                    path.n_pos, path.n_neg, measure, level,
                                    spec.confidence_level)
                values[key] = getattr(found, objective)
                values[key + "_threshold"] = found.threshold
    return values


def _level(value):
    return f"{value:g}"


def _intervals(path, values, spec, frequency_weights):
    """DeLong's interval of the AUC-ROC, Boyd's logit intervals of the AUC-PRs."""
    out = {}
    level = spec.confidence_level
    if spec.cluster:  # (DeLong's clustered from the sample of clusters: _clustered_delong)
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
    if spec.intervals and frequency_weights and spec.prevalence is None and not spec.cluster:
        values.update(_certified_levels(path, spec))
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
    return {key: float(value) for key, value in values.items()}, hull


# --- the paired test ------------------------------------------------------------------


def _visit_all(source, spec, converter, visitor, description):
    """One more pass over a part of the input; returns the visitor's sums."""
    visitor.start()
    _read(source, spec, converter, visitor.visit, description)
    return visitor.sums


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


class _PairedDeLong:
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


def _clustered_delong(models, sample, spec, notes):
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
        "(Obuchowski's variance, a bootstrap of whole clusters); Boyd's intervals, "
        "certified thresholds and the segments' intervals count rows as independent: "
        "not computed.")
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
        paired = _PairedDeLong(paths, aucs, model, [])
        if not paired.defined():
            continue
        auc, d10, d01 = paired.row_parts(model, sample)
        variance = paired.variance(sample, d10, d01)
        low, high = logit_interval(auc, variance, clusters, spec.confidence_level)
        models[model].setdefault("intervals", {})["auc_roc"] = (low, high, "DeLong, clustered")


# --- the whole report -----------------------------------------------------------------


def compute_report(source, spec, converter, runner=None):
    """Read the input (once, or twice for the refinement of bins) and return
    ``{"models": ..., "segments": ..., "comparison": ..., "notes": [...]}``.

    ``runner`` (default: this process) runs each pass over the parts of the input; the
    Dask engine runs them on a cluster and merges the tables they return.
    """
    runner = runner or LocalRunner()
    parts = runner.parts(source)
    accumulators, segment_names, converter, sample = _merge_passes(
        runner.each(accumulate, parts, spec, converter))
    notes = []
    whole_weights = _whole_weights(accumulators, spec)
    if spec.intervals and not whole_weights:
        notes.append("DeLong's interval and test need whole-number (frequency) weights: "
                     "not computed for these weights.")
        if spec.at_recall or spec.at_precision:
            notes.append("Certified thresholds count rows: they need whole-number "
                         "(frequency) weights, and are not computed for these weights.")
    if spec.binned and spec.tolerance is not None:
        _refine(parts, runner, spec, converter, accumulators)
    if spec.prevalence is not None:
        notes.append(
            f"Read at a deployment prevalence of {spec.prevalence:.4g} "
            f"({option('prevalence', spec.prevalence)}): precision, the PR curves and areas, "
            "the operating points and the paired AUC-PR test are that population's (the "
            "negatives weighted to it); AUC-ROC and DeLong's intervals do not depend on it."
            + (" Boyd's AUC-PR intervals and certified thresholds count the data's rows: "
               "not computed." if spec.intervals else ""))

    models, tables, undefined = _model_results(accumulators, spec, whole_weights, notes)
    notes += undefined
    if sample is not None and spec.cluster and whole_weights:
        _clustered_delong(models, sample, spec, notes)
    if spec.decision_curve:
        _decision_curves(models, tables)
    comparison = (_comparison(models, tables, sample, spec, whole_weights, notes)
                  if len(spec.scores) > 1 else {})

    segments, segment_tables = {}, {}
    if spec.by:
        segments = _segment_results(accumulators, segment_names, spec, whole_weights,
                                    segment_tables)
    return {"models": models, "comparison": comparison, "segments": segments,
            "notes": notes, "tables": tables, "segment_tables": segment_tables,
            "undefined": undefined, "whole_weights": whole_weights}


def _model_results(accumulators, spec, whole_weights, notes):
    """Each model's result and table, and the notes on undefined measures (``notes``
    gains those on certified levels and inverted scores)."""
    models, tables, undefined = {}, {}, []
    labels = dict(MEASURES + level_measures(spec))
    for model in spec.scores:
        result, table = model_result(accumulators[(None, model)], spec, whole_weights)
        if table is None:
            raise InputError(f"scores {model!r}: {result['undefined']}")
        models[model], tables[model] = result, table
        values = result["values"]
        nan = [key for key in labels if values.get(key, 0.0) != values.get(key, 0.0)]
        missing = [labels[key] for key in nan if not key.startswith("certified_")]
        uncertified = [labels[key] for key in nan if key.startswith("certified_")]
        if uncertified:
            notes.append(f"{model}: no threshold can be certified for {_join(uncertified)}: "
                         "more rows, or a looser level, may pass.")
        if missing:
            # (a NaN is never silent: the page says n/a, and this note says why)
            undefined.append(f"{model}: {_join(missing)} undefined on these data (n/a): "
                             "one class carries (nearly) all the weight, or no threshold "
                             "meets the level asked for.")
        if values["auc_roc"] < 0.5:
            notes.append(
                f"{model}: AUC-ROC {values['auc_roc']:.4f} is below 0.5, worse "
                "than random: are its scores inverted (higher meaning negative)?"
            )
    return models, tables, undefined


def _decision_curves(models, tables):
    """Each model's net benefit at 0, 0.01, ..., 0.99 (``decision_curve``), read from
    its table (at the deployment's prevalence, where the report is)."""
    for model, path in tables.items():
        try:
            curve = pieces_net_benefit(path)
        except ValueError:
            top, bottom = path.tables[0].thresholds[0], path.tables[-1].thresholds[-1]
            raise InputError(
                f"{option('decision_curve', True)} reads the scores as probabilities of "
                f"the positive class; {model!r} has scores from {float(bottom)!r} to "
                f"{float(top)!r}: calibrate them first, or leave it out") from None
        models[model]["decision_curve"] = {key: getattr(curve, key).tolist() for key in (
            "thresholds", "net_benefit", "treat_all")}


def _comparison(models, tables, sample, spec, whole_weights, notes):
    """The comparison of two or more models: the winners, DeLong's paired test, the
    paired AUC-PR test (and the gate's, against the model it names), the verdict."""
    comparison = _compare(models)
    if sample is not None and sample.too_few_clusters():
        notes.append("The paired tests need at least two clusters: not computed.")
        sample = None
    if sample is not None and spec.intervals and whole_weights and not spec.binned:
        reference = comparison["best"]["auc_roc"]
        others = [m for m in spec.scores if m != reference]
        aucs = {m: models[m]["values"]["auc_roc"] for m in models}
        counted = {m: models[m]["counted"] for m in models}
        paired = _PairedDeLong(counted, aucs, reference, others)
        if paired.defined():
            comparison["delong"] = paired.results(sample, spec.confidence_level)
        else:
            notes.append("The paired DeLong test needs at least two positives and two "
                         "negatives: not computed.")
    elif spec.intervals and spec.binned:
        notes.append("The paired DeLong test is computed in exact mode only.")
    if sample is not None:
        sample = sample.at_prevalence(spec.prevalence,
                                      next(iter(models.values()))["counted"])
        best = comparison["best"].get("auc_pr")
        comparison["paired_auc_pr"] = _paired_auc_pr(sample, models, tables, best, spec,
                                                     notes)
        reference = spec.require_better_than
        if reference is not None:
            comparison["against_reference"] = (
                comparison["paired_auc_pr"] if reference == best else
                _paired_auc_pr(sample, models, tables, reference, spec, notes))
    tests = _adjust_and_describe(comparison, sample, spec)
    if tests:
        comparison["tests"] = tests
    if sample is not None:
        comparison["verdict"] = _verdict(comparison, spec)
    return comparison


def _whole_weights(accumulators, spec):
    if not spec.weight:
        return True
    summary = accumulators[(None, spec.scores[0])].summary
    if isinstance(summary, BinnedSummary):
        return summary.integer_weights_
    return all(bool(np.all(t.pos == np.round(t.pos)) and np.all(t.neg == np.round(t.neg)))
               for t in summary.pieces())


def _compare(models):
    best = {}
    for key in WINNER_MEASURES + ("hull_auc_roc", "normalized_auc_pr", "max_f1", "ks"):
        scored = {m: r["values"][key] for m, r in models.items()
                  if r["values"][key] == r["values"][key]}  # (not NaN)
        if scored:
            best[key] = max(scored, key=scored.get)
    winners = {best[key] for key in WINNER_MEASURES if key in best}
    labels = dict(MEASURES)
    if len(winners) > 1:
        by_model = {}
        for key in WINNER_MEASURES:
            by_model.setdefault(best[key], []).append(labels[key])
        parts = [f"{_join(keys)} select{'s' if len(keys) == 1 else ''} {model!r}"
                 for model, keys in by_model.items()]
        sentence = ("The measures disagree on the best model: " + "; ".join(parts) + ". "
                    "Davis and Goadrich (2006, section 5): a model chosen by AUC-ROC can be "
                    "the wrong one by AUC-PR; with rare positives, trust the PR measures.")
    else:
        sentence = f"Every area selects {winners.pop()!r}."
    return {"best": best, "sentence": sentence, **_straight_lines_order(models)}


def _straight_lines_order(models):
    """A sentence where scikit-learn's ``auc(recall, precision)`` orders the models
    otherwise than AUC-PR (Davis-Goadrich): the number users compute would mislead."""
    def order(key):
        return sorted(models, key=lambda m: -key(models[m]))

    by_pr = order(lambda r: r["values"]["auc_pr"])
    by_lines = order(lambda r: r["sklearn_auc_pr"])
    if by_pr == by_lines or any(r["values"]["auc_pr"] != r["values"]["auc_pr"]
                                for r in models.values()):
        return {}
    return {"straight_lines": (
        "scikit-learn's auc(recall, precision) orders the models "
        f"{' > '.join(map(repr, by_lines))}, where AUC-PR (Davis-Goadrich) orders them "
        f"{' > '.join(map(repr, by_pr))}: its straight lines overstate coarse or tied "
        "scores' areas most.")}


#: The paired AUC-PR test's name in sentences, by ``--paired-test``.
TEST_NAMES = {"delta": "paired delta-method test", "bootstrap": "paired bootstrap"}


def _paired_auc_pr(sample, models, paths, best, spec, notes):
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


def _adjust_and_describe(comparison, sample, spec):
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


def _verdict(comparison, spec):
    """The verdict sentence: the AUC-PR winner, and whether the paired test tells it
    apart from each other model at the report's level (None without a test). With two
    or more comparisons, Holm's adjusted p-values decide, and the sentence says so.

    No p-value is taken below what the test resolves (a bootstrap of ``B`` resamples:
    ``1/(B+1)``): where that bound keeps a comparison from the level, the sentence says
    the test is inconclusive, not that the models are alike."""
    tests = comparison.get("paired_auc_pr") or {}
    if not tests:
        return None
    alpha = significance_level(spec)
    best = next(iter(tests.values()))["against"]
    corrected = len(tests) > 1
    how = (f" after Holm's correction for {len(tests)} comparisons" if corrected else "")
    name = TEST_NAMES[spec.paired_test]
    resolution = comparison["tests"]["paired_auc_pr"]["resolution"]
    held = dict(zip(tests, holm_adjusted([max(t["pvalue"], resolution)
                                          for t in tests.values()])))
    computed = {m: t["pvalue_holm" if corrected else "pvalue"] for m, t in tests.items()}
    clear = [m for m in tests if held[m] < alpha]
    unresolved = [m for m in tests if computed[m] < alpha <= held[m]]
    unclear = [m for m in tests if computed[m] >= alpha]
    parts = []
    if unresolved:
        least = _least_resamples(alpha / len(tests))
        parts.append(
            f"By AUC-PR, {best!r} leads {_join([repr(m) for m in unresolved])}, but the "
            f"{name} of {spec.n_resamples} resamples cannot resolve p-values below "
            f"1/{spec.n_resamples + 1}{how}, which the level {alpha:g} needs: inconclusive (use "
            f"at least {least} resamples).")
    if clear:
        parts.append(f"By AUC-PR, {best!r} is better than {_join([repr(m) for m in clear])} "
                     f"({name}, p < {alpha:g}{how}).")
    if unclear:
        parts.append(
            f"By AUC-PR, {best!r} is not significantly better than "
            f"{_join([repr(m) for m in unclear])} ({name}, p >= {alpha:g}{how}): these "
            "data do not tell them apart.")
    return " ".join(parts + _delong_reading(comparison, alpha, best))


def _delong_reading(comparison, alpha, best_by_pr):
    """The verdict's AUC-ROC half: DeLong's paired test against the AUC-ROC winner,
    read beside the AUC-PR test, and why the report names its winner by AUC-PR when
    the two areas crown different models."""
    tests = comparison.get("delong") or {}
    if not tests:
        return []
    best = next(iter(tests.values()))["against"]
    how = f" after Holm's correction for {len(tests)} comparisons" if len(tests) > 1 else ""
    key = "pvalue_holm" if len(tests) > 1 else "pvalue"
    worse = [repr(m) for m, t in tests.items() if t[key] < alpha]
    apart = [repr(m) for m, t in tests.items() if t[key] >= alpha]
    found = []
    if worse:
        found.append(f"finds {_join(worse)} significantly worse (p < {alpha:g}{how})")
    if apart:
        found.append(f"does not tell {_join(apart)} apart from it (p >= {alpha:g}{how})")
    lead = (f"By AUC-ROC, {best!r} leads too" if best == best_by_pr else
            f"By AUC-ROC, {best!r} leads instead")
    parts = [f"{lead}: DeLong's paired test {' and '.join(found)}."]
    if best != best_by_pr:
        parts.append(f"The report names {best_by_pr!r} by AUC-PR: it weighs the top of the "
                     "ranking, where positives are found and a threshold is shipped, and with "
                     "rare positives a model chosen by AUC-ROC can be the wrong one (Davis "
                     "and Goadrich, 2006, section 5).")
    return parts


def _least_resamples(level):
    """The fewest resamples ``B`` whose resolution ``1/(B+1)`` lies below ``level``."""
    return math.floor(1 / level)


def _join(words):
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _segment_results(accumulators, names, spec, whole_weights, tables):
    """The ``--by`` results; each segment's paths go into ``tables[segment][model]``
    (for the figures)."""
    out = {"column": spec.by_name, "values": {}, "grouped_auc": {}}
    names = sorted(names)  # a stable order, whatever the order of the rows
    for segment in names:
        out["values"][segment] = {}
        for model in spec.scores:
            accumulator = accumulators.get((segment, model))
            if accumulator is None:
                continue
            result, path = model_result(accumulator, spec, whole_weights)
            out["values"][segment][model] = result
            if path is not None:
                tables.setdefault(segment, {})[model] = path
    # Grouped AUC: each segment's AUC-ROC weighted by its (weighted) rows, segments
    # holding one class skipped, as grouped_roc_auc_score(group_weight="samples").
    for model in spec.scores:
        aucs, sizes = [], []
        for segment in names:
            result = out["values"][segment].get(model)
            if result is not None and "values" in result:
                aucs.append(result["values"]["auc_roc"])
                sizes.append(result["positives"] + result["negatives"])
        out["grouped_auc"][model] = (float(np.average(aucs, weights=sizes))
                                     if aucs and sum(sizes) > 0 else float("nan"))
    return out


def _refine(parts, runner, spec, converter, accumulators):
    """Second pass: replace the bins that make each AUC-ROC bound exceed the
    tolerance by their exact counts."""
    wanted = {}
    for key, accumulator in accumulators.items():
        summary = accumulator.summary
        if _two_classes(summary.table()):
            keys = summary.bins_to_refine(spec.tolerance)
            if keys.shape[0]:
                wanted[key] = keys
    if not wanted:
        return
    visitor = _BinRefiner(spec, {key: accumulators[key].summary for key in wanted}, wanted)
    results = runner.map(_visit_all, parts, spec, converter.again(), visitor, "refining bins")
    for key, keys in wanted.items():
        table = None
        for part in results:
            table = merge_optional(table, part.get(key))
        accumulators[key].summary = accumulators[key].summary.refined(keys, table)


class _BinRefiner:
    """Exact counts of the rows falling in the bins to refine, per model and segment."""

    def __init__(self, spec, summaries, wanted):
        self.spec, self.summaries, self.wanted = spec, summaries, wanted

    def start(self):
        self.sums = {}
        self.segments = _Segments(self.spec.by, self.spec.max_segments) if self.spec.by else None

    def visit(self, is_pos, scores, weight, arrays):
        spec = self.spec
        if weight is not None:
            kept = weight > 0
            if not kept.all():
                is_pos, weight = is_pos[kept], weight[kept]
                scores = {m: s[kept] for m, s in scores.items()}
                arrays = {name: column.filter(_arrow_mask(kept)) for name, column in arrays.items()}
        groups = [(None, slice(None))]
        if self.segments is not None:
            codes = self.segments.codes(arrays[spec.by])
            groups += [(self.segments.names[c], codes == c) for c in np.unique(codes)]
        for segment, rows in groups:
            for model in spec.scores:
                key = (segment, model)
                if key not in self.wanted:
                    continue
                part = self.summaries[key].refine_rows(
                    is_pos[rows], scores[model][rows], None if weight is None else weight[rows],
                    self.wanted[key])
                self.sums[key] = merge_optional(self.sums.get(key), part)


def _arrow_mask(mask):
    import pyarrow as pa

    return pa.array(mask)

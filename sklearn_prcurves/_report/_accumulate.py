"""The report's passes over its input: one counting table per model (and segment).

The input is read batch by batch; each batch updates an :class:`ExactSummary` (or a
:class:`BinnedSummary`) per model, so memory grows with the number of distinct scores,
never with rows. The paired tests need rows with every model's score: the pass keeps a
uniform random sample of at most :data:`PAIRED_TEST_ROWS` of them (whole clusters,
with ``--cluster``). Only the refinement of bins to a tolerance reads the input again.
"""

import copy
import sys

import numpy as np

from .._base._ids import missing_id_message
from .._base._messages import InputError, option
from .._streams._summary import BinnedSummary, merge_optional
from .._table._counts import count_rows
from .._table._prevalence import negatives_factor
from ._options import PAIRED_TEST_SEED
from ._ranged import Budget, RangeStream

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


def read_pass(source, spec, converter, visit, description):
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
    hashes = _text_hashes(encoded.dictionary.cast(pa.large_string()), seed)
    return hashes[encoded.indices.to_numpy(zero_copy_only=False)]


_FNV_PRIME, _MASK = 0x100000001B3, (1 << 64) - 1
# Ids up to this many bytes are hashed a byte position at a time over all of them;
# the rare longer one finishes byte by byte.
_SHORT_ID = 64


def _text_hashes(strings, seed):
    """A number in [0, 1) for each string of a large-string array: FNV-1a of its UTF-8
    bytes from a basis mixed with ``seed``, then splitmix64's finaliser (a Python hash
    per id cost two thirds of the report's time at 2.5 million patients)."""
    _, offsets, data = strings.buffers()
    offsets = np.frombuffer(offsets, dtype=np.int64)[
        strings.offset:strings.offset + len(strings) + 1]
    data = np.frombuffer(data, dtype=np.uint8) if data is not None else np.zeros(0, np.uint8)
    starts, lengths = offsets[:-1], np.diff(offsets)
    basis = 0xCBF29CE484222325 ^ int(_finalised(np.array([seed], dtype=np.uint64))[0])
    hashes = np.full(starts.shape[0], basis, dtype=np.uint64)
    prime = np.uint64(_FNV_PRIME)
    for at in range(int(min(lengths.max(initial=0), _SHORT_ID))):
        inside = lengths > at
        byte = data[np.where(inside, starts + at, 0)] if data.shape[0] else 0
        hashes = np.where(inside, (hashes ^ byte) * prime, hashes)
    for row in np.flatnonzero(lengths > _SHORT_ID):
        value = int(hashes[row])
        for byte in data[starts[row] + _SHORT_ID:starts[row] + lengths[row]].tobytes():
            value = ((value ^ byte) * _FNV_PRIME) & _MASK
        hashes[row] = value
    return (_finalised(hashes) >> np.uint64(11)).astype(np.float64) * 2.0**-53


def _finalised(z):
    """splitmix64's finaliser of uint64s: every input bit moves every output bit."""
    z = z ^ (z >> np.uint64(30))
    z = z * np.uint64(0xBF58476D1CE4E5B9)
    z = z ^ (z >> np.uint64(27))
    z = z * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


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

    read_pass(source, spec, converter, visit, "reading")
    for accumulator in tables.values():
        accumulator.flush()
    return tables, ([] if segments is None else segments.names), converter, sample


def merge_passes(results):
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


def refine_bins(parts, runner, spec, converter, accumulators):
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
    results = runner.map(visit_all, parts, spec, converter.again(), visitor, "refining bins")
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


# The paired tests' rows: all of them, or a uniform sample of this many.
PAIRED_TEST_ROWS = 200_000


def visit_all(source, spec, converter, visitor, description):
    """One more pass over a part of the input; returns the visitor's sums."""
    visitor.start()
    read_pass(source, spec, converter, visitor.visit, description)
    return visitor.sums


def _two_classes(table):
    return table is not None and len(table) > 0 and table.n_pos > 0 and table.n_neg > 0

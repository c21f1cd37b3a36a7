"""The stratified bootstrap's engine: resamples as counts, areas from running sums.

A resample draws, with replacement, as many positives and as many negatives as
observed. It is held as counts: how often each positive and each negative was drawn
("positions" index the positive rows and the negative rows, in decreasing score). The
areas change only where positives are ranked, so a model's columns are the distinct
scores held by positives; the positives of a column are a range of positions, and so
are the negatives scoring above it or level with it. A running sum of a resample's
counts, read at those bounds, gives each column's segment of the resampled curve,
from (TP, FP) before the column to (TP, FP) after it: no sort and no table per
resample. One resample then costs its random draws, one ``bincount`` and one running
sum per class, and a few passes over the columns, about what drawing its rows alone
costs (the figures are in ``benchmarks/bench_uncertainty.py``).

Without sample weights every count is a whole number, which gives AUC-ROC exactly (pair
counts below 2**53) and Davis and Goadrich's area point by point.

These batched readings are the areas' own forms, kept for speed: each resample's value
equals the measure called on the resampled rows (:func:`~sklearn_prcurves._metrics.
_roc_auc.table_roc_auc` and the others) to 1e-12 relative, which the tests hold for
every area, weighted or not, tied or not (``tests/test_uncertainty.py``).
"""

from typing import NamedTuple

import numpy as np

from .._measures._hull import achievable_area
from .._measures._interpolation import segment_areas
from .._measures._pr import achievable_pr_auc_score, pr_auc_score
from .._metrics._auc import average_precision_score, roc_auc_score
from .._table._count_table import CountTable
from .._table._entry import require_two_classes
from .._table._sorting import count_table_with_groups
from ._clusters import checked_groups

# Resamples per chunk of work (one random stream each; the unit of n_jobs and progress).
CHUNK = 50

# Columns held per batch of resamples (a row per resample in a few arrays of that
# many numbers, and about as many points for Davis and Goadrich's area): small data
# is evaluated many resamples at a time, large data a few at a time, and memory stays
# bounded whatever the data's size. Smaller is faster up to a point: each area's
# temporaries are a few arrays of this many numbers, and glibc hands memory back to
# the system (to be paged in anew) once more than twice the largest block freed so
# far is free at the top of its heap; batches of one resample pay the per-batch work
# in Python.
_BATCH_ELEMENTS = 1 << 15


def draw_counts(bits, m, positions=None):
    """How often each of ``m`` positions is drawn in ``m`` draws with replacement.

    ``bits`` is a numpy bit generator. A draw is a 32-bit word of its raw output: half
    the random bits of a double, which makes drawing the largest cost of a resample
    only half as large. With ``q = floor(2**32 / m)``, the words below ``q * m`` map
    onto the positions ``word // q``, exactly ``q`` words each; the rare words above
    (fewer than ``m`` in ``2**32``) are drawn again, so every position's chance is
    exactly ``1 / m``.

    ``positions``: a reusable intp buffer of at least ``m`` elements for the drawn
    positions. ``np.bincount`` counts intp input in place but copies any other into
    a fresh array first, and at 9e4 draws that fresh memory, paged in anew on every
    resample once freed memory has gone back to the system, cost four times the
    counting itself.
    """
    if m < 2:
        return np.full(m, m, dtype=np.intp)
    if m > _WORD_POSITIONS:  # 32-bit words would be drawn again too often
        u = np.random.Generator(bits).random(m)
        u *= m  # below m: (1 - 2**-53) * m rounds below m for any m < 2**53
        return np.bincount(u.astype(np.intp), minlength=m)
    q = (1 << 32) // m
    top = q * m - 1  # the largest word kept
    words = bits.random_raw((m + 1) // 2).view(np.uint32)[:m]
    if positions is None:
        positions = np.empty(m, dtype=np.intp)
    positions = positions[:m]
    np.floor_divide(words, np.uint32(q), out=positions, casting="unsafe")
    counts = np.bincount(positions, minlength=m)
    if counts.shape[0] == m:  # no word above top (bincount found the largest position)
        return counts
    # The words above top are the ones past position m - 1: counted there, they are
    # found without a pass of their own. They are drawn again from the low halves of
    # fresh output, as many as are still missing at a time; the usual one or two (at
    # 9e4 positions) one by one, without arrays.
    redraw = sum(counts[m:].tolist())
    counts = counts[:m]
    while redraw > _FEW_REDRAWS:
        fresh = bits.random_raw(redraw).astype(np.uint32)
        kept = fresh[fresh <= top]
        np.add.at(counts, kept // np.uint32(q), 1)
        redraw -= kept.shape[0]
    while redraw:
        word = int(bits.random_raw(1)[0]) & 0xFFFFFFFF
        if word <= top:
            counts[word // q] += 1
            redraw -= 1
    return counts


# Words drawn again one at a time when no more than this many are missing.
_FEW_REDRAWS = 8

# Up to this many positions, drawn from 32-bit words (a word is redrawn with chance
# below one in two); beyond, from doubles' 53 bits.
_WORD_POSITIONS = 1 << 31


class Resampler:
    """Stratified resamples of one labelled set, shared by the models evaluated on it.

    The positions follow the first model's scores, decreasing (ties in row order):
    any fixed order draws resamples alike, this one is the same whether the metric
    is evaluated in batches or called, and it spares that model a reordering.
    """

    def __init__(self, is_pos, sample_weight, random_state, models=()):
        # A numpy bit generator draws faster than the legacy RandomState that
        # scikit-learn's random_state yields; seed one from it, reproducibly. SFC64
        # gives raw words fastest of numpy's generators, and passes the same batteries
        # of statistical tests.
        from sklearn.utils import check_random_state

        self.seed = int(check_random_state(random_state).randint(np.iinfo(np.int32).max))
        self.bits = np.random.SFC64(self.seed)
        self.pos_rows = np.flatnonzero(is_pos)
        self.neg_rows = np.flatnonzero(~is_pos)
        self.weight = sample_weight
        if models:
            rank = models[0].score_rank()
            self.pos_rows = self.pos_rows[np.argsort(rank[self.pos_rows], kind="stable")]
            self.neg_rows = self.neg_rows[np.argsort(rank[self.neg_rows], kind="stable")]
        for model in models:
            model.bind(self)

    def draws(self, count, bits=None):
        """``count`` resamples as ``(positive counts, negative counts)`` pairs."""
        bits = self.bits if bits is None else bits
        n_pos, n_neg = self.pos_rows.shape[0], self.neg_rows.shape[0]
        positions = np.empty(max(n_pos, n_neg), dtype=np.intp)
        for _ in range(count):
            yield draw_counts(bits, n_pos, positions), draw_counts(bits, n_neg, positions)

    def chunk(self, index, count):
        """The resamples of chunk ``index``: its own random stream, so that results do
        not depend on how chunks are spread over processes."""
        return self.draws(count, np.random.SFC64([self.seed, index]))


class ClusterResampler(Resampler):
    """Resamples of whole clusters (``clusters``: each row's cluster number, from
    :func:`checked_groups`): the clusters drawn with replacement as many times as
    there are, each row counted as often as its cluster is. Not stratified: a
    resample's classes follow its clusters, and one holding a single class gives a
    metric no value (left out)."""

    def __init__(self, is_pos, sample_weight, random_state, clusters, models=()):
        super().__init__(is_pos, sample_weight, random_state, models)
        self.n_clusters = int(clusters.max()) + 1
        self.pos_clusters, self.neg_clusters = clusters[self.pos_rows], clusters[self.neg_rows]

    def draws(self, count, bits=None):
        bits = self.bits if bits is None else bits
        positions = np.empty(self.n_clusters, dtype=np.intp)
        for _ in range(count):
            drawn = draw_counts(bits, self.n_clusters, positions)
            yield drawn[self.pos_clusters], drawn[self.neg_clusters]


def resampler_of(is_pos, sample_weight, random_state, models, groups=None):
    """A :class:`Resampler`, of clusters where ``groups`` gives each row's cluster."""
    if groups is None:
        return Resampler(is_pos, sample_weight, random_state, models)
    clusters = checked_groups(groups, is_pos.shape[0])
    return ClusterResampler(is_pos, sample_weight, random_state, clusters, models)


def chunk_values(models, resampler, index, count):
    """Each resample's metric (one model) or difference of metrics (two models)."""
    values = evaluate(models, resampler.chunk(index, count), count)
    return values[0] if len(models) == 1 else values[0] - values[1]


def evaluate(models, draws, count):
    """Each model's metric on ``count`` resamples, ``draws`` read once for all."""
    _keep_freed_arrays(models)
    sizes = [_BATCH_ELEMENTS // (model.columns + 1) for model in models
             if model.batch_metric is not None]
    per_batch = max(1, min([count, *sizes]))
    batches = [model.batch(per_batch) for model in models]
    values = np.empty((len(models), count))
    draws = iter(draws)
    for start in range(0, count, per_batch):
        size = min(per_batch, count - start)
        for _ in range(size):
            pos, neg = next(draws)
            for batch in batches:
                batch.add(pos, neg)
        for row, batch in zip(values, batches):
            row[start : start + size] = batch.values()
    return values


def _keep_freed_arrays(models):
    """Have the allocator keep freed arrays of a resample's size instead of handing
    them back to the system.

    glibc serves an allocation above its mmap threshold (128 KiB in a fresh process)
    with pages straight from the system and returns them when it is freed, so every
    resample's arrays (its draws' counts, its area's temporaries; 1e5 rows make them
    hundreds of KiB) would be paged in anew, which on a shared machine can double a
    resample's cost. Freeing one larger allocation raises that threshold to its size,
    as any process that has once freed a large array already has; an empty array
    touches no page. Without effect where the threshold was set by hand
    (``MALLOC_MMAP_THRESHOLD_``) and on other allocators.
    """
    rows = max([model.pos_rows.shape[0] + model.neg_rows.shape[0] for model in models])
    np.empty(min(4 * rows, _KEEP_FREED_MAX))  # freed at once


# Just below the largest size glibc raises its mmap threshold to (32 MiB on 64-bit),
# in float64s.
_KEEP_FREED_MAX = (1 << 22) - (1 << 10)


class Model:
    """One model's scores, grouped once, evaluated on resampled counts."""

    def __init__(self, metric, is_pos, scores, weight, kwargs):
        from sklearn import config_context

        self.metric, self.kwargs = metric, kwargs
        self.is_pos, self.scores, self.weight = is_pos, scores, weight
        # The metric itself on all rows, its parameters validated even inside this
        # package's own validated call: checks the keyword arguments once, whichever
        # way the resamples are then evaluated.
        with config_context(skip_parameter_validation=False):
            self.value = self._call(is_pos, scores, weight)
        # (Integers past 2**53 as objects: the metric decides how it reads them,
        # e.g. roc_auc_score as floats like scikit-learn's; resamples call it too.)
        self.batch_metric = None if scores.dtype == object else _BATCH_METRICS.get(metric)
        if self.batch_metric is not None and not set(kwargs) <= _BATCH_KEYWORDS[metric]:
            self.batch_metric = None  # e.g. max_fpr: evaluate the metric itself
        self._table_and_groups = None
        if self.batch_metric is not None:
            table, _ = self._groups()
            require_two_classes(table)
            # The columns: the distinct scores held by positives (the areas change
            # only where positives are ranked).
            self.columns = self._column_ranks().shape[0]

    def _call(self, y, scores, weight):
        if weight is None:  # metrics without a sample_weight parameter work too
            return self.metric(y, scores, **self.kwargs)
        return self.metric(y, scores, sample_weight=weight, **self.kwargs)

    def estimate(self):
        return self.value

    def score_rank(self):
        """Each row's distinct score's rank, 0 for the highest."""
        return self._groups()[1]

    def _groups(self):
        if self._table_and_groups is None:
            self._table_and_groups = count_table_with_groups(
                self.is_pos, self.scores, self.weight)
        return self._table_and_groups

    def _column_ranks(self):
        """Ranks of the distinct scores held by positive rows, from the rows: the
        table's positives per score are differences of running sums, in which a
        positive of 1e-300 after one of 1e300 vanishes, and its score with it."""
        _, rank = self._groups()
        return np.unique(rank[self.is_pos])

    def bind(self, resampler):
        """Read the resampler's positions, and for the batched areas where each column
        (a distinct score held by positives) starts and ends among them.

        Positions sorted by score rank: the positives of column ``j`` are positions
        ``pos_lo[j]:pos_hi[j]``, and ``neg_lo[j]`` negatives score above it,
        ``neg_hi[j]`` at least as high. A resample's running sums read there give each
        column's segment of the curve: from (TP, FP) before the column to after it.
        """
        self.pos_rows, self.neg_rows = resampler.pos_rows, resampler.neg_rows
        if self.batch_metric is None:
            return
        table, rank = self._groups()
        column_rank = self._column_ranks()
        self.orders, self.weights, self.bounds = [], [], []
        for rows in (self.pos_rows, self.neg_rows):
            ranks = rank[rows]
            order = None
            if ranks.shape[0] > 1 and np.any(ranks[1:] < ranks[:-1]):
                order = np.argsort(ranks, kind="stable")
                ranks = ranks[order]
            weight = None if self.weight is None else self.weight[rows]
            if weight is not None and order is not None:
                weight = weight[order]
            self.orders.append(order)
            self.weights.append(weight)
            lo = np.searchsorted(ranks, column_rank, side="left")
            hi = np.searchsorted(ranks, column_rank, side="right")
            if np.array_equal(hi, lo + 1) and lo.shape[0] == ranks.shape[0]:
                lo = hi = None  # a position per column: its running sums are the bounds
            elif np.array_equal(lo, hi):
                hi = lo  # no ties across the classes (continuous scores): one read
            self.bounds.append((lo, hi))

    def batch(self, size):
        """A batch of up to ``size`` resamples, to be added one by one."""
        return _Batch(self, size) if self.batch_metric is not None else _Calls(self)

    def on(self, pos_counts, neg_counts):
        """The metric called on the resampled rows themselves."""
        rows = np.concatenate([np.repeat(self.pos_rows, pos_counts),
                               np.repeat(self.neg_rows, neg_counts)])
        weight = None if self.weight is None else self.weight[rows]
        return self._call(self.is_pos[rows], self.scores[rows], weight)

    def resampled_table(self, pos_counts, neg_counts):
        """The full counting table of a resample (every distinct score)."""
        table, group = self._groups()
        k = table.thresholds.shape[0]
        tables = []
        for rows, counts in ((self.pos_rows, pos_counts), (self.neg_rows, neg_counts)):
            weight = counts if self.weight is None else counts * self.weight[rows]
            tables.append(np.bincount(group[rows], weights=weight, minlength=k))
        return CountTable.from_counts(table.thresholds, *tables)


class _Calls:
    """The metric called on each resample's rows (any metric)."""

    def __init__(self, model):
        self.model, self.results = model, []

    def add(self, pos_counts, neg_counts):
        self.results.append(self.model.on(pos_counts, neg_counts))

    def values(self):
        values, self.results = np.array(self.results, dtype=np.float64), []
        return values


class _Batch:
    """Resampled segments of one model's curve, a row per resample, their areas
    computed together."""

    def __init__(self, model, size):
        self.model, self.count = model, 0
        exact = model.weight is None  # integer running sums: exact, and fast
        self.dtype = np.int64 if exact else np.float64
        # Reused for every resample: fresh arrays of this size would be paged in anew.
        n = max(model.pos_rows.shape[0], model.neg_rows.shape[0])
        self.running = np.zeros(n + 1, dtype=self.dtype)
        self.scaled = None if exact else np.empty(n)
        self.totals = np.empty((size, 2))
        columns = model.columns
        # Per class, the running sums before and after each column: where every
        # position is a column, views of one array of all the running sums; where no
        # column holds both classes, one array read twice.
        self.ends = []
        for lo, hi in model.bounds:
            if lo is None:
                running = np.zeros((size, columns + 1), dtype=self.dtype)
                self.ends.append((running, None))
            else:
                before = np.empty((size, columns), dtype=self.dtype)
                after = before if hi is lo else np.empty_like(before)
                self.ends.append((before, after))

    def _running(self, counts, which, out):
        """One class's running (weighted) count over the positions, 0 first."""
        model = self.model
        order, weight = model.orders[which], model.weights[which]
        if order is not None:
            counts = counts[order]
        if weight is not None:
            counts = np.multiply(counts, weight, out=self.scaled[: counts.shape[0]])
        counts.cumsum(out=out[1:])  # the method: NumPy's function wraps it in Python
        return out

    def add(self, pos_counts, neg_counts):
        k = self.count
        for which, counts in enumerate((pos_counts, neg_counts)):
            (before, after), (lo, hi) = self.ends[which], self.model.bounds[which]
            if lo is None:
                running = self._running(counts, which, before[k])
            else:
                running = self._running(counts, which, self.running[: counts.shape[0] + 1])
                running.take(lo, out=before[k])
                if after is not before:
                    running.take(hi, out=after[k])
            self.totals[k, which] = running[-1]
        self.count = k + 1

    def values(self):
        k, self.count = self.count, 0
        metric = self.model.batch_metric
        # Whole counts stay integers for the areas that read them as such; the others
        # take floats, converted here once (mixed arithmetic runs at half speed).
        floats = self.dtype is not np.int64 or metric not in _INTEGER_ROWS
        ends = []
        for before, after in self.ends:
            read = before[:k].astype(np.float64, copy=False) if floats else before[:k]
            if after is None:  # a running sum per position: before and after it
                ends.append((read[:, :-1], read[:, 1:]))
            elif after is before:
                ends.append((read, read))
            else:
                later = after[:k].astype(np.float64, copy=False) if floats else after[:k]
                ends.append((read, later))
        (tp_a, tp_b), (fp_a, fp_b) = ends
        segments = _Segments(tp_a, fp_a, tp_b, fp_b, *self.totals[:k].T)
        return metric(segments, self.dtype is np.int64, **self.model.kwargs)


# --- areas of a batch of resampled curves --------------------------------------------


class _Segments(NamedTuple):
    """Resampled curves, a row each, given by their columns' segments: the (weighted)
    counts before (a) and after (b) each column (int64 for whole counts read by an
    area in ``_INTEGER_ROWS``, else floats) and each resample's totals (floats).
    ``fp_a`` and ``fp_b`` may be one array; all are read-only."""

    tp_a: np.ndarray
    fp_a: np.ndarray
    tp_b: np.ndarray
    fp_b: np.ndarray
    n_pos: np.ndarray
    n_neg: np.ndarray

    def undefined(self, values):
        """NaN where a resample lacks a class (possible with zero weights only)."""
        values[(self.n_pos <= 0) | (self.n_neg <= 0)] = np.nan
        return values

    def as_floats(self):
        """The segments with the counts as floats."""
        tp_a, fp_a, tp_b, fp_b = (end.astype(np.float64, copy=False) for end in self[:4])
        if self.fp_a is self.fp_b:
            fp_b = fp_a
        return _Segments(tp_a, fp_a, tp_b, fp_b, self.n_pos, self.n_neg)


def _row_dot(a, b):
    return np.einsum("ij,ij->i", a, b)


def _roc_auc_rows(segments, whole):
    tp_a, fp_a, tp_b, fp_b, n_pos, n_neg = segments
    with np.errstate(invalid="ignore", divide="ignore"):
        if whole and np.all(2 * n_pos * n_neg < 2.0**53):
            # Twice the pairs, and twice those ranked wrong: whole numbers below 2**53,
            # summed exactly as integers.
            pairs = 2 * n_pos * n_neg
            if fp_a is fp_b:  # no column holds both classes
                wrong = 2 * _row_dot(tp_b - tp_a, fp_a)
            else:
                wrong = _row_dot(tp_b - tp_a, fp_a + fp_b)
            values = (pairs - wrong) / pairs
        else:
            # As shares of the negatives (products of weights could overflow, and half
            # of a subnormal weight rounds to nothing).
            share = n_neg[:, None]
            below = 1.0 - (fp_a / share + fp_b / share) / 2
            values = _row_dot((tp_b - tp_a) / n_pos[:, None], below)
    return segments.undefined(np.clip(values, 0.0, 1.0))


def _rising(segments, leading_negatives="interpolate"):
    """The segments that add positives, of every resample in one array each, and
    the resample each belongs to."""
    rising = np.nonzero(segments.tp_b > segments.tp_a)
    tp_a, fp_a, tp_b, fp_b = (end[rising] for end in segments[:4])
    if leading_negatives == "drop":
        fp_a[tp_a == 0] = 0.0
    return (tp_a, fp_a, tp_b, fp_b), rising[0]


def _pr_auc_rows(segments, whole, interpolation="davis-goadrich",
                 leading_negatives="interpolate", prevalence=None):
    """The interpolated area of each resample, from its rising segments (as
    ``path_area``); at a ``prevalence``, each resample's negatives weighted for its
    positives to hold that share (as :func:`~sklearn_prcurves._table._prevalence.
    at_prevalence` weights a table's)."""
    if prevalence is not None:
        # (whole counts keep whole positives: Davis and Goadrich's points stay at every
        # whole TP, only the negatives between them scaled)
        segments = _at_prevalence(segments, prevalence, keep_positives=whole)
        if interpolation != "davis-goadrich":
            whole = False
    if interpolation == "step":
        return _average_precision_rows(segments, whole)
    if interpolation == "davis-goadrich" and whole:
        return _davis_goadrich_rows(segments, leading_negatives)
    segments = segments.as_floats()
    (tp_a, fp_a, tp_b, fp_b), rows = _rising(segments, leading_negatives)
    with np.errstate(invalid="ignore", divide="ignore"):
        areas = segment_areas(tp_a, fp_a, tp_b, fp_b, segments.n_pos[rows], interpolation)
    values = np.bincount(rows, weights=areas, minlength=segments.n_pos.shape[0])
    return segments.undefined(np.clip(values, 0.0, 1.0))


def _at_prevalence(segments, prevalence, keep_positives=False):
    """Each resample's negatives times ``P (1 - pi) / (pi N)`` (NaN where that is not
    a finite, positive number: a resample without one class has no value); the
    positives' counts as they were with ``keep_positives``, else as floats."""
    tp_a, tp_b = segments.tp_a, segments.tp_b
    segments = segments.as_floats()
    if not keep_positives:
        tp_a, tp_b = segments.tp_a, segments.tp_b
    with np.errstate(all="ignore"):
        factor = segments.n_pos / segments.n_neg * ((1 - prevalence) / prevalence)
    factor = np.where(np.isfinite(factor) & (factor > 0), factor, np.nan)
    fp_a = segments.fp_a * factor[:, None]
    fp_b = fp_a if segments.fp_b is segments.fp_a else segments.fp_b * factor[:, None]
    return _Segments(tp_a, fp_a, tp_b, fp_b, segments.n_pos, segments.n_neg * factor)


def _davis_goadrich_rows(segments, leading_negatives):
    """Davis and Goadrich's area of resamples counted in whole rows, point by point.

    With integer counts the interpolated curve has a point at every whole TP: the x-th
    positive of a segment from (TP_A, FP_A) with skew s = dFP / dTP sits at (TP_A + x,
    FP_A + x s). The area is a trapezoid between each point and the one before it on
    its segment, so a resample costs a few passes over its positives, all resamples of
    the batch in one array (no per-segment closed forms).
    """
    tp_a, fp_a, tp_b, fp_b, n_pos, _ = segments
    if leading_negatives == "drop":  # the authors' tool starts the curve at its first positive
        resamples = np.arange(tp_a.shape[0])
        first = np.argmax(tp_b > tp_a, axis=1)
        fp_a = fp_a.copy()
        fp_a[resamples, first] = np.where(tp_a[resamples, first] == 0, 0, fp_a[resamples, first])
    # Each resample's points in turn, TP = 1, 2, ...: a row each where they are as
    # many (a stratified bootstrap draws as many positives every time; the
    # jackknife's resamples leave a few out).
    points = n_pos.astype(np.intp)
    total = int(points.sum())
    starts = np.cumsum(points) - points
    if np.all(points == points[0]):
        shape = (points.shape[0], points[0])
        tp = np.arange(1.0, points[0] + 1)  # broadcast over the rows
        firsts = (slice(None), 0)  # each resample's first point
    else:
        shape = (-1,)
        tp = np.arange(1.0, total + 1) - np.repeat(starts, points)
        firsts = starts[points > 0]
    # Each point's segment: with the resamples' points laid end to end, point i
    # (from 0) lies in the first segment whose TP_B, so laid out, is above i; the
    # segments before it are those ending at i or below, counted from a histogram
    # of their (sorted) ends. That is np.repeat of the segments by their points in
    # four passes, without its per-segment copying.
    ends = np.add(tp_b, starts[:, None], dtype=np.intp)
    segment = np.cumsum(np.bincount(ends.reshape(-1), minlength=total + 1)[:total])
    # As floats once: NumPy's mixed integer-float arithmetic runs at half speed.
    fp = fp_a.reshape(-1)[segment].reshape(shape).astype(np.float64, copy=False)
    if fp_a is fp_b:  # no segment has both classes: every point keeps its FP_A
        previous = fp
    else:
        with np.errstate(invalid="ignore", divide="ignore"):
            skew = ((fp_b - fp_a) / (tp_b - tp_a)).reshape(-1)[segment].reshape(shape)
        x = tp - tp_a.reshape(-1)[segment].reshape(shape)
        previous = fp + (x - 1) * skew
        fp = fp + x * skew
    # Precision at each point, then at the point before it on its segment.
    trapezoid = np.add(tp, fp)
    np.divide(tp, trapezoid, out=trapezoid)
    tp = tp - 1
    origin = previous[firsts] == 0
    start = np.add(previous, tp, out=previous)  # FP no longer needed
    with np.errstate(invalid="ignore", divide="ignore"):
        np.divide(tp, start, out=start)
    # From TP = 0 (a resample's first point): from the origin held flat, from
    # (0, FP > 0) rising from 0.
    start[firsts] = np.where(origin, trapezoid[firsts], start[firsts])
    trapezoid += start
    if len(shape) == 2:
        area = trapezoid.sum(axis=1)
    else:
        resample = np.repeat(np.arange(points.shape[0]), points)
        area = np.bincount(resample, weights=trapezoid, minlength=points.shape[0])
    with np.errstate(invalid="ignore", divide="ignore"):
        return segments.undefined(np.clip(area / 2 / n_pos, 0.0, 1.0))


def _average_precision_rows(segments, whole):
    """Average precision: each column's new positives credited its precision."""
    tp_a, _, tp_b, fp_b, n_pos, _ = segments
    predicted = tp_b + fp_b
    predicted[predicted == 0] = 1  # nothing predicted yet: no positive to credit
    with np.errstate(invalid="ignore", divide="ignore"):
        values = _row_dot(tp_b - tp_a, tp_b / predicted) / n_pos
    return segments.undefined(np.clip(values, 0.0, 1.0))


def _achievable_pr_auc_rows(segments, whole, interpolation="davis-goadrich"):
    tp_a, fp_a, tp_b, fp_b, n_pos, n_neg = segments
    values = np.full(tp_a.shape[0], np.nan)
    for i in np.flatnonzero((n_pos > 0) & (n_neg > 0)):
        # The curve's corners: before and after each column, then every negative.
        tp = np.concatenate([[0], np.column_stack([tp_a[i], tp_b[i]]).ravel(), [n_pos[i]]])
        fp = np.concatenate([[0], np.column_stack([fp_a[i], fp_b[i]]).ravel(), [n_neg[i]]])
        values[i] = achievable_area(tp, fp, interpolation)
    return values


# The package's areas, computed from batches of resampled tables.
_BATCH_METRICS = {
    roc_auc_score: _roc_auc_rows,
    pr_auc_score: _pr_auc_rows,
    achievable_pr_auc_score: _achievable_pr_auc_rows,
    average_precision_score: _average_precision_rows,
}
# The areas computed from whole counts as integers (see _Batch.values).
_INTEGER_ROWS = {_roc_auc_rows, _pr_auc_rows}
_BATCH_KEYWORDS = {
    roc_auc_score: set(),
    pr_auc_score: {"interpolation", "leading_negatives", "prevalence"},
    achievable_pr_auc_score: {"interpolation"},
    average_precision_score: set(),
}


def percentile_interval(values, confidence_level):
    """The percentile bootstrap interval of resampled ``values`` (along the first
    axis): ``(low, high)``."""
    alpha = (1 - confidence_level) / 2
    low, high = np.quantile(values, [alpha, 1 - alpha], axis=0)
    return (float(low), float(high)) if np.ndim(low) == 0 else (low, high)

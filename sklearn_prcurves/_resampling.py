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
"""

import numpy as np
from sklearn import config_context
from sklearn.utils import check_random_state

from ._auc import (
    achievable_pr_auc_score,
    average_precision_score,
    pr_auc_score,
    roc_auc_score,
)
from ._counts import CountTable, count_table_with_groups
from ._curves import require_two_classes
from ._hull import achievable_area
from ._interpolation import segment_areas

# Resamples per chunk of work (one random stream each; the unit of n_jobs and progress).
CHUNK = 50

# Columns held per batch of resamples (four arrays of that many floats): small data
# is evaluated many resamples at a time, large data one at a time, and memory stays
# bounded whatever the data's size (larger batches measured slower at 1e5 rows).
_BATCH_ELEMENTS = 1 << 14


def draw_counts(rng, m, floats, ints):
    """How often each of ``m`` positions is drawn in ``m`` draws with replacement.

    ``floats`` and ``ints`` are reused buffers of at least ``m`` elements: fresh
    arrays of this size would be paged in anew on every resample. A position is
    ``floor(u * m)`` for ``u`` uniform on [0, 1) with 53 random bits, below ``m``
    for any ``m < 2**53`` (``(1 - 2**-53) * m`` rounds below ``m``); its chance
    departs from ``1/m`` by at most ``m / 2**53`` relative, far below anything a
    bootstrap resolves.
    """
    u, at = floats[:m], ints[:m]
    rng.random(out=u)
    np.multiply(u, m, out=u)
    np.copyto(at, u, casting="unsafe")  # non-negative: truncation is the floor
    return np.bincount(at, minlength=m)


class Resampler:
    """Stratified resamples of one labelled set, shared by the models evaluated on it.

    The positions follow the first model's scores, decreasing (ties in row order):
    any fixed order draws resamples alike, this one is the same whether the metric
    is evaluated in batches or called, and it spares that model a reordering.
    """

    def __init__(self, is_pos, sample_weight, random_state, models=()):
        # numpy's Generator draws ~3x faster than the legacy RandomState that
        # scikit-learn's random_state yields; seed one from it, reproducibly.
        self.seed = int(check_random_state(random_state).randint(np.iinfo(np.int32).max))
        self.rng = np.random.default_rng(self.seed)
        self.pos_rows = np.flatnonzero(is_pos)
        self.neg_rows = np.flatnonzero(~is_pos)
        self.weight = sample_weight
        if models:
            rank = models[0].score_rank()
            self.pos_rows = self.pos_rows[np.argsort(rank[self.pos_rows], kind="stable")]
            self.neg_rows = self.neg_rows[np.argsort(rank[self.neg_rows], kind="stable")]
        for model in models:
            model.bind(self)

    def draws(self, count, rng=None):
        """``count`` resamples as ``(positive counts, negative counts)`` pairs."""
        rng = self.rng if rng is None else rng
        size = max(self.pos_rows.shape[0], self.neg_rows.shape[0])
        floats, ints = np.empty(size), np.empty(size, dtype=np.intp)  # reused by every draw
        n_pos, n_neg = self.pos_rows.shape[0], self.neg_rows.shape[0]
        for _ in range(count):
            yield (draw_counts(rng, n_pos, floats, ints), draw_counts(rng, n_neg, floats, ints))

    def chunk(self, index, count):
        """The resamples of chunk ``index``: its own random stream, so that results do
        not depend on how chunks are spread over processes."""
        return self.draws(count, np.random.default_rng([self.seed, index]))


def chunk_values(models, resampler, index, count):
    """Each resample's metric (one model) or difference of metrics (two models)."""
    values = evaluate(models, resampler.chunk(index, count), count)
    return values[0] if len(models) == 1 else values[0] - values[1]


def evaluate(models, draws, count):
    """Each model's metric on ``count`` resamples, ``draws`` read once for all."""
    sizes = [_BATCH_ELEMENTS // (model.columns + 1) for model in models
             if model.batch_metric is not None]
    per_batch = max(1, min([count, *sizes]))
    batches = [model.batch() for model in models]
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


class Model:
    """One model's scores, grouped once, evaluated on resampled counts."""

    def __init__(self, metric, is_pos, scores, weight, kwargs):
        self.metric, self.kwargs = metric, kwargs
        self.is_pos, self.scores, self.weight = is_pos, scores, weight
        # The metric itself on all rows, its parameters validated even inside this
        # package's own validated call: checks the keyword arguments once, whichever
        # way the resamples are then evaluated.
        with config_context(skip_parameter_validation=False):
            self.value = self._call(is_pos, scores, weight)
        self.batch_metric = _BATCH_METRICS.get(metric)
        if self.batch_metric is not None and not set(kwargs) <= _BATCH_KEYWORDS[metric]:
            self.batch_metric = None  # e.g. max_fpr: evaluate the metric itself
        self._table_and_groups = None
        if self.batch_metric is not None:
            table, _ = self._groups()
            require_two_classes(table)
            # The columns: the distinct scores held by positives (the areas change
            # only where positives are ranked).
            self.columns = int(np.count_nonzero(table.pos))

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
        column_rank = np.flatnonzero(table.pos)
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

    def batch(self):
        """A batch of resamples to be added one by one."""
        return _Batch(self) if self.batch_metric is not None else _Calls(self)

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
    """Resampled segments of one model's curve, their areas computed together."""

    def __init__(self, model):
        self.model = model
        # Reused for every resample: fresh arrays of this size would be paged in anew.
        n = max(model.pos_rows.shape[0], model.neg_rows.shape[0])
        exact = model.weight is None  # integer running sums: exact, and fast
        self.running = np.zeros(n + 1, dtype=np.int64 if exact else np.float64)
        self.scaled = None if exact else np.empty(n)
        self.segments = []

    def _running(self, counts, which):
        """One class's running (weighted) count over the positions, 0 first."""
        model = self.model
        order, weight = model.orders[which], model.weights[which]
        if order is not None:
            counts = counts[order]
        if weight is not None:
            counts = np.multiply(counts, weight, out=self.scaled[: counts.shape[0]])
        running = self.running[: counts.shape[0] + 1]
        np.cumsum(counts, out=running[1:])
        return running

    def _bounds(self, counts, which):
        """A class's running sums before and after each column, and its total."""
        running = self._running(counts, which)
        lo, hi = self.model.bounds[which]
        # Floats from here on (copies: the buffer is reused by the next resample).
        if lo is None:
            return (running[:-1].astype(np.float64), running[1:].astype(np.float64),
                    float(running[-1]))
        before = running[lo].astype(np.float64, copy=False)
        after = before if hi is lo else running[hi].astype(np.float64, copy=False)
        return before, after, float(running[-1])

    def add(self, pos_counts, neg_counts):
        tp_a, tp_b, n_pos = self._bounds(pos_counts, 0)
        fp_a, fp_b, n_neg = self._bounds(neg_counts, 1)
        self.segments.append((tp_a, fp_a, tp_b, fp_b, n_pos, n_neg))

    def values(self):
        model, segments, self.segments = self.model, self.segments, []
        return model.batch_metric(segments, model.weight is None, **model.kwargs)


# --- areas of a batch of resampled curves --------------------------------------------
#
# A resampled curve is given by its columns' segments: ``(tp_a, fp_a, tp_b, fp_b,
# n_pos, n_neg)`` with the (weighted) counts before (a) and after (b) each column and
# the resample's totals, as floats; ``whole``: no sample weights, every count a whole
# number.


def _roc_auc_rows(segments, whole):
    values = np.empty(len(segments))
    for i, (tp_a, fp_a, tp_b, fp_b, n_pos, n_neg) in enumerate(segments):
        pos = tp_b - tp_a
        if n_pos <= 0 or n_neg <= 0:
            values[i] = np.nan
        elif whole and 2 * n_pos * n_neg < 2.0**53:
            # Twice the pairs ranked wrong (ties counting one each): whole numbers
            # below 2**53, so the products and sums are exact in floats.
            pairs = 2 * n_pos * n_neg
            values[i] = (pairs - np.dot(pos, fp_a + fp_b)) / pairs
        else:
            # As shares of the negatives (products of weights could overflow).
            below = (n_neg - (fp_a + fp_b) / 2) / n_neg
            values[i] = np.dot(pos, below) / n_pos
    return np.clip(values, 0.0, 1.0)


def _rising(segments, leading_negatives="interpolate"):
    """The segments that add positives, of every resample in one array each, and
    the resample each belongs to."""
    parts, rows, totals = [], [], []
    for i, (tp_a, fp_a, tp_b, fp_b, n_pos, n_neg) in enumerate(segments):
        rising = np.flatnonzero(tp_b > tp_a)
        parts.append([tp_a[rising], fp_a[rising], tp_b[rising], fp_b[rising]])
        rows.append(np.full(rising.shape[0], i))
        totals.append((n_pos, n_neg))
    tp_a, fp_a, tp_b, fp_b = (np.concatenate(column) for column in zip(*parts))
    if leading_negatives == "drop":
        fp_a[tp_a == 0] = 0.0
    totals = np.array(totals, dtype=np.float64).reshape(-1, 2)
    return (tp_a, fp_a, tp_b, fp_b), np.concatenate(rows), totals


def _pr_auc_rows(segments, whole, interpolation="davis-goadrich",
                 leading_negatives="interpolate"):
    """The interpolated area of each resample, from its rising segments (as
    ``path_area``)."""
    if interpolation == "step":
        return _average_precision_rows(segments, whole)
    if interpolation == "davis-goadrich" and whole:
        return _davis_goadrich_rows(segments, leading_negatives)
    (tp_a, fp_a, tp_b, fp_b), rows, totals = _rising(segments, leading_negatives)
    n_pos, n_neg = totals[:, 0], totals[:, 1]
    with np.errstate(invalid="ignore", divide="ignore"):
        areas = segment_areas(tp_a, fp_a, tp_b, fp_b, n_pos[rows], interpolation)
    values = np.bincount(rows, weights=areas, minlength=len(segments))
    return _undefined(np.clip(values, 0.0, 1.0), n_pos, n_neg)


def _davis_goadrich_rows(segments, leading_negatives):
    """Davis and Goadrich's area of resamples counted in whole rows, point by point.

    With integer counts the interpolated curve has a point after every positive: the
    x-th positive of a segment from (TP_A, FP_A) with skew s = dFP / dTP sits at
    precision (TP_A + x) / (TP_A + x + FP_A + x s). A segment adding one positive is
    one trapezoid; only the points inside segments adding several are computed, one
    array element each (no per-segment closed forms).
    """
    values = np.empty(len(segments))
    for i, (tp_a, fp_a, tp_b, fp_b, n_pos, n_neg) in enumerate(segments):
        if n_pos <= 0 or n_neg <= 0:
            values[i] = np.nan
            continue
        d_tp = tp_b - tp_a
        first = int(np.argmax(d_tp > 0))  # the first segment adding positives
        if leading_negatives == "drop" and tp_a[first] == 0 and fp_a[first] != 0:
            fp_a = fp_a.copy()  # the authors' tool starts the curve at its first positive
            fp_a[first] = 0
        # Whole counts: a zero denominator has a zero numerator, and 0 / 1 is that
        # precision's convention (nothing predicted yet).
        precision_a = tp_a / np.maximum(tp_a + fp_a, 1)
        precision_b = tp_b / np.maximum(tp_b + fp_b, 1)
        if tp_a[first] == 0:  # from the origin held flat; from (0, FP_A > 0) rising from 0
            precision_a[first] = precision_b[first] if fp_a[first] == 0 else 0.0
        precision_b += precision_a
        # Trapezoids at both ends of every rising segment ...
        area = np.dot(np.minimum(d_tp, 1), precision_b) / 2
        several = np.flatnonzero(d_tp > 1)
        if several.shape[0]:
            # ... and the points inside those adding several positives.
            d_tp = d_tp[several]
            tp_a, fp_a = tp_a[several], fp_a[several]
            skew = (fp_b[several] - fp_a) / d_tp
            inside = (d_tp - 1).astype(np.intp)
            segment = np.repeat(np.arange(several.shape[0]), inside)
            x = np.arange(1, segment.shape[0] + 1, dtype=np.float64)
            x -= np.repeat(np.cumsum(inside) - inside, inside)
            tp = tp_a[segment] + x
            area += np.sum(tp / (tp + fp_a[segment] + x * skew[segment]))
        values[i] = area / n_pos
    return np.clip(values, 0.0, 1.0)


def _average_precision_rows(segments, whole):
    """Average precision: each column's new positives credited its precision."""
    values = np.empty(len(segments))
    for i, (tp_a, _, tp_b, fp_b, n_pos, n_neg) in enumerate(segments):
        predicted = tp_b + fp_b
        predicted[predicted == 0] = 1  # nothing predicted yet: no positive to credit
        values[i] = np.dot(tp_b - tp_a, tp_b / predicted) / n_pos
    return _undefined(np.clip(values, 0.0, 1.0), *_totals(segments))


def _achievable_pr_auc_rows(segments, whole, interpolation="davis-goadrich"):
    values = np.empty(len(segments))
    for i, (tp_a, fp_a, tp_b, fp_b, n_pos, n_neg) in enumerate(segments):
        if n_pos <= 0 or n_neg <= 0:
            values[i] = np.nan
            continue
        # The curve's corners: before and after each column, then every negative.
        tp = np.concatenate([[0], np.column_stack([tp_a, tp_b]).ravel(), [n_pos]])
        fp = np.concatenate([[0], np.column_stack([fp_a, fp_b]).ravel(), [n_neg]])
        values[i] = achievable_area(tp, fp, interpolation)
    return values


def _totals(segments):
    totals = np.array([segment[4:] for segment in segments], dtype=np.float64)
    return totals[:, 0], totals[:, 1]


def _undefined(values, n_pos, n_neg):
    """NaN where a resample lacks a class (possible with zero weights only)."""
    values[(n_pos <= 0) | (n_neg <= 0)] = np.nan
    return values


# The package's areas, computed from batches of resampled tables.
_BATCH_METRICS = {
    roc_auc_score: _roc_auc_rows,
    pr_auc_score: _pr_auc_rows,
    achievable_pr_auc_score: _achievable_pr_auc_rows,
    average_precision_score: _average_precision_rows,
}
_BATCH_KEYWORDS = {
    roc_auc_score: set(),
    pr_auc_score: {"interpolation", "leading_negatives"},
    achievable_pr_auc_score: {"interpolation"},
    average_precision_score: set(),
}

"""The package's areas as torchmetrics metrics, exact under data-parallel training
(extra: ``torch``).

The metrics keep the counting table, not the predictions: batches wait, as given,
until counting them together pays (one sort on their device for many batches; the
documentation's torchmetrics page says when), then are merged into the table, so the
state holds one row per distinct score seen (exact) or per occupied bin
(``mantissa_bits=``: bounded whatever the data, with a guaranteed bound on the area)
and a bounded number of waiting rows. Processes merge their tables, not their
predictions, and the merged value is the value of one process that saw every row.
``sample_ids=`` counts each sample once where a sampler hands some to two processes
(``DistributedSampler`` pads the last round with repeated samples).

Every metric here is a :class:`torchmetrics.Metric`: ``update``, ``compute``,
``forward``, ``reset``, ``merge_state``, ``compute_on_cpu``, ``sync_on_compute`` and
pickling behave as torchmetrics documents; the values are float64 tensors on the
metric's device.
"""

import numpy as np
import torch
from torchmetrics import Metric

from ._base._array_api import counted_where_they_live, namespace_and_device, to_numpy
from ._base._labels import check_label_set
from ._base._validation import check_running_total
from ._measures._interpolation import check_options
from ._streams._summary import BinnedSummary, ExactSummary, binned_in_namespace
from ._table._count_table import CountTable
from ._table._counts import count_in_namespace, count_rows

__all__ = [
    "BinaryAUROC",
    "BinaryAchievablePRAUC",
    "BinaryAveragePrecision",
    "BinaryPRAUC",
    "BinaryPrecisionAtFixedRecall",
    "BinaryRecallAtFixedPrecision",
    "BinarySummary",
]

# Rows wait, as given, to be counted together (the sort is cheapest long: NumPy's
# packed float32 keys), then are merged into the table (a pass over it). A waiting row
# of float32 score and label is 5 bytes, a row of the table 24: rows are counted once
# 2**21 wait if that makes the state smaller (scores repeat); if not (nearly every
# score distinct), they wait until 2**24 (80 MiB, a fixed cost). Either way, at most 4
# per row of the table wait: each row of the table is merged 1/4 time on average, and
# the state is bounded whatever the number of batches.
_WAITING_PER_ROW = 4
_SHRINKING_ROWS = 2**21
_PENDING_ROWS = 2**24

# More runs of decreasing scores than this in the rows to merge (rows kept with their
# ids): sorted at once rather than merged run by run.
_MERGED_RUNS = 64

# Sample ids travel in float64 state (a rank without rows gathers an empty tensor of
# the metric's dtype, which must match the others'): integers exact below 2**53.
_LARGEST_ID = 2**53


class BinarySummary(Metric):
    """The counting table of every prediction seen, by all processes; ``compute``
    returns it as an :class:`~sklearn_prcurves.ExactSummary` (or, with
    ``mantissa_bits``, a :class:`~sklearn_prcurves.BinnedSummary`) to read any measure
    from.

    Parameters
    ----------
    mantissa_bits : int or None, default=None
        None: exact, one state row per distinct score. An integer in [0, 23]: binned,
        scores within a relative distance of about ``2**-mantissa_bits`` share a bin
        (at most ``2**(9 + mantissa_bits)`` bins), with guaranteed bounds on AUC-ROC
        and average precision.
    **kwargs
        torchmetrics' options (``compute_on_cpu``, ``sync_on_compute``,
        ``process_group``, ...).

    Examples
    --------
    >>> import torch
    >>> from sklearn_prcurves.torchmetrics import BinarySummary
    >>> metric = BinarySummary()
    >>> metric.update(torch.tensor([0.1, 0.8]), torch.tensor([0, 1]))
    >>> metric.update(torch.tensor([0.6, 0.7]), torch.tensor([1, 0]))
    >>> metric.compute().roc_auc()
    0.75
    """

    is_differentiable = False
    higher_is_better = True
    full_state_update = False

    def __init__(self, mantissa_bits=None, **kwargs):
        super().__init__(**kwargs)
        if mantissa_bits is not None:
            BinnedSummary(mantissa_bits)  # (its own check of the value)
            if mantissa_bits > 23:
                raise ValueError("mantissa_bits must be at most 23 here (bins of the "
                                 f"score as float32); got {mantissa_bits!r}.")
        self.mantissa_bits = mantissa_bits
        self._waiting_limit = _SHRINKING_ROWS
        # Per distinct score (or bin, or sample with ids): the score, the weight of
        # positives and of negatives; lists of pieces, merged as they grow. Unweighted
        # batches wait uncounted in ``raw_scores`` and ``raw_labels``; batches of
        # fractional weights in ``frac_*`` (their labels as 0.0 and 1.0), counted all
        # together, so that no batching changes their sums.
        for name in ("scores", "pos", "neg", "ids", "raw_scores", "raw_labels",
                     "frac_scores", "frac_labels", "frac_weights"):
            self.add_state(name, default=[], dist_reduce_fx="cat")
        self.add_state("whole_weights", default=torch.tensor(1.0), dist_reduce_fx="min")
        # Rows waiting beyond the table (a state: ``forward`` and ``merge_state`` add it)
        self.add_state("waiting", default=torch.tensor(0.0), dist_reduce_fx="sum")
        self.set_dtype(torch.float64)

    def update(self, preds, target, sample_weight=None, sample_ids=None):
        """Count a batch: ``preds`` real scores (higher means positive), ``target``
        labels 0 or 1 (or booleans), of one shape; ``sample_weight`` non-negative;
        ``sample_ids`` integers naming the samples, on every batch or on none: a
        sample seen twice (by one process or two) is counted once."""
        scores, is_pos, weight, ids = _checked_batch(preds, target, sample_weight,
                                                     sample_ids)
        if (ids is None) == bool(self.ids) and (self.scores or self.raw_scores or self.frac_scores):
            raise ValueError("sample_ids must be given with every batch or with none.")
        if weight is not None and not bool(torch.all(weight == torch.floor(weight))):
            self.whole_weights = torch.zeros_like(self.whole_weights)
        if ids is not None:  # rows kept until compute: only then are repeats known
            # (in float64, as every counted state: a process given nothing syncs the
            # empty state torchmetrics makes in the metric's dtype, and a float32 piece
            # beside it would not gather)
            self._append(scores.to(torch.float64), *_split_weight(is_pos, weight), ids)
            return
        if weight is None:
            self.raw_scores.append(scores.to(self.device))
            self.raw_labels.append(is_pos.to(self.device))
            self.waiting += scores.shape[0]
        elif not bool(torch.all(weight == torch.floor(weight))):
            self.frac_scores.append(scores.to(self.device, torch.float64))
            self.frac_labels.append(is_pos.to(self.device, torch.float64))
            self.frac_weights.append(weight.to(self.device))
            self.waiting += scores.shape[0]
        else:
            self._append(*_count(scores, is_pos, weight, self.mantissa_bits))
            self.waiting += self.scores[-1].shape[0]
        table = self.scores[0].shape[0] if self.scores else 0
        if float(self.waiting) > max(_WAITING_PER_ROW * table, self._waiting_limit):
            if not self._compact(only_if_smaller=self._waiting_limit < _PENDING_ROWS):
                self._waiting_limit = _PENDING_ROWS  # (counting them makes no gain)

    def _append(self, scores, pos, neg, ids=None):
        device = self.device
        self.scores.append(scores.to(device))
        self.pos.append(pos.to(device))
        self.neg.append(neg.to(device))
        if ids is not None:
            self.ids.append(ids.to(device))

    def _compact(self, only_if_smaller=False):
        """Count the waiting batches and merge every piece into one table (only if
        that makes the state smaller, when asked). True where the state is one table."""
        if self.ids or not isinstance(self.scores, list):  # (rows with ids; synced)
            return False
        rows, raw, frac = self._rows()
        if raw is None and frac is None and len(self.scores) <= 1:
            return True
        merged = _merged_rows(rows, raw, frac, self.mantissa_bits)
        if only_if_smaller and _bytes(merged) >= _bytes(rows) + _bytes(raw) + _bytes(frac):
            return False
        self.scores, self.pos, self.neg = ([piece.to(self.device)] for piece in merged)
        self.raw_scores, self.raw_labels = [], []
        self.frac_scores, self.frac_labels, self.frac_weights = [], [], []
        self.waiting = torch.zeros_like(self.waiting)
        return True

    def _rows(self):
        """The state rows, the waiting unweighted rows and the waiting rows of
        fractional weight, each joined, or None where empty."""
        parts = [tuple(_joined(getattr(self, n)) for n in names) for names in (
            ("scores", "pos", "neg"), ("raw_scores", "raw_labels"),
            ("frac_scores", "frac_labels", "frac_weights"))]
        return tuple(None if part[0] is None or not part[0].shape[0] else part
                     for part in parts)

    def sync(self, dist_sync_fn=None, process_group=None, should_sync=True,
             distributed_available=None):
        """torchmetrics' ``sync``, the waiting batches counted first: processes
        exchange tables, not predictions."""
        available = distributed_available or self.distributed_available_fn
        if should_sync and callable(available) and available():
            self._compact()
        return super().sync(dist_sync_fn, process_group, should_sync, distributed_available)

    def compute(self):
        """The summary of every row seen (all processes' after their sync)."""
        rows, raw, frac = self._rows()
        if rows is None and raw is None and frac is None:
            return ExactSummary() if self.mantissa_bits is None else BinnedSummary(
                self.mantissa_bits)
        ids = _joined(self.ids)
        if ids is not None and ids.shape[0]:
            rows = _first_of_each_id(ids, *rows)
        table = _merged_table(rows, raw, frac, self.mantissa_bits)
        if self.mantissa_bits is not None:
            summary = _binned_summary(table, self.mantissa_bits)
            summary.integer_weights_ = bool(self.whole_weights >= 1)
            return summary
        return ExactSummary().add_table(table)

    def _value(self, value):
        return torch.tensor(value, dtype=torch.float64, device=self.device)


class _Area(BinarySummary):
    """A metric whose value is one area read from the summary."""

    def compute(self):
        return self._value(self._read(super().compute()))

    def bounds(self):
        """``(low, high)`` guaranteed to hold the exact value (equal when exact)."""
        value = float(self.compute())
        return self._value(value), self._value(value)


class BinaryAUROC(_Area):
    """Area under the ROC curve (ties count one half), exact or binned with a bound.

    Parameters
    ----------
    mantissa_bits : int or None, default=None
        None: exact. An integer: binned (see :class:`BinarySummary`); ``compute``
        gives the estimate and :meth:`bounds` the interval that holds the exact value.
    **kwargs
        torchmetrics' options.

    Examples
    --------
    >>> import torch
    >>> from sklearn_prcurves.torchmetrics import BinaryAUROC
    >>> metric = BinaryAUROC()
    >>> metric(torch.tensor([0.1, 0.4, 0.35, 0.8]), torch.tensor([0, 0, 1, 1]))
    tensor(0.7500, dtype=torch.float64)
    """

    def _read(self, summary):
        return summary.roc_auc() if self.mantissa_bits is None else summary.roc_auc()[0]

    def bounds(self):
        summary = BinarySummary.compute(self)
        if self.mantissa_bits is None:
            return super().bounds()
        estimate, bound = summary.roc_auc()
        return (self._value(max(estimate - bound, 0.0)),
                self._value(min(estimate + bound, 1.0)))


class BinaryAveragePrecision(_Area):
    """Average precision (the step-wise area, as scikit-learn's), exact or binned with
    guaranteed bounds.

    Parameters
    ----------
    mantissa_bits : int or None, default=None
        None: exact. An integer: binned; ``compute`` gives the middle of the interval
        that :meth:`bounds` guarantees to hold the exact value.
    **kwargs
        torchmetrics' options.

    Examples
    --------
    >>> import torch
    >>> from sklearn_prcurves.torchmetrics import BinaryAveragePrecision
    >>> metric = BinaryAveragePrecision()
    >>> metric(torch.tensor([0.1, 0.4, 0.35, 0.8]), torch.tensor([0, 0, 1, 1]))
    tensor(0.8333, dtype=torch.float64)
    """

    def _read(self, summary):
        if self.mantissa_bits is None:
            return summary.average_precision()
        low, high = summary.average_precision_interval()
        return 0.5 * (low + high)

    def bounds(self):
        if self.mantissa_bits is None:
            return super().bounds()
        low, high = BinarySummary.compute(self).average_precision_interval()
        return self._value(low), self._value(high)


class _ExactArea(_Area):
    """An area with no bound when binned: exact state only."""

    def __init__(self, interpolation="davis-goadrich", **kwargs):
        check_options(interpolation)
        if kwargs.get("mantissa_bits") is not None:
            raise ValueError(f"{type(self).__name__} is exact only: binned summaries bound "
                             "AUC-ROC and average precision, not this area.")
        super().__init__(**kwargs)
        self.interpolation = interpolation


class BinaryPRAUC(_ExactArea):
    """Area under the interpolated precision-recall curve, as
    :func:`~sklearn_prcurves.pr_auc_score` (exact).

    Parameters
    ----------
    interpolation : {"davis-goadrich", "continuous", "linear", "step"}, default="davis-goadrich"
        How points are joined: see :func:`~sklearn_prcurves.pr_auc_score`.
    **kwargs
        torchmetrics' options.

    Examples
    --------
    >>> import torch
    >>> from sklearn_prcurves.torchmetrics import BinaryPRAUC
    >>> metric = BinaryPRAUC()
    >>> metric(torch.tensor([0.1, 0.4, 0.35, 0.8]), torch.tensor([0, 0, 1, 1]))
    tensor(0.7917, dtype=torch.float64)
    """

    def _read(self, summary):
        return summary.pr_auc(self.interpolation)


class BinaryAchievablePRAUC(_ExactArea):
    """Area under the achievable PR curve (the ROC convex hull mapped to PR space), as
    :func:`~sklearn_prcurves.achievable_pr_auc_score` (exact).

    Parameters
    ----------
    interpolation : {"davis-goadrich", "continuous", "linear", "step"}, default="davis-goadrich"
    **kwargs
        torchmetrics' options.

    Examples
    --------
    >>> import torch
    >>> from sklearn_prcurves.torchmetrics import BinaryAchievablePRAUC
    >>> metric = BinaryAchievablePRAUC()
    >>> metric(torch.tensor([0.1, 0.4, 0.35, 0.8]), torch.tensor([0, 0, 1, 1]))
    tensor(0.9167, dtype=torch.float64)
    """

    def _read(self, summary):
        return summary.achievable_pr_auc(self.interpolation)


class _Point(BinarySummary):
    """A metric whose value is an operating point: ``(value, threshold)`` tensors."""

    _constraint = None  # the keyword of the rate required

    def __init__(self, required, **kwargs):
        if kwargs.get("mantissa_bits") is not None:
            raise ValueError(f"{type(self).__name__} is exact only: a binned summary "
                             "does not bound operating points.")
        super().__init__(**kwargs)
        self.required = _checked_rate(required, self._constraint)

    def compute(self):
        value, threshold = self._read(super().compute())
        return self._value(value), self._value(threshold)


class BinaryRecallAtFixedPrecision(_Point):
    """The highest recall at a precision of at least ``min_precision``, and its
    threshold, as :func:`~sklearn_prcurves.recall_at_precision` (exact): NaN, with an
    :class:`~sklearn.exceptions.UndefinedMetricWarning`, where no threshold reaches
    that precision.

    Parameters
    ----------
    min_precision : float in [0, 1]
    **kwargs
        torchmetrics' options.

    Examples
    --------
    >>> import torch
    >>> from sklearn_prcurves.torchmetrics import BinaryRecallAtFixedPrecision
    >>> metric = BinaryRecallAtFixedPrecision(min_precision=0.6)
    >>> metric(torch.tensor([0.1, 0.4, 0.35, 0.8]), torch.tensor([0, 0, 1, 1]))
    (tensor(1., dtype=torch.float64), tensor(0.3500, dtype=torch.float64))
    """

    _constraint = "min_precision"

    def __init__(self, min_precision, **kwargs):
        super().__init__(min_precision, **kwargs)

    def _read(self, summary):
        return summary.recall_at_precision(self.required)


class BinaryPrecisionAtFixedRecall(_Point):
    """The highest precision at a recall of at least ``min_recall``, and its
    threshold, as :func:`~sklearn_prcurves.precision_at_recall` (exact).

    Parameters
    ----------
    min_recall : float in [0, 1]
    **kwargs
        torchmetrics' options.

    Examples
    --------
    >>> import torch
    >>> from sklearn_prcurves.torchmetrics import BinaryPrecisionAtFixedRecall
    >>> metric = BinaryPrecisionAtFixedRecall(min_recall=0.5)
    >>> metric(torch.tensor([0.1, 0.4, 0.35, 0.8]), torch.tensor([0, 0, 1, 1]))
    (tensor(1., dtype=torch.float64), tensor(0.8000, dtype=torch.float64))
    """

    _constraint = "min_recall"

    def __init__(self, min_recall, **kwargs):
        super().__init__(min_recall, **kwargs)

    def _read(self, summary):
        return summary.precision_at_recall(self.required)


# --- a batch in, its table's rows out ---------------------------------------------------


def _checked_rate(value, name):
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise ValueError(f"{name} must be a number in [0, 1]; got {value!r}.")
    return float(value)


def _flat(values, name, preds):
    values = torch.as_tensor(values, device=preds.device)
    if values.numel() != preds.numel():
        raise ValueError(f"{name} must have one value per prediction: "
                         f"{values.numel()} values for {preds.numel()} predictions.")
    return values.reshape(-1)


def _checked_batch(preds, target, sample_weight, sample_ids):
    """``(scores, is_pos, weight, ids)`` of a batch, flat, float64 (weight, ids: None
    when not given), the rows of zero weight left out; a clear error for bad input."""
    preds = torch.as_tensor(preds)
    if not preds.is_floating_point():
        raise ValueError(f"preds must be a floating-point tensor of scores; got {preds.dtype}.")
    if tuple(torch.as_tensor(target).shape) != tuple(preds.shape):
        raise ValueError("preds and target must have one shape; got "
                         f"{tuple(preds.shape)} and {tuple(torch.as_tensor(target).shape)}.")
    # (float16 and bfloat16 exactly in float32, which NumPy's kernel sorts)
    scores = preds.reshape(-1)
    if scores.dtype not in (torch.float32, torch.float64):
        scores = scores.to(torch.float32)
    if not bool(torch.isfinite(scores).all()):
        raise ValueError("preds must be finite: NaN or infinity found.")
    labels = _flat(target, "target", preds)
    if labels.dtype != torch.bool:
        if labels.is_complex():
            raise ValueError(f"target must hold binary labels; got {labels.dtype}.")
        # (the package's label rules, on the batch's distinct labels: 0/1 or -1/1)
        check_label_set({float(v) for v in torch.unique(labels).tolist()}, what="target",
                        pos=None, final=True, both=False)
        labels = labels == 1
    weight = ids = None
    if sample_weight is not None:
        weight = _flat(sample_weight, "sample_weight", preds).to(torch.float64)
        if not bool((torch.isfinite(weight) & (weight >= 0)).all()):
            raise ValueError("sample_weight must be finite and non-negative.")
    if sample_ids is not None:
        ids = _flat(sample_ids, "sample_ids", preds)
        if ids.is_floating_point() or ids.is_complex() or ids.dtype == torch.bool:
            raise ValueError(f"sample_ids must be integers; got {ids.dtype}.")
        if ids.numel() and bool((ids.abs() >= _LARGEST_ID).any()):
            raise ValueError("sample_ids must be below 2**53 in absolute value.")
        ids = ids.to(torch.float64)
    if weight is not None and not bool((weight > 0).all()):
        kept = weight > 0
        scores, labels, weight = scores[kept], labels[kept], weight[kept]
        ids = None if ids is None else ids[kept]
    return scores, labels, weight, ids


def _split_weight(is_pos, weight):
    """Each row's weight as a positive and as a negative (one of them 0)."""
    if weight is None:
        return is_pos.to(torch.float64), (~is_pos).to(torch.float64)
    return torch.where(is_pos, weight, 0.0), torch.where(is_pos, 0.0, weight)


def _count(scores, is_pos, weight, mantissa_bits):
    """``(scores, pos, neg)`` per distinct score (or bin) of the rows, as tensors where
    they live: counted there by the kernel (a GPU), or by NumPy's (host memory)."""
    if scores.shape[0] == 0:
        empty = torch.zeros(0, dtype=torch.float64, device=scores.device)
        return empty, empty, empty
    if not counted_where_they_live([scores]):
        return _host_rows(_host_count(scores, is_pos, weight, mantissa_bits))
    xp, device = namespace_and_device(scores, is_pos, weight)
    table = _checked(count_in_namespace(xp, device, is_pos, scores, weight), mantissa_bits)
    tps, fps = table.tps, table.fps
    return (table.thresholds.to(torch.float64), torch.diff(tps, prepend=tps.new_zeros(1)),
            torch.diff(fps, prepend=fps.new_zeros(1)))


def _host_count(scores, is_pos, weight, mantissa_bits):
    """The :class:`CountTable` of rows in host memory, by NumPy's kernel."""
    return _checked(count_rows(*(None if a is None else a.numpy()
                                 for a in (is_pos, scores, weight)), ties_by_weight=True),
                    mantissa_bits)


def _checked(table, mantissa_bits):
    # (past float64's range a running sum is inf and the counts behind it lost)
    check_running_total(table.n_pos + table.n_neg, "the metric's totals")
    return table if mantissa_bits is None else binned_in_namespace(table, mantissa_bits)


def _bytes(columns):
    return 0 if columns is None else sum(c.numel() * c.element_size() for c in columns)


def _host_rows(table):
    return tuple(torch.from_numpy(np.array(a, dtype=np.float64))  # (a copy: positive strides)
                 for a in (table.thresholds, table.pos, table.neg))


def _merged_rows(rows, raw, frac, mantissa_bits):
    """The rows of the table of state rows ``(scores, pos, neg)`` (a score may repeat),
    of waiting rows ``(scores, labels)`` and of waiting rows of fractional weight
    ``(scores, labels, weights)`` (any of them None), where they live."""
    first = next(part for part in (rows, raw, frac) if part is not None)[0]
    if not counted_where_they_live([first]):
        return _host_rows(_merged_table(rows, raw, frac, mantissa_bits))
    pieces = [] if rows is None else [rows]
    if raw is not None:
        pieces.append(_count(*raw, None, mantissa_bits))
    if frac is not None:
        pieces.append(_count(frac[0], frac[1] == 1, frac[2], mantissa_bits))
    scores, pos, neg = (torch.cat([piece[i].to(first.device) for piece in pieces])
                        for i in range(3))
    weight = torch.cat([pos, neg])
    kept = weight > 0
    is_pos = torch.cat([torch.ones_like(pos, dtype=torch.bool),
                        torch.zeros_like(neg, dtype=torch.bool)])[kept]
    scores, weight = torch.cat([scores, scores])[kept], weight[kept]
    if bool((weight != torch.floor(weight)).any()):
        # Fractional weights: each score's pieces summed in the order of their weights
        # (the kernel's sort is stable), not the order batches and processes came in.
        order = torch.argsort(weight, stable=True)
        scores, is_pos, weight = scores[order], is_pos[order], weight[order]
    return _count(scores, is_pos, weight, mantissa_bits)


def _merged_table(rows, raw, frac, mantissa_bits):
    """:func:`_merged_rows` as a :class:`CountTable` in host memory: the whole counts
    summed (exactly, in any order), then the rows of fractional weight counted all at
    once and added, score by score, once."""
    first = next(part for part in (rows, raw, frac) if part is not None)[0]
    if counted_where_they_live([first]):
        rows = _merged_rows(rows, raw, frac, mantissa_bits)
        return CountTable.from_counts(*(np.asarray(to_numpy(a.cpu())) for a in rows))
    summary = ExactSummary()
    if raw is not None:
        summary.add_table(_host_count(*raw, None, None))
    for table in [] if rows is None else _host_tables(*(a.numpy() for a in rows)):
        summary.add_table(table)
    table = summary.table_
    if frac is not None:
        counted = _host_count(frac[0], frac[1] == 1, frac[2], None)
        table = counted if table is None else table.merge(counted)
    return table if mantissa_bits is None else binned_in_namespace(table, mantissa_bits)


def _host_tables(scores, pos, neg):
    """The :class:`CountTable` s of rows that are tables end to end (pieces, processes'
    states): each run of decreasing scores is one, and they merge in linear time."""
    breaks = np.flatnonzero(scores[1:] >= scores[:-1]) + 1
    # (fractional weights: summed per score in one order of the pieces, whatever the
    # order they came in; whole ones are exact in any order)
    if breaks.shape[0] >= _MERGED_RUNS or np.any(pos != np.floor(pos)) or np.any(
            neg != np.floor(neg)):
        return [CountTable.from_pieces(scores, pos, neg)]
    return [CountTable.from_counts(*run)
            for run in zip(*(np.split(a, breaks) for a in (scores, pos, neg)))]


def _joined(state):
    """A list state as one tensor (after a sync it is one already); None if empty."""
    if isinstance(state, list):
        return torch.cat(state) if state else None
    return state


def _first_of_each_id(ids, *columns):
    """The columns at the first row of each id (in the order of the rows)."""
    order = torch.argsort(ids, stable=True)
    ordered = ids[order]
    first = torch.ones_like(ordered, dtype=torch.bool)
    first[1:] = ordered[1:] != ordered[:-1]
    rows = torch.sort(order[first]).values
    return tuple(c[rows] for c in columns)


def _binned_summary(table, mantissa_bits):
    """The :class:`BinnedSummary` of a table of bins (a bin's highest score)."""
    scores, pos, neg = (np.asarray(a, dtype=np.float64)
                        for a in (table.thresholds, table.pos, table.neg))
    has_pos, has_neg = pos > 0, neg > 0
    return BinnedSummary(mantissa_bits).add_counts(
        np.concatenate([np.ones(has_pos.sum(), bool), np.zeros(has_neg.sum(), bool)]),
        np.concatenate([scores[has_pos], scores[has_neg]]),
        np.concatenate([pos[has_pos], neg[has_neg]]))

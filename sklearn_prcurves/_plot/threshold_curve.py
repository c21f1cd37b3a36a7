"""Metrics against the decision threshold: the view that answers "which threshold do I
ship?" (yellowbrick's discrimination threshold plot), on scikit-learn's display
protocol, read from one count table per curve."""

from numbers import Real

import numpy as np

from .._base._compat import safe_indexing
from .._measures._operating import table_fbeta_optimum
from .._metrics._thresholds import thinned_rows, threshold_columns
from .._table._entry import two_class_table
from ._base import binary_scores, curves_frame, display_repr, import_pyplot, resolved_pos_label

__all__ = ["MetricThresholdCurveDisplay"]

_DEFAULT_METRICS = ("precision", "recall", "f1", "predicted_positive_rate")
# Thresholds near the float limit are drawn at a 64th of it: matplotlib's margins and
# ticks around 1.8e308 overflow (the values shown are unchanged).
_DRAWABLE = np.finfo(np.float64).max / 64
# Points per drawn curve: every row that turns a curve, within this budget.
_MAX_POINTS = 2000
# The common thresholds at which the folds of from_cv_results are averaged.
_FOLD_GRID = 400


class MetricThresholdCurveDisplay:
    """Metrics of the predictions ``score >= threshold`` against the threshold.

    Precision, recall, F1 and the share predicted positive by default, any column of
    :func:`threshold_table` (a measure of :func:`operating_points`, a
    :mod:`sklearn.metrics` function's name, a callable) on request, with the chosen
    operating point marked. :meth:`from_cv_results` draws the folds' mean and a band
    one standard deviation wide. Do not build it directly: use a ``from_*`` method.

    Parameters
    ----------
    thresholds : ndarray
        Decreasing thresholds of the curves.
    values : dict of str to ndarray
        Each metric at those thresholds.
    name : str, default=None
    pos_label : int, float, bool or str, default=None
    operating_point : float, default=None
        The threshold marked.
    spread : dict of str to ndarray, default=None
        With several folds: each metric's standard deviation across them.
    operating_point_interval : (low, high), default=None
        Where the chosen threshold could have landed (a :func:`threshold_stability`
        result as ``operating_point`` gives its ``threshold_interval``): shaded.

    Attributes
    ----------
    lines_ : dict of str to matplotlib Line2D
    bands_ : dict of str to matplotlib PolyCollection
        With several folds.
    operating_point_line_ : matplotlib Line2D or None
    operating_point_band_ : matplotlib patch or None
        The threshold's interval, where one was given.
    ax_ : matplotlib Axes
    figure_ : matplotlib Figure

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from sklearn_prcurves import MetricThresholdCurveDisplay
    >>> display = MetricThresholdCurveDisplay.from_predictions(
    ...     [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> sorted(display.lines_)
    ['f1', 'precision', 'predicted_positive_rate', 'recall']
    >>> display.operating_point  # the F1-optimal threshold, marked
    0.35
    """

    def __init__(self, *, thresholds, values, name=None, pos_label=None,
                 operating_point=None, spread=None, prevalence=None,
                 operating_point_interval=None):
        self.thresholds = thresholds
        self.operating_point_interval = operating_point_interval
        self.prevalence = prevalence
        self.values = values
        self.name = name
        self.pos_label = pos_label
        self.operating_point = operating_point
        self.spread = spread

    def frame(self):
        """The plotted points as a pandas DataFrame: one row per threshold, a column
        per metric; with several folds (:meth:`from_cv_results`) the folds' mean and a
        ``<metric>_std`` column of their standard deviation."""
        spread = {f"{name}_std": values for name, values in (self.spread or {}).items()}
        return curves_frame([(0, {"threshold": self.thresholds, **self.values, **spread})])

    def __repr__(self):
        return display_repr(self, name=self.name, metrics=list(self.values),
                            operating_point=self.operating_point,
                            n_points=len(self.thresholds))

    def plot(self, ax=None, *, name=None, despine=False, **kwargs):
        """Draw each metric against the threshold on ``ax``.

        Parameters
        ----------
        ax : matplotlib Axes, default=None
        name : str, default=None
            Prefix of the legend's labels (default: the display's name).
        despine : bool, default=False
            Hide the top and right spines.
        **kwargs
            Passed to ``ax.plot`` for every metric's line.

        Returns
        -------
        self : MetricThresholdCurveDisplay
        """
        plt = import_pyplot()
        if ax is None:
            _, ax = plt.subplots()
        name = self.name if name is None else name
        prefix = f"{name}: " if name else ""
        x = np.clip(np.asarray(self.thresholds, dtype=np.float64), -_DRAWABLE, _DRAWABLE)
        self.lines_, self.bands_ = {}, {}
        for metric, values in self.values.items():
            (line,) = ax.plot(x, values, drawstyle="steps-post",
                              label=f"{prefix}{metric.replace('_', ' ')}", **kwargs)
            self.lines_[metric] = line
            if self.spread is not None:
                self.bands_[metric] = ax.fill_between(
                    x, values - self.spread[metric], values + self.spread[metric],
                    step="post", alpha=0.2, color=line.get_color(), linewidth=0)
        self.operating_point_line_ = None
        if self.operating_point is not None and self.operating_point == self.operating_point:
            self.operating_point_line_ = ax.axvline(
                np.clip(float(self.operating_point), -_DRAWABLE, _DRAWABLE), color="0.3",
                linestyle=":", label=f"{prefix}threshold {self.operating_point:.4g}")
        self.operating_point_band_ = _threshold_band(
            ax, getattr(self, "operating_point_interval", None), prefix)
        suffix = "" if self.pos_label is None else f" (Positive label: {self.pos_label})"
        if getattr(self, "prevalence", None) is not None:  # (displays pickled before it)
            suffix += f" at prevalence {self.prevalence:g}"
        ax.set(xlabel="Threshold (predict positive at or above)", ylabel="Value" + suffix)
        if despine:
            for side in ("top", "right"):
                ax.spines[side].set_visible(False)
        ax.legend(loc="best")
        self.ax_, self.figure_ = ax, ax.figure
        return self

    @classmethod
    def from_predictions(cls, y_true, y_score, *, metrics=_DEFAULT_METRICS,
                         sample_weight=None, pos_label=None, name=None,
                         operating_point="f1", ax=None, despine=False, prevalence=None,
                         **kwargs):
        """Compute the metrics at every threshold from labels and scores, then plot.

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
        y_score : array-like of shape (n_samples,)
        metrics : sequence or dict, default=("precision", "recall", "f1", \
"predicted_positive_rate")
            Columns of :func:`threshold_table`, or what its ``metrics`` takes.
        sample_weight : array-like of shape (n_samples,), default=None
        pos_label : int, float, bool or str, default=None
        name : str, default=None
        operating_point : "f1", float, a result with a ``threshold`` or None, \
default="f1"
            The threshold marked: "f1" the F1-optimal one (ties to the highest), a
            number, or the result of :func:`certified_threshold`,
            :func:`recall_at_precision`, :func:`fbeta_optimal_threshold`; the result
            of :func:`threshold_stability` also shades its ``threshold_interval``,
            where the rule's choice could have landed.
        ax : matplotlib Axes, default=None
        despine : bool, default=False
        prevalence : float in (0, 1), default=None
            The deployment's share of positives: every metric as that population
            would see it (precision, F1, the predicted positive rate and the metrics
            asked for move; recall and the rates do not), as
            :func:`threshold_table`'s ``prevalence=``, and the F1-optimal threshold
            there. None: the data's own.
        **kwargs
            Passed to ``ax.plot`` for every line.

        Returns
        -------
        display : MetricThresholdCurveDisplay
        """
        table = two_class_table(y_true, y_score, pos_label, sample_weight,
                                prevalence=prevalence)
        columns = _columns(table, metrics, (y_true, y_score, sample_weight, pos_label),
                           reweighted=prevalence is not None)
        keep = thinned_rows(table.tps, table.fps, False, _MAX_POINTS)
        display = cls(thresholds=columns.pop("threshold")[keep],
                      values={k: v[keep] for k, v in columns.items()}, name=name,
                      pos_label=resolved_pos_label(pos_label, y_true),
                      operating_point=_marked(operating_point, table), prevalence=prevalence,
                      operating_point_interval=getattr(operating_point, "threshold_interval",
                                                       None))
        return display.plot(ax, despine=despine, **kwargs)

    @classmethod
    def from_estimator(cls, estimator, X, y, *, metrics=_DEFAULT_METRICS,
                       sample_weight=None, response_method="auto", pos_label=None,
                       name=None, operating_point="f1", ax=None, despine=False,
                       prevalence=None, **kwargs):
        """Score ``X`` with a fitted binary classifier, then plot its metrics against
        the threshold (parameters as :meth:`from_predictions`; ``name`` defaults to
        the estimator's class name).

        Returns
        -------
        display : MetricThresholdCurveDisplay
        """
        scores, pos_label = binary_scores(estimator, X, response_method=response_method,
                                          pos_label=pos_label)
        return cls.from_predictions(
            y, scores, metrics=metrics, sample_weight=sample_weight, pos_label=pos_label,
            name=type(estimator).__name__ if name is None else name,
            operating_point=operating_point, ax=ax, despine=despine, prevalence=prevalence,
            **kwargs)

    @classmethod
    def from_cv_results(cls, cv_results, X, y, *, metrics=_DEFAULT_METRICS,
                        sample_weight=None, response_method="auto", pos_label=None,
                        name=None, operating_point="f1", ax=None, despine=False,
                        prevalence=None, **kwargs):
        """The folds of :func:`~sklearn.model_selection.cross_validate`
        (``return_estimator=True, return_indices=True``): each metric's mean over the
        folds at common thresholds, with a band of one standard deviation, and the
        operating point of the folds' mean curve.

        Returns
        -------
        display : MetricThresholdCurveDisplay
        """
        folds = [_fold(estimator, test, X, y, sample_weight, response_method, pos_label,
                       prevalence) for estimator, test in _folds_of(cv_results)]
        grid = _common_grid([scores for _, scores, _, _ in folds])
        curves = [_at(grid, table, metrics, rows, prevalence is not None)
                  for _, _, table, rows in folds]
        values = {m: np.mean([c[m] for c in curves], axis=0) for m in curves[0]}
        spread = {m: np.std([c[m] for c in curves], axis=0) for m in curves[0]}
        marked = _marked_on_mean(operating_point, grid, values)
        display = cls(thresholds=grid, values=values, spread=spread, name=name,
                      pos_label=folds[0][0], operating_point=marked, prevalence=prevalence)
        return display.plot(ax, despine=despine, **kwargs)


def _columns(table, metrics, rows, reweighted=False):
    """The chosen columns of :func:`threshold_columns`, after the thresholds."""
    named = metrics if isinstance(metrics, dict) else {
        m if isinstance(m, str) else getattr(m, "__name__", repr(m)): m for m in metrics}
    extra = {k: m for k, m in named.items() if not (isinstance(m, str) and m in _BASE)}
    columns = threshold_columns(table, extra, rows, reweighted)
    return {"threshold": columns["threshold"],
            **{k: columns[k if k in extra else m] for k, m in named.items()}}


_BASE = ("tp", "fp", "fn", "tn", "predicted_positive_rate", "precision", "recall", "fpr",
         "f1")


def _threshold_band(ax, interval, prefix):
    """Shade where the chosen threshold could have landed (None: nothing to shade)."""
    if interval is None or not all(v == v for v in interval[:2]):
        return None
    low, high = (np.clip(float(v), -_DRAWABLE, _DRAWABLE) for v in interval[:2])
    level = getattr(interval, "confidence_level", None)
    named = "" if level is None else f" {level:.0%}"
    return ax.axvspan(low, high, color="0.5", alpha=0.15, linewidth=0,
                      label=f"{prefix}threshold's{named} interval")


def _marked(operating_point, table):
    """The threshold to mark: F1's optimum read from the table, a number, or a
    result's ``threshold``."""
    if operating_point is None:
        return None
    if isinstance(operating_point, str):
        if operating_point != "f1":
            raise ValueError(f"operating_point must be 'f1', a threshold, a result with a "
                             f"threshold or None; got {operating_point!r}.")
        return table_fbeta_optimum(table, 1.0)[0]
    threshold = getattr(operating_point, "threshold", operating_point)
    if isinstance(threshold, bool) or not isinstance(threshold, (Real, np.number)):
        raise ValueError(f"operating_point must be 'f1', a threshold, a result with a "
                         f"threshold or None; got {operating_point!r}.")
    return threshold


def _folds_of(cv_results):
    try:
        return list(zip(cv_results["estimator"], cv_results["indices"]["test"]))
    except (KeyError, TypeError):
        raise ValueError("cv_results must come from cross_validate(..., "
                         "return_estimator=True, return_indices=True).") from None


def _fold(estimator, test, X, y, sample_weight, response_method, pos_label, prevalence):
    """``(pos_label, scores, table, rows)`` of one fold's test rows (its table at the
    deployment's prevalence, if given)."""
    scores, fold_pos_label = binary_scores(estimator, safe_indexing(X, test),
                                           response_method=response_method,
                                           pos_label=pos_label)
    y_fold = safe_indexing(y, test)
    weight = None if sample_weight is None else safe_indexing(sample_weight, test)
    table = two_class_table(y_fold, scores, fold_pos_label, weight, prevalence=prevalence)
    return fold_pos_label, scores, table, (y_fold, scores, weight, fold_pos_label)


def _common_grid(scores):
    """Decreasing thresholds within every fold's range of finite scores, so that each
    fold predicts some row positive at each (its metrics are all defined there)."""
    finite = [s[np.isfinite(s)].astype(np.float64) for s in scores]
    high, low = min(s.max() for s in finite), max(s.min() for s in finite)
    return np.linspace(high, low, _FOLD_GRID) if high > low else np.array([high])


def _at(grid, table, metrics, rows, reweighted):
    """Each metric of a fold at the grid's thresholds: the fold's row of the lowest of
    its thresholds at or above each."""
    columns = _columns(table, metrics, rows, reweighted)
    thresholds = np.asarray(columns.pop("threshold"), dtype=np.float64)
    above = np.searchsorted(-thresholds, -grid, side="right") - 1
    return {m: np.asarray(v, dtype=np.float64)[above] for m, v in columns.items()}


def _marked_on_mean(operating_point, grid, values):
    if isinstance(operating_point, str) and operating_point == "f1" and "f1" in values:
        return float(grid[np.nanargmax(values["f1"])])
    if isinstance(operating_point, str) and operating_point == "f1":
        return None
    return _marked(operating_point, None)

"""Displays of the other curves of PR and ROC analysis: precision-recall-gain, cost,
cumulative gains, lift, Kolmogorov-Smirnov, decision and risk-coverage curves.

Each is made like scikit-learn's displays: ``from_predictions``, ``from_estimator``,
then ``plot`` (several displays can share one ``ax``), and reads the counting table
through the package's functions, so ties and weights agree with every other curve.
"""

import numpy as np
from scipy.integrate import trapezoid

from .._measures._cost import cost_curve
from .._measures._decision import net_benefit_curve
from .._measures._lift import cumulative_gain_curve, lift_curve, table_ks
from .._measures._prg import prg_auc_score, prg_curve
from .._measures._selective import area_under_risk, risk_coverage_curve
from .._table._entry import two_class_table
from ._base import (
    binary_scores,
    curves_frame,
    display_repr,
    import_pyplot,
    legend_label,
    resolved_pos_label,
)

__all__ = [
    "CostCurveDisplay",
    "CumulativeGainDisplay",
    "DecisionCurveDisplay",
    "KSDisplay",
    "LiftDisplay",
    "PrecisionRecallGainDisplay",
    "RiskCoverageDisplay",
]


class _CurveDisplay:
    """One curve ``(x, y)`` with an optional summary value in its legend."""

    _xlabel = _ylabel = _metric = ""
    _limits = ((-0.01, 1.01), (-0.01, 1.01))
    _frame_axes = ("x", "y")
    _thresholds = None  # the threshold of each point, when built by from_predictions

    def __init__(self, *, x, y, value=None, name=None, pos_label=None):
        self.x = x
        self.y = y
        self.value = value
        self.name = name
        self.pos_label = pos_label

    def __repr__(self):
        value = getattr(self.value, "statistic", self.value)
        return display_repr(self, name=self.name,
                            value=None if value is None else float(value),
                            pos_label=self.pos_label, n_points=len(self.x))

    @classmethod
    def _compute(cls, y_true, y_score, sample_weight, pos_label):
        """``(x, y, value, thresholds)`` of the curve."""
        raise NotImplementedError

    def frame(self):
        """The plotted points as a pandas DataFrame, one row per point, with the
        threshold of each (NaN where the display was built from coordinates alone)."""
        return curves_frame([(0, {self._frame_axes[0]: self.x, self._frame_axes[1]: self.y,
                                  "threshold": self._thresholds})])

    def _chance(self, ax, kw):
        return None

    def plot(self, ax=None, *, name=None, plot_chance_level=False, chance_level_kw=None,
             despine=False, **kwargs):
        """Draw the curve on ``ax``.

        Parameters
        ----------
        ax : matplotlib Axes, default=None
        name : str, default=None
            Name in the legend (default: the display's).
        plot_chance_level : bool, default=False
            Draw what a random ranking gives.
        chance_level_kw : dict, default=None
            Keyword arguments for the chance level line.
        despine : bool, default=False
            Hide the top and right spines.
        **kwargs
            Passed to ``ax.plot`` for the curve.

        Returns
        -------
        self
        """
        plt = import_pyplot()
        if ax is None:
            _, ax = plt.subplots()
        name = self.name if name is None else name
        kwargs.setdefault("label", legend_label(name, self._metric, self.value))
        (self.line_,) = ax.plot(self.x, self.y, **kwargs)
        self.chance_level_ = None
        if plot_chance_level:
            kw = {"color": "k", "linestyle": "--", "linewidth": 1}
            kw.update(chance_level_kw or {})
            self.chance_level_ = self._chance(ax, kw)
        suffix = "" if self.pos_label is None else f" (Positive label: {self.pos_label})"
        ax.set(xlabel=self._xlabel + suffix, ylabel=self._ylabel + suffix)
        if self._limits is not None:
            ax.set(xlim=self._limits[0], ylim=self._limits[1])
        if despine:
            for side in ("top", "right"):
                ax.spines[side].set_visible(False)
        if ax.get_legend_handles_labels()[1]:
            ax.legend(loc="best")
        self.ax_, self.figure_ = ax, ax.figure
        return self

    @classmethod
    def from_predictions(cls, y_true, y_score, *, sample_weight=None, pos_label=None,
                         name=None, ax=None, plot_chance_level=False, chance_level_kw=None,
                         despine=False, **kwargs):
        """Compute the curve from labels and scores, then :meth:`plot` it.

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
        y_score : array-like of shape (n_samples,)
        sample_weight : array-like of shape (n_samples,), default=None
        pos_label : int, float, bool or str, default=None
        name : str, default=None
        ax : matplotlib Axes, default=None
        plot_chance_level, chance_level_kw, despine
            As for :meth:`plot`.
        **kwargs
            Passed to :meth:`plot` (matplotlib's line keywords).

        Returns
        -------
        display
        """
        x, y, value, thresholds = cls._compute(y_true, y_score, sample_weight, pos_label)
        display = cls(x=x, y=y, value=value, name=name,
                      pos_label=resolved_pos_label(pos_label, y_true))
        display._thresholds = thresholds
        return display.plot(ax, plot_chance_level=plot_chance_level,
                            chance_level_kw=chance_level_kw, despine=despine, **kwargs)

    @classmethod
    def from_estimator(cls, estimator, X, y, *, sample_weight=None, response_method="auto",
                       pos_label=None, name=None, ax=None, plot_chance_level=False,
                       chance_level_kw=None, despine=False, **kwargs):
        """Score ``X`` with a fitted binary classifier, then plot the curve.

        Parameters
        ----------
        estimator : fitted binary classifier
        X : array-like of shape (n_samples, n_features)
        y : array-like of shape (n_samples,)
        sample_weight : array-like of shape (n_samples,), default=None
        response_method : {"auto", "predict_proba", "decision_function"}, default="auto"
        pos_label : int, float, bool or str, default=None
            Default: the estimator's second class.
        name : str, default=None
            Default: the estimator's class name.
        ax : matplotlib Axes, default=None
        plot_chance_level, chance_level_kw, despine
            As for :meth:`plot`.
        **kwargs
            Passed to :meth:`plot` (matplotlib's line keywords).

        Returns
        -------
        display
        """
        scores, pos_label = binary_scores(estimator, X, response_method=response_method,
                                          pos_label=pos_label)
        name = type(estimator).__name__ if name is None else name
        return cls.from_predictions(y, scores, sample_weight=sample_weight, pos_label=pos_label,
                                    name=name, ax=ax, plot_chance_level=plot_chance_level,
                                    chance_level_kw=chance_level_kw, despine=despine,
                                    **kwargs)


class PrecisionRecallGainDisplay(_CurveDisplay):
    """Precision-recall-gain curve (Flach and Kull, 2015), AUPRG in the legend.

    Parameters
    ----------
    x, y : ndarray
        Recall gain and precision gain (:func:`prg_curve`).
    value : float, default=None
        AUPRG.
    name : str, default=None
    pos_label : int, float, bool or str, default=None

    Attributes
    ----------
    line_, chance_level_ : matplotlib artists (or None)
    ax_ : matplotlib Axes
    figure_ : matplotlib Figure

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from sklearn_prcurves import PrecisionRecallGainDisplay
    >>> display = PrecisionRecallGainDisplay.from_predictions(
    ...     [0, 1, 1, 0, 1], [0.1, 0.8, 0.6, 0.7, 0.3], name="model")
    >>> display.line_.get_label()
    'model (AUPRG = 0.33)'
    """

    _xlabel, _ylabel, _metric = "Recall gain", "Precision gain", "AUPRG"
    _frame_axes = ("recall_gain", "precision_gain")
    _limits = ((-0.01, 1.01), None)

    @classmethod
    def _compute(cls, y_true, y_score, sample_weight, pos_label):
        precision_gain, recall_gain, thresholds = prg_curve(
            y_true, y_score, pos_label=pos_label, sample_weight=sample_weight)
        value = prg_auc_score(y_true, y_score, pos_label=pos_label, sample_weight=sample_weight)
        return recall_gain, precision_gain, value, thresholds

    def _chance(self, ax, kw):
        return ax.axhline(0.0, label=kw.pop("label", "chance level (precision gain = 0)"), **kw)


class CostCurveDisplay(_CurveDisplay):
    """The lower envelope of the cost curve (Drummond and Holte, 2006); the legend
    gives its area, the expected cost over uniformly spread operating conditions.

    Parameters
    ----------
    x, y : ndarray
        Probability cost and normalised expected cost (:func:`cost_curve`).
    value : float, default=None
        Area under the envelope.
    name : str, default=None
    pos_label : int, float, bool or str, default=None

    Attributes
    ----------
    line_, chance_level_ : matplotlib artists (or None)
    ax_ : matplotlib Axes
    figure_ : matplotlib Figure

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from sklearn_prcurves import CostCurveDisplay
    >>> display = CostCurveDisplay.from_predictions([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> display.value
    0.125
    """

    _xlabel, _ylabel, _metric = "Probability cost", "Normalised expected cost", "area"
    _frame_axes = ("probability_cost", "normalized_expected_cost")
    _limits = ((-0.01, 1.01), (-0.01, 0.55))

    @classmethod
    def _compute(cls, y_true, y_score, sample_weight, pos_label):
        pc, cost, thresholds = cost_curve(y_true, y_score, pos_label=pos_label,
                                          sample_weight=sample_weight)
        return pc, cost, float(trapezoid(cost, pc)), thresholds

    def _chance(self, ax, kw):
        (line,) = ax.plot([0, 0.5, 1], [0, 0.5, 0],
                          label=kw.pop("label", "trivial classifiers"), **kw)
        return line


class CumulativeGainDisplay(_CurveDisplay):
    """Cumulative gains: share of positives captured against share targeted.

    Parameters
    ----------
    x, y : ndarray
        Share targeted and share of positives captured (:func:`cumulative_gain_curve`).
    value : float, default=None
    name : str, default=None
    pos_label : int, float, bool or str, default=None

    Attributes
    ----------
    line_, chance_level_ : matplotlib artists (or None)
    ax_ : matplotlib Axes
    figure_ : matplotlib Figure

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from sklearn_prcurves import CumulativeGainDisplay
    >>> display = CumulativeGainDisplay.from_predictions(
    ...     [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], plot_chance_level=True)
    >>> display.y
    array([0. , 0.5, 0.5, 1. , 1. ])
    """

    _xlabel, _ylabel = "Share targeted", "Share of positives captured"
    _frame_axes = ("share_targeted", "share_of_positives")

    @classmethod
    def _compute(cls, y_true, y_score, sample_weight, pos_label):
        targeted, gain, thresholds = cumulative_gain_curve(
            y_true, y_score, pos_label=pos_label, sample_weight=sample_weight)
        return targeted, gain, None, thresholds

    def _chance(self, ax, kw):
        (line,) = ax.plot([0, 1], [0, 1], label=kw.pop("label", "random targeting"), **kw)
        return line


class LiftDisplay(_CurveDisplay):
    """Lift against share targeted (the share on a log axis, where lift varies).

    Parameters
    ----------
    x, y : ndarray
        Share targeted and lift (:func:`lift_curve`).
    value : float, default=None
    name : str, default=None
    pos_label : int, float, bool or str, default=None

    Attributes
    ----------
    line_, chance_level_ : matplotlib artists (or None)
    ax_ : matplotlib Axes
    figure_ : matplotlib Figure

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from sklearn_prcurves import LiftDisplay
    >>> display = LiftDisplay.from_predictions([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> display.y
    array([2.        , 1.        , 1.33333333, 1.        ])
    """

    _xlabel, _ylabel = "Share targeted", "Lift"
    _frame_axes = ("share_targeted", "lift")
    _limits = None

    @classmethod
    def _compute(cls, y_true, y_score, sample_weight, pos_label):
        share, lift, thresholds = lift_curve(y_true, y_score, pos_label=pos_label,
                                             sample_weight=sample_weight)
        return share, lift, None, thresholds

    def plot(self, ax=None, **kwargs):
        super().plot(ax, **kwargs)
        self.ax_.set_xscale("log")
        return self

    def _chance(self, ax, kw):
        return ax.axhline(1.0, label=kw.pop("label", "random targeting (lift = 1)"), **kw)


_DRAWABLE = np.finfo(np.float64).max / 64


class KSDisplay(_CurveDisplay):
    """The Kolmogorov-Smirnov plot: share of positives and of negatives scoring at or
    above each threshold, and the largest gap between them.

    Parameters
    ----------
    x : ndarray
        Thresholds (decreasing).
    y : tuple of ndarray
        ``(tpr, fpr)`` at those thresholds.
    value : Bunch, default=None
        :func:`ks_statistic`'s result.
    name : str, default=None
    pos_label : int, float, bool or str, default=None

    Attributes
    ----------
    line_, negative_line_, gap_line_ : matplotlib artists
    ax_ : matplotlib Axes
    figure_ : matplotlib Figure

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from sklearn_prcurves import KSDisplay
    >>> display = KSDisplay.from_predictions([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> display.gap_line_.get_label()
    'KS = 0.500 at 0.8'
    """

    _xlabel, _ylabel = "Threshold", "Share scoring at or above"
    _limits = None

    @classmethod
    def _compute(cls, y_true, y_score, sample_weight, pos_label):
        table = two_class_table(y_true, y_score, pos_label, sample_weight)  # one table
        thresholds = table.thresholds.astype(np.float64)
        return (thresholds, (table.tps / table.n_pos, table.fps / table.n_neg), table_ks(table),
                thresholds)

    def frame(self):
        """The plotted points as a pandas DataFrame: each threshold with the share of
        positives (``tpr``) and of negatives (``fpr``) scoring at or above it."""
        tpr, fpr = self.y
        return curves_frame([(0, {"tpr": tpr, "fpr": fpr, "threshold": self.x})])

    def plot(self, ax=None, *, name=None, plot_chance_level=False, chance_level_kw=None,
             despine=False, **kwargs):
        """Draw both shares and the gap.

        Parameters
        ----------
        ax : matplotlib Axes, default=None
        name : str, default=None
        plot_chance_level : bool, default=False
            Accepted for a uniform interface; a random ranking has no line here.
        chance_level_kw : dict, default=None
        despine : bool, default=False
        **kwargs
            Passed to ``ax.plot`` for the positives' line.

        Returns
        -------
        self : KSDisplay
        """
        plt = import_pyplot()
        if ax is None:
            _, ax = plt.subplots()
        name = self.name if name is None else name
        tpr, fpr = self.y
        prefix = f"{name}: " if name else ""
        kwargs.setdefault("label", f"{prefix}positives")
        # Thresholds near the float limit are drawn at a 64th of it: matplotlib's
        # margins and ticks around 1.8e308 overflow (the values shown are unchanged).
        x = np.clip(self.x, -_DRAWABLE, _DRAWABLE)
        (self.line_,) = ax.plot(x, tpr, drawstyle="steps-post", **kwargs)
        # One colour per model: its negatives dashed in the colour of its positives,
        # so that several models on one axes read as pairs.
        (self.negative_line_,) = ax.plot(x, fpr, drawstyle="steps-post", linestyle="--",
                                         color=self.line_.get_color(),
                                         label=f"{prefix}negatives")
        ks = self.value
        self.gap_line_ = ax.vlines(np.clip(ks.threshold, -_DRAWABLE, _DRAWABLE), ks.fpr,
                                   ks.tpr, color=self.line_.get_color(), linestyle=":",
                                   label=f"{prefix}KS = {ks.statistic:.3f} at "
                                         f"{ks.threshold:.3g}")
        self.chance_level_ = None
        ax.set(xlabel=self._xlabel, ylabel=self._ylabel, ylim=(-0.01, 1.01))
        if despine:
            for side in ("top", "right"):
                ax.spines[side].set_visible(False)
        ax.legend(loc="best")
        self.ax_, self.figure_ = ax, ax.figure
        return self


class DecisionCurveDisplay(_CurveDisplay):
    """Decision curve (Vickers and Elkin, 2006): net benefit against threshold
    probability, with the two strategies that need no model (treat all, treat none).

    Several models share one axes: draw the first with ``plot_chance_level=True``
    (the default: the strategies every model must beat) and the others with
    ``ax=display.ax_, plot_chance_level=False``.

    Parameters
    ----------
    x, y : ndarray
        Threshold probabilities and net benefit (:func:`net_benefit_curve`).
    treat_all : ndarray, default=None
        Net benefit of treating everyone at each threshold.
    name : str, default=None
    pos_label : int, float, bool or str, default=None

    Attributes
    ----------
    line_, chance_level_ : matplotlib artists (``chance_level_``: treat all, or None)
    ax_ : matplotlib Axes
    figure_ : matplotlib Figure

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from sklearn_prcurves import DecisionCurveDisplay
    >>> display = DecisionCurveDisplay.from_predictions(
    ...     [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], thresholds=[0.2, 0.5], name="model")
    >>> display.y
    array([0.4375, 0.25  ])
    >>> list(display.frame().columns)
    ['threshold', 'net_benefit', 'treat_all', 'treat_none']
    """

    _xlabel, _ylabel = "Threshold probability", "Net benefit"
    _limits = None

    def __init__(self, *, x, y, treat_all=None, name=None, pos_label=None):
        super().__init__(x=x, y=y, name=name, pos_label=pos_label)
        self.treat_all = treat_all

    def frame(self):
        """The plotted points as a pandas DataFrame: one row per threshold, with the
        net benefit of the model, of treating all and of treating none."""
        treat_all = np.full(len(self.x), np.nan) if self.treat_all is None else self.treat_all
        return curves_frame([(0, {"threshold": self.x, "net_benefit": self.y,
                                  "treat_all": treat_all, "treat_none": np.zeros(len(self.x))})])

    def _chance(self, ax, kw):
        if self.treat_all is None:
            return None
        (line,) = ax.plot(self.x, self.treat_all, label=kw.pop("label", "treat all"), **kw)
        ax.axhline(0.0, color=kw.get("color", "k"), linewidth=kw.get("linewidth", 1),
                   linestyle=":", label="treat none")
        return line

    def plot(self, ax=None, *, name=None, plot_chance_level=True, chance_level_kw=None,
             despine=False, **kwargs):
        """Draw the curve on ``ax`` (see :class:`DecisionCurveDisplay`;
        ``plot_chance_level`` draws treat all and treat none)."""
        super().plot(ax, name=name, plot_chance_level=plot_chance_level,
                     chance_level_kw=chance_level_kw, despine=despine, **kwargs)
        # Treat all falls without bound as the threshold rises: show from a little below
        # 0 to the best net benefit drawn on these axes (the prevalence at most).
        drawn = [np.asarray(line.get_ydata(), dtype=float) for line in self.ax_.get_lines()]
        top = max([float(np.nanmax(y)) for y in drawn if np.isfinite(y).any()] + [0.0])
        top = top if top > 0 else 0.1
        self.ax_.set(xlim=(float(np.min(self.x)), float(np.max(self.x))),
                     ylim=(-0.15 * top, 1.1 * top))
        return self

    @classmethod
    def from_predictions(cls, y_true, y_prob, *, thresholds=None, sample_weight=None,
                         prevalence=None, pos_label=None, name=None, ax=None,
                         plot_chance_level=True, chance_level_kw=None, despine=False,
                         shift_risks=False, harm=0.0, **kwargs):
        """Compute the decision curve (:func:`net_benefit_curve`), then :meth:`plot` it.

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
        y_prob : array-like of shape (n_samples,)
            Predicted probabilities of the positive class.
        thresholds : array-like, default=None
            As for :func:`net_benefit_curve` (0, 0.01, ..., 0.99).
        sample_weight : array-like of shape (n_samples,), default=None
        prevalence : float in (0, 1), default=None
            As for :func:`net_benefit_curve`.
        pos_label : int, float, bool or str, default=None
        name : str, default=None
        ax : matplotlib Axes, default=None
        plot_chance_level, chance_level_kw, despine
            As for :meth:`plot`.
        shift_risks : bool, default=False
            As for :func:`net_benefit_curve`: with ``prevalence``, the probabilities
            were fitted at the data's prevalence and are moved to the deployment's
            (:func:`prior_shift`) before they are thresholded.
        harm : float, default=0.0
            As for :func:`net_benefit_curve`: the harm of using the model, per person.
        **kwargs
            Passed to :meth:`plot` (matplotlib's line keywords).

        Returns
        -------
        display
        """
        curve = net_benefit_curve(y_true, y_prob, thresholds=thresholds,
                                  sample_weight=sample_weight, prevalence=prevalence,
                                  pos_label=pos_label, shift_risks=shift_risks, harm=harm)
        display = cls(x=curve.thresholds, y=curve.net_benefit, treat_all=curve.treat_all,
                      name=name, pos_label=resolved_pos_label(pos_label, y_true))
        display._thresholds = curve.thresholds
        return display.plot(ax, plot_chance_level=plot_chance_level,
                            chance_level_kw=chance_level_kw, despine=despine, **kwargs)

    @classmethod
    def from_estimator(cls, estimator, X, y, *, thresholds=None, sample_weight=None,
                       prevalence=None, response_method="predict_proba", pos_label=None,
                       name=None, ax=None, plot_chance_level=True, chance_level_kw=None,
                       despine=False, shift_risks=False, harm=0.0, **kwargs):
        """The decision curve of a fitted binary classifier's probabilities on ``X``.

        Parameters
        ----------
        estimator : fitted binary classifier
        X : array-like of shape (n_samples, n_features)
        y : array-like of shape (n_samples,)
        thresholds, sample_weight, prevalence, shift_risks, harm
            As for :meth:`from_predictions`.
        response_method : {"predict_proba"}, default="predict_proba"
            A decision curve reads probabilities.
        pos_label : int, float, bool or str, default=None
            Default: the estimator's second class.
        name : str, default=None
            Default: the estimator's class name.
        ax : matplotlib Axes, default=None
        plot_chance_level, chance_level_kw, despine
            As for :meth:`plot`.
        **kwargs
            Passed to :meth:`plot` (matplotlib's line keywords).

        Returns
        -------
        display
        """
        if response_method != "predict_proba":
            raise ValueError("A decision curve reads probabilities: response_method must "
                             f"be 'predict_proba'; got {response_method!r}.")
        # (the curve's own options reach from_predictions through the keywords)
        return super().from_estimator(
            estimator, X, y, sample_weight=sample_weight, response_method=response_method,
            pos_label=pos_label, name=name, ax=ax, plot_chance_level=plot_chance_level,
            chance_level_kw=chance_level_kw, despine=despine, thresholds=thresholds,
            prevalence=prevalence, shift_risks=shift_risks, harm=harm, **kwargs)


class RiskCoverageDisplay(_CurveDisplay):
    """The risk-coverage curve (:func:`risk_coverage_curve`): the error of the
    automatic decisions against the share of cases decided; the legend gives its area
    (:func:`aurc_score`). The chance level is the error with every case decided, which
    reviewing cases at random keeps.

    Parameters
    ----------
    x, y : ndarray
        Coverage and risk.
    value : float, default=None
        The area under the curve.
    name : str, default=None
    pos_label : int, float, bool or str, default=None

    Attributes
    ----------
    line_, chance_level_ : matplotlib artists (or None)
    ax_ : matplotlib Axes
    figure_ : matplotlib Figure

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from sklearn_prcurves import RiskCoverageDisplay
    >>> display = RiskCoverageDisplay.from_predictions([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> display.x, display.value
    (array([0.25, 0.5 , 0.75, 1.  ]), 0.14583333333333331)
    >>> list(display.frame().columns)
    ['coverage', 'risk', 'threshold']
    """

    _xlabel, _ylabel, _metric = "Coverage (share decided)", "Risk (error of those decided)", "AURC"
    _frame_axes = ("coverage", "risk")

    def _chance(self, ax, kw):
        (line,) = ax.plot([0, 1], [self.y[-1]] * 2,
                          label=kw.pop("label", "review at random"), **kw)
        return line

    @classmethod
    def from_predictions(cls, y_true, y_score, *, threshold=0.5, sample_weight=None,
                         prevalence=None, pos_label=None, name=None, ax=None,
                         plot_chance_level=False, chance_level_kw=None, despine=False,
                         **kwargs):
        """Compute the curve (:func:`risk_coverage_curve`), then :meth:`plot` it.

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
        y_score : array-like of shape (n_samples,)
        threshold : float, default=0.5
            The decision threshold of the automatic decisions.
        sample_weight : array-like of shape (n_samples,), default=None
        prevalence : float in (0, 1), default=None
            As for :func:`risk_coverage_curve`.
        pos_label : int, float, bool or str, default=None
        name : str, default=None
        ax : matplotlib Axes, default=None
        plot_chance_level, chance_level_kw, despine
            As for :meth:`plot`.
        **kwargs
            Passed to :meth:`plot` (matplotlib's line keywords).

        Returns
        -------
        display
        """
        coverage, risk, widths = risk_coverage_curve(
            y_true, y_score, threshold=threshold, pos_label=pos_label,
            sample_weight=sample_weight, prevalence=prevalence)
        display = cls(x=coverage, y=risk, value=area_under_risk(coverage, risk), name=name,
                      pos_label=resolved_pos_label(pos_label, y_true))
        display._thresholds = widths
        return display.plot(ax, plot_chance_level=plot_chance_level,
                            chance_level_kw=chance_level_kw, despine=despine, **kwargs)

    @classmethod
    def from_estimator(cls, estimator, X, y, *, threshold=None, sample_weight=None,
                       prevalence=None, response_method="auto", pos_label=None, name=None,
                       ax=None, plot_chance_level=False, chance_level_kw=None,
                       despine=False, **kwargs):
        """Score ``X`` with a fitted binary classifier, then plot the curve.

        Parameters
        ----------
        estimator : fitted binary classifier
        X : array-like of shape (n_samples, n_features)
        y : array-like of shape (n_samples,)
        threshold : float, default=None
            The decision threshold: 0.5 for probabilities, 0 for a
            ``decision_function``.
        sample_weight, prevalence
            As for :meth:`from_predictions`.
        response_method : {"auto", "predict_proba", "decision_function"}, default="auto"
        pos_label : int, float, bool or str, default=None
            Default: the estimator's second class.
        name : str, default=None
            Default: the estimator's class name.
        ax : matplotlib Axes, default=None
        plot_chance_level, chance_level_kw, despine
            As for :meth:`plot`.
        **kwargs
            Passed to :meth:`plot` (matplotlib's line keywords).

        Returns
        -------
        display
        """
        if threshold is None:
            probabilities = response_method in ("auto", "predict_proba") and hasattr(
                estimator, "predict_proba")
            threshold = 0.5 if probabilities else 0.0
        return super().from_estimator(
            estimator, X, y, sample_weight=sample_weight, response_method=response_method,
            pos_label=pos_label, name=name, ax=ax, plot_chance_level=plot_chance_level,
            chance_level_kw=chance_level_kw, despine=despine, threshold=threshold,
            prevalence=prevalence, **kwargs)

"""The interpolated precision-recall curve, drawn."""

import numpy as np

from .._curves import two_class_table
from .._hull import hull_vertices
from .._interpolation import path_area, path_points, table_path
from .._uncertainty import curve_band
from ._base import (
    binary_scores,
    check_band_options,
    cv_folds,
    finish_axes,
    import_pyplot,
    iso_f1_curve,
    display_repr,
    legend_label,
    resolved_pos_label,
)

# The interpolations that describe a curve to draw (step and linear are only areas).
_DRAWN_INTERPOLATIONS = ("davis-goadrich", "continuous")


def _check_drawn(interpolation):
    if interpolation not in _DRAWN_INTERPOLATIONS:
        raise ValueError(
            f"interpolation must be one of {_DRAWN_INTERPOLATIONS}; got {interpolation!r}."
        )


class PRCurveDisplay:
    """Precision-recall curve interpolated as Davis and Goadrich (2006) prescribe.

    The curve between thresholds follows the expected precision over random orderings
    (never a straight line); optionally the achievable PR curve (the image of the ROC
    convex hull), scikit-learn's step curve for comparison, iso-F1 lines, the chance
    level at the prevalence, and markers at chosen operating points. Create it with
    :meth:`from_estimator`, :meth:`from_predictions` or :meth:`from_cv_results`;
    several displays can share one ``ax``.

    Parameters
    ----------
    precision, recall : ndarray
        The interpolated curve, in increasing recall.
    pr_auc : float, default=None
        Area under it, shown in the legend.
    name : str, default=None
        Label of the curve.
    pos_label : int, float, bool or str, default=None
        The positive class, shown on the axes.
    prevalence : float, default=None
        Share of positives: the precision of a random ranking.
    achievable : tuple of ndarray, default=None
        ``(precision, recall, pr_auc)`` of the achievable PR curve.
    step : tuple of ndarray, default=None
        ``(precision, recall, average_precision)`` of scikit-learn's step curve.
    operating_points : tuple of ndarray, default=None
        ``(precision, recall)`` of points to mark.
    pr_auc_std : float, default=None
        Standard deviation over cross-validation folds (from :meth:`from_cv_results`).
    fold_curves : list of tuple, default=None
        ``(precision, recall)`` per fold (from :meth:`from_cv_results`).
    confidence_band : tuple, default=None
        ``(recall_grid, lower, upper, level)``: a pointwise bootstrap band.

    Attributes
    ----------
    line_ : matplotlib Line2D
        The interpolated curve.
    achievable_line_, step_line_, chance_level_ : matplotlib artists or None
    iso_f1_lines_ : list of matplotlib Line2D
    operating_points_ : matplotlib PathCollection or None
    fold_lines_ : list of matplotlib Line2D
    band_ : matplotlib PolyCollection or None
        Mean +/- one standard deviation over folds.
    confidence_band_ : matplotlib PolyCollection or None
        The bootstrap confidence band.
    ax_ : matplotlib Axes
    figure_ : matplotlib Figure

    See Also
    --------
    pr_curve, ROCCurveDisplay

    References
    ----------
    .. [1] J. Davis and M. Goadrich, "The Relationship Between Precision-Recall and
           ROC Curves", ICML 2006.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from sklearn_prcurves import PRCurveDisplay
    >>> display = PRCurveDisplay.from_predictions(
    ...     [0, 1, 1, 0, 1], [0.1, 0.8, 0.6, 0.7, 0.3], name="model", plot_achievable=True)
    >>> display.line_.get_label()
    'model (AUC-PR = 0.76)'
    """

    def __init__(
        self,
        *,
        precision,
        recall,
        pr_auc=None,
        name=None,
        pos_label=None,
        prevalence=None,
        achievable=None,
        step=None,
        operating_points=None,
        pr_auc_std=None,
        fold_curves=None,
        confidence_band=None,
    ):
        self.precision = precision
        self.recall = recall
        self.pr_auc = pr_auc
        self.name = name
        self.pos_label = pos_label
        self.prevalence = prevalence
        self.achievable = achievable
        self.step = step
        self.operating_points = operating_points
        self.pr_auc_std = pr_auc_std
        self.fold_curves = fold_curves
        self.confidence_band = confidence_band

    def __repr__(self):
        return display_repr(self, name=self.name, pr_auc=_float(self.pr_auc),
                            pos_label=self.pos_label, n_points=len(self.recall))

    def plot(
        self,
        ax=None,
        *,
        name=None,
        plot_chance_level=False,
        iso_f1=False,
        despine=False,
        chance_level_kw=None,
        plot_unachievable=False,
        **kwargs,
    ):
        """Draw the curve (and whatever the display holds) on ``ax``.

        Parameters
        ----------
        ax : matplotlib Axes, default=None
            Where to draw; a new figure when None.
        name : str, default=None
            Overrides the display's name in the legend.
        plot_chance_level : bool, default=False
            Draw the precision of a random ranking (the prevalence).
        iso_f1 : bool or sequence of float, default=False
            Draw lines of constant F1 (True: 0.2, 0.4, 0.6, 0.8).
        despine : bool, default=False
            Hide the top and right spines.
        chance_level_kw : dict, default=None
            Keyword arguments for the chance level line.
        plot_unachievable : bool, default=False
            Shade the region no ranking of data with this prevalence can reach: under
            the curve of every negative ranked first (Boyd et al., ICML 2012).
        **kwargs
            Passed to ``ax.plot`` for the main curve.

        Returns
        -------
        self : PRCurveDisplay
        """
        plt = import_pyplot()
        if ax is None:
            _, ax = plt.subplots()
        name = self.name if name is None else name
        label = legend_label(name, "AUC-PR", self.pr_auc, self.pr_auc_std)
        self.fold_lines_ = [
            ax.plot(r, p, color="0.6", linewidth=0.8, alpha=0.6)[0]
            for p, r in (self.fold_curves or [])
        ]
        self.band_ = None
        if self.fold_curves and self.pr_auc_std is not None:
            grid, mean, std = _fold_band(self.fold_curves)
            self.band_ = ax.fill_between(
                grid, np.clip(mean - std, 0, 1), np.clip(mean + std, 0, 1), alpha=0.2,
                label="mean ± 1 std. dev.",
            )
        (self.line_,) = ax.plot(self.recall, self.precision, label=label, **kwargs)
        color = self.line_.get_color()
        self.confidence_band_ = None
        if self.confidence_band is not None:
            grid, lower, upper, level = self.confidence_band
            self.confidence_band_ = ax.fill_between(
                grid, lower, upper, color=color, alpha=0.2,
                label=f"{level:.0%} confidence band (bootstrap)",
            )
        self.achievable_line_ = None
        if self.achievable is not None:
            precision, recall, area = self.achievable
            (self.achievable_line_,) = ax.plot(
                recall, precision, linestyle="--", color=color,
                label=legend_label(f"{name} achievable" if name else "achievable", "AUC-PR", area),
            )
        self.step_line_ = None
        if self.step is not None:
            precision, recall, area = self.step
            (self.step_line_,) = ax.step(
                recall, precision, where="post", linestyle=":", color=color,
                label=legend_label(f"{name} steps" if name else "steps", "AP", area),
            )
        self.operating_points_ = None
        if self.operating_points is not None:
            precision, recall = self.operating_points
            self.operating_points_ = ax.scatter(
                recall, precision, color=color, zorder=3, label="operating points"
            )
        self.unachievable_ = None
        if plot_unachievable:
            if self.prevalence is None:
                raise ValueError("plot_unachievable needs the prevalence: create the display "
                                 "with from_predictions or from_estimator, or pass prevalence.")
            # Every negative first: TP = r P at FP = N, precision r pi / (r pi + 1 - pi).
            recall = np.linspace(0, 1, 201)
            pi = self.prevalence
            self.unachievable_ = ax.fill_between(
                recall, 0, recall * pi / (recall * pi + 1 - pi), color="0.85", zorder=0,
                label="unachievable region")
        self.chance_level_ = None
        if plot_chance_level and self.prevalence is not None:
            kw = {"color": "k", "linestyle": "--", "linewidth": 1,
                  "label": f"chance level (precision = {self.prevalence:0.2f})"}
            kw.update(chance_level_kw or {})
            self.chance_level_ = ax.axhline(self.prevalence, **kw)
        self.iso_f1_lines_ = []
        if iso_f1 is not False:
            levels = (0.2, 0.4, 0.6, 0.8) if iso_f1 is True else iso_f1
            for level in levels:
                # From where the line enters at precision 1 to recall 1, labelled just
                # outside the right edge, where no curve is drawn.
                recall, precision = iso_f1_curve(level)
                (line,) = ax.plot(recall, precision, color="0.8", linewidth=0.8, zorder=0)
                ax.annotate(f"F1={level:0.1f}", xy=(1, precision[-1]), xytext=(4, 0),
                            textcoords="offset points", va="center", color="0.5",
                            fontsize=8, annotation_clip=False)
                self.iso_f1_lines_.append(line)
        suffix = "" if self.pos_label is None else f" (Positive label: {self.pos_label})"
        finish_axes(ax, "Recall" + suffix, "Precision" + suffix, despine)
        self.ax_, self.figure_ = ax, ax.figure
        return self

    @classmethod
    def from_predictions(
        cls,
        y_true,
        y_score,
        *,
        interpolation="davis-goadrich",
        sample_weight=None,
        pos_label=None,
        name=None,
        ax=None,
        plot_achievable=False,
        plot_step=False,
        plot_chance_level=False,
        iso_f1=False,
        operating_points=None,
        despine=False,
        confidence_band=None,
        n_resamples=500,
        random_state=None,
        **kwargs,
    ):
        """Compute the curve from scores and draw it.

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
            True binary labels.
        y_score : array-like of shape (n_samples,)
            Scores; higher means more likely positive.
        interpolation : {"davis-goadrich", "continuous"}, default="davis-goadrich"
            How the curve and its area are interpolated (see :func:`pr_auc_score`).
        sample_weight : array-like of shape (n_samples,), default=None
            Non-negative sample weights.
        pos_label : int, float, bool or str, default=None
            The positive class.
        name : str, default=None
            Legend label.
        ax : matplotlib Axes, default=None
        plot_achievable : bool, default=False
            Also draw the achievable PR curve (dashed).
        plot_step : bool, default=False
            Also draw scikit-learn's step curve (dotted).
        plot_chance_level : bool, default=False
        iso_f1 : bool or sequence of float, default=False
        operating_points : array-like of float, default=None
            Score thresholds whose (recall, precision) to mark.
        despine : bool, default=False
        confidence_band : float in (0, 1), default=None
            Draw a pointwise stratified-bootstrap confidence band at this level.
        n_resamples : int, default=500
            Bootstrap resamples for the band.
        random_state : int, RandomState instance or None, default=None
            Seeds the band's resampling.
        **kwargs
            Passed to ``ax.plot`` for the main curve.

        Returns
        -------
        display : PRCurveDisplay
        """
        _check_drawn(interpolation)
        check_band_options(confidence_band, n_resamples)
        table = two_class_table(y_true, y_score, pos_label, sample_weight)
        tp, fp, thresholds = table_path(table)
        precision, recall, _ = path_points(tp, fp, thresholds, interpolation)
        achievable = step = marked = None
        if plot_achievable:
            keep = hull_vertices(fp, tp)
            hp, hr, _ = path_points(tp[keep], fp[keep], thresholds[keep], interpolation)
            achievable = (hp, hr, path_area(tp[keep], fp[keep], interpolation))
        if plot_step:
            sp = tp[1:] / (tp[1:] + fp[1:])
            step = (
                np.concatenate([[sp[0]], sp]),
                np.concatenate([[0.0], tp[1:] / tp[-1]]),
                path_area(tp, fp, "step"),
            )
        if operating_points is not None:
            at = np.searchsorted(-table.thresholds, -np.asarray(operating_points, float), "right") - 1
            at = at[at >= 0]
            marked = (table.tps[at] / (table.tps[at] + table.fps[at]), table.tps[at] / tp[-1])
        band = None
        if confidence_band is not None:
            grid = np.linspace(0, 1, 201)

            def curve(resampled):
                p, r, _ = path_points(*table_path(resampled), interpolation)
                return r, p

            lower, upper = curve_band(
                y_true, y_score, curve, grid, confidence_level=confidence_band,
                n_resamples=n_resamples, random_state=random_state, pos_label=pos_label,
                sample_weight=sample_weight,
            )
            band = (grid, lower, upper, confidence_band)
        display = cls(
            confidence_band=band,
            precision=precision,
            recall=recall,
            pr_auc=path_area(tp, fp, interpolation),
            name=name,
            pos_label=resolved_pos_label(pos_label, y_true),
            prevalence=tp[-1] / (tp[-1] + fp[-1]),
            achievable=achievable,
            step=step,
            operating_points=marked,
        )
        return display.plot(
            ax, plot_chance_level=plot_chance_level, iso_f1=iso_f1, despine=despine, **kwargs
        )

    @classmethod
    def from_estimator(
        cls, estimator, X, y, *, response_method="auto", pos_label=None, name=None, **kwargs
    ):
        """Score ``X`` with a fitted binary classifier and draw its curve.

        Parameters
        ----------
        estimator : fitted classifier
        X : array-like of shape (n_samples, n_features)
        y : array-like of shape (n_samples,)
        response_method : {"auto", "predict_proba", "decision_function"}, default="auto"
        pos_label : int, float, bool or str, default=None
            The positive class; ``estimator.classes_[1]`` when None.
        name : str, default=None
            Legend label; the estimator's class name when None.
        **kwargs
            As for :meth:`from_predictions`.

        Returns
        -------
        display : PRCurveDisplay
        """
        y_score, pos_label = binary_scores(
            estimator, X, response_method=response_method, pos_label=pos_label
        )
        name = type(estimator).__name__ if name is None else name
        return cls.from_predictions(y, y_score, pos_label=pos_label, name=name, **kwargs)

    @classmethod
    def from_cv_results(
        cls,
        cv_results,
        X,
        y,
        *,
        interpolation="davis-goadrich",
        sample_weight=None,
        response_method="auto",
        pos_label=None,
        name=None,
        ax=None,
        **kwargs,
    ):
        """One curve per cross-validation fold, their mean and a +/- 1 std band.

        Parameters
        ----------
        cv_results : dict
            From ``cross_validate(..., return_estimator=True, return_indices=True)``.
        X : array-like of shape (n_samples, n_features)
        y : array-like of shape (n_samples,)
        interpolation : {"davis-goadrich", "continuous"}, default="davis-goadrich"
        sample_weight : array-like of shape (n_samples,), default=None
        response_method : {"auto", "predict_proba", "decision_function"}, default="auto"
        pos_label : int, float, bool or str, default=None
        name : str, default=None
        ax : matplotlib Axes, default=None
        **kwargs
            Passed to :meth:`plot`.

        Returns
        -------
        display : PRCurveDisplay
            ``pr_auc`` is the mean of the folds' areas, ``pr_auc_std`` their spread.
        """
        _check_drawn(interpolation)
        curves, areas, prevalences = [], [], []
        for estimator, X_test, y_test, w_test in cv_folds(cv_results, X, y, sample_weight):
            y_score, label = binary_scores(
                estimator, X_test, response_method=response_method, pos_label=pos_label
            )
            tp, fp, thresholds = table_path(two_class_table(y_test, y_score, label, w_test))
            precision, recall, _ = path_points(tp, fp, thresholds, interpolation)
            curves.append((precision, recall))
            areas.append(path_area(tp, fp, interpolation))
            prevalences.append(tp[-1] / (tp[-1] + fp[-1]))
        grid, mean, _ = _fold_band(curves)
        display = cls(
            precision=mean,
            recall=grid,
            pr_auc=float(np.mean(areas)),
            pr_auc_std=float(np.std(areas)),
            name=name,
            pos_label=label,
            prevalence=float(np.mean(prevalences)),
            fold_curves=curves,
        )
        return display.plot(ax, **kwargs)


def _fold_band(curves):
    """Mean and std of fold curves on a common recall grid (upper envelope at jumps)."""
    grid = np.linspace(0, 1, 201)
    values = []
    for precision, recall in curves:
        # Vertical drops put several precisions at one recall: keep the last one
        # (the lower, right-continuous value) when interpolating.
        values.append(np.interp(grid, recall, precision))
    values = np.array(values)
    return grid, values.mean(axis=0), values.std(axis=0)


def _float(value):
    return None if value is None else float(value)

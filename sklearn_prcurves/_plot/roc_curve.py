"""The ROC curve with its convex hull, drawn."""

import numpy as np
from scipy.integrate import trapezoid

from .._curves import two_class_table
from .._hull import hull_vertices
from .._interpolation import table_path
from .._uncertainty import curve_band
from ._base import (
    binary_scores,
    check_band_options,
    cv_folds,
    display_repr,
    finish_axes,
    import_pyplot,
    legend_label,
    log_view,
    resolved_pos_label,
)


class ROCCurveDisplay:
    """ROC curve with its convex hull and the chance diagonal.

    Create it with :meth:`from_estimator`, :meth:`from_predictions` or
    :meth:`from_cv_results`; several displays can share one ``ax``.

    Parameters
    ----------
    fpr, tpr : ndarray
        The ROC curve, from (0, 0) to (1, 1).
    roc_auc : float, default=None
        Area under it, shown in the legend.
    name : str, default=None
    pos_label : int, float, bool or str, default=None
    hull : tuple of ndarray, default=None
        ``(fpr, tpr, auc)`` of the ROC convex hull.
    roc_auc_std : float, default=None
        Standard deviation over folds (from :meth:`from_cv_results`).
    fold_curves : list of tuple, default=None
        ``(fpr, tpr)`` per fold.
    confidence_band : tuple, default=None
        ``(fpr_grid, lower, upper, level)``: a pointwise bootstrap band.

    Attributes
    ----------
    line_, hull_line_, chance_level_ : matplotlib artists (or None)
    fold_lines_ : list of matplotlib Line2D
    band_ : matplotlib PolyCollection or None
    confidence_band_ : matplotlib PolyCollection or None
    ax_ : matplotlib Axes
    figure_ : matplotlib Figure

    See Also
    --------
    roc_curve, roc_convex_hull, PRCurveDisplay

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from sklearn_prcurves import ROCCurveDisplay
    >>> display = ROCCurveDisplay.from_predictions(
    ...     [0, 1, 1, 0, 1], [0.1, 0.8, 0.6, 0.7, 0.3], name="model", plot_hull=True)
    >>> display.line_.get_label(), display.hull_line_.get_label()
    ('model (AUC = 0.67)', 'model hull (AUC = 0.83)')
    """

    def __init__(self, *, fpr, tpr, roc_auc=None, name=None, pos_label=None, hull=None,
                 roc_auc_std=None, fold_curves=None, confidence_band=None):
        self.fpr = fpr
        self.tpr = tpr
        self.roc_auc = roc_auc
        self.name = name
        self.pos_label = pos_label
        self.hull = hull
        self.roc_auc_std = roc_auc_std
        self.fold_curves = fold_curves
        self.confidence_band = confidence_band

    def __repr__(self):
        return display_repr(self, name=self.name,
                            roc_auc=None if self.roc_auc is None else float(self.roc_auc),
                            pos_label=self.pos_label, n_points=len(self.fpr))

    def plot(self, ax=None, *, name=None, plot_chance_level=False, despine=False,
             chance_level_kw=None, log_fpr=False, **kwargs):
        """Draw the curve (and whatever the display holds) on ``ax``.

        Parameters
        ----------
        ax : matplotlib Axes, default=None
        name : str, default=None
        plot_chance_level : bool, default=False
            Draw the diagonal of a random ranking.
        despine : bool, default=False
        chance_level_kw : dict, default=None
        log_fpr : bool, default=False
            False positive rate on a log axis, from the smallest rate the curve
            reaches: where rare-positive problems are decided. Straight segments are
            drawn as the curves they become on that axis.
        **kwargs
            Passed to ``ax.plot`` for the main curve.

        Returns
        -------
        self : ROCCurveDisplay
        """
        plt = import_pyplot()
        if ax is None:
            _, ax = plt.subplots()
        name = self.name if name is None else name
        self.fold_lines_ = [
            ax.plot(f, t, color="0.6", linewidth=0.8, alpha=0.6)[0]
            for f, t in (self.fold_curves or [])
        ]
        self.band_ = None
        if self.fold_curves and self.roc_auc_std is not None:
            grid = np.linspace(0, 1, 201)
            values = np.array([np.interp(grid, f, t) for f, t in self.fold_curves])
            mean, std = values.mean(axis=0), values.std(axis=0)
            self.band_ = ax.fill_between(grid, np.clip(mean - std, 0, 1),
                                         np.clip(mean + std, 0, 1), alpha=0.2,
                                         label="mean ± 1 std. dev.")
        (self.line_,) = ax.plot(self.fpr, self.tpr, label=legend_label(name, "AUC", self.roc_auc,
                                                                  self.roc_auc_std), **kwargs)
        self.confidence_band_ = None
        if self.confidence_band is not None:
            grid, lower, upper, level = self.confidence_band
            self.confidence_band_ = ax.fill_between(
                grid, lower, upper, color=self.line_.get_color(), alpha=0.2,
                label=f"{level:.0%} confidence band (bootstrap)",
            )
        self.hull_line_ = None
        if self.hull is not None:
            fpr, tpr, area = self.hull
            (self.hull_line_,) = ax.plot(
                fpr, tpr, linestyle="--", color=self.line_.get_color(),
                label=legend_label(f"{name} hull" if name else "hull", "AUC", area),
            )
        self.chance_level_ = None
        if plot_chance_level:
            kw = {"color": "k", "linestyle": "--", "linewidth": 1, "label": "chance level (AUC = 0.5)"}
            kw.update(chance_level_kw or {})
            (self.chance_level_,) = ax.plot([0, 1], [0, 1], **kw)
        suffix = "" if self.pos_label is None else f" (Positive label: {self.pos_label})"
        finish_axes(ax, "False Positive Rate" + suffix, "True Positive Rate" + suffix, despine)
        if log_fpr:
            positive = self.fpr[self.fpr > 0]
            low = max(float(positive.min()) if positive.size else 1e-3, 1e-7) / 2
            for line in ax.get_lines():
                x, y = np.asarray(line.get_xdata(), float), np.asarray(line.get_ydata(), float)
                if x.size >= 2 and np.all(np.diff(x) >= 0):
                    line.set_data(*log_view(x, y, low))
            ax.set(xscale="log", xlim=(low, 1), aspect="auto")
        self.ax_, self.figure_ = ax, ax.figure
        return self

    @classmethod
    def from_predictions(cls, y_true, y_score, *, sample_weight=None, pos_label=None, name=None,
                         ax=None, plot_hull=False, plot_chance_level=False, despine=False,
                         confidence_band=None, n_resamples=500, random_state=None, **kwargs):
        """Compute the ROC curve (all thresholds) from scores and draw it.

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
        y_score : array-like of shape (n_samples,)
        sample_weight : array-like of shape (n_samples,), default=None
        pos_label : int, float, bool or str, default=None
        name : str, default=None
        ax : matplotlib Axes, default=None
        plot_hull : bool, default=False
            Also draw the ROC convex hull (dashed).
        plot_chance_level : bool, default=False
        despine : bool, default=False
        confidence_band : float in (0, 1), default=None
            Draw a pointwise stratified-bootstrap confidence band at this level.
        n_resamples : int, default=500
        random_state : int, RandomState instance or None, default=None
        **kwargs
            Passed to ``ax.plot`` for the main curve.

        Returns
        -------
        display : ROCCurveDisplay
        """
        check_band_options(confidence_band, n_resamples)
        table = two_class_table(y_true, y_score, pos_label, sample_weight)
        fpr, tpr, area, hull = _roc(table, plot_hull)
        band = None
        if confidence_band is not None:
            grid = np.linspace(0, 1, 201)
            lower, upper = curve_band(
                y_true, y_score, lambda t: _roc(t, False)[:2], grid,
                confidence_level=confidence_band, n_resamples=n_resamples,
                random_state=random_state, pos_label=pos_label, sample_weight=sample_weight,
            )
            band = (grid, lower, upper, confidence_band)
        display = cls(fpr=fpr, tpr=tpr, roc_auc=area, name=name,
                      pos_label=resolved_pos_label(pos_label, y_true), hull=hull,
                      confidence_band=band)
        return display.plot(ax, plot_chance_level=plot_chance_level, despine=despine, **kwargs)

    @classmethod
    def from_estimator(cls, estimator, X, y, *, response_method="auto", pos_label=None,
                       name=None, **kwargs):
        """Score ``X`` with a fitted binary classifier and draw its ROC curve.

        Parameters
        ----------
        estimator : fitted classifier
        X : array-like of shape (n_samples, n_features)
        y : array-like of shape (n_samples,)
        response_method : {"auto", "predict_proba", "decision_function"}, default="auto"
        pos_label : int, float, bool or str, default=None
        name : str, default=None
        **kwargs
            As for :meth:`from_predictions`.

        Returns
        -------
        display : ROCCurveDisplay
        """
        y_score, pos_label = binary_scores(estimator, X, response_method=response_method,
                                           pos_label=pos_label)
        name = type(estimator).__name__ if name is None else name
        return cls.from_predictions(y, y_score, pos_label=pos_label, name=name, **kwargs)

    @classmethod
    def from_cv_results(cls, cv_results, X, y, *, sample_weight=None, response_method="auto",
                        pos_label=None, name=None, ax=None, **kwargs):
        """One ROC curve per cross-validation fold, their mean and a +/- 1 std band.

        Parameters
        ----------
        cv_results : dict
            From ``cross_validate(..., return_estimator=True, return_indices=True)``.
        X : array-like of shape (n_samples, n_features)
        y : array-like of shape (n_samples,)
        sample_weight : array-like of shape (n_samples,), default=None
        response_method : {"auto", "predict_proba", "decision_function"}, default="auto"
        pos_label : int, float, bool or str, default=None
        name : str, default=None
        ax : matplotlib Axes, default=None
        **kwargs
            Passed to :meth:`plot`.

        Returns
        -------
        display : ROCCurveDisplay
        """
        curves, areas = [], []
        for estimator, X_test, y_test, w_test in cv_folds(cv_results, X, y, sample_weight):
            y_score, label = binary_scores(estimator, X_test, response_method=response_method,
                                           pos_label=pos_label)
            fpr, tpr, area, _ = _roc(two_class_table(y_test, y_score, label, w_test), False)
            curves.append((fpr, tpr))
            areas.append(area)
        grid = np.linspace(0, 1, 201)
        mean = np.mean([np.interp(grid, f, t) for f, t in curves], axis=0)
        display = cls(fpr=grid, tpr=mean, roc_auc=float(np.mean(areas)),
                      roc_auc_std=float(np.std(areas)), name=name, pos_label=label,
                      fold_curves=curves)
        return display.plot(ax, **kwargs)


def _roc(table, with_hull):
    tp, fp, _ = table_path(table)
    fpr, tpr = fp / fp[-1], tp / tp[-1]
    area = float(trapezoid(tpr, fpr))
    hull = None
    if with_hull:
        keep = hull_vertices(fp, tp)
        hull = (fpr[keep], tpr[keep], float(trapezoid(tpr[keep], fpr[keep])))
    return fpr, tpr, area, hull

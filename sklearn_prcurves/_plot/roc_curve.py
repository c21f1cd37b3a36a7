"""The ROC curve, drawn as scikit-learn draws it, with the convex hull one keyword away."""

import numpy as np
from scipy.integrate import trapezoid
from sklearn.metrics import RocCurveDisplay as _SklearnRocCurveDisplay

from .._base._compat import plot_curve_arguments
from .._measures._hull import hull_vertices
from .._metrics._auc import auc
from .._metrics._curves import table_roc
from ._base import log_axis_low, log_view
from ._dropin import TableCurveMixin, curve_names, own_points, summary_label, warn_renamed


def _roc_of_table(table):
    fpr, tpr, _ = table_roc(table, False)
    return fpr, tpr


class RocCurveDisplay(TableCurveMixin, _SklearnRocCurveDisplay):
    """ROC curve visualization: scikit-learn's display, computed by this package.

    A subclass of :class:`sklearn.metrics.RocCurveDisplay` (so ``isinstance`` checks
    against scikit-learn's class hold): the constructor, :meth:`plot`'s parameters,
    the attributes, the multi-curve and cross-validation behaviour, the errors and the
    deprecations are the installed scikit-learn's. The curves come from the counting
    kernel (values identical to :func:`roc_curve`). Added, all off by default:
    ``plot_hull`` (the ROC convex hull: the best any mixture of the model's thresholds
    can do), ``log_fpr`` (false positive rate on a log axis) and, in
    :meth:`from_predictions`, a bootstrap ``confidence_band``.

    Parameters
    ----------
    fpr, tpr : ndarray or list of ndarray
        False and true positive rates, one array per curve.
    roc_auc : float or list of float, default=None
        Areas shown in the legend.
    name : str or list of str, default=None
        Legend name(s).
    pos_label : int, float, bool or str, default=None
        The positive class, shown on the axes.

    Attributes
    ----------
    line_ : matplotlib Line2D or list of Line2D
        The ROC curve(s).
    chance_level_ : matplotlib Line2D or None
    hull_line_ : matplotlib Line2D, list of Line2D or None
        The convex hull(s), drawn when ``plot_hull=True``.
    confidence_band_ : matplotlib PolyCollection or None
        The bootstrap band, drawn when ``from_predictions`` computed one.
    ax_ : matplotlib Axes
    figure_ : matplotlib Figure

    See Also
    --------
    roc_curve, roc_convex_hull, PrecisionRecallDisplay

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from sklearn_prcurves import RocCurveDisplay
    >>> display = RocCurveDisplay.from_predictions(
    ...     [0, 1, 1, 0, 1], [0.1, 0.8, 0.6, 0.7, 0.3], name="model", plot_hull=True)
    >>> display.line_.get_label(), display.hull_line_.get_label()
    ('model (AUC = 0.67)', 'model hull (AUC = 0.83)')
    """

    _deprecated_y_pred = "1.7"

    _legend_loc = "lower right"
    _frame_axes = ("fpr", "tpr")

    @staticmethod
    def _band_curve(plot_kwargs):
        return _roc_of_table

    @staticmethod
    def _band_grid(fpr, plot_kwargs):
        """On a log axis (``log_fpr``), log-spaced from the axis' left end, where the
        rare-positive decisions are, and at the curve's own points there."""
        if not plot_kwargs.get("log_fpr"):
            return TableCurveMixin._band_grid(fpr, plot_kwargs)
        low = log_axis_low(fpr)
        return np.union1d(np.geomspace(low, 1, 400), own_points(fpr, low, 1.0))

    @staticmethod
    def _curve(table, drop_intermediate, y_true, pos_label):
        fpr, tpr, thresholds = table_roc(table, drop_intermediate)
        return {"fpr": fpr, "tpr": tpr, "roc_auc": auc(fpr, tpr)}, thresholds

    def plot(self, ax=None, *, name=None, curve_kwargs=None, plot_chance_level=False,
             chance_level_kw=None, despine=False, plot_hull=False, log_fpr=False,
             plot_mean=False, **kwargs):
        """Plot the ROC curve(s), and the package's additions asked for.

        Parameters
        ----------
        ax, name, curve_kwargs, plot_chance_level, chance_level_kw, despine
            As for :meth:`sklearn.metrics.RocCurveDisplay.plot`.
        plot_hull : bool, default=False
            Also draw each curve's ROC convex hull (dashed, in the curve's colour).
        log_fpr : bool, default=False
            False positive rate on a log axis, from the smallest rate a curve reaches:
            where rare-positive problems are decided. Straight segments are drawn as
            the curves they become on that axis.
        plot_mean : bool, default=False
            With several curves (``from_cv_results``): their mean (vertical averaging:
            the mean true positive rate at each false positive rate) and a band of one
            standard deviation across them, the folds drawn faint.
        **kwargs
            What the installed scikit-learn's ``plot`` still accepts (deprecated
            matplotlib keywords in 1.8).

        Returns
        -------
        display : RocCurveDisplay
        """
        super().plot(ax, name=name, plot_chance_level=plot_chance_level,
                     chance_level_kw=chance_level_kw, despine=despine,
                     **plot_curve_arguments(_SklearnRocCurveDisplay.plot, curve_kwargs,
                                            kwargs))
        self._draw_bands()
        self.hull_line_ = None
        if plot_hull:
            self._draw_hulls(name)
        if log_fpr:
            self._use_log_fpr()
        self.mean_line_ = self.fold_band_ = None
        if plot_mean:
            grid = (np.geomspace(self.ax_.get_xlim()[0], 1, 400) if log_fpr
                    else np.linspace(0, 1, 201))
            self._draw_fold_mean(name, _as_list(self.roc_auc), "AUC", grid)
        if plot_hull or plot_mean or self.confidence_band_ is not None:
            self._refresh_legend()
        return self

    def _draw_hulls(self, name):
        fprs, tprs = _as_list(self.fpr), _as_list(self.tpr)
        hulls = []
        for fpr, tpr in zip(fprs, tprs):
            fpr, tpr = np.asarray(fpr, float), np.asarray(tpr, float)
            if not (np.isfinite(fpr).all() and np.isfinite(tpr).all()):
                hulls.append(None)  # one class: the curve is NaN (scikit-learn warned)
                continue
            keep = hull_vertices(fpr, tpr)
            hulls.append((fpr[keep], tpr[keep], float(trapezoid(tpr[keep], fpr[keep]))))
        names = curve_names(self, name, len(hulls))
        labels = summary_label([np.nan if h is None else h[2] for h in hulls], names,
                               "hull", "AUC")
        lines = []
        for hull, line, label in zip(hulls, self._drawn_lines(), labels):
            if hull is not None:
                lines += self.ax_.plot(hull[0], hull[1], linestyle="--",
                                       color=line.get_color(), label=label)
        self.hull_line_ = None if not lines else lines[0] if len(lines) == 1 else lines

    def _use_log_fpr(self):
        low = log_axis_low(np.concatenate([np.asarray(f, float) for f in _as_list(self.fpr)]))
        for line in self.ax_.get_lines():
            x, y = np.asarray(line.get_xdata(), float), np.asarray(line.get_ydata(), float)
            if x.size >= 2 and np.all(np.diff(x) >= 0):
                line.set_data(*log_view(x, y, low))
        self.ax_.set(xscale="log", xlim=(low, 1), aspect="auto")

    @classmethod
    def from_estimator(cls, estimator, X, y, *, sample_weight=None, drop_intermediate=True,
                       response_method="auto", pos_label=None, name=None, ax=None,
                       curve_kwargs=None, plot_chance_level=False, chance_level_kw=None,
                       despine=False, confidence_band=None, n_resamples=500,
                       random_state=None, plot_hull=False, log_fpr=False, **kwargs):
        """Score ``X`` with a fitted binary classifier and plot its ROC curve.

        Parameters
        ----------
        estimator, X, y, sample_weight, drop_intermediate, response_method, pos_label
            As for :meth:`sklearn.metrics.RocCurveDisplay.from_estimator`.
        name, ax, curve_kwargs, plot_chance_level, chance_level_kw, despine
            As for :meth:`plot`.
        confidence_band, n_resamples, random_state
            As for :meth:`from_predictions`.
        plot_hull, log_fpr
            The package's additions, as for :meth:`plot`.
        **kwargs
            What the installed scikit-learn's ``plot`` still accepts.

        Returns
        -------
        display : RocCurveDisplay
        """
        return cls._via_estimator(
            estimator, X, y, response_method=response_method, pos_label=pos_label,
            name=name, sample_weight=sample_weight, drop_intermediate=drop_intermediate,
            ax=ax, curve_kwargs=curve_kwargs, plot_chance_level=plot_chance_level,
            chance_level_kw=chance_level_kw, despine=despine,
            confidence_band=confidence_band, n_resamples=n_resamples,
            random_state=random_state, plot_hull=plot_hull, log_fpr=log_fpr, **kwargs,
        )

    @classmethod
    def from_predictions(cls, y_true, y_score=None, *, sample_weight=None,
                         drop_intermediate=True, pos_label=None, name=None, ax=None,
                         curve_kwargs=None, plot_chance_level=False, chance_level_kw=None,
                         despine=False, confidence_band=None, n_resamples=500,
                         random_state=None, plot_hull=False, log_fpr=False, **kwargs):
        """Plot the ROC curve of true labels and scores.

        Parameters
        ----------
        y_true, y_score, sample_weight, drop_intermediate, pos_label, name, ax
            As for :meth:`sklearn.metrics.RocCurveDisplay.from_predictions` (``name``
            defaults to ``"Classifier"``).
        curve_kwargs, plot_chance_level, chance_level_kw, despine
            As for :meth:`plot`.
        confidence_band : float in (0, 1), default=None
            Draw a pointwise stratified-bootstrap band around the drawn curve at this
            level.
        n_resamples : int, default=500
            Bootstrap resamples for the band.
        random_state : int, RandomState instance or None, default=None
            Seeds the band's resampling.
        plot_hull, log_fpr
            The package's additions, as for :meth:`plot`.
        **kwargs
            What the installed scikit-learn's ``plot`` still accepts.

        Returns
        -------
        display : RocCurveDisplay
        """
        return cls._via_predictions(
            y_true, y_score, sample_weight=sample_weight, drop_intermediate=drop_intermediate,
            pos_label=pos_label, name=name, confidence_band=confidence_band,
            n_resamples=n_resamples, random_state=random_state, ax=ax,
            curve_kwargs=curve_kwargs, plot_chance_level=plot_chance_level,
            chance_level_kw=chance_level_kw, despine=despine, plot_hull=plot_hull,
            log_fpr=log_fpr, **kwargs,
        )

    @classmethod
    def from_cv_results(cls, cv_results, X, y, *, sample_weight=None, drop_intermediate=True,
                        response_method="auto", pos_label=None, ax=None, name=None,
                        curve_kwargs=None, plot_chance_level=False, chance_level_kwargs=None,
                        despine=False, plot_hull=False, log_fpr=False, plot_mean=False,
                        **kwargs):
        """Plot one ROC curve per cross-validation fold.

        Needs scikit-learn >= 1.7 (NotImplementedError before: its display draws one
        curve at a time).

        Parameters
        ----------
        cv_results, X, y, sample_weight, drop_intermediate, response_method, pos_label
            As for :meth:`sklearn.metrics.RocCurveDisplay.from_cv_results`.
        ax, name, curve_kwargs, plot_chance_level, chance_level_kwargs, despine
            As for :meth:`sklearn.metrics.RocCurveDisplay.from_cv_results`.
        plot_hull, log_fpr, plot_mean
            The package's additions, as for :meth:`plot` (``plot_hull=True`` draws each
            fold's hull, ``plot_mean=True`` the folds' mean curve and its band).
        **kwargs
            What the installed scikit-learn's ``plot`` still accepts.

        Returns
        -------
        display : RocCurveDisplay
        """
        return cls._via_cv_results(
            cv_results, X, y, sample_weight=sample_weight, drop_intermediate=drop_intermediate,
            response_method=response_method, pos_label=pos_label, name=name, ax=ax,
            curve_kwargs=curve_kwargs, plot_chance_level=plot_chance_level,
            chance_level_kwargs=chance_level_kwargs, despine=despine, plot_hull=plot_hull,
            log_fpr=log_fpr, plot_mean=plot_mean, **kwargs,
        )


class ROCCurveDisplay(RocCurveDisplay):
    """Deprecated alias of :class:`RocCurveDisplay` (scikit-learn's name).

    The package's first display had this name and its own constructor; it is now
    scikit-learn's display with the package's additions as keywords. This alias warns
    (``FutureWarning``) and will be removed in 0.3.

    Examples
    --------
    >>> import warnings
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from sklearn_prcurves import ROCCurveDisplay, RocCurveDisplay
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     display = ROCCurveDisplay.from_predictions([0, 1, 1, 0], [0.1, 0.8, 0.6, 0.7])
    >>> caught[0].category.__name__, isinstance(display, RocCurveDisplay)
    ('FutureWarning', True)
    """

    def __init__(self, *args, **kwargs):
        warn_renamed("ROCCurveDisplay", "RocCurveDisplay")
        super().__init__(*args, **kwargs)


def _as_list(value):
    return value if isinstance(value, list) else [value]

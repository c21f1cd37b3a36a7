"""The detection error tradeoff curve: scikit-learn's display, computed by this package."""

import numpy as np
from scipy.stats import norm
from sklearn.metrics import DetCurveDisplay as _SklearnDetCurveDisplay

from .._base._compat import DET_CURVE_BEFORE_1_7
from .._metrics._curves import det_of_table, table_roc
from ._dropin import TableCurveMixin, own_points

# scikit-learn 1.7 added drop_intermediate (default True); 1.6 draws every point.
_DROPS_BY_DEFAULT = not DET_CURVE_BEFORE_1_7


class DetCurveDisplay(TableCurveMixin, _SklearnDetCurveDisplay):
    """DET curve visualization: scikit-learn's display, computed by this package.

    A subclass of :class:`sklearn.metrics.DetCurveDisplay`: constructor, :meth:`plot`,
    attributes, errors and deprecations are the installed scikit-learn's; the curve
    comes from the counting kernel (values identical to :func:`det_curve`).

    Parameters
    ----------
    fpr : ndarray
        False positive rates.
    fnr : ndarray
        False negative rates.
    estimator_name : str, default=None
        Name shown in the legend.
    pos_label : int, float, bool or str, default=None
        The positive class, shown on the axes.

    Attributes
    ----------
    line_ : matplotlib Line2D
    ax_ : matplotlib Axes
    figure_ : matplotlib Figure

    See Also
    --------
    det_curve, RocCurveDisplay

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from sklearn_prcurves import DetCurveDisplay
    >>> display = DetCurveDisplay.from_predictions([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> display.line_.get_label(), display.ax_.get_xlabel()
    ('Classifier', 'False Positive Rate (Positive label: 1)')
    """

    _deprecated_y_pred = "1.8"
    _frame_axes = ("fpr", "fnr")
    _legend_loc = "lower right"

    @staticmethod
    def _curve(table, drop_intermediate, y_true, pos_label):
        fpr, fnr, thresholds = det_of_table(table, y_true, pos_label, drop_intermediate)
        return {"fpr": fpr, "fnr": fnr}, thresholds

    @staticmethod
    def _band_curve(plot_kwargs):
        def det_of(table):
            # The whole ROC path as (fpr, 1 - tpr), in increasing fpr: det_curve's
            # points and the flat runs at its ends, which it trims (to nothing, where
            # weights whose sums absorb small ones leave no range).
            fpr, tpr, _ = table_roc(table, drop_intermediate=False, thresholds=False)
            return fpr, 1.0 - tpr

        return det_of

    @staticmethod
    def _band_grid(fpr, plot_kwargs):
        """Evenly on the probit axis scikit-learn draws (-3 to 3), and at the curve's
        own points there."""
        low, high = norm.cdf([-3.0, 3.0])
        return np.union1d(norm.cdf(np.linspace(-3.0, 3.0, 241)), own_points(fpr, low, high))

    def _band_coordinates(self, x, lower, upper):
        # scikit-learn plots probit-transformed rates on linear axes; rates of 0 and 1
        # are clipped as it clips them (to machine epsilon).
        eps = np.finfo(np.float64).eps

        def probit(p):
            return norm.ppf(np.clip(p, eps, 1 - eps))

        return probit(x), probit(lower), probit(upper)

    def plot(self, ax=None, *, name=None, **kwargs):
        """Plot the DET curve, and its bootstrap band when ``from_predictions`` computed
        one (``confidence_band``).

        Parameters
        ----------
        ax, name, **kwargs
            As for :meth:`sklearn.metrics.DetCurveDisplay.plot`.

        Returns
        -------
        display : DetCurveDisplay
        """
        super().plot(ax, name=name, **kwargs)
        self._draw_bands()
        if self.confidence_band_ is not None:
            self._refresh_legend()
        return self

    @classmethod
    def from_estimator(cls, estimator, X, y, *, sample_weight=None,
                       drop_intermediate=_DROPS_BY_DEFAULT,
                       response_method="auto", pos_label=None, name=None, ax=None,
                       confidence_band=None, n_resamples=500, random_state=None, **kwargs):
        """Score ``X`` with a fitted binary classifier and plot its DET curve.

        Parameters
        ----------
        estimator, X, y, sample_weight, drop_intermediate, response_method, pos_label
            As for :meth:`sklearn.metrics.DetCurveDisplay.from_estimator`
            (``drop_intermediate``, which scikit-learn 1.6 lacks, defaults to False
            there).
        name, ax, **kwargs
            As for :meth:`plot`.
        confidence_band, n_resamples, random_state
            As for :meth:`from_predictions`.

        Returns
        -------
        display : DetCurveDisplay
        """
        return cls._via_estimator(
            estimator, X, y, response_method=response_method, pos_label=pos_label,
            name=name, sample_weight=sample_weight, drop_intermediate=drop_intermediate,
            ax=ax, confidence_band=confidence_band, n_resamples=n_resamples,
            random_state=random_state, **kwargs,
        )

    @classmethod
    def from_predictions(cls, y_true, y_score=None, *, sample_weight=None,
                         drop_intermediate=_DROPS_BY_DEFAULT, pos_label=None, name=None,
                         ax=None, confidence_band=None, n_resamples=500, random_state=None,
                         **kwargs):
        """Plot the DET curve of true labels and scores.

        Parameters
        ----------
        y_true, y_score, sample_weight, drop_intermediate, pos_label, name, ax
            As for :meth:`sklearn.metrics.DetCurveDisplay.from_predictions`.
        confidence_band : float in (0, 1), default=None
            Draw a pointwise stratified-bootstrap band of the false negative rate at this
            level, evaluated evenly along the probit axis and at the curve's points.
        n_resamples : int, default=500
            Bootstrap resamples for the band.
        random_state : int, RandomState instance or None, default=None
            Seeds the band's resampling.
        **kwargs
            Passed to :meth:`plot`.

        Returns
        -------
        display : DetCurveDisplay
        """
        return cls._via_predictions(
            y_true, y_score, sample_weight=sample_weight, drop_intermediate=drop_intermediate,
            pos_label=pos_label, name=name, confidence_band=confidence_band,
            n_resamples=n_resamples, random_state=random_state, ax=ax, **kwargs,
        )

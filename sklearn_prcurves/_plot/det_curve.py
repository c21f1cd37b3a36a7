"""The detection error tradeoff curve: scikit-learn's display, computed by this package."""

from sklearn.metrics import DetCurveDisplay as _SklearnDetCurveDisplay

from .._compat import DET_CURVE_BEFORE_1_7
from .._curves import det_of_table
from ._dropin import TableCurveMixin


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
    _legend_loc = "lower right"

    @staticmethod
    def _curve(table, drop_intermediate, y_true, pos_label):
        fpr, fnr, _ = det_of_table(table, y_true, pos_label, drop_intermediate)
        return {"fpr": fpr, "fnr": fnr}

    @classmethod
    def from_estimator(cls, estimator, X, y, *, sample_weight=None,
                       drop_intermediate=_DROPS_BY_DEFAULT,
                       response_method="auto", pos_label=None, name=None, ax=None, **kwargs):
        """Score ``X`` with a fitted binary classifier and plot its DET curve.

        Parameters as for :meth:`sklearn.metrics.DetCurveDisplay.from_estimator`
        (``drop_intermediate``, which scikit-learn 1.6 lacks, defaults to False there).

        Returns
        -------
        display : DetCurveDisplay
        """
        return cls._via_estimator(
            estimator, X, y, response_method=response_method, pos_label=pos_label,
            name=name, sample_weight=sample_weight, drop_intermediate=drop_intermediate,
            ax=ax, **kwargs,
        )

    @classmethod
    def from_predictions(cls, y_true, y_score=None, *, sample_weight=None,
                         drop_intermediate=_DROPS_BY_DEFAULT, pos_label=None, name=None,
                         ax=None,
                         **kwargs):
        """Plot the DET curve of true labels and scores.

        Parameters as for :meth:`sklearn.metrics.DetCurveDisplay.from_predictions`.

        Returns
        -------
        display : DetCurveDisplay
        """
        return cls._via_predictions(
            y_true, y_score, sample_weight=sample_weight, drop_intermediate=drop_intermediate,
            pos_label=pos_label, name=name, ax=ax, **kwargs,
        )

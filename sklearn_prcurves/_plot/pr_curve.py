"""The precision-recall curve: scikit-learn's display, with the interpolated view (Davis
and Goadrich, 2006), the achievable curve and the rest one keyword away."""

import re
from contextlib import contextmanager
from numbers import Real

import numpy as np
from sklearn.metrics import PrecisionRecallDisplay as _SklearnPrecisionRecallDisplay

from .._base._compat import plot_curve_arguments, takes
from .._measures._hull import hull_vertices
from .._measures._interpolation import path_area, path_points, table_path
from .._metrics._auc import table_average_precision
from .._metrics._curves import table_precision_recall
from .._table._entry import require_two_classes
from .._table._exact import check_threshold, rows_at_or_above
from ._base import draw_iso_f1, label_threshold
from ._dropin import TableCurveMixin, curve_names, summary_label, warn_renamed

# The interpolations that describe a curve to draw (step and linear are only areas).
_DRAWN_INTERPOLATIONS = ("davis-goadrich", "continuous")
_AP_IN_LABEL = re.compile(r"(^|\()AP = ")


def _check_drawn(interpolation):
    if interpolation is not None and interpolation not in _DRAWN_INTERPOLATIONS:
        raise ValueError(
            f"interpolation must be None (scikit-learn's step curve) or one of "
            f"{_DRAWN_INTERPOLATIONS}; got {interpolation!r}."
        )


def _interpolated(table, interpolation):
    """``(precision, recall, area)`` of the interpolated curve of a count table."""
    tp, fp, thresholds = table_path(require_two_classes(table))
    precision, recall, _ = path_points(tp, fp, thresholds, interpolation)
    return precision, recall, path_area(tp, fp, interpolation)


def _step_of_table(table):
    precision, recall, _ = table_precision_recall(require_two_classes(table))
    return recall[::-1], precision[::-1]


class PrecisionRecallDisplay(TableCurveMixin, _SklearnPrecisionRecallDisplay):
    """Precision-recall visualization: scikit-learn's display, computed by this package.

    A subclass of :class:`sklearn.metrics.PrecisionRecallDisplay`: by default it draws
    what scikit-learn draws (the step curve, average precision in the legend), with
    the installed scikit-learn's constructor, attributes, multi-curve and
    cross-validation behaviour, errors and deprecations. The curves come from the
    counting kernel (values identical to :func:`precision_recall_curve` and
    :func:`average_precision_score`), and the package's additions are keywords of
    :meth:`plot` (and so of every ``from_*``), all off by default:

    - ``interpolation="davis-goadrich"`` (or ``"continuous"``) draws the correctly
      interpolated curve instead of the steps, its area (:func:`pr_auc_score`) in the
      legend as AUC-PR;
    - ``plot_achievable``: the achievable PR curve (the image of the ROC convex hull);
    - ``plot_step``: scikit-learn's step curve, dotted, beside the interpolated one;
    - ``iso_f1``: lines of constant F1;
    - ``operating_points``: markers at score thresholds;
    - ``plot_unachievable``: the region no ranking of data with this prevalence reaches;
    - ``confidence_band`` (in :meth:`from_predictions`): a pointwise bootstrap band.

    Parameters
    ----------
    precision, recall : ndarray or list of ndarray
        One array per curve.
    average_precision : float or list of float, default=None
    name : str or list of str, default=None
    pos_label : int, float, bool or str, default=None
    prevalence_pos_label : float or list of float, default=None
        Share of positives (unweighted, as scikit-learn computes it): the chance level.

    Attributes
    ----------
    line_ : matplotlib Line2D or list of Line2D
    chance_level_ : matplotlib Line2D, list of Line2D or None
    achievable_line_, step_line_ : matplotlib Line2D, list of Line2D or None
    iso_f1_lines_ : list of matplotlib Line2D
    operating_points_ : list of matplotlib PathCollection
    unachievable_ : matplotlib PolyCollection or None
    confidence_band_ : matplotlib PolyCollection or None
    ax_ : matplotlib Axes
    figure_ : matplotlib Figure

    See Also
    --------
    pr_curve, pr_auc_score, achievable_pr_curve, RocCurveDisplay

    References
    ----------
    .. [1] J. Davis and M. Goadrich, "The Relationship Between Precision-Recall and
           ROC Curves", ICML 2006.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from sklearn_prcurves import PrecisionRecallDisplay
    >>> y, scores = [0, 1, 1, 0, 1], [0.1, 0.8, 0.6, 0.7, 0.3]
    >>> PrecisionRecallDisplay.from_predictions(y, scores, name="model").line_.get_label()
    'model (AP = 0.81)'
    >>> display = PrecisionRecallDisplay.from_predictions(
    ...     y, scores, name="model", interpolation="davis-goadrich", plot_achievable=True)
    >>> display.line_.get_label(), display.achievable_line_.get_label()
    ('model (AUC-PR = 0.76)', 'model achievable (AUC-PR = 0.89)')
    """

    _deprecated_y_pred = "1.8"
    # (scikit-learn puts its legend lower left; with the package's additions it holds more
    # entries, and would cover the curves' tail and the chance line there)
    _legend_loc = "best"
    _frame_axes = ("recall", "precision")

    @staticmethod
    def _curve(table, drop_intermediate, y_true, pos_label):
        precision, recall, thresholds = table_precision_recall(table, drop_intermediate)
        labels = np.asarray(y_true)
        return {
            "precision": precision,
            "recall": recall,
            "average_precision": table_average_precision(table),
            "prevalence_pos_label": np.count_nonzero(labels == pos_label) / labels.shape[0],
        }, thresholds

    @staticmethod
    def _band_curve(plot_kwargs):
        interpolation = plot_kwargs.get("interpolation")
        _check_drawn(interpolation)
        if interpolation is None:
            return _step_of_table
        return lambda table: _interpolated(table, interpolation)[1::-1]

    def plot(self, ax=None, *, name=None, curve_kwargs=None, plot_chance_level=False,
             chance_level_kw=None, despine=False, interpolation=None, plot_achievable=False,
             plot_step=False, iso_f1=False, operating_points=None, plot_unachievable=False,
             plot_mean=False, **kwargs):
        """Plot the curve(s), and the package's additions asked for.

        Parameters
        ----------
        ax, name, curve_kwargs, plot_chance_level, chance_level_kw, despine
            As for :meth:`sklearn.metrics.PrecisionRecallDisplay.plot`
            (``curve_kwargs`` where the installed scikit-learn has it).
        interpolation : {None, "davis-goadrich", "continuous"}, default=None
            None draws scikit-learn's step curve with AP in the legend; otherwise the
            curve interpolated so (see :func:`pr_auc_score`) with its area as AUC-PR.
        plot_achievable : bool, default=False
            Also draw the achievable PR curve (dashed): the image of the ROC convex
            hull, interpolated as ``interpolation`` (Davis-Goadrich when None).
        plot_step : bool, default=False
            Also draw scikit-learn's step curve (dotted), beside an interpolated one.
        iso_f1 : bool or sequence of float, default=False
            Lines of constant F1 (True: 0.2, 0.4, 0.6, 0.8).
        operating_points : array-like of float, default=None
            Score thresholds whose (recall, precision) to mark on each curve.
        plot_unachievable : bool, default=False
            Shade the region no ranking of data with this prevalence reaches: under
            the curve of every negative ranked first (Boyd et al., ICML 2012).
        plot_mean : bool, default=False
            With several curves (``from_cv_results``): their mean (the mean precision
            at each recall, of the curves as drawn) and a band of one standard
            deviation across them, the folds drawn faint.
        **kwargs
            What the installed scikit-learn's ``plot`` still accepts.

        Returns
        -------
        display : PrecisionRecallDisplay
        """
        _check_drawn(interpolation)
        with self._interpolated_view(interpolation):
            if interpolation is not None:
                curve_kwargs, kwargs = _smooth_style(curve_kwargs, kwargs)
            super().plot(ax, name=name, plot_chance_level=plot_chance_level,
                         chance_level_kw=chance_level_kw, despine=despine,
                         **plot_curve_arguments(_SklearnPrecisionRecallDisplay.plot,
                                                curve_kwargs, kwargs))
        if interpolation is not None:
            for line in self._drawn_lines():
                line.set_label(_AP_IN_LABEL.sub(r"\1AUC-PR = ", line.get_label()))
        self._draw_bands()
        self.achievable_line_ = self.step_line_ = self.unachievable_ = None
        if plot_achievable:
            self._draw_achievable(name, interpolation or "davis-goadrich")
        if plot_step:
            self._draw_steps(name)
        self.operating_points_ = []
        if operating_points is not None:
            self._mark_operating_points(operating_points)
        if plot_unachievable:
            self._shade_unachievable()
        self.mean_line_ = self.fold_band_ = None
        if plot_mean:
            tables = self._count_tables("plot_mean")
            areas = [table_average_precision(t) if interpolation is None
                     else _interpolated(t, interpolation)[2] for t in tables]
            self._draw_fold_mean(name, areas, "AP" if interpolation is None else "AUC-PR",
                                 np.linspace(0, 1, 201))
        self.iso_f1_lines_ = []
        if iso_f1 is not False:
            self._draw_iso_f1(iso_f1)
        if (interpolation is not None or plot_achievable or plot_step or plot_unachievable
                or plot_mean or self.confidence_band_ is not None
                or operating_points is not None):
            self._refresh_legend()
        return self

    @contextmanager
    def _interpolated_view(self, interpolation):
        """The display's curves and areas, interpolated, while scikit-learn draws them."""
        if interpolation is None:
            yield
            return
        saved = self.precision, self.recall, self.average_precision
        curves = [_interpolated(table, interpolation)
                  for table in self._count_tables("interpolation")]
        single = not isinstance(self.precision, list)
        pick = (lambda values: values[0]) if single else list
        self.precision = pick([c[0] for c in curves])
        self.recall = pick([c[1] for c in curves])
        self.average_precision = pick([c[2] for c in curves])
        try:
            yield
        finally:
            self.precision, self.recall, self.average_precision = saved

    def _draw_achievable(self, name, interpolation):
        curves = []
        for table in self._count_tables("plot_achievable"):
            tp, fp, thresholds = table_path(require_two_classes(table))
            keep = hull_vertices(fp, tp)
            precision, recall, _ = path_points(tp[keep], fp[keep], thresholds[keep],
                                               interpolation)
            curves.append((precision, recall, path_area(tp[keep], fp[keep], interpolation)))
        self.achievable_line_ = self._draw_each(curves, name, "achievable", "AUC-PR",
                                                linestyle="--")

    def _draw_steps(self, name):
        curves = [(precision, recall, area) for precision, recall, area in zip(
            _listed(self.precision), _listed(self.recall),
            _listed(self.average_precision, len(_listed(self.precision))))]
        self.step_line_ = self._draw_each(curves, name, "steps", "AP", linestyle=":",
                                          drawstyle="steps-post")

    def _draw_each(self, curves, name, what, metric, **style):
        names = curve_names(self, name, len(curves))
        if any(area is None for *_, area in curves):
            labels = [f"{n} {what}" if n else what for n in names]
        else:
            labels = summary_label([area for *_, area in curves], names, what, metric)
        lines = []
        for (precision, recall, _), line, label in zip(curves, self._drawn_lines(), labels):
            lines += self.ax_.plot(recall, precision, color=line.get_color(), label=label,
                                   **style)
        return lines[0] if len(lines) == 1 else lines

    def _mark_operating_points(self, thresholds):
        thresholds = list(np.asarray(thresholds, dtype=object).ravel())
        for threshold in thresholds:
            check_threshold(threshold, "an operating point's threshold")
        for table, line in zip(self._count_tables("operating_points"), self._drawn_lines()):
            if not table.n_pos > 0:
                continue  # no positive: no point has a recall
            # The last row whose score is at least the threshold.
            at = np.array([rows_at_or_above(table.thresholds, t) for t in thresholds],
                          dtype=np.intp) - 1
            shown = at >= 0
            at, asked = at[shown], [t for t, s in zip(thresholds, shown) if s]
            precision = table.tps[at] / (table.tps[at] + table.fps[at])
            recall = table.tps[at] / table.n_pos
            self.operating_points_.append(self.ax_.scatter(
                recall, precision, color=line.get_color(), zorder=3,
                label="operating points" if not self.operating_points_ else None,
            ))
            # Each point labelled with the threshold it was asked at.
            for r, p, t in zip(recall, precision, asked):
                label_threshold(self.ax_, r, p, t, line.get_color())

    def _shade_unachievable(self):
        if self._tables is not None:
            prevalence = float(np.mean([t.n_pos / (t.n_pos + t.n_neg) for t in self._tables]))
        elif self.prevalence_pos_label is not None:
            prevalence = float(np.mean(self.prevalence_pos_label))
        else:
            raise ValueError(
                "plot_unachievable needs the prevalence: create the display with "
                "from_estimator, from_predictions or from_cv_results, or pass "
                "prevalence_pos_label."
            )
        # Every negative first: TP = r P at FP = N, precision r pi / (r pi + 1 - pi).
        recall = np.linspace(0, 1, 201)
        # (At prevalence 1 the bound is precision 1 everywhere, recall 0 included.)
        with np.errstate(invalid="ignore"):
            bound = recall * prevalence / (recall * prevalence + 1 - prevalence)
        bound[np.isnan(bound)] = 1.0
        self.unachievable_ = self.ax_.fill_between(
            recall, 0, bound,
            color="0.85", zorder=0, label="unachievable region",
        )

    def _draw_iso_f1(self, iso_f1):
        levels = np.array([0.2, 0.4, 0.6, 0.8]) if iso_f1 is True else np.atleast_1d(iso_f1)
        if levels.ndim != 1 or not all(isinstance(v, Real) and 0 < v < 1 for v in levels.tolist()):
            raise ValueError(f"iso_f1 must be True, a level in (0, 1) or a sequence of them; "
                             f"got {iso_f1!r}.")
        # From where each line enters at precision 1 to recall 1, labelled just outside
        # the right edge (the package's style, as in the report's figures).
        self.iso_f1_lines_ += draw_iso_f1(self.ax_, levels)

    @classmethod
    def from_estimator(cls, estimator, X, y, *, sample_weight=None, drop_intermediate=False,
                       response_method="auto", pos_label=None, name=None, ax=None,
                       plot_chance_level=False, chance_level_kw=None, despine=False,
                       confidence_band=None, n_resamples=500, random_state=None,
                       interpolation=None, plot_achievable=False, plot_step=False,
                       iso_f1=False, operating_points=None, plot_unachievable=False,
                       prevalence=None, **kwargs):
        """Score ``X`` with a fitted binary classifier and plot its precision-recall curve.

        Parameters
        ----------
        estimator, X, y, sample_weight, drop_intermediate, response_method, pos_label
            As for :meth:`sklearn.metrics.PrecisionRecallDisplay.from_estimator`.
        name, ax, plot_chance_level, chance_level_kw, despine
            As for :meth:`plot`.
        confidence_band, n_resamples, random_state
            As for :meth:`from_predictions`.
        interpolation, plot_achievable, plot_step, iso_f1, operating_points, \
plot_unachievable
            The package's additions, as for :meth:`plot`.
        prevalence : float in (0, 1), default=None
            The deployment's share of positives: every curve, area, band and operating
            point as that population would see them, the chance line at it (see
            :func:`~sklearn_prcurves.pr_curve`). None: the data's own.
        **kwargs
            What the installed scikit-learn's ``plot`` still accepts.

        Returns
        -------
        display : PrecisionRecallDisplay
        """
        return cls._via_estimator(
            estimator, X, y, response_method=response_method, pos_label=pos_label,
            name=name, sample_weight=sample_weight, drop_intermediate=drop_intermediate,
            ax=ax, plot_chance_level=plot_chance_level, chance_level_kw=chance_level_kw,
            despine=despine, confidence_band=confidence_band, n_resamples=n_resamples,
            random_state=random_state, interpolation=interpolation,
            plot_achievable=plot_achievable, plot_step=plot_step, iso_f1=iso_f1,
            operating_points=operating_points, plot_unachievable=plot_unachievable,
            prevalence=prevalence, **kwargs,
        )

    @classmethod
    def from_predictions(cls, y_true, y_score=None, *, sample_weight=None,
                         drop_intermediate=False, pos_label=None, name=None, ax=None,
                         plot_chance_level=False, chance_level_kw=None, despine=False,
                         confidence_band=None, n_resamples=500, random_state=None,
                         interpolation=None, plot_achievable=False, plot_step=False,
                         iso_f1=False, operating_points=None, plot_unachievable=False,
                         prevalence=None, **kwargs):
        """Plot the precision-recall curve of true labels and scores.

        Parameters
        ----------
        y_true, y_score, sample_weight, drop_intermediate, pos_label, name, ax
            As for :meth:`sklearn.metrics.PrecisionRecallDisplay.from_predictions`
            (``name`` defaults to ``"Classifier"``).
        plot_chance_level, chance_level_kw, despine
            As for :meth:`plot`.
        confidence_band : float in (0, 1), default=None
            Draw a pointwise stratified-bootstrap band around the drawn curve at this
            level.
        n_resamples : int, default=500
            Bootstrap resamples for the band.
        random_state : int, RandomState instance or None, default=None
            Seeds the band's resampling.
        interpolation, plot_achievable, plot_step, iso_f1, operating_points, \
plot_unachievable
            The package's additions, as for :meth:`plot`.
        prevalence : float in (0, 1), default=None
            The deployment's share of positives: every curve, area, band and operating
            point as that population would see them, the chance line at it (see
            :func:`~sklearn_prcurves.pr_curve`). None: the data's own.
        **kwargs
            What the installed scikit-learn's ``plot`` still accepts (``curve_kwargs``
            where it has it).

        Returns
        -------
        display : PrecisionRecallDisplay
        """
        return cls._via_predictions(
            y_true, y_score, sample_weight=sample_weight, drop_intermediate=drop_intermediate,
            pos_label=pos_label, name=name, confidence_band=confidence_band,
            n_resamples=n_resamples, random_state=random_state, ax=ax,
            plot_chance_level=plot_chance_level, chance_level_kw=chance_level_kw,
            despine=despine, interpolation=interpolation, plot_achievable=plot_achievable,
            plot_step=plot_step, iso_f1=iso_f1, operating_points=operating_points,
            plot_unachievable=plot_unachievable, deployment=prevalence, **kwargs,
        )

    @classmethod
    def from_cv_results(cls, cv_results, X, y, *, sample_weight=None,
                        drop_intermediate=True, response_method="auto", pos_label=None,
                        name=None, ax=None, curve_kwargs=None, plot_chance_level=False,
                        chance_level_kwargs=None, despine=False, interpolation=None,
                        plot_achievable=False, plot_step=False, iso_f1=False,
                        operating_points=None, plot_unachievable=False, plot_mean=False,
                        prevalence=None, **kwargs):
        """Plot one precision-recall curve per cross-validation fold.

        Needs scikit-learn >= 1.9 (NotImplementedError before: its display draws one
        curve at a time).

        Parameters
        ----------
        cv_results, X, y, sample_weight, drop_intermediate, response_method, pos_label
            As for :meth:`sklearn.metrics.PrecisionRecallDisplay.from_cv_results`.
        name, ax, curve_kwargs, plot_chance_level, chance_level_kwargs, despine
            As for :meth:`sklearn.metrics.PrecisionRecallDisplay.from_cv_results`.
        interpolation, plot_achievable, plot_step, iso_f1, operating_points, \
plot_unachievable, plot_mean
            The package's additions, as for :meth:`plot` (``plot_mean=True`` draws the
            folds' mean curve and its band).
        prevalence : float in (0, 1), default=None
            Every fold's curve at the deployment's share of positives, as for
            :meth:`from_predictions`.
        **kwargs
            What the installed scikit-learn's ``plot`` still accepts.

        Returns
        -------
        display : PrecisionRecallDisplay
        """
        return cls._via_cv_results(
            cv_results, X, y, sample_weight=sample_weight,
            drop_intermediate=drop_intermediate, response_method=response_method,
            pos_label=pos_label, name=name, ax=ax, curve_kwargs=curve_kwargs,
            plot_chance_level=plot_chance_level, chance_level_kwargs=chance_level_kwargs,
            despine=despine, interpolation=interpolation, plot_achievable=plot_achievable,
            plot_step=plot_step, iso_f1=iso_f1, operating_points=operating_points,
            plot_unachievable=plot_unachievable, plot_mean=plot_mean, deployment=prevalence,
            **kwargs,
        )


class PRCurveDisplay(PrecisionRecallDisplay):
    """Deprecated alias of :class:`PrecisionRecallDisplay` (scikit-learn's name).

    The package's first display had this name and drew the Davis-Goadrich curve by
    default; the alias keeps that default (``interpolation`` None or
    ``"davis-goadrich"``; ``plot_step=True`` adds the step curve), warns
    (``FutureWarning``) and will be removed in 0.3.

    Examples
    --------
    >>> import warnings
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from sklearn_prcurves import PRCurveDisplay, PrecisionRecallDisplay
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     display = PRCurveDisplay.from_predictions([0, 1, 1, 0], [0.1, 0.8, 0.6, 0.7])
    >>> caught[0].category.__name__, isinstance(display, PrecisionRecallDisplay)
    ('FutureWarning', True)
    """

    def __init__(self, *args, **kwargs):
        warn_renamed("PRCurveDisplay", "PrecisionRecallDisplay")
        super().__init__(*args, **kwargs)

    def plot(self, ax=None, *, interpolation="davis-goadrich", **kwargs):
        # (the from_* constructors pass their default, None: the alias's is Davis-Goadrich)
        return super().plot(ax, interpolation=interpolation or "davis-goadrich", **kwargs)


def _smooth_style(curve_kwargs, kwargs):
    """Line style keywords that draw the interpolated curve as a line, not steps."""
    if not takes(_SklearnPrecisionRecallDisplay.plot, "curve_kwargs"):
        # scikit-learn < 1.9: matplotlib keywords go directly.
        return curve_kwargs, {"drawstyle": "default", **kwargs}
    if kwargs:  # scikit-learn's deprecated route: matplotlib keywords given directly
        return curve_kwargs, {"drawstyle": "default", **kwargs}
    if isinstance(curve_kwargs, list):
        return [{"drawstyle": "default", **kw} for kw in curve_kwargs], kwargs
    return {"drawstyle": "default", **(curve_kwargs or {})}, kwargs


def _listed(value, n=1):
    if isinstance(value, list):
        return value
    return [value] * n if value is None else [value]

"""scikit-learn's binary curve displays, computed from the counting kernel.

``RocCurveDisplay``, ``PrecisionRecallDisplay`` and ``DetCurveDisplay`` subclass
scikit-learn's classes of the same names. Construction, ``plot``, attributes, the
multi-curve and cross-validation behaviour, errors and deprecations are the installed
scikit-learn's own (so they follow its version); what this module replaces is the
computation behind ``from_estimator``, ``from_predictions`` and ``from_cv_results``:
one counting table per curve, from which the curve and its area are read (values
identical to scikit-learn's), and which stays attached to the display so that the
package's additions (hull, interpolated PR view, achievable curve, operating points)
are drawn from the same counts.
"""

import inspect

import numpy as np

from .._base._compat import (
    deprecate_y_pred,
    display_cv_results_params,
    display_name_keyword,
    display_predictions_params,
    display_response_values,
    display_score_keyword,
    require_from_cv_results,
    response_values_binary,
    safe_indexing,
    takes,
)
from .._base._undefined import warn
from .._base._validation import LARGEST_TOTAL
from .._inference._bootstrap import curve_band
from .._table._entry import binary_table, measure_table, require_two_classes
from .._table._prevalence import at_prevalence
from ._base import check_band_options, curves_frame


class TableCurveMixin:
    """The ``from_*`` constructors of a scikit-learn curve display, on count tables.

    A subclass sets ``_curve(table, drop_intermediate, y_true, pos_label)`` returning
    the constructor's keyword arguments for one curve and the thresholds of its points,
    ``_frame_axes`` (the attributes holding its points, in :meth:`frame`'s order),
    ``_band_curve(plot_kwargs)``
    returning the function ``table -> (x, y)`` a bootstrap band follows (for a display
    that draws bands), and ``_deprecated_y_pred`` (the release that deprecated
    ``y_pred``, when its scikit-learn parent still accepts it).
    """

    _legend_loc = "best"
    _tables = None  # one count table per curve, when built by a from_* method
    _thresholds = None  # the thresholds of each curve's points, likewise
    _frame_axes = ()
    _bands = None  # one bootstrap band per curve, when asked of from_predictions

    # -- the bodies of scikit-learn's entry points ---------------------------------------

    @classmethod
    def _via_estimator(cls, estimator, X, y, *, response_method, pos_label, name, **kwargs):
        """``from_estimator``: scikit-learn's checks and response, then our counting."""
        cls._refuse_unknown("from_estimator", kwargs)
        y_score, pos_label, name = display_response_values(
            cls, estimator, X, y, response_method=response_method, pos_label=pos_label,
            name=name)
        return cls.from_predictions(y, y_score, pos_label=pos_label, name=name, **kwargs)

    @classmethod
    def _via_predictions(cls, y_true, y_score, *, sample_weight, drop_intermediate, pos_label,
                         name, confidence_band=None, n_resamples=500, random_state=None,
                         deployment=None, **plot_kwargs):
        """``from_predictions``: one count table, the curve read from it, then ``plot``
        (``deployment``: the precision-recall curve at that prevalence)."""
        cls._refuse_unknown("from_predictions", plot_kwargs)
        y_score = cls._y_score_argument(y_score, plot_kwargs)
        if y_score is None:
            raise TypeError(
                f"{cls.__name__}.from_predictions() missing 1 required argument: 'y_score'"
            )
        check_band_options(confidence_band, n_resamples)
        pos_label, name = display_predictions_params(
            cls, y_true, y_score, sample_weight=sample_weight, pos_label=pos_label, name=name)
        table = binary_table(y_true, y_score, pos_label, sample_weight)
        deployed = table if deployment is None else at_prevalence(require_two_classes(
            _for_additions(table, y_true, y_score, pos_label, sample_weight)), deployment)
        curve, thresholds = cls._curve(deployed, drop_intermediate, y_true, pos_label)
        if deployment is not None:  # (the chance line: the deployment's precision)
            curve["prevalence_pos_label"] = deployment
        display = cls(**curve, **cls._name_argument(name), pos_label=pos_label)
        table = _for_additions(table, y_true, y_score, pos_label, sample_weight)
        display._tables, display._thresholds = [at_prevalence(table, deployment)], [thresholds]
        if confidence_band is not None:
            display._bands = [cls._band(table, y_true, y_score, pos_label, sample_weight,
                                        confidence_band, n_resamples, random_state,
                                        plot_kwargs, deployment)]
        return display.plot(**plot_kwargs)

    @classmethod
    def _via_cv_results(cls, cv_results, X, y, *, sample_weight=None, drop_intermediate=True,
                         response_method="auto", pos_label=None, name=None, deployment=None,
                         **kwargs):
        require_from_cv_results(cls, cls._sklearn_display())
        cls._refuse_unknown("from_cv_results", kwargs)
        # (plot names from_cv_results' chance_level_kwargs chance_level_kw)
        kwargs["chance_level_kw"] = kwargs.pop("chance_level_kwargs", None)
        display_cv_results_params(cls, cv_results, X, y, sample_weight=sample_weight,
                                  pos_label=pos_label)
        curves, tables, thresholds = [], [], []
        for estimator, test in zip(cv_results["estimator"], cv_results["indices"]["test"]):
            y_fold = safe_indexing(y, test)
            y_score, fold_pos_label = response_values_binary(
                estimator, safe_indexing(X, test), response_method=response_method,
                pos_label=pos_label,
            )
            weight = None if sample_weight is None else safe_indexing(sample_weight, test)
            table = binary_table(y_fold, y_score, fold_pos_label, weight)
            if deployment is not None:  # (each fold read at the deployment's prevalence)
                table = at_prevalence(require_two_classes(_for_additions(
                    table, y_fold, y_score, fold_pos_label, weight)), deployment)
            curve, fold_thresholds = cls._curve(table, drop_intermediate, np.asarray(y_fold),
                                                fold_pos_label)
            if deployment is not None:
                curve["prevalence_pos_label"] = deployment
            curves.append(curve)
            thresholds.append(fold_thresholds)
            tables.append(table if deployment is not None else
                          _for_additions(table, y_fold, y_score, fold_pos_label, weight))
        merged = {key: [curve[key] for curve in curves] for key in curves[0]}
        display = cls(**merged, **cls._name_argument(name), pos_label=fold_pos_label)
        display._tables, display._thresholds = tables, thresholds
        return display.plot(**kwargs)

    def frame(self):
        """The plotted points as a pandas DataFrame, one row per point: the curve's
        coordinates, the threshold of each point (NaN where a point has none, as the
        end point of a precision-recall curve, or where the display was built from
        coordinates alone), and for several curves (:meth:`from_cv_results`) a
        ``fold`` column, the folds' mean curve last (fold ``"mean"``) when drawn."""
        xs, ys = (getattr(self, name) for name in self._frame_axes)
        if not (isinstance(xs, list) and xs and np.ndim(xs[0])):  # (one curve, or several)
            xs, ys = [xs], [ys]
        thresholds = self._thresholds or [None] * len(xs)
        curves = [(fold, {self._frame_axes[0]: x, self._frame_axes[1]: y,
                          "threshold": threshold})
                  for fold, (x, y, threshold) in enumerate(zip(xs, ys, thresholds))]
        mean = getattr(self, "mean_line_", None)
        if mean is not None:
            curves.append(("mean", dict(zip(self._frame_axes, mean.get_data()))))
        return curves_frame(curves)

    # -- helpers -----------------------------------------------------------------------

    @classmethod
    def _sklearn_display(cls):
        """The scikit-learn display class this one (or its alias) extends."""
        return next(c for c in cls.__mro__ if c.__module__.startswith("sklearn."))

    @classmethod
    def _refuse_unknown(cls, method, kwargs):
        """Python's TypeError, as the installed scikit-learn raises it, for a keyword
        that neither its ``method`` nor ours takes, where scikit-learn's takes no
        ``**kwargs`` (``RocCurveDisplay`` from 1.9); elsewhere such keywords go on to
        ``plot``, as scikit-learn passes them."""
        parent = getattr(cls._sklearn_display(), method)
        if any(p.kind is p.VAR_KEYWORD for p in inspect.signature(parent).parameters.values()):
            return
        known = inspect.signature(getattr(cls, method)).parameters
        for key in kwargs:
            if key not in known and not takes(parent, key):
                raise TypeError(_unexpected_keyword(parent, key, f"{cls.__name__}.{method}"))

    @classmethod
    def _y_score_argument(cls, y_score, kwargs):
        """The scores: ``y_score``, or ``y_pred`` where the installed scikit-learn takes
        it (its name for the scores before the rename, then deprecated)."""
        parent = cls._sklearn_display().from_predictions
        if "y_pred" not in kwargs or not takes(parent, "y_pred"):
            return y_score
        y_pred = kwargs.pop("y_pred")
        if display_score_keyword(parent) == "y_score":
            return deprecate_y_pred(y_score, y_pred, cls._deprecated_y_pred)
        if y_score is not None:
            raise TypeError(
                f"{cls.__name__}.from_predictions() got multiple values for argument "
                "'y_pred'")
        return y_pred

    @classmethod
    def _name_argument(cls, name):
        return {display_name_keyword(cls._sklearn_display()): name}

    @classmethod
    def _band(cls, table, y_true, y_score, pos_label, sample_weight, level, n_resamples,
              random_state, plot_kwargs, prevalence=None):
        """The bootstrap band of the curve drawn from ``table``: ``(x, lower, upper,
        level)``, evaluated at :meth:`_band_grid`'s points of the axis as drawn; with
        ``prevalence``, each resample's curve at the deployment's."""
        drawn = cls._band_curve(plot_kwargs)

        def curve(resampled):
            return drawn(at_prevalence(resampled, prevalence))

        grid = cls._band_grid(np.asarray(curve(table)[0], dtype=float), plot_kwargs)
        lower, upper = curve_band(
            y_true, y_score, curve, grid, confidence_level=level,
            n_resamples=n_resamples, random_state=random_state, pos_label=pos_label,
            sample_weight=sample_weight,
        )
        return grid, lower, upper, level

    @staticmethod
    def _band_grid(x, plot_kwargs):
        """Where a band is evaluated: evenly along the unit axis, and at each of the
        curve's own points, so that the band turns where the curve does."""
        return np.union1d(np.linspace(0, 1, 201), own_points(x, 0.0, 1.0))

    def _band_coordinates(self, x, lower, upper):
        """A band's points in the axes' data coordinates (DET: probit)."""
        return x, lower, upper

    def _count_tables(self, what):
        """The display's count tables, one per curve, or an error naming ``what``."""
        tables = self._tables
        if tables is None:
            raise ValueError(
                f"{what} needs the curve's counts: create the display with "
                f"{type(self).__name__}.from_estimator, from_predictions or "
                "from_cv_results."
            )
        return tables

    def _drawn_lines(self):
        """The display's curve artists as a list (scikit-learn keeps one bare)."""
        lines = self.line_
        return list(lines) if isinstance(lines, list) else [lines]

    def _draw_bands(self):
        """Fill the bootstrap bands computed by ``from_predictions``."""
        self.confidence_band_ = None
        for (grid, lower, upper, level), line in zip(self._bands or [], self._drawn_lines()):
            self.confidence_band_ = self.ax_.fill_between(
                *self._band_coordinates(grid, lower, upper), color=line.get_color(),
                alpha=0.2,
                label=f"{level:.0%} confidence band (bootstrap)",
            )

    def _draw_fold_mean(self, name, areas, metric, grid):
        """The folds' mean curve and a band of one standard deviation across them, the
        folds themselves faint: ``grid`` the abscissae the curves are averaged at
        (vertical averaging, Fawcett 2006: the mean ordinate at each abscissa, the
        curve as drawn), ``areas`` the folds' areas for the legend."""
        lines = self._drawn_lines()
        self.mean_line_ = self.fold_band_ = None
        if len(lines) < 2:
            return
        values = np.array([_drawn_at(line, grid) for line in lines])
        mean, spread = values.mean(axis=0), values.std(axis=0)
        for line in lines:
            line.set_alpha(0.3)
        label = name or curve_names(self, None, 1)[0]
        text = f"mean {metric} = {np.mean(areas):0.2f} +/- {np.std(areas):0.2f}"
        (self.mean_line_,) = self.ax_.plot(
            grid, mean, color="black", linewidth=2,
            label=f"{label} fold mean ({text})" if label else f"fold mean ({text})")
        self.fold_band_ = self.ax_.fill_between(
            grid, np.clip(mean - spread, 0, 1), np.clip(mean + spread, 0, 1), color="0.5",
            alpha=0.2, label="+/- 1 std. dev. across folds")

    def _refresh_legend(self):
        """Redraw the legend after the package's additions were drawn."""
        artists = [*self.ax_.get_lines(), *self.ax_.collections]
        if any(not str(artist.get_label()).startswith("_") for artist in artists):
            self.ax_.legend(loc=self._legend_loc)


def _drawn_at(line, grid):
    """A drawn curve's ordinate at ``grid``, read as matplotlib draws it: straight
    between points, or held from each point to the next for a step drawstyle
    (scikit-learn draws its precision-recall curve "steps-post" in decreasing recall,
    so at a recall the value is that of the nearest point at or above it)."""
    x, y = (np.asarray(a, dtype=float) for a in (line.get_xdata(), line.get_ydata()))
    if str(line.get_drawstyle()).startswith("steps"):
        order = np.lexsort((-y, x))
        x, y = x[order], y[order]
        at = np.minimum(np.searchsorted(x, grid, side="left"), x.shape[0] - 1)
        return y[at]
    order = np.lexsort((y, x))
    return np.interp(grid, x[order], y[order])


def own_points(x, low, high, most=2000):
    """The curve's own abscissae within ``[low, high]`` where a band is evaluated: all
    of them, or ``most`` evenly spaced by rank for a long curve (a band polygon of
    thousands of vertices draws no finer than the even grid beside it)."""
    x = np.unique(x[(x >= low) & (x <= high)])
    if x.size > most:
        x = x[np.linspace(0, x.size - 1, most).astype(np.intp)]
    return x


def curve_names(display, name, n_curves):
    """One legend name (or None) per curve, as ``plot``'s ``name`` or the display's."""
    if name is None:
        name = getattr(display, "name", None) or getattr(display, "estimator_name", None)
    if isinstance(name, list):
        return name if len(name) == n_curves else name[:1] * n_curves
    return [name] * n_curves


def summary_label(values, names, what, metric):
    """Legend labels of an addition drawn once per curve: each curve's own when the
    curves have their own names, else one entry with the mean +/- std."""
    def label(name, text):
        return f"{name} {what} ({text})" if name else f"{what} ({text})"

    if len(values) == 1 or len(set(names)) == len(names) and names[0] is not None:
        return [label(name, f"{metric} = {value:0.2f}") for name, value in zip(names, values)]
    text = f"{metric} = {np.mean(values):0.2f} +/- {np.std(values):0.2f}"
    return [label(names[0], text)] + [None] * (len(values) - 1)


def warn_renamed(old, new):
    warn(
        f"{old} is renamed {new}, scikit-learn's name; {old} will be removed in 0.3.",
        FutureWarning)


def _unexpected_keyword(parent, key, name):
    """Python's own message for ``parent(key=...)``, naming ``name``: from 3.13 it
    suggests a close keyword ("Did you mean 'chance_level_kwargs'?"). A plain method
    without ``**kwargs`` refuses the keyword before running any of its code."""
    message = f"{name}() got an unexpected keyword argument '{key}'"
    if hasattr(parent, "__wrapped__"):  # (a decorator could run code first)
        return message
    try:
        parent(**{key: None})
    except TypeError as error:
        if str(error).startswith(f"{parent.__qualname__}() got an unexpected keyword"):
            message = str(error).replace(parent.__qualname__, name, 1)
    return message


def _for_additions(table, y_true, y_score, pos_label, sample_weight):
    """The table the package's additions (hull, interpolated and achievable curves,
    bands) read: the one scikit-learn's curve is drawn from, except where the weights'
    totals overflow it (scikit-learn's curve is NaN there): then the table of those
    weights divided by a power of two, whose rates are the weights'."""
    with np.errstate(over="ignore"):
        total = table.n_pos + table.n_neg
    if sample_weight is None or total <= LARGEST_TOTAL:
        return table
    return measure_table(y_true, y_score, pos_label, sample_weight)

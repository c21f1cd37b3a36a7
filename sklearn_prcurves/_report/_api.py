"""The report as a Python object: :func:`report` computes it from arrays in memory,
:class:`Report` holds it. The command line reads files into the same computation
(:func:`compute`) and prints and saves the same object, so both give one set of
numbers.
"""

from __future__ import annotations

import datetime
import json
import math
import shutil
from collections.abc import Mapping
from numbers import Integral, Real
from pathlib import Path

import numpy as np
from numpy.typing import ArrayLike

from .._base._array_api import on_host
from .._base._compat import Interval, StrOptions, validate_params
from .._base._messages import InputError, option, worded
from .._base._undefined import warn_undefined
from .._base._version import __version__
from ._batches import BatchConverter, ExactIntegersNeeded
from ._compute import compute_report
from ._figures import FORMATS, build_figures, data_uri, draw_figures
from ._gates import check_requirements, evaluate_requirements
from ._options import (
    DEFAULT_DPI,
    DEFAULT_MAX_SEGMENTS,
    DEFAULT_SIZE,
    PAIRED_TEST_SEED,
    PAIRED_TESTS,
    FigureOptions,
    ReportSpec,
)
from ._render import as_csv, as_json, as_markdown, as_table, html_fragment, html_page
from ._sources import TableSource, import_pyarrow
from ._tracking import log_to_mlflow

__all__ = ["Report", "compute", "holds_report", "report"]

# Written into a report folder, listing the files written there, so that a later run
# can replace that report without mixing files and without touching anything else.
_MARKER = ".sklearn-prcurves-report"
# The columns of the in-memory input that are not models.
_LABEL, _WEIGHT, _BY, _GROUPS = "y_true", "sample_weight", "by", "groups"


class Report:
    """A precision-recall and ROC report: every measure of each model, the comparison
    of the models, and the figures, as :func:`report` and ``sklearn-prcurves`` make it.

    In a notebook it shows itself (the page ``report.html`` holds); ``print`` gives the
    command line's table. Do not build it directly: call :func:`report`.

    Attributes
    ----------
    metadata : dict
        What was read and how (rows, labels, mode, options), as in ``results.json``.

    Examples
    --------
    >>> from sklearn_prcurves import report
    >>> result = report([0, 0, 1, 1, 0, 1], {"a": [.1, .4, .35, .8, .2, .7]},
    ...                 intervals=False)
    >>> result.to_frame().loc[["auc_roc", "auc_pr"], "a"].round(4).tolist()
    [0.8889, 0.9028]
    """

    def __init__(self, results, spec, metadata, source_line, figure_options):
        self._results, self._spec = results, spec
        self.metadata = metadata
        self._source_line, self._figure_options = source_line, figure_options
        self._figure_files = None  # drawn once, for the page and the folder

    @property
    def models(self) -> list[str]:
        """The models' names, in the order given."""
        return list(self._results["models"])

    @property
    def verdict(self) -> str | None:
        """The sentence of the paired AUC-PR test (None with one model or without the
        test)."""
        return self._results["comparison"].get("verdict")

    @property
    def requirements(self) -> list[dict]:
        """Each requirement's outcome per model (``require``, ``require_better_than``):
        ``requirement``, ``model``, ``value``, ``met`` and ``text``; empty without
        requirements."""
        return list(self._results.get("requirements", []))

    @property
    def passed(self) -> bool:
        """Whether every requirement is met (True without requirements): the command
        line exits with status 1 where it is False."""
        return all(outcome["met"] for outcome in self.requirements)

    def log_to_mlflow(self, run_id: str | None = None, prefix: str = "") -> str:
        """Log the report to MLflow (the ``mlflow`` extra): every number as a metric
        (``{prefix}{model}/{measure}``; intervals as ``_low``/``_high``, the paired tests
        as ``paired_auc_pr_*_vs_<winner>`` and ``delong_*``), the settings as
        parameters, each model's per-threshold table (threshold as exact text, counts,
        precision, recall, FPR, F1, predicted-positive rate; thinned to about 2,000
        rows) as a table artifact, and the figures, results.json, results.csv and report.html as
        artifacts. Into the run ``run_id``, else the active run, else a new run;
        returns the run's id. Where to log is MLflow's own setting
        (``MLFLOW_TRACKING_URI``, ``mlflow.set_tracking_uri``)."""
        return log_to_mlflow(self, self._results, run_id, prefix)

    def to_dict(self) -> dict:
        """The content of ``results.json``: every number at full precision, the
        comparison (tests, raw and Holm-adjusted p-values, the tests' settings) and
        the notes. Missing values (NaN) are None, as JSON has no NaN."""
        return json.loads(self.to_json())

    def to_json(self) -> str:
        """``results.json`` as text."""
        return as_json(self._results, self.metadata)

    def to_frame(self, intervals: bool = False):
        """The table as a :class:`pandas.DataFrame`: a row per measure (rows,
        positives, negatives, prevalence, then the areas and operating points), a
        column per model, full precision. Needs pandas.

        With ``intervals=True`` each model has three columns, ``(model, "value")``,
        ``(model, "low")`` and ``(model, "high")``: the confidence interval (or, binned,
        the certified bound) where the report has one, NaN elsewhere."""
        try:
            import pandas as pd
        except ImportError:
            raise ImportError("Report.to_frame needs pandas: pip install pandas "
                              "(to_dict() needs nothing)") from None
        columns = {}
        for model, result in self._results["models"].items():
            column = {key: result[key] for key in ("rows", "positives", "negatives",
                                                   "prevalence")}
            column.update(result["values"])
            if not intervals:
                columns[model] = column
                continue
            spans = {**{k: v[:2] for k, v in result.get("intervals", {}).items()},
                     **result.get("bounds", {})}
            columns[(model, "value")] = column
            for side, at in (("low", 0), ("high", 1)):
                columns[(model, side)] = {key: spans[key][at] if key in spans else math.nan
                                          for key in column}
        frame = pd.DataFrame(columns)
        frame.index.name = "measure"
        return frame

    def to_text(self, format: str = "table", *, delimiter: str = ",") -> str:
        """The report as the command line prints it: ``"table"``, ``"markdown"``,
        ``"csv"`` (fields separated by ``delimiter``) or ``"json"``."""
        if format == "json":
            return self.to_json()
        if format == "csv":
            return as_csv(self._results, self._spec, delimiter)
        if format == "markdown":
            return as_markdown(self._results, self._spec, self._source_line)
        if format == "table":
            return as_table(self._results, self._spec, self._source_line)
        raise ValueError(f"format must be 'table', 'markdown', 'csv' or 'json', not "
                         f"{format!r}")

    def figures(self) -> dict:
        """``{name: matplotlib Figure}``: the report's figures, drawn anew (each call
        makes new figures; they are not pyplot's, so nothing is left open). Needs
        matplotlib."""
        import matplotlib.style

        results = self._results
        with matplotlib.style.context(self._figure_options.style or "default"):
            return {name: fig for name, _, fig in build_figures(
                results["tables"], results["models"], _prevalence(results, self._spec),
                self._figure_options, self._spec, _segments(results))}

    def save(self, directory, *, force: bool = False) -> list[str]:
        """Write what the command line writes into ``directory``: the figures,
        ``results.json``, ``results.csv`` and ``report.html``; returns their paths.

        A folder holding a previous report is replaced; a folder holding anything else
        is refused unless ``force``.
        """
        return _write_report_folder(Path(directory), force, self)

    def html(self, figures: bool = True) -> str:
        """The page of ``report.html`` as one ``<div>`` (its style scoped to it)."""
        shown = []
        if figures:
            shown = [(caption, data_uri(image)) for _, caption, _, image in self._drawn()]
        return html_fragment(self._results, self._spec, self._source_line, shown,
                                     __version__)

    def _repr_html_(self):
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            return self.html(figures=False)
        return self.html()

    def _drawn(self):
        if self._figure_files is None:
            results = self._results
            self._figure_files = draw_figures(
                results["tables"], results["models"], _prevalence(results, self._spec),
                self._figure_options, self._spec, _segments(results))
        return self._figure_files

    def __str__(self):
        return self.to_text()

    def __repr__(self):
        best = self._results["comparison"].get("best", {}).get("auc_pr")
        first = next(iter(self._results["models"].values()))
        tail = f", best by AUC-PR: {best!r}" if best is not None and len(self.models) > 1 else ""
        return (f"<Report: {len(self.models)} model{'s' * (len(self.models) > 1)}, "
                f"{first['rows']:,} rows{tail}>")


def _prevalence(results, spec):
    """The prevalence the figures are drawn at: the deployment's, or the data's."""
    if spec.prevalence is not None:
        return spec.prevalence
    return next(iter(results["models"].values()))["prevalence"]


def _segments(results):
    return ((results["segment_tables"], results["segments"]) if results["segments"]
            else None)


@validate_params(
    {
        "y_true": ["array-like"],
        "y_score": [Mapping, "array-like"],
        "sample_weight": ["array-like", None],
        "by": ["array-like", str, None],
        "groups": ["array-like", None],
        "pos_label": [Real, str, "boolean", None],
        "at_recall": ["array-like"],
        "at_precision": ["array-like"],
        "at_flag_rate": ["array-like"],
        "intervals": ["boolean"],
        "confidence_level": [Interval(Real, 0, 1, closed="neither")],
        "paired_test": [StrOptions(set(PAIRED_TESTS)), None],
        "n_resamples": [Interval(Integral, 2, None, closed="left"), None],
        "seed": [Interval(Integral, 0, 2**32 - 1, closed="both")],
        "binned": ["boolean"],
        "mantissa_bits": [Interval(Integral, 0, 52, closed="both")],
        "tolerance": [Interval(Real, 0, None, closed="left"), None],
        "drop_missing": ["boolean"],
        "require": [str, list, tuple],
        "require_better_than": [str, None],
        "prevalence": [Interval(Real, 0, 1, closed="neither"), None],
        "decision_curve": ["boolean"],
        "shift_risks": ["boolean"],
        "review_band": [tuple, list, None],
        "max_segments": [Interval(Integral, 1, None, closed="left")],
        "figure_format": [StrOptions(set(FORMATS))],
        "dpi": [Interval(Integral, 20, 2400, closed="both")],
        "figure_size": ["array-like"],
        "style": [str, None],
    },
    prefer_skip_nested_validation=True,
)
def report(
    y_true: ArrayLike,
    y_score: Mapping[str, ArrayLike] | ArrayLike,
    *,
    sample_weight: ArrayLike | None = None,
    by: ArrayLike | None = None,
    groups: ArrayLike | None = None,
    pos_label: int | float | bool | str | None = None,
    at_recall: ArrayLike = (),
    at_precision: ArrayLike = (),
    at_flag_rate: ArrayLike = (),
    intervals: bool = True,
    confidence_level: float = 0.95,
    paired_test: str | None = None,
    n_resamples: int | None = None,
    seed: int = PAIRED_TEST_SEED,
    binned: bool = False,
    mantissa_bits: int = 12,
    tolerance: float | None = None,
    drop_missing: bool = False,
    max_segments: int = DEFAULT_MAX_SEGMENTS,
    figure_format: str = "png",
    dpi: int = DEFAULT_DPI,
    figure_size: tuple[float, float] = DEFAULT_SIZE,
    style: str | None = None,
    require: str | list[str] | tuple[str, ...] = (),
    require_better_than: str | None = None,
    prevalence: float | None = None,
    decision_curve: bool = False,
    shift_risks: bool = False,
    review_band: tuple[float, ...] | None = None,
) -> Report:
    """The precision-recall and ROC report of one or more models, as an object.

    The report of the command line (``sklearn-prcurves report``) on arrays in memory:
    every measure of each model with its intervals, which measures disagree on the
    best model, the paired tests and the verdict, and the figures. In a notebook the
    result shows itself; its numbers are the command line's on the same data. Needs
    the ``report`` extra (pyarrow; matplotlib for the figures).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels: two classes (numbers, booleans or text).
    y_score : dict of str to array-like of shape (n_samples,), DataFrame or array-like
        Each model's scores by its name (higher means more likely positive). A
        DataFrame (pandas, polars, or a pyarrow Table) is one model per column (its
        columns named by text); one array is one model, named ``"model"`` (a Series:
        by its name).
    sample_weight : array-like of shape (n_samples,), default=None
        Non-negative weights.
    by : array-like of shape (n_samples,) or str, default=None
        A segment of each row: every measure per segment, and the grouped AUC; named
        in the output by a Series' name. A string names a column of the ``y_score``
        frame (or mapping), which is then a segment column, not a model.
    groups : array-like of shape (n_samples,), default=None
        A cluster id per row (a patient, customer or session: rows that are not
        independent draws). DeLong's intervals and the paired tests then count
        clusters: Obuchowski's clustered variance, a bootstrap of whole clusters, over
        a sample of whole clusters; Boyd's intervals, certified thresholds and the
        segments' intervals, which count rows as independent, are left out.
    pos_label : int, float, bool or str, default=None
        The positive class (default: 1, or the only class read as true).
    at_recall, at_precision : sequence of float in [0, 1], default=()
        Also report the best precision at these recalls and the best recall at these
        precisions, with their thresholds.
    at_flag_rate : sequence of float in [0, 1], default=()
        Alert budgets: also report the best recall flagging at most each share of the
        cases (:func:`recall_at_flag_rate`), and with intervals the recall at the
        threshold whose share flagged is certified within the budget.
    intervals : bool, default=True
        Confidence intervals and the paired tests (False: one pass, faster).
    confidence_level : float in (0, 1), default=0.95
    paired_test : {"delta", "bootstrap"}, default=None
        How the paired AUC-PR test finds the standard error of a difference: by the
        delta method, from each row's influence on both models' areas (no resampling),
        or from the spread of a paired stratified bootstrap. None: the delta method,
        or with ``prevalence`` the bootstrap (at a remote prevalence the delta method's
        first order falls short).
    n_resamples : int >= 2, default=None
        Resamples of ``paired_test="bootstrap"`` (None: 500).
    seed : int in [0, 2**32), default=20061
        Seed of the paired test's row sample and resamples: the same seed gives the
        same report.
    binned : bool, default=False
        Count scores in bins of relative width ``2**-mantissa_bits``: bounded memory,
        every figure with its certified bound.
    mantissa_bits : int in [0, 52], default=12
    tolerance : float >= 0, default=None
        With ``binned``: refine bins until every AUC-ROC bound is at most this.
    drop_missing : bool, default=False
        Drop rows with a missing (NaN) score or weight instead of refusing them.
    max_segments : int >= 1, default=1000
        The most distinct values of ``by``.
    figure_format : {"png", "svg", "pdf"}, default="png"
        What :meth:`Report.save` writes the figures as.
    dpi : int in [20, 2400], default=150
    figure_size : (float, float), default=(6.4, 6.4)
        One panel's width and height in inches (1 to 50 each).
    style : str, default=None
        A matplotlib style (a name from ``matplotlib.style.available`` or a file).
    require : str or list of str, default=()
        Quality gates every model must meet, as ``"auc_pr>=0.30"``: a measure by its
        key in ``to_dict()`` or its scorer name (``"pr_auc"``, ``"roc_auc"``), one of
        ``>=``, ``<=``, ``>``, ``<``, and a number. ``recall_at_precision_0.9``,
        ``precision_at_recall_0.8`` and ``recall_at_flag_rate_0.02`` add their level to
        the report.
    require_better_than : str, default=None
        A model every other model must beat by AUC-PR in the paired test at
        ``1 - confidence_level`` (Holm-adjusted among several).
    prevalence : float in (0, 1), default=None
        The deployment's share of positives: precision, the PR curves, areas and
        operating points, their figures and the paired AUC-PR test as that population
        would see them (see :func:`~sklearn_prcurves.pr_curve`); AUC-ROC and its
        intervals do not depend on it; the certified thresholds are certified at it
        (:func:`~sklearn_prcurves.certified_threshold`'s ``prevalence=``). Boyd's
        AUC-PR intervals are then left out (they count the data's rows). None: the
        data's own.
    decision_curve : bool, default=False
        The scores are probabilities: add each model's net benefit at thresholds 0,
        0.01, ..., 0.99 against treating everyone and no one (decision curve analysis,
        :func:`~sklearn_prcurves.net_benefit_curve`, at ``prevalence`` if given), a
        figure and a line per model saying where it beats both.
    shift_risks : bool, default=False
        With ``prevalence`` and ``decision_curve``: the probabilities were fitted at
        the data's prevalence, so the decision curve reads the deployment's risks,
        theirs moved by :func:`~sklearn_prcurves.prior_shift`
        (``net_benefit_curve(shift_risks=True)``).
    review_band : tuple (precision, npv) or (precision, npv, review), default=None
        Add each model's certified review band (:func:`certified_review_band`):
        automatic positives above it with precision at least ``precision``, automatic
        negatives below it with negative predictive value at least ``npv``, and at
        most a share ``review`` of the cases between them; rows
        ``review_band_review_rate`` (the share it sends for review on these rows),
        ``review_band_lower`` and ``review_band_upper``, which gates read. A review
        bound with ``prevalence`` or ``groups`` is refused (see the function).

    Returns
    -------
    report : :class:`Report`
        ``to_frame()``, ``to_dict()``, ``figures()``, ``save(directory)``, ``verdict``;
        ``passed`` and ``requirements`` for the gates (the command line exits with
        status 1 where ``passed`` is False).

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn_prcurves import report
    >>> rng = np.random.default_rng(0)
    >>> y = (rng.random(2000) < 0.1).astype(int)
    >>> scores = {"sharp": y + rng.normal(size=2000), "blunt": 0.3 * y + rng.normal(size=2000)}
    >>> result = report(y, scores)
    >>> result
    <Report: 2 models, 2,000 rows, best by AUC-PR: 'sharp'>
    >>> result.verdict[:47]
    "By AUC-PR, 'sharp' is better than 'blunt' (pair"
    >>> round(result.to_dict()["models"]["sharp"]["values"]["auc_roc"], 4)
    0.7378
    """
    # (arrays of other namespaces, a GPU's included, are read on the host: the report
    # streams its input through pyarrow)
    y_true, scores = _labels_and_models(y_true, y_score, by if isinstance(by, str) else None)
    by, by_name = _segment_column(by, scores)
    sample_weight, by, groups = on_host(sample_weight, by, groups)
    try:
        spec = ReportSpec(
            label=_LABEL, scores=list(scores),
            weight=_WEIGHT if sample_weight is not None else None, pos_label=pos_label,
            by=_BY if by is not None else None, by_name=by_name,
            at_recall=np.atleast_1d(np.asarray(at_recall, dtype=float)).tolist(),
            at_precision=np.atleast_1d(np.asarray(at_precision, dtype=float)).tolist(),
            at_flag_rate=np.atleast_1d(np.asarray(at_flag_rate, dtype=float)).tolist(),
            intervals=intervals, confidence_level=confidence_level, binned=binned,
            mantissa_bits=mantissa_bits, tolerance=tolerance, drop_missing=drop_missing,
            max_segments=max_segments, progress=False, paired_test=paired_test,
            n_resamples=n_resamples, seed=seed,
            require=[require] if isinstance(require, str) else list(require),
            require_better_than=require_better_than, prevalence=prevalence,
            decision_curve=decision_curve, cluster=_GROUPS if groups is not None else None,
            shift_risks=shift_risks, review_band=review_band)
        options = FigureOptions(figure_format, dpi, np.ravel(np.asarray(
            figure_size, dtype=float)).tolist(), style)
        options.check_pixels(segments=by is not None)
        source = _in_memory(y_true, scores, sample_weight, by, groups)
        result = compute(source, spec, options, python=True)
    except InputError as error:
        raise ValueError(error.in_python()) from None
    for message in result._results["undefined"]:  # (as the library's functions warn)
        warn_undefined(message)
    return result


def _in_memory(y_true, scores, sample_weight, by, groups):
    """The arrays as the report's source: one pyarrow table of their columns."""
    pa = import_pyarrow()
    columns = {_LABEL: _column(pa, y_true, "y_true", -1)}
    n = len(columns[_LABEL])
    for name, values in scores.items():
        columns[name] = _column(pa, values, f"the scores of {name!r}", n)
    if sample_weight is not None:
        columns[_WEIGHT] = _column(pa, sample_weight, "sample_weight", n)
    if by is not None:
        columns[_BY] = _column(pa, by, "by", n)
    if groups is not None:
        columns[_GROUPS] = _column(pa, groups, "groups", n)
    return TableSource(pa.table(columns), "input", first_row=0)


def _models(y_score):
    """``{name: scores}`` of ``report``'s ``y_score``: a mapping; a DataFrame whose
    columns are named by text (one model per column: integer names are those of
    ``predict_proba``'s frame, refused as an array of two columns is); or one array,
    named by its name (a pandas or polars Series') or ``"model"``. DataFrames are
    pandas', polars' and pyarrow's Tables (whose names are ``column_names``)."""
    if isinstance(y_score, Mapping):
        return dict(y_score)
    columns = getattr(y_score, "column_names", None)
    if columns is None:
        columns = getattr(y_score, "columns", None)
    if (len(getattr(y_score, "shape", ())) == 2 and columns is not None and len(columns)
            and all(isinstance(name, str) for name in columns)):
        if len(set(columns)) != len(columns):
            raise ValueError(f"y_score names two models alike: {list(columns)}")
        return {name: y_score[name] for name in columns}
    name = getattr(y_score, "name", None)
    return {name if isinstance(name, str) and name else "model": y_score}


def _segment_column(by, scores):
    """``(segments, name)``: ``by`` (a column of the models' frame when it is a string,
    taken out of ``scores``) and the name the output gives it."""
    if isinstance(by, str):
        return scores.pop(_SEGMENT_KEY), by
    name = getattr(by, "name", None)  # (a pandas or polars Series')
    return by, str(name) if name is not None and str(name) else _BY


_SEGMENT_KEY = object()  # (where _labels_and_models leaves a segment column of y_score)


def _labels_and_models(y_true, y_score, by=None):
    """``(y_true, {name: scores})`` on the host, the models named by text, each once,
    none by a name the report gives its other columns, and none the label itself;
    ``by``, a column of ``y_score`` holding segments, under ``_SEGMENT_KEY``."""
    label_name = getattr(y_true, "name", None)  # (a pandas or polars Series')
    models = _models(y_score)
    if by is not None:
        if by not in models:
            raise ValueError(f"by={by!r} names no column of y_score (its columns: "
                             f"{', '.join(map(repr, map(str, models)))})")
        segments = models.pop(by)
    scores = {str(name): on_host(values)[0] for name, values in models.items()}
    if not scores:
        raise ValueError("y_score holds no model: pass {name: scores, ...}")
    if len(scores) != len(models):
        raise ValueError(f"y_score names two models alike: {[str(m) for m in models]}")
    reserved = {_LABEL, _WEIGHT, _BY, _GROUPS} & set(scores)
    if reserved:
        raise ValueError(f"a model may not be named {sorted(reserved)[0]!r} (a name the "
                         "report gives its other columns)")
    y_true = on_host(y_true)[0]
    _refuse_the_label_as_a_model(y_true, label_name, scores)
    if by is not None:
        scores[_SEGMENT_KEY] = segments
    return y_true, scores


def _refuse_the_label_as_a_model(y_true, label_name, scores):
    """A whole test frame passed as ``y_score`` brings its label column along: that
    column would be scored as a perfect model and win every comparison. It is refused
    by name (the label Series' name) or by value (the labels themselves)."""
    labels = np.asarray(y_true)
    for name, values in scores.items():
        if name == label_name:
            raise ValueError(f"{name!r} is both the label (y_true's name) and a column of "
                             f"y_score: leave it out of the scores, e.g. "
                             f"frame.drop(columns={name!r})")
        values = np.asarray(values)
        if values.shape == labels.shape and labels.ndim == 1 and _same_values(values, labels):
            raise ValueError(f"y_score's {name!r} holds y_true itself (the labels, row for "
                             f"row): the label is not a model; leave it out of the scores, "
                             f"e.g. frame.drop(columns={name!r})")


def _same_values(a, b):
    try:
        return bool(np.array_equal(a, b))
    except (TypeError, ValueError):  # (values that cannot be compared are not equal)
        return False


def _column(pa, values, what, n):
    """One input as a pyarrow array, after the checks that name the argument."""
    array = np.asarray(values)
    if array.ndim != 1:
        hint = ""
        if array.ndim == 2:
            hint = (" (for predict_proba's output, pass the positive class's column, "
                    "proba[:, 1])" if array.shape[1] == 2
                    else " (several models: pass {name: scores, ...})")
        raise ValueError(f"{what} must be one-dimensional, got shape {array.shape}{hint}")
    if n >= 0 and array.shape[0] != n:
        raise ValueError(f"{what} has {array.shape[0]} rows where y_true has {n}")
    try:
        return pa.array(array if array.dtype != object else array.tolist(),
                        from_pandas=True)
    except OverflowError:
        raise ValueError(f"{what} hold integers outside int64, which the report's columns "
                         "cannot hold exactly: pass them as floats (or use the library's "
                         "functions, which compare them exactly)") from None
    except (pa.ArrowInvalid, pa.ArrowTypeError, pa.ArrowNotImplementedError) as error:
        raise ValueError(f"{what} cannot be read: {error}") from None


def compute(source, spec, figure_options=None, engine="local", scheduler=None,
            python=False):
    """The :class:`Report` of a source (a file's or the arrays' rows) and a spec, its
    notes naming options as the command line does (``python``: as report()'s keywords)."""
    check_requirements(spec)
    while True:
        converter = BatchConverter(source, spec.label, spec.scores, spec.weight,
                                   spec.pos_label, spec.drop_missing)
        try:
            results = (compute_report(source, spec, converter) if engine == "local" else
                       _compute_on_cluster(engine, source, spec, converter, scheduler))
            break
        except ExactIntegersNeeded as need:  # (at most once per score column)
            if need.column in source.exact_columns:
                raise
            source.exact_columns.add(need.column)
    if spec.require or spec.require_better_than is not None:
        results["requirements"] = evaluate_requirements(results, spec)
    if converter.dropped:
        rows = "row was" if converter.dropped == 1 else "rows were"
        results["notes"].insert(0, f"{converter.dropped:,} {rows} dropped for a missing "
                                   f"score or weight ({option('drop_missing', True)}).")
    results["notes"] = [worded(note, python) for note in results["notes"]]
    metadata = {
        "sklearn_prcurves": __version__,
        "created": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "input": source.display,
        "files": [str(p) for p in source.paths] if not source.spooled else ["-"],
        "label": spec.label,
        "pos_label": spec.pos_label if spec.pos_label is not None else "1 (implicit)",
        "scores": spec.scores,
        "weight": spec.weight,
        "by": spec.by,
        "cluster": spec.cluster,
        "rows_read": converter.rows,
        "rows_dropped": converter.dropped,
        "mode": "binned" if spec.binned else "exact",
        "mantissa_bits": spec.mantissa_bits if spec.binned else None,
        "tolerance": spec.tolerance,
        "engine": engine,
        "confidence_level": spec.confidence_level if spec.intervals else None,
        "paired_test": spec.paired_test if spec.intervals else None,
        "n_resamples": spec.n_resamples if spec.intervals else None,
        "seed": spec.seed if spec.intervals else None,
        "deployment_prevalence": spec.prevalence,
    }
    return Report(results, spec, metadata, _source_line(source, results, spec, metadata),
                  figure_options or FigureOptions())


def _compute_on_cluster(engine, source, spec, converter, address):
    """:func:`compute_report` with every pass over the input on Dask or Spark workers."""
    if engine == "dask":
        from .._engines._dask import DaskRunner as Runner
    else:
        from .._engines._spark import SparkRunner as Runner
    spec.progress = False  # the workers read; there is no stream to follow here
    runner = Runner(address)
    try:
        return compute_report(source, spec, converter, runner)
    finally:
        runner.close()


def _source_line(source, results, spec, metadata):
    first = next(iter(results["models"].values()))
    positives = first["positives"]
    total = positives + first["negatives"]
    # The rows the numbers are computed from, as the table counts them; dropped rows
    # are named apart.
    used = first["rows"]
    if spec.weight:
        counts = (f"{used:,} rows, weight {total:,.6g} of which positives "
                  f"{positives:,.6g} ({positives / total:.2%})")
    else:
        counts = (f"{used:,} rows, {int(positives):,} positives "
                  f"({positives / total:.2%})")
    if spec.prevalence is not None:
        counts += f"; read at a deployment prevalence of {spec.prevalence:.4g}"
    if source.display == "demo":
        return (f"demo: {counts}; three models fitted on the other half of a generated "
                "imbalanced set")
    dropped = (f" ({metadata['rows_dropped']:,} more dropped: a missing score or weight)"
               if metadata["rows_dropped"] else "")
    mode = f"; binned ({spec.mantissa_bits} mantissa bits)" if spec.binned else ""
    return f"{source.display}: {counts}{dropped}{mode}"


def holds_report(folder) -> bool:
    """Whether ``folder`` holds a report that :meth:`Report.save` would replace."""
    return (Path(folder) / _MARKER).is_file()


def _write_report_folder(folder, force, result):
    """Figures, results and report.html in ``folder``, never mixed with another
    report's files.

    A folder holding a previous report (it has the marker file) has that report's
    files replaced (the command line says so); a folder holding anything else is refused
    unless ``force``. A folder this run created is removed again if writing fails.
    """
    created = not folder.exists()
    if not created:
        if not folder.is_dir():
            raise InputError(f"{folder} exists and is not a folder")
        marker = folder / _MARKER
        if marker.is_file():
            for name in marker.read_text(encoding="utf-8").split("\n"):
                if name and "/" not in name and "\\" not in name:
                    (folder / name).unlink(missing_ok=True)
        elif any(folder.iterdir()) and not force:
            raise InputError(
                f"{folder} exists and holds files that are not a report of "
                "sklearn-prcurves; choose another folder or overwrite them (--force, or "
                "force=True from Python)"
            )
    try:
        written = _write_files(folder, result)
    except BaseException:
        if created:
            shutil.rmtree(folder, ignore_errors=True)
        raise
    (folder / _MARKER).write_text(
        "\n".join(Path(p).name for p in written) + "\n", encoding="utf-8"
    )
    return written


def _write_files(folder, result):
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise InputError(
            "writing figures needs matplotlib: pip install 'sklearn-prcurves[report]' "
            "(or pass --no-files)"
        ) from None
    folder.mkdir(parents=True, exist_ok=True)
    figures = result._drawn()
    written = []
    for filename, _, data, _ in figures:
        (folder / filename).write_bytes(data)
        written.append(str(folder / filename))
    page = html_page(result._results, result._spec, result._source_line,
                             [(caption, data_uri(shown)) for _, caption, _, shown in figures],
                             __version__)
    outputs = {
        "report.html": page,
        "results.json": result.to_json(),
        "results.csv": as_csv(result._results, result._spec),
    }
    for name, text in outputs.items():
        (folder / name).write_text(text, encoding="utf-8")
        written.append(str(folder / name))
    return written

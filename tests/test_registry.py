"""Every public function against hostile inputs, through one registry.

``REGISTRY`` names every name in ``sklearn_prcurves.__all__`` (and the in-memory
entry points of ``sklearn_prcurves.dask`` and ``sklearn_prcurves.spark``) with how to
call it on a :class:`_hostile.Data` and which invariants it keeps (what each
invariant checks: ``tests/_registry.py``). A public name missing from the registry
fails :func:`test_every_public_name_is_registered`, so a new function meets hostile
inputs on the day it is written: add its entry here.
"""

from __future__ import annotations

import math

import _fpenv
import numpy as np
import pytest
from _registry import (
    ALL,
    CURVE,
    NOT_SCALE_FREE,
    TABLE,
    Entry,
    run_hostile,
    run_in_namespace,
    skip_without_dispatch,
)
from scipy.integrate import trapezoid
from sklearn import metrics as skm
from sklearn.base import BaseEstimator, ClassifierMixin

import sklearn_prcurves as spc
from sklearn_prcurves._base._compat import TIES_SUMMED_LAST_ROW_FIRST

# --- the registry -------------------------------------------------------------------


def sw(data):
    return {"sample_weight": data.w}


def metric(function, invariants=ALL, unit=True, **kwargs):
    return Entry(lambda d: function(d.y, d.s, **kwargs, **sw(d)), invariants, unit=unit)


def pos1(function, invariants=CURVE, unit=False, **kwargs):
    """Functions taking pos_label: given 1, as a user with labels 0/1/2 would."""
    return Entry(lambda d: function(d.y, d.s, pos_label=1, **kwargs, **sw(d)), invariants,
                 unit=unit)


def _confusion_before_1_8(y_true, y_score, pos_label=None, sample_weight=None):
    """1.8's ``confusion_matrix_at_thresholds`` on earlier releases: the private
    function it reads, read as it reads it."""
    from sklearn.metrics._ranking import _binary_clf_curve

    fps, tps, thresholds = _binary_clf_curve(y_true, y_score, pos_label=pos_label,
                                             sample_weight=sample_weight)
    return fps[-1] - fps, fps, tps[-1] - tps, tps, thresholds


def dropin(name, invariants=CURVE, unit=False, **kwargs):
    """A drop-in, compared with scikit-learn's function (confusion_matrix_at_thresholds,
    1.8's, with what it wraps on earlier releases)."""
    ours, theirs = getattr(spc, name), getattr(skm, name, None)
    if theirs is None and name == "confusion_matrix_at_thresholds":
        theirs = _confusion_before_1_8
    return Entry(lambda d: ours(d.y, d.s, **kwargs, **sw(d)), invariants, unit=unit,
                 sklearn=None if theirs is None else (
                     lambda d: theirs(d.y, d.s, **kwargs, **sw(d))))


def _metric_at_thresholds(metric):
    """scikit-learn 1.9's metric_at_thresholds (its loop, before 1.9) of one of the
    metrics the package reads from the counts."""
    from test_thresholds import THEIRS

    def call(function):
        return lambda d: function(d.y, d.s, getattr(skm, metric), **sw(d))
    return Entry(call(spc.metric_at_thresholds), ("order", "repeat", "ftz"),
                 sklearn=call(THEIRS))


class FixedScores(ClassifierMixin, BaseEstimator):
    """An estimator whose decision function returns the column it is given."""

    def fit(self, X, y, sample_weight=None):
        self.classes_ = np.unique(y)
        return self

    def decision_function(self, X):
        return np.asarray(X, dtype=float)[:, 0]

    def predict_proba(self, X):
        s = np.asarray(X, dtype=float)[:, 0]
        p = (s - s.min()) / (np.ptp(s) or 1.0)
        if len(self.classes_) == 1:  # (as a classifier fitted on one class answers)
            return np.ones((s.shape[0], 1))
        return np.column_stack([1 - p, p])

    def predict(self, X):
        return self.classes_[(np.asarray(X)[:, 0] > 0).astype(int) % len(self.classes_)]


def _scorer_call(scorer_of):
    def call(d):
        estimator = FixedScores().fit(d.s[:, None], d.y)
        scorer = scorer_of()
        return scorer(estimator, d.s[:, None], d.y, **({} if d.w is None else sw(d)))
    return call


def _display(cls, invariants=("order", "ftz"), sklearn_cls=None, warns_as=None, **kwargs):
    def call(d, cls=cls, options=kwargs):
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        try:
            display = cls.from_predictions(d.y, d.s, pos_label=1, **options, **sw(d))
            # Each drawn line's extent and area: what a reader sees (a collinear vertex
            # kept or dropped by rounding changes the points, not the picture).
            # Only the drawn points: matplotlib leaves out infinite ones (scikit-learn
            # 1.6's DET line holds probit(0) = -inf).
            lines = [np.asarray(line.get_xydata(), float) for line in display.ax_.get_lines()]
            lines = [x[np.isfinite(x).all(axis=1)] for x in lines]
            return [(x[:, 0].min(), x[:, 0].max(), x[:, 1].min(), x[:, 1].max(),
                     float(trapezoid(x[:, 1], x[:, 0]))) for x in lines if x.size]
        finally:
            plt.close("all")

    return Entry(call, invariants, examples=12,
                 sklearn=None if sklearn_cls is None else (lambda d: call(d, sklearn_cls)),
                 # (scikit-learn's display of the same curve, without the additions)
                 warns_as=None if warns_as is None else (lambda d: call(d, warns_as, {})))


def _summary(cls, chunks=2, **kwargs):
    def call(d):
        summary = cls(pos_label=1, **kwargs)
        cut = d.y.shape[0] // chunks
        summary.update(d.y[:0], d.s[:0], None if d.w is None else d.w[:0])  # empty chunk
        summary.update(d.y[:cut], d.s[:cut], None if d.w is None else d.w[:cut])
        summary.update(d.y[cut:], d.s[cut:], None if d.w is None else d.w[cut:])
        if cls is spc.ExactSummary:
            # The stream gives the one-shot functions' values (PRG's may be negative).
            assert summary.prg_auc() == pytest.approx(
                spc.prg_auc_score(d.y, d.s, pos_label=1, **sw(d)), nan_ok=True)
            # (continuous areas: the scale-free ones)
            values = {"roc_auc": summary.roc_auc(), "ap": summary.average_precision(),
                      "pr_auc": summary.pr_auc("continuous"),
                      "ks": summary.ks_statistic().statistic,
                      "norm": summary.normalized_pr_auc("continuous"),
                      "hull": summary.achievable_pr_auc("continuous"),
                      "rap": summary.recall_at_precision(0.5).value,
                      "par": summary.precision_at_recall(0.5).value}
            assert values["rap"] == pytest.approx(spc.recall_at_precision(
                d.y == 1, d.s, min_precision=0.5, sample_weight=d.w).value, nan_ok=True)
            assert values["par"] == pytest.approx(spc.precision_at_recall(
                d.y == 1, d.s, min_recall=0.5, sample_weight=d.w).value, nan_ok=True)
            assert values["pr_auc"] == pytest.approx(spc.pr_auc_score(
                d.y == 1, d.s, interpolation="continuous", **sw(d)), nan_ok=True)
            # (roc_auc_score reads integers past 2**53 as floats, as scikit-learn's does,
            # and its curves find ties of ints and floats as scikit-learn does: the
            # package's own area compares them exactly, as the summary does)
            assert values["roc_auc"] == pytest.approx(spc.partial_roc_auc_score(
                d.y, d.s, pos_label=1, **sw(d)), nan_ok=True)
            return values
        estimate, bound = summary.roc_auc()
        low, high = summary.average_precision_interval()
        exact = spc.roc_auc_score(d.y == 1, d.s.astype(float), sample_weight=d.w)
        assert abs(exact - estimate) <= bound * (1 + 1e-9) + 1e-12, (exact, estimate, bound)
        ap = spc.average_precision_score(d.y == 1, d.s.astype(float), sample_weight=d.w)
        assert low - 1e-9 <= ap <= high + 1e-9, (low, ap, high)
        refined = summary.refine(d.y, d.s, d.w, tolerance=0)
        assert refined.roc_auc()[1] == 0 and refined.roc_auc()[0] == pytest.approx(exact)
        if cls is spc.BinnedSummary:
            return {"roc_auc_bound_holds": 1.0, "ap": (low, high)}
        return {"roc_auc": (estimate, bound), "ap": (low, high)}
    # (BinnedSummary's AP interval credits whole units of weight: valid, not scale-free)
    invariants = ALL if cls is spc.ExactSummary else NOT_SCALE_FREE
    return Entry(call, invariants, unit=True, examples=30)


def _report_values(d, intervals=False, **kwargs):
    result = spc.report(d.y, {"a": d.s, "b": d.s2}, pos_label=1, intervals=intervals,
                        **kwargs, **sw(d))
    out = result.to_dict()
    values = {m: r["values"] for m, r in out["models"].items()}
    if intervals:
        values["tests"] = {m: (t["difference"], t["pvalue"], t["pvalue_holm"]) for m, t in
                           out["comparison"].get("paired_auc_pr", {}).items()}
    return values


def _report_gates(d):
    # The gates and the certified rows on every input the report accepts: each outcome
    # a clean True or False, the certified values within [0, 1] or undefined.
    result = spc.report(d.y, {"a": d.s, "b": d.s2}, pos_label=1, at_precision=[0.5],
                        require=["auc_pr>=0.5", "certified_recall_at_precision_0.5>0"],
                        require_better_than="b", **sw(d))
    assert result.passed == all(o["met"] for o in result.requirements)
    return [(o["model"], o["requirement"], o["met"]) for o in result.requirements]


def _report_object(d):
    # What the object gives besides its numbers: the table, the text formats and the
    # page, on every input the report accepts.
    result = spc.report(d.y, {"a": d.s, "b": d.s2}, pos_label=1, intervals=False, **sw(d))
    for form in ("table", "markdown", "csv", "json"):
        assert result.to_text(form)
    assert result.html(figures=False).startswith("<div")
    frame = result.to_frame()
    return {m: frame[m].to_dict() for m in frame.columns}


def _report_of_a_frame_holding_its_label(d):
    # The whole test frame as the scores, label column included, the label given as
    # the frame's column (named) or as an array (by its values): refused, never a model.
    pd = pytest.importorskip("pandas")
    frame = pd.DataFrame({"label": d.y, "a": d.s, "b": d.s2})
    for labels in (frame["label"], d.y):
        try:
            result = spc.report(labels, frame, pos_label=1, intervals=False, **sw(d))
        except ValueError as error:
            assert "'label'" in str(error), error
            continue
        raise AssertionError(f"the label was scored as a model: {result.models}")


def _two(function, invariants=CURVE, **kwargs):
    return Entry(lambda d: function(d.y, d.s, d.s2, pos_label=1, **kwargs, **sw(d)),
                 invariants, two_scores=True)


def _in_memory(name, memory, d, extra):
    """What a distributed reading equals in memory. The drop-ins read integers past
    2**53 as floats and tie an int and a float there, as scikit-learn does; the
    distributed ones compare them exactly, as the package's own partial_roc_auc_score
    (over the whole box) and step-interpolated pr_auc_score do."""
    exact = d.order_dependent_in_sklearn
    if name == "roc_auc_score":
        return (spc.partial_roc_auc_score(d.y == 1, d.s, sample_weight=d.w) if exact else
                spc.auc(*spc.roc_curve(d.y == 1, d.s, sample_weight=d.w)[:2]))
    if name == "average_precision_score" and exact:
        return spc.pr_auc_score(d.y, d.s, pos_label=1, sample_weight=d.w,
                                interpolation="step")
    return memory(d.y, d.s, pos_label=1, sample_weight=d.w, **extra)


def _dask(name, **kwargs):
    def call(d):
        import dask.array as da

        import sklearn_prcurves.dask as spd

        chunks = max(d.y.shape[0] // 2, 1)
        w = None if d.w is None else da.from_array(d.w, chunks=chunks)
        ours = getattr(spd, name)(da.from_array(d.y, chunks=chunks),
                                  da.from_array(d.s, chunks=chunks), pos_label=1,
                                  sample_weight=w, **kwargs)
        if kwargs.get("mode") != "binned":
            memory = getattr(spc, name)
            extra = {k: v for k, v in kwargs.items() if k != "mode"}
            assert ours == pytest.approx(_in_memory(name, memory, d, extra), nan_ok=True)
        return ours
    return Entry(call, ("order",), examples=8)


def _torchmetric(name, **kwargs):
    """A metric of the torchmetrics front over the data in two batches (tensors of the
    data's own types), against the exact summary of the same rows."""
    def call(d):
        torch = pytest.importorskip("torch")
        pytest.importorskip("torchmetrics")
        from sklearn_prcurves import torchmetrics as sptm

        if d.s.dtype.kind not in "biuf" or d.y.dtype.kind not in "biuf" or (
                d.w is not None and d.w.dtype.kind not in "biuf"):
            return "no tensor holds text or Python objects"
        metric = getattr(sptm, name)(**kwargs)
        y, s = torch.as_tensor(d.y), torch.as_tensor(d.s)
        w = None if d.w is None else torch.as_tensor(d.w)
        cut = d.y.shape[0] // 2
        for rows in (slice(0, cut), slice(cut, None)):
            metric.update(s[rows], y[rows], None if w is None else w[rows])
        result = metric.compute()
        if name == "BinarySummary":
            expected = spc.ExactSummary().update(d.y, d.s.astype(np.float64), d.w)
            assert result.roc_auc() == expected.roc_auc()
            return result.roc_auc(), result.average_precision()
        return tuple(float(v) for v in result) if isinstance(result, tuple) else float(result)
    return Entry(call, ("order",), examples=8)


REGISTRY: dict[str, Entry] = {
    # drop-ins: scikit-learn's outcome, whatever the input
    "roc_curve": dropin("roc_curve", pos_label=1),
    "precision_recall_curve": dropin("precision_recall_curve", pos_label=1),
    # Before 1.8 det_curve is scikit-learn's older algorithm on sums of tied weighted
    # rows taken last row first, as there: reordering rows can move a sum by an ulp and
    # the trimmed range with it, in scikit-learn as in ours (docs/compat.rst).
    "det_curve": dropin("det_curve", tuple(i for i in CURVE if not (
        i == "order" and TIES_SUMMED_LAST_ROW_FIRST)), pos_label=1),
    "metric_at_thresholds[f1]": _metric_at_thresholds("f1_score"),
    "metric_at_thresholds[matthews]": _metric_at_thresholds("matthews_corrcoef"),
    "confusion_matrix_at_thresholds": dropin("confusion_matrix_at_thresholds", TABLE,
                                             pos_label=1),
    "roc_auc_score": dropin("roc_auc_score", ALL, unit=True),
    "roc_auc_score[max_fpr]": dropin("roc_auc_score", ALL, unit=True, max_fpr=0.5),
    "average_precision_score": dropin("average_precision_score", ALL, unit=True),
    "auc": Entry(lambda d: spc.auc(np.sort(d.s.astype(float)), d.y),
                 sklearn=lambda d: skm.auc(np.sort(d.s.astype(float)), d.y)),
    # areas
    "pr_auc_score": metric(spc.pr_auc_score, NOT_SCALE_FREE),
    "pr_auc_score[continuous]": metric(spc.pr_auc_score, interpolation="continuous"),
    "pr_auc_score[step]": metric(spc.pr_auc_score, interpolation="step"),
    # (the authors' rule is not continuous: a positive of 1e-300 among the top-ranked
    # negatives decides whether they are dropped)
    "pr_auc_score[drop]": metric(spc.pr_auc_score, ("order", "repeat", "ftz"),
                                 leading_negatives="drop"),
    "pr_auc_score[recall_range]": metric(spc.pr_auc_score, interpolation="continuous",
                                         recall_range=(0.25, 0.75)),
    "achievable_pr_auc_score": metric(spc.achievable_pr_auc_score, NOT_SCALE_FREE),
    "achievable_pr_auc_score[continuous]": metric(spc.achievable_pr_auc_score,
                                                  interpolation="continuous"),
    "normalized_pr_auc_score": pos1(spc.normalized_pr_auc_score, NOT_SCALE_FREE, unit=True),
    "normalized_pr_auc_score[continuous]": pos1(spc.normalized_pr_auc_score, ALL, unit=True,
                                                interpolation="continuous"),
    "normalized_pr_auc_score[step]": pos1(spc.normalized_pr_auc_score, NOT_SCALE_FREE,
                                          unit=True, interpolation="step"),
    "prg_auc_score": pos1(spc.prg_auc_score, ALL),  # (precision gain goes below 0)
    "partial_roc_auc_score": pos1(spc.partial_roc_auc_score, ALL, unit=True,
                                  fpr_range=(0, 0.5)),
    "partial_roc_auc_score[two-way]": pos1(spc.partial_roc_auc_score, ALL, unit=True,
                                           fpr_range=(0, 0.5), tpr_range=(0.5, 1)),
    "partial_roc_auc_score[standardized]": pos1(spc.partial_roc_auc_score, ALL, unit=True,
                                                fpr_range=(0, 0.5), standardized=True),
    # (below 0 for the worst ranking, exactly: the diagonal averages above the box)
    "partial_roc_auc_score[narrow]": pos1(spc.partial_roc_auc_score, ALL,
                                          fpr_range=(0.5, 0.5 + 1e-9), standardized=True),
    "grouped_roc_auc_score": Entry(
        lambda d: spc.grouped_roc_auc_score(d.y, d.s, d.groups, pos_label=1, **sw(d)),
        ("order", "repeat", "ftz", "scale"), unit=True, groups=True),
    "pr_auc_bounds": pos1(lambda y, s, **k: spc.pr_auc_bounds(y, **k), NOT_SCALE_FREE,
                          unit=True),
    "pr_auc_bounds[continuous]": pos1(lambda y, s, **k: spc.pr_auc_bounds(y, **k), ALL,
                                      unit=True, interpolation="continuous"),
    # (the step worst ranks whole positives one at a time: rows, not a scale)
    "pr_auc_bounds[step]": pos1(lambda y, s, **k: spc.pr_auc_bounds(y, **k), NOT_SCALE_FREE,
                                unit=True, interpolation="step"),
    "pr_curve_bounds": pos1(lambda y, s, **k: spc.pr_curve_bounds(y, **k), NOT_SCALE_FREE),
    # curves
    "pr_curve": pos1(spc.pr_curve, TABLE),
    "pr_curve[continuous]": pos1(spc.pr_curve, CURVE, interpolation="continuous"),
    "roc_convex_hull": pos1(spc.roc_convex_hull),
    "achievable_pr_curve": pos1(spc.achievable_pr_curve, TABLE),
    "prg_curve": pos1(spc.prg_curve),
    "cost_curve": pos1(spc.cost_curve),
    "cumulative_gain_curve": pos1(spc.cumulative_gain_curve),
    "lift_curve": pos1(spc.lift_curve),
    "count_table": Entry(lambda d: tuple(
        (t.thresholds, t.tps, t.fps) for t in [spc.count_table(d.y == 1, d.s, d.w)])[0],
        TABLE),
    "CountTable": Entry(lambda d: (lambda t: (t.thresholds, t.pos, t.neg, t.n_pos, t.n_neg))(
        spc.CountTable.from_counts(*(lambda t: (t.thresholds, t.pos, t.neg))(
            spc.count_table(d.y == 1, d.s, d.w))).merge(spc.count_table(d.y[:0] == 1,
                                                                        d.s[:0]))), TABLE),
    # operating points
    "ks_statistic": pos1(spc.ks_statistic),
    "break_even_point": pos1(spc.break_even_point),
    "fbeta_optimal_threshold": pos1(spc.fbeta_optimal_threshold),
    "fbeta_optimal_threshold[beta=2]": pos1(spc.fbeta_optimal_threshold, beta=2.0),
    "operating_points": pos1(spc.operating_points, TABLE),
    "operating_points[as_frame]": Entry(lambda d: spc.operating_points(
        d.y, d.s, pos_label=1, as_frame=True, **sw(d)).to_dict("list"), TABLE),
    "threshold_table": Entry(lambda d: spc.threshold_table(
        d.y, d.s, pos_label=1, metrics=["npv", "matthews_corrcoef"], max_rows=6,
        **sw(d)).to_dict("list"), ("order", "ftz")),
    "precision_at_recall": pos1(spc.precision_at_recall, min_recall=0.5),
    "precision_at_recall_score": pos1(spc.precision_at_recall_score, ALL, unit=True,
                                      min_recall=0.5),
    "recall_at_precision": pos1(spc.recall_at_precision, min_precision=0.5),
    "recall_at_precision_score": pos1(spc.recall_at_precision_score, ALL, unit=True,
                                      min_precision=0.5),
    "certified_threshold": pos1(spc.certified_threshold, TABLE, min_precision=0.5),
    "certified_threshold[min_recall]": pos1(spc.certified_threshold, TABLE,
                                            min_recall=0.5, confidence_level=0.5),
    "certified_threshold[max_fpr]": pos1(spc.certified_threshold, TABLE, max_fpr=0.5,
                                         thresholds=[-np.inf, 0.0, 0.5, 1.0]),
    "certified_review_band": pos1(spc.certified_review_band, TABLE, min_precision=0.5,
                                  min_npv=0.5),
    "certified_review_band[review]": pos1(spc.certified_review_band, TABLE,
                                          min_precision=0.3, min_npv=0.3,
                                          max_review_rate=0.9, confidence_level=0.5),
    "certified_review_band[prevalence,groups]": Entry(lambda d: spc.certified_review_band(
        d.y, d.s, pos_label=1, min_precision=0.3, min_npv=0.3, confidence_level=0.5,
        prevalence=0.2, groups=d.groups, **sw(d)), ("order", "ftz"), groups=True),
    "certified_threshold_per_segment": Entry(lambda d: spc.certified_threshold_per_segment(
        d.y, d.s, d.groups, pos_label=1, min_precision=0.5, **sw(d)), TABLE, groups=True),
    "certified_threshold_per_segment[same,prevalence]": Entry(
        lambda d: spc.certified_threshold_per_segment(
            d.y, d.s, d.groups, pos_label=1, min_precision=0.3, max_flag_rate=0.9,
            same_threshold=True, prevalence=0.2, confidence_level=0.5, **sw(d)),
        ("order", "ftz"), groups=True),
    # (two labels of the hostile rows: the positive class, and the rest, same scores)
    "certified_threshold_per_label": Entry(lambda d: spc.certified_threshold_per_label(
        np.column_stack([np.asarray(d.y) == 1, np.asarray(d.y) != 1]),
        np.column_stack([d.s, d.s]), min_precision=0.3, confidence_level=0.5, **sw(d)),
        TABLE),
    "risk_coverage_curve": pos1(spc.risk_coverage_curve),
    "risk_coverage_curve[prevalence]": pos1(spc.risk_coverage_curve, threshold=0.0,
                                            prevalence=0.1),
    "aurc_score": pos1(spc.aurc_score, CURVE, unit=True),
    "recall_at_flag_rate": pos1(spc.recall_at_flag_rate, max_flag_rate=0.5),
    "precision_at_flag_rate": pos1(spc.precision_at_flag_rate, max_flag_rate=0.5),
    "recall_at_flag_rate_score": pos1(spc.recall_at_flag_rate_score, ALL, unit=True,
                                      max_flag_rate=0.3),
    "recall_at_flag_rate[prevalence]": pos1(spc.recall_at_flag_rate, max_flag_rate=0.1,
                                            prevalence=0.01),
    "precision_at_flag_rate[prevalence]": pos1(spc.precision_at_flag_rate,
                                               max_flag_rate=0.9, prevalence=0.2),
    "certified_threshold[several]": pos1(spc.certified_threshold, TABLE, min_precision=0.3,
                                         max_flag_rate=0.9, min_npv=0.2,
                                         confidence_level=0.5),
    "certified_threshold[min_recall,max_fpr]": pos1(
        spc.certified_threshold, TABLE, min_recall=0.2, max_fpr=0.9, confidence_level=0.5),
    "certified_threshold[max_flags,maximize]": pos1(
        spc.certified_threshold, TABLE, max_flags=(9, 10), maximize="precision",
        confidence_level=0.5),
    "expected_cost": pos1(spc.expected_cost, cost_fn=5.0),
    "expected_cost[prevalence=1]": pos1(spc.expected_cost, prevalence=1.0, cost_fn=0.0),
    # at a deployment's prevalence: the negatives re-weighted (Theorem 3.1)
    "pr_curve[prevalence]": pos1(spc.pr_curve, TABLE, prevalence=0.01),
    "pr_auc_score[prevalence]": metric(spc.pr_auc_score, NOT_SCALE_FREE, prevalence=0.01),
    "pr_auc_score[step,prevalence]": metric(spc.pr_auc_score, interpolation="step",
                                            prevalence=0.99),
    "achievable_pr_curve[prevalence]": pos1(spc.achievable_pr_curve, TABLE,
                                            prevalence=0.001),
    "achievable_pr_auc_score[prevalence]": metric(spc.achievable_pr_auc_score,
                                                  NOT_SCALE_FREE, prevalence=0.2),
    "normalized_pr_auc_score[prevalence]": pos1(spc.normalized_pr_auc_score,
                                                NOT_SCALE_FREE, unit=True, prevalence=0.01),
    "recall_at_precision[prevalence]": pos1(spc.recall_at_precision, min_precision=0.5,
                                            prevalence=0.01),
    "precision_at_recall[prevalence]": pos1(spc.precision_at_recall, min_recall=0.5,
                                            prevalence=1e-6),
    "fbeta_optimal_threshold[prevalence]": pos1(spc.fbeta_optimal_threshold,
                                                prevalence=0.01),
    "break_even_point[prevalence]": pos1(spc.break_even_point, prevalence=0.01),
    "operating_points[prevalence]": pos1(spc.operating_points, TABLE, prevalence=0.3),
    "certified_threshold[prevalence]": pos1(spc.certified_threshold, TABLE,
                                            min_precision=0.5, prevalence=0.01),
    "certified_threshold[min_recall,prevalence]": pos1(
        spc.certified_threshold, TABLE, min_recall=0.5, prevalence=0.9),
    "certified_threshold[several,prevalence]": pos1(
        spc.certified_threshold, TABLE, min_precision=0.3, max_flag_rate=0.9, min_npv=0.2,
        min_recall=0.1, confidence_level=0.5, prevalence=0.3),
    "threshold_table[per_class]": Entry(lambda d: spc.threshold_table(
        np.column_stack([np.asarray(d.y) == 1, np.asarray(d.y) != 1]),
        np.column_stack([d.s, d.s]), metrics=["npv"], max_rows=6, prevalence=[0.2, 0.8],
        **sw(d)).to_dict("list"), ("order", "ftz")),
    "threshold_table[prevalence]": Entry(lambda d: spc.threshold_table(
        d.y, d.s, pos_label=1, metrics=["npv", "matthews_corrcoef"], max_rows=6,
        prevalence=0.01, **sw(d)).to_dict("list"), ("order", "ftz")),
    "pr_auc_ci[prevalence]": Entry(lambda d: spc.pr_auc_ci(
        d.y, d.s, pos_label=1, prevalence=0.01, n_resamples=100, random_state=0, **sw(d)),
        ("ftz",), examples=20),
    # decision curves: probabilities only (other scores are refused, by the package)
    "net_benefit_curve": pos1(spc.net_benefit_curve),
    "net_benefit_curve[prevalence]": pos1(spc.net_benefit_curve, prevalence=0.001,
                                          thresholds=[0.0, 0.0005, 0.3, 0.99]),
    "net_benefit_curve[harm]": pos1(spc.net_benefit_curve, harm=0.01,
                                    thresholds=[0.05, 0.3, 0.99]),
    "net_benefit_curve[shift_risks]": pos1(spc.net_benefit_curve, prevalence=0.001,
                                           shift_risks=True,
                                           thresholds=[0.0, 0.0005, 0.3, 0.99]),
    # (its scores as probabilities fitted at a prevalence of 0.3; no labels: order only)
    "prior_shift": Entry(lambda d: spc.prior_shift(d.s, 0.02, sample_prevalence=0.3),
                         ("ftz",)),
    "compare_net_benefit": Entry(lambda d: spc.compare_net_benefit(
        d.y, d.s, d.s2, pos_label=1, thresholds=[0.1, 0.5], **sw(d)), ("order", "ftz"),
        two_scores=True),
    "compare_net_benefit[groups]": Entry(lambda d: spc.compare_net_benefit(
        d.y, d.s, d.s2, pos_label=1, thresholds=[0.1, 0.5], groups=d.groups, **sw(d)),
        ("ftz",), two_scores=True, groups=True),
    "compare_net_benefit[prevalence,groups]": Entry(lambda d: spc.compare_net_benefit(
        d.y, d.s, d.s2, pos_label=1, thresholds=[0.1, 0.5], groups=d.groups,
        prevalence=0.02, **sw(d)), ("ftz",), two_scores=True, groups=True),
    "compare_net_benefit[bootstrap]": Entry(lambda d: spc.compare_net_benefit(
        d.y, d.s, d.s2, pos_label=1, thresholds=[0.1, 0.5], n_resamples=200,
        random_state=0, method="bootstrap", **sw(d)), ("ftz",), two_scores=True,
        examples=20),
    # two models
    "compare_curves": _two(spc.compare_curves),
    "compare_curves[pr]": _two(spc.compare_curves, space="pr"),
    "curve_dominates": _two(spc.curve_dominates),
    "delong_test": _two(spc.delong_test, ("order", "repeat", "ftz")),
    "bootstrap_test": Entry(lambda d: spc.bootstrap_test(
        "pr_auc", d.y, d.s, d.s2, pos_label=1, n_resamples=100, random_state=0, **sw(d)),
        ("ftz",), two_scores=True, examples=20),
    # the report from Python: every model's measures, as the command line reads them
    "report": Entry(lambda d: _report_values(d), ("order", "ftz"), two_scores=True,
                    examples=15),
    "Report": Entry(lambda d: _report_object(d), ("order", "ftz"), two_scores=True,
                    examples=10),
    "report[a frame holding its label]": Entry(_report_of_a_frame_holding_its_label,
                                               ("order",), two_scores=True, examples=10),
    "report[intervals]": Entry(lambda d: _report_values(d, intervals=True),
                               ("ftz",), two_scores=True, examples=8),
    "report[bootstrap]": Entry(lambda d: _report_values(d, intervals=True,
                                                        paired_test="bootstrap",
                                                        n_resamples=20),
                               ("ftz",), two_scores=True, examples=8),
    "report[groups]": Entry(lambda d: _report_values(
        d, intervals=True, groups=np.arange(d.y.shape[0]) // 2), ("ftz",), two_scores=True,
        examples=8),
    "report[gates]": Entry(lambda d: _report_gates(d), ("ftz",), two_scores=True,
                           examples=8),
    # uncertainty
    "roc_auc_ci": pos1(spc.roc_auc_ci, ("order", "repeat", "ftz")),
    "roc_auc_variance": pos1(spc.roc_auc_variance, ("order", "repeat", "ftz")),
    "pr_auc_ci": pos1(spc.pr_auc_ci, ("order", "ftz")),
    # weights count as frequencies (Wilson): repeated rows, not scale
    "threshold_ci": Entry(lambda d: _threshold_ci(d), ("order", "repeat", "ftz")),
    "threshold_ci[prevalence]": Entry(lambda d: _threshold_ci(d, prevalence=0.01),
                                      ("order", "repeat", "ftz")),
    "likelihood_ratio_ci": Entry(lambda d: _likelihood_ratios(d), ("order", "repeat", "ftz")),
    "likelihood_ratio_ci[prevalence]": Entry(lambda d: _likelihood_ratios(
        d, prevalence=0.01), ("order", "repeat", "ftz")),
    "threshold_ci[bootstrap]": Entry(lambda d: _threshold_ci(
        d, method="bootstrap", n_resamples=50, random_state=0), ("ftz",), examples=20),
    "bootstrap_ci": Entry(lambda d: spc.bootstrap_ci(
        "roc_auc", d.y, d.s, pos_label=1, n_resamples=100, random_state=0, **sw(d)),
        ("ftz",), examples=20),
    "bootstrap_ci[bca]": Entry(lambda d: _bca_agrees(d), ("ftz",), examples=20),
    "bootstrap_ci[basic]": Entry(lambda d: spc.bootstrap_ci(
        "roc_auc", d.y, d.s, method="basic", pos_label=1, n_resamples=100, random_state=0,
        **sw(d)), ("ftz",), examples=20),
    # rows in clusters (groups of 0, 1 or 2: one cluster, clusters of one row)
    "roc_auc_ci[groups]": Entry(lambda d: spc.roc_auc_ci(
        d.y, d.s, pos_label=1, groups=d.groups, **sw(d)), ("order", "ftz"), groups=True),
    "delong_test[groups]": Entry(lambda d: spc.delong_test(
        d.y, d.s, d.s2, pos_label=1, groups=d.groups, **sw(d)), ("order", "ftz"),
        two_scores=True, groups=True),
    "pr_auc_ci[groups]": Entry(lambda d: spc.pr_auc_ci(
        d.y, d.s, pos_label=1, groups=d.groups, n_resamples=50, random_state=0, **sw(d)),
        ("ftz",), groups=True, examples=20),
    "threshold_ci[groups]": Entry(lambda d: _threshold_ci(
        d, groups=d.groups, n_resamples=50, random_state=0), ("ftz",), groups=True,
        examples=20),
    "threshold_ci[prevalence,groups]": Entry(lambda d: _threshold_ci(
        d, groups=d.groups, prevalence=0.01), ("ftz",), groups=True),
    "likelihood_ratio_ci[prevalence,groups]": Entry(lambda d: _likelihood_ratios(
        d, groups=d.groups, prevalence=0.01), ("ftz",), groups=True),
    "certified_threshold[groups]": Entry(lambda d: spc.certified_threshold(
        d.y, d.s, pos_label=1, min_precision=0.5, groups=d.groups, **sw(d)),
        ("order", "ftz", "scale"), groups=True),
    "certified_threshold[max_fpr,prevalence,groups]": Entry(lambda d: spc.certified_threshold(
        d.y, d.s, pos_label=1, max_fpr=0.5, confidence_level=0.5, prevalence=0.01,
        groups=d.groups, **sw(d)), ("order", "ftz"), groups=True),
    "certified_threshold[prevalence,groups]": Entry(lambda d: spc.certified_threshold(
        d.y, d.s, pos_label=1, min_precision=0.3, confidence_level=0.5, prevalence=0.2,
        groups=d.groups, thresholds=[0.0, 0.5, 1.0], **sw(d)), ("order", "ftz"),
        groups=True),
    # (a resample draws a weighted row once, two rows twice: no "repeat" invariance)
    "threshold_stability": pos1(spc.threshold_stability, ("order", "ftz"), n_resamples=20,
                                random_state=0),
    "threshold_stability[budget,prevalence]": pos1(
        spc.threshold_stability, ("order", "ftz"), rule={"max_flag_rate": 0.5},
        n_resamples=20, random_state=0, prevalence=0.1),
    "threshold_stability[groups]": Entry(lambda d: spc.threshold_stability(
        d.y, d.s, pos_label=1, rule={"min_precision": 0.5}, groups=d.groups,
        n_resamples=20, random_state=0, **sw(d)), ("ftz",), groups=True, examples=20),
    "certified_threshold[several,groups]": Entry(lambda d: spc.certified_threshold(
        d.y, d.s, pos_label=1, min_precision=0.3, max_flag_rate=0.9, min_npv=0.2,
        confidence_level=0.5, groups=d.groups, **sw(d)), ("order", "ftz"), groups=True),
    "certified_threshold[several,prevalence,groups]": Entry(
        lambda d: spc.certified_threshold(
            d.y, d.s, pos_label=1, min_recall=0.1, max_flag_rate=0.9, min_npv=0.2,
            confidence_level=0.5, prevalence=0.2, groups=d.groups, **sw(d)),
        ("order", "ftz"), groups=True),
    "bootstrap_test[groups]": Entry(lambda d: spc.bootstrap_test(
        "roc_auc", d.y, d.s, d.s2, pos_label=1, groups=d.groups, n_resamples=50,
        random_state=0, **sw(d)), ("ftz",), two_scores=True, groups=True, examples=20),
    # mapping between the spaces
    "roc_to_pr": Entry(lambda d: spc.roc_to_pr(*_rates(d), n_pos=_totals(d)[0],
                                               n_neg=_totals(d)[1]), ("ftz",)),
    "pr_to_roc": Entry(lambda d: spc.pr_to_roc(*spc.roc_to_pr(
        *_rates(d), n_pos=_totals(d)[0], n_neg=_totals(d)[1])[::-1][::-1],
        n_pos=_totals(d)[0], n_neg=_totals(d)[1]), ("ftz",)),
    # summaries, estimators
    "ExactSummary": _summary(spc.ExactSummary),
    "BinnedSummary": _summary(spc.BinnedSummary, mantissa_bits=8),
    "AchievablePRTransformer": Entry(lambda d: spc.AchievablePRTransformer(pos_label=1).fit(
        d.s[:, None], d.y, sample_weight=d.w).transform(np.unique(d.s)[:, None]),
        ("order", "scale", "repeat", "ftz"), unit=True),
    "AchievablePRClassifier": Entry(lambda d: spc.AchievablePRClassifier(
        FixedScores(), cv=2).fit(d.s[:, None], d.y, sample_weight=d.w).predict_proba(
            np.unique(d.s)[:, None]), (), unit=True, examples=15),
    "AchievablePRClassifier[constraint]": Entry(lambda d: spc.AchievablePRClassifier(
        FixedScores(), cv=2, threshold={"min_precision": 0.5, "confidence_level": 0.5},
        random_state=0).fit(d.s[:, None], d.y, sample_weight=d.w).predict(
            np.unique(d.s)[:, None]), (), examples=15),
    "CostSensitiveClassifier": Entry(lambda d: spc.CostSensitiveClassifier(
        FixedScores(), cost_matrix=[[0, 1], [5, 0]]).fit(
            d.s[:, None], d.y, sample_weight=d.w).predict(np.unique(d.s)[:, None]), (),
        examples=15),
    "CostSensitiveClassifier[objective]": Entry(lambda d: spc.CostSensitiveClassifier(
        FixedScores(), objective="f1_macro", cv=2).fit(
            d.s[:, None], d.y, sample_weight=d.w).predict(np.unique(d.s)[:, None]), (),
        examples=15),
    # results returned by the functions above
    "ConfidenceInterval": Entry(lambda d: _is(spc.ConfidenceInterval, spc.roc_auc_ci(
        d.y, d.s, pos_label=1, **sw(d))), ("order",)),
    "TestResult": Entry(lambda d: _is(spc.TestResult, spc.delong_test(
        d.y, d.s, d.s2, pos_label=1, **sw(d))), ("order",), two_scores=True),
    "OperatingPoint": Entry(lambda d: _is(spc.OperatingPoint, spc.recall_at_precision(
        d.y, d.s, min_precision=0.9, pos_label=1, **sw(d))), ("order",)),
    "CertifiedThreshold": Entry(lambda d: _is(spc.CertifiedThreshold, spc.certified_threshold(
        d.y, d.s, min_recall=0.2, pos_label=1, **sw(d))), ("order",)),
    "ReviewBand": Entry(lambda d: _is(spc.ReviewBand, spc.certified_review_band(
        d.y, d.s, min_precision=0.2, min_npv=0.2, pos_label=1, **sw(d))), ("order",)),
    "FBetaOptimum": Entry(lambda d: _is(spc.FBetaOptimum, spc.fbeta_optimal_threshold(
        d.y, d.s, beta=0.5, pos_label=1, **sw(d))), ("order",)),
    "NetBenefitCurve": Entry(lambda d: _is(spc.NetBenefitCurve, spc.net_benefit_curve(
        d.y, d.s, pos_label=1, **sw(d))), ("order",)),
    "NetBenefitComparison": Entry(lambda d: _is(spc.NetBenefitComparison,
                                                spc.compare_net_benefit(
        d.y, d.s, d.s2, pos_label=1, thresholds=[0.3], n_resamples=50, random_state=0,
        **sw(d))), ("ftz",), two_scores=True, examples=10),
    # scorers
    "get_scorer": Entry(_scorer_call(lambda: spc.get_scorer("pr_auc")), ("order",),
                        unit=True, sklearn=None),
    "check_scoring": Entry(_scorer_call(lambda: spc.check_scoring(
        FixedScores(), scoring="recall_at_precision_0.5")), ("order",), unit=True),
    "get_scorer_names": Entry(lambda d: _scorer_call(_listed_scorer)(d), ("order",),
                              unit=True),
    "register_scorers": Entry(lambda d: _registered(d), ("order",), unit=True),
    "make_recall_at_precision_scorer": Entry(_scorer_call(
        lambda: spc.make_recall_at_precision_scorer(0.5)), ("order",), unit=True),
    "make_precision_at_recall_scorer": Entry(_scorer_call(
        lambda: spc.make_precision_at_recall_scorer(0.0)), ("order",), unit=True),
    "make_recall_at_flag_rate_scorer": Entry(_scorer_call(
        lambda: spc.make_recall_at_flag_rate_scorer(0.5)), ("order",), unit=True),
    "make_recall_at_flag_rate_scorer[confidence_level]": Entry(_scorer_call(
        lambda: spc.make_recall_at_flag_rate_scorer(0.9, confidence_level=0.5)),
        ("order",), unit=True),
    "make_recall_at_precision_scorer[confidence_level]": Entry(_scorer_call(
        lambda: spc.make_recall_at_precision_scorer(0.5, confidence_level=0.5)),
        ("order",), unit=True),
    "make_precision_at_recall_scorer[confidence_level]": Entry(_scorer_call(
        lambda: spc.make_precision_at_recall_scorer(0.5, confidence_level=0.5)),
        ("order",), unit=True),
    # displays (their additions included)
    # (with additions: where scikit-learn's own display warns, as on weights whose
    # totals overflow, they may repeat its warnings)
    "RocCurveDisplay": _display(spc.RocCurveDisplay, warns_as=skm.RocCurveDisplay,
                                plot_hull=True),
    "RocCurveDisplay[band]": _display(spc.RocCurveDisplay, (), confidence_band=0.9,
                                      n_resamples=20, random_state=0, log_fpr=True,
                                      warns_as=skm.RocCurveDisplay),
    "PrecisionRecallDisplay": _display(spc.PrecisionRecallDisplay, plot_achievable=True,
                                       iso_f1=0.5, operating_points=[0.5, 1.0],
                                       warns_as=skm.PrecisionRecallDisplay),
    "PrecisionRecallDisplay[interpolated]": _display(
        spc.PrecisionRecallDisplay, interpolation="davis-goadrich", plot_step=True,
        plot_unachievable=True, warns_as=skm.PrecisionRecallDisplay),
    # (the plain displays draw what scikit-learn's draw, warnings included)
    "DetCurveDisplay": _display(spc.DetCurveDisplay, sklearn_cls=skm.DetCurveDisplay),
    "DetCurveDisplay[band]": _display(spc.DetCurveDisplay, (), confidence_band=0.9,
                                      n_resamples=20, random_state=0,
                                      warns_as=skm.DetCurveDisplay),
    "PRCurveDisplay": _display(spc.PrecisionRecallDisplay, operating_points=[0, 2**70],
                               warns_as=skm.PrecisionRecallDisplay),
    "PrecisionRecallDisplay[threshold]": Entry(
        lambda d: _marked_point(d), ("order",), examples=12,
        warns_as=_display(spc.PrecisionRecallDisplay, sklearn_cls=skm.PrecisionRecallDisplay
                          ).sklearn),
    "ROCCurveDisplay": _display(spc.RocCurveDisplay, sklearn_cls=skm.RocCurveDisplay),
    "PrecisionRecallGainDisplay": _display(spc.PrecisionRecallGainDisplay),
    "CostCurveDisplay": _display(spc.CostCurveDisplay),
    "DecisionCurveDisplay": _display(spc.DecisionCurveDisplay),
    "CumulativeGainDisplay": _display(spc.CumulativeGainDisplay),
    "LiftDisplay": _display(spc.LiftDisplay),
    "KSDisplay": _display(spc.KSDisplay),
    "RiskCoverageDisplay": _display(spc.RiskCoverageDisplay, prevalence=0.2),
    "MetricThresholdCurveDisplay": _display(spc.MetricThresholdCurveDisplay),
    "MetricThresholdCurveDisplay[prevalence]": _display(spc.MetricThresholdCurveDisplay,
                                                        prevalence=0.01),
    # the distributed fronts on in-memory (dask) data
    "dask.roc_auc_score": _dask("roc_auc_score"),
    "dask.average_precision_score": _dask("average_precision_score"),
    "dask.pr_auc_score": _dask("pr_auc_score"),
    "dask.pr_auc_score[binned-drop]": _dask("pr_auc_score", mode="binned",
                                            leading_negatives="drop"),
    "dask.achievable_pr_auc_score": _dask("achievable_pr_auc_score"),
    "dask.exact_summary": Entry(lambda d: _dask_summary(d, "exact_summary"), ("order",),
                                examples=8),
    "dask.binned_summary": Entry(lambda d: _dask_summary(d, "binned_summary"), ("order",),
                                 examples=8),
    # the torchmetrics front (skipped without torch and torchmetrics)
    **{f"torchmetrics.{name}": _torchmetric(name) for name in (
        "BinaryAUROC", "BinaryAveragePrecision", "BinaryPRAUC", "BinaryAchievablePRAUC")},
    "torchmetrics.BinaryAUROC[binned]": _torchmetric("BinaryAUROC", mantissa_bits=4),
    "torchmetrics.BinaryAveragePrecision[binned]": _torchmetric("BinaryAveragePrecision",
                                                                mantissa_bits=4),
    "torchmetrics.BinaryRecallAtFixedPrecision": _torchmetric(
        "BinaryRecallAtFixedPrecision", min_precision=0.5),
    "torchmetrics.BinaryPrecisionAtFixedRecall": _torchmetric(
        "BinaryPrecisionAtFixedRecall", min_recall=0.5),
    "torchmetrics.BinarySummary": _torchmetric("BinarySummary"),
}


def _is(cls, value):
    assert isinstance(value, cls), type(value)
    return value


def _at_or_above(d):
    """Which rows score at or above the drawn threshold, decided exactly (scores and
    threshold compared as fractions), their weights and classes."""
    from fractions import Fraction

    def exact(v):  # (-1, 0) for -inf, (0, value) for a number, (1, 0) for inf
        if isinstance(v, (int, np.integer, bool, np.bool_)):
            return 0, Fraction(int(v))
        v = float(v)
        return (0, Fraction(v)) if math.isfinite(v) else (1 if v > 0 else -1, 0)

    bound = exact(d.threshold)
    chosen = np.array([exact(v) >= bound for v in d.s.tolist()], dtype=bool)
    return chosen, (np.ones(d.y.shape[0]) if d.w is None else d.w), d.y == 1


def _threshold_ci(d, **options):
    """threshold_ci at the drawn threshold, its estimates held to an exact count of
    the rows at or above it."""
    point = spc.threshold_ci(d.y, d.s, d.threshold, pos_label=1, **options, **sw(d))
    chosen, w, positive = _at_or_above(d)
    predicted, hits = w[chosen].sum(), w[chosen & positive].sum()
    assert point.predicted_positive == pytest.approx(predicted, rel=1e-9, abs=0), (
        "rows at or above the threshold", point.predicted_positive, predicted)
    prevalence = options.get("prevalence")
    if predicted > 0 and np.isfinite(predicted) and prevalence is None:
        assert point.precision.estimate == pytest.approx(hits / predicted, rel=1e-9)
    elif predicted > 0 and np.isfinite(predicted):  # (the population's at the prevalence)
        # (the negatives' weight summed apart: predicted - hits cancels beside 1e17)
        tpr = hits / w[positive].sum()
        fpr = w[chosen & ~positive].sum() / w[~positive].sum()
        expected = prevalence * tpr / (prevalence * tpr + (1 - prevalence) * fpr)
        assert point.precision.estimate == pytest.approx(expected, rel=1e-9)
    return point


def _likelihood_ratios(d, **options):
    """likelihood_ratio_ci at the drawn threshold, its estimates held to the rates of
    an exact count of the rows at or above it, and each interval holding its
    estimate."""
    found = spc.likelihood_ratio_ci(d.y, d.s, d.threshold, pos_label=1, **options, **sw(d))
    chosen, w, positive = _at_or_above(d)
    tpr = w[chosen & positive].sum() / w[positive].sum()
    fpr = w[chosen & ~positive].sum() / w[~positive].sum()
    for ratio, num, den in ((found.lr_plus, tpr, fpr), (found.lr_minus, 1 - tpr, 1 - fpr)):
        if den > 0:
            assert ratio.estimate == pytest.approx(num / den, rel=1e-9, abs=1e-12)
        if ratio.estimate == ratio.estimate:
            assert ratio.low <= ratio.estimate * (1 + 1e-9) + 1e-300
            assert ratio.estimate <= ratio.high * (1 + 1e-9) or ratio.high == math.inf
    return found


def _marked_point(d):
    """The operating point a PR display marks at the drawn threshold: the precision
    and recall of the rows at or above it, counted exactly."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    try:
        display = spc.PrecisionRecallDisplay.from_predictions(
            d.y, d.s, pos_label=1, operating_points=[d.threshold], **sw(d))
        return [np.asarray(p.get_offsets(), float) for p in display.operating_points_]
    finally:
        plt.close("all")


def _totals(d):
    table = spc.count_table(d.y == 1, d.s.astype(float), d.w)
    return float(table.n_pos), float(table.n_neg)


def _rates(d):
    fpr, tpr, _ = spc.roc_curve(d.y, d.s, pos_label=1, sample_weight=d.w)
    return fpr, tpr


def _bca_agrees(d):
    """The named metric's fast path and the same metric as a function give one
    interval (the estimate compared exactly with its resamples)."""
    named = spc.bootstrap_ci("roc_auc", d.y, d.s, method="bca", n_resamples=60,
                             random_state=0, pos_label=1, **sw(d))
    function = spc.bootstrap_ci(
        lambda y, s, sample_weight=None: spc.roc_auc_score(y == 1, s,
                                                           sample_weight=sample_weight),
        d.y, d.s, method="bca", n_resamples=60, random_state=0, pos_label=1, **sw(d))
    assert tuple(named) == pytest.approx(tuple(function), abs=1e-9), (named, function)
    return named


def _listed_scorer():
    # scikit-learn's list, whatever has been registered; the package's names beside it
    assert spc.get_scorer_names() == skm.get_scorer_names()
    return spc.get_scorer("pr_auc")


def _registered(d):
    spc.register_scorers()
    return _scorer_call(lambda: skm.get_scorer("recall_at_precision_0.5"))(d)


def _dask_summary(d, name):
    import dask.array as da

    import sklearn_prcurves.dask as spd

    chunks = max(d.y.shape[0] // 2, 1)
    summary = getattr(spd, name)(
        da.from_array(d.y, chunks=chunks), da.from_array(d.s, chunks=chunks), pos_label=1,
        sample_weight=None if d.w is None else da.from_array(d.w, chunks=chunks))
    return summary.roc_auc()


def _module_all(name):
    """A module's ``__all__`` read from its source (its extra may be missing here)."""
    import ast
    import pathlib

    path = pathlib.Path(spc.__file__).parent / f"{name}.py"
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and node.targets[0].id == "__all__":
            return set(ast.literal_eval(node.value))
    raise AssertionError(f"{name}.py has no __all__")


def _spark_names():
    import sklearn_prcurves.spark as sps

    return sps.__all__


# --- the tests ----------------------------------------------------------------------


def _registered_names():
    return {key.split("[")[0] for key in REGISTRY}


def test_every_public_name_is_registered():
    import sklearn_prcurves.dask as spd

    expected = set(spc.__all__) | {f"dask.{n}" for n in spd.__all__
                                   if n not in ("DistributedTable", "read_parquet")}
    expected |= {f"torchmetrics.{n}" for n in _module_all("torchmetrics")}
    missing = expected - _registered_names()
    assert not missing, f"public names without hostile-input coverage: {sorted(missing)}"
    # Spark takes DataFrames, not in-memory arrays: its front is covered by
    # tests/test_spark.py against these same functions, name by name.
    assert set(_spark_names()) - {"DistributedTable"} <= {
        n.split(".")[-1] for n in _registered_names()} | {"binned_summary", "exact_summary"}
    print(f"{len(expected)} public names, {len(REGISTRY)} registry entries")


# Defects the registry found that are not fixed yet: each runs as xfail until fixed
# (then XPASS).
KNOWN_DEFECTS = {}


@pytest.mark.parametrize("key", [pytest.param(k, marks=pytest.mark.xfail(
    reason=KNOWN_DEFECTS[k], strict=False)) if k in KNOWN_DEFECTS else k
    for k in sorted(REGISTRY)])
def test_hostile_inputs(key):
    entry = REGISTRY[key]
    if key.startswith("dask."):
        pytest.importorskip("dask.array")
    if "Display" in key:
        pytest.importorskip("matplotlib")
    run_hostile(entry)


def test_flush_to_zero_switch_works():
    if not _fpenv.available():
        pytest.skip("no C compiler on x86-64 and no PyTorch: flush-to-zero untested")
    with _fpenv.flush_to_zero() as on:
        assert on and _fpenv.is_on()
    assert not _fpenv.is_on()


# The namespace path (the functions of _array_api.IN_NAMESPACE) meets the same hostile
# inputs: the functions it computes, under array-API dispatch on array_api_strict arrays of a
# second device, with the kernel counting host-memory arrays (as it counts CUDA
# ones), give the NumPy outcome: the same values (to the registry's tolerance: the
# device library adds its last sum in its own order) or the same kind of error.
def _device_entries():
    from sklearn_prcurves._base._array_api import IN_NAMESPACE

    return sorted(key for key in REGISTRY if key.split("[")[0] in IN_NAMESPACE)


@pytest.mark.parametrize("key", _device_entries())
def test_hostile_inputs_on_the_device(key, monkeypatch):
    skip_without_dispatch()
    from sklearn_prcurves._base import _array_api

    monkeypatch.setattr(_array_api, "NAMESPACE_PATH", True)
    run_in_namespace(REGISTRY[key], REGISTRY[key].examples)


# Every public function takes array API arrays under dispatch (read on the host where
# no device version exists) and gives the NumPy outcome. Entries whose own test code
# reads NumPy-only attributes of the data are skipped, saying so.
@pytest.mark.parametrize("key", sorted(k for k in REGISTRY
                                       if not k.startswith("dask.") and "Display" not in k))
def test_hostile_inputs_in_other_namespaces(key):
    skip_without_dispatch()
    run_in_namespace(REGISTRY[key], max(4, REGISTRY[key].examples // 4))

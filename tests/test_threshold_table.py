"""threshold_table and operating_points' frame: the same numbers as the arrays, the
rows scikit-learn keeps, thinning within its promise, and pandas or polars out."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn import metrics as skm
from sklearn.exceptions import UndefinedMetricWarning

import sklearn_prcurves as spc

pd = pytest.importorskip("pandas")


def _rows(seed, n=2000, tied=False):
    rng = np.random.default_rng(seed)
    y = rng.random(n) < 0.2
    scores = rng.normal(size=n) + 1.5 * y
    return y, np.round(scores, 1) if tied else scores


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), tied=st.booleans(), weighted=st.booleans())
def test_the_columns_are_the_operating_points_and_the_metrics(seed, tied, weighted):
    y, scores = _rows(seed, 300, tied)
    weight = np.random.default_rng(seed).random(300) if weighted else None
    table = spc.threshold_table(y, scores, sample_weight=weight,
                                metrics=["specificity", "matthews_corrcoef",
                                         skm.balanced_accuracy_score])
    points = spc.operating_points(y, scores, sample_weight=weight)
    assert list(table.columns[:10]) == ["threshold", "tp", "fp", "fn", "tn",
                                        "predicted_positive_rate", "precision",
                                        "recall", "fpr", "f1"]
    for column, key in [("threshold", "threshold"), ("tp", "tp"), ("fn", "fn"),
                        ("precision", "ppv"), ("recall", "tpr"), ("fpr", "fpr"),
                        ("f1", "f1"), ("specificity", "tnr")]:
        np.testing.assert_array_equal(table[column].to_numpy(), points[key])
    total = 300.0 if weight is None else weight.sum()
    np.testing.assert_allclose(table.predicted_positive_rate, (points.tp + points.fp) / total,
                               rtol=1e-12)
    for name, function in [("matthews_corrcoef", skm.matthews_corrcoef),
                           ("balanced_accuracy_score", skm.balanced_accuracy_score)]:
        values, thresholds = spc.metric_at_thresholds(y.astype(int), scores, function,
                                                      sample_weight=weight)
        np.testing.assert_array_equal(thresholds, table.threshold.to_numpy())
        # (read from shares of the total: within rounding of scikit-learn's counts; MCC
        # near 0 cancels, so an absolute 1e-12 as well)
        np.testing.assert_allclose(values, table[name].to_numpy(), rtol=1e-12, atol=1e-12)


def test_drop_intermediate_keeps_scikit_learns_rows():
    for tied in (False, True):
        y, scores = _rows(3, tied=tied)
        table = spc.threshold_table(y, scores, drop_intermediate=True)
        _, _, kept = skm.roc_curve(y, scores, drop_intermediate=True)
        np.testing.assert_array_equal(table.threshold.to_numpy(), kept[1:])


@pytest.mark.parametrize("max_rows", [4, 11, 50, 400])
@pytest.mark.parametrize("drop_intermediate", [False, True])
def test_thinning_keeps_every_left_out_row_near_a_kept_one(max_rows, drop_intermediate):
    y, scores = _rows(4, n=20000)
    whole = spc.threshold_table(y, scores, drop_intermediate=drop_intermediate)
    thin = spc.threshold_table(y, scores, max_rows=max_rows,
                               drop_intermediate=drop_intermediate)
    assert len(thin) <= max_rows
    assert thin.threshold.iloc[0] == whole.threshold.iloc[0]
    assert thin.threshold.iloc[-1] == whole.threshold.iloc[-1]
    step = 1 / ((max_rows - 2) // 2)
    # each left-out row lies between two kept ones, within a step of the one above it
    above = np.searchsorted(-thin.threshold.to_numpy(), -whole.threshold.to_numpy(),
                            side="right") - 1
    for rate in ("recall", "fpr"):
        gap = whole[rate].to_numpy() - thin[rate].to_numpy()[above]
        assert gap.min() >= 0 and gap.max() < step


def test_npv_warns_only_when_asked_for():
    y, scores = [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]
    with pytest.warns(UndefinedMetricWarning, match="npv"):
        table = spc.threshold_table(y, scores, metrics={"NPV": "npv"})
    assert np.isnan(table.NPV.iloc[-1]) and table.NPV.iloc[0] == 2 / 3
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        spc.threshold_table(y, scores)


def test_an_unknown_metric_is_named():
    with pytest.raises(ValueError, match="cannot compute the metric 'no_such'"):
        spc.threshold_table([0, 1], [0.2, 0.7], metrics=["no_such"])


def test_polars_in_polars_out():
    pl = pytest.importorskip("polars")
    y, scores = _rows(5, 500)
    for as_table in (True, False):
        frame = (spc.threshold_table(pl.Series(y), pl.Series(scores)) if as_table else
                 spc.operating_points(pl.Series(y), pl.Series(scores), as_frame=True))
        assert isinstance(frame, pl.DataFrame)
        np.testing.assert_array_equal(frame["threshold"].to_numpy(),
                                      spc.operating_points(y, scores).threshold)


def test_operating_points_as_frame_holds_every_measure():
    y, scores = _rows(6, 500)
    points = spc.operating_points(y, scores)
    with pytest.warns(UndefinedMetricWarning):
        frame = spc.operating_points(y, scores, as_frame=True)
    assert list(frame.columns) == list(points)
    for key in points:
        np.testing.assert_array_equal(frame[key].to_numpy(), points[key])


@pytest.mark.parametrize("multilabel", [False, True])
def test_a_score_column_per_class_gives_each_class_s_table_in_long_format(multilabel):
    """Multiclass (one-vs-rest) and multilabel input: each class's rows are the binary
    table of its column against its labels, one after the other, under ``class``."""
    rng = np.random.default_rng(0)
    if multilabel:
        y = rng.random((300, 3)) < [0.3, 0.5, 0.2]
        positives = y
    else:
        y = rng.choice(["ant", "bee", "cat"], size=300)
        positives = y[:, None] == np.array(["ant", "bee", "cat"])[None, :]
    scores = np.round(rng.normal(size=(300, 3)) + positives, 1)
    w = rng.integers(1, 4, size=300).astype(float)
    names = ["x", "y", "z"] if multilabel else ["ant", "bee", "cat"]
    table = spc.threshold_table(y, scores, sample_weight=w, max_rows=20, metrics=["npv"],
                                prevalence=[0.1, 0.2, 0.3],
                                classes=names if multilabel else None)
    assert list(table["class"].unique()) == names
    for k, name in enumerate(names):
        alone = spc.threshold_table(positives[:, k], scores[:, k], sample_weight=w,
                                    max_rows=20, metrics=["npv"], prevalence=0.1 * (k + 1))
        mine = table[table["class"] == name].drop(columns="class").reset_index(drop=True)
        pd.testing.assert_frame_equal(mine, alone)


def test_per_class_errors_name_the_class():
    y = np.array([0, 1, 2, 0, 1, 2])
    scores = np.random.default_rng(1).random((6, 3))
    with pytest.raises(ValueError, match="prevalence must be one share"):
        spc.threshold_table(y, scores, prevalence=[0.1, 0.2])
    with pytest.raises(ValueError, match="one per class goes with a score column"):
        spc.threshold_table([0, 1, 0, 1], [0.1, 0.2, 0.3, 0.4], prevalence=[0.1, 0.2])
    labels = np.zeros((6, 2), dtype=int)
    labels[:, 0] = [0, 1, 0, 1, 0, 1]
    with pytest.raises(ValueError, match=r"^label 1: Only one class"):
        spc.threshold_table(labels, scores[:, :2])
    with pytest.raises(ValueError, match=r"predict_proba's\?"):  # (binary: still a mistake)
        spc.threshold_table([0, 1, 0, 1, 0, 1], scores[:, :2])

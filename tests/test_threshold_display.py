"""MetricThresholdCurveDisplay: the drawn lines are threshold_table's columns, the
marked threshold the one asked for, and the folds' mean the mean of each fold's
metrics, recounted row by row."""

import numpy as np
import pytest
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import cross_validate

import sklearn_prcurves as spc

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

pytest.importorskip("pandas")


@pytest.fixture(autouse=True)
def _close():
    yield
    plt.close("all")


def _rows(n=3000, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 3))
    y = (X[:, 0] + rng.normal(size=n) > 1.2).astype(int)
    return X, y


def test_the_lines_are_the_tables_columns():
    X, y = _rows()
    scores = X[:, 0] + 0.1 * X[:, 1]
    display = spc.MetricThresholdCurveDisplay.from_predictions(
        y, scores, metrics=["precision", "recall", "npv", "matthews_corrcoef"])
    table = spc.threshold_table(y, scores, metrics=["npv", "matthews_corrcoef"],
                                max_rows=2000)
    assert list(display.lines_) == ["precision", "recall", "npv", "matthews_corrcoef"]
    for metric, line in display.lines_.items():
        x, values = line.get_data()
        np.testing.assert_array_equal(x, table.threshold.to_numpy())
        np.testing.assert_array_equal(values, table[metric].to_numpy())
    assert display.operating_point == spc.fbeta_optimal_threshold(y, scores).threshold
    assert display.operating_point_line_.get_xdata()[0] == display.operating_point


def test_the_marked_threshold_is_the_one_given():
    X, y = _rows()
    model = LogisticRegression().fit(X, y)
    scores = model.predict_proba(X)[:, 1]
    certified = spc.certified_threshold(y, scores, min_precision=0.7)
    display = spc.MetricThresholdCurveDisplay.from_estimator(model, X, y,
                                                             operating_point=certified)
    assert display.name == "LogisticRegression"
    assert display.operating_point == certified.threshold
    assert spc.MetricThresholdCurveDisplay.from_estimator(
        model, X, y, operating_point=None).operating_point_line_ is None
    for bad in ("best", [0.5], True):
        with pytest.raises(ValueError, match="operating_point must be"):
            spc.MetricThresholdCurveDisplay.from_estimator(model, X, y, operating_point=bad)


def test_the_folds_mean_is_each_folds_metrics_averaged():
    X, y = _rows(1200, seed=3)
    cv = cross_validate(LogisticRegression(), X, y, cv=3, return_estimator=True,
                        return_indices=True)
    display = spc.MetricThresholdCurveDisplay.from_cv_results(cv, X, y,
                                                              metrics=["recall", "fpr"])
    grid = display.thresholds
    expected = {"recall": [], "fpr": []}
    for estimator, test in zip(cv["estimator"], cv["indices"]["test"]):
        scores, labels = estimator.predict_proba(X[test])[:, 1], y[test] == 1
        above = scores[None, :] >= grid[:, None]
        expected["recall"].append((above & labels).sum(1) / labels.sum())
        expected["fpr"].append((above & ~labels).sum(1) / (~labels).sum())
    for metric, folds in expected.items():
        np.testing.assert_allclose(display.values[metric], np.mean(folds, axis=0),
                                   rtol=1e-12)
        np.testing.assert_allclose(display.spread[metric], np.std(folds, axis=0),
                                   rtol=1e-9, atol=1e-15)
    assert set(display.bands_) == {"recall", "fpr"}


def test_displays_share_an_axes():
    X, y = _rows()
    _, ax = plt.subplots()
    first = spc.MetricThresholdCurveDisplay.from_predictions(y, X[:, 0], name="a",
                                                             metrics=["f1"], ax=ax)
    second = spc.MetricThresholdCurveDisplay.from_predictions(y, X[:, 1], name="b",
                                                              metrics=["f1"], ax=ax)
    assert first.ax_ is second.ax_
    labels = ax.get_legend_handles_labels()[1]
    assert "a: f1" in labels and "b: f1" in labels


@pytest.mark.parametrize("prevalence", [0.3, 0.01])
def test_at_a_deployment_prevalence_the_lines_are_that_populations(prevalence):
    """``prevalence=``: each line is threshold_table(prevalence=)'s column (precision,
    F1, the predicted positive rate and a scikit-learn metric move; recall does not),
    the F1-optimal threshold is the one there, the axis says so; the folds too."""
    X, y = _rows()
    scores = X[:, 0] + 0.1 * X[:, 1]
    metrics = ["precision", "recall", "f1", "predicted_positive_rate", "matthews_corrcoef"]
    display = spc.MetricThresholdCurveDisplay.from_predictions(
        y, scores, metrics=metrics, prevalence=prevalence)
    table = spc.threshold_table(y, scores, metrics=["matthews_corrcoef"], max_rows=2000,
                                prevalence=prevalence)
    for metric, line in display.lines_.items():
        np.testing.assert_array_equal(line.get_data()[1], table[metric].to_numpy())
    plain = spc.MetricThresholdCurveDisplay.from_predictions(y, scores, metrics=metrics)
    assert not np.allclose(plain.values["precision"], display.values["precision"])
    assert display.operating_point == spc.fbeta_optimal_threshold(
        y, scores, prevalence=prevalence).threshold
    assert f"at prevalence {prevalence:g}" in display.ax_.get_ylabel()
    cv = cross_validate(LogisticRegression(), X, y, cv=3, return_estimator=True,
                        return_indices=True)
    folds = spc.MetricThresholdCurveDisplay.from_cv_results(
        cv, X, y, metrics=["precision"], prevalence=prevalence)
    grid, expected = folds.thresholds, []
    for estimator, test in zip(cv["estimator"], cv["indices"]["test"]):
        fold = spc.threshold_table(y[test], estimator.predict_proba(X[test])[:, 1],
                                   prevalence=prevalence, drop_intermediate=False)
        at = np.searchsorted(-fold.threshold.to_numpy(), -grid, side="right") - 1
        expected.append(fold.precision.to_numpy()[at])
    np.testing.assert_allclose(folds.values["precision"], np.mean(expected, axis=0),
                               rtol=1e-12)
    with pytest.raises(ValueError, match="prevalence must be"):
        spc.MetricThresholdCurveDisplay.from_predictions(y, scores, prevalence=1.5)


def test_a_stability_result_shades_where_the_threshold_could_land():
    rng = np.random.default_rng(0)
    y = rng.random(600) < 0.3
    s = rng.normal(size=600) + 2 * y
    stability = spc.threshold_stability(y, s, rule="f1", n_resamples=100, random_state=0)
    display = spc.MetricThresholdCurveDisplay.from_predictions(y, s,
                                                               operating_point=stability)
    assert display.operating_point == stability.threshold
    band = display.operating_point_band_
    if hasattr(band, "get_width"):  # (a Rectangle from matplotlib 3.9, a Polygon before)
        ends = band.get_x(), band.get_x() + band.get_width()
    else:
        ends = band.get_xy()[:, 0].min(), band.get_xy()[:, 0].max()
    assert ends == pytest.approx(tuple(stability.threshold_interval[:2]))
    assert "95% interval" in display.operating_point_band_.get_label()
    plain = spc.MetricThresholdCurveDisplay.from_predictions(y, s)
    assert plain.operating_point_band_ is None

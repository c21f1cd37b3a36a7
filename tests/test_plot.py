"""Displays render with the Agg backend and carry the expected artists and labels."""

import numpy as np
import pytest

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from sklearn.datasets import make_classification  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402
from sklearn.model_selection import cross_validate  # noqa: E402

import sklearn_prcurves as spc  # noqa: E402


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


@pytest.fixture(scope="module")
def fitted():
    X, y = make_classification(n_samples=300, weights=[0.8], random_state=0)
    return LogisticRegression().fit(X, y), X, y


def test_pr_display_draws_the_interpolated_curve_and_extras():
    y = np.array([0, 1, 1, 0, 1, 0, 0, 1])
    s = np.array([0.1, 0.8, 0.6, 0.7, 0.3, 0.3, 0.2, 0.9])
    d = spc.PRCurveDisplay.from_predictions(
        y, s, name="m", plot_achievable=True, plot_step=True, plot_chance_level=True,
        iso_f1=True, operating_points=[0.6],
    )
    precision, recall, _ = spc.pr_curve(y, s)
    np.testing.assert_array_equal(d.line_.get_xdata(), recall)
    np.testing.assert_array_equal(d.line_.get_ydata(), precision)
    assert d.line_.get_label() == f"m (AUC-PR = {spc.pr_auc_score(y, s):0.2f})"
    hull_precision, hull_recall, _ = spc.achievable_pr_curve(y, s)
    np.testing.assert_array_equal(d.achievable_line_.get_xdata(), hull_recall)
    assert d.achievable_line_.get_label() == (
        f"m achievable (AUC-PR = {spc.achievable_pr_auc_score(y, s):0.2f})"
    )
    assert d.step_line_.get_label() == f"m steps (AP = {spc.average_precision_score(y, s):0.2f})"
    assert d.chance_level_.get_ydata()[0] == pytest.approx(0.5)
    assert len(d.iso_f1_lines_) == 4
    assert d.operating_points_.get_offsets().shape == (1, 2)
    assert d.ax_.get_xlabel() == "Recall (Positive label: 1)"
    assert d.ax_.get_ylabel() == "Precision (Positive label: 1)"
    assert d.figure_ is d.ax_.figure
    assert {t.get_text() for t in d.ax_.get_legend().get_texts()} >= {d.line_.get_label()}


def test_roc_display_with_hull_and_chance(fitted):
    estimator, X, y = fitted
    d = spc.ROCCurveDisplay.from_estimator(estimator, X, y, plot_hull=True, plot_chance_level=True)
    scores = estimator.predict_proba(X)[:, 1]
    assert d.line_.get_label() == f"LogisticRegression (AUC = {spc.roc_auc_score(y, scores):0.2f})"
    fpr, tpr, _ = spc.roc_convex_hull(y, scores)
    np.testing.assert_allclose(d.hull_line_.get_xdata(), fpr)
    np.testing.assert_allclose(d.hull_line_.get_ydata(), tpr)
    assert d.ax_.get_xlabel() == "False Positive Rate (Positive label: 1)"
    assert d.chance_level_.get_label() == "chance level (AUC = 0.5)"


def test_several_models_on_one_axes(fitted):
    estimator, X, y = fitted
    fig, ax = plt.subplots()
    first = spc.PRCurveDisplay.from_estimator(estimator, X, y, ax=ax, name="a")
    second = spc.PRCurveDisplay.from_predictions(y, X[:, 0], ax=ax, name="b")
    assert first.ax_ is second.ax_ is ax
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels[0].startswith("a (AUC-PR = ") and labels[1].startswith("b (AUC-PR = ")
    assert second.plot(ax=ax, name="again") is second  # plot returns self


@pytest.mark.parametrize("display", [spc.PRCurveDisplay, spc.ROCCurveDisplay])
def test_from_cv_results_draws_folds_mean_and_band(display):
    X, y = make_classification(n_samples=300, weights=[0.8], random_state=1)
    cv_results = cross_validate(
        LogisticRegression(), X, y, cv=4, return_estimator=True, return_indices=True
    )
    d = display.from_cv_results(cv_results, X, y, name="cv")
    assert len(d.fold_lines_) == 4
    assert d.band_ is not None
    assert "±" in d.line_.get_label() and d.line_.get_label().startswith("cv (")
    with pytest.raises(ValueError, match="return_estimator=True, return_indices=True"):
        display.from_cv_results({"test_score": [1]}, X, y)


def test_bad_estimator_and_single_class(fitted):
    estimator, X, y = fitted
    with pytest.raises(ValueError, match="pos_label=7 is not a class"):
        spc.PRCurveDisplay.from_estimator(estimator, X, y, pos_label=7)
    with pytest.raises(ValueError, match="Only one class"):
        spc.ROCCurveDisplay.from_predictions([1, 1], [0.2, 0.4])


@pytest.mark.parametrize("display", [spc.PRCurveDisplay, spc.ROCCurveDisplay])
def test_bootstrap_confidence_band_brackets_the_curve(display):
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 300)
    scores = rng.normal(size=300) + y
    d = display.from_predictions(y, scores, confidence_band=0.9, n_resamples=200, random_state=0)
    grid, lower, upper, level = d.confidence_band
    assert level == 0.9 and np.all(lower <= upper)
    assert d.confidence_band_.get_label() == "90% confidence band (bootstrap)"
    x, curve = d.line_.get_xdata(), d.line_.get_ydata()
    inside = (np.interp(grid, x, curve) >= lower - 1e-9) & (np.interp(grid, x, curve) <= upper + 1e-9)
    assert inside.mean() > 0.9  # the observed curve lies within its own band
    again = display.from_predictions(y, scores, confidence_band=0.9, n_resamples=200, random_state=0)
    np.testing.assert_array_equal(again.confidence_band[1], lower)  # seeded


def test_axis_labels_agree_between_predictions_and_estimators():
    from sklearn.datasets import make_classification
    from sklearn.linear_model import LogisticRegression

    X, y = make_classification(n_samples=200, random_state=0)
    model = LogisticRegression().fit(X, y)
    for display in (spc.PRCurveDisplay, spc.ROCCurveDisplay):
        a = display.from_estimator(model, X, y)
        b = display.from_predictions(y, model.predict_proba(X)[:, 1])
        assert a.ax_.get_xlabel() == b.ax_.get_xlabel()
        assert "(Positive label: 1)" in b.ax_.get_xlabel()
        plt.close("all")


def test_iso_f1_lines_start_at_precision_one_and_are_labelled_outside():
    display = spc.PRCurveDisplay.from_predictions([0, 1, 1, 0, 1], [0.1, 0.8, 0.6, 0.7, 0.3],
                                                  iso_f1=True)
    for line in display.iso_f1_lines_:
        assert line.get_ydata()[0] == pytest.approx(1.0)
        assert line.get_xdata()[-1] == 1.0
    labels = [t for t in display.ax_.texts if t.get_text().startswith("F1=")]
    assert len(labels) == 4 and all(t.xy[0] == 1 for t in labels)
    plt.close("all")


def test_roc_log_fpr_axis():
    rng = np.random.default_rng(0)
    y = (rng.random(2000) < 0.05).astype(int)
    s = rng.normal(size=2000) + 2 * y
    display = spc.ROCCurveDisplay.from_predictions(y, s, plot_hull=True, plot_chance_level=True,
                                                   log_fpr=True)
    assert display.ax_.get_xscale() == "log"
    low = display.ax_.get_xlim()[0]
    assert 0 < low <= 1 / (y == 0).sum()
    # The chance diagonal stays the line TPR = FPR, drawn densely on the log axis.
    x, t = display.chance_level_.get_data()
    assert len(x) > 100 and np.allclose(x, t)
    plt.close("all")

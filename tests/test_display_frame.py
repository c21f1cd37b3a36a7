"""Every display's ``frame()``: the plotted points with their thresholds, one row each."""

import numpy as np
import pytest
from sklearn.datasets import make_classification
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import cross_validate

import sklearn_prcurves as spc

pd = pytest.importorskip("pandas")
pytest.importorskip("matplotlib")


@pytest.fixture(autouse=True)
def _agg():
    import matplotlib
    import matplotlib.pyplot as plt

    matplotlib.use("Agg")
    yield
    plt.close("all")


def _data(n=300, seed=0):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    s = np.round(rng.normal(size=n) + y, 1)  # ties
    w = rng.uniform(0.5, 2, n)
    return y, s, w


@pytest.mark.parametrize("drop", [True, False])
def test_drop_in_frames_hold_the_points_and_scikit_learns_thresholds(drop):
    y, s, w = _data()
    roc = spc.RocCurveDisplay.from_predictions(y, s, sample_weight=w, drop_intermediate=drop)
    fpr, tpr, thresholds = spc.roc_curve(y, s, sample_weight=w, drop_intermediate=drop)
    frame = roc.frame()
    assert list(frame.columns) == ["fpr", "tpr", "threshold"]
    np.testing.assert_array_equal(frame["fpr"], fpr)
    np.testing.assert_array_equal(frame["tpr"], tpr)
    np.testing.assert_array_equal(frame["threshold"], thresholds)
    pr = spc.PrecisionRecallDisplay.from_predictions(y, s, sample_weight=w,
                                                     drop_intermediate=drop)
    precision, recall, thresholds = spc.precision_recall_curve(
        y, s, sample_weight=w, drop_intermediate=drop)
    frame = pr.frame()
    assert list(frame.columns) == ["recall", "precision", "threshold"]
    np.testing.assert_array_equal(frame["precision"], precision)
    np.testing.assert_array_equal(frame["recall"], recall)
    # the end point (recall 0, precision 1) has no threshold
    np.testing.assert_array_equal(frame["threshold"], np.append(thresholds, np.nan))
    det = spc.DetCurveDisplay.from_predictions(y, s, sample_weight=w, drop_intermediate=drop)
    fpr, fnr, thresholds = spc.det_curve(y, s, sample_weight=w, drop_intermediate=drop)
    frame = det.frame()
    assert list(frame.columns) == ["fpr", "fnr", "threshold"]
    np.testing.assert_array_equal(frame["fpr"], det.fpr)
    np.testing.assert_array_equal(frame["threshold"], thresholds)
    assert frame.shape[0] == fpr.shape[0]


def test_cross_validation_frames_have_a_row_per_fold_point_and_the_mean():
    X, y = make_classification(300, random_state=0)
    cv = cross_validate(LogisticRegression(), X, y, cv=3, return_estimator=True,
                        return_indices=True)
    for cls, (x_name, y_name) in ((spc.RocCurveDisplay, ("fpr", "tpr")),
                                  (spc.PrecisionRecallDisplay, ("recall", "precision"))):
        display = cls.from_cv_results(cv, X, y)
        display.plot(plot_mean=True)
        frame = display.frame()
        assert list(frame.columns) == ["fold", x_name, y_name, "threshold"]
        for fold, test in enumerate(cv["indices"]["test"]):
            rows = frame[frame["fold"] == fold]
            np.testing.assert_array_equal(rows[x_name], getattr(display, x_name)[fold])
            scores = cv["estimator"][fold].predict_proba(X[test])[:, 1]
            curve = (spc.roc_curve(y[test], scores) if cls is spc.RocCurveDisplay else
                     spc.precision_recall_curve(y[test], scores, drop_intermediate=True))
            n = curve[2].shape[0]
            np.testing.assert_array_equal(rows["threshold"].to_numpy()[:n], curve[2])
        mean = frame[frame["fold"] == "mean"]
        np.testing.assert_array_equal(mean[y_name], display.mean_line_.get_ydata())
        assert mean["threshold"].isna().all()


def test_a_display_built_from_coordinates_has_no_thresholds():
    frame = spc.RocCurveDisplay(fpr=np.array([0.0, 0.5, 1.0]),
                                tpr=np.array([0.0, 0.8, 1.0])).frame()
    assert frame.shape == (3, 3) and frame["threshold"].isna().all()


@pytest.mark.parametrize("cls, curve, columns", [
    (spc.PrecisionRecallGainDisplay, lambda y, s, w: spc.prg_curve(y, s, sample_weight=w),
     ("recall_gain", "precision_gain")),
    (spc.CostCurveDisplay, lambda y, s, w: spc.cost_curve(y, s, sample_weight=w),
     ("probability_cost", "normalized_expected_cost")),
    (spc.CumulativeGainDisplay,
     lambda y, s, w: spc.cumulative_gain_curve(y, s, sample_weight=w),
     ("share_targeted", "share_of_positives")),
    (spc.LiftDisplay, lambda y, s, w: spc.lift_curve(y, s, sample_weight=w),
     ("share_targeted", "lift")),
])
def test_other_curve_frames_hold_their_function_s_points(cls, curve, columns):
    y, s, w = _data(seed=1)
    frame = cls.from_predictions(y, s, sample_weight=w).frame()
    first, second, thresholds = curve(y, s, w)
    if cls is spc.PrecisionRecallGainDisplay:
        first, second = second, first  # (prg_curve gives precision gain first)
    assert list(frame.columns) == [*columns, "threshold"]
    np.testing.assert_array_equal(frame[columns[0]], first)
    np.testing.assert_array_equal(frame[columns[1]], second)
    np.testing.assert_array_equal(frame["threshold"], thresholds)


def test_decision_curve_frame_holds_the_net_benefit_curve():
    y, s, w = _data(seed=3)
    p = 1 / (1 + np.exp(-s))
    frame = spc.DecisionCurveDisplay.from_predictions(y, p, sample_weight=w,
                                                      prevalence=0.2).frame()
    curve = spc.net_benefit_curve(y, p, sample_weight=w, prevalence=0.2)
    assert list(frame.columns) == ["threshold", "net_benefit", "treat_all", "treat_none"]
    for column in frame.columns:
        np.testing.assert_array_equal(frame[column], getattr(curve, column + "s"
                                                             if column == "threshold"
                                                             else column))


def test_ks_and_threshold_curve_frames():
    y, s, w = _data(seed=2)
    frame = spc.KSDisplay.from_predictions(y, s, sample_weight=w).frame()
    table = spc.threshold_table(y, s, sample_weight=w)
    np.testing.assert_array_equal(frame["threshold"], table["threshold"])
    np.testing.assert_allclose(frame["tpr"], table["recall"], rtol=1e-12)
    np.testing.assert_allclose(frame["fpr"], table["fpr"], rtol=1e-12)
    display = spc.MetricThresholdCurveDisplay.from_predictions(y, s, sample_weight=w)
    frame = display.frame()
    assert list(frame.columns) == ["threshold", *display.values]
    np.testing.assert_array_equal(frame["threshold"], display.thresholds)
    X, yy = make_classification(300, random_state=0)
    cv = cross_validate(LogisticRegression(), X, yy, cv=3, return_estimator=True,
                        return_indices=True)
    display = spc.MetricThresholdCurveDisplay.from_cv_results(cv, X, yy)
    frame = display.frame()
    assert {f"{m}_std" for m in display.values} <= set(frame.columns)
    np.testing.assert_array_equal(frame["recall_std"], display.spread["recall"])


def test_frame_without_pandas_says_what_to_install(monkeypatch):
    import builtins

    display = spc.RocCurveDisplay.from_predictions([0, 1, 1, 0], [0.1, 0.8, 0.6, 0.7])
    real_import = builtins.__import__

    def no_pandas(name, *args, **kwargs):
        if name == "pandas":
            raise ImportError("no pandas here")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_pandas)
    with pytest.raises(ImportError, match="pip install pandas"):
        display.frame()

"""Displays: scikit-learn's three binary-curve displays, computed by the package, and
the package's additions to them; rendered with the Agg backend.

scikit-learn's own display tests run against ours in tests/test_sklearn_display_*.py;
here: the same pictures as scikit-learn's on inputs its tests do not cover (weights,
ties, string labels), and everything we add.
"""

import warnings

import numpy as np
import pytest
import sklearn

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import sklearn.metrics as skm  # noqa: E402
from sklearn.datasets import make_classification  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402
from sklearn.model_selection import cross_validate  # noqa: E402

import sklearn_prcurves as spc  # noqa: E402

DISPLAYS = [("RocCurveDisplay", "roc_curve"), ("PrecisionRecallDisplay", "precision_recall_curve"),
            ("DetCurveDisplay", "det_curve")]


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


@pytest.fixture(scope="module")
def fitted():
    X, y = make_classification(n_samples=300, weights=[0.8], random_state=0)
    return LogisticRegression().fit(X, y), X, y


def _tied_weighted_strings():
    rng = np.random.default_rng(3)
    y = np.where(rng.random(400) < 0.3, "spam", "ham")
    scores = np.round(rng.normal(size=400) + (y == "spam"), 1)  # many ties
    weight = rng.uniform(0, 5, 400)
    weight[:20] = 0
    return y, scores, weight


@pytest.mark.parametrize("name, _", DISPLAYS)
def test_same_picture_as_scikit_learn(name, _):
    y, scores, weight = _tied_weighted_strings()
    ours = getattr(spc, name).from_predictions(y, scores, sample_weight=weight, pos_label="spam",
                                               name="m")
    theirs = getattr(skm, name).from_predictions(y, scores, sample_weight=weight,
                                                 pos_label="spam", name="m")
    assert isinstance(ours, getattr(skm, name))
    np.testing.assert_array_equal(ours.line_.get_xdata(), theirs.line_.get_xdata())
    np.testing.assert_array_equal(ours.line_.get_ydata(), theirs.line_.get_ydata())
    assert ours.line_.get_label() == theirs.line_.get_label()
    assert ours.ax_.get_xlabel() == theirs.ax_.get_xlabel() == (
        ours.ax_.get_xlabel().split(" (")[0] + " (Positive label: spam)")


def test_pr_interpolated_view_and_extras():
    y = np.array([0, 1, 1, 0, 1, 0, 0, 1])
    s = np.array([0.1, 0.8, 0.6, 0.7, 0.3, 0.3, 0.2, 0.9])
    d = spc.PrecisionRecallDisplay.from_predictions(
        y, s, name="m", interpolation="davis-goadrich", plot_achievable=True, plot_step=True,
        plot_chance_level=True, iso_f1=True, operating_points=[0.6],
    )
    precision, recall, _ = spc.pr_curve(y, s)
    np.testing.assert_array_equal(d.line_.get_xdata(), recall)
    np.testing.assert_array_equal(d.line_.get_ydata(), precision)
    assert d.line_.get_drawstyle() == "default"
    assert d.line_.get_label() == f"m (AUC-PR = {spc.pr_auc_score(y, s):0.2f})"
    # The display keeps scikit-learn's values; only the drawing is interpolated.
    assert d.average_precision == spc.average_precision_score(y, s)
    hull_precision, hull_recall, _ = spc.achievable_pr_curve(y, s)
    np.testing.assert_array_equal(d.achievable_line_.get_xdata(), hull_recall)
    np.testing.assert_array_equal(d.achievable_line_.get_ydata(), hull_precision)
    assert d.achievable_line_.get_label() == (
        f"m achievable (AUC-PR = {spc.achievable_pr_auc_score(y, s):0.2f})"
    )
    assert d.step_line_.get_label() == f"m steps (AP = {spc.average_precision_score(y, s):0.2f})"
    assert d.chance_level_.get_ydata()[0] == pytest.approx(0.5)
    assert len(d.iso_f1_lines_) == 4
    (points,) = d.operating_points_
    # Threshold 0.6: scores 0.9, 0.8, 0.7, 0.6 predicted positive, three of them positive.
    np.testing.assert_allclose(points.get_offsets(), [[3 / 4, 3 / 4]])
    # ...labelled with its threshold, next to it.
    (label,) = [t for t in d.ax_.texts if t.get_text() == "0.6"]
    assert label.xy == pytest.approx((3 / 4, 3 / 4))
    legend = {t.get_text() for t in d.ax_.get_legend().get_texts()}
    assert {d.line_.get_label(), d.achievable_line_.get_label(), "operating points"} <= legend


def test_continuous_view_and_the_default_steps():
    y, s = [0, 1, 1, 0, 1], [0.1, 0.8, 0.6, 0.7, 0.3]
    steps = spc.PrecisionRecallDisplay.from_predictions(y, s)
    assert steps.line_.get_drawstyle() == "steps-post"
    assert steps.line_.get_label() == f"Classifier (AP = {spc.average_precision_score(y, s):0.2f})"
    smooth = steps.plot(interpolation="continuous", name="c")
    area = spc.pr_auc_score(y, s, interpolation="continuous")
    assert smooth.line_.get_label() == f"c (AUC-PR = {area:0.2f})"
    with pytest.raises(ValueError, match="interpolation must be None"):
        steps.plot(interpolation="linear")


def test_additions_need_counts_on_a_hand_built_display():
    d = spc.PrecisionRecallDisplay(precision=np.array([1, 0.5]), recall=np.array([0, 1]))
    for option in (dict(interpolation="davis-goadrich"), dict(plot_achievable=True),
                   dict(operating_points=[0.5])):
        with pytest.raises(ValueError, match="needs the curve's counts: create the display"):
            d.plot(**option)
    with pytest.raises(ValueError, match="plot_unachievable needs the prevalence"):
        d.plot(plot_unachievable=True)
    # What needs no counts works: steps and iso-F1 lines from the arrays themselves.
    assert len(d.plot(iso_f1=[0.5]).iso_f1_lines_) == 1


def test_roc_hull_and_chance(fitted):
    estimator, X, y = fitted
    d = spc.RocCurveDisplay.from_estimator(estimator, X, y, plot_hull=True, plot_chance_level=True)
    scores = estimator.predict_proba(X)[:, 1]
    assert d.line_.get_label() == f"LogisticRegression (AUC = {spc.roc_auc_score(y, scores):0.2f})"
    fpr, tpr, _ = spc.roc_convex_hull(y, scores)
    np.testing.assert_allclose(d.hull_line_.get_xdata(), fpr)
    np.testing.assert_allclose(d.hull_line_.get_ydata(), tpr)
    assert d.hull_line_.get_color() == d.line_.get_color()
    assert d.chance_level_.get_label() == "Chance level (AUC = 0.5)"
    assert d.hull_line_.get_label() in {t.get_text() for t in d.ax_.get_legend().get_texts()}


@pytest.mark.parametrize("name", ["RocCurveDisplay", "PrecisionRecallDisplay"])
def test_cross_validation_curves_with_additions(name):
    X, y = make_classification(n_samples=300, weights=[0.8], random_state=1)
    cv_results = cross_validate(LogisticRegression(), X, y, cv=4, return_estimator=True,
                                return_indices=True)
    display = getattr(spc, name)
    if not hasattr(getattr(skm, name), "from_cv_results"):
        # Older scikit-learn (ROC before 1.7, PR before 1.9): a clear refusal.
        with pytest.raises(NotImplementedError,
                           match=rf"{name}.from_cv_results needs scikit-learn >= 1\.[79], "
                                 rf"whose .* the installed scikit-learn is {sklearn.__version__}"):
            display.from_cv_results(cv_results, X, y)
        return
    extra = dict(plot_hull=True) if name == "RocCurveDisplay" else dict(
        interpolation="davis-goadrich", plot_achievable=True)
    d = display.from_cv_results(cv_results, X, y, name="cv", **extra)
    theirs = getattr(skm, name).from_cv_results(cv_results, X, y, name="cv")
    assert len(d.line_) == len(theirs.line_) == 4
    added = d.hull_line_ if name == "RocCurveDisplay" else d.achievable_line_
    assert len(added) == 4
    labels = [line.get_label() for line in added]
    assert labels[0].startswith("cv ") and "+/-" in labels[0]
    assert all(label.startswith("_") for label in labels[1:])  # one legend entry
    # plot_mean: the folds' mean curve (vertical averaging of the curves as drawn) with
    # a band of one standard deviation, the folds faint.
    m = display.from_cv_results(cv_results, X, y, name="cv", plot_mean=True, **extra)
    grid = m.mean_line_.get_xdata()
    lines = m.line_
    folds = []
    for line in lines:
        assert line.get_alpha() == pytest.approx(0.3)
        fx, fy = np.asarray(line.get_xdata(), float), np.asarray(line.get_ydata(), float)
        order = np.lexsort((fy, fx))
        folds.append(np.interp(grid, fx[order], fy[order]))
    np.testing.assert_allclose(m.mean_line_.get_ydata(), np.mean(folds, axis=0))
    assert m.mean_line_.get_label().startswith("cv fold mean (mean ")
    assert m.fold_band_ is not None


def _share_inside_band(display, axis):
    """The share of the axis (1,500 points, spaced as the axis shows them) where the
    drawn curve lies inside its drawn band. Both are read as drawn: the band's edges
    straight between its vertices in the axes' coordinates, the curve's line likewise,
    either end of a vertical segment counting."""
    # The band's polygon as filled: its vertices in the axes' data coordinates (DET:
    # probit values on linear axes, as scikit-learn draws its curve).
    grid, lower, upper = display._band_coordinates(*display._bands[0][:3])
    to_axis = np.log if axis == "log" else (lambda v: v)
    x, y = (np.asarray(a, float) for a in (display.line_.get_xdata(),
                                           display.line_.get_ydata()))
    shown = np.isfinite(x) & np.isfinite(y) & ((x > 0) if axis == "log" else True)
    x, y = x[shown], y[shown]
    # Where both are drawn: the band's span within the curve's.
    low, high = max(grid.min(), x.min()), min(grid.max(), x.max())
    points = (np.geomspace if axis == "log" else np.linspace)(low, high, 1500)
    at = to_axis(points)
    band_low = np.interp(at, to_axis(grid), lower)
    band_high = np.interp(at, to_axis(grid), upper)
    inside = np.zeros(points.shape, dtype=bool)
    for order in (np.lexsort((y, x)), np.lexsort((-y, x))):
        curve = np.interp(at, to_axis(x[order]), y[order])
        inside |= (curve >= band_low - 1e-9) & (curve <= band_high + 1e-9)
    return inside.mean(), grid


@pytest.mark.parametrize("n, prevalence", [(300, 0.5), (20000, 0.02)])
def test_the_drawn_curve_lies_inside_its_drawn_band(n, prevalence):
    # Every display and axis that draws a band: the band is evaluated where the axis
    # shows the curve (log-spaced on a log axis, evenly on DET's probit axis, and at
    # the curve's own points), so the curve stays inside it across the axis. Before,
    # the band was read on an even 0-1 grid: on a log axis it had one point below
    # FPR 0.005 and the curve left it across two decades.
    rng = np.random.default_rng(n)
    y = (rng.random(n) < prevalence).astype(int)
    scores = np.round(rng.normal(size=n) + 1.5 * y, 2)
    band = dict(confidence_band=0.95, n_resamples=200, random_state=0)
    cases = [
        (spc.RocCurveDisplay, {}, "linear"),
        (spc.RocCurveDisplay, {"log_fpr": True}, "log"),
        (spc.PrecisionRecallDisplay, {}, "linear"),
        (spc.PrecisionRecallDisplay, {"interpolation": "davis-goadrich"}, "linear"),
        (spc.PrecisionRecallDisplay, {"interpolation": "continuous"}, "linear"),
        (spc.DetCurveDisplay, {}, "probit"),
    ]
    for display, options, axis in cases:
        d = display.from_predictions(y, scores, **band, **options)
        assert d.confidence_band_.get_label() == "95% confidence band (bootstrap)"
        share, grid = _share_inside_band(d, axis)
        assert share == 1.0, (display.__name__, options, share)
        if axis == "log":  # the band reaches the axis' left end, densely
            low = d.ax_.get_xlim()[0]
            assert grid.min() <= 1.01 * low
            assert np.sum(grid < 10 * low) >= 80
        plt.close("all")
    with pytest.raises(ValueError, match="confidence_band must be"):
        spc.RocCurveDisplay.from_predictions(y, scores, confidence_band=1.5)


def test_hull_of_a_one_class_curve_is_not_drawn():
    """One class: scikit-learn draws a NaN curve (and warns); the hull is left out
    instead of failing on NaN (registry, weights of 5e-324)."""
    y, s = np.zeros(5, int), np.array([0.0, 0, 0, 0, 1])
    with pytest.warns(spc.exceptions.UndefinedMetricWarning, match="No positive samples"):
        display = spc.RocCurveDisplay.from_predictions(
            y, s, pos_label=1, plot_hull=True, sample_weight=[5e-324, 5e-324, 5e-324, 1, 5e-324])
    assert display.hull_line_ is None
    plt.close("all")


def test_log_fpr_axis():
    rng = np.random.default_rng(0)
    y = (rng.random(2000) < 0.05).astype(int)
    s = rng.normal(size=2000) + 2 * y
    display = spc.RocCurveDisplay.from_predictions(y, s, plot_hull=True, plot_chance_level=True,
                                                   log_fpr=True)
    assert display.ax_.get_xscale() == "log"
    low = display.ax_.get_xlim()[0]
    assert 0 < low <= 1 / (y == 0).sum()
    # The chance diagonal stays the line TPR = FPR, drawn densely on the log axis.
    x, t = display.chance_level_.get_data()
    assert len(x) > 100 and np.allclose(x, t)


def test_iso_f1_lines_start_at_precision_one_and_are_labelled_outside():
    display = spc.PrecisionRecallDisplay.from_predictions([0, 1, 1, 0, 1],
                                                          [0.1, 0.8, 0.6, 0.7, 0.3], iso_f1=True)
    for line in display.iso_f1_lines_:
        assert line.get_ydata()[0] == pytest.approx(1.0)
        assert line.get_xdata()[-1] == 1.0
    labels = [t for t in display.ax_.texts if t.get_text().startswith("F1=")]
    assert len(labels) == 4 and all(t.xy[0] == 1 for t in labels)


@pytest.mark.parametrize("old, new", [("ROCCurveDisplay", "RocCurveDisplay"),
                                      ("PRCurveDisplay", "PrecisionRecallDisplay")])
def test_old_names_warn_and_keep_their_default_view(old, new):
    y, s = [0, 1, 1, 0, 1], [0.1, 0.8, 0.6, 0.7, 0.3]
    with pytest.warns(FutureWarning, match=f"{old} is renamed {new}"):
        d = getattr(spc, old).from_predictions(y, s, name="m")
    assert isinstance(d, getattr(spc, new))
    if old == "PRCurveDisplay":  # the old display drew the Davis-Goadrich curve
        assert d.line_.get_label() == f"m (AUC-PR = {spc.pr_auc_score(y, s):0.2f})"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        getattr(spc, new).from_predictions(y, s)  # the new names do not warn


@pytest.mark.parametrize("prevalence", [0.01, 0.06, 0.3])
def test_pr_display_additions_put_the_legend_where_it_covers_no_curve(prevalence):
    # scikit-learn's own picture keeps its legend lower left; with the package's
    # additions (achievable curve, chance level) the longer legend went over the
    # curves' tail there: now no drawn vertex lies under it.
    import matplotlib.pyplot as plt

    rng = np.random.default_rng(0)
    y = (rng.random(5000) < prevalence).astype(int)
    y[:2] = [0, 1]
    scores = 1.5 * y + rng.normal(size=5000)
    fig, ax = plt.subplots()
    spc.PrecisionRecallDisplay.from_predictions(
        y, scores, ax=ax, name="model", plot_achievable=True, interpolation="davis-goadrich",
        plot_chance_level=True)
    fig.canvas.draw()
    box = ax.get_legend().get_window_extent()
    for line in ax.get_lines():
        points = line.get_transform().transform(line.get_xydata())
        under = ((points[:, 0] > box.x0) & (points[:, 0] < box.x1)
                 & (points[:, 1] > box.y0) & (points[:, 1] < box.y1))
        assert not under.any(), line.get_label()
    plt.close(fig)


# Every addition each display's plot() draws, by the constructors that reach it.
_ADDITIONS = {
    "PrecisionRecallDisplay": ({"interpolation", "plot_achievable", "plot_step", "iso_f1",
                                "operating_points", "plot_unachievable"}, {"plot_mean"}),
    "RocCurveDisplay": ({"plot_hull", "log_fpr"}, {"plot_mean"}),
    "DetCurveDisplay": (set(), set()),
}


@pytest.mark.parametrize("name", sorted(_ADDITIONS))
def test_the_additions_are_keywords_of_each_constructor(name):
    # help() and editors read the signature: no addition hides in **kwargs.
    import inspect

    display = getattr(spc, name)
    common, cv_only = _ADDITIONS[name]
    plot = set(inspect.signature(display.plot).parameters)
    assert common | cv_only <= plot
    band = {"confidence_band", "n_resamples", "random_state"}
    for method, expected in (("from_predictions", common | band),
                             ("from_estimator", common | band),
                             ("from_cv_results", common | cv_only)):
        if not hasattr(display, method):
            continue
        parameters = inspect.signature(getattr(display, method)).parameters
        assert expected <= set(parameters), (method, expected - set(parameters))
        for keyword in expected & plot:  # documented where they are, default as plot's
            assert parameters[keyword].default == inspect.signature(
                display.plot).parameters[keyword].default, (method, keyword)
        assert all(k in inspect.getdoc(getattr(display, method)) for k in expected)


def test_the_keywords_reach_plot_from_an_estimator():
    X, y = make_classification(n_samples=300, weights=[0.8], random_state=0)
    model = LogisticRegression().fit(X, y)
    d = spc.PrecisionRecallDisplay.from_estimator(
        model, X, y, plot_achievable=True, interpolation="continuous", iso_f1=[0.5],
        confidence_band=0.9, n_resamples=20, random_state=0)
    assert d.achievable_line_ is not None and d.confidence_band_ is not None
    assert len(d.iso_f1_lines_) == 1 and "AUC-PR" in d.line_.get_label()
    r = spc.RocCurveDisplay.from_estimator(model, X, y, plot_hull=True, log_fpr=True)
    assert r.hull_line_ is not None and r.ax_.get_xscale() == "log"


@pytest.mark.parametrize("display", ["RocCurveDisplay", "PrecisionRecallDisplay",
                                     "DetCurveDisplay"])
@pytest.mark.parametrize("call", ["from_estimator", "from_predictions", "y_pred",
                                  "from_cv_results", "chance_level_kw"])
def test_a_keyword_neither_takes_fails_as_in_scikit_learn(fitted, display, call):
    # Where scikit-learn's method takes no **kwargs (RocCurveDisplay from 1.9) Python's
    # TypeError names that method; elsewhere the keyword goes on to plot (y_pred: the
    # scores' old name, where the release still takes it), as in scikit-learn.
    clf, X, y = fitted
    scores = clf.decision_function(X)
    folds = (cross_validate(LogisticRegression(), X, y, cv=3, return_estimator=True,
                            return_indices=True), X, y)
    method, args, keywords = {
        "from_estimator": ("from_estimator", (clf, X, y), {"not_a_keyword": 1}),
        "from_predictions": ("from_predictions", (y, scores), {"not_a_keyword": 1}),
        "y_pred": ("from_predictions", (y,), {"y_pred": scores}),
        "from_cv_results": ("from_cv_results", folds, {"not_a_keyword": 1}),
        # (plot's name for from_cv_results' chance_level_kwargs: a keyword neither takes)
        "chance_level_kw": ("from_cv_results", folds, {"chance_level_kw": {"color": "r"}}),
    }[call]
    if not hasattr(getattr(skm, display), method):
        pytest.skip(f"scikit-learn's {display} has no {method}")

    def outcome(cls):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                getattr(cls, method)(*args, **keywords)
            except Exception as exc:  # noqa: BLE001 - the exception is the outcome
                return type(exc), str(exc)
            return "returned"

    assert outcome(getattr(spc, display)) == outcome(getattr(skm, display))

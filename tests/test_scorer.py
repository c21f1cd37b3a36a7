"""Scorers run for real in scikit-learn's model-selection tools.

Every search or cross-validation score must equal the metric computed by hand on the
same folds.
"""

import numpy as np
import pytest
import sklearn
from sklearn.datasets import make_classification
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import make_scorer
from sklearn.model_selection import (
    GridSearchCV,
    RandomizedSearchCV,
    StratifiedKFold,
    cross_val_score,
    cross_validate,
)
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import LinearSVC

import sklearn_prcurves as spc


@pytest.fixture(scope="module")
def data():
    X, y = make_classification(
        n_samples=400, n_features=8, weights=[0.9], flip_y=0.05, random_state=0
    )
    return X, y


CV = StratifiedKFold(n_splits=3, shuffle=True, random_state=0)


def by_hand(estimator, X, y, metric, method="decision_function", sample_weight=None, **kwargs):
    """The metric on each held-out fold, computed without scikit-learn's scorers."""
    scores = []
    for train, test in CV.split(X, y):
        fitted = sklearn.base.clone(estimator).fit(X[train], y[train])
        response = getattr(fitted, method)(X[test])
        if method == "predict_proba" and response.shape[1] == 2:
            response = response[:, 1]
        weight = None if sample_weight is None else sample_weight[test]
        scores.append(metric(y[test], response, sample_weight=weight, **kwargs))
    return np.array(scores)


@pytest.mark.parametrize(
    "name, metric, kwargs",
    [
        ("pr_auc", spc.pr_auc_score, {}),
        ("pr_auc_continuous", spc.pr_auc_score, {"interpolation": "continuous"}),
        ("achievable_pr_auc", spc.achievable_pr_auc_score, {}),
        ("achievable_pr_auc_continuous", spc.achievable_pr_auc_score, {"interpolation": "continuous"}),
        ("roc_auc", spc.roc_auc_score, {}),
        ("average_precision", spc.average_precision_score, {}),
    ],
)
def test_cross_val_score_equals_metric_by_hand(data, name, metric, kwargs):
    X, y = data
    model = LogisticRegression()
    got = cross_val_score(model, X, y, cv=CV, scoring=spc.get_scorer(name))
    np.testing.assert_allclose(got, by_hand(model, X, y, metric, **kwargs), rtol=1e-12)


def test_drop_in_scorers_agree_with_sklearn(data):
    X, y = data
    model = LogisticRegression()
    for name in ("roc_auc", "average_precision"):
        ours = cross_val_score(model, X, y, cv=CV, scoring=spc.get_scorer(name))
        theirs = cross_val_score(model, X, y, cv=CV, scoring=name)
        np.testing.assert_allclose(ours, theirs, rtol=1e-12)


def test_grid_search_in_a_pipeline_with_two_jobs(data):
    X, y = data
    pipe = make_pipeline(StandardScaler(), LogisticRegression())
    search = GridSearchCV(
        pipe,
        {"logisticregression__C": [0.01, 1.0]},
        scoring=spc.get_scorer("pr_auc"),
        cv=CV,
        n_jobs=2,  # scorers must pickle
    ).fit(X, y)
    for i, params in enumerate(search.cv_results_["params"]):
        expected = by_hand(pipe.set_params(**params), X, y, spc.pr_auc_score)
        np.testing.assert_allclose(
            [search.cv_results_[f"split{k}_test_score"][i] for k in range(3)], expected, rtol=1e-12
        )


def test_randomized_search_and_cross_validate_with_several_scorers(data):
    X, y = data
    scoring = {
        "pr_auc": spc.get_scorer("pr_auc"),
        "achievable": spc.get_scorer("achievable_pr_auc"),
        "roc": spc.get_scorer("roc_auc"),
        "recall_at_p90": spc.get_scorer("recall_at_precision_0.9"),
    }
    results = cross_validate(LogisticRegression(), X, y, cv=CV, scoring=scoring)
    np.testing.assert_allclose(
        results["test_pr_auc"], by_hand(LogisticRegression(), X, y, spc.pr_auc_score), rtol=1e-12
    )
    np.testing.assert_allclose(
        results["test_recall_at_p90"],
        by_hand(LogisticRegression(), X, y, spc.recall_at_precision_score, min_precision=0.9),
        rtol=1e-12,
    )
    assert np.all(results["test_achievable"] >= results["test_pr_auc"] - 1e-12)
    search = RandomizedSearchCV(
        LogisticRegression(), {"C": [0.01, 0.1, 1, 10]}, n_iter=3, scoring=scoring,
        refit="pr_auc", cv=CV, random_state=0,
    ).fit(X, y)
    assert search.best_params_["C"] in (0.01, 0.1, 1, 10)
    assert np.isfinite(search.best_score_)


def test_classifier_with_only_decision_function(data):
    X, y = data
    svc = LinearSVC()
    assert not hasattr(svc, "predict_proba")
    got = cross_val_score(svc, X, y, cv=CV, scoring=spc.get_scorer("pr_auc"))
    np.testing.assert_allclose(got, by_hand(svc, X, y, spc.pr_auc_score), rtol=1e-12)


def test_string_labels_with_pos_label(data):
    X, y = data
    labels = np.array(["ham", "spam"])[y]
    scorer = make_scorer(
        spc.pr_auc_score, response_method=("decision_function", "predict_proba"), pos_label="spam"
    )
    got = cross_val_score(LogisticRegression(), X, labels, cv=CV, scoring=scorer)
    expected = by_hand(LogisticRegression(), X, y, spc.pr_auc_score)
    np.testing.assert_allclose(got, expected, rtol=1e-12)


def test_multiclass_one_vs_rest_scorers():
    X, y = make_classification(
        n_samples=300, n_classes=3, n_informative=4, weights=[0.6, 0.3], random_state=1
    )
    for name, average in (("pr_auc_ovr", "macro"), ("pr_auc_ovr_weighted", "weighted")):
        got = cross_val_score(LogisticRegression(), X, y, cv=CV, scoring=spc.get_scorer(name))
        expected = by_hand(
            LogisticRegression(), X, y, spc.pr_auc_score, method="decision_function",
            average=average,
        )
        np.testing.assert_allclose(got, expected, rtol=1e-12)
    ours = cross_val_score(LogisticRegression(), X, y, cv=CV, scoring=spc.get_scorer("roc_auc_ovr"))
    theirs = cross_val_score(LogisticRegression(), X, y, cv=CV, scoring="roc_auc_ovr")
    np.testing.assert_allclose(ours, theirs, rtol=1e-12)


def test_sample_weight_reaches_the_scorer_through_metadata_routing(data):
    X, y = data
    weight = np.random.default_rng(0).uniform(0.5, 2.0, y.shape[0])
    with sklearn.config_context(enable_metadata_routing=True):
        scorer = spc.get_scorer("pr_auc_continuous")
        routed = scorer.set_score_request(sample_weight=True)
        model = LogisticRegression().set_fit_request(sample_weight=False)
        search = GridSearchCV(model, {"C": [1.0]}, scoring=routed, cv=CV).fit(
            X, y, sample_weight=weight
        )
    got = [search.cv_results_[f"split{k}_test_score"][0] for k in range(3)]
    expected = by_hand(
        LogisticRegression(), X, y, spc.pr_auc_score, sample_weight=weight,
        interpolation="continuous",
    )
    np.testing.assert_allclose(got, expected, rtol=1e-12)
    unweighted = by_hand(LogisticRegression(), X, y, spc.pr_auc_score, interpolation="continuous")
    assert not np.allclose(got, unweighted)  # the weights did arrive


def test_get_scorer_names_and_errors():
    # scikit-learn's list (code iterating over it meets only names it knows); the
    # package's names are taken by get_scorer all the same
    assert spc.get_scorer_names() == sklearn.metrics.get_scorer_names()
    for name in ("pr_auc", "pr_auc_continuous", "achievable_pr_auc"):
        assert spc.get_scorer(name)._score_func.__module__.startswith("sklearn_prcurves")
    assert repr(spc.get_scorer("accuracy")) == repr(sklearn.metrics.get_scorer("accuracy"))
    # Each call is a fresh scorer: configuring one must not leak into the next.
    assert spc.get_scorer("pr_auc") is not spc.get_scorer("pr_auc")
    scorer = spc.get_scorer("precision_at_recall_0.5")
    assert scorer._kwargs == {"min_recall": 0.5}
    assert spc.get_scorer(len) is len
    # scikit-learn's message, then the package's names
    with pytest.raises(ValueError) as ours_error:
        spc.get_scorer("pr_auc_typo")
    with pytest.raises(ValueError) as theirs:
        sklearn.metrics.get_scorer("pr_auc_typo")
    assert str(ours_error.value).startswith(str(theirs.value) + " ")
    # (the package's names: in the message, or in scikit-learn's list once registered
    # by another test of this process)
    assert "pr_auc_continuous, " in str(ours_error.value) or (
        "pr_auc_continuous" in sklearn.metrics.get_scorer_names())


def test_level_scorers_by_hand(data):
    X, y = data
    for make, metric, level in (
        (spc.make_recall_at_precision_scorer, spc.recall_at_precision_score, {"min_precision": 0.8}),
        (spc.make_precision_at_recall_scorer, spc.precision_at_recall_score, {"min_recall": 0.5}),
    ):
        got = cross_val_score(LogisticRegression(), X, y, cv=CV, scoring=make(*level.values()))
        np.testing.assert_allclose(got, by_hand(LogisticRegression(), X, y, metric, **level))


def test_registered_names_work_in_scikit_learn(tmp_path):
    """After the opt-in, scikit-learn takes the names itself, in parallel too.

    Run in a fresh process: the registration changes scikit-learn for the process.
    """
    import subprocess
    import sys

    code = """
import numpy as np
from sklearn.datasets import make_classification
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV, cross_val_score, cross_validate
import sklearn_prcurves as spc

X, y = make_classification(n_samples=400, weights=[0.85], random_state=0)
try:
    cross_val_score(LogisticRegression(), X, y, scoring="pr_auc")
    raise SystemExit("accepted before registering")
except ValueError:
    pass
added = spc.register_scorers()
assert "pr_auc" in added and "roc_auc" not in added, added
search = GridSearchCV(LogisticRegression(), {"C": [0.1, 1.0]}, scoring="pr_auc", n_jobs=2,
                      cv=3).fit(X, y)
expected = GridSearchCV(LogisticRegression(), {"C": [0.1, 1.0]},
                        scoring=spc.get_scorer("pr_auc"), cv=3).fit(X, y)
assert np.allclose(search.cv_results_["mean_test_score"], expected.cv_results_["mean_test_score"])
scores = cross_val_score(LogisticRegression(), X, y, scoring="achievable_pr_auc", n_jobs=2, cv=3)
assert np.allclose(scores, cross_val_score(LogisticRegression(), X, y, cv=3,
                                           scoring=spc.get_scorer("achievable_pr_auc")))
results = cross_validate(LogisticRegression(), X, y, scoring=["pr_auc", "roc_auc", "ks"], cv=3)
assert set(results) >= {"test_pr_auc", "test_roc_auc", "test_ks"}
# The registration found every scorer-name constraint scikit-learn had built (a slow,
# read-only scan of all objects here, which the package itself never does), and
# changed nothing else: scikit-learn's own names are all still there.
import gc
from sklearn.metrics import get_scorer_names
from sklearn.utils._param_validation import StrOptions
from sklearn.linear_model import LogisticRegressionCV
from sklearn.inspection import permutation_importance
from sklearn.feature_selection import SequentialFeatureSelector
from sklearn.model_selection import TunedThresholdClassifierCV
held = [o for o in gc.get_objects() if isinstance(o, StrOptions) and {"accuracy", "roc_auc"} <= o.options]
assert len(held) >= 8, len(held)
for options in held:
    assert {"pr_auc", "achievable_pr_auc", "ks"} <= options.options, options
    assert set(get_scorer_names()) - set(added) <= options.options
LogisticRegressionCV(scoring="pr_auc", cv=3).fit(X, y)
permutation_importance(LogisticRegression().fit(X, y), X, y, scoring="pr_auc", n_repeats=2)
TunedThresholdClassifierCV(LogisticRegression(), scoring="pr_auc", cv=3).fit(X, y)
print("ok")
"""
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=300, cwd=tmp_path)
    assert result.returncode == 0 and result.stdout.strip() == "ok", result.stderr[-2000:]


def test_scorer_helpers_behave_as_sklearns():
    from sklearn.metrics import get_scorer_names as sklearn_names
    from sklearn.utils._param_validation import InvalidParameterError

    assert spc.get_scorer(None) is None
    with pytest.raises(InvalidParameterError, match="'scoring' parameter of get_scorer"):
        spc.get_scorer(["roc_auc"])
    with pytest.raises(ValueError, match="'nope' is not a valid scoring value"):
        spc.get_scorer("nope")
    assert spc.get_scorer_names() == sklearn_names()
    # A name gives a fresh copy each time, as scikit-learn's get_scorer does.
    assert spc.get_scorer("pr_auc") is not spc.get_scorer("pr_auc")


def test_check_scoring_knows_our_names_and_refuses_our_metrics():
    from sklearn.datasets import make_classification
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import cross_val_score

    X, y = make_classification(n_samples=120, random_state=0)
    model = LogisticRegression().fit(X, y)
    scores = spc.check_scoring(model, ("pr_auc", "roc_auc"))(model, X, y)
    assert scores["pr_auc"] == pytest.approx(spc.get_scorer("pr_auc")(model, X, y))
    assert spc.check_scoring(model, "pr_auc")(model, X, y) == scores["pr_auc"]
    assert spc.check_scoring(model, None)(model, X, y) == model.score(X, y)
    for metric in (spc.roc_auc_score, spc.pr_auc_score, spc.average_precision_score):
        with pytest.raises(ValueError, match="make_scorer"):
            spc.check_scoring(model, metric)
    # scikit-learn's own cross_val_score cannot tell our metrics from scorers; called
    # with an estimator, our metric says what happened.
    with pytest.raises(ValueError, match="metric function rather than a scorer"):
        cross_val_score(LogisticRegression(), X, y, scoring=spc.roc_auc_score, cv=2,
                        error_score="raise")


@pytest.mark.parametrize("name", ["nope", "roc_auc_", "", "pr-auc"])
def test_unknown_scorer_names_fail_as_in_sklearn(name):
    from sklearn.linear_model import LogisticRegression
    from sklearn.metrics import check_scoring as sklearn_check_scoring

    with pytest.raises(Exception) as theirs:
        sklearn_check_scoring(LogisticRegression(), scoring=name)
    with pytest.raises(Exception) as ours:
        spc.check_scoring(LogisticRegression(), scoring=name)
    assert type(ours.value) is type(theirs.value)
    assert str(ours.value) == str(theirs.value)


@pytest.mark.parametrize("name, level", [("recall_at_precision_0", 0.0),
                                         ("recall_at_precision_1", 1.0),
                                         ("precision_at_recall_.25", 0.25),
                                         ("precision_at_recall_0.5", 0.5),
                                         ("recall_at_precision_1.0", 1.0)])
def test_level_names_over_the_documented_range(name, level):
    scorer = spc.check_scoring(None, scoring=name)
    assert scorer._kwargs.get("min_precision", scorer._kwargs.get("min_recall")) == level


@pytest.mark.parametrize("name", ["recall_at_precision_1.5", "precision_at_recall_2"])
def test_level_names_outside_the_unit_interval_are_refused(name):
    with pytest.raises(ValueError, match="outside \\[0, 1\\]"):
        spc.get_scorer(name)


def test_scorer_names_import_and_level_names(tmp_path):
    """``import sklearn_prcurves.scorer_names`` is the whole opt-in: the names work in
    cross_validate as the README shows them; a level of the recall-at-precision family
    works once registered by name, and a bad name is refused clearly."""
    import subprocess
    import sys

    code = """
import numpy as np
from sklearn.datasets import make_classification
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import TunedThresholdClassifierCV, cross_validate
import sklearn_prcurves.scorer_names as names
import sklearn_prcurves as spc

assert "pr_auc" in names.REGISTERED and "roc_auc" not in names.REGISTERED
X, y = make_classification(n_samples=400, weights=[0.85], random_state=0)
results = cross_validate(LogisticRegression(), X, y, cv=3,
                         scoring=["roc_auc", "average_precision", "pr_auc"])
assert set(results) >= {"test_roc_auc", "test_average_precision", "test_pr_auc"}
try:
    cross_validate(LogisticRegression(), X, y, cv=3, scoring="recall_at_precision_0.3")
    raise SystemExit("an unregistered level was accepted")
except ValueError:
    pass
assert spc.register_scorers("recall_at_precision_0.3") == ["recall_at_precision_0.3"]
tuned = TunedThresholdClassifierCV(LogisticRegression(), cv=3,
                                   scoring="recall_at_precision_0.3").fit(X, y)
assert 0 < tuned.best_threshold_ < 1
try:
    spc.register_scorers("pr_auc")
    raise SystemExit("a non-level name was accepted")
except ValueError as error:
    assert "level families" in str(error)
print("ok")
"""
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=300, cwd=tmp_path)
    assert result.returncode == 0 and result.stdout.strip() == "ok", result.stderr[-2000:]


def test_get_scorer_names_the_package_names_it_takes():
    # get_scorer_names lists scikit-learn's names only: get_scorer's docstring is where
    # the package's are named, every one of them
    from sklearn_prcurves._selection._scorer import _SCORERS

    # (scikit-learn's own scorers compute with its functions, registered ones with ours)
    ours = {name for name in _SCORERS if name not in sklearn.metrics.get_scorer_names()
            or not sklearn.metrics.get_scorer(name)._score_func.__module__.startswith(
                "sklearn.")}
    assert ours and all(f'``"{name}"``' in spc.get_scorer.__doc__ for name in ours)


def test_recall_at_a_flag_rate_tunes_a_threshold_within_the_budget():
    """``"recall_at_flag_rate_<level>"`` in TunedThresholdClassifierCV: on each
    thresholded decision the scorer reads the recall where the decision flags at most
    the budget and 0 beyond it, so the tuned threshold keeps the share flagged within
    it on the data it was tuned on (up to the folds' spread) and is the recall-best one
    there; in GridSearchCV it ranks models by recall at the budget."""
    from sklearn.model_selection import GridSearchCV, TunedThresholdClassifierCV

    X, y = make_classification(n_samples=3000, weights=[0.9], random_state=0)
    scorer = spc.get_scorer("recall_at_flag_rate_0.08")
    tuned = TunedThresholdClassifierCV(LogisticRegression(), cv=3, scoring=scorer,
                                       refit=True).fit(X, y)
    flagged = tuned.predict(X).mean()
    assert 0.05 < flagged <= 0.09
    looser = TunedThresholdClassifierCV(LogisticRegression(), cv=3, refit=True,
                                        scoring=spc.get_scorer("recall_at_flag_rate_0.3"))
    assert looser.fit(X, y).predict(X).mean() > flagged
    search = GridSearchCV(LogisticRegression(), {"C": [1e-4, 1.0]}, cv=3,
                          scoring=scorer).fit(X, y)
    proba = search.best_estimator_.predict_proba(X)[:, 1]
    assert scorer(search.best_estimator_, X, y) == spc.recall_at_flag_rate(
        y, proba, max_flag_rate=0.08).value > 0.3
    assert search.best_params_ == {"C": 1.0}  # (the strongly regularised model ranks worse)

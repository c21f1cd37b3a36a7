"""CostSensitiveClassifier: the Bayes rule for a cost matrix, and class weights tuned
for a named objective on held-out probabilities."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.base import BaseEstimator, ClassifierMixin, clone
from sklearn.datasets import make_classification
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import accuracy_score, balanced_accuracy_score, f1_score
from sklearn.model_selection import GridSearchCV, GroupKFold
from sklearn.svm import LinearSVC
from sklearn.utils.estimator_checks import parametrize_with_checks

import sklearn_prcurves as spc
from sklearn_prcurves._selection._cost import OBJECTIVES, least_cost


def _expected_failures(estimator):
    """A tuned rule is not the argmax of predict_proba, as scikit-learn marks its own
    TunedThresholdClassifierCV."""
    if estimator.objective is None:
        return {}
    return {"check_classifiers_train": "the tuned rule is not predict_proba's argmax"}


@parametrize_with_checks(
    [spc.CostSensitiveClassifier(LogisticRegression()),
     spc.CostSensitiveClassifier(LogisticRegression(), objective="balanced_accuracy", cv=3)],
    expected_failed_checks=_expected_failures,
)
def test_sklearn_estimator_checks(estimator, check):
    check(estimator)


def _data(n=600, classes=3, seed=0, weights=None):
    return make_classification(n_samples=n, n_classes=classes, n_informative=5,
                               weights=weights, random_state=seed)


class GivenProba(ClassifierMixin, BaseEstimator):
    """A classifier whose probabilities are the rows of X (to test the rule alone)."""

    def fit(self, X, y, sample_weight=None):
        self.classes_ = np.unique(y)
        return self

    def predict_proba(self, X):
        return np.asarray(X, dtype=float)


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 5), st.integers(0, 2**32 - 1))
def test_the_rule_is_the_least_expected_cost_row_by_row(k, seed):
    rng = np.random.default_rng(seed)
    proba = rng.dirichlet(np.ones(k), size=40)
    y = np.arange(40) % k
    costs = rng.integers(0, 5, size=(k, k)).astype(float)
    clf = spc.CostSensitiveClassifier(GivenProba(), cost_matrix=costs).fit(proba, y)
    expected = [min(range(k), key=lambda j, p=p: (sum(p[i] * costs[i, j]
                                                        for i in range(k)), j))
                for p in proba]
    # (an exact tie between two columns may fall either way in floating point)
    expected_cost = np.array([[sum(p[i] * costs[i, j] for i in range(k))
                               for j in range(k)] for p in proba])
    chosen = expected_cost[np.arange(40), clf.predict(proba)]
    assert np.allclose(chosen, expected_cost[np.arange(40), expected])


def test_zero_one_costs_predict_the_most_probable_class():
    X, y = _data()
    clf = spc.CostSensitiveClassifier(LogisticRegression()).fit(X, y)
    assert np.array_equal(clf.predict(X), clf.estimator_.predict(X))
    np.testing.assert_array_equal(clf.predict_proba(X), clf.estimator_.predict_proba(X))


def test_a_dear_miss_moves_predictions_to_that_class():
    X, y = _data()
    cost = np.array([[0, 1, 1], [20, 0, 20], [1, 1, 0]], dtype=float)
    clf = spc.CostSensitiveClassifier(LogisticRegression(), cost_matrix=cost).fit(X, y)
    predicted = clf.predict(X)
    plain = clf.estimator_.predict(X)
    assert np.mean(predicted == 1) > np.mean(plain == 1)
    # and the mean cost on these rows is lower than the argmax rule's
    assert cost[y, np.searchsorted(clf.classes_, predicted)].mean() \
        < cost[y, np.searchsorted(clf.classes_, plain)].mean()


@pytest.mark.parametrize("name, reference", [
    ("accuracy", accuracy_score),
    ("balanced_accuracy", balanced_accuracy_score),
    ("f1_macro", lambda y, p, sample_weight=None: f1_score(
        y, p, average="macro", sample_weight=sample_weight)),
    ("f1_weighted", lambda y, p, sample_weight=None: f1_score(
        y, p, average="weighted", sample_weight=sample_weight)),
])
@pytest.mark.parametrize("weighted", [False, True])
def test_named_objectives_are_scikit_learns(name, reference, weighted):
    rng = np.random.default_rng(1)
    y, p = rng.integers(0, 4, 300), rng.integers(0, 4, 300)
    p[:40] = 0  # some classes predicted rarely
    w = rng.random(300) + 0.1 if weighted else None
    confusion = np.bincount(y * 4 + p, weights=w, minlength=16).reshape(4, 4)
    assert OBJECTIVES[name](confusion, None) == pytest.approx(
        reference(y, p, sample_weight=w), rel=1e-12)


def test_tuning_for_balanced_accuracy_beats_the_argmax_on_rare_classes():
    X, y = _data(n=23000, weights=[0.8, 0.15, 0.05], seed=3)
    X, Xt, y, yt = X[:3000], X[3000:], y[:3000], y[3000:]
    plain = spc.CostSensitiveClassifier(LogisticRegression(max_iter=500)).fit(X, y)
    tuned = spc.CostSensitiveClassifier(LogisticRegression(max_iter=500),
                                        objective="balanced_accuracy").fit(X, y)
    assert tuned.class_weights_[0] == 1 and np.any(tuned.class_weights_ != 1)
    assert balanced_accuracy_score(yt, tuned.predict(Xt)) \
        > balanced_accuracy_score(yt, plain.predict(Xt)) + 0.02


def test_two_classes_the_weight_is_a_threshold():
    X, y = _data(classes=2, n=800, weights=[0.9])
    clf = spc.CostSensitiveClassifier(LogisticRegression(), objective="f1_macro").fit(X, y)
    p1 = clf.predict_proba(X)[:, 1]
    w = clf.class_weights_[1]
    # predict positive iff w p1 > p0: p1 above 1 / (1 + w)
    expected = np.where(w * p1 > 1 - p1, clf.classes_[1], clf.classes_[0])
    assert np.array_equal(clf.predict(X), expected)


def test_a_callable_objective_gets_labels_and_weights():
    X, y = _data()
    y = np.array(["ant", "bee", "cat"])[y]
    seen = {}

    def objective(y_true, y_pred, sample_weight=None):
        seen["labels"] = set(y_true) | set(y_pred)
        seen["weighted"] = sample_weight is not None
        return accuracy_score(y_true, y_pred, sample_weight=sample_weight)

    clf = spc.CostSensitiveClassifier(LogisticRegression(), objective=objective, cv=3)
    clf.fit(X, y, sample_weight=np.ones(len(y)))
    assert seen == {"labels": {"ant", "bee", "cat"}, "weighted": True}
    assert set(clf.predict(X)) <= {"ant", "bee", "cat"}


def test_the_cost_objective_does_not_cost_more_on_held_out_rows_than_bayes():
    X, y = _data(n=2000, seed=5)
    cost = np.array([[0, 2, 8], [1, 0, 1], [4, 1, 0]], dtype=float)
    tuned = spc.CostSensitiveClassifier(LogisticRegression(), cost_matrix=cost,
                                        objective="cost").fit(X, y)
    assert -tuned.best_score_ <= cost[y, least_cost(
        tuned.predict_proba(X), cost)].mean() + 0.05


def test_groups_go_to_the_splitter_and_clone_grid_search_work():
    X, y = _data()
    groups = np.arange(len(y)) // 6
    clf = spc.CostSensitiveClassifier(LogisticRegression(), objective="f1_macro",
                                      cv=GroupKFold(3))
    clf.fit(X, y, groups=groups)
    clone(clf)
    search = GridSearchCV(spc.CostSensitiveClassifier(LogisticRegression()),
                          {"estimator__C": [0.1, 1.0]}, cv=3).fit(X, y)
    assert search.best_estimator_.estimator_.C in (0.1, 1.0)


@pytest.mark.parametrize("kwargs, estimator, words", [
    ({"cost_matrix": np.ones((2, 2))}, LogisticRegression(), r"shape \(2, 2\); y holds 3"),
    ({"cost_matrix": np.full((3, 3), np.inf)}, LogisticRegression(), "not finite"),
    ({}, LinearSVC(), "LinearSVC has no predict_proba"),
    ({"objective": "auc"}, LogisticRegression(), "objective"),
])
def test_bad_settings_are_named(kwargs, estimator, words):
    X, y = _data()
    with pytest.raises(ValueError, match=words):
        spc.CostSensitiveClassifier(estimator, **kwargs).fit(X, y)


def test_probabilities_that_are_not_are_refused():
    proba = np.array([[0.5, 0.5], [-0.1, 1.1], [0.2, 0.8], [0.9, 0.1]])
    clf = spc.CostSensitiveClassifier(GivenProba()).fit(proba, [0, 1, 1, 0])
    with pytest.raises(ValueError, match="negative or not finite"):
        clf.predict(proba)
    # rows need not sum to one: the rule reads their ratios
    scaled = np.array([[1.0, 3.0], [5.0, 1.0]])
    assert clf.predict(scaled).tolist() == [1, 0]

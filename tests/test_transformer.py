"""AchievablePRTransformer and AchievablePRClassifier."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.datasets import make_classification
from sklearn.isotonic import IsotonicRegression
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV, cross_val_predict
from sklearn.svm import LinearSVC
from sklearn.utils.estimator_checks import parametrize_with_checks

import sklearn_prcurves as spc


def _expected_failures(estimator):
    """scikit-learn 1.6's weight-equivalence checks make a binary-only classifier's
    labels binary by each fit's *first* label (y == y[0]), which differs between the
    shuffled weighted rows and the repeated ones: the two fits solve different
    problems. 1.7 binarizes by the smallest label, and the checks pass. With the F1
    operating point, predict is not the argmax of predict_proba: scikit-learn marks its
    own TunedThresholdClassifierCV the same way."""
    import sklearn

    failures = {}
    if not isinstance(estimator, spc.AchievablePRClassifier):
        return failures
    if estimator.threshold == "f1":
        failures["check_classifiers_train"] = "Threshold at probability 0.5 does not hold"
    if tuple(int(p) for p in sklearn.__version__.split(".")[:2]) < (1, 7):
        reason = "scikit-learn 1.6 binarizes the two fits' labels differently"
        failures.update({"check_sample_weight_equivalence_on_dense_data": reason,
                         "check_sample_weight_equivalence_on_sparse_data": reason})
    return failures


@parametrize_with_checks(
    [
        spc.AchievablePRTransformer(),
        spc.AchievablePRClassifier(LogisticRegression(), cv=3),
        spc.AchievablePRClassifier(LogisticRegression(), cv=3, threshold=0.5),
    ],
    expected_failed_checks=_expected_failures,
)
def test_sklearn_estimator_checks(estimator, check):
    check(estimator)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_equals_isotonic_regression_on_tuning_data(data):
    n = data.draw(st.integers(2, 40))
    y = np.array(data.draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)))
    y[0], y[1] = 0, 1
    scores = np.array(data.draw(st.lists(st.integers(0, 8), min_size=n, max_size=n)), float)
    weighted = data.draw(st.booleans())
    weight = (
        np.array(data.draw(st.lists(st.sampled_from([0.5, 1.0, 2.0, 3.5]), min_size=n, max_size=n)))
        if weighted
        else None
    )
    ours = spc.AchievablePRTransformer().fit(scores.reshape(-1, 1), y, sample_weight=weight)
    iso = IsotonicRegression(out_of_bounds="clip").fit(scores, y, sample_weight=weight)
    np.testing.assert_allclose(
        ours.transform(scores.reshape(-1, 1)).ravel(), iso.predict(scores), rtol=0, atol=1e-12
    )


def test_levels_are_the_hull_and_curves_use_only_tuning_operating_points():
    rng = np.random.default_rng(0)
    y_tune = rng.integers(0, 2, 300)
    s_tune = rng.normal(size=300) + y_tune
    hull = spc.AchievablePRTransformer().fit(s_tune.reshape(-1, 1), y_tune)
    _, _, hull_thresholds = spc.roc_convex_hull(y_tune, s_tune)
    np.testing.assert_array_equal(hull.thresholds_[0], hull_thresholds[1:])
    assert np.all(np.diff(hull.fractions_[0]) < 0)  # strictly decreasing along the hull

    y_test = rng.integers(0, 2, 500)
    s_test = rng.normal(size=500) + y_test
    transformed = hull.transform(s_test.reshape(-1, 1)).ravel()
    # Non-decreasing in the score, values among the tuning segments' fractions.
    order = np.argsort(s_test)
    assert np.all(np.diff(transformed[order]) >= 0)
    assert set(np.unique(transformed)) <= set(hull.fractions_[0])
    # Each distinct transformed value is one operating point chosen on tuning data.
    _, _, thresholds = spc.roc_curve(y_test, transformed, drop_intermediate=False)
    assert set(thresholds[1:]) <= set(hull.fractions_[0])


def test_several_columns_pos_label_and_feature_names():
    pd = pytest.importorskip("pandas")
    rng = np.random.default_rng(1)
    y = np.where(rng.random(200) < 0.3, "yes", "no")
    frame = pd.DataFrame({"model_a": rng.random(200), "model_b": rng.random(200) + (y == "yes")})
    hull = spc.AchievablePRTransformer().fit(frame, y)
    assert hull.pos_label_ == "yes"
    assert list(hull.get_feature_names_out()) == ["model_a", "model_b"]
    out = hull.set_output(transform="pandas").transform(frame)
    assert list(out.columns) == ["model_a", "model_b"]
    for j, column in enumerate(frame):
        alone = spc.AchievablePRTransformer().fit(frame[[column]], y).transform(frame[[column]])
        np.testing.assert_array_equal(out.iloc[:, j].to_numpy(), np.asarray(alone).ravel())
    flipped = spc.AchievablePRTransformer(pos_label="no").fit(frame, y).transform(frame)
    assert flipped.shape == (200, 2)
    with pytest.raises(ValueError, match="pos_label='maybe' is not a class"):
        spc.AchievablePRTransformer(pos_label="maybe").fit(frame, y)
    with pytest.raises(ValueError, match="needs both classes in y; got 1 class"):
        spc.AchievablePRTransformer().fit(frame, np.full(200, "no"))


def test_classifier_uses_held_out_hull_and_works_in_grid_search():
    X, y = make_classification(n_samples=500, weights=[0.85], flip_y=0.05, random_state=0)
    clf = spc.AchievablePRClassifier(LogisticRegression(), cv=4, threshold=0.5).fit(X, y)
    values = clf.predict_proba(X)[:, 1]
    assert set(np.unique(values)) <= set(clf.hull_.fractions_[0])
    np.testing.assert_allclose(clf.decision_function(X), values - 0.5)
    np.testing.assert_array_equal(clf.predict(X), (values > 0.5).astype(int))
    assert clf.response_method_ == "decision_function"
    search = GridSearchCV(
        spc.AchievablePRClassifier(LogisticRegression(), cv=3),
        {"estimator__C": [0.1, 1.0]},
        scoring=spc.get_scorer("pr_auc"),
        cv=3,
    ).fit(X, y)
    assert search.best_params_["estimator__C"] in (0.1, 1.0)


def test_classifier_f1_operating_point_and_decision_function_only_estimator():
    X, y = make_classification(n_samples=400, weights=[0.8], random_state=2)
    clf = spc.AchievablePRClassifier(LinearSVC(), cv=3, threshold="f1").fit(X, y)
    scores = cross_val_predict(LinearSVC(), X, y, cv=3, method="decision_function")
    held_out = clf.hull_.transform(scores.reshape(-1, 1)).ravel()
    level, best_f1 = spc.fbeta_optimal_threshold(y, held_out)
    # predict is positive exactly from the F1-optimal hull level upwards.
    levels = clf.hull_.fractions_[0]
    assert np.all((levels > clf.threshold_) == (levels >= level))
    values = clf.predict_proba(X)[:, 1]
    np.testing.assert_array_equal(clf.predict(X), (values >= level).astype(int))
    with pytest.raises(ValueError, match="Only binary classification is supported"):
        spc.AchievablePRClassifier(LogisticRegression()).fit(X, y % 3 + (X[:, 0] > 1))


def test_the_default_operating_point_suits_rare_positives():
    # 6% positives: the 0.5 rule predicted 4 positives of 2,000 (F1 0.04 where a
    # threshold on the same model reached 0.26). The default is the F1-optimal hull
    # vertex learnt on held-out scores; on unseen data it predicts a sensible number
    # of positives and beats the 0.5 rule's F1.
    from sklearn.metrics import f1_score

    rng = np.random.default_rng(4)
    y = (rng.random(6000) < 0.06).astype(int)
    X = rng.normal(size=(6000, 5))
    X[:, 0] += y
    X[:, 1] += 0.5 * y
    X_train, X_test, y_train, y_test = X[:4000], X[4000:], y[:4000], y[4000:]
    default = spc.AchievablePRClassifier(LogisticRegression(), cv=5).fit(X_train, y_train)
    half = spc.AchievablePRClassifier(LogisticRegression(), cv=5,
                                      threshold=0.5).fit(X_train, y_train)
    assert default.threshold == "f1" and default.threshold_ < 0.5
    predicted = default.predict(X_test)
    assert half.predict(X_test).sum() < 0.1 * y_test.sum()  # (the 0.5 rule: 1 of 128)
    assert 0.3 * y_test.sum() < predicted.sum() < 3 * y_test.sum()
    assert f1_score(y_test, predicted) > f1_score(y_test, half.predict(X_test)) + 0.15


def test_a_constraint_is_certified_on_the_half_the_hull_did_not_see():
    from sklearn.model_selection import train_test_split

    rng = np.random.default_rng(5)
    X = rng.normal(size=(4000, 3))
    y = (2 * X[:, 0] + rng.normal(size=4000) > 2.5).astype(int)
    clf = spc.AchievablePRClassifier(LogisticRegression(), cv=3, random_state=7,
                                     threshold={"min_precision": 0.7}).fit(X, y)
    scores = cross_val_predict(LogisticRegression(), X, y, cv=3, method="decision_function")
    learn, check = train_test_split(np.arange(4000), test_size=0.5, stratify=y,
                                    random_state=7)
    hull = spc.AchievablePRTransformer().fit(scores[learn, None], y[learn])
    expected = spc.certified_threshold(y[check], hull.transform(scores[check, None]).ravel(),
                                       min_precision=0.7)
    assert expected.certified and clf.certified_ == expected
    values = clf.predict_proba(X)[:, 1]
    np.testing.assert_array_equal(clf.predict(X), (values >= expected.threshold).astype(int))
    np.testing.assert_array_equal(clf.decision_function(X) > 0, clf.predict(X) == 1)


def test_a_constraint_at_a_deployment_prevalence_is_certified_there():
    """``{"min_precision": ..., "prevalence": ...}``: certified_threshold's prevalence=
    on the certifying half; a rarer population needs a higher threshold."""
    from sklearn.model_selection import train_test_split

    rng = np.random.default_rng(5)
    X = rng.normal(size=(4000, 3))
    y = (2 * X[:, 0] + rng.normal(size=4000) > 1.0).astype(int)
    constraint = {"min_precision": 0.5, "prevalence": 0.05}
    clf = spc.AchievablePRClassifier(LogisticRegression(), cv=3, random_state=7,
                                     threshold=constraint).fit(X, y)
    scores = cross_val_predict(LogisticRegression(), X, y, cv=3, method="decision_function")
    learn, check = train_test_split(np.arange(4000), test_size=0.5, stratify=y,
                                    random_state=7)
    hull = spc.AchievablePRTransformer().fit(scores[learn, None], y[learn])
    expected = spc.certified_threshold(y[check], hull.transform(scores[check, None]).ravel(),
                                       **constraint)
    assert expected.certified and clf.certified_ == expected
    own = spc.AchievablePRClassifier(LogisticRegression(), cv=3, random_state=7,
                                     threshold={"min_precision": 0.5}).fit(X, y)
    assert own.threshold_ < clf.threshold_


def test_a_constraint_nothing_can_certify_predicts_what_meets_it_trivially():
    from sklearn.exceptions import UndefinedMetricWarning

    X, y = make_classification(n_samples=120, weights=[0.9], flip_y=0.3, random_state=1)
    for constraint, predicted in (({"min_precision": 0.99}, 0), ({"min_recall": 0.999}, 1)):
        with pytest.warns(UndefinedMetricWarning, match="No threshold can be certified"):
            clf = spc.AchievablePRClassifier(LogisticRegression(), cv=3, random_state=0,
                                             threshold=constraint).fit(X, y)
        assert not clf.certified_.certified
        assert set(clf.predict(X)) == {predicted}


@pytest.mark.parametrize("threshold", [{}, {"min_precision": 0.9, "budget": 0.1},
                                       {"confidence_level": 0.9}, {"precision": 0.9}])
def test_a_malformed_constraint_is_named(threshold):
    X, y = make_classification(n_samples=100, random_state=0)
    with pytest.raises(ValueError, match="A threshold constraint names one or more of"):
        spc.AchievablePRClassifier(LogisticRegression(), cv=3, threshold=threshold).fit(X, y)


def test_several_requirements_are_certified_on_the_held_out_half():
    """``threshold={"min_precision": ..., "max_flag_rate": ...}``: the classifier's
    certified_ is certified_threshold's on the other half's hull values, with both
    requirements, and predict flags the share it certified."""
    X, y = make_classification(n_samples=4000, weights=[0.8], random_state=0)
    clf = spc.AchievablePRClassifier(LogisticRegression(), random_state=0, threshold={
        "min_precision": 0.7, "max_flag_rate": 0.15}).fit(X, y)
    assert clf.certified_.measure == ("precision", "flag_rate")
    assert clf.certified_.guaranteed == {"precision": 0.7, "flag_rate": 0.15}
    assert clf.certified_.flag_rate <= 0.15 and clf.certified_.precision >= 0.7
    flagged = clf.predict(X).mean()
    assert flagged == pytest.approx(clf.certified_.flag_rate, abs=0.03)


def _patients(seed=0, k=400):
    rng = np.random.default_rng(seed)
    groups = np.repeat(np.arange(k), 1 + rng.poisson(4, k))
    effect = rng.normal(size=k)[groups]
    X = np.column_stack([effect + rng.normal(size=groups.shape[0]),
                         rng.normal(size=groups.shape[0])])
    y = (rng.random(groups.shape[0]) < 1 / (1 + np.exp(-(1.5 * X[:, 0] - 2)))).astype(int)
    return X, y, groups


@pytest.mark.parametrize("constraint", [{"min_precision": 0.6},
                                        {"min_recall": 0.7, "prevalence": 0.05}])
def test_a_constraint_with_groups_is_certified_for_new_clusters(constraint):
    """groups= reaches the splitter, halves the held-out rows by whole clusters, and
    certifies on the certifying half's clusters: the same result written out."""
    from sklearn.model_selection import GroupKFold, GroupShuffleSplit

    X, y, groups = _patients()
    clf = spc.AchievablePRClassifier(LogisticRegression(), cv=GroupKFold(4),
                                     threshold=constraint, random_state=0)
    clf.fit(X, y, groups=groups)
    held_out = cross_val_predict(LogisticRegression(), X, y, groups=groups,
                                 cv=GroupKFold(4), method="decision_function")
    learn, check = next(GroupShuffleSplit(n_splits=1, test_size=0.5, random_state=0)
                        .split(X, y, groups))
    assert not set(groups[learn]) & set(groups[check])
    hull = spc.AchievablePRTransformer().fit(held_out[learn].reshape(-1, 1), y[learn])
    expected = spc.certified_threshold(
        y[check], hull.transform(held_out[check].reshape(-1, 1)).ravel(),
        groups=groups[check], **constraint)
    assert repr(clf.certified_) == repr(expected)


def test_halves_of_whole_clusters_need_both_classes_in_each():
    X, y, _ = _patients(k=40)
    groups = np.where(y == 1, 0, 1)  # (one cluster per class: a half holds one class)
    clf = spc.AchievablePRClassifier(LogisticRegression(), cv=3,
                                     threshold={"min_precision": 0.6}, random_state=0)
    with pytest.raises(ValueError, match="halves are whole clusters"), \
            pytest.warns(UserWarning, match="groups parameter is ignored"):
        clf.fit(X, y, groups=groups)

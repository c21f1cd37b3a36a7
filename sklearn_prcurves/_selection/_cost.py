"""The decision after a multiclass model: the class of least expected cost.

A binary model ships a threshold; a model of K classes ships a rule for the K
probabilities. With a cost for each (true class, predicted class) pair and calibrated
probabilities, the Bayes rule predicts the class of least expected cost. Where the
probabilities are not calibrated, or the goal is a measure rather than a cost (macro F1,
balanced accuracy), one weight per class rescales them before the rule, and the weights
are tuned on held-out probabilities: the multiclass form of a tuned threshold (for two
classes the weight ratio is the threshold's odds).
"""

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin, MetaEstimatorMixin, clone
from sklearn.model_selection import check_cv, cross_val_predict
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted, validate_data

from .._base._array_api import arrays_read_on_host
from .._base._compat import (
    StrOptions,
    built_constraints,
    check_sample_weight,
    validate_estimator_params,
)
from .._base._validation import weights_within_range
from .._inference._clusters import checked_groups
from ._transformer import with_inner_input_tags

__all__ = ["CostSensitiveClassifier"]

# Each tuning step tries a class's weight times these factors (a factor of 100 either
# way), and a round visits every class; rounds stop when none improves the objective.
_FACTORS = np.exp(np.linspace(-np.log(100.0), np.log(100.0), 41))
_MAX_ROUNDS = 5


def _f1_per_class(confusion):
    true_pos = np.diag(confusion).astype(float)
    denominator = confusion.sum(axis=0) + confusion.sum(axis=1)
    return np.divide(2 * true_pos, denominator, out=np.zeros_like(true_pos),
                     where=denominator > 0)


def _balanced_accuracy(confusion, cost):
    support = confusion.sum(axis=1)
    present = support > 0
    return float(np.mean(np.diag(confusion)[present] / support[present]))


# Named objectives, read from the weighted confusion matrix (rows: true class) as
# scikit-learn's functions of the same names compute them (higher is better).
OBJECTIVES = {
    "accuracy": lambda confusion, cost: float(np.trace(confusion) / confusion.sum()),
    "balanced_accuracy": _balanced_accuracy,
    "f1_macro": lambda confusion, cost: float(np.mean(_f1_per_class(confusion))),
    "f1_weighted": lambda confusion, cost: float(np.average(
        _f1_per_class(confusion), weights=confusion.sum(axis=1))),
    "cost": lambda confusion, cost: -float(np.sum(confusion * cost) / confusion.sum()),
}


class CostSensitiveClassifier(MetaEstimatorMixin, ClassifierMixin, BaseEstimator):
    """Predict the class of least expected cost from a classifier's probabilities.

    ``predict`` returns, for each row, the class ``j`` that minimises
    ``sum_i w_i p_i cost_matrix[i, j]``, where ``p`` are ``estimator``'s class
    probabilities and ``w`` one weight per class. With ``objective=None`` every weight
    is 1: the Bayes rule, right when the probabilities are calibrated. With an
    ``objective``, the weights are tuned on held-out probabilities (cross-validation)
    to maximise it, then ``estimator`` is refitted on all the data; the weights are the
    multiclass form of a tuned decision threshold.

    Parameters
    ----------
    estimator : classifier
        Has ``predict_proba``.
    cost_matrix : array-like of shape (n_classes, n_classes), default=None
        ``cost_matrix[i, j]`` is the cost of predicting ``classes_[j]`` for a row of
        class ``classes_[i]`` (classes in sorted order). None: every error costs 1 and
        a correct prediction 0, so the rule predicts the most probable class.
    objective : {"accuracy", "balanced_accuracy", "f1_macro", "f1_weighted", "cost"} \
or callable, default=None
        What the class weights maximise on held-out probabilities: a named measure,
        "cost" (the mean cost under ``cost_matrix``, minimised), or a callable
        ``objective(y_true, y_pred, sample_weight=None)`` returning a float, higher
        better. None: no tuning (all weights 1).
    cv : int, cross-validation generator or iterable, default=5
        How the held-out probabilities are obtained, with an ``objective``.

    Attributes
    ----------
    estimator_ : classifier
        ``estimator`` fitted on all the data.
    classes_ : ndarray of shape (n_classes,)
    cost_matrix_ : ndarray of shape (n_classes, n_classes)
        The costs used (0/1 when ``cost_matrix`` is None).
    class_weights_ : ndarray of shape (n_classes,)
        The weights of the rule (the first class's is 1).
    best_score_ : float
        With an ``objective``: its value on the held-out probabilities at
        ``class_weights_`` (optimistic: the weights were chosen there).
    n_features_in_ : int
    feature_names_in_ : ndarray of shape (`n_features_in_`,)
        Defined when ``X`` has string column names.

    See Also
    --------
    AchievablePRClassifier : the binary decision, on the ROC convex hull.
    sklearn.model_selection.TunedThresholdClassifierCV : a tuned binary threshold.

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn.datasets import make_classification
    >>> from sklearn.linear_model import LogisticRegression
    >>> from sklearn_prcurves import CostSensitiveClassifier
    >>> X, y = make_classification(n_samples=300, n_classes=3, n_informative=4,
    ...                            random_state=0)
    >>> cost = np.array([[0, 1, 1], [10, 0, 1], [1, 1, 0]])  # missing class 1 is dear
    >>> clf = CostSensitiveClassifier(LogisticRegression(), cost_matrix=cost).fit(X, y)
    >>> bool(np.mean(clf.predict(X) == 1) > np.mean(clf.estimator_.predict(X) == 1))
    True
    """

    _parameter_constraints = built_constraints({
        "estimator": [object],
        "cost_matrix": ["array-like", None],
        "objective": [StrOptions(set(OBJECTIVES)), callable, None],
        "cv": ["cv_object"],
    })

    def __init__(self, estimator, *, cost_matrix=None, objective=None, cv=5):
        self.estimator = estimator
        self.cost_matrix = cost_matrix
        self.objective = objective
        self.cv = cv

    @arrays_read_on_host
    def fit(self, X, y, sample_weight=None, groups=None):
        """Fit the classifier, and with an ``objective`` tune the class weights.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
        y : array-like of shape (n_samples,)
        sample_weight : array-like of shape (n_samples,), default=None
            Passed to ``estimator.fit`` and to the objective.
        groups : array-like of shape (n_samples,), default=None
            Each row's cluster, passed to the splitter of ``cv`` (``GroupKFold`` keeps
            a cluster's rows in one fold).

        Returns
        -------
        self : object
        """
        validate_estimator_params(self)
        if not hasattr(self.estimator, "predict_proba"):
            raise ValueError(f"CostSensitiveClassifier needs class probabilities: "
                             f"{type(self.estimator).__name__} has no predict_proba.")
        X, y = validate_data(self, X, y, accept_sparse=True, ensure_all_finite=False)
        check_classification_targets(y)
        self.classes_ = np.unique(y)
        self.cost_matrix_ = self._costs()
        weight = None
        if sample_weight is not None:
            weight = check_sample_weight(sample_weight, X)
            if np.any(weight < 0) or not np.any(weight > 0):
                raise ValueError("sample_weight must be non-negative, and not all zero.")
        fit_params = {} if weight is None else {"sample_weight": weight}
        self.class_weights_ = np.ones(self.classes_.shape[0])
        if self.objective is not None:
            self._tune(X, y, weight, groups, fit_params)
        self.estimator_ = clone(self.estimator).fit(X, y, **fit_params)
        return self

    def _costs(self):
        k = self.classes_.shape[0]
        if self.cost_matrix is None:
            return 1.0 - np.eye(k)
        costs = np.asarray(self.cost_matrix, dtype=float)
        if costs.shape != (k, k):
            raise ValueError(
                f"cost_matrix has shape {costs.shape}; y holds {k} classes "
                f"({', '.join(map(str, self.classes_[:6]))}{', ...' if k > 6 else ''}), "
                f"so it needs shape ({k}, {k}): rows the true class, columns the "
                "predicted one, in sorted order.")
        if not np.all(np.isfinite(costs)):
            raise ValueError("cost_matrix holds values that are not finite.")
        return costs

    def _tune(self, X, y, weight, groups, fit_params):
        if groups is not None:
            groups = checked_groups(groups, y.shape[0])
        cv = check_cv(self.cv, y, classifier=True)
        folds = cv.get_n_splits(X, y, groups)
        counts = np.unique(y, return_counts=True)[1]
        if counts.min() < folds:
            raise ValueError(
                f"Tuning the class weights holds out rows of every class in each of "
                f"{folds} folds: class {self.classes_[counts.argmin()]} has "
                f"{counts.min()} sample{'s' if counts.min() != 1 else ''}.")
        held_out = _checked_proba(cross_val_predict(
            clone(self.estimator), X, y, groups=groups, cv=cv, method="predict_proba",
            params=fit_params), self.estimator, self.classes_)
        truth = np.searchsorted(self.classes_, y)
        # (the objectives read shares of the weight: a total must not overflow)
        score = self._scorer(truth, None if weight is None else weights_within_range(weight)[0])
        self.class_weights_, self.best_score_ = tuned_weights(
            held_out, self.cost_matrix_, score)

    def _scorer(self, truth, weight):
        """The objective of a vector of predicted class indices."""
        k = self.classes_.shape[0]
        if callable(self.objective):
            labels = self.classes_[truth]
            extra = {} if weight is None else {"sample_weight": weight}
            return lambda predicted: float(self.objective(
                labels, self.classes_[predicted], **extra))
        measure = OBJECTIVES[self.objective]

        def score(predicted):
            confusion = np.bincount(truth * k + predicted, weights=weight,
                                    minlength=k * k).reshape(k, k)
            return measure(confusion, self.cost_matrix_)
        return score

    @arrays_read_on_host
    def predict_proba(self, X):
        """``estimator_``'s class probabilities (the rule's weights do not change them).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        proba : ndarray of shape (n_samples, n_classes)
        """
        check_is_fitted(self)
        X = validate_data(self, X, accept_sparse=True, ensure_all_finite=False, reset=False)
        return self.estimator_.predict_proba(X)

    @arrays_read_on_host
    def predict(self, X):
        """The class of least (weighted) expected cost for each row.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        y_pred : ndarray of shape (n_samples,)
        """
        proba = _checked_proba(self.predict_proba(X), self.estimator_, self.classes_)
        return self.classes_[least_cost(proba * self.class_weights_, self.cost_matrix_)]

    def __sklearn_tags__(self):
        return with_inner_input_tags(super().__sklearn_tags__(), self.estimator)


def least_cost(weighted_proba, costs):
    """Each row's column of least expected cost (the first of equals)."""
    return np.argmin(weighted_proba @ costs, axis=1)


def tuned_weights(proba, costs, score):
    """Class weights maximising ``score(least_cost(proba * w, costs))``: coordinate
    ascent over each class's weight (the first held at 1), a grid of factors a step,
    a move only where the score strictly improves. Returns ``(weights, score)``."""
    k = proba.shape[1]
    weights = np.ones(k)
    best = score(least_cost(proba, costs))
    for _ in range(_MAX_ROUNDS):
        moved = False
        for c in range(1, k):
            # Expected costs without class c's term; each candidate adds its own back.
            rest = (proba * weights) @ costs - np.outer(proba[:, c] * weights[c], costs[c])
            start = weights[c]
            for factor in _FACTORS:
                candidate = start * factor
                found = score(np.argmin(rest + np.outer(proba[:, c] * candidate, costs[c]),
                                        axis=1))
                if found > best:
                    best, weights[c], moved = found, candidate, True
        if not moved:
            break
    return weights, best


def _checked_proba(proba, estimator, classes):
    proba = np.asarray(proba, dtype=float)
    if proba.ndim != 2 or proba.shape[1] != classes.shape[0]:
        raise ValueError(f"predict_proba of {type(estimator).__name__} returned shape "
                         f"{proba.shape} for {classes.shape[0]} classes.")
    if not np.all(np.isfinite(proba)) or np.any(proba < 0):
        raise ValueError(f"predict_proba of {type(estimator).__name__} returned values "
                         "that are negative or not finite: they are not probabilities.")
    return proba

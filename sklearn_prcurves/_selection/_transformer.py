"""Estimators that learn the ROC convex hull on tuning data and apply it elsewhere.

Davis and Goadrich (2006, end of section 3): choosing hull points on the data you
evaluate on is optimistic. The honest procedure learns the hull's thresholds on tuning
data and applies those thresholds to test data. :class:`AchievablePRTransformer` does
that for score columns; :class:`AchievablePRClassifier` wraps a classifier, learning
the hull on held-out predictions as :class:`~sklearn.calibration.CalibratedClassifierCV`
does for calibration.

Mapping each score to its hull segment's fraction of positives gives the same level
sets as isotonic regression (pool-adjacent-violators is the ROC convex hull; Fawcett
and Niculescu-Mizil, 2007).
"""

from numbers import Real

import numpy as np
from sklearn.base import (
    BaseEstimator,
    ClassifierMixin,
    MetaEstimatorMixin,
    OneToOneFeatureMixin,
    TransformerMixin,
    clone,
)
from sklearn.model_selection import (
    GroupShuffleSplit,
    check_cv,
    cross_val_predict,
    train_test_split,
)
from sklearn.utils import get_tags
from sklearn.utils.multiclass import check_classification_targets, type_of_target
from sklearn.utils.validation import check_is_fitted, validate_data

from .._base._array_api import arrays_read_on_host
from .._base._compat import (
    Interval,
    StrOptions,
    built_constraints,
    check_sample_weight,
    validate_estimator_params,
)
from .._base._validation import weights_within_range
from .._inference._certified import certified_threshold
from .._inference._clusters import checked_groups
from .._inference._requirements import REQUIREMENTS
from .._measures._hull import hull_vertices
from .._measures._interpolation import table_path
from .._measures._operating import fbeta_optimal_threshold
from .._table._counts import count_rows

__all__ = ["AchievablePRClassifier", "AchievablePRTransformer", "with_inner_input_tags"]


class AchievablePRTransformer(OneToOneFeatureMixin, TransformerMixin, BaseEstimator):
    """Map scores to the positive fraction of their ROC-hull segment.

    ``fit`` learns, for each column of ``X`` (an independent score column, e.g. one
    model's scores), the vertices of the ROC convex hull on the tuning data.
    ``transform`` maps a score to the fraction of positives on the hull segment whose
    score range holds it: a piecewise constant, non-decreasing function. Any curve
    computed on transformed test scores has exactly the operating points chosen on the
    tuning data (Davis and Goadrich, 2006, section 3). On the tuning data the output
    equals :class:`~sklearn.isotonic.IsotonicRegression` with
    ``out_of_bounds="clip"`` fitted to the same column; between tuning scores it is a
    step function rather than a linear interpolation.

    Parameters
    ----------
    pos_label : int, float, bool, str or None, default=None
        The positive class; None means the greater of the classes in ``y``. With more
        than two classes, the positive class against all others.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
        Classes seen in ``fit``.
    pos_label_ : object
        The positive class used.
    thresholds_ : list of ndarray
        Per column, the hull vertices' thresholds in decreasing order (a score ``s``
        belongs to segment ``i`` when ``thresholds_[i] <= s < thresholds_[i - 1]``).
    fractions_ : list of ndarray
        Per column, the fraction of (weighted) positives on each hull segment;
        non-increasing along the segments.
    n_features_in_ : int
        Number of score columns.
    feature_names_in_ : ndarray of shape (`n_features_in_`,)
        Column names, when ``X`` has string column names.

    See Also
    --------
    AchievablePRClassifier : Learns the hull on held-out predictions of a classifier.
    roc_convex_hull : The hull itself.

    References
    ----------
    .. [1] J. Davis and M. Goadrich, "The Relationship Between Precision-Recall and
           ROC Curves", ICML 2006.
    .. [2] T. Fawcett and A. Niculescu-Mizil, "PAV and the ROC convex hull",
           Machine Learning 68(1), 2007.

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn_prcurves import AchievablePRTransformer
    >>> scores = np.array([[0.9], [0.8], [0.7], [0.6], [0.2]])
    >>> y = np.array([1, 0, 1, 1, 0])
    >>> hull = AchievablePRTransformer().fit(scores, y)
    >>> hull.transform(scores).ravel()
    array([1.        , 0.66666667, 0.66666667, 0.66666667, 0.        ])
    """

    _parameter_constraints = {"pos_label": [Real, str, "boolean", None]}

    def __init__(self, pos_label=None):
        self.pos_label = pos_label

    @arrays_read_on_host
    def fit(self, X, y, sample_weight=None):
        """Learn the ROC convex hull of each score column.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_columns)
            Tuning scores, one column per scorer; higher means more positive.
        y : array-like of shape (n_samples,)
            Class labels.
        sample_weight : array-like of shape (n_samples,), default=None
            Non-negative sample weights.

        Returns
        -------
        self : object
        """
        validate_estimator_params(self)
        X, y = validate_data(self, X, y, dtype=np.float64)
        check_classification_targets(y)
        self.classes_ = np.unique(y)
        if self.classes_.shape[0] < 2:
            raise ValueError(
                "AchievablePRTransformer needs both classes in y; got 1 class: "
                f"{self.classes_.tolist()}."
            )
        if self.pos_label is None:
            self.pos_label_ = self.classes_[-1]
        elif self.pos_label in self.classes_.tolist():
            self.pos_label_ = self.pos_label
        else:
            raise ValueError(
                f"pos_label={self.pos_label!r} is not a class of y; classes are "
                f"{self.classes_.tolist()}."
            )
        is_pos = y == self.pos_label_
        weight = None
        if sample_weight is not None:
            weight = check_sample_weight(sample_weight, X)
            if np.any(weight < 0):
                raise ValueError("sample_weight must be non-negative.")
            keep = weight > 0
            X, is_pos, weight = X[keep], is_pos[keep], weight[keep]
            weight, _ = weights_within_range(weight)  # (the hull reads only shares)
        self.thresholds_, self.fractions_ = [], []
        for column in X.T:
            thresholds, fractions = _hull_steps(is_pos, column, weight)
            self.thresholds_.append(thresholds)
            self.fractions_.append(fractions)
        return self

    @arrays_read_on_host
    def transform(self, X):
        """Map each score to its hull segment's fraction of positives.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_columns)
            Scores, in the columns seen in ``fit``.

        Returns
        -------
        X_new : ndarray of shape (n_samples, n_columns)
            Values in [0, 1], non-decreasing in each column's score; scores below
            every tuning score take the last segment's value, above every one the
            first's.
        """
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        out = np.empty_like(X)
        for j, (thresholds, fractions) in enumerate(zip(self.thresholds_, self.fractions_)):
            out[:, j] = _apply_steps(X[:, j], thresholds, fractions)
        return out

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.target_tags.required = True
        return tags


def _hull_steps(is_pos, scores, weight):
    """Hull vertex thresholds (decreasing) and each segment's fraction of positives."""
    tp, fp, thresholds = table_path(count_rows(is_pos, scores, weight))
    keep = hull_vertices(fp, tp)
    tp, fp, thresholds = tp[keep], fp[keep], thresholds[keep]
    d_tp, d_fp = np.diff(tp), np.diff(fp)
    return thresholds[1:], d_tp / (d_tp + d_fp)


def _apply_steps(scores, thresholds, fractions):
    # thresholds decrease; segment i holds scores in [thresholds[i], thresholds[i-1]).
    ascending = thresholds[::-1]
    position = np.searchsorted(ascending, scores, side="right") - 1  # last t <= s
    segment = thresholds.shape[0] - 1 - np.clip(position, 0, None)
    return fractions[segment]


class AchievablePRClassifier(MetaEstimatorMixin, ClassifierMixin, BaseEstimator):
    """A binary classifier whose scores pass through the ROC convex hull of held-out data.

    ``fit`` obtains held-out scores of ``estimator`` by cross-validation, learns the
    ROC convex hull on them (:class:`AchievablePRTransformer`), then refits
    ``estimator`` on all the data. Its ``predict_proba`` and ``decision_function``
    return the hull segment's fraction of positives, so curves computed on new data
    use only operating points chosen on held-out data: the methodology of Davis and
    Goadrich (2006, section 3). ``predict`` applies a chosen operating point.

    Parameters
    ----------
    estimator : classifier
        Has ``decision_function`` or ``predict_proba``.
    cv : int, cross-validation generator or iterable, default=5
        How held-out scores are obtained (see :func:`~sklearn.model_selection.check_cv`).
    response_method : {"auto", "decision_function", "predict_proba"}, default="auto"
        Which scores to use; "auto" tries ``decision_function`` then ``predict_proba``.
    threshold : float in [0, 1], "f1" or dict, default="f1"
        The operating point of ``predict``. "f1": the hull vertex with the best F1 on
        the held-out scores, the point a precision-recall analysis would pick (with
        rare positives a 0.5 rule predicts almost nothing positive). A number:
        ``predict`` returns the positive class where the hull value (the held-out
        fraction of positives) exceeds it; 0.5 gives the most probable class, as
        accuracy wants. A dict: the requirements of :func:`certified_threshold`
        (``{"min_precision": 0.9}``, ``"min_recall"``, ``"max_fpr"``, ``"min_npv"``,
        ``"max_flag_rate"`` or ``"max_flags"``, one or several, with ``"maximize"`` and
        ``"confidence_level"``, default 0.95, and ``"prevalence"``, the deployment's
        share of positives where precision must hold, as for
        :func:`certified_threshold`): the held-out rows are split in two
        halves (stratified, ``random_state``), the hull learnt on one and the
        operating point certified on the other, so that the constraint holds for the
        cross-validated models' scores with that confidence (the refitted
        ``estimator_`` is such a model trained on more rows). Where nothing can be
        certified (a warning), ``predict`` returns the positive class everywhere where
        every requirement is on recall or the negative predictive value, and the
        negative class otherwise.
    random_state : int, RandomState instance or None, default=None
        The split of the held-out rows when ``threshold`` is a constraint.

    Attributes
    ----------
    estimator_ : classifier
        ``estimator`` refitted on all the data.
    hull_ : AchievablePRTransformer
        The hull learnt on the held-out scores.
    classes_ : ndarray of shape (2,)
    threshold_ : float
        The operating point used by ``predict``, on the hull value scale.
    certified_ : CertifiedThreshold
        With a constraint: :func:`certified_threshold`'s result on the hull values of
        the certifying half.
    response_method_ : str
        The method of ``estimator_`` whose scores are used.
    n_features_in_ : int
    feature_names_in_ : ndarray of shape (`n_features_in_`,)
        Defined when ``X`` has string column names.

    See Also
    --------
    AchievablePRTransformer, achievable_pr_curve

    References
    ----------
    .. [1] J. Davis and M. Goadrich, "The Relationship Between Precision-Recall and
           ROC Curves", ICML 2006.

    Examples
    --------
    >>> from sklearn.datasets import make_classification
    >>> from sklearn.linear_model import LogisticRegression
    >>> from sklearn_prcurves import AchievablePRClassifier
    >>> X, y = make_classification(n_samples=300, weights=[0.9], random_state=0)
    >>> clf = AchievablePRClassifier(LogisticRegression(), cv=3).fit(X, y)
    >>> clf.predict_proba(X[:2]).shape
    (2, 2)
    """

    _parameter_constraints = built_constraints({
        "estimator": [object],
        "cv": ["cv_object"],
        "response_method": [StrOptions({"auto", "decision_function", "predict_proba"})],
        "threshold": [Interval(Real, 0, 1, closed="both"), StrOptions({"f1"}), dict],
        "random_state": ["random_state"],
    })

    def __init__(self, estimator, *, cv=5, response_method="auto", threshold="f1",
                 random_state=None):
        self.estimator = estimator
        self.cv = cv
        self.response_method = response_method
        self.threshold = threshold
        self.random_state = random_state

    @arrays_read_on_host
    def fit(self, X, y, sample_weight=None, groups=None):
        """Fit the classifier and learn the hull on its held-out scores.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
        y : array-like of shape (n_samples,)
            Binary class labels.
        sample_weight : array-like of shape (n_samples,), default=None
            Passed to ``estimator.fit`` and to the hull.
        groups : array-like of shape (n_samples,), default=None
            Each row's cluster (patient, customer): passed to the splitter of ``cv``
            (``GroupKFold`` keeps a cluster's rows on one side); with a ``threshold``
            constraint, the held-out rows are halved by whole clusters and the
            constraint certified for new clusters (:func:`certified_threshold`'s
            ``groups=``).

        Returns
        -------
        self : object
        """
        validate_estimator_params(self)
        X, y = validate_data(self, X, y, accept_sparse=True, ensure_all_finite=False)
        check_classification_targets(y)
        target_type = type_of_target(y)
        if target_type != "binary":
            raise ValueError(
                "Only binary classification is supported. The type of the target "
                f"is {target_type}."
            )
        self.classes_ = np.unique(y)
        if self.classes_.shape[0] != 2:
            raise ValueError("AchievablePRClassifier needs two classes in y; got 1 class.")
        fit_params = {} if sample_weight is None else {"sample_weight": sample_weight}
        method = self._response_method(self.estimator)
        cv = check_cv(self.cv, y, classifier=True)
        if groups is not None:
            groups = checked_groups(groups, y.shape[0])
        held_out = cross_val_predict(
            clone(self.estimator), X, y, groups=groups, cv=cv, method=method,
            params=fit_params)
        held_out = _positive_column(held_out, method)
        self.estimator_ = clone(self.estimator).fit(X, y, **fit_params)
        self.response_method_ = method
        if isinstance(self.threshold, dict):
            self._certify(held_out, y, sample_weight, groups)
            return self
        self.hull_ = AchievablePRTransformer(pos_label=self.classes_[1]).fit(
            held_out.reshape(-1, 1), y, sample_weight=sample_weight
        )
        if self.threshold == "f1":
            level, _ = fbeta_optimal_threshold(
                y == self.classes_[1],
                self.hull_.transform(held_out.reshape(-1, 1)).ravel(),
                sample_weight=sample_weight,
            )
            self.threshold_ = self._below(level)
        else:
            self.threshold_ = float(self.threshold)
        return self

    def _below(self, level):
        """``threshold_`` for a chosen hull level: predict is "value > threshold_", so
        sit between the level and the next lower one (the level itself predicts
        positive)."""
        lower = self.hull_.fractions_[0][self.hull_.fractions_[0] < level]
        return float((level + lower.max()) / 2) if lower.size else float(level) - 1.0

    def _certify(self, held_out, y, sample_weight, groups=None):
        """The hull learnt on half of the held-out rows, the operating point certified
        on the other half's hull values (a grid the certifying labels did not choose)."""
        constraint = _constraint(self.threshold)
        learn, check = self._halves(y, groups)
        if groups is not None:
            constraint["groups"] = groups[check]
        weight = None if sample_weight is None else np.asarray(sample_weight)
        self.hull_ = AchievablePRTransformer(pos_label=self.classes_[1]).fit(
            held_out[learn].reshape(-1, 1), y[learn],
            sample_weight=None if weight is None else weight[learn])
        self.certified_ = certified_threshold(
            y[check] == self.classes_[1],
            self.hull_.transform(held_out[check].reshape(-1, 1)).ravel(),
            sample_weight=None if weight is None else weight[check], **constraint)
        if self.certified_.certified:
            self.threshold_ = self._below(self.certified_.threshold)
        else:  # (predict what meets the constraint trivially: nothing, or everything)
            measures = self.certified_.measure
            measures = {measures} if isinstance(measures, str) else set(measures)
            self.threshold_ = -1.0 if measures <= {"recall", "npv"} else 1.0

    def _halves(self, y, groups):
        """The held-out rows in two halves, each holding both classes: stratified, or
        by whole clusters."""
        short = ("A threshold constraint splits the held-out rows in two halves, each "
                 "holding both classes: ")
        if groups is None:
            if np.unique(y, return_counts=True)[1].min() < 2:
                raise ValueError(short + "each class needs at least 2 rows.")
            return train_test_split(np.arange(y.shape[0]), test_size=0.5, stratify=y,
                                    random_state=self.random_state)
        split = GroupShuffleSplit(n_splits=1, test_size=0.5, random_state=self.random_state)
        learn, check = next(split.split(y, y, groups))
        if any(np.unique(y[half]).shape[0] < 2 for half in (learn, check)):
            raise ValueError(short + "with groups= the halves are whole clusters, and one "
                             "of them holds a single class (more clusters of each class "
                             "are needed).")
        return learn, check

    def _response_method(self, estimator):
        if self.response_method != "auto":
            return self.response_method
        for method in ("decision_function", "predict_proba"):
            if hasattr(estimator, method):
                return method
        raise ValueError(
            f"{type(estimator).__name__} has neither decision_function nor predict_proba."
        )

    def _hull_value(self, X):
        check_is_fitted(self)
        X = validate_data(self, X, accept_sparse=True, ensure_all_finite=False, reset=False)
        method = self.response_method_
        scores = _positive_column(getattr(self.estimator_, method)(X), method)
        return self.hull_.transform(scores.reshape(-1, 1)).ravel()

    @arrays_read_on_host
    def decision_function(self, X):
        """The hull value minus ``threshold_``: positive exactly where ``predict`` is.

        The hull value of a sample is its hull segment's held-out fraction of
        positives; curves computed from this function are those of the hull.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        decision : ndarray of shape (n_samples,)
        """
        return self._hull_value(X) - self.threshold_

    @arrays_read_on_host
    def predict_proba(self, X):
        """``[1 - value, value]`` per sample, where value is the hull value.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        proba : ndarray of shape (n_samples, 2)
        """
        value = self._hull_value(X)
        return np.column_stack([1 - value, value])

    @arrays_read_on_host
    def predict(self, X):
        """The positive class where the hull value exceeds ``threshold_``.

        With the default ``threshold="f1"`` this is the F1-optimal operating point
        learnt on held-out scores; with ``threshold=0.5``, the most probable class of
        :meth:`predict_proba`.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        y_pred : ndarray of shape (n_samples,)
        """
        positive = self._hull_value(X) > self.threshold_
        return self.classes_[positive.astype(int)]

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.classifier_tags.multi_class = False
        return with_inner_input_tags(tags, self.estimator)


def with_inner_input_tags(tags, estimator):
    """A wrapper's tags, taking sparse and NaN input as the wrapped estimator does."""
    inner = get_tags(estimator).input_tags
    tags.input_tags.sparse = inner.sparse
    tags.input_tags.allow_nan = inner.allow_nan
    return tags


def _constraint(threshold):
    """The keywords of :func:`certified_threshold` a ``threshold`` dict gives."""
    requirements = {*REQUIREMENTS, "max_flags"}
    keys = set(threshold) - {"confidence_level", "prevalence", "maximize"}
    if not keys or not keys <= requirements:
        raise ValueError(
            "A threshold constraint names one or more of "
            f"{', '.join(map(repr, sorted(requirements)))} (and may give 'maximize', "
            "'confidence_level' and the deployment's "
            f"'prevalence'); got {sorted(threshold)}.")
    return {"confidence_level": 0.95, **threshold}


def _positive_column(scores, method):
    scores = np.asarray(scores)
    if method == "predict_proba":
        return scores[:, 1]
    return scores

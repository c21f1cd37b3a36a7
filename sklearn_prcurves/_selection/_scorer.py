"""Scorers for model selection: ``GridSearchCV(scoring=...)``, ``cross_validate``.

Built with scikit-learn's public :func:`~sklearn.metrics.make_scorer`, so response
caching, ``pos_label`` handling, the choice between ``decision_function`` and
``predict_proba``, and sample-weight routing behave as for scikit-learn's own scorers.

Section 5 of Davis and Goadrich (2006) is why these matter: when positives are rare,
the model with the best AUC-ROC can have a much worse AUC-PR.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable

from sklearn import config_context
from sklearn.metrics import check_scoring as sklearn_check_scoring
from sklearn.metrics import get_scorer as sklearn_get_scorer
from sklearn.metrics import get_scorer_names as sklearn_get_scorer_names
from sklearn.metrics import make_scorer

from .._base._compat import HasMethods, register_sklearn_scorers, validate_params
from .._inference._certified import certified_threshold
from .._measures._bounds import normalized_pr_auc_score
from .._measures._lift import ks_statistic
from .._measures._operating import (
    precision_at_recall_score,
    recall_at_flag_rate_score,
    recall_at_precision_score,
)
from .._measures._pr import achievable_pr_auc_score, pr_auc_score
from .._measures._prg import prg_auc_score
from .._metrics._auc import average_precision_score, roc_auc_score

__all__ = [
    "check_scoring",
    "get_scorer",
    "get_scorer_names",
    "register_scorers",
    "make_precision_at_recall_scorer",
    "make_recall_at_flag_rate_scorer",
    "make_recall_at_precision_scorer",
]

_RANKING = ("decision_function", "predict_proba")


def _ks_score(y_true, y_score, **kwargs):
    return ks_statistic(y_true, y_score, **kwargs).statistic


def _scorers():
    pr = {
        "pr_auc": dict(interpolation="davis-goadrich"),
        "pr_auc_continuous": dict(interpolation="continuous"),
    }
    scorers = {}
    for name, options in pr.items():
        scorers[name] = make_scorer(pr_auc_score, response_method=_RANKING, **options)
        scorers[f"achievable_{name}"] = make_scorer(
            achievable_pr_auc_score, response_method=_RANKING, **options
        )
        for average in ("macro", "weighted"):
            suffix = "" if average == "macro" else "_weighted"
            scorers[f"{name}_ovr{suffix}"] = make_scorer(
                pr_auc_score, response_method=_RANKING, average=average, **options
            )
    # Single-number measures of the PR and ROC analysis's other curves.
    scorers["normalized_pr_auc"] = make_scorer(normalized_pr_auc_score, response_method=_RANKING)
    scorers["prg_auc"] = make_scorer(prg_auc_score, response_method=_RANKING)
    scorers["ks"] = make_scorer(_ks_score, response_method=_RANKING)
    # The drop-ins, under scikit-learn's own names: same numbers, computed faster.
    scorers["roc_auc"] = make_scorer(roc_auc_score, response_method=_RANKING)
    scorers["average_precision"] = make_scorer(average_precision_score, response_method=_RANKING)
    for name, options in {
        "roc_auc_ovr": dict(multi_class="ovr"),
        "roc_auc_ovo": dict(multi_class="ovo"),
        "roc_auc_ovr_weighted": dict(multi_class="ovr", average="weighted"),
        "roc_auc_ovo_weighted": dict(multi_class="ovo", average="weighted"),
    }.items():
        scorers[name] = make_scorer(roc_auc_score, response_method="predict_proba", **options)
    return scorers


_SCORERS = _scorers()
_AT_LEVEL = re.compile(r"(recall_at_precision|precision_at_recall|recall_at_flag_rate)_"
                       r"(\d+(?:\.\d*)?|\.\d+)")



def make_recall_at_precision_scorer(min_precision: float, *,
                                    confidence_level: float | None = None,
                                    **kwargs) -> Callable:
    """A scorer giving the highest recall reachable with precision >= ``min_precision``.

    Parameters
    ----------
    min_precision : float in [0, 1]
        Required precision.
    confidence_level : float in (0, 1), default=None
        Score the recall of the threshold whose precision holds in the population with
        this confidence (:func:`certified_threshold`; 0 where none can be certified,
        with an :class:`~sklearn.exceptions.UndefinedMetricWarning`) instead of the
        best recall on the rows at hand: model selection then prefers a model whose
        precision is certain on data the size of a validation fold.
    **kwargs
        Passed on to :func:`~sklearn.metrics.make_scorer` (for example ``pos_label``).

    Returns
    -------
    scorer : callable ``scorer(estimator, X, y, sample_weight=None)``

    Examples
    --------
    >>> from sklearn_prcurves import make_recall_at_precision_scorer
    >>> scorer = make_recall_at_precision_scorer(0.9)
    >>> certified = make_recall_at_precision_scorer(0.9, confidence_level=0.95)
    """
    if confidence_level is not None:
        return make_scorer(_certified_score, response_method=_RANKING,
                           min_precision=min_precision, confidence_level=confidence_level,
                           **kwargs)
    return make_scorer(
        recall_at_precision_score, response_method=_RANKING, min_precision=min_precision,
        **kwargs,
    )


def make_precision_at_recall_scorer(min_recall: float, *,
                                    confidence_level: float | None = None,
                                    **kwargs) -> Callable:
    """A scorer giving the highest precision reachable with recall >= ``min_recall``.

    Parameters
    ----------
    min_recall : float in [0, 1]
        Required recall.
    confidence_level : float in (0, 1), default=None
        Score the precision of the threshold whose recall holds in the population with
        this confidence (:func:`certified_threshold`; 0 where none can be certified,
        with an :class:`~sklearn.exceptions.UndefinedMetricWarning`).
    **kwargs
        Passed on to :func:`~sklearn.metrics.make_scorer` (for example ``pos_label``).

    Returns
    -------
    scorer : callable ``scorer(estimator, X, y, sample_weight=None)``

    Examples
    --------
    >>> from sklearn.datasets import make_classification
    >>> from sklearn.linear_model import LogisticRegression
    >>> from sklearn_prcurves import make_precision_at_recall_scorer
    >>> X, y = make_classification(n_samples=200, random_state=0)
    >>> model = LogisticRegression().fit(X, y)
    >>> scorer = make_precision_at_recall_scorer(0.9)
    >>> 0 <= scorer(model, X, y) <= 1
    True
    """
    if confidence_level is not None:
        return make_scorer(_certified_score, response_method=_RANKING,
                           min_recall=min_recall, confidence_level=confidence_level,
                           **kwargs)
    return make_scorer(
        precision_at_recall_score, response_method=_RANKING, min_recall=min_recall, **kwargs
    )


def make_recall_at_flag_rate_scorer(max_flag_rate: float, *,
                                    confidence_level: float | None = None,
                                    **kwargs) -> Callable:
    """A scorer giving the recall at an alert budget: the highest recall among
    thresholds that flag at most ``max_flag_rate`` of the cases
    (:func:`recall_at_flag_rate`; 0 where none keeps within it).

    Parameters
    ----------
    max_flag_rate : float in [0, 1]
        The largest share of cases predicted positive.
    confidence_level : float in (0, 1), default=None
        Score the recall of the threshold whose share flagged holds within the budget
        in the population with this confidence (:func:`certified_threshold`'s
        ``max_flag_rate``; 0 where none can be certified) instead of the best recall
        within the budget on the rows at hand.
    **kwargs
        Passed on to :func:`~sklearn.metrics.make_scorer` (for example ``pos_label``).

    Returns
    -------
    scorer : callable ``scorer(estimator, X, y, sample_weight=None)``

    Examples
    --------
    >>> from sklearn.datasets import make_classification
    >>> from sklearn.linear_model import LogisticRegression
    >>> from sklearn_prcurves import make_recall_at_flag_rate_scorer
    >>> X, y = make_classification(n_samples=400, weights=[0.9], random_state=0)
    >>> model = LogisticRegression().fit(X, y)
    >>> scorer = make_recall_at_flag_rate_scorer(0.1)
    >>> 0 < scorer(model, X, y) <= 1
    True
    """
    if confidence_level is not None:
        return make_scorer(_certified_score, response_method=_RANKING,
                           max_flag_rate=max_flag_rate, confidence_level=confidence_level,
                           **kwargs)
    return make_scorer(recall_at_flag_rate_score, response_method=_RANKING,
                       max_flag_rate=max_flag_rate, **kwargs)


def _certified_score(y_true, y_score, **kwargs):
    """The objective (recall with a precision or budget constraint, precision with a
    recall one) at the certified threshold; 0 where none is certified (the worst
    score, so that model selection does not choose it)."""
    result = certified_threshold(y_true, y_score, **kwargs)
    if not result.certified:
        return 0.0
    return result.precision if result.measure == "recall" else result.recall


#: Each level family (``"recall_at_precision_<level>"``, ...) and its scorer's maker.
_FAMILIES = {"recall_at_precision": make_recall_at_precision_scorer,
             "precision_at_recall": make_precision_at_recall_scorer,
             "recall_at_flag_rate": make_recall_at_flag_rate_scorer}


def get_scorer_names() -> list[str]:
    """scikit-learn's scorer names, as :func:`sklearn.metrics.get_scorer_names` lists
    them: the names its registry holds, the package's among them once registered
    (:func:`register_scorers`, or ``import sklearn_prcurves.scorer_names``).

    The list is scikit-learn's so that code iterating over it (scikit-learn's own
    tests do) meets only the names it knows. :func:`get_scorer` takes the package's
    names whether or not they are registered (see there).

    Returns
    -------
    names : list of str
        Sorted.

    Examples
    --------
    >>> from sklearn.metrics import get_scorer_names as sklearn_names
    >>> from sklearn_prcurves import get_scorer_names
    >>> get_scorer_names() == sklearn_names()
    True
    """
    return sklearn_get_scorer_names()


@validate_params({"scoring": [str, callable, None]}, prefer_skip_nested_validation=True)
def get_scorer(scoring: str | Callable | None) -> Callable | None:
    """A scorer by name, as :func:`sklearn.metrics.get_scorer`, knowing the package's
    names too.

    The package's names are ``"pr_auc"`` (Davis-Goadrich), ``"pr_auc_continuous"``,
    ``"achievable_pr_auc"``, ``"achievable_pr_auc_continuous"``, ``"normalized_pr_auc"``,
    ``"prg_auc"``, ``"ks"``, the one-vs-rest multiclass variants ``"pr_auc_ovr"``,
    ``"pr_auc_ovr_weighted"``, ``"pr_auc_continuous_ovr"`` and
    ``"pr_auc_continuous_ovr_weighted"``, and the families
    ``"recall_at_precision_<level>"``, ``"precision_at_recall_<level>"`` and
    ``"recall_at_flag_rate_<level>"`` (recall at an alert budget);
    scikit-learn's ranking names (``"roc_auc"``, ``"average_precision"``, ...) are
    computed by our drop-ins. Any other scikit-learn name returns scikit-learn's
    scorer. A name always gives a new copy of the scorer; a callable is returned as
    is and None as None, as in scikit-learn.

    Parameters
    ----------
    scoring : str, callable or None

    Returns
    -------
    scorer : callable or None

    Examples
    --------
    >>> from sklearn_prcurves import get_scorer
    >>> get_scorer("pr_auc")
    make_scorer(pr_auc_score, response_method=('decision_function', 'predict_proba'),
                interpolation=davis-goadrich)
    >>> get_scorer(None) is None
    True
    """
    if not isinstance(scoring, str):
        return scoring
    if scoring in _SCORERS:
        # A copy, as scikit-learn does: set_score_request mutates the scorer.
        return copy.deepcopy(_SCORERS[scoring])
    level = _AT_LEVEL.fullmatch(scoring)
    if level:
        value = float(level.group(2))
        if not 0 <= value <= 1:
            raise ValueError(f"{scoring!r}: the level {value:g} is outside [0, 1].")
        return _FAMILIES[level.group(1)](value)
    try:
        # Every name the installed scikit-learn takes, the unlisted ones too (a name
        # it still accepts during a deprecation, e.g. "max_error" before 1.8).
        return sklearn_get_scorer(scoring)
    except ValueError as exc:
        # scikit-learn's message, then the names only the package knows (none listed
        # once registered: scikit-learn's list has them then)
        ours = [*sorted(set(_SCORERS) - set(sklearn_get_scorer_names())),
                *(f"{family}_<level>" for family in _FAMILIES)]
        raise ValueError(
            f"{exc} sklearn_prcurves.get_scorer also takes {', '.join(ours[:-1])} and "
            f"{ours[-1]}."
        ) from None


def _is_metric_function(scoring):
    """scikit-learn's test for a metric passed where a scorer is expected (a function
    of its ``sklearn.metrics`` modules), extended to this package's metrics."""
    module = getattr(scoring, "__module__", None)
    if not isinstance(module, str):
        return False
    if module.startswith("sklearn.metrics."):
        return not module.startswith(("sklearn.metrics._scorer", "sklearn.metrics.tests."))
    return module.startswith("sklearn_prcurves.") and module != __name__ and (
        getattr(scoring, "__name__", "").endswith(("_score", "_statistic", "_error", "_loss"))
    )


@validate_params(
    {
        "estimator": [HasMethods("fit"), None],
        "scoring": [str, callable, list, set, tuple, dict, None],
        "allow_none": ["boolean"],
        "raise_exc": ["boolean"],
    },
    prefer_skip_nested_validation=True,
)
def check_scoring(
    estimator: object | None = None,
    scoring: str | Callable | list | tuple | set | dict | None = None,
    *,
    allow_none: bool = False,
    raise_exc: bool = True,
) -> Callable | None:
    """A scorer from ``scoring``, as :func:`sklearn.metrics.check_scoring`, knowing
    the package's names and metrics too.

    A name (ours or scikit-learn's) gives its scorer; a list, tuple or set of names
    or a dict of scorers gives scikit-learn's multi-metric scorer; None gives the
    estimator's own ``score``. A metric function (scikit-learn's or this package's,
    such as :func:`~sklearn_prcurves.roc_auc_score`) is refused with scikit-learn's
    error: it takes labels and scores, not an estimator, and would only fail later.

    Parameters
    ----------
    estimator : estimator object implementing ``fit``, default=None
    scoring : str, callable, list, tuple, set, dict or None, default=None
    allow_none : bool, default=False
        Return None instead of raising when ``scoring`` is None and the estimator has
        no ``score`` method.
    raise_exc : bool, default=True
        With several metrics: raise a failing scorer's exception, or report it as
        the result.

    Returns
    -------
    scorer : callable or None

    Examples
    --------
    >>> from sklearn.datasets import make_classification
    >>> from sklearn.linear_model import LogisticRegression
    >>> from sklearn_prcurves import check_scoring
    >>> X, y = make_classification(random_state=0)
    >>> model = LogisticRegression().fit(X, y)
    >>> scores = check_scoring(model, ["pr_auc", "roc_auc"])(model, X, y)
    >>> sorted(scores)
    ['pr_auc', 'roc_auc']
    """
    if isinstance(scoring, str):
        if scoring in _SCORERS or _AT_LEVEL.fullmatch(scoring):
            return get_scorer(scoring)
        # scikit-learn's names, and its error for unknown ones (InvalidParameterError,
        # a ValueError and a TypeError, listing the valid names): its own parameter
        # check, which this call's validation would otherwise skip as nested.
        with config_context(skip_parameter_validation=False):
            return sklearn_check_scoring(estimator, scoring, allow_none=allow_none,
                                         raise_exc=raise_exc)
    if callable(scoring):
        if _is_metric_function(scoring):
            raise ValueError(
                f"scoring value {scoring!r} looks like it is a metric function rather "
                "than a scorer. A scorer should require an estimator as its first "
                "parameter. Please use `make_scorer` to convert a metric to a scorer."
            )
        return scoring
    if isinstance(scoring, (list, tuple, set)) and all(isinstance(n, str) for n in scoring) \
            and len(set(scoring)) == len(scoring) and len(scoring) > 0:
        scoring = {name: get_scorer(name) for name in scoring}
    # Everything else (None, dicts, malformed lists) is scikit-learn's to judge, with
    # its own messages.
    return sklearn_check_scoring(estimator, scoring, allow_none=allow_none,
                                 raise_exc=raise_exc)


def register_scorers(*names: str) -> list[str]:
    """Make the package's scorer names work as ``scoring="..."`` in scikit-learn.

    An explicit opt-in (or ``import sklearn_prcurves.scorer_names``, which calls it):
    after it, ``GridSearchCV(..., scoring="pr_auc")``, ``cross_val_score(...,
    scoring="achievable_pr_auc")``, ``TunedThresholdClassifierCV(..., scoring="ks")``
    and ``cross_validate(..., scoring=["pr_auc", "roc_auc"])`` accept the package's
    names (``n_jobs`` included: scikit-learn resolves the name to a scorer object
    before dispatching work). Names scikit-learn already has (``"roc_auc"``,
    ``"average_precision"``, ...) keep scikit-learn's scorer. The registration lasts
    for the Python process. It is not done on ``import sklearn_prcurves`` itself: it
    changes what ``sklearn.metrics.get_scorer_names()`` lists, which other code (and
    scikit-learn's own tests) may rely on.

    Parameters
    ----------
    *names : str
        Members of the families that have no finite list, to register as well, e.g.
        ``"recall_at_precision_0.3"`` or ``"precision_at_recall_0.9"``.

    Returns
    -------
    names : list of str
        The names added to scikit-learn's registry.

    See Also
    --------
    get_scorer : The same scorers without registering anything.

    Examples
    --------
    >>> from sklearn.linear_model import LogisticRegression
    >>> from sklearn.model_selection import GridSearchCV
    >>> from sklearn_prcurves import register_scorers
    >>> register_scorers("recall_at_precision_0.3")  # doctest: +SKIP
    ['achievable_pr_auc', 'achievable_pr_auc_continuous', 'ks', 'normalized_pr_auc', ...]
    >>> search = GridSearchCV(LogisticRegression(), {"C": [0.1, 1]}, scoring="pr_auc")
    """
    extra = {}
    for name in names:
        if not isinstance(name, str) or not _AT_LEVEL.fullmatch(name):
            raise ValueError(
                f"register_scorers takes names of the level families, e.g. "
                f"'recall_at_precision_0.3' or 'precision_at_recall_0.9'; got {name!r} "
                "(the package's other names are registered without being named).")
        extra[name] = get_scorer(name)
    return register_sklearn_scorers({**_SCORERS, **extra})

"""Scorers for model selection: ``GridSearchCV(scoring=...)``, ``cross_validate``.

Built with scikit-learn's public :func:`~sklearn.metrics.make_scorer`, so response
caching, ``pos_label`` handling, the choice between ``decision_function`` and
``predict_proba``, and sample-weight routing behave as for scikit-learn's own scorers.

Section 5 of Davis and Goadrich (2006) is why these matter: when positives are rare,
the model with the best AUC-ROC can have a much worse AUC-PR.
"""

from __future__ import annotations

from collections.abc import Callable

import copy
import re

from sklearn.metrics import get_scorer as sklearn_get_scorer
from sklearn.metrics import get_scorer_names as sklearn_get_scorer_names
from sklearn.metrics import make_scorer

from ._auc import achievable_pr_auc_score, average_precision_score, pr_auc_score, roc_auc_score
from ._bounds import normalized_pr_auc_score
from ._lift import ks_statistic
from ._operating import precision_at_recall_score, recall_at_precision_score
from ._prg import prg_auc_score

__all__ = [
    "get_scorer",
    "get_scorer_names",
    "register_scorers",
    "make_precision_at_recall_scorer",
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
_AT_LEVEL = re.compile(r"(recall_at_precision|precision_at_recall)_(0?\.\d+|1(\.0*)?)")


def make_recall_at_precision_scorer(min_precision: float, **kwargs) -> Callable:
    """A scorer giving the highest recall reachable with precision >= ``min_precision``.

    Parameters
    ----------
    min_precision : float in [0, 1]
        Required precision.
    **kwargs
        Passed on to :func:`~sklearn.metrics.make_scorer` (for example ``pos_label``).

    Returns
    -------
    scorer : callable ``scorer(estimator, X, y, sample_weight=None)``

    Examples
    --------
    >>> from sklearn_prcurves import make_recall_at_precision_scorer
    >>> scorer = make_recall_at_precision_scorer(0.9)
    """
    return make_scorer(
        recall_at_precision_score, response_method=_RANKING, min_precision=min_precision,
        **kwargs,
    )


def make_precision_at_recall_scorer(min_recall: float, **kwargs) -> Callable:
    """A scorer giving the highest precision reachable with recall >= ``min_recall``.

    Parameters
    ----------
    min_recall : float in [0, 1]
        Required recall.
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
    return make_scorer(
        precision_at_recall_score, response_method=_RANKING, min_recall=min_recall, **kwargs
    )


def get_scorer_names() -> list[str]:
    """Names known to :func:`get_scorer` beyond scikit-learn's own.

    ``recall_at_precision_<p>`` and ``precision_at_recall_<r>`` (for example
    ``"recall_at_precision_0.9"``) are accepted for any level in [0, 1] too.

    Returns
    -------
    names : list of str

    Examples
    --------
    >>> from sklearn_prcurves import get_scorer_names
    >>> "pr_auc" in get_scorer_names()
    True
    """
    return sorted(_SCORERS)


def get_scorer(scoring: str | Callable | None) -> Callable | None:
    """A scorer by name: ours, scikit-learn's, or a callable passed through.

    Our names (:func:`get_scorer_names`) include ``"pr_auc"`` (Davis-Goadrich),
    ``"pr_auc_continuous"``, ``"achievable_pr_auc"``, their one-vs-rest multiclass
    variants, and scikit-learn's ranking names (``"roc_auc"``, ``"average_precision"``,
    ...) computed by our drop-ins. Any other scikit-learn name returns scikit-learn's
    scorer.

    Parameters
    ----------
    scoring : str or callable

    Returns
    -------
    scorer : callable

    Examples
    --------
    >>> from sklearn_prcurves import get_scorer
    >>> get_scorer("pr_auc")
    make_scorer(pr_auc_score, response_method=('decision_function', 'predict_proba'), interpolation=davis-goadrich)
    """
    if callable(scoring):
        return scoring
    if isinstance(scoring, str):
        if scoring in _SCORERS:
            # A copy, as scikit-learn does: set_score_request mutates the scorer.
            return copy.deepcopy(_SCORERS[scoring])
        level = _AT_LEVEL.fullmatch(scoring)
        if level:
            make = (
                make_recall_at_precision_scorer
                if level.group(1) == "recall_at_precision"
                else make_precision_at_recall_scorer
            )
            return make(float(level.group(2)))
        if scoring in sklearn_get_scorer_names():
            return sklearn_get_scorer(scoring)
    raise ValueError(
        f"{scoring!r} is not a known scorer. sklearn_prcurves knows "
        f"{', '.join(get_scorer_names())}, recall_at_precision_<level> and "
        "precision_at_recall_<level>; scikit-learn's names "
        "(sklearn.metrics.get_scorer_names()) are accepted too."
    )


def register_scorers() -> list[str]:
    """Make the package's scorer names work as ``scoring="..."`` in scikit-learn.

    An explicit opt-in: after this call, ``GridSearchCV(..., scoring="pr_auc")``,
    ``cross_val_score(..., scoring="achievable_pr_auc")`` and
    ``cross_validate(..., scoring=["pr_auc", "roc_auc"])`` accept the package's names
    (``n_jobs`` included: scikit-learn resolves the name to a scorer object before
    dispatching work). Names scikit-learn already has (``"roc_auc"``,
    ``"average_precision"``, ...) keep scikit-learn's scorer; the
    ``"recall_at_precision_<p>"`` family has no finite list of names, so use
    :func:`get_scorer` or :func:`make_recall_at_precision_scorer` for those. The
    registration lasts for the Python process; call it once, at start-up.

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
    >>> register_scorers()  # doctest: +SKIP
    ['achievable_pr_auc', 'achievable_pr_auc_continuous', 'ks', 'normalized_pr_auc', ...]
    >>> search = GridSearchCV(LogisticRegression(), {"C": [0.1, 1]}, scoring="pr_auc")
    """
    from ._compat import register_sklearn_scorers

    return register_sklearn_scorers(_SCORERS)

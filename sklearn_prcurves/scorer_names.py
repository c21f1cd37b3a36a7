"""Importing this module makes the package's scorer names work in scikit-learn.

::

    import sklearn_prcurves.scorer_names  # noqa: F401
    from sklearn.model_selection import cross_validate

    cross_validate(model, X, y, scoring=["roc_auc", "average_precision", "pr_auc"])

It calls :func:`sklearn_prcurves.register_scorers` once, for the process: the names
:func:`sklearn_prcurves.get_scorer` takes that scikit-learn lacks (``"pr_auc"``,
``"pr_auc_continuous"``, ``"achievable_pr_auc"``, ``"normalized_pr_auc"``, ``"ks"``,
...) become valid ``scoring=`` values everywhere scikit-learn takes one. Levels such as
``"recall_at_precision_0.3"`` are a family without a finite list: register the ones
you use with ``register_scorers("recall_at_precision_0.3")``. scikit-learn's own names
keep scikit-learn's scorers.

Registration is an import of its own, not a side effect of ``import sklearn_prcurves``,
because it changes what ``sklearn.metrics.get_scorer_names()`` lists (as scikit-learn's
``sklearn.experimental`` imports change what it offers).
"""

from ._selection._scorer import register_scorers

#: The names this import added to scikit-learn's registry (empty if an earlier
#: registration had added them).
REGISTERED = register_scorers()

__all__ = ["REGISTERED"]

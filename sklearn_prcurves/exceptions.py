"""Warnings and errors raised by sklearn_prcurves.

We reuse scikit-learn's :class:`~sklearn.exceptions.UndefinedMetricWarning` rather than
defining our own, so that warning filters users already set for scikit-learn's metrics
keep working for ours.
"""

__all__ = ["NonNumericScoreError", "UndefinedMetricWarning"]  # noqa: F822 (module __getattr__)


class NonNumericScoreError(TypeError, ValueError):
    """Scores that are not numbers (strings, bytes, arbitrary objects).

    Ranking strings would order them alphabetically ('10' < '9'), a silently wrong
    result. scikit-learn refuses such scores with a ``TypeError`` in its curve
    functions and a ``ValueError`` in ``roc_auc_score``; this error is both, so that
    code catching either keeps working.
    """


def __getattr__(name):
    # scikit-learn's warning, imported when first named (importing scikit-learn takes
    # about two seconds that the command-line report does without).
    if name == "UndefinedMetricWarning":
        from sklearn.exceptions import UndefinedMetricWarning

        return UndefinedMetricWarning
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

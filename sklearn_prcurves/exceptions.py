"""Warnings raised by sklearn_prcurves.

We reuse scikit-learn's :class:`~sklearn.exceptions.UndefinedMetricWarning` rather than
defining our own, so that warning filters users already set for scikit-learn's metrics
keep working for ours.
"""

from sklearn.exceptions import UndefinedMetricWarning

__all__ = ["UndefinedMetricWarning"]

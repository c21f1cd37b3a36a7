"""Model selection: scorers for scikit-learn's searches, and the estimators that learn the
ROC convex hull on tuning data.
"""

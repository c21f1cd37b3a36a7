"""The ground floor: the package's checks and messages (labels, weights, ids), its warnings
and result records, scikit-learn's private API (``_compat``, its only door) and the
array API's namespaces.
"""

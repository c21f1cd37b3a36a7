"""Intervals, tests and guarantees: cluster ids and clustered variances, intervals of
proportions, the resamplers and the bootstrap, DeLong's interval and test, the PR
readings' intervals, certified thresholds and the comparison of net benefits.
"""

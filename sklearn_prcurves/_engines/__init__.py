"""Counting beyond one process: the census plan that cuts scores into ranges, and the
measures the Dask and Spark fronts compute from the ranges' pieces.
"""

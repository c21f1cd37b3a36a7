"""The count table and the kernel that builds it: each distinct score with the weight of
positives and of negatives at or above it (:class:`CountTable`), exact comparisons
against it, the deployment's prevalence, the NumPy sorts that count faster, and the
entry points every function reaches the kernel through.
"""

from .._base._moved import moved_attribute


def __getattr__(name):
    # (0.2.0's ``sklearn_prcurves._table`` was the CountTable module: its pickles say so)
    return moved_attribute("_table", name)

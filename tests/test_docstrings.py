"""Every ``Examples`` section in the installed package runs and prints what it shows."""

import doctest
import importlib
import pkgutil
import shutil

import numpy as np
import pytest

import sklearn_prcurves

MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(sklearn_prcurves.__path__, "sklearn_prcurves.")
    # __main__ runs the command line when imported; scorer_names registers the
    # package's scorer names with scikit-learn for the process (tests/test_scorer.py
    # imports it in a process of its own).
    if not info.name.endswith(("__main__", "scorer_names"))
)


@pytest.mark.parametrize("module_name", ["sklearn_prcurves", *MODULES])
def test_examples_in_docstrings(module_name):
    spark_modules = ("sklearn_prcurves.spark", "sklearn_prcurves._engines._spark")
    if module_name in spark_modules and shutil.which("java") is None:
        pytest.skip("Spark needs a Java runtime (.ci/run installs one)")
    # Optional extras' examples need the extra ([test] and [test-engines] have them).
    for prefix, extra in (("sklearn_prcurves.spark", "pyspark"),
                          ("sklearn_prcurves._engines._spark", "pyspark"),
                          ("sklearn_prcurves.dask", "dask.dataframe"),
                          ("sklearn_prcurves.dask", "pyarrow"),
                          ("sklearn_prcurves._engines._dask", "dask.dataframe"),
                          ("sklearn_prcurves._engines._dask", "pyarrow"),
                          ("sklearn_prcurves.torchmetrics", "torchmetrics"),
                          ("sklearn_prcurves._plot", "matplotlib")):
        if module_name.startswith(prefix):
            pytest.importorskip(extra)
    module = importlib.import_module(module_name)
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    )
    with np.printoptions(legacy=False):
        for test in finder.find(module, module_name):
            if test.examples:
                runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} docstring example(s) failed in {module_name}"

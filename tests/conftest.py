import os
import sys

# scikit-learn's array API support needs SciPy's, which SciPy reads from the environment
# when it is first imported: set it before anything imports SciPy (tests/test_array_api.py).
os.environ.setdefault("SCIPY_ARRAY_API", "1")

# scikit-learn's fixtures (global_random_seed, global_dtype, ...) for its own ranking
# tests, which tests/test_sklearn_suite.py runs against our functions.
pytest_plugins = ["sklearn.conftest"]


# Spark (tests/test_spark.py, the spark module's docstring examples) runs in local mode:
# keep its driver on the loopback interface.
os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
# ... and its Python workers on this interpreter: PySpark refuses a worker of another
# minor version, and the first python3 on the PATH need not be the one running pytest.
os.environ.setdefault("PYSPARK_PYTHON", sys.executable)


def pytest_terminal_summary(terminalreporter):
    """Say how much of the package the hostile-input registry covers (issue 33)."""
    module = terminalreporter.config.pluginmanager.get_plugin("test_registry")
    registry = getattr(module, "REGISTRY", None)
    if registry is None:  # the registry's tests were not collected in this run
        import sys

        module = sys.modules.get("test_registry")
        registry = getattr(module, "REGISTRY", None)
    if registry is not None:
        names = {key.split("[")[0] for key in registry}
        terminalreporter.write_line(
            f"hostile-input registry: {len(names)} public names in {len(registry)} entries")

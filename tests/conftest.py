import os
import sys

import pytest
from hypothesis import HealthCheck, settings

# Hypothesis: CI draws the same examples on every run (a flaky example cannot block a
# landing, and a failure there reproduces anywhere with HYPOTHESIS_PROFILE=ci); local
# runs draw new ones each time, so defects the fixed examples miss are still found
# (PRC_REGISTRY_DEPTH widens the registry's).
settings.register_profile("ci", derandomize=True, database=None, deadline=None,
                          print_blob=True, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", derandomize=False, deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE",
                                     "ci" if os.environ.get("CI") else "dev"))

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


def _registry_line(config):
    """How much of the package the hostile-input registry covers (issue 33), or None
    when the registry's tests were not collected in this process."""
    module = config.pluginmanager.get_plugin("test_registry")
    registry = getattr(module, "REGISTRY", None)
    if registry is None:
        module = sys.modules.get("test_registry")
        registry = getattr(module, "REGISTRY", None)
    if registry is None:
        return None
    names = {key.split("[")[0] for key in registry}
    return f"hostile-input registry: {len(names)} public names in {len(registry)} entries"


_WORKER_LINES = set()  # the lines the workers of a parallel run (pytest-xdist) sent


def pytest_sessionfinish(session):
    output = getattr(session.config, "workeroutput", None)
    if output is not None:  # a worker: the controller collects nothing itself
        output["registry_line"] = _registry_line(session.config)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    line = getattr(node, "workeroutput", {}).get("registry_line")
    if line:
        _WORKER_LINES.add(line)


def pytest_terminal_summary(terminalreporter):
    line = _registry_line(terminalreporter.config)
    for line in [line] if line else sorted(_WORKER_LINES):
        terminalreporter.write_line(line)

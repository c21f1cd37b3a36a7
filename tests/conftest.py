import os

# scikit-learn's array API support needs SciPy's, which SciPy reads from the environment
# when it is first imported: set it before anything imports SciPy (tests/test_array_api.py).
os.environ.setdefault("SCIPY_ARRAY_API", "1")

# scikit-learn's fixtures (global_random_seed, global_dtype, ...) for its own ranking
# tests, which tests/test_sklearn_suite.py runs against our functions.
pytest_plugins = ["sklearn.conftest"]


# Spark (tests/test_spark.py, the spark module's docstring examples) runs in local mode:
# keep its driver on the loopback interface.
os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")

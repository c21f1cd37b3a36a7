# scikit-learn's fixtures (global_random_seed, global_dtype, ...) for its own ranking
# tests, which tests/test_sklearn_suite.py runs against our functions.
pytest_plugins = ["sklearn.conftest"]

import os  # noqa: E402

# Spark (tests/test_spark.py, the spark module's docstring examples) runs in local mode:
# keep its driver on the loopback interface.
os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")

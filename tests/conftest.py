# scikit-learn's fixtures (global_random_seed, global_dtype, ...) for its own ranking
# tests, which tests/test_sklearn_suite.py runs against our functions.
pytest_plugins = ["sklearn.conftest"]

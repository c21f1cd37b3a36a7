"""The report's passes run on Spark executors (``--engine spark``).

The same design as ``--engine dask``: each part of the input (one Parquet file; a
single CSV file is one part) is read and counted by an executor into the report's
per-model tables, and the driver merges them and computes every measure. The executors
read the files by path, so the input must be where they can see it (local mode, or a
file system shared by the cluster).
"""

import os
import sys
import warnings

from .._base._messages import InputError

__all__ = ["SparkRunner"]


class SparkRunner:
    """Maps a pass over the parts of the input onto Spark executors, one task a part."""

    name = "spark"

    def __init__(self, master=None):
        warnings.filterwarnings("ignore", message="PySpark does not yet fully support pandas")
        try:
            from pyspark.sql import SparkSession
        except ImportError:
            raise InputError(
                "--engine spark needs pyspark: pip install 'sklearn-prcurves[spark]'"
            ) from None
        self._started = SparkSession.getActiveSession() is None
        master = master or f"local[{min(4, os.cpu_count() or 1)}]"
        if master.startswith("local"):
            os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
            # The executors' Python is this one (Spark would start python3 from PATH,
            # which lacks this package when its virtual environment is not activated).
            os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
        try:
            self.session = (SparkSession.builder.master(master)
                            .appName("sklearn-prcurves report")
                            .config("spark.ui.showConsoleProgress", "false")
                            .getOrCreate())
        except Exception as exc:  # Spark reports a missing Java runtime this way
            raise InputError(f"--engine spark could not start Spark ({master}): "
                             f"{str(exc).splitlines()[0]}") from None
        self.session.sparkContext.setLogLevel("ERROR")

    def parts(self, source):
        return source.split()

    def map(self, function, parts, *args):
        context = self.session.sparkContext
        results = (context.parallelize(parts, len(parts))
                   .map(lambda part: _outcome(function, part, args))
                   .collect())  # in the order of the parts
        for failed, value in results:
            if failed:
                raise value  # the reader's own message (file, line, column)
        return [value for _, value in results]

    def each(self, function, parts, *args):
        return iter(self.map(function, parts, *args))  # (collected at once, in order)

    def close(self):
        if self._started:
            self.session.stop()


def _outcome(function, part, args):
    """``(False, result)``, or ``(True, error)`` for an input error: Spark would wrap
    an exception raised on an executor in its own, traceback and all."""
    try:
        return False, function(part, *args)
    except InputError as error:
        return True, error

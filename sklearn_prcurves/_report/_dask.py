"""The report's passes run on a Dask cluster (``--engine dask``).

Each part of the input (one Parquet file; a single CSV file is one part) is read and
counted by a worker into the same per-model tables as the local engine; the client
merges them (the table of the union of the parts) and computes every measure from the
merged tables. The second pass of the refinement of bins is additive over parts and
runs on the workers too; the paired tests read the row sample the first pass kept.
"""

import collections
import itertools
import logging
import os

from .._base._messages import InputError

__all__ = ["DaskRunner"]


class DaskRunner:
    """Maps a pass over the parts of the input onto a Dask cluster."""

    name = "dask"

    def __init__(self, scheduler=None):
        try:
            import distributed
        except ImportError:
            raise InputError(
                "--engine dask needs dask: pip install 'sklearn-prcurves[dask]'"
            ) from None
        self.cluster = None
        if scheduler:
            try:
                self.client = distributed.Client(scheduler, timeout="30s")
            except ValueError as error:
                raise InputError(f"--scheduler {scheduler!r} is not a Dask scheduler's "
                                 f"address ({error}); e.g. tcp://host:8786") from None
            except (OSError, TimeoutError) as error:
                raise InputError(f"--scheduler {scheduler!r}: no Dask scheduler answers "
                                 f"there ({error})") from None
        else:
            # An input error raised in a worker reaches the command as one line; the
            # workers' own log of it (a traceback on stderr) would bury that line. The
            # scheduler's HTTP server, dashboard or not, takes port 8787 unless told
            # otherwise, and warns when a notebook's cluster has it: any free port.
            self.cluster = distributed.LocalCluster(
                n_workers=min(4, os.cpu_count() or 1), threads_per_worker=1,
                host="127.0.0.1", dashboard_address=None, memory_limit=0,
                silence_logs=logging.CRITICAL,
                scheduler_kwargs={"dashboard_address": ":0"},
            )
            self.client = distributed.Client(self.cluster)

    def parts(self, source):
        return source.split()

    def map(self, function, parts, *args):
        futures = [self.client.submit(function, part, *args, pure=False) for part in parts]
        return self.client.gather(futures)

    def each(self, function, parts, *args):
        """The results in the parts' order, a few per worker thread submitted ahead:
        each is released from the workers as it is taken (gathering all of them at
        once held every part's tables on the workers: killed for memory at 1e9 rows)."""
        workers = self.client.scheduler_info()["workers"].values()
        ahead = 2 * max(1, sum(worker.get("nthreads", 1) for worker in workers))
        parts = iter(parts)
        pending = collections.deque(
            self.client.submit(function, part, *args, pure=False)
            for part in itertools.islice(parts, ahead))
        while pending:
            result = pending.popleft().result()
            for part in itertools.islice(parts, 1):
                pending.append(self.client.submit(function, part, *args, pure=False))
            yield result

    def close(self):
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()

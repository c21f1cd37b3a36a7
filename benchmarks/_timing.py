"""Timing helper shared by the benchmarks."""

import gc
import time


def best_time(func, repeats):
    """Best wall time of ``repeats`` calls after one warm-up call.

    The first call of a process pays for cold pages; machines are shared and noisy, so
    the minimum is the most repeatable figure.
    """
    func()
    best = float("inf")
    for _ in range(repeats):
        gc.collect()
        start = time.perf_counter()
        func()
        best = min(best, time.perf_counter() - start)
    return best

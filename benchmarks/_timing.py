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


def interleaved_medians(funcs, repeats):
    """Median wall time of each function, the calls interleaved (a, b, c, a, b, c, ...)
    so that a slow spell of a shared machine hits every function alike."""
    for func in funcs:
        func()
    times = [[] for _ in funcs]
    for _ in range(repeats):
        for func, spent in zip(funcs, times):
            gc.collect()
            start = time.perf_counter()
            func()
            spent.append(time.perf_counter() - start)
    return [sorted(spent)[len(spent) // 2] for spent in times]

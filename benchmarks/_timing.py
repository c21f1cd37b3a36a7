"""Timing helpers and data shared by the benchmarks."""

import gc
import math
import time

import numpy as np

# A timed batch of calls lasts at least this long (seconds): shorter calls are repeated
# back to back, as timeit's autorange does, so that the timer's resolution and the
# cost of a cold first call do not decide the figure.
MIN_BATCH = 0.02


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


def interleaved_medians(funcs, repeats, cold=False):
    """Median wall time per call of each function, the batches interleaved (a, b, c,
    a, b, c, ...) so that a slow spell of a shared machine hits every function alike.

    A batch is one call of a function that takes ``MIN_BATCH`` or longer; a quicker
    function is called back to back enough times to last that long, and its time per
    call is the batch's time over the calls, as with :mod:`timeit`. The garbage
    collector runs before each batch, not inside it.

    ``cold=True`` times every call alone right after a garbage collection instead.
    That walks the whole heap of the process and evicts the processor's caches, so a
    call of a few hundred microseconds is timed with its code and data cold: every
    distinct NumPy function it calls then costs some 10-40 us more than in a loop.
    It is the worst case of a short call, not the usual one.
    """
    numbers = []
    for func in funcs:
        start = time.perf_counter()
        func()
        spent = time.perf_counter() - start
        numbers.append(1 if cold or spent >= MIN_BATCH
                       else min(10_000, math.ceil(MIN_BATCH / max(spent, 1e-7))))
    times = [[] for _ in funcs]
    for _ in range(repeats):
        for func, number, spent in zip(funcs, numbers, times):
            gc.collect()
            start = time.perf_counter()
            for _ in range(number):
                func()
            spent.append((time.perf_counter() - start) / number)
    return [sorted(spent)[len(spent) // 2] for spent in times]


def classifier_rows(n, variant, seed=0):
    """``(y, s, w)``: n rows of a classifier's scores with 10% positives, as
    ``variant`` asks: "float64", "float32" (the scores rounded to float32), "tied"
    (two decimals), "weighted" (weights in [0, 3)) or "tied-weighted" (both)."""
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.1).astype(np.int64)
    s = 1 / (1 + np.exp(-(rng.normal(size=n) + 1.5 * y - 1.0)))
    w = None
    if variant == "float32":
        s = s.astype(np.float32)
    if variant in ("tied", "tied-weighted"):
        s = np.round(s, 2)
    if variant in ("weighted", "tied-weighted"):
        w = rng.random(n) * 3
    return y, s, w

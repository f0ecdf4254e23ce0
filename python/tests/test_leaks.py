"""Reference counts: a million calls of a small op leave no Python objects and no memory behind."""
import gc
import resource
import sys
import tracemalloc

import miniaten as mt


def rss_kib():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def run(n, a, b, out):
    for _ in range(n):
        a + b
        mt.add(a, b, out=out)
        a.mul(2.0)
        a[0]


def test_a_million_small_calls_do_not_leak():
    a, b, out = mt.ones(1), mt.ones(1), mt.empty(1)
    run(20_000, a, b, out)  # warm-up: caches, lazily parsed signatures
    gc.collect()
    refs = (sys.getrefcount(a), sys.getrefcount(b), sys.getrefcount(out))
    tracemalloc.start()
    before_py = tracemalloc.get_traced_memory()[0]
    before_rss = rss_kib()
    run(250_000, a, b, out)  # four calls each: a million
    gc.collect()
    grown_py = tracemalloc.get_traced_memory()[0] - before_py
    tracemalloc.stop()
    grown_rss = rss_kib() - before_rss
    assert (sys.getrefcount(a), sys.getrefcount(b), sys.getrefcount(out)) == refs
    assert grown_py < 64 * 1024, f"Python allocations grew by {grown_py} bytes"
    assert grown_rss < 8 * 1024, f"RSS grew by {grown_rss} KiB"


def test_errors_do_not_leak_either():
    a = mt.ones(2)
    bad = mt.ones(3)
    refs = sys.getrefcount(a)
    for _ in range(10_000):
        try:
            a + bad
        except RuntimeError:
            pass
        try:
            mt.add(a, "x")
        except TypeError:
            pass
    assert sys.getrefcount(a) == refs


def test_graphs_are_freed_after_backward():
    import weakref
    x = mt.ones(3, requires_grad=True)
    y = (x * 2).exp().sum()
    ref = weakref.ref(y)
    y.backward()
    del y
    gc.collect()
    assert ref() is None

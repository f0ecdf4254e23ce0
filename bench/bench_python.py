"""Per-call cost of the miniaten Python package against PyTorch and NumPy, in one run.

    PYTHONPATH=build/python /usr/bin/python3 bench/bench_python.py [--repeats 9]

Each case times a loop of calls on 1-element tensors (arrays); the libraries' rounds are
interleaved (miniaten, torch, numpy, miniaten, ...) so that a noisy neighbour hits all of them,
and each figure is the median of the rounds with its spread (min-max, as % of the median).
`import` times run in fresh interpreters. Prints a table and the ratios the issue asks for.
"""
import argparse
import statistics
import subprocess
import sys
import time


def per_call_ns(fn, n):
    start = time.perf_counter_ns()
    fn(n)
    return (time.perf_counter_ns() - start) / n


def loops():
    import numpy as np
    import torch

    import miniaten as mt

    cases = {}

    def case(name, **impls):
        cases[name] = impls

    ma, mb, mc = mt.ones(1), mt.ones(1), mt.empty(1)
    ta, tb, tc = torch.ones(1), torch.ones(1), torch.empty(1)
    na, nb, nc = np.ones(1, np.float32), np.ones(1, np.float32), np.empty(1, np.float32)
    mg, tg = mt.ones(1, requires_grad=True), torch.ones(1, requires_grad=True)

    def add(a, b):
        def run(n):
            for _ in range(n):
                a + b
        return run

    def add_out(f, a, b, c):
        def run(n):
            for _ in range(n):
                f(a, b, out=c)
        return run

    case("a + b", miniaten=add(ma, mb), torch=add(ta, tb), numpy=add(na, nb))
    case("add(a, b, out=c)", miniaten=add_out(mt.add, ma, mb, mc), torch=add_out(torch.add, ta, tb, tc),
         numpy=add_out(np.add, na, nb, nc))
    case("a + b, requires_grad", miniaten=add(mg, mb), torch=add(tg, tb))
    case("a.sum()", miniaten=lambda n: [ma.sum() for _ in range(n)], torch=lambda n: [ta.sum() for _ in range(n)],
         numpy=lambda n: [na.sum() for _ in range(n)])
    return cases


def import_ms(module):
    code = f"import time; t = time.perf_counter(); import {module}; print((time.perf_counter() - t) * 1e3)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(out.stdout)


def summary(values):
    med = statistics.median(values)
    spread = (max(values) - min(values)) / med * 100 if med else 0.0
    return med, spread


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=9)
    parser.add_argument("--calls", type=int, default=200_000)
    args = parser.parse_args()

    cases = loops()
    results = {}
    for name, impls in cases.items():
        for impl in impls.values():
            impl(args.calls // 10)  # warm-up
        rounds = {lib: [] for lib in impls}
        for _ in range(args.repeats):
            for lib, impl in impls.items():
                rounds[lib].append(per_call_ns(impl, args.calls))
        results[name] = {lib: summary(v) for lib, v in rounds.items()}

    imports = {lib: [] for lib in ("miniaten", "torch", "numpy")}
    for _ in range(args.repeats):
        for lib in imports:
            imports[lib].append(import_ms(lib))

    print(f"{'case':28} {'miniaten':>16} {'torch':>16} {'numpy':>16}   torch/miniaten  miniaten/numpy")
    for name, libs in results.items():
        cells = [f"{libs[l][0]:8.0f} ns ±{libs[l][1]:3.0f}%" if l in libs else " " * 16
                 for l in ("miniaten", "torch", "numpy")]
        ratio_t = libs["torch"][0] / libs["miniaten"][0]
        ratio_n = f"{libs['miniaten'][0] / libs['numpy'][0]:.2f}x" if "numpy" in libs else ""
        print(f"{name:28} {cells[0]} {cells[1]} {cells[2]}   {ratio_t:13.2f}x  {ratio_n:>14}")
    cells = [f"{summary(imports[l])[0]:8.1f} ms ±{summary(imports[l])[1]:3.0f}%" for l in imports]
    print(f"{'import':28} {cells[0]} {cells[1]} {cells[2]}")


if __name__ == "__main__":
    main()

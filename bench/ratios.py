#!/usr/bin/env python3
"""Turns bench_vs_libtorch's JSON into bench/README.md's table: MiniATen's time, libtorch's, and
their ratio, per case and thread count, from one run (so both saw the same machine).

    build/bench/bench_vs_libtorch --benchmark_format=json --benchmark_repetitions=5 \\
        --benchmark_report_aggregates_only=true > /tmp/bench.json
    python3 bench/ratios.py /tmp/bench.json
"""
import json
import sys

# bench/README.md's name for each case; cases not listed print under their benchmark name.
DESCRIPTIONS = {
    "AddOut": "add into a preallocated out (`AddOut`)",
    "Add": "functional `add`",
    "TransposedMul": "`a.t() * b`",
    "TransposeContiguous": "`a.t().contiguous()`",
    "ToChannelsLast": "NCHW -> NHWC of [64, 64, 56, 56]",
    "Sum": "`sum` (0: over dim 0, 1: over dim 1, 2: all)",
    "Mean": "`mean` (0: over dim 0, 1: over dim 1, 2: all)",
    "Amax": "`amax` (0: over dim 0, 1: over dim 1, 2: all)",
    "CastOut": "`copy_` of floats into a preallocated out (0: bfloat16, 1: float64)",
    "AddOneElement": "`add` of 1-element tensors",
    "ExpOut": "`exp` into a preallocated out (`ExpOut`)",
    "TanhOut": "`tanh` into a preallocated out (`TanhOut`)",
    "SigmoidOut": "`sigmoid` into a preallocated out (`SigmoidOut`)",
    "GeluOut": "`gelu` into a preallocated out (`GeluOut`)",
    "UniformFill": "16M uniform floats (Philox fill primitive / `uniform_`)",
    "UniformFillInCache": "16K uniform floats, in L2 (Philox fill primitive / `uniform_`)",
    "FillBound": "`fill_` of 16M floats (the bound for `UniformFill`)",
}


def main(path):
    with open(path) as f:
        data = json.load(f)
    # name: Case/impl/threads[/arg]/real_time[_median]; keep medians when aggregates exist.
    times = {}
    for b in data["benchmarks"]:
        if b.get("run_type") == "aggregate" and b.get("aggregate_name") != "median":
            continue
        parts = b["run_name"].split("/") if "run_name" in b else b["name"].split("/")
        parts = [p for p in parts if p != "real_time"]
        case, impl, rest = parts[0], parts[1], "/".join(parts[2:])
        unit = b["time_unit"]
        scale = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}[unit]
        times[(case, rest, impl)] = b["real_time"] * scale  # milliseconds
    rows = sorted({(c, r) for (c, r, _) in times})
    print("| case | threads/args | MiniATen | libtorch 1.13 | libtorch / MiniATen |")
    print("| --- | --- | --- | --- | --- |")
    for case, rest in rows:
        a, t = times.get((case, rest, "aten")), times.get((case, rest, "torch"))
        if a is None or t is None:
            continue
        fmt = (lambda ms: f"{ms * 1e6:.0f} ns") if a < 0.01 else (lambda ms: f"{ms:.2f} ms")
        print(f"| {DESCRIPTIONS.get(case, case)} | {rest} | {fmt(a)} | {fmt(t)} | {t / a:.2f}x |")


if __name__ == "__main__":
    main(sys.argv[1])

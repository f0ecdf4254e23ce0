#!/usr/bin/env python3
"""Turns bench_vs_libtorch's JSON into bench/README.md's table: MiniATen's time, libtorch's, and
their ratio, per case and thread count, from one run (so both saw the same machine).

    build/bench/bench_vs_libtorch --benchmark_format=json --benchmark_repetitions=5 \\
        --benchmark_report_aggregates_only=true > /tmp/bench.json
    python3 bench/ratios.py /tmp/bench.json
    python3 bench/ratios.py before.json after.json   # two builds' runs side by side
    python3 bench/ratios.py b1.json,b2.json,b3.json a1.json,a2.json,a3.json   # interleaved runs
"""
import json
import statistics
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
    "AddRequiresGrad": "forward of a 1-element `add` whose inputs require grad",
    "MulAddSumBackward": "forward and backward of `(a * b + a).sum()`, 1 element",
    "AddNoGrad": "1-element `add`, nothing requires grad",
    "Embedding": "`embedding`, [32768, 128] table, [32, 256] indices",
    "EmbeddingBackward": "`embedding_dense_backward` of the same",
    "IndexLong": "`t[long_index]` of [4096, 256] (0: 8192 rows, 1: `t[:, idx]`, 128 columns)",
}


def load(path):
    """(case, threads[/arg], impl) -> (median ms, coefficient of variation). `path` is one run's
    JSON, or several joined by commas (runs interleaved with another build's, see
    bench/README.md): then the median and spread are over every repetition of every run."""
    samples, times, spread = {}, {}, {}
    for one in path.split(","):
        with open(one) as f:
            data = json.load(f)
        # name: Case/impl/threads[/arg]/real_time[_median]; repetitions when the run kept them,
        # else the medians (and the spread) of its aggregates.
        for b in data["benchmarks"]:
            aggregate = b.get("aggregate_name") if b.get("run_type") == "aggregate" else None
            if aggregate not in (None, "median", "cv"):
                continue
            parts = b["run_name"].split("/") if "run_name" in b else b["name"].split("/")
            parts = [p for p in parts if p != "real_time"]
            if len(parts) < 2:  # a case with one side only (FmaPeak): no ratio
                continue
            key = (parts[0], "/".join(parts[2:]), parts[1])
            if aggregate == "cv":
                spread[key] = b["real_time"]
                continue
            scale = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}[b["time_unit"]]
            if aggregate is None:
                samples.setdefault(key, []).append(b["real_time"] * scale)
            else:
                times[key] = b["real_time"] * scale  # milliseconds
    for key, values in samples.items():
        times[key] = statistics.median(values)
        if len(values) > 1:
            spread[key] = statistics.stdev(values) / statistics.mean(values)
    return {k: (t, spread.get(k, 0.0)) for k, t in times.items()}


def pairs(run):
    """(case, rest) -> ((MiniATen ms, cv), (libtorch ms, cv)) for the cases both sides ran."""
    rows = sorted({(c, r) for (c, r, _) in run})
    return {(c, r): (run[(c, r, "aten")], run[(c, r, "torch")])
            for c, r in rows if (c, r, "aten") in run and (c, r, "torch") in run}


def fmt(ms):
    return f"{ms * 1e6:.0f} ns" if ms < 0.01 else f"{ms:.2f} ms"


def table(path):
    print("| case | threads/args | MiniATen | libtorch 1.13 | libtorch / MiniATen |")
    print("| --- | --- | --- | --- | --- |")
    for (case, rest), ((a, a_cv), (t, t_cv)) in pairs(load(path)).items():
        print(f"| {DESCRIPTIONS.get(case, case)} | {rest} | {fmt(a)} ±{a_cv:.0%} "
              f"| {fmt(t)} ±{t_cv:.0%} | {t / a:.2f}x |")


def compare(before_path, after_path):
    """Two builds' runs, each against libtorch in its own run: the ratios side by side, and
    how the ratio moved against the spread (coefficient of variation) of the two runs."""
    before, after = pairs(load(before_path)), pairs(load(after_path))
    print("| case | threads/args | before: libtorch / MiniATen | after | change | spread |")
    print("| --- | --- | --- | --- | --- | --- |")
    for key in sorted(set(before) & set(after)):
        (a0, a0_cv), (t0, t0_cv) = before[key]
        (a1, a1_cv), (t1, t1_cv) = after[key]
        r0, r1 = t0 / a0, t1 / a1
        spread = max(a0_cv, t0_cv, a1_cv, t1_cv)
        print(f"| {DESCRIPTIONS.get(key[0], key[0])} | {key[1]} | {r0:.2f}x | {r1:.2f}x "
              f"| {r1 / r0 - 1:+.0%} | {spread:.0%} |")


if __name__ == "__main__":
    if len(sys.argv) == 3:
        compare(sys.argv[1], sys.argv[2])
    else:
        table(sys.argv[1])

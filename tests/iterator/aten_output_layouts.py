#!/usr/bin/env python3
"""Prints the strides libtorch gives the result of each op in tests/iterator/test_output_layouts.cpp
on each input layout, as the C++ rows of that test's table, and with --write puts them there.

An input layout is sizes and strides over a fresh buffer (as_strided), so that both libraries build
the same tensor without the view ops. Needs PyTorch 1.13 (Debian: python3-torch); run with
/usr/bin/python3 from the repository's root:
    /usr/bin/python3 tests/iterator/aten_output_layouts.py [--write]
"""
import sys
import torch

LAYOUTS = [
    # name, sizes, strides
    ("contiguous", [3, 7], [7, 1]),
    ("transposed", [7, 3], [1, 7]),
    ("transposed_slice", [4, 3], [1, 7]),
    ("transposed_step", [4, 3], [2, 7]),
    ("column_step", [3, 4], [7, 2]),
    ("row_step", [2, 7], [14, 1]),
    ("size1_stride7", [3, 1, 7], [7, 7, 1]),
    ("size1_stride1", [3, 1, 7], [7, 1, 1]),
    ("size1_stride100", [3, 1, 7], [7, 100, 1]),
    ("size1_stride3", [3, 1, 7], [7, 3, 1]),
    ("size1_permuted", [7, 1, 3], [1, 21, 7]),
    ("size1_permuted_b", [7, 1, 3], [1, 1, 7]),
    ("size1_permuted_c", [7, 1, 3], [1, 3, 7]),
    ("size1_leading_t", [1, 7, 3], [1, 1, 7]),
    ("size1_trailing_t", [7, 3, 1], [1, 7, 21]),
    ("size1_only", [1, 1], [5, 7]),
    ("size1_mixed", [1, 4, 1, 3], [12, 1, 12, 4]),
    ("size1_mixed_b", [2, 1, 3], [1, 6, 2]),
    ("size0", [0, 3], [3, 1]),
    ("size0_t", [0, 3], [1, 0]),
    ("size0_b", [3, 0], [1, 3]),
    ("size0_permuted", [2, 0, 3], [1, 6, 2]),
    ("size0_permuted_b", [0, 2, 3], [1, 1, 2]),
    ("size0_permuted_c", [4, 0, 2], [1, 8, 4]),
    ("size0_permuted_d", [2, 3, 0], [1, 2, 6]),
    ("size0_gappy", [4, 0, 3], [1, 12, 8]),
    ("expanded_rows", [3, 4], [0, 1]),
    ("expanded_cols", [3, 4], [1, 0]),
    ("expanded_all", [3, 4], [0, 0]),
    ("expanded_permuted", [4, 3, 2], [0, 1, 3]),
    ("permuted_201", [4, 2, 3], [1, 12, 4]),
    ("permuted_120", [3, 4, 2], [4, 1, 12]),
    ("permuted_201_slice", [2, 2, 3], [2, 12, 4]),
    ("permuted_021_slice", [2, 4, 2], [12, 1, 8]),
    ("gappy", [2, 3, 4], [40, 10, 2]),
    ("channels_last", [2, 3, 4, 5], [60, 1, 15, 3]),
    ("channels_last_slice", [2, 3, 2, 5], [60, 1, 30, 3]),
    ("channels_last_c1", [2, 1, 4, 5], [20, 1, 5, 1]),
    ("channels_last_hw1", [2, 3, 1, 1], [3, 1, 3, 3]),
    ("channels_last_channel_slice", [2, 2, 4, 5], [60, 1, 15, 3]),
    ("nhwc_permuted", [2, 5, 3, 4], [60, 3, 1, 15]),
    ("vector_step", [5], [2]),
    ("scalar", [], []),
]

# op name -> (function of the input, whether the input is Long instead of Float)
OPS = {
    "exp": (lambda x: torch.exp(x), False),
    "exp_of_long": (lambda x: torch.exp(x), True),
    "neg": (lambda x: torch.neg(x), False),
    "add_self": (lambda x: x + x, False),
    "add_scalar": (lambda x: x + 1, False),
    "add_contiguous": (lambda x: x + torch.zeros(x.shape), False),
    "contiguous_add": (lambda x: torch.zeros(x.shape) + x, False),
    "add_last_dim": (lambda x: x + torch.zeros(x.shape[-1:]), False),
    "long_add_float": (lambda x: x + torch.zeros(x.shape), True),
    "eq_scalar": (lambda x: x == 0, False),
    "where": (lambda x: torch.where(x > 0, x, x), False),
    "exp_out_empty": (lambda x: torch.exp(x, out=torch.empty(0)), False),
    "to_double": (lambda x: x.to(torch.float64), False),
    "clone": (lambda x: x.clone(), False),
    "clone_contiguous": (lambda x: x.clone(memory_format=torch.contiguous_format), False),
    "empty_like": (lambda x: torch.empty_like(x), False),
    "zeros_like": (lambda x: torch.zeros_like(x), False),
    "contiguous": (lambda x: x.contiguous(), False),
    "sum_dim0": (lambda x: x.sum(0) if x.dim() else x.sum(), False),
    "sum_last_keepdim": (lambda x: x.sum(-1, keepdim=True) if x.dim() else x.sum(), False),
    "sum_all": (lambda x: x.sum(), False),
    "mean_dim0": (lambda x: x.mean(0) if x.dim() else x.mean(), False),
    "amax_dim0": (lambda x: x.amax(0) if x.dim() else x.amax(), False),
    "var_dim0": (lambda x: x.var(0) if x.dim() else x.var(), False),
    "argmax_dim0": (lambda x: x.argmax(0) if x.dim() else x.argmax(), False),
    "cumsum_dim0": (lambda x: x.cumsum(0), False),
}


def make(sizes, strides, dtype):
    n = 1 + sum((s - 1) * st for s, st in zip(sizes, strides)) if all(sizes) else 1
    return torch.zeros(max(n, 1), dtype=dtype).as_strided(sizes, strides)


def cpp_list(v):
    return "{" + ", ".join(str(x) for x in v) + "}"


def rows():
    out = []
    for name, sizes, strides in LAYOUTS:
        for op, (f, long_input) in OPS.items():
            x = make(sizes, strides, torch.int64 if long_input else torch.float32)
            try:
                r = f(x)
            except (RuntimeError, IndexError):
                continue  # refused by ATen (argmax of nothing, ...): not a layout question
            out.append(f'    {{"{name}", "{op}", {cpp_list(sizes)}, {cpp_list(strides)}, '
                       f'{cpp_list(r.shape)}, {cpp_list(r.stride())}}},')
    return out


BEGIN = "// layouts:begin"
END = "// layouts:end"


def main():
    text = "\n".join(rows())
    if "--write" not in sys.argv:
        print(text)
        return
    path = "tests/iterator/test_output_layouts.cpp"
    src = open(path).read()
    head, rest = src.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    open(path, "w").write(head + BEGIN + " (/usr/bin/python3 tests/iterator/aten_output_layouts.py --write)\n" + text + "\n    " + END + tail)


if __name__ == "__main__":
    main()

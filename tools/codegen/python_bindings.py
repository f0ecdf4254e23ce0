"""The Python bindings' generated half: one signature table for every operator in the YAML.

Each overload becomes a row (the Python name, the schema's arguments as text, whether it is a
function, a method or both) and a small function that converts the parsed arguments to C++ and
calls the overload's `_ops::<struct>::call`. Everything else (parsing the signature text,
matching Python arguments, defaults, errors, the Tensor type) is hand-written C++ under
`python/src/`, the same for every op. Decisions about names and order are made here; the
template `python_bindings.cpp.j2` holds the C++ layout.
"""
from __future__ import annotations

import zlib
from dataclasses import dataclass
from typing import Any

from tools.codegen import cpp_types
from tools.codegen.model import Argument, BaseType, FunctionSchema, ListType, NativeFunction, Operator, OptionalType

# How the parsed arguments (python/src/Arguments.h) give each C++ argument type.
CONVERTERS = {
    "const Tensor&": "tensor",
    "Tensor&": "mutable_tensor",
    "const std::optional<Tensor>&": "optional_tensor",
    "const Scalar&": "scalar",
    "const std::optional<Scalar>&": "optional_scalar",
    "const std::optional<Generator>&": "generator",
    "int64_t": "int64",
    "std::optional<int64_t>": "optional_int64",
    "double": "float64",
    "std::optional<double>": "optional_float64",
    "bool": "boolean",
    "std::optional<bool>": "optional_boolean",
    "std::string_view": "string",
    "std::optional<std::string_view>": "optional_string",
    "ScalarType": "scalar_type",
    "std::optional<ScalarType>": "optional_scalar_type",
    "std::optional<Layout>": "optional_layout",
    "std::optional<Device>": "optional_device",
    "MemoryFormat": "memory_format",
    "std::optional<MemoryFormat>": "optional_memory_format",
    "IntArrayRef": "int_list",
    "OptionalIntArrayRef": "optional_int_list",
    "ArrayRef<double>": "float_list",
    "ArrayRef<Tensor>": "tensor_list",
    "ArrayRef<std::optional<Tensor>>": "optional_tensor_list",
}

# Two translation units, so that the module's generated half compiles on both cores.
SHARDS = 2


@dataclass(frozen=True)
class Binding:
    """One overload as the module sees it."""

    struct: str
    signature: str  # the schema's arguments without alias annotations, parsed at run time
    function: bool
    method: bool
    outs: int  # the trailing arguments given together as `out=`
    locals: tuple[tuple[str, str], ...]  # (converter, argument name), schema order
    result: str  # "wrap", "none" or "same"
    same: tuple[int, ...]  # for "same": the arguments the outputs alias, returned themselves
    fields: tuple[str, ...]  # several named returns: a named tuple's fields, as PyTorch's


def _converter(arg: Argument) -> str:
    cpp = cpp_types.argument_type(arg.type, arg.annotation)
    if cpp.startswith("std::array<bool, "):  # `bool[3] output_mask`: any count, one converter
        return "bool_list"
    if cpp not in CONVERTERS:
        raise ValueError(f"argument '{arg}' has no Python conversion ({cpp})")
    return CONVERTERS[cpp]


def _aliased_arguments(func: FunctionSchema) -> tuple[int, ...]:
    """For returns that are written arguments (in-place self, out=), those arguments' indices:
    Python gets the very objects it passed, as PyTorch returns them."""
    args = func.arguments.all
    found = []
    for r in func.returns:
        if not r.is_write:
            return ()
        found.append(next(i for i, a in enumerate(args) if a.annotation and
                          a.annotation.alias_set == r.annotation.alias_set))
    return tuple(found)


def _named_fields(func: FunctionSchema) -> tuple[str, ...]:
    """The returns' names when there are several and each has one (`sort` gives `values` and
    `indices`): Python gets a torch.return_types-style named tuple."""
    names = tuple(r.name for r in func.returns)
    return names if len(names) > 1 and all(names) else ()


def _priority(f: NativeFunction) -> tuple[int, int]:
    """Where an overload goes among those of one name: PyTorch's order, so that a Tensor
    argument matches a Tensor overload before a Scalar one (which accepts 0-dim tensors too),
    and `out=` overloads last."""
    scalars = sum(1 for a in f.func.arguments.non_out if str(a.type) in ("Scalar", "Scalar?"))
    return (int(f.func.is_out_fn), scalars)


def binding(f: NativeFunction) -> Binding:
    func = f.func
    same = _aliased_arguments(func)
    result = "same" if same else ("none" if not func.returns else "wrap")
    signature = ", ".join(_signature_parts(func))
    return Binding(
        struct=func.name.ops_struct,
        signature=signature,
        function=f.has_function,
        method=f.has_method and func.self_argument is not None and str(func.self_argument.type) == "Tensor",
        outs=len(func.arguments.out),
        locals=tuple((_converter(a), a.name) for a in func.arguments.all),
        result=result,
        same=same,
        fields=_named_fields(func),
    )


def _signature_parts(func: FunctionSchema) -> list[str]:
    parts = [str(a.without_annotation()) for a in func.arguments.positional]
    rest = func.arguments.kwarg_only + func.arguments.out
    if rest:
        parts.append("*")
        parts += [str(a.without_annotation()) for a in rest]
    return parts


def _is_bindable(f: NativeFunction) -> bool:
    return (f.has_function or f.has_method) and not f.manual_cpp_binding


def _shard_of(name: str) -> int:
    """A name's shard, from the name alone (a CRC, stable across runs and machines): adding an op
    changes its own shard's file and no other."""
    return zlib.crc32(name.encode()) % SHARDS


def python_files(operators: list[Operator]) -> list[dict[str, Any]]:
    """The contexts of the shards: each holds whole names (all overloads of `add` in one file),
    in the names' YAML order."""
    by_name: dict[str, list[NativeFunction]] = {}
    for op in operators:
        for f in op.functions:
            if _is_bindable(f):
                by_name.setdefault(f.func.name.name, []).append(f)
    shards = []
    for k in range(SHARDS):
        chunk = [name for name in by_name if _shard_of(name) == k]
        sets = []
        for name in chunk:
            overloads = [binding(f) for f in sorted(by_name[name], key=_priority)]
            sets.append({"name": name, "overloads": overloads,
                         "function": any(o.function for o in overloads),
                         "method": any(o.method for o in overloads)})
        includes = sorted({f"aten/ops/{f.func.name.base}_ops.h" for n in chunk for f in by_name[n]})
        shards.append({"shard": k, "sets": sets, "includes": includes})
    return shards

"""What each generated file contains, as plain data for its template.

One function per kind of file. Each returns the file's path (relative to the output directory),
its template, and the template's variables; all naming and signature decisions are made here,
so that the templates hold only C++ layout.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tools.codegen import dtypes as dtype_table
from tools.codegen import signatures as sig
from tools.codegen.model import NativeFunction, Operator, SchemaKind, StructuredGroup
from tools.codegen.validate import INHERITS_HEADERS


@dataclass(frozen=True)
class FileSpec:
    path: str
    template: str
    context: dict[str, Any]


def _cpp_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _overload(f: NativeFunction) -> dict[str, Any]:
    params = sig.dispatcher(f.func)
    return {
        "struct": f.func.name.unambiguous,
        "name": f.func.name.name,
        "overload": f.func.name.overload,
        "schema_str": _cpp_string(str(f.func)),
        "returns": sig.returns(f.func),
        "params": sig.defn(params),
        "types": sig.types(params),
        "args": sig.names(params),
    }


# Standard headers a signature may need beyond <optional>, which every _ops.h includes.
_STD_HEADERS = {"std::tuple<": "tuple", "std::vector<": "vector", "std::string_view": "string_view"}


def ops_header(op: Operator) -> FileSpec:
    overloads = [_overload(f) for f in op.functions]
    text = " ".join(o["returns"] + " " + o["params"] for o in overloads)
    std_includes = sorted({"optional"} | {h for token, h in _STD_HEADERS.items() if token in text})
    context = {"op": op.base, "overloads": overloads, "std_includes": std_includes}
    return FileSpec(f"aten/ops/{op.base}_ops.h", "ops.h.j2", context)


def ops_source(op: Operator) -> FileSpec:
    context = {"op": op.base, "overloads": [_overload(f) for f in op.functions]}
    return FileSpec(f"aten/ops/{op.base}_ops.cpp", "ops.cpp.j2", context)


def functions_header(op: Operator) -> FileSpec:
    """The user-facing functions. An out= overload gets two spellings, ATen's `_out` (outs
    first, defaults kept) and `_outf` (schema order, so no defaults)."""
    functions = []
    for f in op.functions:
        if not f.has_function:
            continue
        params = sig.dispatcher(f.func)
        common = {"returns": sig.returns(f.func), "struct": f.func.name.unambiguous, "args": sig.names(params)}
        name = f.func.name.name
        if f.func.is_out_fn:
            functions.append({**common, "name": f"{name}_out", "params": sig.decl(sig.out_first(f.func))})
            functions.append({**common, "name": f"{name}_outf", "params": sig.defn(params)})
        else:
            functions.append({**common, "name": name, "params": sig.decl(params)})
    return FileSpec(f"aten/ops/{op.base}.h", "functions_op.h.j2", {"op": op.base, "functions": functions})


def meta_header(op: Operator) -> FileSpec:
    includes = set()
    groups = []
    for g in op.groups:
        inherits = g.out.structured_inherits
        if inherits is None:
            includes.add("aten/structured/MetaBase.h")
            base = "impl::MetaBase"
        else:
            includes.add(INHERITS_HEADERS[inherits])
            base = inherits
        groups.append(
            {
                "meta_class": g.meta_class,
                "base": base,
                "params": sig.defn(sig.meta(g.out.func)),
                "macro_arg": g.meta_class.removeprefix("structured_"),
            }
        )
    includes.add("aten/structured/StructuredMacros.h")
    context = {"op": op.base, "includes": sorted(includes), "groups": groups}
    return FileSpec(f"aten/ops/{op.base}_meta.h", "meta.h.j2", context)


def native_header(op: Operator) -> FileSpec:
    groups = [
        {
            "impl_class": g.impl_class,
            "meta_class": g.meta_class,
            "params": sig.defn(sig.impl(g.out.func)),
            "macro_arg": g.impl_class.removeprefix("structured_"),
        }
        for g in op.groups
    ]
    return FileSpec(f"aten/ops/{op.base}_native.h", "native.h.j2", {"op": op.base, "groups": groups})


def dtypes_header(op: Operator) -> FileSpec:
    cases = [{"name": d, "cpp_type": dtype_table.CPP_TYPES[d]} for d in op.dtypes]
    return FileSpec(f"aten/ops/{op.base}_dtypes.h", "dtypes.h.j2", {"op": op.base, "cases": cases})


def _wrapper(g: StructuredGroup, f: NativeFunction, key: str) -> dict[str, Any]:
    """One structured wrapper: a class deriving from the meta (Meta) or impl (CPU) class that
    owns or borrows the outputs, and the function the dispatcher calls."""
    kind = f.func.kind
    parent = g.meta_class if key == "Meta" else g.impl_class
    params = sig.dispatcher(f.func)
    n = g.num_outputs
    if kind is SchemaKind.FUNCTIONAL:
        outputs = [f"op.outputs_[{i}]" for i in range(n)]
        ctor_params, ctor_args = [], []
        moved = [f"std::move({o})" for o in outputs]
        result = moved[0] if n == 1 else f"std::make_tuple({', '.join(moved)})"
    else:
        outputs = [f"op.maybe_get_output({i})" for i in range(n)]
        if kind is SchemaKind.OUT:
            ctor_params = [f"out{i}" for i in range(n)]
            ctor_args = [a.name for a in f.func.arguments.out]
        else:
            ctor_params = ctor_args = [a.name for a in f.func.arguments.all if a.is_write]
        result = ctor_args[0] if n == 1 else f"std::forward_as_tuple({', '.join(ctor_args)})"
    inputs = sig.names(sig.meta(f.func))
    return {
        "kind": kind.value,
        "class_name": f"{parent}_{key}_{kind.value}",
        "parent": f"{'meta' if key == 'Meta' else 'native'}::{parent}",
        "num_outputs": n,
        "ctor_params": ", ".join(f"Tensor& {p}" for p in ctor_params),
        "ctor_init": ", ".join(f"std::ref({p})" for p in ctor_params),
        "ctor_args": ", ".join(ctor_args),
        "returns": sig.returns(f.func),
        "wrapper": f"wrapper_{key}_{f.func.name.unambiguous}",
        "params": sig.defn(params),
        "op_name": str(f.func.name),
        "meta_args": inputs,
        # Meta kernels stop after meta(): shapes, dtypes and strides without compute.
        "impl_args": None if key == "Meta" else ", ".join(filter(None, [inputs] + outputs)),
        "result": result,
    }


def register_source(op: Operator, key: str) -> FileSpec:
    wrappers = {}
    for g in op.groups:
        for f in g.members:
            wrappers[str(f.func.name)] = _wrapper(g, f, key)
    # Wrappers in group order (functional, out, in-place); registrations in YAML order.
    registrations = [
        {
            "name": f.func.name.name,
            "overload": f.func.name.overload,
            "wrapper": wrappers[str(f.func.name)]["wrapper"],
        }
        for f in op.functions
        if str(f.func.name) in wrappers
    ]
    header = f"aten/ops/{op.base}_meta.h" if key == "Meta" else f"aten/ops/{op.base}_native.h"
    includes = sorted(
        [
            "aten/core/Error.h",
            "aten/dispatch/Dispatcher.h",
            header,
            f"aten/ops/{op.base}_ops.h",
            "aten/structured/StructuredOutputs.h",
        ]
    )
    return FileSpec(
        f"aten/register/{op.base}_{key}.cpp",
        "register_op.cpp.j2",
        {
            "op": op.base,
            "key": key,
            "includes": includes,
            "kernel_classes": ", ".join(g.impl_class for g in op.groups),
            "wrappers": list(wrappers.values()),
            "registrations": registrations,
        },
    )


def register_all(operators: list[Operator]) -> FileSpec:
    """Schemas first: a kernel can only be registered for an operator the Dispatcher knows."""
    functions = [f"register_{op.base}_schemas" for op in operators]
    functions += [f"register_{op.base}_CPU" for op in operators if op.groups]
    functions += [f"register_{op.base}_Meta" for op in operators if op.groups]
    return FileSpec("aten/register/RegisterAll.cpp", "RegisterAll.cpp.j2", {"functions": functions})


def tensor_body(operators: list[Operator]) -> FileSpec:
    methods = []
    for op in operators:
        for f in op.functions:
            if not f.has_method:
                continue
            this = "const_cast<Tensor&>(*this)" if f.func.self_argument.is_write else "*this"
            args = [this if p.name == "self" else p.name for p in sig.dispatcher(f.func)]
            params = sig.method(f.func)
            methods.append(
                {
                    "returns": sig.returns(f.func),
                    "name": f.func.name.name,
                    "decl": sig.decl(params),
                    "params": sig.defn(params),
                    "struct": f.func.name.unambiguous,
                    "args": ", ".join(args),
                    "inplace": f.func.self_argument.is_write,
                }
            )
    includes = [f"aten/ops/{op.base}_ops.h" for op in operators if op.has_methods]
    return FileSpec("aten/core/TensorBody.h", "TensorBody.h.j2", {"includes": includes, "methods": methods})


def functions_aggregate(operators: list[Operator]) -> FileSpec:
    return FileSpec("aten/Functions.h", "Functions.h.j2", {"includes": [f"aten/ops/{op.base}.h" for op in operators]})


def all_files(operators: list[Operator]) -> list[FileSpec]:
    files = [functions_aggregate(operators), tensor_body(operators), register_all(operators)]
    for op in operators:
        files += [ops_header(op), ops_source(op), functions_header(op)]
        if op.groups:
            files += [meta_header(op), native_header(op), register_source(op, "CPU"), register_source(op, "Meta")]
        if op.dtypes:
            files.append(dtypes_header(op))
    return sorted(files, key=lambda spec: spec.path)

"""What each generated file contains, as plain data for its template.

One function per kind of file. Each returns the file's path (relative to the output directory),
its template, and the template's variables; all naming and signature decisions are made here,
so that the templates hold only C++ layout.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from tools.codegen import dtypes as dtype_table
from tools.codegen import signatures as sig
from tools.codegen.model import DISPATCH_KEYS, NativeFunction, Operator, SchemaKind, StructuredGroup, Variant
from tools.codegen.validate import INHERITS_HEADERS


@dataclass(frozen=True)
class Namespace:
    """Where the generated code goes. The library's operators are `aten` (the default). An
    extension's are its own namespace `ns` (`aten-codegen --namespace ns`, see
    tools/codegen/README.md): files under `<ns>/`, C++ in `namespace ns`, Dispatcher names
    `ns::op`, dtype macros `ATEN_DISPATCH_ns_op_TYPES`, so nothing clashes with the library's."""

    name: str = "aten"

    @property
    def extension(self) -> bool:
        return self.name != "aten"

    def qualified(self, name: str) -> str:
        """An operator's name as the Dispatcher knows it: `add`, or `my_ops::scaled_add`."""
        return f"{self.name}::{name}" if self.extension else name

    def dtype_macro(self, op: str) -> str:
        return f"ATEN_DISPATCH_{self.name}_{op}_TYPES" if self.extension else f"ATEN_DISPATCH_{op}_TYPES"

    @property
    def root(self) -> str:
        """The include directory: <aten/ops/add.h>, <my_ops/ops/scaled_add.h>."""
        return self.name

    @property
    def prelude(self) -> Optional[str]:
        """The header that opens an extension's namespace to aten's names (none for aten)."""
        return f"{self.name}/Namespace.h" if self.extension else None

    @property
    def aten(self) -> str:
        """How generated code names aten's own entities: an extension has a `detail` of its own."""
        return "::aten::" if self.extension else ""

    def template_context(self) -> dict[str, Any]:
        return {"ns": self.name, "root": self.root, "prelude": self.prelude, "aten": self.aten}


LIBRARY = Namespace()


@dataclass(frozen=True)
class FileSpec:
    path: str
    template: str
    context: dict[str, Any]


def _cpp_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _overload(f: NativeFunction, ns: Namespace) -> dict[str, Any]:
    params = sig.dispatcher(f.func)
    return {
        "struct": f.func.name.ops_struct,
        "name": ns.qualified(f.func.name.name),
        "overload": f.func.name.overload,
        "schema_str": _cpp_string(ns.qualified(str(f.func))),
        "returns": sig.returns(f.func),
        "params": sig.defn(params),
        "types": sig.types(params),
        "args": sig.names(params),
    }


# Standard headers a signature may need beyond <optional>, which every _ops.h includes.
_STD_HEADERS = {"std::tuple<": "tuple", "std::vector<": "vector", "std::string_view": "string_view"}


def _std_includes(text: str) -> list[str]:
    return sorted(h for token, h in _STD_HEADERS.items() if token in text)


def ops_header(op: Operator, ns: Namespace = LIBRARY) -> FileSpec:
    overloads = [_overload(f, ns) for f in op.functions]
    text = " ".join(o["returns"] + " " + o["params"] for o in overloads)
    context = {"op": op.base, "overloads": overloads, "std_includes": sorted({"optional", *_std_includes(text)}),
               **ns.template_context()}
    return FileSpec(f"{ns.root}/ops/{op.base}_ops.h", "ops.h.j2", context)


def ops_source(op: Operator, ns: Namespace = LIBRARY) -> FileSpec:
    """Everything of `op` the Dispatcher needs, in one translation unit: the call handles and
    schemas, and for each dispatch key the wrappers of its kernels and their registration.
    One file per op, not one per op and key: adding an op compiles one generated file, and a
    full build parses the per-op headers once per op."""
    keys = [_key_section(op, key, ns) for key in op.dispatch_keys]
    includes = {"aten/core/Tensor.h", "aten/dispatch/Boxing.h", "aten/dispatch/Dispatcher.h",
                f"{ns.root}/ops/{op.base}_ops.h"}
    for k in keys:
        includes |= k.pop("includes")
    context = {
        "op": op.base,
        "overloads": [_overload(f, ns) for f in op.functions],
        "includes": sorted(includes),
        "keys": keys,
        "structured": any(k["wrappers"] for k in keys),
        **ns.template_context(),
    }
    return FileSpec(f"{ns.root}/ops/{op.base}_ops.cpp", "ops.cpp.j2", context)


def functions_header(op: Operator, ns: Namespace = LIBRARY) -> FileSpec:
    """The user-facing functions. An out= overload gets two spellings, ATen's `_out` (outs
    first, defaults kept) and `_outf` (schema order, so no defaults); a factory gets a
    TensorOptions form and a scattered one (signatures.user_forms)."""
    functions = []
    for f in op.functions:
        if not f.has_function:
            continue
        params = sig.dispatcher(f.func)
        common = {"returns": sig.returns(f.func), "struct": f.func.name.ops_struct}
        name = f.func.name.name
        if f.func.is_out_fn:
            args = sig.names(params)
            functions.append({**common, "name": f"{name}_out", "params": sig.decl(sig.out_first(f.func)), "args": args})
            functions.append({**common, "name": f"{name}_outf", "params": sig.defn(params), "args": args})
        else:
            for form in sig.user_forms(f.func):
                functions.append({**common, "name": name, "params": sig.decl(form.params),
                                  "args": ", ".join(form.call_args)})
    context = {"op": op.base, "functions": functions, **ns.template_context()}
    return FileSpec(f"{ns.root}/ops/{op.base}.h", "functions_op.h.j2", context)


def meta_header(op: Operator, ns: Namespace = LIBRARY) -> FileSpec:
    includes = {ns.prelude} - {None}
    groups = []
    for g in op.groups:
        inherits = g.out.structured_inherits
        if inherits is None:
            includes.add("aten/structured/MetaBase.h")
            base = f"{ns.aten}impl::MetaBase"
        else:
            includes.add(INHERITS_HEADERS[inherits])
            base = f"{ns.aten}{inherits}"
        groups.append(
            {
                "meta_class": g.meta_class,
                "base": base,
                "params": sig.defn(sig.meta(g.out.func)),
                "macro_arg": g.meta_class.removeprefix("structured_"),
            }
        )
    includes.add("aten/structured/StructuredMacros.h")
    context = {"op": op.base, "includes": sorted(includes), "groups": groups, **ns.template_context()}
    return FileSpec(f"{ns.root}/ops/{op.base}_meta.h", "meta.h.j2", context)


def _kernel_declarations(op: Operator) -> list[dict[str, Any]]:
    """The hand-written `native::` kernels of the unstructured overloads, each declared once
    (one kernel may serve several dispatch keys)."""
    declarations = {}
    for f in op.unstructured:
        params = sig.defn(sig.dispatcher(f.func))
        for _, kernel in f.dispatch:
            declarations.setdefault((kernel, params), {"returns": sig.returns(f.func), "name": kernel,
                                                      "params": params, "op_name": str(f.func.name)})
    return list(declarations.values())


def native_header(op: Operator, ns: Namespace = LIBRARY) -> FileSpec:
    groups = [
        {
            "impl_class": g.impl_class,
            "meta_class": g.meta_class,
            "params": sig.defn(sig.impl(g.out.func)),
            "macro_arg": g.impl_class.removeprefix("structured_"),
        }
        for g in op.groups
    ]
    kernels = _kernel_declarations(op)
    text = " ".join(k["returns"] + " " + k["params"] for k in kernels)
    context = {"op": op.base, "groups": groups, "kernels": kernels, "std_includes": _std_includes(text),
               **ns.template_context()}
    return FileSpec(f"{ns.root}/ops/{op.base}_native.h", "native.h.j2", context)


def _cases(names: tuple[str, ...]) -> list[dict[str, str]]:
    return [{"name": d, "cpp_type": dtype_table.DTYPES[d].cpp_type} for d in names]


def dtypes_header(op: Operator, ns: Namespace = LIBRARY) -> FileSpec:
    context = {"op": op.base, "op_name": ns.qualified(op.base), "macro": ns.dtype_macro(op.base),
               "cases": _cases(op.dtypes), "headers": dtype_table.headers(op.dtypes)}
    return FileSpec(f"{ns.root}/ops/{op.base}_dtypes.h", "dtypes.h.j2", context)


def dispatch_header() -> FileSpec:
    """The group macros do not depend on the YAML: every group gets one, used or not."""
    groups = [{"group": name, "suffix": suffix, "cases": _cases(names)}
              for name, (names, suffix) in dtype_table.GROUPS.items()]
    all_names = tuple(d for names, _ in dtype_table.GROUPS.values() for d in names)
    context = {"groups": groups, "headers": dtype_table.headers(all_names)}
    return FileSpec("aten/Dispatch.h", "Dispatch.h.j2", context)


def _wrapper(g: StructuredGroup, f: NativeFunction, key: str, ns: Namespace) -> dict[str, Any]:
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
    # ATen's proxy outputs: a meta() that is not a TensorIterator may ask for exact strides,
    # which the impl() then relies on; a user tensor with other strides gets a stand-in that
    # is copied back after impl(). Meta kernels run no impl(), so they need none.
    proxies = key != "Meta" and kind is not SchemaKind.FUNCTIONAL and g.out.structured_inherits is None
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
        "op_name": ns.qualified(str(f.func.name)),
        "meta_args": inputs,
        # Meta kernels stop after meta(): shapes, dtypes and strides without compute.
        "impl_args": None if key == "Meta" else ", ".join(filter(None, [inputs] + outputs)),
        "result": result,
        "proxies": proxies,
    }


def _kernel_wrapper(f: NativeFunction, key: str, ns: Namespace) -> dict[str, Any]:
    """An unstructured overload's wrapper: names the op for errors, calls the native kernel."""
    params = sig.dispatcher(f.func)
    return {
        "returns": sig.returns(f.func),
        "wrapper": f"wrapper_{key}_{f.func.name.unambiguous}",
        "params": sig.defn(params),
        "op_name": ns.qualified(str(f.func.name)),
        "kernel": f.kernel(key),
        "args": sig.names(params),
    }


def _key_section(op: Operator, key: str, ns: Namespace) -> dict[str, Any]:
    """The wrappers of op's kernels for one dispatch key, and what registers them."""
    structured = {}
    if key in ("CPU", "Meta"):
        for g in op.groups:
            for f in g.members:
                structured[str(f.func.name)] = _wrapper(g, f, key, ns)
    kernels = {str(f.func.name): _kernel_wrapper(f, key, ns) for f in op.unstructured if f.kernel(key)}
    # Wrappers in group order (functional, out, in-place), then unstructured ones in YAML order;
    # registrations in YAML order.
    wrapper_names = {name: w["wrapper"] for name, w in {**structured, **kernels}.items()}
    registrations = [
        {"name": ns.qualified(f.func.name.name), "overload": f.func.name.overload,
         "wrapper": wrapper_names[str(f.func.name)]}
        for f in op.functions
        if str(f.func.name) in wrapper_names
    ]
    ops = f"{ns.root}/ops/{op.base}"
    includes = {"aten/core/Error.h"}
    if structured:
        includes |= {"aten/structured/StructuredOutputs.h", f"{ops}_meta.h" if key == "Meta" else f"{ops}_native.h"}
    if kernels:
        includes.add(f"{ops}_native.h")
    return {
        "key": key,
        "includes": includes,
        "kernel_classes": ", ".join(g.impl_class for g in op.groups),
        "wrappers": list(structured.values()),
        "kernel_wrappers": list(kernels.values()),
        "registrations": registrations,
    }


def register_all(operators: list[Operator]) -> FileSpec:
    """Schemas first: a kernel can only be registered for an operator the Dispatcher knows."""
    functions = [f"register_{op.base}_schemas" for op in operators]
    for key in DISPATCH_KEYS:
        functions += [f"register_{op.base}_{key}" for op in operators if key in op.dispatch_keys]
    return FileSpec("aten/register/RegisterAll.cpp", "RegisterAll.cpp.j2", {"functions": functions})


def tensor_body(operators: list[Operator]) -> FileSpec:
    methods = []
    for op in operators:
        for f in op.functions:
            if not f.has_method:
                continue
            for form in sig.user_forms(f.func, method=True):
                methods.append(
                    {
                        "returns": sig.returns(f.func),
                        "name": f.func.name.name,
                        "decl": sig.decl(form.params),
                        "params": sig.defn(form.params),
                        "struct": f.func.name.ops_struct,
                        "args": ", ".join(form.call_args),
                        "inplace": f.func.self_argument.is_write,
                    }
                )
    includes = [f"aten/ops/{op.base}_ops.h" for op in operators if op.has_methods]
    # ATen's t[i] is t.select(0, i); the operator exists where that method does.
    index_by_select = any(str(f.func.name) == "select.int" and f.has_method for op in operators for f in op.functions)
    return FileSpec("aten/core/TensorBody.h", "TensorBody.h.j2",
                    {"includes": includes, "methods": methods, "index_by_select": index_by_select})


def functions_aggregate(operators: list[Operator]) -> FileSpec:
    return FileSpec("aten/Functions.h", "Functions.h.j2", {"includes": [f"aten/ops/{op.base}.h" for op in operators]})


def _registered_keys(op: Operator, f: NativeFunction) -> tuple[str, ...]:
    """The keys f has a kernel registered under (not the keys it runs on through an alias)."""
    return tuple(k for k in op.dispatch_keys if (f.is_structured_member and k in ("CPU", "Meta")) or f.kernel(k))


def _manifest_overloads(op: Operator) -> list[dict[str, Any]]:
    """One record per overload of `op`, YAML order: the same for the JSON and the C++ manifest."""
    groups = {str(m.func.name): str(g.out.func.name) for g in op.groups for m in g.members}
    records = []
    for f in op.functions:
        keys = _registered_keys(op, f)
        records.append({
            "name": f.func.name.name,
            "overload": f.func.name.overload,
            "ident": f.func.name.unambiguous,
            "schema": str(f.func),
            "schema_kind": f.func.kind.value,
            "variants": [v.value for v in Variant if v in f.variants],
            "structured_group": groups.get(str(f.func.name), ""),
            "dispatch_keys": list(keys),
            # Runs on Meta tensors: a Meta kernel (generated for structured ops, hand-written
            # otherwise) or a composite one, which calls ops that have theirs.
            "meta": any(k != "CPU" for k in keys),
        })
    return records


def manifest_json(operators: list[Operator]) -> FileSpec:
    """For tools and scripts: generated/manifest.json (outside aten/, as nothing includes it)."""
    ops = [{"op": op.base, "dtypes": list(op.dtypes),
            "overloads": [{k: v for k, v in r.items() if k != "ident"} for r in _manifest_overloads(op)]}
           for op in operators]
    return FileSpec("manifest.json", "manifest.json.j2", {"operators": ops})


def manifest_header(operators: list[Operator]) -> FileSpec:
    """The Overload record, for tests that iterate over every overload. The same for any set of
    operators: an added op changes only manifest_source, one translation unit."""
    return FileSpec("aten/OpManifest.h", "OpManifest.h.j2", {})


def manifest_source(operators: list[Operator]) -> FileSpec:
    """The same records as generated/manifest.json, as constexpr C++ arrays."""
    ops = [{"op": op.base, "dtypes": list(op.dtypes),
            "overloads": [{**r, "schema": _cpp_string(r["schema"])} for r in _manifest_overloads(op)]}
           for op in operators]
    return FileSpec("aten/OpManifest.cpp", "OpManifest.cpp.j2", {"operators": ops})


def namespace_header(ns: Namespace) -> FileSpec:
    return FileSpec(f"{ns.root}/Namespace.h", "extension/Namespace.h.j2", ns.template_context())


def extension_functions(operators: list[Operator], ns: Namespace) -> FileSpec:
    context = {"includes": [f"{ns.root}/ops/{op.base}.h" for op in operators], **ns.template_context()}
    return FileSpec(f"{ns.root}/Functions.h", "extension/Functions.h.j2", context)


def extension_registration(operators: list[Operator], ns: Namespace) -> FileSpec:
    """The extension's counterpart of RegisterAll.cpp: the library's Dispatcher registers its own
    operators when first used; an extension's register from a static object of the program (or
    library) they are linked into, as ATen's TORCH_LIBRARY blocks do."""
    context = {"functions": register_all(operators).context["functions"], **ns.template_context()}
    return FileSpec(f"{ns.root}/register/Registration.cpp", "extension/Registration.cpp.j2", context)


def all_files(operators: list[Operator], ns: Namespace = LIBRARY) -> list[FileSpec]:
    """The library's files, or an extension's: its per-operator files under <ns>/ and its own
    aggregates, never the library's (Functions.h, TensorBody.h, RegisterAll.cpp, Dispatch.h,
    the manifest), which the installed library already has."""
    if ns.extension:
        files = [namespace_header(ns), extension_functions(operators, ns), extension_registration(operators, ns)]
    else:
        files = [functions_aggregate(operators), tensor_body(operators), register_all(operators), dispatch_header(),
                 manifest_json(operators), manifest_header(operators), manifest_source(operators)]
    for op in operators:
        files += [ops_header(op, ns), ops_source(op, ns), functions_header(op, ns)]
        if op.groups:
            files.append(meta_header(op, ns))
        if op.groups or op.unstructured:
            files.append(native_header(op, ns))
        if op.dtypes:
            files.append(dtypes_header(op, ns))
    return sorted(files, key=lambda spec: spec.path)

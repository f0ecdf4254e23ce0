"""What each generated file contains, as plain data for its template.

One function per kind of file. Each returns the file's path (relative to the output directory),
its template, and the template's variables; all naming and signature decisions are made here,
so that the templates hold only C++ layout.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from tools.codegen import autograd, python_bindings
from tools.codegen import dtypes as dtype_table
from tools.codegen import signatures as sig
from tools.codegen.derivatives import Derivatives, is_tensor_type
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

    def dtype_set_macro(self, set_name: str) -> str:
        """A dtype set's cases macro. An extension's sets are its own (under <ns>/dtype_sets/) and
        so are their names: the library's headers may define the same set from another version
        of the generator."""
        return f"ATEN_DTYPE_SET_{self.name}_{set_name}" if self.extension else f"ATEN_DTYPE_SET_{set_name}"

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


def _overload(f: NativeFunction, ns: Namespace) -> dict[str, Any]:
    params = sig.dispatcher(f.func)
    struct = f.func.name.ops_struct
    return {
        "struct": struct,
        # The struct as its own members name it: qualified where an argument of the same name
        # (threshold's `threshold`, pad's `pad`) hides it.
        "handle": f"_ops::{struct}" if any(a.name == struct for a in f.func.arguments.all) else struct,
        "name": ns.qualified(f.func.name.name),
        "overload": f.func.name.overload,
        "schema_str": ns.qualified(str(f.func)),
        "returns": sig.returns(f.func),
        "params": sig.defn(params),
        "types": sig.types(params),
        "args": sig.names(params),
    }


# Standard headers a signature may need beyond <optional>, which every _ops.h includes.
_STD_HEADERS = {"std::array<": "array", "std::tuple<": "tuple", "std::vector<": "vector", "std::string_view": "string_view"}
# Library headers only some signatures need: an op without a Generator does not include its header.
_LIB_HEADERS = {"Generator": "aten/core/Generator.h"}
# Headers a user-facing signature's default values may need (`int reduction=Mean`).
_DEFAULT_HEADERS = {"Reduction::": "aten/core/Reduction.h"}


def _std_includes(text: str) -> list[str]:
    return sorted(h for token, h in _STD_HEADERS.items() if token in text)


def _lib_includes(text: str) -> list[str]:
    return sorted(h for token, h in _LIB_HEADERS.items() if token in text)


def ops_header(op: Operator, ns: Namespace = LIBRARY) -> FileSpec:
    overloads = [_overload(f, ns) for f in op.functions]
    text = " ".join(o["returns"] + " " + o["params"] for o in overloads)
    context = {"op": op.base, "overloads": overloads, "std_includes": sorted({"optional", *_std_includes(text)}),
               "lib_includes": _lib_includes(text), **ns.template_context()}
    return FileSpec(f"{ns.root}/ops/{op.base}_ops.h", "ops.h.j2", context)


def ops_source(op: Operator, ns: Namespace = LIBRARY) -> FileSpec:
    """Everything of `op` the Dispatcher needs, in one translation unit: the call handles and
    schemas, and for each dispatch key the wrappers of its kernels and their registration.
    One file per op, not one per op and key: adding an op compiles one generated file, and a
    full build parses the per-op headers once per op."""
    keys = [_key_section(op, key, ns) for key in op.dispatch_keys]
    includes = {"aten/core/Tensor.h", "aten/dispatch/TypedOp.h", f"{ns.root}/ops/{op.base}_ops.h"}
    for k in keys:
        includes |= k.pop("includes")
    context = {
        "op": op.base,
        "overloads": [_overload(f, ns) for f in op.functions],
        "includes": sorted(includes),
        "keys": keys,
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
    text = " ".join(f["params"] for f in functions)
    default_includes = sorted(h for token, h in _DEFAULT_HEADERS.items() if token in text)
    context = {"op": op.base, "functions": functions, "default_includes": default_includes,
               **ns.template_context()}
    return FileSpec(f"{ns.root}/ops/{op.base}.h", "functions_op.h.j2", context)


def meta_header(op: Operator, ns: Namespace = LIBRARY) -> FileSpec:
    includes = {ns.prelude} - {None}
    groups = []
    for g in op.groups:
        inherits = g.out.structured_inherits
        includes.add("aten/structured/MetaBase.h" if inherits is None else INHERITS_HEADERS[inherits])
        groups.append(
            {
                "meta_class": g.meta_class,
                "inherits": inherits,
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


def _set_header(names: tuple[str, ...], ns: Namespace) -> str:
    return f"{ns.root}/dtype_sets/{dtype_table.set_name(names)}.h"


def dtype_set_header(names: tuple[str, ...], ns: Namespace = LIBRARY) -> FileSpec:
    """The cases of one dtype set, for every switch (op or group) with exactly these dtypes: the
    switch around them is ATEN_DTYPE_SWITCH, written once in <aten/core/DtypeDispatch.h>."""
    name = dtype_table.set_name(names)
    # The library's sets name the group sets they contain instead of repeating their cases (an
    # extension's stay flat: its generator may differ from the installed library's).
    parts = dtype_table.set_parts(names)
    if ns.extension or len(parts) == 1:
        parts = list(names)
    runs = [{"group": p, "macro": ns.dtype_set_macro(p), "header": _set_header(dtype_table.GROUPS[p][0], ns)}
            if p in dtype_table.GROUPS else {"group": None, "case": _cases((p,))[0]} for p in parts]
    context = {"set_name": name, "macro": ns.dtype_set_macro(name), "cases": _cases(names),
               "runs": runs, "headers": dtype_table.headers(names)}
    return FileSpec(_set_header(names, ns), "dtype_set.h.j2", context)


def dtypes_header(op: Operator, ns: Namespace = LIBRARY) -> FileSpec:
    context = {"op_name": ns.qualified(op.base), "macro": ns.dtype_macro(op.base),
               "set_header": _set_header(op.dtypes, ns),
               "set_macro": ns.dtype_set_macro(dtype_table.set_name(op.dtypes))}
    return FileSpec(f"{ns.root}/ops/{op.base}_dtypes.h", "dtypes.h.j2", context)


def dispatch_header() -> FileSpec:
    """The group macros do not depend on the YAML: every group gets one, used or not."""
    groups = [{"group": name, "suffix": suffix, "names": list(names), "set_header": _set_header(names, LIBRARY),
               "set_macro": LIBRARY.dtype_set_macro(dtype_table.set_name(names))}
              for name, (names, suffix) in dtype_table.GROUPS.items()]
    context = {"groups": groups, "set_headers": sorted(g["set_header"] for g in groups)}
    return FileSpec("aten/Dispatch.h", "Dispatch.h.j2", context)


def _kernel(op: Operator, f: NativeFunction, key: str, ns: Namespace) -> Optional[dict[str, Any]]:
    """f's kernel on `key`, if it has one. A structured overload's (CPU and Meta only) is a wrapper
    of <aten/structured/StructuredWrappers.h> named by its output policy (the schema kind), around
    the op's impl class (CPU: meta() then impl()) or meta class (Meta: meta() only); any other is
    its hand-written `native::` kernel, which detail::NamedKernel (<aten/dispatch/TypedOp.h>) runs."""
    kernel = {"name": ns.qualified(f.func.name.name), "overload": f.func.name.overload,
              "ops_struct": f.func.name.ops_struct}
    group = next((g for g in op.groups if f in g.members), None)
    if group is not None:
        if key not in ("CPU", "Meta"):
            return None
        return {**kernel, "policy": f.func.kind.value,
                "kernel_class": group.meta_class if key == "Meta" else group.impl_class}
    if f.kernel(key) is None:
        return None
    return {**kernel, "native": f.kernel(key)}


def _key_section(op: Operator, key: str, ns: Namespace) -> dict[str, Any]:
    """The kernels of op's overloads on one dispatch key, in YAML order, as registered."""
    kernels = [k for k in (_kernel(op, f, key, ns) for f in op.functions) if k is not None]
    ops = f"{ns.root}/ops/{op.base}"
    includes = set()
    if any("policy" in k for k in kernels):
        includes |= {"aten/structured/StructuredWrappers.h", f"{ops}_meta.h" if key == "Meta" else f"{ops}_native.h"}
    if any("native" in k for k in kernels):
        includes.add(f"{ops}_native.h")
    return {"key": key, "includes": includes, "kernels": kernels}


def _registrations(operators: list[Operator], recording: frozenset[str] = frozenset()) -> list[dict[str, str]]:
    """The registration functions of <op>_ops.cpp, in the order they run: schemas first (a kernel
    can only be registered for an operator the Dispatcher knows), then kernels key by key, then
    the Autograd kernels of the operators in `recording` (their <op>_autograd.cpp)."""
    calls = [{"op": op.base, "what": "schemas"} for op in operators]
    for key in DISPATCH_KEYS:
        calls += [{"op": op.base, "what": key} for op in operators if key in op.dispatch_keys]
    calls += [{"op": op.base, "what": "Autograd"} for op in operators if op.base in recording]
    return calls


def register_all(operators: list[Operator], recording: frozenset[str] = frozenset()) -> FileSpec:
    return FileSpec("aten/register/RegisterAll.cpp", "RegisterAll.cpp.j2",
                    {"registrations": _registrations(operators, recording)})


def python_sources(operators: list[Operator]) -> list[FileSpec]:
    """python/bindings_<k>.cpp: the Python module's signature tables (python_bindings.py)."""
    return [FileSpec(f"python/bindings_{shard['shard']}.cpp", "python_bindings.cpp.j2", shard)
            for shard in python_bindings.python_files(operators)]


def autograd_files(operators: list[Operator], derivs: Derivatives) -> list[FileSpec]:
    """aten/autograd/<op>_autograd.cpp for every operator with a recording overload."""
    names = frozenset(f.func.name.base for op in operators for f in op.functions if f.has_function)
    files = []
    for op in operators:
        context = autograd.autograd_source(op, derivs, names)
        if context is not None:
            files.append(FileSpec(f"aten/autograd/{op.base}_autograd.cpp", "autograd.cpp.j2", context))
    return files


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


def _autograd(f: NativeFunction, derivs: Optional[Derivatives]) -> str:
    """How f behaves under autograd (the manifest's `autograd`): `records` (a node from its
    formulas), `refuses` (an out= overload of a differentiable op), `decomposes` (composite:
    its decomposition records), `not_differentiable` (listed so in derivatives.yaml), `none` (no
    tensor input), or `missing`: a formula derivatives.yaml lacks, which the manifest suite
    reports."""
    if f.kernel("CompositeImplicitAutograd"):
        return "decomposes"
    if not any(is_tensor_type(a.type) for a in f.func.arguments.non_out):
        return "none"
    if derivs is not None:
        if f.func.name.base in derivs.not_differentiable:
            return "not_differentiable"
        if derivs.for_function(f) is not None:
            return "refuses" if f.func.kind is SchemaKind.OUT else "records"
    return "missing"


def _manifest_overloads(op: Operator, derivs: Optional[Derivatives] = None) -> list[dict[str, Any]]:
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
            "autograd": _autograd(f, derivs),
        })
    return records


def manifest_json(operators: list[Operator], derivs: Optional[Derivatives] = None) -> FileSpec:
    """For tools and scripts: generated/manifest.json (outside aten/, as nothing includes it)."""
    ops = [{"op": op.base, "dtypes": list(op.dtypes),
            "overloads": [{k: v for k, v in r.items() if k != "ident"} for r in _manifest_overloads(op, derivs)]}
           for op in operators]
    return FileSpec("manifest.json", "manifest.json.j2", {"operators": ops})


def manifest_header(operators: list[Operator]) -> FileSpec:
    """The Overload record, for tests that iterate over every overload. The same for any set of
    operators: an added op changes only manifest_source, one translation unit."""
    return FileSpec("aten/OpManifest.h", "OpManifest.h.j2", {})


def manifest_source(operators: list[Operator], derivs: Optional[Derivatives] = None) -> FileSpec:
    """The same records as generated/manifest.json, as constexpr C++ arrays."""
    ops = [{"op": op.base, "dtypes": list(op.dtypes),
            "overloads": _manifest_overloads(op, derivs)}
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
    context = {"registrations": _registrations(operators), **ns.template_context()}
    return FileSpec(f"{ns.root}/register/Registration.cpp", "extension/Registration.cpp.j2", context)


def all_files(operators: list[Operator], ns: Namespace = LIBRARY, derivs: Optional[Derivatives] = None) -> list[FileSpec]:
    """The library's files, or an extension's: its per-operator files under <ns>/ and its own
    aggregates, never the library's (Functions.h, TensorBody.h, RegisterAll.cpp, Dispatch.h,
    the manifest), which the installed library already has. With derivatives, the library's
    Autograd layer too."""
    if ns.extension:
        files = [namespace_header(ns), extension_functions(operators, ns), extension_registration(operators, ns)]
    else:
        recording = autograd_files(operators, derivs) if derivs is not None else []
        bases = frozenset(spec.context["op"] for spec in recording)
        files = [functions_aggregate(operators), tensor_body(operators), register_all(operators, bases),
                 dispatch_header(), manifest_json(operators, derivs), manifest_header(operators),
                 manifest_source(operators, derivs), *recording, *python_sources(operators)]
    # The dtype sets: the groups' (Dispatch.h switches on them) and each op's, once each.
    dtype_sets = {} if ns.extension else {names: None for names, _ in dtype_table.GROUPS.values()}
    for op in operators:
        files += [ops_header(op, ns), ops_source(op, ns), functions_header(op, ns)]
        if op.groups:
            files.append(meta_header(op, ns))
        if op.groups or op.unstructured:
            files.append(native_header(op, ns))
        if op.dtypes:
            files.append(dtypes_header(op, ns))
            dtype_sets[op.dtypes] = None
    files += [dtype_set_header(names, ns) for names in dtype_sets]
    return sorted(files, key=lambda spec: spec.path)

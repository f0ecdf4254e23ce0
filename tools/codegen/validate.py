"""Checks across entries, and assembly of the checked entries into Operators.

Every check records a CodegenError at the line of the entry to fix; `build_operators` raises
them all together, so a run either produces a fully consistent model or writes nothing.
"""
from __future__ import annotations

from tools.codegen import cpp_types
from tools.codegen import signatures as sig
from tools.codegen.errors import CodegenError, CodegenErrors
from tools.codegen.entries import is_cpp_identifier
from tools.codegen.model import BaseType, NativeFunction, Operator, SchemaKind, StructuredGroup, Variant

# structured_inherits -> the header that declares the class. A meta class without one derives
# from impl::MetaBase.
INHERITS_HEADERS = {
    "TensorIteratorBase": "aten/iterator/TensorIterator.h",
}


# Namespaces an extension may not take: the library's, libtorch's (a program may link both),
# the standard library's, and the sub-namespaces generated code refers to inside its own.
RESERVED_NAMESPACES = frozenset({"aten", "at", "c10", "torch", "caffe2", "std", "detail", "native", "meta", "impl",
                                 "_ops", "vec"})


def namespace_problem(name: str) -> str | None:
    """Why `name` cannot be an extension's namespace, or None."""
    if not is_cpp_identifier(name) or name.startswith("_"):
        return "not a C++ identifier (letters, digits and '_', not starting with '_' or a digit)"
    if name in RESERVED_NAMESPACES:
        return f"reserved (taken: {', '.join(sorted(RESERVED_NAMESPACES))})"
    return None


def check_extension(functions: list[NativeFunction], errors: list[CodegenError]) -> None:
    """What an extension's YAML cannot ask for: aten::Tensor is the installed library's class,
    so an extension adds functions (ns::op), not methods."""
    for f in functions:
        if Variant.METHOD in f.variants:
            errors.append(CodegenError(f.line, f"{f.func.name}: an extension cannot add Tensor methods "
                                       "(aten::Tensor belongs to the installed library); use variants: function"))


def build_operators(
    functions: list[NativeFunction], errors: list[CodegenError], complete: bool = True
) -> list[Operator]:
    """The operators in YAML order; raises CodegenErrors if `errors` is not empty at the end.

    `complete` is False when some entry's schema did not parse: then an operator that seems
    missing may just be that entry, so the checks that need every entry are skipped rather
    than reported as confusing follow-on errors."""
    operators = _Validator(functions, errors, complete).run()
    if errors:
        raise CodegenErrors(errors)
    return operators


class _Validator:
    def __init__(self, functions: list[NativeFunction], errors: list[CodegenError], complete: bool):
        self.errors = errors
        self.complete = complete
        self.by_name: dict[str, NativeFunction] = {}
        for f in functions:
            key = str(f.func.name)
            if key in self.by_name:
                self.error(f, f"duplicate operator '{key}' (first defined on line {self.by_name[key].line})")
            else:
                self.by_name[key] = f

    def error(self, f: NativeFunction, message: str) -> None:
        self.errors.append(CodegenError(f.line, message))

    def run(self) -> list[Operator]:
        for f in self.by_name.values():
            self.check_cpp(f)
            self.check_variants(f)
            if f.structured:
                self.check_structured(f)
            elif f.structured_delegate is not None:
                self.check_delegate(f)
            else:
                self.check_unstructured(f)
        self.check_kernel_overloads()
        self.check_ambiguous_overloads()
        return self.assemble_operators(self.assemble_groups())

    # -- one entry ------------------------------------------------------------------------

    def check_cpp(self, f: NativeFunction) -> None:
        """Everything C++ must express (types, defaults) is checked now, before anything renders."""
        try:
            for arg in f.func.arguments.all:
                cpp_types.argument_type(arg.type, arg.annotation)
                if arg.default is not None:
                    cpp_types.default_value(arg.type, arg.default)
            cpp_types.returns_type(f.func.returns)
        except ValueError as e:
            self.error(f, f"{f.func.name}: {e}")
        if sig.tensor_options_index(f.func) is not None and any(a.name == "options" for a in f.func.arguments.all):
            self.error(f, f"{f.func.name}: an argument named 'options' clashes with the TensorOptions overload")

    def check_variants(self, f: NativeFunction) -> None:
        if not f.variants:
            self.error(f, "variants: name at least one of function, method")
        if f.has_method:
            self_arg = f.func.self_argument
            if self_arg is None or self_arg.type != BaseType("Tensor"):
                self.error(f, f"{f.func.name}: a method variant needs a 'Tensor self' argument")
            if f.func.is_out_fn:
                self.error(f, f"{f.func.name}: an out= overload cannot be a method")

    def check_structured(self, f: NativeFunction) -> None:
        name = f.func.name
        if not f.func.is_out_fn:
            self.error(f, f"{name}: structured: True belongs on the out= overload")
        if f.structured_delegate is not None:
            self.error(f, f"{name}: a structured op cannot also have a structured_delegate")
        if f.kernel("CPU") is None:
            self.error(f, f"structured op '{name}' has no CPU kernel name (add `dispatch: CPU: <kernel>`)")
        for key, _ in f.dispatch:
            if key != "CPU":
                self.error(f, f"{name}: a structured op has a CPU kernel only (its Meta kernel is generated), "
                           f"not {key}")
        if f.structured_inherits is not None and f.structured_inherits not in INHERITS_HEADERS:
            known = ", ".join(INHERITS_HEADERS)
            self.error(f, f"{name}: unknown structured_inherits '{f.structured_inherits}' (known: {known})")
        outs = f.func.arguments.out
        for out_arg in outs:
            if out_arg.type != BaseType("Tensor"):
                self.error(f, f"{name}: structured out= argument '{out_arg.name}' must be a Tensor")
        rets = f.func.returns
        if len(rets) != len(outs) or any(r.type != a.type or r.annotation != a.annotation for r, a in zip(rets, outs)):
            self.error(f, f"{name}: an out= overload returns its out= arguments, with their annotations")

    def check_unstructured(self, f: NativeFunction) -> None:
        name = f.func.name
        if f.structured_inherits is not None:
            self.error(f, f"{name}: structured_inherits is only for an entry with structured: True")
        if f.kernel("CompositeExplicitAutograd") and f.kernel("CompositeImplicitAutograd"):
            self.error(f, f"{name}: give a CompositeExplicitAutograd or a CompositeImplicitAutograd kernel, "
                       "not both (each covers every backend)")
        if f.func.kind is SchemaKind.INPLACE:
            self_arg = f.func.self_argument
            rets = f.func.returns
            if self_arg is None or not self_arg.is_write or len(rets) != 1 or rets[0].annotation != self_arg.annotation:
                self.error(f, f"{name}: an in-place operator writes 'self' (Tensor(a!) self) and returns it "
                           "(-> Tensor(a!))")
        elif f.func.is_out_fn:
            outs, rets = f.func.arguments.out, f.func.returns
            if len(rets) != len(outs) or any(r.type != a.type or r.annotation != a.annotation
                                             for r, a in zip(rets, outs)):
                self.error(f, f"{name}: an out= overload returns its out= arguments, with their annotations")

    def check_kernel_overloads(self) -> None:
        """Hand-written kernels are declared as C++ functions in aten::native; two overloads may
        share a kernel name only if C++ can tell them apart by their parameter types."""
        seen: dict[tuple[str, str], NativeFunction] = {}
        for f in self.by_name.values():
            if f.is_structured_member:
                continue
            try:
                types = sig.types(sig.dispatcher(f.func))
            except ValueError:
                continue  # reported by check_cpp
            for kernel in dict.fromkeys(k for _, k in f.dispatch):
                first = seen.setdefault((kernel, types), f)
                if first is not f:
                    self.error(f, f"{f.func.name}: kernel '{kernel}' is also the kernel of '{first.func.name}' "
                               f"(line {first.line}) with the same C++ parameters ({types}); name one of them "
                               "differently in dispatch:")

    def check_ambiguous_overloads(self) -> None:
        """Overloads of one name become C++ overloads of one function (aten::clamp) or method
        (Tensor::clamp). Defaults can make a call match two of them equally: with
        `clamp(Tensor self, Scalar? min=None, ...)` and `clamp.Tensor(Tensor self, Tensor? min=None,
        ...)`, `aten::clamp(t)` does not compile. Reported here rather than resolved silently;
        ATen's YAML drops the default of one (cpp_no_default_args), and so does ours, by writing
        the schema without it. Detected: some argument count that both accept (at least the
        required, at most all parameters) with the same C++ types in the same order; overloads
        that differ only by an implicit conversion are left to the compiler."""
        forms: dict[tuple[str, str], list[tuple[NativeFunction, list[sig.CppParam]]]] = {}
        for f in self.by_name.values():
            try:
                name = f.func.name.name
                if f.has_function and f.func.is_out_fn:
                    forms.setdefault(("function", f"{name}_out"), []).append((f, sig.out_first(f.func)))
                    forms.setdefault(("function", f"{name}_outf"), []).append((f, sig.dispatcher(f.func)))
                elif f.has_function:
                    for form in sig.user_forms(f.func):
                        forms.setdefault(("function", name), []).append((f, form.params))
                if f.has_method:
                    for form in sig.user_forms(f.func, method=True):
                        forms.setdefault(("method", name), []).append((f, form.params))
            except ValueError:
                continue  # reported by check_cpp
        reported: set[tuple[str, str]] = set()  # one error per pair, though both spellings clash
        for (where, name), candidates in forms.items():
            for i, (f, a) in enumerate(candidates):
                for g, b in candidates[:i]:
                    pair = (str(g.func.name), str(f.func.name))
                    if f is g or pair in reported:
                        continue
                    types = _common_call(a, b)
                    if types is not None:
                        reported.add(pair)
                        spelled = f"Tensor::{name}" if where == "method" else f"aten::{name}"
                        self.error(f, f"{f.func.name}: a call {spelled}({types}) would match both '{g.func.name}' "
                                   f"(line {g.line}) and '{f.func.name}' in C++; remove a default from one of them")

    def check_delegate(self, f: NativeFunction) -> None:
        name, target_name = f.func.name, f.structured_delegate
        target = self.by_name.get(str(target_name))
        if target is None:
            if self.complete:
                self.error(f, f"{name}: structured_delegate '{target_name}' does not exist")
            return
        if not target.structured:
            self.error(f, f"{name}: structured_delegate '{target_name}' is not structured: True")
            return
        if f.func.is_out_fn:
            self.error(f, f"{name}: an out= overload does not delegate; mark it structured: True")
            return
        if f.dispatch:
            self.error(f, f"{name}: an entry with structured_delegate gets its kernels from '{target_name}'; "
                       "remove dispatch")
        if f.structured_inherits is not None:
            self.error(f, f"{name}: structured_inherits belongs on '{target_name}'")
        if target_name.base != name.base:
            self.error(f, f"{name}: structured_delegate must name an overload of '{name.base}', not '{target_name}'")

        outs, rets = target.func.arguments.out, f.func.returns
        if f.func.kind is SchemaKind.INPLACE:
            self_arg = f.func.self_argument
            if self_arg is None or not self_arg.is_write or len(rets) != 1 or rets[0].annotation != self_arg.annotation:
                self.error(f, f"{name}: an in-place variant writes 'self' (Tensor(a!) self) and returns it "
                           "(-> Tensor(a!))")
            elif len(outs) != 1:
                self.error(f, f"{name}: an in-place variant needs a group with exactly one out= argument")
        else:
            if any(a.annotation is not None for a in f.func.arguments.all):
                self.error(f, f"{name}: a functional variant does not take alias-annotated arguments")
            if len(rets) != len(outs) or any(r.annotation is not None or r.type != a.type for r, a in zip(rets, outs)):
                expected = ", ".join(str(a.type) for a in outs)
                self.error(f, f"{name}: the functional variant must return new tensors ({expected}), "
                           f"one per out= argument of '{target_name}'")

    # -- assembly -------------------------------------------------------------------------

    def assemble_groups(self) -> dict[str, StructuredGroup]:
        """Structured groups keyed by the out= overload's name."""
        members: dict[str, dict[SchemaKind, NativeFunction]] = {}
        for f in self.by_name.values():
            target = self.by_name.get(str(f.structured_delegate)) if f.structured_delegate else None
            if target is None or not target.structured or f.func.is_out_fn:
                continue  # already reported
            slot = members.setdefault(str(target.func.name), {})
            kind = f.func.kind
            if kind in slot:
                self.error(f, f"{f.func.name}: '{target.func.name}' already has a {kind.value} variant, "
                           f"'{slot[kind].func.name}'")
            else:
                slot[kind] = f

        groups: dict[str, StructuredGroup] = {}
        for f in self.by_name.values():
            if not f.structured:
                continue
            slot = members.get(str(f.func.name), {})
            functional = slot.get(SchemaKind.FUNCTIONAL)
            if functional is None:
                if self.complete:
                    self.error(f, f"structured op '{f.func.name}' has no functional variant (an entry with "
                               f"structured_delegate: {f.func.name} and no out= arguments)")
                continue
            inplace = slot.get(SchemaKind.INPLACE)
            # The functional overload defines the group's arguments; the others must repeat them.
            matches = True
            for variant, what in ((f, "out="), (inplace, "in-place")):
                if variant is None:
                    continue
                expected, got = functional.func.signature(), variant.func.signature()
                if expected != got:
                    matches = False
                    self.error(variant, f"{variant.func.name}: the {what} variant's arguments ({got}) do not match "
                               f"those of its functional variant '{functional.func.name}' ({expected})")
            if matches:
                groups[str(f.func.name)] = StructuredGroup(out=f, functional=functional, inplace=inplace)
        return groups

    def assemble_operators(self, groups: dict[str, StructuredGroup]) -> list[Operator]:
        functions_by_base: dict[str, list[NativeFunction]] = {}
        for f in self.by_name.values():
            functions_by_base.setdefault(f.func.name.base, []).append(f)

        operators = []
        for base, functions in functions_by_base.items():
            declared = [f for f in functions if f.dtypes]
            for f in declared[1:]:
                if f.dtypes != declared[0].dtypes:
                    self.error(f, f"{f.func.name}: dtypes differ from those of '{declared[0].func.name}'; "
                               "an operator has one dtype list")
            op_groups = tuple(groups[str(f.func.name)] for f in functions if str(f.func.name) in groups)
            dtypes = declared[0].dtypes if declared else ()
            operators.append(Operator(base, tuple(functions), op_groups, dtypes))
        return operators


def _common_call(a: list[sig.CppParam], b: list[sig.CppParam]) -> str | None:
    """The parameter types of a call that both parameter lists accept equally well, if any."""
    def required(params: list[sig.CppParam]) -> int:
        return sum(p.default is None for p in params)

    for k in range(max(required(a), required(b)), min(len(a), len(b)) + 1):
        if [p.type for p in a[:k]] == [p.type for p in b[:k]]:
            return ", ".join(p.type for p in a[:k])
    return None

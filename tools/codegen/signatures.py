"""C++ signatures of one overload, in the forms the generated files need.

A signature is a list of CppParam; the helpers at the bottom turn it into the text of a
declaration, a definition (no defaults) or a call.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from tools.codegen import cpp_types
from tools.codegen.model import Argument, FunctionSchema


@dataclass(frozen=True)
class CppParam:
    type: str
    name: str
    default: Optional[str] = None


def _param(arg: Argument, *, with_default: bool = True) -> CppParam:
    default = cpp_types.default_value(arg.type, arg.default) if with_default and arg.default is not None else None
    return CppParam(cpp_types.argument_type(arg.type, arg.annotation), arg.name, default)


def dispatcher(func: FunctionSchema) -> list[CppParam]:
    """Schema order, which is `call`'s and every kernel's order; keeps defaults for user functions."""
    return [_param(a) for a in func.arguments.all]


def out_first(func: FunctionSchema) -> list[CppParam]:
    """`add_out(out, self, other, alpha=1)`: outs first so that the defaults stay usable."""
    outs = [_param(a) for a in func.arguments.out]
    return outs + [_param(a) for a in func.arguments.non_out]


# ATen's TensorOptions fields as schema arguments, which must appear together and in this order.
TENSOR_OPTIONS = (("dtype", "ScalarType?"), ("layout", "Layout?"), ("device", "Device?"), ("pin_memory", "bool?"))

# How the TensorOptions form passes each field on to the dispatcher's scattered arguments.
_FROM_OPTIONS = {
    "dtype": "options.dtype_opt()",
    "layout": "options.layout_opt()",
    "device": "options.device_opt()",
    "pin_memory": "options.pinned_memory_opt()",
}


def tensor_options_index(func: FunctionSchema) -> Optional[int]:
    """Where the TensorOptions fields start in `func.arguments.all`, if it has all four."""
    args = func.arguments.all
    fields = [(a.name, str(a.type)) for a in args]
    for i in range(len(args) - len(TENSOR_OPTIONS) + 1):
        if tuple(fields[i : i + len(TENSOR_OPTIONS)]) == TENSOR_OPTIONS:
            return i
    return None


@dataclass(frozen=True)
class UserForm:
    """One user-facing C++ overload: its parameters and the arguments it passes to `call`."""

    params: list[CppParam]
    call_args: list[str]


def user_forms(func: FunctionSchema, *, method: bool = False) -> list[UserForm]:
    """The user-facing overloads of a functional or in-place schema, in schema order (`self`
    dropped for a method, where it is `*this`). A factory (an op with ATen's four TensorOptions
    arguments) gets two, as in ATen: `TensorOptions options = {}` in place of the four, and the
    scattered form without defaults, so that a call with fewer arguments is never ambiguous."""
    this = "*this"
    if method and func.self_argument is not None and func.self_argument.is_write:
        this = "const_cast<Tensor&>(*this)"
    args = func.arguments.all
    scattered = [_param(a) for a in args]
    scattered_args = [this if method and a.name == "self" else a.name for a in args]
    keep = [not (method and a.name == "self") for a in args]

    def kept(items: list) -> list:
        return [x for x, k in zip(items, keep) if k]

    start = tensor_options_index(func)
    if start is None:
        return [UserForm(_usable_defaults(kept(scattered)), scattered_args)]
    end = start + len(TENSOR_OPTIONS)
    params, call_args = [], []
    for i, (a, p) in enumerate(zip(args, scattered)):
        if start <= i < end:
            call_args.append(_FROM_OPTIONS[a.name])
            if i == start:
                params.append(CppParam("TensorOptions", "options", "{}"))
        elif a.name == "memory_format" and str(a.type) == "MemoryFormat?":
            # TensorOptions has a memory format too; either may give it (detail::memory_format_of).
            params.append(p)
            call_args.append("detail::memory_format_of(options, memory_format)")
        else:
            if keep[i]:
                params.append(p)
            call_args.append(scattered_args[i])
    no_defaults = [CppParam(p.type, p.name) for p in kept(scattered)]
    return [UserForm(_usable_defaults(params), call_args), UserForm(no_defaults, scattered_args)]


def _usable_defaults(params: list[CppParam]) -> list[CppParam]:
    """C++ allows defaults only on trailing parameters: a default before a parameter without
    one (a keyword-only argument without default, say) is dropped."""
    result, required_after = [], False
    for p in reversed(params):
        if p.default is None:
            required_after = True
        result.append(CppParam(p.type, p.name) if required_after else p)
    return result[::-1]


def meta(func: FunctionSchema) -> list[CppParam]:
    """A structured meta() sees the inputs only; it creates outputs through set_output."""
    return [_param(a, with_default=False) for a in func.arguments.non_out]


def impl(func: FunctionSchema) -> list[CppParam]:
    """A structured impl() gets the inputs and the outputs meta() set up, as `const Tensor&`:
    it writes the data, never reseats the handle (ATen's convention)."""
    return meta(func) + [
        CppParam(cpp_types.argument_type(a.type, None), a.name) for a in func.arguments.out
    ]


def returns(func: FunctionSchema) -> str:
    return cpp_types.returns_type(func.returns)


def decl(params: list[CppParam]) -> str:
    return ", ".join(f"{p.type} {p.name}" + (f" = {p.default}" if p.default is not None else "") for p in params)


def defn(params: list[CppParam]) -> str:
    return ", ".join(f"{p.type} {p.name}" for p in params)


def types(params: list[CppParam]) -> str:
    return ", ".join(p.type for p in params)


def names(params: list[CppParam]) -> str:
    return ", ".join(p.name for p in params)

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


def method(func: FunctionSchema) -> list[CppParam]:
    """A Tensor method takes every argument but `self`, which is `*this`."""
    return [_param(a) for a in func.arguments.all if a.name != "self"]


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

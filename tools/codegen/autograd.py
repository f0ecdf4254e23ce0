"""The Autograd layer of one operator: `aten/autograd/<op>_autograd.cpp`.

Per differentiable overload a Node subclass: what its formulas save (the members, and
save_inputs / save_outputs filling them from the kernel's arguments and outputs), which
arguments get gradients, and apply() running the formulas. Per overload one registration of a
kernel template of <aten/autograd/AutogradWrappers.h>: the functional overload records the
node, its in-place overload records the same node class, its out= overload refuses inputs that
require grad. What is the same for every kernel (deciding whether to record, connecting edges,
redispatching below Autograd, setting history) is that C++; this module only says which
overload saves what.
"""
from __future__ import annotations

from typing import Any, Optional

from tools.codegen import cpp_types
from tools.codegen import signatures as sig
from tools.codegen.derivatives import Derivative, Derivatives, identifiers, is_tensor_type, output_names
from tools.codegen.model import ListType, NativeFunction, Operator, OptionalType, SchemaKind


def _saved_member(d: Derivative, s) -> dict[str, Any]:
    """One thing a node keeps: its member, and how the kernel saves it and apply() reads it."""
    args = {a.name: a for a in d.function.func.arguments.non_out}
    if s.is_output:
        index = output_names(d.function.func).index(s.name)
        return {"name": s.name, "kind": s.kind.value, "output": index, "list": False, "optional": False,
                "type": None}
    arg = args[s.name]
    return {
        "name": s.name,
        "kind": s.kind.value,
        "output": None,
        "list": isinstance(arg.type, ListType) and is_tensor_type(arg.type),
        # Tensor? and Tensor?[]: read back with None where the argument had it.
        "optional": is_tensor_type(arg.type) and (
            isinstance(arg.type, OptionalType)
            or (isinstance(arg.type, ListType) and isinstance(arg.type.elem, OptionalType))),
        # A value's argument type (the node stores autograd::owned_t of it).
        "type": None if is_tensor_type(arg.type) else cpp_types.argument_type(arg.type),
    }


def _node(d: Derivative, in_place: bool) -> dict[str, Any]:
    """A node class: what it saves, from which arguments and outputs, and its formulas.
    in_place: an in-place overload records it too (a tensor self is saved as a copy there)."""
    func = d.function.func
    args = {a.name: a for a in func.arguments.non_out}
    positions = [a.name for a in func.arguments.all]
    formulas = [
        {"input": g.input, "text": g.text, "list": isinstance(args[g.input].type, ListType)}
        for g in d.formulas
    ]
    saved = [_saved_member(d, s) for s in d.saved]
    # save_inputs reads the saved arguments and the lists whose edges it counts.
    read = {s["name"] for s in saved if s["output"] is None} | {g["input"] for g in formulas if g["list"]}
    return {
        "name": d.node,
        "saved": saved,
        "formulas": formulas,
        "differentiable": [{"name": g.input, "position": positions.index(g.input)} for g in d.formulas],
        "params": [{"type": p.type, "name": p.name, "used": p.name in read} for p in sig.dispatcher(func)],
        "saves_inputs": bool(read),
        "in_place": in_place,
        "returns": sig.returns(func),
        "num_returns": len(func.returns),
    }


def _kernel(f: NativeFunction, d: Derivative) -> dict[str, Any]:
    """One overload's registration: its kernel is a template of AutogradWrappers.h."""
    if f.func.kind is SchemaKind.INPLACE:
        # The node's save_inputs and `differentiable` positions are written against the
        # functional's arguments, which an in-place overload shares name for name.
        assert [a.name for a in f.func.arguments.all] == [a.name for a in d.function.func.arguments.all], f.func.name
    return {
        "kind": f.func.kind.value,
        "struct": f.func.name.ops_struct,
        "name": f.func.name.name,
        "overload": f.func.name.overload,
        "node": d.node,
    }


def called_operators(text: str, operators: frozenset[str]) -> set[str]:
    """The operators a formula calls as functions (`sum(...)`, `aten::where(...)`): the headers
    its file includes, so that adding an operator recompiles only the files that call it."""
    return {name for name, before, after in identifiers(text)
            if after.startswith("(") and name in operators and not before.endswith((".", "->"))}


def autograd_source(op: Operator, derivatives: Derivatives, operators: frozenset[str]) -> Optional[dict[str, Any]]:
    """The template context of op's Autograd file, or None if no overload of it records."""
    recorded = [(f, d) for f in op.functions if (d := derivatives.for_function(f)) is not None]
    if not recorded:
        return None
    in_place = {d.node for f, d in recorded if f.func.kind is SchemaKind.INPLACE}
    nodes: dict[str, dict[str, Any]] = {}
    for f, d in recorded:
        if f.func.kind is not SchemaKind.OUT and d.node not in nodes:
            nodes[d.node] = _node(d, d.node in in_place)
    kernels = [_kernel(f, d) for f, d in recorded]
    includes = {"aten/autograd/AutogradWrappers.h", "aten/autograd/FunctionsManual.h",
                "aten/TensorOperators.h", "aten/dispatch/Dispatcher.h", f"aten/ops/{op.base}_ops.h"}
    for n in nodes.values():
        includes |= {f"aten/ops/{name}.h" for g in n["formulas"] for name in called_operators(g["text"], operators)}
    return {"op": op.base, "nodes": list(nodes.values()), "kernels": kernels, "includes": sorted(includes)}

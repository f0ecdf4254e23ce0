"""The Autograd layer of one operator: `aten/autograd/<op>_autograd.cpp`.

Per differentiable overload a Node subclass (what its formulas save, and apply() running them)
and an Autograd-key kernel: the functional overload records a node, its in-place overload
records the same node class, its out= overload refuses inputs that require grad. What is the
same for every kernel (deciding whether to record, connecting edges, saving, redispatching below
Autograd, setting history) is C++ in <aten/autograd/AutogradKernel.h>; this module only says
which overload saves what.
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
        "optional": isinstance(arg.type, OptionalType) and is_tensor_type(arg.type),
        # A value's argument type (the node stores autograd::owned_t of it).
        "type": None if is_tensor_type(arg.type) else cpp_types.argument_type(arg.type),
    }


def _argument(d: Derivative, name: str):
    return next(a for a in d.function.func.arguments.non_out if a.name == name)


def _node(d: Derivative) -> dict[str, Any]:
    func = d.function.func
    args = {a.name: a for a in func.arguments.non_out}
    formulas = [
        {"input": g.input, "text": g.text, "list": isinstance(args[g.input].type, ListType)}
        for g in d.formulas
    ]
    return {
        "name": d.node,
        "saved": [_saved_member(d, s) for s in d.saved],
        "formulas": formulas,
        "outputs": output_names(func),
    }


def _kernel(f: NativeFunction, d: Optional[Derivative], functional: Optional[NativeFunction]) -> dict[str, Any]:
    params = sig.dispatcher(f.func)
    kind = f.func.kind
    context = {
        "kind": kind.value,
        "struct": f.func.name.ops_struct,
        "name": f.func.name.name,
        "overload": f.func.name.overload,
        "returns": sig.returns(f.func),
        "params": sig.defn(params),
        "args": sig.names(params),
        "label": str(f.func.name),
        "num_returns": len(f.func.returns),
    }
    if kind is SchemaKind.OUT:
        context["outs"] = [a.name for a in f.func.arguments.out]
        context["inputs"] = [a.name for a in f.func.arguments.non_out if is_tensor_type(a.type)]
        return context
    assert d is not None
    context["node"] = d.node
    context["differentiable"] = [g.input for g in d.formulas]
    context["list_inputs"] = [g.input for g in d.formulas
                              if isinstance(_argument(d, g.input).type, ListType)]
    context["saved_inputs"] = [_saved_member(d, s) for s in d.saved if not s.is_output]
    context["saved_outputs"] = [_saved_member(d, s) for s in d.saved if s.is_output]
    return context


def called_operators(text: str, operators: frozenset[str]) -> set[str]:
    """The operators a formula calls as functions (`sum(...)`, `aten::where(...)`): the headers
    its file includes, so that adding an operator recompiles only the files that call it."""
    return {name for name, before, after in identifiers(text)
            if after.startswith("(") and name in operators and not before.endswith((".", "->"))}


def autograd_source(op: Operator, derivatives: Derivatives, operators: frozenset[str]) -> Optional[dict[str, Any]]:
    """The template context of op's Autograd file, or None if no overload of it records."""
    nodes: dict[str, dict[str, Any]] = {}
    kernels = []
    for f in op.functions:
        d = derivatives.for_function(f)
        if d is None:
            continue
        if f.func.kind is not SchemaKind.OUT:
            nodes.setdefault(d.node, _node(d))
        kernels.append(_kernel(f, d, d.function))
    if not kernels:
        return None
    includes = {"aten/autograd/AutogradKernel.h", "aten/autograd/NodeSupport.h",
                "aten/autograd/FunctionsManual.h", "aten/TensorOperators.h", "aten/dispatch/Dispatcher.h",
                f"aten/ops/{op.base}_ops.h"}
    for n in nodes.values():
        includes |= {f"aten/ops/{name}.h" for g in n["formulas"] for name in called_operators(g["text"], operators)}
    return {"op": op.base, "nodes": list(nodes.values()), "kernels": kernels, "includes": sorted(includes)}

"""derivatives.yaml -> one Derivative per differentiable overload, checked against the operators.

The format is ATen's (tools/autograd/derivatives.yaml):

    - name: mul.Tensor(Tensor self, Tensor other) -> Tensor
      self: mul_tensor_backward(grad, other, self.scalar_type())
      other: mul_tensor_backward(grad, self, other.scalar_type())

`name` is an overload's schema exactly as native_functions.yaml declares it; each other key is
one of its tensor inputs, and its value a C++ expression giving that input's gradient, in terms
of `grad` (`grads[i]` for several outputs), the inputs by name, `result` (or the outputs'
names), operators and the helpers of aten/autograd/FunctionsManual.h. An input that gets no
gradient says so: `index: non_differentiable`. A last entry `- not_differentiable: [eq, ...]`
lists, in one place, the operators that have no gradient at all (comparisons, argmax, integer
results, factories).

What a formula uses decides what its node saves: an input used only through metadata
(`self.sizes()`, `self.scalar_type()`, ...) saves that metadata, not the tensor; any other use
saves the tensor (a SavedVariable); arguments that are not tensors are saved by value.
"""
from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from tools.codegen.errors import CodegenError, SchemaSyntaxError
from tools.codegen.model import BaseType, FunctionSchema, ListType, NativeFunction, OptionalType, SchemaKind, Type
from tools.codegen.schema_parser import parse_schema
from tools.codegen.yaml_loader import LineMapping, load_entries

NON_DIFFERENTIABLE = "non_differentiable"
# The headers of aten/autograd/ whose functions formulas may call.
HELPER_HEADERS = ("FunctionsManual.h", "SumTo.h")

# Tensor methods that read only what a TensorMeta keeps (aten/autograd/TensorMeta.h).
METADATA_METHODS = frozenset({"sizes", "size", "dim", "numel", "strides", "storage_offset",
                              "scalar_type", "dtype", "device", "options", "is_contiguous"})

# Bare names a formula may use besides its inputs, outputs and gradients: C++ words and types.
_CPP_WORDS = frozenset({"true", "false", "nullptr", "static_cast", "auto", "const", "int64_t", "double",
                        "bool", "float", "Scalar", "Tensor", "IntArrayRef", "ScalarType", "std", "aten",
                        "MemoryFormat", "Device", "TensorOptions"})
# Qualifiers a formula may name: `std::max`, `aten::kFloat`.
_QUALIFIERS = frozenset({"std", "aten", "ScalarType", "MemoryFormat"})

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"|\'(?:[^\'\\]|\\.)*\'')
_NUMBER = re.compile(r"\b\d[\w.]*")


class SavedKind(enum.Enum):
    TENSOR = "tensor"  # a SavedVariable: the tensor and the version it had
    METADATA = "metadata"  # its sizes, strides, dtype and device only
    VALUE = "value"  # an argument that is not a tensor, copied


@dataclass(frozen=True)
class Saved:
    name: str  # the input's or output's name, which the formula uses
    kind: SavedKind
    is_output: bool


@dataclass(frozen=True)
class Formula:
    input: str
    text: str
    line: int


@dataclass(frozen=True)
class Derivative:
    """The backward of one functional overload (its in-place overload shares it)."""

    function: NativeFunction
    node: str  # the Node subclass: MulBackward0
    formulas: tuple[Formula, ...]  # schema order
    non_differentiable: tuple[str, ...]
    saved: tuple[Saved, ...]  # inputs in schema order, then outputs
    line: int


@dataclass(frozen=True)
class Derivatives:
    entries: tuple[Derivative, ...]
    not_differentiable: frozenset[str]  # operator base names

    def for_function(self, f: NativeFunction) -> Derivative | None:
        """The entry whose formulas f records: its own, or (in-place and out= overloads) its
        functional twin's."""
        signature = f.func.signature()
        for d in self.entries:
            if d.function.func.name.base == f.func.name.base and d.function.func.signature() == signature:
                return d
        return None


def is_tensor_type(t: Type) -> bool:
    """Tensor, Tensor? and Tensor[]: the argument types a gradient flows to."""
    if isinstance(t, (OptionalType, ListType)):
        return is_tensor_type(t.elem)
    return isinstance(t, BaseType) and t.name == "Tensor"


def node_name(base: str, index: int) -> str:
    """ATen's names: the operator in CamelCase, `Backward`, the entry's number among its
    operator's entries (`mul.Tensor` -> MulBackward0, `mul.Scalar` -> MulBackward1)."""
    return "".join(part[:1].upper() + part[1:] for part in base.split("_") if part) + f"Backward{index}"


def helper_names(header: Path) -> frozenset[str]:
    """The functions aten/autograd/FunctionsManual.h declares (empty if it does not exist)."""
    if not header.exists():
        return frozenset()
    text = re.sub(r"//[^\n]*", "", header.read_text(encoding="utf-8"))
    return frozenset(re.findall(r"\b([A-Za-z_]\w*)\s*\([^;{]*\)\s*(?:;|\{)", text))


def load(text: str, functions: Iterable[NativeFunction], helpers: frozenset[str]) -> tuple[Derivatives, list[CodegenError]]:
    """The entries of derivatives.yaml's text, and the errors found (each at its line)."""
    errors: list[CodegenError] = []
    try:
        entries = load_entries(text)
    except CodegenError as e:
        return Derivatives((), frozenset()), [e]
    functions = list(functions)
    by_name = {str(f.func.name): f for f in functions}
    operators = {f.func.name.base for f in functions}
    callable_names = helpers | {f.func.name.name for f in functions if f.has_function}
    parsed: list[Derivative] = []
    not_differentiable: set[str] = set()
    seen: dict[str, int] = {}
    per_base: dict[str, int] = {}
    for entry in entries:
        if "not_differentiable" in entry:
            not_differentiable |= _not_differentiable(entry, operators, errors)
            continue
        found = _entry(entry, by_name, callable_names, errors)
        if found is None:
            continue
        f, formulas, non_diff = found
        key = str(f.func.name)
        if key in seen:
            errors.append(CodegenError(entry.line, f"{key}: second entry (first on line {seen[key]})"))
            continue
        seen[key] = entry.line
        index = per_base.get(f.func.name.base, 0)
        per_base[f.func.name.base] = index + 1
        parsed.append(Derivative(f, node_name(f.func.name.base, index), formulas, non_diff,
                                 _saved(f.func, formulas), entry.line))
    for d in parsed:
        if d.function.func.name.base in not_differentiable:
            errors.append(CodegenError(d.line, f"{d.function.func.name}: has formulas but its operator is "
                                       "listed as not_differentiable"))
    return Derivatives(tuple(parsed), frozenset(not_differentiable)), errors


def _not_differentiable(entry: LineMapping, operators: set[str], errors: list[CodegenError]) -> set[str]:
    names = entry["not_differentiable"]
    line = entry.key_lines["not_differentiable"]
    if len(entry) != 1 or not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        errors.append(CodegenError(line, "not_differentiable: expected a list of operator names, alone in its entry"))
        return set()
    for n in names:
        if n not in operators:
            errors.append(CodegenError(line, f"not_differentiable: no operator named '{n}'"))
    return set(names)


def _entry(entry: LineMapping, by_name: dict[str, NativeFunction], callable_names: frozenset[str],
           errors: list[CodegenError]) -> tuple[NativeFunction, tuple[Formula, ...], tuple[str, ...]] | None:
    line = entry.line

    def fail(message: str, key: str | None = None) -> None:
        errors.append(CodegenError(entry.key_lines.get(key, line) if key else line, message))

    name = entry.get("name")
    if not isinstance(name, str):
        fail("every entry needs `name:`, an overload's schema")
        return None
    try:
        schema = parse_schema(name)
    except SchemaSyntaxError as e:
        fail(f"malformed schema at column {e.column}: {e.message}", "name")
        return None
    f = by_name.get(str(schema.name))
    if f is None or str(f.func) != str(schema):
        hint = f" (native_functions.yaml declares `{f.func}`)" if f is not None else ""
        fail(f"`{schema}` matches no overload of native_functions.yaml{hint}", "name")
        return None
    if f.func.kind is SchemaKind.OUT or (f.func.kind is SchemaKind.INPLACE and _has_functional(f, by_name)):
        fail(f"{schema.name}: name the functional overload; its in-place overload shares the formulas, "
             "and out= overloads are not differentiable", "name")
        return None
    label = str(schema.name)
    arguments = {a.name: a for a in schema.arguments.non_out}
    formulas: list[Formula] = []
    non_diff: list[str] = []
    for key, value in entry.items():
        if key == "name":
            continue
        where = entry.key_lines[key]
        if not isinstance(key, str) or key not in arguments:
            errors.append(CodegenError(where, f"{label}: no argument named '{key}' "
                                       f"(arguments: {', '.join(arguments)})"))
            continue
        if not is_tensor_type(arguments[key].type):
            errors.append(CodegenError(where, f"{label}: '{key}' is of type {arguments[key].type}, not a tensor: "
                                       "only tensors have gradients"))
            continue
        if not isinstance(value, str) or not value.strip():
            errors.append(CodegenError(where, f"{label}: the formula for '{key}' must be a C++ expression"))
            continue
        if value.strip() == NON_DIFFERENTIABLE:
            non_diff.append(key)
            continue
        for problem in _formula_problems(value, schema, callable_names):
            errors.append(CodegenError(where, f"{label}: the formula for '{key}' {problem}"))
        formulas.append(Formula(key, value.strip(), where))
    covered = {g.input for g in formulas} | set(non_diff)
    for a in schema.arguments.non_out:
        if is_tensor_type(a.type) and a.name not in covered:
            fail(f"{label}: tensor input '{a.name}' has no formula (give one, or `{a.name}: {NON_DIFFERENTIABLE}`)")
    order = list(arguments)
    formulas.sort(key=lambda g: order.index(g.input))
    return f, tuple(formulas), tuple(sorted(non_diff, key=order.index))


def _has_functional(f: NativeFunction, by_name: dict[str, NativeFunction]) -> bool:
    """Whether an in-place overload has a functional twin (whose entry it shares): `fill_` and
    `copy_` have none, and their own entries."""
    signature = f.func.signature()
    return any(g.func.kind is SchemaKind.FUNCTIONAL and g.func.name.base == f.func.name.base
               and g.func.signature() == signature for g in by_name.values())


def output_names(schema: FunctionSchema) -> list[str]:
    """What a formula calls the outputs: `result` for one unnamed output, `result0`, `result1`...
    for several, or their schema names."""
    if len(schema.returns) == 1 and schema.returns[0].name is None:
        return ["result"]
    return [r.name or f"result{i}" for i, r in enumerate(schema.returns)]


def identifiers(text: str):
    """(name, text before it, text after it) for each identifier outside literals."""
    text = _NUMBER.sub(lambda m: " " * len(m.group()), _STRING.sub(lambda m: " " * len(m.group()), text))
    for m in _IDENT.finditer(text):
        yield m.group(), text[: m.start()].rstrip(), text[m.end():].lstrip()


def _formula_problems(text: str, schema: FunctionSchema, callable_names: frozenset[str]) -> list[str]:
    inputs = {a.name for a in schema.arguments.non_out}
    known = inputs | set(output_names(schema)) | {"grad", "grads"} | _CPP_WORDS
    problems: list[str] = []
    for name, before, after in identifiers(text):
        if before.endswith((".", "->", "::")):
            continue  # a member or a qualified name
        if after.startswith("::"):
            if name not in _QUALIFIERS:
                problems.append(f"names '{name}::', which is not a namespace it may use ({', '.join(sorted(_QUALIFIERS))})")
        elif after.startswith("(") and name not in known:
            if name not in callable_names:
                problems.append(f"calls '{name}', which is neither an operator nor a helper of "
                                "aten/autograd/FunctionsManual.h")
        elif name not in known:
            problems.append(f"uses '{name}', which is not an input of {schema.name} "
                            f"(inputs: {', '.join(sorted(inputs))}; also grad, grads, "
                            f"{', '.join(output_names(schema))})")
    return problems


def _uses(text: str, name: str) -> list[tuple[str, str]]:
    """Each bare use of `name` in a formula: (the text before it, the text after it)."""
    return [(before, after) for n, before, after in identifiers(text)
            if n == name and not before.endswith((".", "->", "::"))]


def _is_metadata_use(before: str, after: str) -> bool:
    """`self.sizes()`-style calls, and a list passed to to_args_sizes (ATen's idiom)."""
    if re.search(r"\bto_args_sizes\s*\(\s*$", before):
        return True
    m = re.match(r"\.\s*(\w+)\s*\(", after)
    return m is not None and m.group(1) in METADATA_METHODS


def _saved(schema: FunctionSchema, formulas: tuple[Formula, ...]) -> tuple[Saved, ...]:
    """What the node keeps for its formulas, by how they use each input and output."""
    saved: list[Saved] = []

    def classify(name: str, tensor: bool, is_output: bool) -> None:
        uses = [use for g in formulas for use in _uses(g.text, name)]
        if not uses:
            return
        if not tensor:
            saved.append(Saved(name, SavedKind.VALUE, is_output))
            return
        metadata_only = all(_is_metadata_use(before, after) for before, after in uses)
        saved.append(Saved(name, SavedKind.METADATA if metadata_only else SavedKind.TENSOR, is_output))

    for a in schema.arguments.non_out:
        classify(a.name, is_tensor_type(a.type), False)
    for name, r in zip(output_names(schema), schema.returns):
        classify(name, is_tensor_type(r.type), True)
    return tuple(saved)

"""One YAML entry -> one NativeFunction, checking everything that concerns that entry alone.

Checks that need several entries (duplicates, delegates, groups) live in validate.py.
"""
from __future__ import annotations

import re
from typing import Any, Callable

from tools.codegen import dtypes as dtype_table
from tools.codegen.errors import CodegenError, SchemaSyntaxError
from tools.codegen.model import DISPATCH_KEYS, NativeFunction, Variant
from tools.codegen.schema_parser import parse_operator_name, parse_schema
from tools.codegen.yaml_loader import LineMapping

KNOWN_KEYS = (
    "func",
    "variants",
    "structured",
    "structured_delegate",
    "structured_inherits",
    "precomputed",
    "dispatch",
    "dtypes",
    "tags",
    "manual_cpp_binding",
)

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")

# C++ keywords that are valid Python identifiers and would make a kernel name unusable.
_CPP_KEYWORDS = frozenset(
    "alignas alignof and asm auto bool break case catch char class const constexpr continue "
    "default delete do double else enum explicit export extern false float for friend goto if "
    "inline int long mutable namespace new noexcept not nullptr operator or private protected "
    "public register return short signed sizeof static struct switch template this throw true "
    "try typedef typeid typename union unsigned using virtual void volatile while".split()
)


def is_cpp_identifier(name: str) -> bool:
    return bool(_IDENTIFIER.match(name)) and name not in _CPP_KEYWORDS and not name.startswith("__")


def parse_entry(entry: LineMapping, errors: list[CodegenError]) -> NativeFunction | None:
    """The entry as a NativeFunction (None if its schema is unusable); its problems are appended
    to `errors`."""
    line = entry.line
    found: list[CodegenError] = []

    def fail(key: str, message: str) -> None:
        found.append(CodegenError(entry.key_lines.get(key, line), message))

    def field(key: str, kind: type | tuple, default: Any, what: str) -> Any:
        if key not in entry:
            return default
        value = entry[key]
        if not isinstance(value, kind):
            fail(key, f"{key}: expected {what}, got {value!r}")
            return default
        return value

    for key in entry:
        if key not in KNOWN_KEYS:
            fail(key, f"unknown key '{key}' (known keys: {', '.join(KNOWN_KEYS)})")

    func = None
    if "func" not in entry:
        found.append(CodegenError(line, "entry has no 'func' key"))
    elif not isinstance(entry["func"], str):
        fail("func", f"func: expected a schema string, got {entry['func']!r}")
    else:
        try:
            func = parse_schema(entry["func"])
        except SchemaSyntaxError as e:
            # The schema and a caret under the column, as compilers show a syntax error.
            pointer = " " * (e.column - 1) + "^"
            fail("func", f"malformed schema at column {e.column}: {e.message}\n    {entry['func']}\n    {pointer}")

    variants = _parse_variants(field("variants", str, "function", "a string like 'function, method'"), fail)
    structured = field("structured", bool, False, "True or False")
    manual_cpp_binding = field("manual_cpp_binding", bool, False, "True or False")

    delegate = None
    delegate_text = field("structured_delegate", str, None, "an operator name like 'add.out'")
    if delegate_text:
        try:
            delegate = parse_operator_name(delegate_text)
        except SchemaSyntaxError as e:
            fail("structured_delegate", f"structured_delegate: malformed operator name '{delegate_text}': {e.message}")

    inherits = field("structured_inherits", str, None, "a C++ class name")
    if inherits is not None and not is_cpp_identifier(inherits):
        fail("structured_inherits", f"structured_inherits: '{inherits}' is not a C++ identifier")
        inherits = None

    precomputed = field("precomputed", list, [], "a list")
    if precomputed:
        # Precomputed meta results change the impl() signature; not generated yet.
        fail("precomputed", "precomputed: not supported by the generator yet")

    dispatch = _parse_dispatch(field("dispatch", dict, {}, "a mapping of dispatch keys to kernel names"), found)

    dtype_names = field("dtypes", list, [], "a list of dtype names")
    if not all(isinstance(d, str) for d in dtype_names):
        fail("dtypes", f"dtypes: expected a list of dtype names, got {dtype_names!r}")
        dtype_names = []
    dtypes, problems = dtype_table.expand(dtype_names)
    for problem in problems:
        fail("dtypes", f"dtypes: {problem}")

    tags = field("tags", (str, list), [], "a tag or a list of tags")
    tags = [t.strip() for t in tags.split(",")] if isinstance(tags, str) else tags
    if not all(isinstance(t, str) and is_cpp_identifier(t) for t in tags):
        fail("tags", f"tags: expected tag names, got {entry.get('tags')!r}")
        tags = []

    errors.extend(found)
    if func is None:
        return None
    # With a valid schema the entry still takes part in the checks across entries (a duplicate
    # name is worth reporting even if the entry has other problems); its bad fields were
    # replaced by their defaults above, and the run fails on `found` anyway.
    if not dispatch and not structured and delegate is None:
        # ATen's rule: an op that names no kernel is written in terms of other ops, by a kernel
        # named after the op without its overload (overloads are C++ overloads of it).
        dispatch = (("CompositeImplicitAutograd", func.name.name),)
    return NativeFunction(
        func=func,
        line=line,
        variants=variants,
        structured=structured,
        structured_delegate=delegate,
        structured_inherits=inherits,
        precomputed=tuple(precomputed),
        dispatch=dispatch,
        dtypes=dtypes,
        tags=tuple(tags),
        manual_cpp_binding=manual_cpp_binding,
    )


def _parse_variants(text: str, fail: Callable[[str, str], None]) -> frozenset[Variant]:
    result = set()
    for word in (w.strip() for w in text.split(",")):
        try:
            result.add(Variant(word))
        except ValueError:
            fail("variants", f"variants: unknown variant '{word}' (known: function, method)")
    return frozenset(result)


def _parse_dispatch(mapping: dict, found: list[CodegenError]) -> tuple[tuple[str, str], ...]:
    """`CPU, Meta: kernel` names one kernel for several keys, as in ATen."""
    kernels: dict[str, str] = {}
    key_lines = getattr(mapping, "key_lines", {})

    def fail(keys: Any, message: str) -> None:
        found.append(CodegenError(key_lines.get(keys, getattr(mapping, "line", 1)), message))

    for keys, kernel in mapping.items():
        if not isinstance(keys, str) or not isinstance(kernel, str):
            fail(keys, f"dispatch: expected 'Key: kernel_name', got {keys!r}: {kernel!r}")
            continue
        if not is_cpp_identifier(kernel):
            fail(keys, f"dispatch: kernel name '{kernel}' is not a C++ identifier")
        for key in (k.strip() for k in keys.split(",")):
            if key not in DISPATCH_KEYS:
                fail(keys, f"dispatch: unknown dispatch key '{key}' (known: {', '.join(DISPATCH_KEYS)})")
            elif key in kernels:
                fail(keys, f"dispatch: key '{key}' is given twice")
            else:
                kernels[key] = kernel
    return tuple((k, kernels[k]) for k in DISPATCH_KEYS if k in kernels)

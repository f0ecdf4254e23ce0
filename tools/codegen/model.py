"""The generator's model of native_functions.yaml: immutable dataclasses.

Everything is frozen so that a parsed schema can be compared (the round-trip check), hashed and
shared between templates without anyone mutating it on the way. Facts that follow from the
stored fields (is this an out= overload? in-place?) are properties, so they can never disagree
with the fields they come from.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Optional, Union

# --------------------------------------------------------------------------------------------
# Schema: the `func:` string.
# --------------------------------------------------------------------------------------------


# Namespaces generated code names from inside aten::_ops.
_HIDDEN_NAMESPACES = frozenset({"std", "aten"})


@dataclass(frozen=True)
class OperatorName:
    """`add_.Tensor` is OperatorName(base="add", inplace=True, overload="Tensor")."""

    base: str
    inplace: bool
    overload: str  # "" when the schema has no `.overload`

    @property
    def name(self) -> str:
        """The operator name the dispatcher knows: `add_` for the in-place overload."""
        return self.base + ("_" if self.inplace else "")

    @property
    def unambiguous(self) -> str:
        """A C++ identifier unique per overload: `add__Tensor`, `add_out`, `relu`."""
        return f"{self.name}_{self.overload}" if self.overload else self.name

    @property
    def ops_struct(self) -> str:
        """The overload's `_ops::` struct: `unambiguous`, except where that would name a
        namespace the generated code refers to (`std` would hide `std::optional` in `_ops`)."""
        u = self.unambiguous
        return f"{u}_default" if u in _HIDDEN_NAMESPACES else u

    def __str__(self) -> str:
        return f"{self.name}.{self.overload}" if self.overload else self.name


@dataclass(frozen=True)
class BaseType:
    """A type name without suffixes: Tensor, int, float, bool, str, Scalar, ScalarType, ..."""

    name: str

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class OptionalType:
    """`T?`"""

    elem: "Type"

    def __str__(self) -> str:
        return f"{self.elem}?"


@dataclass(frozen=True)
class ListType:
    """`T[]`, or `T[N]` when `size` is set."""

    elem: "Type"
    size: Optional[int] = None

    def __str__(self) -> str:
        return f"{self.elem}[{'' if self.size is None else self.size}]"


Type = Union[BaseType, OptionalType, ListType]


def base_of(t: Type) -> BaseType:
    """The innermost BaseType: `Tensor` for `Tensor?[]`."""
    while not isinstance(t, BaseType):
        t = t.elem
    return t


def render_type(t: Type, annotation: Optional["Annotation"]) -> str:
    """A type as written, with the alias annotation right after the base name (`Tensor(a!)[]`)."""
    if isinstance(t, BaseType):
        return t.name + (str(annotation) if annotation else "")
    if isinstance(t, OptionalType):
        return render_type(t.elem, annotation) + "?"
    return render_type(t.elem, annotation) + f"[{'' if t.size is None else t.size}]"


@dataclass(frozen=True)
class Annotation:
    """`(a)` or `(a!)`: the argument aliases set `a`; `!` means it is written to. `(a -> *)`
    (ATen's): after the call it may alias anything, e.g. the elements of a returned list."""

    alias_set: tuple[str, ...]
    is_write: bool
    alias_set_after: tuple[str, ...] = ()

    def __str__(self) -> str:
        after = f" -> {'|'.join(self.alias_set_after)}" if self.alias_set_after else ""
        return f"({'|'.join(self.alias_set)}{'!' if self.is_write else ''}{after})"


class DefaultKind(enum.Enum):
    INT = "int"
    FLOAT = "float"
    BOOL = "bool"
    NONE = "None"
    STR = "str"
    IDENT = "identifier"  # contiguous_format, long, ...
    LIST = "list"


@dataclass(frozen=True)
class DefaultValue:
    """A default as written. Numbers keep their spelling (`1e-5` stays `1e-5`); a string keeps
    its decoded text and prints with double quotes; a list holds its items."""

    kind: DefaultKind
    text: str = ""
    items: tuple["DefaultValue", ...] = ()

    def __str__(self) -> str:
        if self.kind is DefaultKind.LIST:
            return "[" + ", ".join(str(i) for i in self.items) + "]"
        if self.kind is DefaultKind.STR:
            escaped = self.text.replace("\\", "\\\\").replace('"', '\\"')
            return f'"{escaped}"'
        return self.text


@dataclass(frozen=True)
class Argument:
    name: str
    type: Type
    default: Optional[DefaultValue]
    annotation: Optional[Annotation]

    @property
    def is_write(self) -> bool:
        return self.annotation is not None and self.annotation.is_write

    def without_annotation(self) -> "Argument":
        return Argument(self.name, self.type, self.default, None)

    def __str__(self) -> str:
        text = f"{render_type(self.type, self.annotation)} {self.name}"
        return text if self.default is None else f"{text}={self.default}"


@dataclass(frozen=True)
class Arguments:
    """The arguments split the way C++ needs them: positional, keyword-only (after `*`), and the
    out= arguments (the trailing keyword-only arguments that are written to)."""

    positional: tuple[Argument, ...]
    kwarg_only: tuple[Argument, ...]
    out: tuple[Argument, ...]

    @property
    def all(self) -> tuple[Argument, ...]:
        """Schema order, which is the dispatcher's (and `call`'s) order."""
        return self.positional + self.kwarg_only + self.out

    @property
    def non_out(self) -> tuple[Argument, ...]:
        return self.positional + self.kwarg_only

    def __str__(self) -> str:
        parts = [str(a) for a in self.positional]
        if self.kwarg_only or self.out:
            parts.append("*")
            parts += [str(a) for a in self.kwarg_only + self.out]
        return ", ".join(parts)


@dataclass(frozen=True)
class Return:
    name: Optional[str]
    type: Type
    annotation: Optional[Annotation]

    @property
    def is_write(self) -> bool:
        return self.annotation is not None and self.annotation.is_write

    def __str__(self) -> str:
        text = render_type(self.type, self.annotation)
        return f"{text} {self.name}" if self.name else text


class SchemaKind(enum.Enum):
    FUNCTIONAL = "functional"
    INPLACE = "inplace"
    OUT = "out"


@dataclass(frozen=True)
class FunctionSchema:
    name: OperatorName
    arguments: Arguments
    returns: tuple[Return, ...]

    @property
    def is_out_fn(self) -> bool:
        return bool(self.arguments.out)

    @property
    def kind(self) -> SchemaKind:
        if self.is_out_fn:
            return SchemaKind.OUT
        if self.name.inplace:
            return SchemaKind.INPLACE
        return SchemaKind.FUNCTIONAL

    @property
    def self_argument(self) -> Optional[Argument]:
        return next((a for a in self.arguments.all if a.name == "self"), None)

    def signature(self) -> str:
        """The arguments that every member of a structured group shares, as text: out= arguments
        dropped and alias annotations erased. `add.Tensor`, `add_.Tensor` and `add.out` all
        give `Tensor self, Tensor other, *, Scalar alpha=1`."""
        stripped = Arguments(
            tuple(a.without_annotation() for a in self.arguments.positional),
            tuple(a.without_annotation() for a in self.arguments.kwarg_only),
            (),
        )
        return str(stripped)

    def returns_text(self) -> str:
        if len(self.returns) == 1:
            return str(self.returns[0])
        return "(" + ", ".join(str(r) for r in self.returns) + ")"

    def __str__(self) -> str:
        return f"{self.name}({self.arguments}) -> {self.returns_text()}"


# --------------------------------------------------------------------------------------------
# Entries: one YAML mapping each.
# --------------------------------------------------------------------------------------------


class Variant(enum.Enum):
    FUNCTION = "function"
    METHOD = "method"


# The dispatch keys an entry may name, in the order registrations are emitted.
DISPATCH_KEYS = ("CPU", "Meta", "CompositeExplicitAutograd", "CompositeImplicitAutograd")


@dataclass(frozen=True)
class NativeFunction:
    func: FunctionSchema
    line: int  # of the entry in the YAML, for error messages
    variants: frozenset[Variant]
    structured: bool
    structured_delegate: Optional[OperatorName]
    structured_inherits: Optional[str]
    precomputed: tuple[str, ...]
    dispatch: tuple[tuple[str, str], ...]  # (key, kernel name), in DISPATCH_KEYS order
    dtypes: tuple[str, ...]  # canonical dtype names, groups already expanded
    tags: tuple[str, ...]
    manual_cpp_binding: bool

    def kernel(self, key: str) -> Optional[str]:
        return dict(self.dispatch).get(key)

    @property
    def has_function(self) -> bool:
        return Variant.FUNCTION in self.variants and not self.manual_cpp_binding

    @property
    def has_method(self) -> bool:
        return Variant.METHOD in self.variants and not self.manual_cpp_binding

    @property
    def is_structured_member(self) -> bool:
        """Part of a structured group: its kernels are the generated structured wrappers."""
        return self.structured or self.structured_delegate is not None


@dataclass(frozen=True)
class StructuredGroup:
    """The overloads that share one structured kernel: the out= overload (structured: True) and
    the functional and in-place overloads that name it as their structured_delegate."""

    out: NativeFunction
    functional: NativeFunction
    inplace: Optional[NativeFunction]

    @property
    def members(self) -> tuple[NativeFunction, ...]:
        """Wrapper order in the register files: functional, out, in-place."""
        return tuple(f for f in (self.functional, self.out, self.inplace) if f is not None)

    @property
    def meta_class(self) -> str:
        """Named after the functional overload, like ATen's `structured_add_Tensor`."""
        return f"structured_{self.functional.func.name.unambiguous}"

    @property
    def impl_class(self) -> str:
        """Named after the CPU kernel, like ATen's `structured_add_out`."""
        return f"structured_{self.out.kernel('CPU')}"

    @property
    def num_outputs(self) -> int:
        return len(self.out.func.arguments.out)


@dataclass(frozen=True)
class Operator:
    """Every overload of one base name (`add.Tensor`, `add_.Tensor`, `add.out`): they share the
    per-operator files `ops/add*.h` and `register/add_*.cpp`."""

    base: str
    functions: tuple[NativeFunction, ...]  # YAML order
    groups: tuple[StructuredGroup, ...]  # in the YAML order of their out= overloads
    dtypes: tuple[str, ...]

    @property
    def has_methods(self) -> bool:
        return any(f.has_method for f in self.functions)

    @property
    def unstructured(self) -> tuple[NativeFunction, ...]:
        """The overloads whose wrappers call a hand-written `native::<kernel>` per dispatch key."""
        return tuple(f for f in self.functions if not f.is_structured_member)

    @property
    def dispatch_keys(self) -> tuple[str, ...]:
        """The keys this operator registers kernels under: one register/<op>_<key>.cpp each."""
        keys = {"CPU", "Meta"} if self.groups else set()
        keys |= {key for f in self.unstructured for key, _ in f.dispatch}
        return tuple(k for k in DISPATCH_KEYS if k in keys)

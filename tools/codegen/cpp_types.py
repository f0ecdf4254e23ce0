"""Schema types and defaults -> C++ types and default expressions.

One function per direction: argument types (how a value is passed), return types, and default
values. Each raises ValueError with a user-facing message for what C++ cannot express; the
validator turns that into a `native_functions.yaml:LINE:` error before anything is written.
"""
from __future__ import annotations

from tools.codegen.model import (
    Annotation,
    BaseType,
    DefaultKind,
    DefaultValue,
    ListType,
    OptionalType,
    Return,
    Type,
)

# Types passed and returned by value. Tensor, Scalar and Generator are handled apart (passed by
# reference: a Tensor or Generator is a reference-counted handle, a copy costs an increment).
VALUE_TYPES = {
    "int": "int64_t",
    "float": "double",
    "bool": "bool",
    "str": "std::string_view",
    "ScalarType": "ScalarType",
    "MemoryFormat": "MemoryFormat",
    "Layout": "Layout",
    "Device": "Device",
}

# List element types and their C++ view types.
LIST_TYPES = {
    "int": "IntArrayRef",
    "float": "ArrayRef<double>",
    "Tensor": "ArrayRef<Tensor>",
}

# PyTorch's dtype names (torch.long, torch.float32, ...) as ScalarType enumerators.
_DTYPE_NAMES = {
    "bool": "Bool", "uint8": "Byte", "int8": "Char", "int16": "Short", "short": "Short",
    "int32": "Int", "int": "Int", "int64": "Long", "long": "Long", "float16": "Half", "half": "Half",
    "bfloat16": "BFloat16", "float32": "Float", "float": "Float", "float64": "Double",
    "double": "Double", "complex64": "ComplexFloat", "cfloat": "ComplexFloat",
    "complex128": "ComplexDouble", "cdouble": "ComplexDouble", "complex32": "ComplexHalf",
    "chalf": "ComplexHalf",
}

# Schema identifiers allowed as defaults, per base type.
IDENT_DEFAULTS = {
    "ScalarType": {name: f"ScalarType::{enum}" for name, enum in _DTYPE_NAMES.items()},
    "Layout": {"strided": "Layout::Strided"},
    # A loss's `int reduction=Mean` (aten/core/Reduction.h).
    "int": {"Mean": "Reduction::Mean", "Sum": "Reduction::Sum"},
    "MemoryFormat": {
        "contiguous_format": "MemoryFormat::Contiguous",
        "preserve_format": "MemoryFormat::Preserve",
        "channels_last": "MemoryFormat::ChannelsLast",
        "channels_last_3d": "MemoryFormat::ChannelsLast3d",
    },
}


def argument_type(t: Type, annotation: Annotation | None = None) -> str:
    """How `call` and the user functions take an argument of type `t`."""
    mutable = annotation is not None and annotation.is_write
    if isinstance(t, BaseType):
        if t.name == "Tensor":
            return "Tensor&" if mutable else "const Tensor&"
        if t.name in ("Scalar", "Generator"):
            return f"const {t.name}&"
        if t.name in VALUE_TYPES:
            return VALUE_TYPES[t.name]
        raise ValueError(f"unknown type '{t.name}'")
    if isinstance(t, OptionalType):
        elem = t.elem
        if isinstance(elem, BaseType) and elem.name in ("Tensor", "Scalar", "Generator"):
            return f"const std::optional<{elem.name}>&"
        if isinstance(elem, OptionalType):
            raise ValueError(f"'{t}' is optional twice")
        # Optional lists hold a view, optional values a value: pass by value, like the element.
        # A list's view is an OptionalArrayRef, which a single number builds without dangling.
        if isinstance(elem, ListType):
            view = argument_type(elem)  # IntArrayRef or ArrayRef<...>
            return "OptionalIntArrayRef" if view == "IntArrayRef" else f"Optional{view}"
        return f"std::optional<{argument_type(elem)}>"
    if isinstance(t.elem, OptionalType) and t.elem.elem == BaseType("Tensor"):
        return "ArrayRef<std::optional<Tensor>>"
    if isinstance(t.elem, BaseType) and t.elem.name in LIST_TYPES:
        return LIST_TYPES[t.elem.name]
    if t.elem == BaseType("bool"):
        # ATen's `bool[3] output_mask`: a fixed count of flags, held by value.
        if t.size is None:
            raise ValueError("a list of 'bool' needs a size, as 'bool[3]'")
        return f"std::array<bool, {t.size}>"
    raise ValueError(f"lists of '{t.elem}' are not supported")


def return_type(r: Return) -> str:
    t = r.type
    if t == BaseType("Tensor"):
        return "Tensor&" if r.is_write else "Tensor"
    if t == ListType(BaseType("Tensor")):
        return "std::vector<Tensor>"
    if isinstance(t, BaseType) and t.name == "Scalar":
        return "Scalar"
    if isinstance(t, BaseType) and t.name in VALUE_TYPES and t.name != "str":
        return VALUE_TYPES[t.name]
    raise ValueError(f"'{t}' cannot be returned")


def returns_type(returns: tuple[Return, ...]) -> str:
    if not returns:
        return "void"
    if len(returns) == 1:
        return return_type(returns[0])
    return "std::tuple<" + ", ".join(return_type(r) for r in returns) + ">"


def default_value(t: Type, d: DefaultValue) -> str:
    """The C++ default expression for `d` given to an argument of type `t`."""
    if d.kind is DefaultKind.NONE:
        if not isinstance(t, OptionalType):
            raise ValueError(f"None is a default only for optional types, not '{t}'")
        return "std::nullopt"
    if isinstance(t, OptionalType):
        return default_value(t.elem, d)
    if isinstance(t, ListType):
        if d.kind is DefaultKind.LIST and t.elem == BaseType("bool"):
            return "std::array<bool, %d>{%s}" % (t.size, ", ".join(default_value(t.elem, i) for i in d.items))
        if d.kind is DefaultKind.LIST:
            return "{" + ", ".join(default_value(t.elem, i) for i in d.items) + "}"
        if d.kind is DefaultKind.INT and t.size is not None:
            # `int[2] stride=1` means every element is 1, as in ATen.
            return "{" + ", ".join([default_value(t.elem, d)] * t.size) + "}"
        raise ValueError(f"'{d}' is not a default for '{t}'")
    name = t.name
    if d.kind is DefaultKind.BOOL and name == "bool":
        return "true" if d.text == "True" else "false"
    if d.kind is DefaultKind.INT and name in ("int", "float", "Scalar"):
        return d.text
    if d.kind is DefaultKind.FLOAT and name in ("float", "Scalar"):
        return d.text
    if d.kind is DefaultKind.STR and name == "str":
        return str(d)  # the schema's canonical string is a valid C++ literal
    if d.kind is DefaultKind.IDENT and d.text in IDENT_DEFAULTS.get(name, {}):
        return IDENT_DEFAULTS[name][d.text]
    raise ValueError(f"'{d}' is not a default for '{t}'")

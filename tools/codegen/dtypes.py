"""Dtype names usable in a `dtypes:` list: the C++ type each binds to `scalar_t`, and the named
groups a list may use (`dtypes: [all, Half, BFloat16]`).

The names are the ScalarType enumerators of aten/core/ScalarType.h. The groups are ATen's
(AT_DISPATCH_ALL_TYPES and friends): `all` is integral + floating without Bool, Half, BFloat16
or complex, which an op adds by name; `complex` is ComplexFloat and ComplexDouble, and
ComplexHalf is named too where an op has it. Every group also gets a dispatch macro in the generated
<aten/Dispatch.h> (`ATEN_DISPATCH_ALL_TYPES(TYPE, NAME, ...)`).

An expanded list is a dtype *set* (ordered: its switch has its cases in this order). Every op
and group with the same set shares one generated cases macro, named by `set_name`.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Dtype:
    name: str  # the ScalarType enumerator
    cpp_type: str  # what scalar_t is
    header: str  # what declares cpp_type ("" for a builtin type)


_TABLE = (
    Dtype("Bool", "bool", ""),
    Dtype("Byte", "uint8_t", ""),
    Dtype("Char", "int8_t", ""),
    Dtype("Short", "int16_t", ""),
    Dtype("Int", "int32_t", ""),
    Dtype("Long", "int64_t", ""),
    Dtype("Float", "float", ""),
    Dtype("Double", "double", ""),
    # The reduced-precision and complex value types live in aten/core (std::complex is ATen's
    # c10::complex here, specialized for Half in aten/core/Complex.h). An op may list them once
    # its kernels handle them.
    Dtype("Half", "::aten::Half", "aten/core/Half.h"),
    Dtype("BFloat16", "::aten::BFloat16", "aten/core/BFloat16.h"),
    Dtype("ComplexFloat", "std::complex<float>", "complex"),
    Dtype("ComplexDouble", "std::complex<double>", "complex"),
    Dtype("ComplexHalf", "std::complex<::aten::Half>", "aten/core/Complex.h"),
)
DTYPES: dict[str, Dtype] = {d.name: d for d in _TABLE}

# Group name -> (its dtypes, the suffix of its macro ATEN_DISPATCH_<suffix>).
GROUPS: dict[str, tuple[tuple[str, ...], str]] = {
    "integral": (("Byte", "Char", "Short", "Int", "Long"), "INTEGRAL_TYPES"),
    "floating": (("Float", "Double"), "FLOATING_TYPES"),
    "all": (("Byte", "Char", "Short", "Int", "Long", "Float", "Double"), "ALL_TYPES"),
    "complex": (("ComplexFloat", "ComplexDouble"), "COMPLEX_TYPES"),
}


def headers(names: tuple[str, ...]) -> list[str]:
    """The headers the C++ types of `names` need, sorted."""
    return sorted({DTYPES[n].header for n in names} - {""})


def expand(names: list[str]) -> tuple[tuple[str, ...], list[str]]:
    """The canonical dtype list for `names` (groups expanded, order kept) and the problems found.
    A dtype reached twice is a problem only when named twice explicitly; overlapping groups
    (`[all, integral]`) are not worth an error."""
    problems: list[str] = []
    result: list[str] = []
    for name in names:
        group = GROUPS.get(name)
        for dtype in group[0] if group else (name,):
            if dtype not in DTYPES:
                known = ", ".join(list(DTYPES) + [f"{g} (group)" for g in GROUPS])
                problems.append(f"unknown dtype '{dtype}' (known: {known})")
            elif dtype not in result:
                result.append(dtype)
            elif group is None:
                problems.append(f"dtype '{dtype}' is listed twice")
    return tuple(result), problems


def set_parts(names: tuple[str, ...]) -> list[str]:
    """The dtype set `names` as runs: each run that is a whole group as the group's name, longest
    group first, the other dtypes one by one (`Bool, all, Half, BFloat16`)."""
    parts: list[str] = []
    by_length = sorted(GROUPS.items(), key=lambda item: -len(item[1][0]))
    i = 0
    while i < len(names):
        group = next((g for g, (members, _) in by_length if names[i:i + len(members)] == members), None)
        parts.append(group or names[i])
        i += len(GROUPS[group][0]) if group else 1
    return parts


def set_name(names: tuple[str, ...]) -> str:
    """The name of the dtype set `names`, as its header and cases macro spell it: its runs
    (set_parts) joined by `_` (`Bool_all_Half_BFloat16_complex`). Groups are lower case and dtypes
    are not, so two different sets never get one name."""
    return "_".join(set_parts(names))

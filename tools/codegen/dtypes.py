"""Dtype names usable in a `dtypes:` list, and the C++ type each one binds to `scalar_t`.

The names are the ScalarType enumerators of aten/core/ScalarType.h. A name whose C++ type is
None exists in the enum but has no value type in MiniATen yet; giving it its type (`Half`,
`BFloat16`, `complex<float>`, ...) here is all the generator needs to support it.
"""
from __future__ import annotations

from typing import Optional

CPP_TYPES: dict[str, Optional[str]] = {
    "Bool": "bool",
    "Byte": "uint8_t",
    "Char": "int8_t",
    "Short": "int16_t",
    "Int": "int32_t",
    "Long": "int64_t",
    "Float": "float",
    "Double": "double",
    "Half": None,
    "BFloat16": None,
    "ComplexFloat": None,
    "ComplexDouble": None,
}

# Named groups a `dtypes:` list may use, expanded in place (e.g. `[all, Half]`). None is defined
# yet: a group is only worth a name once several ops share it.
GROUPS: dict[str, tuple[str, ...]] = {}


def expand(names: list[str]) -> tuple[tuple[str, ...], list[str]]:
    """The canonical dtype list for `names` (groups expanded, order kept) and the problems found."""
    problems: list[str] = []
    result: list[str] = []
    for name in names:
        for dtype in GROUPS.get(name, (name,)):
            if dtype not in CPP_TYPES:
                known = ", ".join(list(CPP_TYPES) + list(GROUPS))
                problems.append(f"unknown dtype '{dtype}' (known: {known})")
            elif CPP_TYPES[dtype] is None:
                problems.append(f"dtype '{dtype}' has no C++ type in MiniATen yet")
            elif dtype in result:
                problems.append(f"dtype '{dtype}' is listed twice")
            else:
                result.append(dtype)
    return tuple(result), problems

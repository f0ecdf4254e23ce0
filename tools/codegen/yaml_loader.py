"""Load native_functions.yaml keeping the line of every mapping and of every key in it.

PyYAML's node marks know where each node starts; a constructor for mappings copies them onto
the constructed dict, so every later error can say `native_functions.yaml:LINE:`.
"""
from __future__ import annotations

import yaml

from tools.codegen.errors import CodegenError


class LineMapping(dict):
    """A YAML mapping that remembers the 1-based line it starts on and the line of each key."""

    line: int
    key_lines: dict


class _LineLoader(yaml.SafeLoader):
    pass


def _construct_mapping(loader: _LineLoader, node: yaml.MappingNode) -> LineMapping:
    loader.flatten_mapping(node)
    key_lines: dict = {}
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=True)
        if isinstance(key, (dict, list)):
            raise CodegenError(key_node.start_mark.line + 1, "a mapping key must be a plain value")
        if key in key_lines:
            # PyYAML keeps the last value silently; a repeated key is almost always a mistake.
            line = key_node.start_mark.line + 1
            raise CodegenError(line, f"key '{key}' appears twice (first on line {key_lines[key]})")
        key_lines[key] = key_node.start_mark.line + 1
    mapping = LineMapping(loader.construct_mapping(node, deep=True))
    mapping.line = node.start_mark.line + 1
    mapping.key_lines = key_lines
    return mapping


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def load_entries(text: str) -> list[LineMapping]:
    """The top-level list of entries. Malformed YAML becomes a CodegenError with its line."""
    loader = _LineLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return []
        # Shape checks on the node tree, where even a scalar still knows its line.
        if not isinstance(node, yaml.SequenceNode):
            raise CodegenError(node.start_mark.line + 1, "the file must be a list of entries (`- func: ...`)")
        for item in node.value:
            if not isinstance(item, yaml.MappingNode):
                raise CodegenError(item.start_mark.line + 1, "every entry must be a mapping (`- func: ...`)")
        return loader.construct_document(node)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark else 1
        raise CodegenError(line, f"malformed YAML: {e.problem or e.context}") from None
    except yaml.YAMLError as e:
        raise CodegenError(1, f"malformed YAML: {e}") from None
    finally:
        loader.dispose()

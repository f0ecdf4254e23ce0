"""MiniATen's build tools. The code generator lives in tools.codegen."""

"""MiniATen's code generator: native_functions.yaml + templates/ -> generated/.

Run it as `python3 -m tools.codegen` (see cli.py for the options). The pipeline is
load (yaml_loader) -> entries (entries, schema_parser) -> validate -> build contexts
(contexts) -> render (templates/) -> write (writer).
"""

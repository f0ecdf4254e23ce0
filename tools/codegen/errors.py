"""The errors the generator reports to a user, as `FILE:LINE: message`, never as tracebacks."""
from __future__ import annotations


class SchemaSyntaxError(Exception):
    """A malformed `func:` string. `column` is 1-based within that string."""

    def __init__(self, message: str, column: int):
        super().__init__(message)
        self.message = message
        self.column = column


class CodegenError(Exception):
    """A problem with one YAML entry. `line` is 1-based within native_functions.yaml, or within
    `file` when the problem is in another input (derivatives.yaml)."""

    def __init__(self, line: int, message: str, file: str | None = None):
        super().__init__(f"{line}: {message}")
        self.line = line
        self.message = message
        self.file = file

    def format(self, path: str) -> str:
        return f"{self.file or path}:{self.line}: {self.message}"


class CodegenErrors(Exception):
    """Every error found in one run: users fix a file faster when they see them all at once."""

    def __init__(self, errors: list[CodegenError]):
        super().__init__(f"{len(errors)} error(s)")
        self.errors = sorted(errors, key=lambda e: (e.file or "", e.line))

"""Shared helpers: run the generator in-process on a YAML text, in a temp directory."""
from __future__ import annotations

import contextlib
import io
import tempfile
import textwrap
from pathlib import Path

from tools.codegen.cli import REPO_ROOT, main

# The walking skeleton's three entries, the basis most tests edit.
ADD_YAML = textwrap.dedent(
    """\
    - func: add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor
      variants: function, method
      structured_delegate: add.out

    - func: add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)
      variants: method
      structured_delegate: add.out

    - func: add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)
      structured: True
      structured_inherits: TensorIteratorBase
      dispatch:
        CPU: add_out
      dtypes: [Int, Long, Float, Double]
    """
)


def run_cli(*args: str) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of `python3 -m tools.codegen ARGS`, run in this process."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


class TempRepo:
    """A temp directory with a native_functions.yaml and an output directory `out/`."""

    def __init__(self, yaml_text: str = ADD_YAML):
        self._tmp = tempfile.TemporaryDirectory()
        self.root = Path(self._tmp.name)
        self.yaml = self.root / "native_functions.yaml"
        self.out = self.root / "out"
        self.yaml.write_text(yaml_text)

    def run(self, *extra: str) -> tuple[int, str, str]:
        return run_cli("--yaml", str(self.yaml), "--out", str(self.out), *extra)

    def files(self) -> dict[str, str]:
        return {p.relative_to(self.out).as_posix(): p.read_text() for p in sorted(self.out.rglob("*")) if p.is_file()}

    def close(self) -> None:
        self._tmp.cleanup()


__all__ = ["ADD_YAML", "REPO_ROOT", "TempRepo", "run_cli"]


def kernels_of(ops_cpp: str, key: str) -> str:
    """The function of a generated <op>_ops.cpp that registers one dispatch key's kernels."""
    start = ops_cpp.index(f"_{key}(Dispatcher& d) {{")
    end = ops_cpp.index("\n}\n", start)
    return ops_cpp[start:end]

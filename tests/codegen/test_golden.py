"""Golden outputs: one operator of each kind, from tests/codegen/fixtures/kinds.yaml.

Each tests/codegen/golden/<op>.txt holds every file generated for that operator,
aggregates.txt the files every operator contributes to, dtype_sets.txt the dtype sets' cases
headers (shared by the ops and groups with one set), and python_bindings.txt the Python module's
signature tables; a test fails on any difference. After
an intended change to the output, review the diff and refresh them with

    ATEN_UPDATE_GOLDEN=1 python3 -m unittest tests.codegen.test_golden
"""
from __future__ import annotations

import os
import unittest
from pathlib import Path

from tests.codegen.helpers import REPO_ROOT
from tools.codegen.cli import generate

HERE = Path(__file__).parent
FIXTURE = HERE / "fixtures" / "kinds.yaml"
GOLDEN = HERE / "golden"

# Operator of the fixture -> the kind it stands for.
KINDS = {
    "max": "structured, two named outputs, proxy outputs, dtype group",
    "nonzero": "not structured, CPU kernel only",
    "resize": "one kernel for CPU and Meta, in place",
    "clamp": "CompositeExplicitAutograd, Tensor? and Scalar? arguments",
    "narrow": "CompositeImplicitAutograd by default, view return",
    "eye": "factory with CPU and Meta kernels",
    "new_empty": "factory method, CompositeExplicitAutograd",
    "sort": "multiple named returns, not structured",
    "cat": "Tensor[] argument, unstructured out=",
    "split": "Tensor[] return",
    "einsum": "str, Tensor[] and int[]? arguments",
}
AGGREGATES = ("aten/Dispatch.h", "aten/Functions.h", "aten/OpManifest.cpp", "aten/OpManifest.h", "aten/core/TensorBody.h",
              "aten/register/RegisterAll.cpp", "manifest.json")


def files_of(op: str) -> set[str]:
    return {f"aten/ops/{op}.h"} | {f"aten/ops/{op}_{s}" for s in ("ops.h", "ops.cpp", "meta.h", "native.h", "dtypes.h")}


def render(files: dict[str, str], paths: list[str]) -> str:
    return "".join(f"==== {path}\n{files[path]}" for path in paths)


class GoldenTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.files = generate(FIXTURE, REPO_ROOT / "templates")

    def check(self, name: str, paths: list[str]) -> None:
        text = render(self.files, paths)
        golden = GOLDEN / f"{name}.txt"
        if os.environ.get("ATEN_UPDATE_GOLDEN"):
            GOLDEN.mkdir(exist_ok=True)
            golden.write_text(text)
        self.assertTrue(golden.exists(), f"{golden} is missing; see this module's docstring")
        self.assertEqual(text, golden.read_text(), f"output for {name} differs from {golden}")

    def dtype_sets(self) -> list[str]:
        return sorted(p for p in self.files if p.startswith("aten/dtype_sets/"))

    def python_bindings(self) -> list[str]:
        return sorted(p for p in self.files if p.startswith("python/"))

    def test_every_file_is_in_one_golden(self):
        covered = set(AGGREGATES) | set(self.dtype_sets()) | set(self.python_bindings())
        for op in KINDS:
            covered |= files_of(op)
        self.assertEqual(sorted(set(self.files) - covered), [])

    def test_aggregates(self):
        self.check("aggregates", list(AGGREGATES))

    def test_dtype_sets(self):
        self.check("dtype_sets", self.dtype_sets())

    def test_python_bindings(self):
        self.check("python_bindings", self.python_bindings())

    def test_each_kind(self):
        for op, kind in KINDS.items():
            with self.subTest(op=op, kind=kind):
                paths = sorted(p for p in self.files if p in files_of(op))
                self.assertTrue(paths)
                self.check(op, paths)


if __name__ == "__main__":
    unittest.main()

"""Op tests are named for what they test: tests/ops/test_<file>.cpp holds the tests of the
operators that aten/native/<File>.cpp implements (BinaryOps.cpp: test_binary_ops.cpp), and
tests/ops/manifest/cases/<File>.cpp their manifest cases. A test file named for no native file
is an error: its tests belong in the file of the native file of their ops."""
from __future__ import annotations

import re
import tempfile
import unittest
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]


def snake_case(name: str) -> str:
    """BinaryOps -> binary_ops, LinearAlgebra -> linear_algebra."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_", name).lower()


def unmatched_test_files(root: Path) -> list[str]:
    """The op test files and manifest case files under root named for no aten/native/ file, one
    message each."""
    native = {p.stem for p in (root / "aten" / "native").glob("*.cpp")}
    snake = {snake_case(n) for n in native}
    errors = []
    for path in sorted((root / "tests" / "ops").glob("test_*.cpp")):
        stem = path.stem.removeprefix("test_")
        if stem not in snake:
            errors.append(f"{path.relative_to(root)}: names no aten/native/ file (the tests of "
                          "aten/native/<File>.cpp's ops go in test_<file>.cpp, <file> the name in "
                          "snake case)")
    for path in sorted((root / "tests" / "ops" / "manifest" / "cases").glob("*.cpp")):
        if path.stem not in native:
            errors.append(f"{path.relative_to(root)}: names no aten/native/ file (the cases of "
                          "aten/native/<File>.cpp's ops go in cases/<File>.cpp)")
    return errors


class OpTestFilesTest(unittest.TestCase):
    def test_every_op_test_and_case_file_is_named_for_a_native_file(self):
        self.assertEqual(unmatched_test_files(REPO_ROOT), [])

    def test_snake_case(self):
        self.assertEqual(snake_case("BinaryOps"), "binary_ops")
        self.assertEqual(snake_case("MinMax"), "min_max")
        self.assertEqual(snake_case("Copy"), "copy")
        self.assertEqual(snake_case("GEMMKernel"), "gemm_kernel")

    def test_a_file_named_for_no_native_file_is_reported(self):
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp)
            for rel in ("aten/native/BinaryOps.cpp", "aten/native/Copy.cpp",
                        "tests/ops/test_binary_ops.cpp", "tests/ops/test_copy.cpp",
                        "tests/ops/test_binary.cpp", "tests/ops/OpTestHelpers.h",
                        "tests/ops/manifest/cases/BinaryOps.cpp",
                        "tests/ops/manifest/cases/Arithmetic.cpp",
                        "tests/ops/manifest/cases/binary_ops.cpp"):
                (root / rel).parent.mkdir(parents=True, exist_ok=True)
                (root / rel).write_text("")
            errors = unmatched_test_files(root)
            self.assertEqual([e.split(":")[0] for e in errors],
                             ["tests/ops/test_binary.cpp",
                              "tests/ops/manifest/cases/Arithmetic.cpp",
                              "tests/ops/manifest/cases/binary_ops.cpp"])


if __name__ == "__main__":
    unittest.main()

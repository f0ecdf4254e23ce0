"""Extensions: `aten-codegen --namespace my_ops` (or `python3 -m tools.codegen --namespace my_ops`)
on another project's YAML, here tests/codegen/fixtures/extension.yaml.

golden/extension.txt holds every file it produces; refresh it after an intended change with

    ATEN_UPDATE_GOLDEN=1 python3 -m unittest tests.codegen.test_extension
"""
from __future__ import annotations

import contextlib
import io
import os
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
import unittest
from pathlib import Path

from tests.codegen.helpers import REPO_ROOT, TempRepo, run_cli
from tools.codegen.cli import generate, main

HERE = Path(__file__).parent
FIXTURE = HERE / "fixtures" / "extension.yaml"
GOLDEN = HERE / "golden" / "extension.txt"
TEMPLATES = REPO_ROOT / "templates"

OPS = ("scaled_add", "cumulative", "histogram_counts", "midpoint")


class ExtensionOutputTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.files = generate(FIXTURE, TEMPLATES, "my_ops")

    def test_golden(self):
        text = "".join(f"==== {path}\n{content}" for path, content in self.files.items())
        if os.environ.get("ATEN_UPDATE_GOLDEN"):
            GOLDEN.write_text(text)
        self.assertEqual(text, GOLDEN.read_text(), f"output differs from {GOLDEN}; see this module's docstring")

    def test_only_files_of_its_own(self):
        """Everything under my_ops/, none of the library's aggregates (Functions.h, TensorBody.h,
        RegisterAll.cpp, Dispatch.h, the manifest): the installed library has those."""
        self.assertEqual(sorted({p.split("/")[0] for p in self.files}), ["my_ops"])
        self.assertEqual([p for p in self.files if "/" not in p.removeprefix("my_ops/")],
                         ["my_ops/Functions.h", "my_ops/Namespace.h"])
        self.assertIn("my_ops/register/Registration.cpp", self.files)
        for op in OPS:
            self.assertIn(f"my_ops/ops/{op}.h", self.files)
            self.assertIn(f"#include <my_ops/ops/{op}.h>", self.files["my_ops/Functions.h"])
        self.assertFalse(any("TensorBody" in p or "RegisterAll" in p or "Manifest" in p or "manifest" in p
                             or p.endswith("/Dispatch.h") for p in self.files))

    def test_cpp_lives_in_the_extension_namespace(self):
        for path, content in self.files.items():
            with self.subTest(path=path):
                self.assertNotRegex(content, r"namespace aten\b", "nothing may be defined in namespace aten")
                self.assertNotRegex(content, r"#include <aten/(ops|register)/",
                                    "an extension includes none of the library's per-op files")
                if (path not in ("my_ops/Namespace.h", "my_ops/Functions.h") and not path.endswith("_dtypes.h")
                        and "/dtype_sets/" not in path):
                    self.assertIn("namespace my_ops {", content)

    def test_dispatcher_names_carry_the_namespace(self):
        ops_h = self.files["my_ops/ops/scaled_add_ops.h"]
        self.assertIn('name = "my_ops::scaled_add";', ops_h)
        self.assertIn('name = "my_ops::scaled_add_";', ops_h)
        self.assertIn('schema_str = "my_ops::scaled_add.out(Tensor self, Tensor other, Scalar scale, *, '
                      'Tensor(a!) out) -> Tensor(a!)";', ops_h)
        cpu = self.files["my_ops/ops/scaled_add_ops.cpp"]
        self.assertIn('d.registerKernel({"my_ops::scaled_add", "out"}, DispatchKey::CPU, '
                      "&::aten::structured::Cpu<native::structured_scaled_add_out, _ops::scaled_add_out>::out);", cpu)
        # The library's helpers, qualified: my_ops::detail (the registration functions) would
        # otherwise hide aten::detail.
        self.assertIn("::aten::detail::typed_handle<scaled_add_out>()", cpu)
        self.assertNotRegex(cpu, r"(?<!::aten::)(detail::(typed_handle|register_schema|NamedKernel)<|structured::(Cpu|Meta)<)")
        registrations = re.findall(r'registerKernel\(\{"([^"]+)"', "".join(self.files.values()))
        self.assertTrue(registrations)
        self.assertTrue(all(name.startswith("my_ops::") for name in registrations), registrations)

    def test_dtype_macros_are_the_extensions_own(self):
        """The op's switch and its set's cases macro carry the namespace; the set is the
        extension's own header, not the library's (which another generator may have written)."""
        dtypes = self.files["my_ops/ops/scaled_add_dtypes.h"]
        self.assertIn('#define ATEN_DISPATCH_my_ops_scaled_add_TYPES(TYPE, ...) ATEN_DTYPE_SWITCH("my_ops::scaled_add", '
                      "TYPE, ATEN_DTYPE_SET_my_ops_floating_Half, __VA_ARGS__)", dtypes)
        self.assertIn("#include <my_ops/dtype_sets/floating_Half.h>", dtypes)
        cases = self.files["my_ops/dtype_sets/floating_Half.h"]
        self.assertIn("#define ATEN_DTYPE_SET_my_ops_floating_Half(...)", cases)
        self.assertIn("ATEN_DTYPE_CASE(Half, ::aten::Half, __VA_ARGS__)", cases)
        self.assertIn("#include <aten/core/Half.h>", cases)
        self.assertEqual(sorted(p for p in self.files if "/dtype_sets/" in p), ["my_ops/dtype_sets/floating_Half.h"])

    def test_meta_classes_derive_from_the_librarys_bases(self):
        self.assertIn("struct structured_scaled_add : public ::aten::TensorIteratorBase {",
                      self.files["my_ops/ops/scaled_add_meta.h"])
        self.assertIn("struct structured_cumulative : public ::aten::impl::MetaBase {",
                      self.files["my_ops/ops/cumulative_meta.h"])

    def test_static_registrar_registers_schemas_before_kernels(self):
        registration = self.files["my_ops/register/Registration.cpp"]
        calls = re.findall(r"detail::(register_\w+)\(d\);", registration)
        schemas = [c for c in calls if c.endswith("_schemas")]
        self.assertEqual(schemas, [f"register_{op}_schemas" for op in OPS])
        self.assertEqual(calls[:len(schemas)], schemas)
        self.assertEqual(sorted(calls[len(schemas):]), sorted([
            "register_scaled_add_CPU", "register_scaled_add_Meta", "register_cumulative_CPU",
            "register_cumulative_Meta", "register_histogram_counts_CPU", "register_histogram_counts_Meta",
            "register_midpoint_CompositeImplicitAutograd"]))
        self.assertIn("const Registrar registrar;", registration)
        # Every function it calls is defined by some other file of the extension.
        defined = set(re.findall(r"void (register_\w+)\(Dispatcher& d\) \{", "".join(self.files.values())))
        self.assertEqual(set(calls), defined)

    def test_library_output_does_not_depend_on_the_extension_code_path(self):
        """Without --namespace the output is the library's (the committed generated/)."""
        code, _, stderr = run_cli("--check")
        self.assertEqual(code, 0, stderr)


class ExtensionValidationTest(unittest.TestCase):
    def run_extension(self, yaml_text: str, *extra: str) -> tuple[TempRepo, int, str]:
        repo = TempRepo(yaml_text)
        self.addCleanup(repo.close)
        err = io.StringIO()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
            try:
                code = main(["--yaml", str(repo.yaml), "--out", str(repo.out), "--namespace", "my_ops", *extra])
            except SystemExit as e:  # argparse's usage errors
                code = e.code
        return repo, code, err.getvalue()

    def test_method_variant_is_an_error(self):
        yaml_text = "- func: twice(Tensor self) -> Tensor\n  variants: function, method\n"
        repo, code, stderr = self.run_extension(yaml_text)
        self.assertEqual(code, 1)
        self.assertIn("native_functions.yaml:1: twice: an extension cannot add Tensor methods", stderr)
        self.assertFalse(repo.out.exists())

    def test_bad_namespaces(self):
        for name, reason in (("aten", "reserved"), ("torch", "reserved"), ("detail", "reserved"),
                             ("my-ops", "not a C++ identifier"), ("_ops2", "not a C++ identifier"),
                             ("class", "not a C++ identifier")):
            with self.subTest(name=name):
                repo, code, stderr = self.run_extension("- func: twice(Tensor self) -> Tensor\n", "--namespace", name)
                self.assertEqual(code, 2, stderr)  # argparse's usage error
                self.assertIn(f"--namespace {name}: {reason}", stderr)
                self.assertFalse(repo.out.exists())

    def test_check_and_list(self):
        repo, code, stderr = self.run_extension(FIXTURE.read_text())
        self.assertEqual(code, 0, stderr)
        code, stdout, _ = repo.run("--namespace", "my_ops", "--list")
        self.assertEqual(stdout.splitlines(), sorted(repo.files()))
        self.assertEqual(repo.run("--namespace", "my_ops", "--check")[0], 0)
        (repo.out / "my_ops/ops/midpoint.h").write_text("// edited\n")
        self.assertEqual(repo.run("--namespace", "my_ops", "--check")[0], 1)

    def test_aten_codegen_requires_namespace_yaml_and_out(self):
        err = io.StringIO()
        with contextlib.redirect_stderr(err), self.assertRaises(SystemExit) as exit_:
            main(["--yaml", str(FIXTURE), "--out", "/nonexistent"], extension_only=True)
        self.assertEqual(exit_.exception.code, 2)
        self.assertIn("aten-codegen: error: the following arguments are required: --namespace", err.getvalue())


class InstalledLauncherTest(unittest.TestCase):
    """bin/aten-codegen as cmake --install lays it out: it finds the generator and templates
    under share/MiniATen relative to itself, wherever the prefix is."""

    def test_runs_from_an_install_layout(self):
        with tempfile.TemporaryDirectory() as tmp:
            prefix = Path(tmp) / "prefix"
            share = prefix / "share" / "MiniATen"
            shutil.copytree(REPO_ROOT / "tools", share / "tools", ignore=shutil.ignore_patterns("__pycache__", "*.in"))
            shutil.copytree(TEMPLATES, share / "templates")
            launcher = (REPO_ROOT / "tools" / "aten-codegen.in").read_text()
            launcher = launcher.replace("@Python3_EXECUTABLE@", sys.executable).replace(
                "@ATEN_CODEGEN_SHARE@", "../share/MiniATen")
            (prefix / "bin").mkdir()
            (prefix / "bin" / "aten-codegen").write_text(launcher)
            (prefix / "bin" / "aten-codegen").chmod(0o755)
            moved = Path(tmp) / "moved"
            prefix.rename(moved)  # relocatable: nothing points at the old prefix
            yaml_path = Path(tmp) / "ops.yaml"
            yaml_path.write_text(textwrap.dedent("""\
                - func: twice(Tensor self) -> Tensor
                  dispatch:
                    CPU: twice_cpu
                """))
            result = subprocess.run([str(moved / "bin" / "aten-codegen"), "--namespace", "mine", "--yaml",
                                     str(yaml_path), "--out", str(Path(tmp) / "out")],
                                    cwd=tmp, capture_output=True, text=True)
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertTrue((Path(tmp) / "out" / "mine" / "ops" / "twice_ops.cpp").is_file())
            result = subprocess.run([str(moved / "bin" / "aten-codegen"), "--help"], capture_output=True, text=True)
            self.assertIn("usage: aten-codegen", result.stdout)


if __name__ == "__main__":
    unittest.main()

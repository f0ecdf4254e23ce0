"""derivatives.yaml: what a formula saves, node names, and every error as
`derivatives.yaml:LINE: message` with exit code 1 and nothing written."""
from __future__ import annotations

import textwrap
import unittest

from tests.codegen.helpers import ADD_YAML, TempRepo
from tools.codegen import derivatives as D

# ADD_YAML plus a second operator with a non-tensor argument and an index input.
YAML = ADD_YAML + textwrap.dedent(
    """
    - func: gather(Tensor self, int dim, Tensor index) -> Tensor
      dispatch:
        CPU: gather
      dtypes: [Float, Double]

    - func: eq.Tensor(Tensor self, Tensor other) -> Tensor
      dispatch:
        CPU: eq
      dtypes: [Float]
    """
)

GOOD = textwrap.dedent(
    """\
    - name: add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor
      self: grad
      other: add(grad, grad, alpha=alpha)

    - name: gather(Tensor self, int dim, Tensor index) -> Tensor
      self: gather(grad, dim, index).expand(self.sizes())
      index: non_differentiable

    - not_differentiable: [eq]
    """
)


def edit(old: str, new: str) -> str:
    assert old in GOOD, old
    return GOOD.replace(old, new, 1)


class DerivativesTest(unittest.TestCase):
    def run_generator(self, derivatives_text: str) -> tuple[int, str, TempRepo]:
        repo = TempRepo(YAML)
        self.addCleanup(repo.close)
        (repo.root / "derivatives.yaml").write_text(derivatives_text)
        code, _, stderr = repo.run()
        return code, stderr, repo

    def assert_error(self, derivatives_text: str, line: int, message: str) -> None:
        code, stderr, repo = self.run_generator(derivatives_text)
        self.assertEqual(code, 1, stderr)
        self.assertFalse(repo.out.exists(), "a bad derivatives.yaml must not write anything")
        self.assertNotIn("Traceback", stderr)
        expected = f"derivatives.yaml:{line}: {message}"
        self.assertTrue(any(expected in l for l in stderr.splitlines()), f"{expected!r} not in:\n{stderr}")

    def test_good_file_generates(self):
        code, stderr, _ = self.run_generator(GOOD)
        self.assertEqual(code, 0, stderr)

    def test_schema_that_matches_no_overload(self):
        self.assert_error(edit("Scalar alpha=1) -> Tensor", "Scalar alpha=2) -> Tensor"), 1,
                          "`add.Tensor(Tensor self, Tensor other, *, Scalar alpha=2) -> Tensor` matches no overload "
                          "of native_functions.yaml (native_functions.yaml declares "
                          "`add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor`)")

    def test_unknown_operator(self):
        self.assert_error(edit("- name: gather(", "- name: gatherr("), 5,
                          "`gatherr(Tensor self, int dim, Tensor index) -> Tensor` matches no overload")

    def test_inplace_overload_is_refused(self):
        self.assert_error(edit("- name: add.Tensor(Tensor self,", "- name: add_.Tensor(Tensor(a!) self,")
                          .replace("alpha=1) -> Tensor\n", "alpha=1) -> Tensor(a!)\n", 1), 1,
                          "add_.Tensor: name the functional overload")

    def test_formula_for_an_argument_that_does_not_exist(self):
        self.assert_error(edit("  other: add", "  othr: add"), 3,
                          "add.Tensor: no argument named 'othr' (arguments: self, other, alpha)")

    def test_formula_for_a_non_tensor(self):
        self.assert_error(edit("  index: non_differentiable", "  index: non_differentiable\n  dim: grad"), 8,
                          "gather: 'dim' is of type int, not a tensor: only tensors have gradients")

    def test_tensor_input_without_formula(self):
        self.assert_error(edit("  index: non_differentiable\n", ""), 5,
                          "gather: tensor input 'index' has no formula (give one, or `index: non_differentiable`)")

    def test_name_that_is_not_an_input(self):
        self.assert_error(edit("add(grad, grad, alpha=alpha)", "add(grad, other2)"), 3,
                          "add.Tensor: the formula for 'other' uses 'other2', which is not an input of add.Tensor")

    def test_call_of_an_unknown_function(self):
        self.assert_error(edit("  self: grad\n", "  self: frob(grad)\n"), 2,
                          "add.Tensor: the formula for 'self' calls 'frob', which is neither an operator nor a helper")

    def test_unknown_qualifier(self):
        self.assert_error(edit("  self: grad\n", "  self: torch::ones_like(grad)\n"), 2,
                          "add.Tensor: the formula for 'self' names 'torch::', which is not a namespace it may use")

    def test_duplicate_entry(self):
        self.assert_error(GOOD + "\n- name: gather(Tensor self, int dim, Tensor index) -> Tensor\n"
                          "  self: grad\n  index: non_differentiable\n", 11, "gather: second entry (first on line 5)")

    def test_not_differentiable_names_an_unknown_operator(self):
        self.assert_error(edit("[eq]", "[eq, nope]"), 9, "not_differentiable: no operator named 'nope'")

    def test_operator_with_formulas_cannot_be_not_differentiable(self):
        self.assert_error(edit("[eq]", "[eq, gather]"), 5, "gather: has formulas but its operator is listed as not_differentiable")

    def test_malformed_yaml(self):
        self.assert_error("- name: [\n", 2, "malformed YAML")

    def test_problems_are_all_reported(self):
        code, stderr, _ = self.run_generator(edit("  other: add", "  othr: add").replace("[eq]", "[nope]"))
        self.assertEqual(code, 1)
        self.assertEqual(len(stderr.splitlines()), 3, stderr)  # the misspelt key leaves `other` without a formula


class SavedTest(unittest.TestCase):
    def saved(self, formulas: str) -> dict[str, D.SavedKind]:
        from tools.codegen.entries import parse_entry
        from tools.codegen.yaml_loader import load_entries

        errors: list = []
        functions = [f for f in (parse_entry(e, errors) for e in load_entries(YAML)) if f]
        text = "- name: gather(Tensor self, int dim, Tensor index) -> Tensor\n" + formulas
        found, errors = D.load(text, functions, frozenset())
        self.assertEqual(errors, [])
        return {s.name: s.kind for s in found.entries[0].saved}

    def test_metadata_only_use_saves_metadata(self):
        self.assertEqual(self.saved("  self: grad.expand(self.sizes())\n  index: non_differentiable\n"),
                         {"self": D.SavedKind.METADATA})

    def test_value_use_saves_the_tensor_and_arguments_by_value(self):
        self.assertEqual(self.saved("  self: gather(grad, dim, index) * self.size(0)\n  index: non_differentiable\n"),
                         {"dim": D.SavedKind.VALUE, "index": D.SavedKind.TENSOR, "self": D.SavedKind.METADATA})
        self.assertEqual(self.saved("  self: grad * self\n  index: non_differentiable\n"), {"self": D.SavedKind.TENSOR})

    def test_output_is_saved_as_output(self):
        repo_entry = "  self: grad * result\n  index: non_differentiable\n"
        self.assertEqual(self.saved(repo_entry), {"result": D.SavedKind.TENSOR})

    def test_names_in_strings_and_members_are_not_uses(self):
        self.assertEqual(self.saved('  self: grad.index_select(0, grad.self)  // "self"\n  index: non_differentiable\n'), {})


class NodeNameTest(unittest.TestCase):
    def test_names(self):
        self.assertEqual(D.node_name("mul", 0), "MulBackward0")
        self.assertEqual(D.node_name("max_pool2d", 1), "MaxPool2dBackward1")
        self.assertEqual(D.node_name("_softmax", 0), "SoftmaxBackward0")


if __name__ == "__main__":
    unittest.main()


class EmittedTest(unittest.TestCase):
    """What the generator writes from a derivatives.yaml: one Autograd file per recording
    operator, registered after every backend kernel."""

    def generate(self) -> dict[str, str]:
        repo = TempRepo(YAML)
        self.addCleanup(repo.close)
        (repo.root / "derivatives.yaml").write_text(GOOD)
        code, _, stderr = repo.run()
        self.assertEqual(code, 0, stderr)
        return repo.files()

    def test_one_file_per_recording_operator(self):
        files = self.generate()
        self.assertEqual(sorted(p for p in files if p.startswith("aten/autograd/")),
                         ["aten/autograd/add_autograd.cpp", "aten/autograd/gather_autograd.cpp"])

    def test_node_saves_what_the_formulas_use(self):
        text = self.generate()["aten/autograd/add_autograd.cpp"]
        self.assertIn("struct AddBackward0 final : Node {", text)
        self.assertIn("owned_t<const Scalar&> alpha_;", text)
        self.assertNotIn("SavedVariable", text, "add's formulas read no tensor")
        gather = self.generate()["aten/autograd/gather_autograd.cpp"]
        self.assertIn("TensorMeta self_;", gather)
        self.assertIn("SavedVariable index_;", gather)
        self.assertIn("owned_t<int64_t> dim_;", gather)

    def test_kernels_of_each_kind(self):
        text = self.generate()["aten/autograd/add_autograd.cpp"]
        self.assertIn("void save_inputs(const Tensor& /*self*/, const Tensor& /*other*/, const Scalar& alpha) {", text)
        self.assertIn("using differentiable = std::index_sequence<0, 1>;", text)
        for kernel in ("Recorded<autograd::AddBackward0, _ops::add_Tensor>::functional",
                       "Recorded<autograd::AddBackward0, _ops::add__Tensor>::inplace",
                       "OutNotDifferentiable<_ops::add_out>::call"):
            self.assertIn(f"DispatchKey::Autograd, &autograd::{kernel});", text)
        self.assertNotIn("AutoDispatchBelowAutograd", text, "the kernels are AutogradWrappers.h's")

    def test_registered_after_the_backends(self):
        register = self.generate()["aten/register/RegisterAll.cpp"]
        self.assertLess(register.index("register_add_CPU(d);"), register.index("register_add_Autograd(d);"))
        self.assertIn("register_gather_Autograd(d);", register)
        self.assertNotIn("register_eq_Autograd", register)

    def test_formula_operator_headers_are_included(self):
        gather = self.generate()["aten/autograd/gather_autograd.cpp"]
        self.assertIn("#include <aten/ops/gather.h>", gather)


    def test_optional_tensor_list_is_saved_and_read_back_with_its_nones(self):
        repo = TempRepo(ADD_YAML + textwrap.dedent(
            """
            - func: index.Tensor(Tensor self, Tensor?[] indices) -> Tensor
              dispatch:
                CPU: index
              dtypes: [Float]
            """))
        self.addCleanup(repo.close)
        (repo.root / "derivatives.yaml").write_text(textwrap.dedent(
            """\
            - name: index.Tensor(Tensor self, Tensor?[] indices) -> Tensor
              self: grad.index(indices)
              indices: non_differentiable
            """))
        code, _, stderr = repo.run()
        self.assertEqual(code, 0, stderr)
        text = repo.files()["aten/autograd/index_autograd.cpp"]
        self.assertIn("ArrayRef<std::optional<Tensor>> indices", text)
        self.assertIn("std::vector<SavedVariable> indices_;", text)
        self.assertIn("const auto indices = unpack_optional(indices_);", text)


class ManifestAutogradTest(unittest.TestCase):
    """manifest.json says how each overload behaves under autograd; `missing` is what the
    manifest suite fails on."""

    def autograd_of(self, derivatives_text: str) -> dict[str, str]:
        import json

        repo = TempRepo(YAML)
        self.addCleanup(repo.close)
        (repo.root / "derivatives.yaml").write_text(derivatives_text)
        code, _, stderr = repo.run()
        self.assertEqual(code, 0, stderr)
        manifest = json.loads(repo.files()["manifest.json"])
        return {o["name"] + ("." + o["overload"] if o["overload"] else ""): o["autograd"]
                for op in manifest["operators"] for o in op["overloads"]}

    def test_kinds(self):
        found = self.autograd_of(GOOD)
        self.assertEqual(found["add.Tensor"], "records")
        self.assertEqual(found["add_.Tensor"], "records")
        self.assertEqual(found["add.out"], "refuses")
        self.assertEqual(found["eq.Tensor"], "not_differentiable")

    def test_an_overload_without_formula_is_missing(self):
        found = self.autograd_of(GOOD.replace("- not_differentiable: [eq]\n", ""))
        self.assertEqual(found["eq.Tensor"], "missing")

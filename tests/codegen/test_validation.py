"""Every validation error: `native_functions.yaml:LINE: message`, exit code 1, nothing written."""
from __future__ import annotations

import unittest

from tests.codegen.helpers import ADD_YAML, TempRepo

# Lines of ADD_YAML's entries: add.Tensor 1, add_.Tensor 5, add.out 9 (its dispatch key on 13).


def edit(old: str, new: str) -> str:
    assert old in ADD_YAML, old
    return ADD_YAML.replace(old, new, 1)


def append(text: str) -> str:
    return ADD_YAML + "\n" + text


class ValidationTest(unittest.TestCase):
    def assert_error(self, yaml_text: str, line: int, message: str) -> str:
        repo = TempRepo(yaml_text)
        self.addCleanup(repo.close)
        code, stdout, stderr = repo.run()
        self.assertEqual(code, 1, stderr)
        self.assertEqual(stdout, "")
        self.assertFalse(repo.out.exists(), "an invalid YAML must not write anything")
        self.assertNotIn("Traceback", stderr)
        expected = f"native_functions.yaml:{line}: {message}"
        lines = [l for l in stderr.splitlines() if "native_functions.yaml:" in l]
        self.assertTrue(any(expected in l for l in lines), f"{expected!r} not in:\n{stderr}")
        return stderr

    def test_unknown_key(self):
        self.assert_error(edit("  variants: method\n", "  variants: method\n  strucutred: True\n"), 7, "unknown key 'strucutred'")

    def test_malformed_schema_reports_column(self):
        stderr = self.assert_error(
            edit("add.Tensor(Tensor self, Tensor other,", "add.Tensor(Tensor self, Tensor other"),
            1,
            "malformed schema at column 38: expected ')', got '*'",
        )
        self.assertIn("    add.Tensor(Tensor self, Tensor other *", stderr)
        self.assertIn("\n" + " " * (4 + 37) + "^", stderr)
        self.assertEqual(len(stderr.splitlines()), 3, "no error may follow from the unparsed entry")

    def test_duplicate_operator(self):
        text = append("- func: add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor\n  structured_delegate: add.out\n")
        self.assert_error(text, 16, "duplicate operator 'add.Tensor' (first defined on line 1)")

    def test_delegate_to_missing_op(self):
        self.assert_error(edit("  variants: method\n  structured_delegate: add.out", "  variants: method\n  structured_delegate: add.outt"),
                          5, "add_.Tensor: structured_delegate 'add.outt' does not exist")

    def test_delegate_to_unstructured_op(self):
        text = append("- func: mul.Tensor(Tensor self) -> Tensor\n  structured_delegate: add.Tensor\n")
        self.assert_error(text, 16, "mul.Tensor: structured_delegate 'add.Tensor' is not structured: True")

    def test_inplace_variant_that_does_not_match(self):
        self.assert_error(edit("Tensor(a!) self, Tensor other", "Tensor(a!) self, Scalar other"), 5,
                          "add_.Tensor: the in-place variant's arguments (Tensor self, Scalar other, *, Scalar alpha=1) do not "
                          "match those of its functional variant 'add.Tensor' (Tensor self, Tensor other, *, Scalar alpha=1)")

    def test_out_variant_that_does_not_match(self):
        self.assert_error(edit("*, Scalar alpha=1, Tensor(a!) out", "*, Scalar alpha=2, Tensor(a!) out"), 9,
                          "add.out: the out= variant's arguments (Tensor self, Tensor other, *, Scalar alpha=2) do not match")

    def test_inplace_variant_must_write_self(self):
        self.assert_error(edit("add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)",
                               "add_.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor"),
                          5, "add_.Tensor: an in-place variant writes 'self'")

    def test_structured_without_cpu_kernel(self):
        self.assert_error(edit("  dispatch:\n    CPU: add_out\n", ""), 9,
                          "structured op 'add.out' has no CPU kernel name (add `dispatch: CPU: <kernel>`)")

    def test_structured_needs_a_functional_variant(self):
        text = ADD_YAML.split("\n\n", 1)[1]  # without add.Tensor
        self.assert_error(text, 5, "structured op 'add.out' has no functional variant")

    def test_structured_on_a_functional_overload(self):
        text = append("- func: mul(Tensor self) -> Tensor\n  structured: True\n  dispatch:\n    CPU: mul_kernel\n")
        self.assert_error(text, 16, "mul: structured: True belongs on the out= overload")

    def test_unknown_dtype(self):
        self.assert_error(edit("[Int, Long, Float, Double]", "[Int, Lnog]"), 14, "dtypes: unknown dtype 'Lnog'")

    def test_unknown_dtype_group(self):
        self.assert_error(edit("[Int, Long, Float, Double]", "[integer, Half]"), 14, "dtypes: unknown dtype 'integer'")

    def test_dtype_listed_twice(self):
        self.assert_error(edit("[Int, Long, Float, Double]", "[all, Int]"), 14, "dtypes: dtype 'Int' is listed twice")

    def test_dtypes_not_a_list(self):
        self.assert_error(edit("[Int, Long, Float, Double]", "Int"), 14, "dtypes: expected a list of dtype names, got 'Int'")

    def test_kernel_name_not_an_identifier(self):
        self.assert_error(edit("CPU: add_out", "CPU: add-out"), 13, "dispatch: kernel name 'add-out' is not a C++ identifier")
        self.assert_error(edit("CPU: add_out", "CPU: class"), 13, "dispatch: kernel name 'class' is not a C++ identifier")

    def test_unknown_dispatch_key(self):
        self.assert_error(edit("CPU: add_out", "CPU, CUDA: add_out"), 13, "dispatch: unknown dispatch key 'CUDA'")

    def test_unknown_variant(self):
        self.assert_error(edit("variants: method", "variants: metod"), 6, "variants: unknown variant 'metod'")

    def test_unknown_structured_inherits(self):
        self.assert_error(edit("TensorIteratorBase", "TensorIteratorBas"), 9, "add.out: unknown structured_inherits 'TensorIteratorBas'")

    def test_method_without_self(self):
        text = append("- func: mul.Tensor(Tensor a) -> Tensor\n  variants: method\n  structured_delegate: mul.out\n\n"
                      "- func: mul.out(Tensor a, *, Tensor(a!) out) -> Tensor(a!)\n  structured: True\n  dispatch:\n    CPU: mul_out\n")
        self.assert_error(text, 16, "mul.Tensor: a method variant needs a 'Tensor self' argument")

    def test_default_cpp_cannot_express(self):
        self.assert_error(edit("add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1)", "add.Tensor(Tensor self, Tensor other, *, Scalar alpha=None)"),
                          1, "add.Tensor: None is a default only for optional types, not 'Scalar'")

    def test_both_composite_keys(self):
        text = append("- func: mul(Tensor self) -> Tensor\n  dispatch:\n    CompositeExplicitAutograd: mul\n"
                      "    CompositeImplicitAutograd: mul\n")
        self.assert_error(text, 16, "mul: give a CompositeExplicitAutograd or a CompositeImplicitAutograd kernel, not both")

    def test_kernel_name_shared_by_indistinguishable_overloads(self):
        text = append("- func: mul(Tensor self) -> Tensor\n\n- func: mul.other(Tensor self) -> Tensor\n")
        self.assert_error(text, 18, "mul.other: kernel 'mul' is also the kernel of 'mul' (line 16) with the same C++ "
                                    "parameters (const Tensor&); name one of them differently in dispatch:")

    def test_kernel_name_shared_by_distinguishable_overloads_is_fine(self):
        repo = TempRepo(append("- func: mul(Tensor self) -> Tensor\n\n- func: mul.Scalar(Tensor self, Scalar other) -> Tensor\n"))
        self.addCleanup(repo.close)
        self.assertEqual(repo.run()[0], 0)

    def test_overloads_a_call_cannot_choose_between(self):
        clamp = ("- func: clamp.Tensor(Tensor self, Tensor? min=None, Tensor? max=None) -> Tensor\n"
                 "  variants: function, method\n  dispatch:\n    CompositeExplicitAutograd: clamp\n\n"
                 "- func: clamp(Tensor self, Scalar? min=None, Scalar? max=None) -> Tensor\n"
                 "  variants: function, method\n  dispatch:\n    CompositeExplicitAutograd: clamp\n")
        stderr = self.assert_error(append(clamp), 21, "clamp: a call aten::clamp(const Tensor&) would match both "
                                   "'clamp.Tensor' (line 16) and 'clamp' in C++; remove a default from one of them")
        self.assertEqual(len(stderr.splitlines()), 1, "one error per pair of overloads")
        # ATen's resolution: no default on one overload's `min`.
        repo = TempRepo(append(clamp.replace("Tensor? min=None", "Tensor? min")))
        self.addCleanup(repo.close)
        self.assertEqual(repo.run()[0], 0)

    def test_overloads_with_the_same_cpp_parameters(self):
        text = append("- func: mul(Tensor self, int dim=0) -> Tensor\n  variants: method\n\n"
                      "- func: mul.dim(Tensor self, int dim) -> Tensor\n  variants: method\n  dispatch:\n"
                      "    CompositeImplicitAutograd: mul_dim\n")
        self.assert_error(text, 19, "mul.dim: a call Tensor::mul(int64_t) would match both 'mul' (line 16) and 'mul.dim'")

    def test_unstructured_inplace_must_write_self(self):
        text = append("- func: relu_(Tensor self) -> Tensor\n  dispatch:\n    CPU: relu_\n")
        self.assert_error(text, 16, "relu_: an in-place operator writes 'self' (Tensor(a!) self) and returns it")

    def test_unstructured_out_must_return_its_out_arguments(self):
        text = append("- func: relu.out(Tensor self, *, Tensor(a!) out) -> Tensor\n  dispatch:\n    CPU: relu_out\n")
        self.assert_error(text, 16, "relu.out: an out= overload returns its out= arguments, with their annotations")

    def test_structured_inherits_on_an_unstructured_op(self):
        text = append("- func: relu(Tensor self) -> Tensor\n  structured_inherits: TensorIteratorBase\n")
        self.assert_error(text, 16, "relu: structured_inherits is only for an entry with structured: True")

    def test_argument_named_options_in_a_factory(self):
        text = append("- func: ones(int[] options, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, "
                      "bool? pin_memory=None) -> Tensor\n")
        self.assert_error(text, 16, "ones: an argument named 'options' clashes with the TensorOptions overload")

    def test_conflicting_dtypes(self):
        self.assert_error(edit("  variants: method\n", "  variants: method\n  dtypes: [Int]\n"), 10,
                          "add.out: dtypes differ from those of 'add_.Tensor'")

    def test_malformed_yaml(self):
        stderr = self.assert_error(edit("  dispatch:\n    CPU: add_out\n", "  dispatch: [CPU\n"), 13, "malformed YAML:")
        self.assertEqual(len(stderr.splitlines()), 1)

    def test_repeated_key(self):
        self.assert_error(edit("  variants: method\n", "  variants: method\n  variants: function\n"), 7,
                          "key 'variants' appears twice (first on line 6)")

    def test_entry_that_is_not_a_mapping(self):
        self.assert_error(append("- add.Tensor\n"), 16, "every entry must be a mapping")

    def test_every_error_is_reported(self):
        text = edit("CPU: add_out", "CPU: add-out").replace("variants: method", "variants: method\n  foo: 1")
        repo = TempRepo(text)
        self.addCleanup(repo.close)
        code, _, stderr = repo.run()
        self.assertEqual(code, 1)
        self.assertEqual(len(stderr.splitlines()), 2, stderr)


if __name__ == "__main__":
    unittest.main()

"""Rules of the unstructured and factory output that the golden files show but do not explain:
default kernels, which overloads a factory gets, defaults C++ cannot take, registration order."""
from __future__ import annotations

import textwrap
import unittest

from tests.codegen.helpers import REPO_ROOT, TempRepo
from tools.codegen.cli import generate


def gen(yaml_text: str) -> dict[str, str]:
    repo = TempRepo(textwrap.dedent(yaml_text))
    try:
        return generate(repo.yaml, REPO_ROOT / "templates")
    finally:
        repo.close()


class UnstructuredTest(unittest.TestCase):
    def test_no_dispatch_means_composite_implicit_named_after_the_op_without_overload(self):
        files = gen("""\
            - func: relu_.inplace(Tensor(a!) self) -> Tensor(a!)
              variants: method
            """)
        self.assertIn("Tensor& relu_(Tensor& self);  // relu_.inplace", files["aten/ops/relu_native.h"])
        register = files["aten/ops/relu_ops.cpp"]
        self.assertIn('d.registerKernel({"relu_", "inplace"}, DispatchKey::CompositeImplicitAutograd, '
                      "&detail::NamedKernel<_ops::relu__inplace>::call<&native::relu_>);", register)

    def test_an_argument_named_like_the_op_does_not_hide_its_struct(self):
        files = gen("""\
            - func: pad(Tensor self, int[] pad) -> Tensor
            """)
        ops = files["aten/ops/pad_ops.cpp"]
        self.assertIn("return detail::typed_handle<_ops::pad>().call(self, pad);", ops)
        # Unqualified where nothing hides it.
        other = gen("""\
            - func: relu(Tensor self) -> Tensor
            """)["aten/ops/relu_ops.cpp"]
        self.assertIn("return detail::typed_handle<relu>().call(self);", other)

    def test_one_kernel_for_several_keys_is_declared_once(self):
        files = gen("""\
            - func: fill_(Tensor(a!) self, Scalar value) -> Tensor(a!)
              dispatch:
                CPU, Meta: fill_
            """)
        self.assertEqual(files["aten/ops/fill_native.h"].count("fill_(Tensor& self"), 1)
        self.assertIn("void register_fill_CPU(Dispatcher& d) {", files["aten/ops/fill_ops.cpp"])
        self.assertIn("void register_fill_Meta(Dispatcher& d) {", files["aten/ops/fill_ops.cpp"])

    def test_only_the_four_options_together_make_a_tensor_options_overload(self):
        files = gen("""\
            - func: zeros(int[] size, *, ScalarType? dtype=None) -> Tensor
            """)
        header = files["aten/ops/zeros.h"]
        self.assertEqual(header.count("inline Tensor zeros("), 1)
        self.assertIn("zeros(IntArrayRef size, std::optional<ScalarType> dtype = std::nullopt)", header)
        self.assertNotIn("TensorOptions", header)

    def test_options_default_is_dropped_before_a_required_argument(self):
        files = gen("""\
            - func: foo(int[] size, *, ScalarType? dtype, Layout? layout, Device? device, bool? pin_memory, bool flag) -> Tensor
            """)
        self.assertIn("inline Tensor foo(IntArrayRef size, TensorOptions options, bool flag)", files["aten/ops/foo.h"])

    def test_registration_order_schemas_then_runtime_then_alias_keys(self):
        files = gen("""\
            - func: a(Tensor self) -> Tensor
              dispatch:
                CompositeExplicitAutograd: a

            - func: b(Tensor self) -> Tensor

            - func: c(Tensor self) -> Tensor
              dispatch:
                Meta: c_meta
                CPU: c_cpu
            """)
        calls = [l.strip() for l in files["aten/register/RegisterAll.cpp"].splitlines() if l.startswith("  register_")]
        self.assertEqual(calls, ["register_a_schemas(d);", "register_b_schemas(d);", "register_c_schemas(d);",
                                 "register_c_CPU(d);", "register_c_Meta(d);", "register_a_CompositeExplicitAutograd(d);",
                                 "register_b_CompositeImplicitAutograd(d);"])


if __name__ == "__main__":
    unittest.main()

"""Schema types and defaults -> C++, for every type of the schema language."""
from __future__ import annotations

import unittest

from tools.codegen import cpp_types, dtypes
from tools.codegen.schema_parser import parse_schema


def cpp_arg(text: str) -> tuple[str, str | None]:
    arg = parse_schema(f"f({text}) -> Tensor").arguments.all[0]
    default = cpp_types.default_value(arg.type, arg.default) if arg.default is not None else None
    return cpp_types.argument_type(arg.type, arg.annotation), default


def cpp_returns(text: str) -> str:
    return cpp_types.returns_type(parse_schema(f"f(Tensor(a!) self) -> {text}").returns)


class ArgumentTypeTest(unittest.TestCase):
    TYPES = {
        "Tensor": "const Tensor&",
        "Tensor(a)": "const Tensor&",
        "Tensor(a!)": "Tensor&",
        "Tensor?": "const std::optional<Tensor>&",
        "Tensor[]": "ArrayRef<Tensor>",
        "Tensor?[]": "ArrayRef<std::optional<Tensor>>",
        "Scalar": "const Scalar&",
        "Scalar?": "const std::optional<Scalar>&",
        "int": "int64_t",
        "int?": "std::optional<int64_t>",
        "int[]": "IntArrayRef",
        "int[2]": "IntArrayRef",
        "int[]?": "OptionalIntArrayRef",
        "int[1]?": "OptionalIntArrayRef",
        "float[]?": "OptionalArrayRef<double>",
        "bool[3]": "std::array<bool, 3>",
        "float": "double",
        "float?": "std::optional<double>",
        "bool": "bool",
        "str": "std::string_view",
        "str?": "std::optional<std::string_view>",
        "ScalarType?": "std::optional<ScalarType>",
        "MemoryFormat?": "std::optional<MemoryFormat>",
        "Layout?": "std::optional<Layout>",
        "Device?": "std::optional<Device>",
        "Generator": "const Generator&",
        "Generator?": "const std::optional<Generator>&",
    }

    def test_every_type(self):
        for schema_type, cpp in self.TYPES.items():
            with self.subTest(schema_type=schema_type):
                self.assertEqual(cpp_arg(f"{schema_type} x")[0], cpp)

    def test_unknown_types_are_errors(self):
        for text in ("Foo x", "Foo? x", "bool[] x"):
            with self.subTest(text=text), self.assertRaises(ValueError):
                cpp_arg(text)


class ReturnTypeTest(unittest.TestCase):
    def test_returns(self):
        self.assertEqual(cpp_returns("Tensor"), "Tensor")
        self.assertEqual(cpp_returns("Tensor(a!)"), "Tensor&")
        self.assertEqual(cpp_returns("Tensor(a)"), "Tensor")
        self.assertEqual(cpp_returns("Tensor[]"), "std::vector<Tensor>")
        self.assertEqual(cpp_returns("(Tensor, Tensor)"), "std::tuple<Tensor, Tensor>")
        self.assertEqual(cpp_returns("(Tensor(a!) values, Tensor(b!) indices)"), "std::tuple<Tensor&, Tensor&>")
        self.assertEqual(cpp_returns("()"), "void")
        self.assertEqual(cpp_returns("int"), "int64_t")
        self.assertEqual(cpp_returns("Scalar"), "Scalar")


class DefaultTest(unittest.TestCase):
    DEFAULTS = {
        "Scalar alpha=1": "1",
        "int dim=-1": "-1",
        "float eps=1e-5": "1e-5",
        "float p=2": "2",
        "bool keepdim=False": "false",
        "bool b=True": "true",
        "int? dim=None": "std::nullopt",
        "Tensor? weight=None": "std::nullopt",
        "int[] size=[]": "{}",
        "int[] dims=[0,1]": "{0, 1}",
        "int[2] stride=1": "{1, 1}",
        "bool[3] output_mask=[True, False, True]": "std::array<bool, 3>{true, false, true}",
        'str reduction="mean"': '"mean"',
        "MemoryFormat? memory_format=contiguous_format": "MemoryFormat::Contiguous",
        "MemoryFormat memory_format=channels_last": "MemoryFormat::ChannelsLast",
        "ScalarType? dtype=long": "ScalarType::Long",
        "ScalarType dtype=float32": "ScalarType::Float",
        "ScalarType? dtype=cdouble": "ScalarType::ComplexDouble",
        "ScalarType? dtype=complex32": "ScalarType::ComplexHalf",
        "ScalarType? dtype=chalf": "ScalarType::ComplexHalf",
        "Layout? layout=strided": "Layout::Strided",
    }

    def test_every_default(self):
        for text, cpp in self.DEFAULTS.items():
            with self.subTest(text=text):
                self.assertEqual(cpp_arg(text)[1], cpp)

    def test_string_defaults_are_escaped(self):
        self.assertEqual(cpp_arg(r'str s="a\"b"')[1], r'"a\"b"')

    def test_mismatched_defaults_are_errors(self):
        for text in ("Tensor x=1", "int x=None", "bool x=1", "int x=1.5", "int[] x=1", "MemoryFormat? m=bogus", 'int x="a"',
                     "ScalarType? d=Long", "Layout l=sparse", "int x=long"):
            with self.subTest(text=text), self.assertRaises(ValueError):
                cpp_arg(text)


class DtypeTableTest(unittest.TestCase):
    def test_cpp_types(self):
        expected = {"Bool": "bool", "Byte": "uint8_t", "Char": "int8_t", "Short": "int16_t", "Int": "int32_t",
                    "Long": "int64_t", "Float": "float", "Double": "double", "Half": "::aten::Half",
                    "BFloat16": "::aten::BFloat16", "ComplexFloat": "std::complex<float>",
                    "ComplexDouble": "std::complex<double>", "ComplexHalf": "std::complex<::aten::Half>"}
        self.assertEqual({name: d.cpp_type for name, d in dtypes.DTYPES.items()}, expected)
        self.assertEqual(dtypes.headers(("Int", "Half", "ComplexFloat", "ComplexDouble")),
                         ["aten/core/Half.h", "complex"])
        # complex<Half> is the specialization in Complex.h, which must be seen first.
        self.assertEqual(dtypes.headers(("ComplexHalf",)), ["aten/core/Complex.h"])

    def test_groups_are_atens(self):
        self.assertEqual(dtypes.expand(["all"])[0], ("Byte", "Char", "Short", "Int", "Long", "Float", "Double"))
        self.assertEqual(dtypes.expand(["integral"])[0], ("Byte", "Char", "Short", "Int", "Long"))
        self.assertEqual(dtypes.expand(["floating"])[0], ("Float", "Double"))
        # ComplexHalf is named by the ops that have it, as ATen adds kComplexHalf to a group.
        self.assertEqual(dtypes.expand(["complex"])[0], ("ComplexFloat", "ComplexDouble"))

    def test_expand(self):
        self.assertEqual(dtypes.expand(["Int", "Float"]), (("Int", "Float"), []))
        self.assertEqual(dtypes.expand(["all", "Half", "BFloat16"]),
                         (("Byte", "Char", "Short", "Int", "Long", "Float", "Double", "Half", "BFloat16"), []))
        # Groups may overlap; order is first mention.
        self.assertEqual(dtypes.expand(["floating", "all", "Bool"]),
                         (("Float", "Double", "Byte", "Char", "Short", "Int", "Long", "Bool"), []))
        _, problems = dtypes.expand(["Flaot", "alll", "Int", "Int", "all"])
        self.assertEqual(len(problems), 3, problems)
        self.assertIn("unknown dtype 'Flaot'", problems[0])
        self.assertIn("unknown dtype 'alll'", problems[1])
        self.assertIn("all (group)", problems[1])
        self.assertIn("dtype 'Int' is listed twice", problems[2])

    def test_set_name_spells_the_dtypes_in_order_with_whole_groups(self):
        def name(*names: str) -> str:
            return dtypes.set_name(dtypes.expand(list(names))[0])
        self.assertEqual(name("all"), "all")  # the longest group, not integral_floating
        self.assertEqual(name("integral"), "integral")
        self.assertEqual(name("all", "Half", "BFloat16"), "all_Half_BFloat16")
        self.assertEqual(name("Bool", "all", "complex", "ComplexHalf"), "Bool_all_complex_ComplexHalf")
        # Order is part of the set (it is the cases' order).
        self.assertEqual(name("all", "Bool"), "all_Bool")
        self.assertEqual(name("Bool", "all"), "Bool_all")
        # Part of a group is its dtypes; a group reached in pieces is the group.
        self.assertEqual(name("Int", "Long", "Float", "Double"), "Int_Long_floating")
        self.assertEqual(name("integral", "Float", "Double"), "all")


if __name__ == "__main__":
    unittest.main()


class OpsStructNameTest(unittest.TestCase):
    """`_ops::std` would hide namespace std inside aten::_ops, where every signature says
    std::optional; such a struct gets a suffix, other names are kept."""

    def test_std_gets_a_suffix(self):
        self.assertEqual(parse_schema("std(Tensor self) -> Tensor").name.ops_struct, "std_default")
        self.assertEqual(parse_schema("std.dim(Tensor self) -> Tensor").name.ops_struct, "std_dim")
        self.assertEqual(parse_schema("sum(Tensor self) -> Tensor").name.ops_struct, "sum")

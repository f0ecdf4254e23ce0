"""The schema language: every grammar form parses into the expected model and prints back."""
from __future__ import annotations

import unittest

from tools.codegen.errors import SchemaSyntaxError
from tools.codegen.model import (
    Annotation,
    BaseType,
    DefaultKind,
    ListType,
    OperatorName,
    OptionalType,
    SchemaKind,
)
from tools.codegen.schema_parser import parse_operator_name, parse_schema


def arg_of(schema_text: str, index: int = 0):
    return parse_schema(schema_text).arguments.all[index]


class RoundTripTest(unittest.TestCase):
    """str(parse(x)) == x for canonical text, and parse(str(s)) == s."""

    CANONICAL = [
        "add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor",
        "add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)",
        "add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)",
        "relu(Tensor self) -> Tensor",
        "view(Tensor(a) self, int[] size) -> Tensor(a)",
        "f(Tensor? weight=None) -> Tensor",
        "cat(Tensor[] tensors, int dim=0) -> Tensor",
        "index(Tensor self, Tensor?[] indices) -> Tensor",
        "f(int a, int? b=None, int[] c=[], int[2] d=1, int[2]? e=None, int[] f=[0, 1]) -> Tensor",
        "f(float a, float? b=None, float eps=1e-5, float c=-1.5) -> Tensor",
        "f(bool a=False, bool b=True) -> Tensor",
        'f(str a, str? b=None, str reduction="mean") -> Tensor',
        "f(Scalar a, Scalar? b=None) -> Tensor",
        "f(ScalarType? dtype=None, Layout? layout=None, Device? device=None) -> Tensor",
        "f(Tensor self, *, MemoryFormat? memory_format=contiguous_format) -> Tensor",
        "f(Tensor self, int dim=-1) -> Tensor",
        "max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)",
        "max.dim_max(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) max, Tensor(b!) max_values)"
        " -> (Tensor(a!) values, Tensor(b!) indices)",
        "f(Tensor self) -> (Tensor, Tensor)",
        "unbind(Tensor(a) self) -> Tensor[]",
        "split(Tensor self, int size) -> Tensor[]",
        "f(Tensor(a!)[] out) -> ()",
        "f(Tensor(a|b!) self) -> Tensor(a|b!)",
        "unbind(Tensor(a -> *) self, int dim=0) -> Tensor(a)[]",
        "f(Tensor(a! -> a|b) self) -> Tensor(a!)",
        "f(Tensor(a!)[] self, Tensor?[] indices) -> ()",
        "arange(Scalar end, *, ScalarType? dtype=long, Layout? layout=strided) -> Tensor",
        "f(ScalarType dtype=float32, ScalarType? other=None) -> Tensor",
        "__and__.Tensor(Tensor self, Tensor other) -> Tensor",
        "f() -> int",
    ]

    def test_canonical_forms_print_back_exactly(self):
        for text in self.CANONICAL:
            with self.subTest(text=text):
                schema = parse_schema(text)
                self.assertEqual(str(schema), text)
                self.assertEqual(parse_schema(str(schema)), schema)

    def test_whitespace_and_quotes_are_normalised(self):
        schema = parse_schema("f( int[]  a=[0,1] , str r='mean' )->Tensor")
        self.assertEqual(str(schema), 'f(int[] a=[0, 1], str r="mean") -> Tensor')

    def test_single_return_in_parentheses_is_rejected_not_rewritten(self):
        with self.assertRaises(SchemaSyntaxError):
            parse_schema("f(Tensor self) -> (Tensor)")


class ModelTest(unittest.TestCase):
    def test_operator_names(self):
        self.assertEqual(parse_schema("add.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)").name, OperatorName("add", False, "out"))
        name = parse_schema("add_.Tensor(Tensor(a!) self) -> Tensor(a!)").name
        self.assertEqual(name, OperatorName("add", True, "Tensor"))
        self.assertEqual((name.name, name.unambiguous, str(name)), ("add_", "add__Tensor", "add_.Tensor"))
        self.assertEqual(parse_schema("relu(Tensor self) -> Tensor").name.unambiguous, "relu")
        self.assertFalse(parse_schema("__and__(Tensor self) -> Tensor").name.inplace)
        self.assertEqual(parse_operator_name("add.out"), OperatorName("add", False, "out"))

    def test_kinds(self):
        self.assertIs(parse_schema("add.Tensor(Tensor self) -> Tensor").kind, SchemaKind.FUNCTIONAL)
        self.assertIs(parse_schema("add_.Tensor(Tensor(a!) self) -> Tensor(a!)").kind, SchemaKind.INPLACE)
        out = parse_schema("add.out(Tensor self, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)")
        self.assertIs(out.kind, SchemaKind.OUT)
        self.assertTrue(out.is_out_fn)
        self.assertEqual([a.name for a in out.arguments.kwarg_only], ["alpha"])
        self.assertEqual([a.name for a in out.arguments.out], ["out"])

    def test_types(self):
        cases = {
            "Tensor": BaseType("Tensor"),
            "Tensor?": OptionalType(BaseType("Tensor")),
            "Tensor[]": ListType(BaseType("Tensor")),
            "Tensor?[]": ListType(OptionalType(BaseType("Tensor"))),
            "int[]": ListType(BaseType("int")),
            "int[2]": ListType(BaseType("int"), 2),
            "int[1]?": OptionalType(ListType(BaseType("int"), 1)),
            "ScalarType?": OptionalType(BaseType("ScalarType")),
        }
        for text, expected in cases.items():
            with self.subTest(text=text):
                self.assertEqual(arg_of(f"f({text} x) -> Tensor").type, expected)

    def test_annotations(self):
        self.assertEqual(arg_of("f(Tensor(a) x) -> Tensor").annotation, Annotation(("a",), False))
        written = arg_of("f(Tensor(a!) x) -> Tensor(a!)")
        self.assertEqual(written.annotation, Annotation(("a",), True))
        self.assertTrue(written.is_write)
        self.assertIsNone(arg_of("f(Tensor x) -> Tensor").annotation)
        wildcard = arg_of("f(Tensor(a -> *) x) -> Tensor(a)[]").annotation
        self.assertEqual(wildcard, Annotation(("a",), False, ("*",)))
        self.assertEqual(arg_of("f(Tensor(a! -> a|b) x) -> Tensor").annotation, Annotation(("a",), True, ("a", "b")))
        listed = arg_of("f(Tensor(a!)[] x) -> ()")
        self.assertEqual((listed.type, listed.annotation), (ListType(BaseType("Tensor")), Annotation(("a",), True)))

    def test_defaults(self):
        cases = {
            "int x=1": (DefaultKind.INT, "1"),
            "int x=-1": (DefaultKind.INT, "-1"),
            "float x=1e-5": (DefaultKind.FLOAT, "1e-5"),
            "bool x=False": (DefaultKind.BOOL, "False"),
            "int? x=None": (DefaultKind.NONE, "None"),
            'str x="mean"': (DefaultKind.STR, "mean"),
            "MemoryFormat? x=contiguous_format": (DefaultKind.IDENT, "contiguous_format"),
            "ScalarType? x=long": (DefaultKind.IDENT, "long"),
            "Layout? x=strided": (DefaultKind.IDENT, "strided"),
        }
        for text, (kind, value) in cases.items():
            with self.subTest(text=text):
                default = arg_of(f"f({text}) -> Tensor").default
                self.assertEqual((default.kind, default.text), (kind, value))
        listed = arg_of("f(int[] x=[0,1]) -> Tensor").default
        self.assertEqual(listed.kind, DefaultKind.LIST)
        self.assertEqual([i.text for i in listed.items], ["0", "1"])
        self.assertEqual(arg_of("f(int[] x=[]) -> Tensor").default.items, ())

    def test_named_returns(self):
        returns = parse_schema("f(Tensor self) -> (Tensor values, Tensor(a!) indices)").returns
        self.assertEqual([r.name for r in returns], ["values", "indices"])
        self.assertTrue(returns[1].is_write)

    def test_schemas_are_immutable_and_hashable(self):
        schema = parse_schema("add.Tensor(Tensor self) -> Tensor")
        with self.assertRaises(AttributeError):
            schema.name = None  # type: ignore[misc]
        self.assertEqual(len({schema, parse_schema("add.Tensor(Tensor self) -> Tensor")}), 1)


class SyntaxErrorTest(unittest.TestCase):
    """Each malformed schema fails with a message and the 1-based column of the problem."""

    CASES = [
        ("add.Tensor(Tensor self, Tensor other -> Tensor", 38, "expected ')'"),
        ("add.Tensor(Tensor self) Tensor", 25, "expected '->'"),
        ("add(Tensor self) -> Tensor name extra", 33, "expected end of schema"),
        ("add(Tensor) -> Tensor", 11, "expected an argument name"),
        ("add(Tensor self, ) -> Tensor", 18, "expected a type"),
        ("add(Tensor self, *, *, Tensor x) -> Tensor", 21, "'*' may appear only once"),
        ("add(Tensor self, *) -> Tensor", 18, "'*' must be followed"),
        ("add(Tensor self, Tensor self) -> Tensor", 18, "duplicate argument name 'self'"),
        ("add(int(a) x) -> Tensor", 5, "only Tensor types take an alias annotation"),
        ("add(Tensor(a! x) -> Tensor", 15, "expected ')'"),
        ("add(int[0] x) -> Tensor", 9, "positive integer"),
        ("add(int x=) -> Tensor", 11, "expected a default value"),
        ("add(str x=\"mean) -> Tensor", 11, "unterminated string"),
        ("add(int x=1x) -> Tensor", 11, "malformed number"),
        ("add(Tensor self, $) -> Tensor", 18, "unexpected character '$'"),
        ("add(*, Tensor(a!) out, int x) -> Tensor(a!)", 24, "follows an out= argument"),
        ("add(int x=1, int y) -> Tensor", 14, "has no default but follows 'x'"),
        ("add.(Tensor self) -> Tensor", 5, "expected an overload name"),
        ("f(Tensor(a -> ) x) -> Tensor", 15, "expected an alias set name or '*'"),
        ("f(Tensor(a -> *!) x) -> Tensor", 16, "expected ')'"),
    ]

    def test_errors_report_message_and_column(self):
        for text, column, message in self.CASES:
            with self.subTest(text=text):
                with self.assertRaises(SchemaSyntaxError) as ctx:
                    parse_schema(text)
                self.assertIn(message, ctx.exception.message)
                self.assertEqual(ctx.exception.column, column)


if __name__ == "__main__":
    unittest.main()

"""The README operator table: rows, dtype abbreviation, splicing between the markers."""
import unittest

from tools.codegen import operators_doc as doc

MANIFEST = {
    "operators": [
        {"op": "exp", "dtypes": ["Float", "Double", "Half"], "overloads": [
            {"name": "exp", "overload": "", "schema_kind": "functional", "variants": ["function", "method"]},
            {"name": "exp", "overload": "out", "schema_kind": "out", "variants": ["function"]},
            {"name": "exp_", "overload": "", "schema_kind": "inplace", "variants": ["method"]},
        ]},
        {"op": "view", "dtypes": [], "overloads": [
            {"name": "view", "overload": "", "schema_kind": "functional", "variants": ["method"]},
        ]},
        {"op": "add", "dtypes": ["Byte", "Char", "Short", "Int", "Long", "Float", "Double", "Bool"],
         "overloads": [
             {"name": "add", "overload": "Tensor", "schema_kind": "functional", "variants": ["function"]},
         ]},
    ]
}


class OperatorsDocTest(unittest.TestCase):
    def test_rows(self):
        text = doc.table(MANIFEST)
        self.assertIn("3 operators.", text)
        self.assertIn("| exp | `exp` | `exp.out` | `exp_` | yes | Float, Double, Half |", text)
        self.assertIn("| view | `view` | – | – | yes | any (no dtype dispatch) |", text)
        self.assertIn("| add | `add.Tensor` | – | – |  | all, Bool |", text)

    def test_splice_replaces_only_between_markers(self):
        readme = f"intro\n{doc.BEGIN}\nold table\n{doc.END}\noutro\n"
        out = doc._splice(readme, "new\n")
        self.assertEqual(out, f"intro\n{doc.BEGIN}\nnew\n{doc.END}\noutro\n")
        self.assertEqual(doc._splice(out, "new\n"), out)

    def test_missing_markers_is_an_error(self):
        with self.assertRaises(SystemExit):
            doc._splice("no markers here", "x")


if __name__ == "__main__":
    unittest.main()

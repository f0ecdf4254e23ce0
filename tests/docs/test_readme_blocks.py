"""tools/readme_blocks.py: which blocks it finds, how it wraps them, and its exemptions."""
import unittest

from tools import readme_blocks as rb

FRAGMENT = """# Title

## Using it

```cpp
#include <aten/ATen.h>
Tensor t = ones({2});
```

```sh
cmake --build build
```
"""

PROGRAM = """## A program

1. In a list item:

   ```cpp
   #include <vector>

   int main() {
     return 0;
   }
   ```
"""


def with_exempt_sections(text: str) -> str:
    """text plus a C++ block under every exempt heading, as README.md has."""
    return text + "".join(f"\n## {h}\n\n```cpp\nnot C++ this test compiles\n```\n" for h in rb.EXEMPT)


class BlocksTest(unittest.TestCase):
    def test_finds_language_line_heading_and_dedents(self):
        [cpp, sh] = rb.blocks(FRAGMENT)
        self.assertEqual((cpp.lang, cpp.line, cpp.heading), ("cpp", 6, "Using it"))
        self.assertEqual(cpp.code, "#include <aten/ATen.h>\nTensor t = ones({2});\n")
        self.assertFalse(cpp.is_program)
        self.assertEqual(sh.lang, "sh")
        [indented] = rb.blocks(PROGRAM)
        self.assertEqual(indented.line, 6)
        self.assertTrue(indented.code.startswith("#include <vector>\n\nint main() {\n  return 0;"))
        self.assertTrue(indented.is_program)

    def test_unclosed_block_is_an_error(self):
        with self.assertRaisesRegex(rb.ReadmeError, "README.md:2: the block opened here is never closed"):
            rb.blocks("text\n```cpp\nint x;\n")


class ProgramTest(unittest.TestCase):
    def test_fragment_is_a_function_and_program_keeps_its_main(self):
        text = rb.program(with_exempt_sections(FRAGMENT + PROGRAM), "/r/README.md", "/b/Blocks.cpp")
        lines = text.splitlines()
        # Includes hoisted to the top, once each; their lines left blank in the blocks.
        self.assertEqual(lines[1:5], ["#include <aten/ATen.h>", "#include <exception>", "#include <iostream>",
                                      "#include <vector>"])
        self.assertIn('namespace readme_line_6 {\nvoid run() {\n  using namespace aten;\n'
                      '#line 6 "/r/README.md"\n\nTensor t = ones({2});\n', text)
        self.assertIn('namespace readme_line_18 {\n#line 18 "/r/README.md"\n\n\nint main() {', text)
        self.assertIn("    readme_line_6::run();", text)
        self.assertIn("    if (readme_line_18::main() != 0) {", text)
        self.assertNotIn("not C++", text)
        # After each block, #line gives the generated file's own numbering back.
        for i, line in enumerate(lines):
            if line.startswith("#line") and "Blocks.cpp" in line:
                self.assertEqual(line, f'#line {i + 2} "/b/Blocks.cpp"')

    def test_an_exemption_without_blocks_is_an_error(self):
        with self.assertRaisesRegex(rb.ReadmeError, "which has no C\\+\\+ block"):
            rb.cpp_blocks(FRAGMENT)


if __name__ == "__main__":
    unittest.main()

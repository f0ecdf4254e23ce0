"""Follow the README's "Adding an operator" walkthrough, as written, in a throwaway clone.

    python3 tools/check_adding_an_operator.py [--keep]

After a full build of the clone, the walkthrough's code blocks are taken from README.md itself
(in the order the steps give them) and put where the steps say; then the steps' commands run:
regenerate, build (which may recompile at most 8 of the library's translation units and the
two test files: the op is function-only), ctest -L ops, and, from a project built against the installed clone, a call of each function
the last step says now exists. The clone is made from HEAD
under the repository's parent directory (so a shared ccache with base_dir there reuses the
main tree's objects) and removed afterwards unless --keep. Too slow for CI (a full build of
the clone); run it after editing the walkthrough or what it relies on.
"""

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SECTION = "## Adding an operator"
SECTION_END = "### An operator with out="


def walkthrough_blocks(readme: str) -> list[tuple[str, str]]:
    start = readme.index(SECTION + "\n")
    end = readme.index(SECTION_END, start)
    section = readme[start:end]
    blocks = re.findall(r"^ *```(\w+)\n(.*?)^ *```", section, flags=re.S | re.M)
    # Blocks sit inside numbered list items: drop the common indentation.
    return [(lang, _dedent(body)) for lang, body in blocks]


def _dedent(body: str) -> str:
    lines = body.splitlines()
    indent = min((len(l) - len(l.lstrip()) for l in lines if l.strip()), default=0)
    return "\n".join(l[indent:] for l in lines) + "\n"


def insert_after_last(text: str, pattern: str, new: str) -> str:
    """Insert `new` after the last line matching the regex `pattern`."""
    lines = text.splitlines(keepends=True)
    idx = max(i for i, l in enumerate(lines) if re.match(pattern, l))
    return "".join(lines[: idx + 1]) + new + "".join(lines[idx + 1 :])


def insert_before_first(text: str, pattern: str, new: str) -> str:
    lines = text.splitlines(keepends=True)
    idx = next(i for i, l in enumerate(lines) if re.match(pattern, l))
    return "".join(lines[:idx]) + new + "".join(lines[idx:])


def apply_steps(clone: Path, blocks: list[tuple[str, str]]) -> None:
    langs = [lang for lang, _ in blocks]
    if langs != ["yaml", "yaml", "cpp", "cpp", "cpp", "cpp", "cpp"]:
        sys.exit(f"walkthrough: expected two yaml blocks and five cpp blocks, found {langs}; "
                 "update this script with the README")
    (_, yaml), (_, derivative), (_, stub_decl), (_, meta_impl), (_, kernel), (_, test), (_, case) = blocks

    # 1. Declare it: append to the YAML; and its derivative, to derivatives.yaml.
    for name, block in (("native_functions.yaml", yaml), ("derivatives.yaml", derivative)):
        f = clone / name
        f.write_text(f.read_text().rstrip("\n") + "\n\n" + block)

    # 3. The stub next to mul_stub; meta and impl appended to BinaryOps.cpp.
    h = clone / "aten/native/BinaryOps.h"
    decl = "".join(l + "\n" for l in stub_decl.splitlines() if not l.startswith("//"))
    h.write_text(insert_after_last(h.read_text(), r".*\bmul_stub\b", decl))
    cpp = clone / "aten/native/BinaryOps.cpp"
    cpp.write_text(cpp.read_text().rstrip("\n") + "\n\n" + _strip_comment_lines(meta_impl, "// BinaryOps"))

    # 4. The kernel: includes with the others, the function in the anonymous namespace, the
    #    registration where the file registers the others.
    k = clone / "aten/native/cpu/BinaryOpsKernel.cpp"
    text = k.read_text()
    includes = [l for l in kernel.splitlines() if l.startswith("#include")]
    register = [l for l in kernel.splitlines() if l.startswith("ATEN_REGISTER_DISPATCH")]
    body = [l for l in kernel.splitlines()
            if l not in includes and l not in register and not l.startswith("//")]
    text = insert_after_last(text, r"#include ", "".join(l + "\n" for l in includes))
    text = insert_before_first(text, r"}  // namespace$", "\n".join(body) + "\n")
    text = insert_after_last(text, r"ATEN_REGISTER_DISPATCH", "".join(l + "\n" for l in register))
    k.write_text(text)

    # 5. The tests, in the files of BinaryOps.cpp's ops: includes with the others, the rest at
    #    the end.
    for path, block in (("tests/ops/test_binary_ops.cpp", test),
                        ("tests/ops/manifest/cases/BinaryOps.cpp", case)):
        f = clone / path
        f.write_text(append_with_includes(f.read_text(), block))


def append_with_includes(text: str, block: str) -> str:
    """text with block's #include lines after its last #include and the rest of block at the end."""
    includes = [l for l in block.splitlines() if l.startswith("#include")]
    rest = "\n".join(l for l in block.splitlines() if not l.startswith("#include")).strip("\n")
    text = insert_after_last(text, r"#include ", "".join(l + "\n" for l in includes))
    return text.rstrip("\n") + "\n\n" + rest + "\n"


def _strip_comment_lines(block: str, prefix: str) -> str:
    return "".join(l + "\n" for l in block.splitlines() if not l.startswith(prefix))


# Step 6 says these exist: each is called once, on CPU and Meta tensors.
CALLS = r"""
#include <aten/ATen.h>
#include <cstdio>
using namespace aten;
int main() {
  Tensor a = full({1}, 1.5), b = full({1}, 2.5), out = empty({0});
  Tensor r = aten::fmax(a, b);
  aten::fmax_out(out, a, b);
  aten::fmax_outf(a, b, out);
  Tensor meta = aten::fmax(empty({2, 3}, TensorOptions().device(kMeta)), empty({3}, TensorOptions().device(kMeta)));
  a.requires_grad_(true);
  b.requires_grad_(true);
  aten::fmax(a, b).sum().backward();
  std::printf("%g %g %d %g %g\n", r.item<float>(), out.item<float>(), int(meta.size(0)),
              a.grad().item<float>(), b.grad().item<float>());
  return r.item<float>() == 2.5f && out.item<float>() == 2.5f && meta.size(0) == 2 &&
                 a.grad().item<float>() == 0.f && b.grad().item<float>() == 1.f
             ? 0
             : 1;
}
"""


CALLS_PROJECT = """cmake_minimum_required(VERSION 3.25)
project(calls LANGUAGES CXX)
find_package(MiniATen CONFIG REQUIRED)
add_executable(calls main.cpp)
target_link_libraries(calls PRIVATE MiniATen::aten)
"""


# The walkthrough's operator is function-only: adding it recompiles, in the library, its own
# files and the ones the steps edit, at most this many (README.md, "What a new operator costs
# to build"), and in the tests the two files step 5 edits.
MAX_RECOMPILED = 8


def run(cmd: str, cwd: Path) -> str:
    print(f"+ {cmd}", flush=True)
    out = subprocess.run(cmd, shell=True, cwd=cwd, check=True, stdout=subprocess.PIPE, text=True)
    print(out.stdout, end="", flush=True)
    return out.stdout


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--keep", action="store_true", help="keep the clone")
    args = ap.parse_args()

    clone = Path(tempfile.mkdtemp(prefix="walkthrough-", dir=ROOT.parent))
    try:
        run(f"git clone -q {ROOT} {clone}", ROOT.parent)
        run("cmake --preset default -DPython3_EXECUTABLE=/usr/bin/python3 >/dev/null"
            " && cmake --build --preset default", clone)
        apply_steps(clone, walkthrough_blocks((clone / "README.md").read_text()))
        run("python3 -m tools.codegen", clone)                               # step 2
        built = run("cmake --build --preset default", clone)                 # step 6
        compiled = [l for l in built.splitlines() if "Building CXX object" in l]
        python = [l for l in compiled if "python/" in l]
        library = [l for l in compiled if "tests/" not in l and "python/" not in l]
        tests = len(compiled) - len(library) - len(python)
        print(f"walkthrough: the library recompiled {len(library)} translation units, "
              f"the tests {tests} (the two files step 5 edits), the Python module {len(python)} "
              "(the bindings shard that lists the operator)")
        if len(library) > MAX_RECOMPILED or tests > 2 or len(python) > 1:
            sys.exit("walkthrough: adding a function-only operator recompiled more than its own "
                     "files and the ones the steps edit")
        run("ctest --preset default -L ops --output-on-failure", clone)
        calls = clone / "calls"
        calls.mkdir()
        (calls / "main.cpp").write_text(CALLS)
        (calls / "CMakeLists.txt").write_text(CALLS_PROJECT)
        run("cmake --install build --prefix prefix >/dev/null", clone)
        run("cmake -S calls -B calls/build -G Ninja -DCMAKE_PREFIX_PATH=$PWD/prefix >/dev/null"
            " && cmake --build calls/build && calls/build/calls", clone)
        print("walkthrough: every step works as written")
    finally:
        if args.keep:
            print(f"kept {clone}")
        else:
            shutil.rmtree(clone, ignore_errors=True)


if __name__ == "__main__":
    main()

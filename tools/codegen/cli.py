"""`python3 -m tools.codegen`: native_functions.yaml + templates/ -> generated/.

With --namespace NS it generates an extension instead: the operators of another project's YAML,
as NS::<op>, registered into the installed library's Dispatcher (installed as `aten-codegen`).

Exit status: 0 on success; 1 on an error in the YAML (reported as `FILE:LINE: message`) or in a
template (`TEMPLATE:LINE: template error: message`), with nothing written, or, with --check, when the output directory is not exactly what the inputs
produce.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import jinja2

from tools.codegen import contexts, derivatives
from tools.codegen.entries import parse_entry
from tools.codegen.errors import CodegenError, CodegenErrors
from tools.codegen.render import render_all
from tools.codegen.validate import build_operators, check_extension, namespace_problem
from tools.codegen.writer import compare, write
from tools.codegen.yaml_loader import load_entries

REPO_ROOT = Path(__file__).resolve().parents[2]


def generate(yaml_path: Path, template_dir: Path, namespace: str | None = None) -> dict[str, str]:
    """{path relative to the output dir: content}; raises CodegenErrors for a bad YAML. With a
    namespace, the files of an extension in that namespace (contexts.Namespace)."""
    try:
        text = yaml_path.read_text(encoding="utf-8")
    except OSError as e:
        raise CodegenErrors([CodegenError(1, f"cannot read: {e.strerror}")]) from None
    try:
        entries = load_entries(text)
    except CodegenError as e:
        raise CodegenErrors([e]) from None
    errors: list[CodegenError] = []
    parsed = [parse_entry(e, errors) for e in entries]
    functions = [f for f in parsed if f is not None]
    if namespace is not None:
        check_extension(functions, errors)
    operators = build_operators(functions, errors, complete=len(functions) == len(parsed))
    derivs = load_derivatives(yaml_path.parent / "derivatives.yaml", functions) if namespace is None else None
    ns = contexts.LIBRARY if namespace is None else contexts.Namespace(namespace)
    return render_all(contexts.all_files(operators, ns, derivs), template_dir, yaml_path.name)


def load_derivatives(path: Path, functions: list) -> derivatives.Derivatives | None:
    """The library's derivatives.yaml, beside native_functions.yaml (None if there is none);
    raises CodegenErrors, located in that file, for a bad entry."""
    if not path.exists():
        return None
    helpers = frozenset().union(*(derivatives.helper_names(REPO_ROOT / "aten/autograd" / h)
                                  for h in derivatives.HELPER_HEADERS))
    found, errors = derivatives.load(path.read_text(encoding="utf-8"), functions, helpers)
    if errors:
        shown = _display(path)
        raise CodegenErrors([CodegenError(e.line, e.message, shown) for e in errors])
    return found


def _display(path: Path) -> str:
    """The YAML path as a user would type it: relative to the cwd when it is below it."""
    try:
        relative = os.path.relpath(path)
    except ValueError:  # another drive, on Windows
        return str(path)
    return str(path) if relative.startswith("..") else relative


def main(argv: list[str] | None = None, extension_only: bool = False) -> int:
    """`extension_only` is the installed `aten-codegen`: there is no library YAML to default to,
    so --namespace, --yaml and --out are required."""
    prog = "aten-codegen" if extension_only else "python3 -m tools.codegen"
    parser = argparse.ArgumentParser(prog=prog, description=__doc__.split("\n")[0])
    if extension_only:
        parser.add_argument("--namespace", required=True, help="the C++ and Dispatcher namespace of the operators")
        parser.add_argument("--yaml", type=Path, required=True, help="the extension's operator list")
        parser.add_argument("--out", type=Path, required=True, help="the output directory")
    else:
        parser.add_argument("--namespace", help="generate an extension's operators in this namespace")
        parser.add_argument("--yaml", type=Path, default=REPO_ROOT / "native_functions.yaml", help="the operator list")
        parser.add_argument("--out", type=Path, default=REPO_ROOT / "generated", help="the output directory")
    parser.add_argument("--templates", type=Path, default=REPO_ROOT / "templates", help="the Jinja2 templates")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="write nothing; exit 1 if the output directory is stale")
    mode.add_argument("--list", action="store_true", help="print the files that would be produced, relative to --out")
    args = parser.parse_args(argv)

    if args.namespace is not None and (problem := namespace_problem(args.namespace)):
        parser.error(f"--namespace {args.namespace}: {problem}")
    # Every file is rendered before the first is written: an error in the YAML or a template
    # leaves the output directory as it was, and each write is atomic (writer.py).
    try:
        files = generate(args.yaml, args.templates, args.namespace)
    except CodegenErrors as e:
        shown = _display(args.yaml)
        for error in e.errors:
            print(error.format(shown), file=sys.stderr)
        return 1
    except jinja2.TemplateError as e:
        where = getattr(e, "filename", None) or getattr(e, "name", None) or str(args.templates)
        line = getattr(e, "lineno", None)
        print(f"{where}:{line if line else '?'}: template error: {e.message or e}", file=sys.stderr)
        return 1

    if args.list:
        print("\n".join(sorted(files)))
        return 0

    if args.check:
        diff = compare(args.out, files)
        if diff.clean:
            return 0
        for label, paths in (("stale", diff.stale), ("missing", diff.missing), ("extra", diff.extra)):
            for rel in paths:
                print(f"{label}: {(args.out / rel).as_posix()}", file=sys.stderr)
        print("generated files are out of date; run: python3 -m tools.codegen", file=sys.stderr)
        return 1

    written, removed, kept = write(args.out, files)
    for rel in kept:
        print(f"warning: {(args.out / rel).as_posix()} is not produced by the generator and not marked "
              "@generated; left in place", file=sys.stderr)
    return 0

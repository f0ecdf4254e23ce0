"""The README's operator table, made from generated/manifest.json.

    python3 -m tools.codegen.operators_doc            print the table
    python3 -m tools.codegen.operators_doc --write    put it into README.md between the markers
    python3 -m tools.codegen.operators_doc --check    exit 1 when README.md's table is stale

One row per operator: its overloads grouped as functional / out= / in-place, whether it is a
method, and its declared dtypes, abbreviated the way the YAML groups them.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tools.codegen.dtypes import DTYPES, GROUPS

REPO_ROOT = Path(__file__).resolve().parents[2]
BEGIN = "<!-- operators:begin (python3 -m tools.codegen.operators_doc --write) -->"
END = "<!-- operators:end -->"


def _dtypes(names: list[str]) -> str:
    """`all` for the seven it names, then the rest by name, in the manifest's order."""
    if not names:
        return "any (no dtype dispatch)"
    if len(names) == len(DTYPES):
        return "every dtype"
    rest = list(names)
    shown = []
    for group in ("all", "complex"):
        members = GROUPS[group][0]
        if all(m in rest for m in members):
            shown.append(group)
            rest = [d for d in rest if d not in members]
    return ", ".join(shown + rest)


def _overload(o: dict) -> str:
    return o["name"] + (f".{o['overload']}" if o["overload"] else "")


def table(manifest: dict) -> str:
    lines = [
        f"{len(manifest['operators'])} operators. Functional / out= / in-place overloads as declared in "
        "`native_functions.yaml`; `method` when `Tensor` has it.",
        "",
        "| operator | functional | out= | in-place | method | dtypes |",
        "|---|---|---|---|---|---|",
    ]
    for op in manifest["operators"]:
        by_kind: dict[str, list[str]] = {"functional": [], "out": [], "inplace": []}
        method = False
        for o in op["overloads"]:
            by_kind[o["schema_kind"]].append(f"`{_overload(o)}`")
            method = method or "method" in o["variants"]
        cells = [", ".join(by_kind[k]) or "–" for k in ("functional", "out", "inplace")]
        lines.append(f"| {op['op']} | {' | '.join(cells)} | {'yes' if method else ''} | {_dtypes(op['dtypes'])} |")
    return "\n".join(lines) + "\n"


def _splice(readme: str, block: str) -> str:
    start, end = readme.find(BEGIN), readme.find(END)
    if start < 0 or end < start:
        raise SystemExit(f"README.md lacks the markers {BEGIN!r} ... {END!r}")
    return readme[: start + len(BEGIN)] + "\n" + block + readme[end:]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m tools.codegen.operators_doc")
    parser.add_argument("--manifest", type=Path, default=REPO_ROOT / "generated" / "manifest.json")
    parser.add_argument("--readme", type=Path, default=REPO_ROOT / "README.md")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--write", action="store_true")
    mode.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    block = table(json.loads(args.manifest.read_text(encoding="utf-8")))
    if not (args.write or args.check):
        sys.stdout.write(block)
        return 0
    readme = args.readme.read_text(encoding="utf-8")
    updated = _splice(readme, block)
    if args.check:
        if updated != readme:
            print("README.md's operator table is stale; run: python3 -m tools.codegen.operators_doc --write",
                  file=sys.stderr)
            return 1
        return 0
    if updated != readme:
        args.readme.write_text(updated, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

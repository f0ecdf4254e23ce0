"""Writing the output directory: only files whose content changed, atomically, and removing the
files the generator no longer produces.

Leaving unchanged files alone keeps their mtimes, so ninja recompiles only what an edit touched.
"""
from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

GENERATED_MARKER = "@generated"


@dataclass
class Difference:
    stale: list[str] = field(default_factory=list)  # produced, but the file on disk differs
    missing: list[str] = field(default_factory=list)  # produced, not on disk
    extra: list[str] = field(default_factory=list)  # on disk, not produced

    @property
    def clean(self) -> bool:
        return not (self.stale or self.missing or self.extra)


def _existing_files(out_dir: Path) -> list[str]:
    if not out_dir.is_dir():
        return []
    return sorted(p.relative_to(out_dir).as_posix() for p in out_dir.rglob("*") if p.is_file())


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except (FileNotFoundError, UnicodeDecodeError):
        return None


def compare(out_dir: Path, files: dict[str, str]) -> Difference:
    diff = Difference()
    for rel, content in sorted(files.items()):
        current = _read(out_dir / rel)
        if not (out_dir / rel).is_file():
            diff.missing.append(rel)
        elif current != content:
            diff.stale.append(rel)
    diff.extra = [rel for rel in _existing_files(out_dir) if rel not in files]
    return diff


def _write_atomically(path: Path, content: str) -> None:
    """Readers (a parallel build) see the old file or the new one, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(content)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def write(out_dir: Path, files: dict[str, str]) -> tuple[list[str], list[str], list[str]]:
    """Brings out_dir to exactly `files`. Returns (written, removed, kept): `kept` are extra
    files that do not carry the @generated marker, which the generator never deletes because
    it cannot have written them."""
    diff = compare(out_dir, files)
    written = sorted(diff.stale + diff.missing)
    for rel in written:
        _write_atomically(out_dir / rel, files[rel])
    removed, kept = [], []
    for rel in diff.extra:
        path = out_dir / rel
        head = _read(path)
        if head is not None and GENERATED_MARKER in head[:400]:
            path.unlink()
            removed.append(rel)
        else:
            kept.append(rel)
    _remove_empty_dirs(out_dir)
    return written, removed, kept


def _remove_empty_dirs(out_dir: Path) -> None:
    if not out_dir.is_dir():
        return
    for dirpath, dirnames, filenames in os.walk(out_dir, topdown=False):
        if Path(dirpath) != out_dir and not os.listdir(dirpath):
            os.rmdir(dirpath)

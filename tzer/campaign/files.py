"""Atomic writes: a reader (or a `kill -9`) never sees a half-written file or entry folder."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any


def write_text(path: Path, text: str) -> None:
    """Write `text` to `path` through a temporary file in the same folder and a rename."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def json_text(data: Any, compact: bool = False) -> str:
    """The one JSON layout of tzer's files: indented, keys sorted, anything else as its str().
    `compact` writes one line instead, for state.json: it is rewritten every few seconds and grows
    with the corpus, and an indented dump runs Python's own encoder rather than the C one."""
    if compact:
        return json.dumps(data, sort_keys=True, separators=(",", ":"), default=str) + "\n"
    return json.dumps(data, indent=2, sort_keys=True, default=str) + "\n"


def write_json(path: Path, data: Any, compact: bool = False) -> None:
    write_text(path, json_text(data, compact))


def write_folder(path: Path, files: dict[str, str], replace: bool = False) -> None:
    """Create folder `path` holding `files` (relative name -> text) in one rename.

    With `replace`, an existing folder at `path` is removed first (never half-replaced).
    """
    tmp = Path(tempfile.mkdtemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp"))
    try:
        for name, text in files.items():
            (tmp / name).parent.mkdir(parents=True, exist_ok=True)
            (tmp / name).write_text(text, encoding="utf-8")
        if replace and path.exists():
            shutil.rmtree(path)
        os.replace(tmp, path)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def stored_bytes(path: Path) -> int:
    """What the folder `path` takes on disk: its files' allocated blocks and its own."""
    total = 4096
    for entry in os.scandir(path):
        total += entry.stat(follow_symlinks=False).st_blocks * 512
    return total


def append_line(path: Path, line: str) -> None:
    """Append one line with a single write, so a killed writer leaves at most one partial line."""
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(line if line.endswith("\n") else line + "\n")

"""The seed corpus of tzer: TVMScript PrimFuncs, one per file, and the tools that build and check it.

`load` only reads text (parsing costs ~30 ms a seed, so the fuzzer's workers parse lazily) and
imports no TVM; `build` imports TVM when called. Its module is `builder`, not `build`: importing a
submodule sets it as an attribute of the package, which would replace the function of that name.
Checking a corpus (`tzer seeds check`) runs the fuzzer's own workers and lives in tzer.seedcheck.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from seeds.arith import arith_cases
from seeds.errors import SeedError

CORPUS_DIR: Path = Path(__file__).resolve().parent / "corpus"
# Functions of TVM's own pass tests (seeds/tvm_tests.py builds it).
TVM_TESTS_DIR: Path = Path(__file__).resolve().parent / "tvm_tests"

__all__ = ["CORPUS_DIR", "TVM_TESTS_DIR", "SeedError", "SeedFile", "arith_cases", "build", "index_entries", "load",
           "seed_paths"]


@dataclass(frozen=True)
class SeedFile:
    name: str
    path: Path
    script: str
    # The passes and schedule primitives the seed's source applied to it (a TVM test's, from the
    # folder's index.json), by tzer's registry names; empty when unknown.
    passes: tuple[str, ...] = ()


def seed_paths(folder: Path | None) -> list[Path]:
    folder = CORPUS_DIR if folder is None else Path(folder)
    if not folder.is_dir():
        raise SeedError(f"seed folder not found: {folder}")
    paths = sorted(folder.glob("*.py"), key=lambda p: p.name)
    if not paths:
        raise SeedError(f"seed folder has no .py files: {folder}")
    return paths


def load(folder: Path | None = None) -> list[SeedFile]:
    """Every *.py file of `folder` (default: the shipped corpus), sorted by name, unparsed."""
    paths = seed_paths(folder)
    tested = {entry["name"]: tuple(entry.get("passes", ())) for entry in index_entries(paths[0].parent)}
    return [SeedFile(p.stem, p, p.read_text(encoding="utf-8"), tested.get(p.stem, ())) for p in paths]


def index_entries(folder: Path) -> list[dict]:
    """The entries of `folder`'s index.json; none for a folder without one (a user's own seeds)."""
    index = Path(folder) / "index.json"
    if not index.is_file():
        return []
    try:
        entries = json.loads(index.read_text(encoding="utf-8"))["seeds"]
        if not all(isinstance(entry, dict) and "name" in entry for entry in entries):
            raise ValueError("an entry without a name")
        return entries
    except (ValueError, KeyError, TypeError) as error:
        raise SeedError(f"malformed seed index {index}: {error}") from None


def build(out: Path, progress: bool = True, only: str | None = None, limit: int | None = None) -> dict:
    """Regenerate a corpus into `out`; see seeds.builder.build for `only` and `limit`."""
    from seeds.builder import build as build_corpus

    return build_corpus(Path(out), progress=progress, only=only, limit=limit)

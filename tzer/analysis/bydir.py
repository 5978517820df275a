"""Coverage per source directory of the TVM library (memcov.atlas): `tzer showmap --by-dir`, `tzer plot`.

A row holds the directory's own files and the code the atlas places in it without knowing the file
or deeper folder ("src/tirx/?"); "tvm/?" is TVM code whose directory the atlas could not tell.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from memcov import blocks
from memcov.atlas import LLVM, TIR_DIRECTORIES, TVM, Z3, Atlas, load_or_build, under

ENTRIES = {"breakpoint": "blocks", "breakpoint-func": "functions"}


class AtlasUnavailable(Exception):
    """No atlas for this map; the message is one line for the user."""


def atlas_for(backend: str, build_id: str) -> Atlas:
    """The atlas of a map saved by `backend` for the library build `build_id` (cached on this machine)."""
    if backend not in ENTRIES:
        raise AtlasUnavailable(f"coverage per directory needs a breakpoint map; this one is {backend!r}")
    directory = blocks.table_directory(build_id)
    if not (directory / "meta.json").exists():
        raise AtlasUnavailable(f"no block table of build {build_id} on this machine (a campaign with "
                               "--coverage breakpoint on that TVM wheel makes it)")
    return load_or_build(blocks.load(directory), ENTRIES[backend])


def read_map(path: Path) -> tuple[str, str, np.ndarray]:
    """(backend, build id, covered indices) of a saved map: a campaign's coverage.npz or showmap -o."""
    try:
        with np.load(path) as saved:
            return str(saved["backend"]), str(saved["build_id"]), np.asarray(saved["covered"], dtype=np.int64)
    except (OSError, ValueError, KeyError) as error:
        raise AtlasUnavailable(f"{path}: not a coverage map ({error})") from None


def by_directory(atlas: Atlas, covered: np.ndarray, depth: int) -> dict[str, Any]:
    """The per-directory table and the totals of TVM, its TIR directories, LLVM and Z3."""
    directories = atlas.by_directory(covered, depth)
    groups = atlas.by_directory(covered, 1)
    tir = atlas.in_scope(TIR_DIRECTORIES)
    tvm_total = sum(counts[1] for name, counts in groups.items() if name not in (LLVM, Z3))
    tvm_covered = sum(counts[0] for name, counts in groups.items() if name not in (LLVM, Z3))
    covered = np.asarray(covered, dtype=np.int64)
    return {"depth": depth, "directories": {name: list(counts) for name, counts in directories.items()},
            "totals": {"tir": [int(tir[covered].sum()), int(tir.sum())], TVM: [tvm_covered, tvm_total],
                       LLVM: list(groups.get(LLVM, (0, 0))), Z3: list(groups.get(Z3, (0, 0)))}}


def _share(covered: int, total: int) -> str:
    return f"{100 * covered / total:5.1f}%" if total else "    -"


def format_by_dir(table: dict[str, Any], only: tuple[str, ...] | None = None) -> str:
    """The table as text: TVM's directories (those under `only`, if given), then the totals."""
    rows = [(name, *counts) for name, counts in table["directories"].items()
            if name not in (LLVM, Z3) and (only is None or under(name, only))]
    width = max([len(row[0]) for row in rows] + [len("TIR directories")])
    lines = [f"{'directory':<{width}}  {'covered':>9}  {'blocks':>9}  share"]
    lines += [f"{name:<{width}}  {covered:>9}  {total:>9}  {_share(covered, total)}" for name, covered, total in rows]
    names = {"tir": "TIR directories", TVM: "TVM", LLVM: "LLVM", Z3: "Z3"}
    lines.append("")
    lines += [f"{names[key]:<{width}}  {covered:>9}  {total:>9}  {_share(covered, total)}"
              for key, (covered, total) in table["totals"].items()]
    return "\n".join(lines)

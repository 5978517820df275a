"""The code under test: which blocks count as new coverage, and the campaign's coverage per directory.

Four fifths of the blocks a campaign reaches are LLVM's: a new target reaches thousands of new LLVM
back-end blocks, a new TIR shape that drives a pass down a new path a few dozen. Counting LLVM's
blocks made feedback reward targets, not TIR. With a scope, the blocks outside it are never armed
and never new, so keeping a test, seed energy, rarity and the yields of targets, mutators and
round kinds all count the code under test only (memcov.atlas tells each block's source file).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from memcov.atlas import Atlas, scope_prefixes, under

STATS_DEPTH = 3


@dataclass
class CoverageScope:
    """name: the --coverage-scope value in force ("all" when the backend has no atlas); prefixes:
    its directories (None: every block)."""

    name: str
    atlas: Atlas | None
    prefixes: tuple[str, ...] | None

    @classmethod
    def open(cls, backend: Any, spec: str) -> CoverageScope:
        """Restrict the backend's global map to `spec` before any worker arms its blocks."""
        atlas = backend.atlas()
        if atlas is None:
            return cls("all", None, None)
        prefixes = scope_prefixes(spec)
        backend.global_map.restrict(atlas.in_scope(prefixes) if prefixes is not None else None)
        return cls(spec, atlas, prefixes)

    def blocks(self, backend: Any) -> int:
        return backend.global_map.in_scope()

    def directories(self, backend: Any) -> dict[str, tuple[int, int]]:
        """(covered, blocks) of each directory inside the scope, for fuzzer_stats and plot_dirs."""
        if self.atlas is None:
            return {}
        table = self.atlas.by_directory(backend.global_map.covered_indices(), STATS_DEPTH)
        if self.prefixes is None:
            return table
        return {name: counts for name, counts in table.items() if under(name, self.prefixes)}

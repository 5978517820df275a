"""Coverage maps seen from the parent: the campaign's global map and one map per worker."""

from __future__ import annotations

import ctypes
import os
from pathlib import Path
from typing import NamedTuple

import numpy as np

from . import native
from .shm import Region


class Module(NamedTuple):
    """A library's share of the map: entries [first, first + count)."""

    path: str
    first: int
    count: int


class GlobalMap:
    """The union of every worker's coverage, in shared memory so that workers can read it when they
    arm breakpoints.  Entry values: 0 uncovered, 1 covered, 2 excluded as flaky, 3 out of scope."""

    def __init__(self, backend: str, build_id: str, capacity: int, grows: bool) -> None:
        self.backend = backend
        self.build_id = build_id
        self._grows = grows  # sancov: the edge count is only known once a worker loaded the libraries
        self.region = Region.create("global", capacity)
        if not grows:
            self.region.header.used = capacity
        self._scope: np.ndarray | None = None

    @property
    def name(self) -> str:
        return self.region.name

    @property
    def total(self) -> int:
        used = self.region.header.used
        return used if used or not self._grows else self.region.capacity

    @property
    def entries(self) -> np.ndarray:
        return self.region.entries

    def note_used(self, used: int) -> None:
        """Record that a worker's map has `used` entries (sancov)."""
        header = self.region.header
        header.used = max(header.used, min(used, self.region.capacity))

    def covered(self) -> int:
        return native.memcov().memcov_count(self.region.entries_address, self.total, native.COVERED)

    def excluded(self) -> int:
        return native.memcov().memcov_count(self.region.entries_address, self.total, native.EXCLUDED)

    def uncovered(self, indices: np.ndarray) -> np.ndarray:
        """The entries among `indices` that the campaign has not covered (nor excluded) yet."""
        indices = np.asarray(indices)
        return indices[self.region.entries[indices] == native.UNCOVERED] if indices.size else indices

    def add(self, indices: np.ndarray) -> int:
        """Mark entries covered (hits that a worker elsewhere reported); returns how many were new."""
        new = self.uncovered(np.asarray(indices, dtype=np.int64))
        self.region.entries[new] = native.COVERED
        return int(new.size)

    def exclude(self, indices: np.ndarray) -> None:
        """Mark entries as flaky: never counted as new again, never armed."""
        indices = np.asarray(indices, dtype=np.int64)
        if indices.size and (indices.min() < 0 or indices.max() >= self.region.capacity):
            raise IndexError("coverage index out of range")
        self.region.entries[indices] = native.EXCLUDED

    def restrict(self, scope: np.ndarray | None) -> None:
        """Count only the entries where `scope` (a mask over the entries) is true: the others are
        never new and never armed. None counts every entry again. Kept across load()."""
        self._scope = scope
        entries = self.region.entries
        entries[entries == native.OUT_OF_SCOPE] = native.UNCOVERED
        if scope is not None:
            entries[~scope & (entries == native.UNCOVERED)] = native.OUT_OF_SCOPE

    def in_scope(self) -> int:
        """How many entries can count: all of them unless restricted."""
        return self.total if self._scope is None else int(np.count_nonzero(self._scope))

    def covered_indices(self) -> np.ndarray:
        return np.flatnonzero(self.region.entries[: self.total] == native.COVERED)

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the map as .npz (sparse: the covered and the excluded indices), atomically."""
        path = Path(path)
        # Copies, not views of the shared memory: a view kept alive by an error's traceback would
        # stop the region from being unmapped.
        entries = self.region.entries[: self.total]
        covered = self.covered_indices().astype(np.uint32)
        excluded = np.flatnonzero(entries == native.EXCLUDED).astype(np.uint32)
        del entries
        tmp = path.with_name(path.name + ".tmp")
        with open(tmp, "wb") as f:
            np.savez(f, backend=self.backend, build_id=self.build_id, total=self.total, covered=covered,
                     excluded=excluded)
        os.replace(tmp, path)

    def load(self, path: str | os.PathLike[str]) -> None:
        """Replace the map by a saved one; ValueError if it was saved for another backend or build."""
        with np.load(path) as saved:
            backend, build_id, total = str(saved["backend"]), str(saved["build_id"]), int(saved["total"])
            if backend != self.backend or build_id != self.build_id:
                raise ValueError(f"{path}: coverage of backend {backend!r}, build {build_id!r}; "
                                 f"this campaign uses {self.backend!r}, build {self.build_id!r}")
            if total > self.region.capacity or (not self._grows and total != self.region.capacity):
                raise ValueError(f"{path}: {total} entries, this map has {self.region.capacity}")
            covered, excluded = saved["covered"], saved["excluded"]
        entries = self.region.entries
        entries[:] = native.UNCOVERED
        entries[covered] = native.COVERED
        entries[excluded] = native.EXCLUDED
        self.note_used(total)
        self.restrict(self._scope)

    def close(self) -> None:
        self.region.close()


class WorkerMap:
    """The hits of one worker process since the last reset, readable even after the worker died."""

    def __init__(self, global_map: GlobalMap, env: dict[str, str]) -> None:
        self._global = global_map
        self._env = env

    def env(self) -> dict[str, str]:
        """Environment variables to give the worker process."""
        return dict(self._env)

    def modules(self) -> list[Module]:
        return []

    def reset(self) -> None:
        """Forget the hits of the previous test."""

    def hit_indices(self) -> np.ndarray:
        return np.zeros(0, dtype=np.int64)

    def merge(self) -> int:
        """OR the hits into the global map; the number of entries that were uncovered there."""
        return 0

    def exclude_new(self) -> int:
        """Calibration, instead of merge() after re-running a test whose first run was merged: whatever
        is still uncovered depends on the worker's history, not on the input.  Marks those entries
        flaky in the global map and returns their number."""
        flaky = self._global.uncovered(self.hit_indices())
        self._global.exclude(flaky)
        return len(flaky)

    def close(self) -> None:
        """Free the shared memory."""


class EdgeWorkerMap(WorkerMap):
    """sancov: the worker's libmemcov.so writes one byte per edge straight into this region."""

    def __init__(self, global_map: GlobalMap, env: dict[str, str]) -> None:
        self.region = Region.create("worker", global_map.region.capacity)
        self._closed = False
        super().__init__(global_map, {**env, "MEMCOV_SHM": self.region.name})

    def _used(self) -> int:
        return min(self.region.header.used, self.region.capacity)

    def modules(self) -> list[Module]:
        header = self.region.header
        return [Module(m.path.decode(errors="replace"), m.first, m.count)
                for m in header.modules[: min(header.nmodules, native.MAX_MODULES)]]

    def reset(self) -> None:
        ctypes.memset(self.region.entries_address, 0, self._used())

    def hit_indices(self) -> np.ndarray:
        return np.flatnonzero(self.region.entries[: self._used()])

    def publish_used(self) -> None:
        """Tell the global map how many edges this worker's libraries have."""
        if not self._closed:
            self._global.note_used(self._used())

    def merge(self) -> int:
        used = self._used()
        self._global.note_used(used)
        return native.memcov().memcov_merge(self.region.entries_address, self._global.region.entries_address,
                                             min(used, self._global.region.capacity))

    def close(self) -> None:
        self._closed = True
        self.region.close()


class BlockWorkerMap(WorkerMap):
    """breakpoint: a byte per block plus the log of fired block indices, so that reset and merge cost
    as much as the hits, not as the millions of blocks."""

    def __init__(self, global_map: GlobalMap, env: dict[str, str], module: Module) -> None:
        self.region = Region.create("worker", global_map.region.capacity, with_log=True)
        self._module = module
        super().__init__(global_map, {**env, "MEMCOV_SHM": self.region.name,
                                      "MEMCOV_GLOBAL_SHM": global_map.name})

    def _logged(self) -> int:
        return min(self.region.header.nlog, self.region.capacity)

    def _log_address(self) -> int:
        return self.region.log.ctypes.data

    def modules(self) -> list[Module]:
        return [self._module]

    def reset(self) -> None:
        native.memcov().memcov_clear_indices(self.region.entries_address, self._log_address(),
                                             self._logged(), self.region.capacity)
        self.region.header.nlog = 0

    def hit_indices(self) -> np.ndarray:
        return self.region.log[: self._logged()].astype(np.int64)

    def merge(self) -> int:
        return native.memcov().memcov_merge_indices(self._log_address(), self._logged(),
                                                    self._global.region.entries_address,
                                                    self._global.region.capacity)

    def close(self) -> None:
        self.region.close()

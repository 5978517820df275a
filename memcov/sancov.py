"""The sancov backend: edge coverage of a TVM build instrumented with memcov-clang/memcov-clang++.

The instrumented libraries call libmemcov.so (csrc/memcov.c), which writes every edge straight into
the worker's shared map; the parent only creates, clears and merges maps.
"""

from __future__ import annotations

import os
import weakref
from pathlib import Path

from . import elfinfo, native
from .backend import Backend
from .errors import CoverageUnavailable
from .maps import EdgeWorkerMap, GlobalMap
from .probe import Probe
from .target import require_linux, tvm_library

DEFAULT_CAPACITY = 1 << 24
GUARD_CALLBACK = "__sanitizer_cov_trace_pc_guard"


class SancovBackend(Backend):
    def __init__(self, build_id: str, capacity: int, env: dict[str, str]) -> None:
        super().__init__("sancov", build_id, GlobalMap("sancov", build_id, capacity, grows=True))
        self._env = env
        self._workers: weakref.WeakSet[EdgeWorkerMap] = weakref.WeakSet()

    @property
    def total(self) -> int:
        """Edges assigned by the workers so far; the map's capacity until a worker loaded the libraries."""
        for wmap in list(self._workers):
            wmap.publish_used()
        return self.global_map.total

    def new_worker_map(self) -> EdgeWorkerMap:
        wmap = EdgeWorkerMap(self.global_map, self._env)
        self._workers.add(wmap)
        return wmap


def open_sancov(tvm_library_path: str | os.PathLike[str] | None,
                library: str | os.PathLike[str] | None) -> SancovBackend:
    """`library`: the instrumented library that identifies the build, instead of TVM's."""
    require_linux("sancov", x86_64=False)
    identity = (Path(library).resolve() if library
                else tvm_library(tvm_library_path, ("libtvm_compiler.so", "libtvm.so")))
    if not elfinfo.imports_symbol(identity, GUARD_CALLBACK):
        raise CoverageUnavailable(f"{identity} is not instrumented with memcov-clang++ (see "
                                  "memcov/README.md); pass --tvm-library-path or use --coverage breakpoint")
    capacity = int(os.environ.get("MEMCOV_MAX_EDGES", DEFAULT_CAPACITY))
    env = {"MEMCOV_BACKEND": "sancov"}
    if tvm_library_path is not None:
        env["TVM_LIBRARY_PATH"] = str(tvm_library_path)
    return SancovBackend(elfinfo.build_id(identity), capacity, env)


def attach() -> Probe:
    """Map the worker's shared map now, before any instrumented library runs its constructors."""
    lib = native.memcov()
    lib.memcov_attach()
    return Probe("sancov", switch=lib.memcov_record)

"""The breakpoint backend: block (or function) coverage of the stock, uninstrumented TVM wheel.

The parent finds the blocks of libtvm_compiler.so once per build (blocks.py).  Each worker arms a
one-shot int3 on every block the global map does not cover yet (csrc/bpcov.c); a block that traps
lands in the worker's shared map and log, so hits survive the worker's crash.
"""

from __future__ import annotations

import ctypes
import importlib
import os
from pathlib import Path

import numpy as np

from . import blocks, native
from .atlas import Atlas, load_or_build
from .backend import Backend
from .errors import CoverageUnavailable
from .maps import BlockWorkerMap, GlobalMap, Module
from .probe import Probe
from .shm import Region
from .target import require_linux, tvm_library

LEVELS = ("breakpoint", "breakpoint-func")

class BreakpointBackend(Backend):
    def __init__(self, name: str, table: blocks.BlockTable, env: dict[str, str], covers_tvm: bool = True) -> None:
        offsets = table.blocks if name == "breakpoint" else table.functions
        super().__init__(name, table.build_id, GlobalMap(name, table.build_id, len(offsets), grows=False))
        self._env = env
        self._module = Module(str(table.library), 0, len(offsets))
        self._table = table
        self._function_of: np.ndarray | None = None
        self._covers_tvm = covers_tvm
        self._atlas: Atlas | None = None

    def function_of(self) -> np.ndarray:
        if self._function_of is None:
            functions = np.asarray(self._table.functions)
            if self.name == "breakpoint":
                owner = np.searchsorted(functions, np.asarray(self._table.blocks), side="right") - 1
                self._function_of = np.maximum(owner, 0).astype(np.int32)
            else:
                self._function_of = np.arange(len(functions), dtype=np.int32)
        return self._function_of

    def atlas(self) -> Atlas | None:
        if self._atlas is None and self._covers_tvm:
            self._atlas = load_or_build(self._table, "blocks" if self.name == "breakpoint" else "functions")
        return self._atlas

    def portable_cache(self) -> dict[str, bytes]:
        return blocks.export_cache(self._table)

    def new_worker_map(self) -> BlockWorkerMap:
        return BlockWorkerMap(self.global_map, self._env, self._module)


def open_breakpoint(name: str, progress: bool, tvm_library_path: str | os.PathLike[str] | None,
                    library: str | os.PathLike[str] | None) -> BreakpointBackend:
    """`library`: cover this shared library instead of TVM's compiler (the worker loads it itself)."""
    require_linux(name, x86_64=True)
    target = Path(library).resolve() if library else tvm_library(tvm_library_path, ("libtvm_compiler.so",))
    try:
        table = blocks.load_or_discover(target, progress)
    except ValueError as e:
        raise CoverageUnavailable(f"cannot find the blocks of {target}: {e}; run with --coverage none") from e
    env = {"MEMCOV_BACKEND": name, "MEMCOV_BLOCKS": str(table.directory), "MEMCOV_TARGET": str(target)}
    if library is None:
        env["MEMCOV_TARGET_IMPORT"] = "tvm"
    if tvm_library_path is not None:
        env["TVM_LIBRARY_PATH"] = str(tvm_library_path)
    return BreakpointBackend(name, table, env, covers_tvm=library is None)


def _require_same_copy(target: str) -> None:
    """Arming a second copy of the library would silently record nothing."""
    basename = os.path.basename(target)
    with open("/proc/self/maps") as maps:
        loaded = {line.split(None, 5)[-1].strip() for line in maps if line.rstrip().endswith("/" + basename)}
    if loaded and os.path.realpath(target) not in {os.path.realpath(p) for p in loaded}:
        raise CoverageUnavailable(f"this worker loaded {', '.join(sorted(loaded))}, but coverage was "
                                  f"prepared for {target}; check TVM_LIBRARY_PATH")


def attach(env: dict[str, str]) -> Probe:
    """Load the target library (importing tvm if it is TVM's) and arm its uncovered blocks."""
    name = env["MEMCOV_BACKEND"]
    require_linux(name, x86_64=True)
    if env.get("MEMCOV_TARGET_IMPORT"):
        importlib.import_module(env["MEMCOV_TARGET_IMPORT"])
    target = env["MEMCOV_TARGET"]
    _require_same_copy(target)
    library = ctypes.CDLL(target)  # the handle of the copy tvm loaded; ctypes never unloads it
    table = blocks.load(Path(env["MEMCOV_BLOCKS"]))
    offsets = table.blocks if name == "breakpoint" else table.functions
    campaign = Region.open_readonly(env["MEMCOV_GLOBAL_SHM"])
    try:
        if campaign.capacity != len(offsets):
            raise CoverageUnavailable(f"coverage maps do not match the blocks of {target}")
        bpcov = native.bpcov()
        # C maps the block list and the worker map itself, for good: traps can fire during interpreter
        # teardown, after every Python object is gone.
        armed = bpcov.bpcov_arm(library._handle, str(offsets.filename).encode(), offsets.offset, len(offsets),
                                table.code_lo, table.code_hi, campaign.entries_address,
                                env["MEMCOV_SHM"].encode())
    finally:
        campaign.close()  # read once, while arming
    if armed < 0:
        raise CoverageUnavailable(f"cannot arm breakpoints in {target}: {bpcov.bpcov_error().decode()}; "
                                  "run with --coverage none")
    return Probe(name, armed, switch=bpcov.bpcov_record, logged=bpcov.bpcov_logged)

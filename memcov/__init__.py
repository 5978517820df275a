"""memcov: coverage maps in shared memory for tzer's workers.

Parent:  backend = memcov.open_backend("breakpoint"); wmap = backend.new_worker_map();
         start the worker with wmap.env(); after each test wmap.merge(), then wmap.reset().
Worker:  probe = memcov.attach_worker() first thing, before `import tvm`.
"""

from __future__ import annotations

import os

from .backend import Backend, open_none
from .errors import CoverageUnavailable
from .maps import GlobalMap, Module, WorkerMap
from .probe import Probe
from .shm import remove_stale_regions

BACKENDS = ("breakpoint", "breakpoint-func", "sancov", "none")

__all__ = ["BACKENDS", "Backend", "CoverageUnavailable", "GlobalMap", "Module", "Probe", "WorkerMap",
           "attach_worker", "open_backend"]


def open_backend(name: str, progress: bool = True, tvm_library_path: str | os.PathLike[str] | None = None,
                 library: str | os.PathLike[str] | None = None) -> Backend:
    """Open a coverage backend in the parent.

    progress: show what the one-time block discovery of the breakpoint backend is doing.
    tvm_library_path: the folder of the TVM libraries the workers load (they get TVM_LIBRARY_PATH).
    library: cover this shared library instead of TVM (tests, other targets).
    Raises CoverageUnavailable when the backend cannot run here.
    """
    remove_stale_regions()
    if name == "none":
        return open_none()
    if name == "sancov":
        from .sancov import open_sancov

        return open_sancov(tvm_library_path, library)
    if name in ("breakpoint", "breakpoint-func"):
        from .breakpoint import open_breakpoint

        return open_breakpoint(name, progress, tvm_library_path, library)
    raise ValueError(f"unknown coverage backend {name!r}; choose one of {', '.join(BACKENDS)}")


_probe: Probe | None = None


def attach_worker() -> Probe:
    """Start collecting coverage in this worker process, as its environment (WorkerMap.env()) says.

    Call it before `import tvm`.  Calling it again returns the same probe.
    """
    global _probe
    if _probe is None:
        backend = os.environ.get("MEMCOV_BACKEND", "none")
        if backend == "sancov":
            from .sancov import attach

            _probe = attach()
        elif backend in ("breakpoint", "breakpoint-func"):
            from .breakpoint import attach

            _probe = attach(dict(os.environ))
        else:
            _probe = Probe("none")
    return _probe

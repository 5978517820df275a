"""memcov: coverage maps in shared memory for tzer's workers.

Parent:  backend = memcov.open_backend("breakpoint"); wmap = backend.new_worker_map();
         start the worker with wmap.env(); after each test wmap.merge(), then wmap.reset().
Worker:  probe = memcov.attach_worker() first thing, before `import tvm`.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from .backend import Backend, open_none
from .errors import CoverageUnavailable
from .maps import GlobalMap, Module, WorkerMap
from .probe import Probe
from .shm import remove_stale_regions


def _open_sancov(progress: bool, tvm_library_path: str | os.PathLike[str] | None,
                 library: str | os.PathLike[str] | None) -> Backend:
    from .sancov import open_sancov

    return open_sancov(tvm_library_path, library)


def _opener_breakpoint(name: str) -> Callable[..., Backend]:
    def open_named(progress: bool, tvm_library_path: str | os.PathLike[str] | None,
                   library: str | os.PathLike[str] | None) -> Backend:
        from .breakpoint import open_breakpoint

        return open_breakpoint(name, progress, tvm_library_path, library)

    return open_named


# name -> opener(progress, tvm_library_path, library), as Hypothesis registers its providers. The CLI's
# --coverage choices are these names.
REGISTRY: dict[str, Callable[..., Backend]] = {
    "breakpoint": _opener_breakpoint("breakpoint"),
    "breakpoint-func": _opener_breakpoint("breakpoint-func"),
    "sancov": _open_sancov,
    "none": lambda progress, tvm_library_path, library: open_none(),
}
BACKENDS = tuple(REGISTRY)

__all__ = ["BACKENDS", "REGISTRY", "Backend", "CoverageUnavailable", "GlobalMap", "Module", "Probe", "WorkerMap",
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
    if name not in REGISTRY:
        raise ValueError(f"unknown coverage backend {name!r}; choose one of {', '.join(BACKENDS)}")
    return REGISTRY[name](progress, tvm_library_path, library)


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

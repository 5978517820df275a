"""The worker side of a backend, returned by memcov.attach_worker()."""

from __future__ import annotations


class Probe:
    """Coverage as collected inside the worker; `armed` counts breakpoints (0 unless breakpoint)."""

    def __init__(self, backend: str, armed: int = 0) -> None:
        self.backend = backend
        self.armed = armed

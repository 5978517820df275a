"""The worker side of a backend, returned by memcov.attach_worker()."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator


class Probe:
    """Coverage as collected inside the worker; `armed` counts breakpoints (0 unless breakpoint).

    `switch(on)` turns recording on or off in the native runtime and returns the previous setting;
    without one (no coverage) the windows below do nothing. `logged()` counts the hits logged.
    """

    def __init__(self, backend: str, armed: int = 0, switch: Callable[[int], int] | None = None,
                 logged: Callable[[], int] | None = None) -> None:
        self.backend = backend
        self.armed = armed
        self._switch = switch
        self._logged = logged

    def logged(self) -> int | None:
        """How many hits the worker's log holds since the parent's last reset, where the backend
        keeps a log (breakpoint): read around each of several tests in one request, it tells which
        test reached which blocks. None without a log."""
        return self._logged() if self._logged is not None else None

    @contextlib.contextmanager
    def recording(self, on: bool) -> Iterator[None]:
        """Count coverage only inside `recording(True)`: what runs inside `recording(False)` is
        not the test's, and stays available to a later test that reaches it."""
        if self._switch is None:
            yield
            return
        previous = self._switch(int(on))
        try:
            yield
        finally:
            self._switch(previous)

"""What every backend offers the fuzzer; the base class is the `none` backend, which records nothing."""

from __future__ import annotations

import numpy as np

from .atlas import Atlas
from .maps import GlobalMap, WorkerMap


class Backend:
    """A coverage backend as seen from the parent process."""

    def __init__(self, name: str, build_id: str, global_map: GlobalMap) -> None:
        self.name = name
        self.build_id = build_id
        self.global_map = global_map

    @property
    def total(self) -> int:
        """Blocks or edges that can be covered."""
        return self.global_map.total

    def function_of(self) -> np.ndarray | None:
        """The function each entry belongs to (an id per entry), or None when it is not known.

        Lets the fuzzer treat a function whose blocks proved nondeterministic as noisy as a whole.
        """
        return None

    def atlas(self) -> Atlas | None:
        """The source file of each entry (memcov.atlas), or None when this backend cannot tell."""
        return None

    def portable_cache(self) -> dict[str, bytes] | None:
        """What another machine needs to open this backend without rediscovering it (or None)."""
        return None

    def new_worker_map(self) -> WorkerMap:
        """A map for one worker process; pass its env() to the worker."""
        return WorkerMap(self.global_map, {"MEMCOV_BACKEND": self.name})

    def close(self) -> None:
        self.global_map.close()


def open_none() -> Backend:
    return Backend("none", "", GlobalMap("none", "", 0, grows=False))

"""Telling new compiler code from noise in the coverage of TVM's native code.

TVM and LLVM reach some blocks nondeterministically: compiling the very same function again keeps
reaching blocks never seen before (hash tables keyed by pointers grow at different moments, caches
warm up). Such a block is excluded once seen: it never counts as new coverage again. Noise is
judged per block, not per function: a function that holds one flaky block still counts its other
new blocks. It is learned at calibration and whenever the loop re-runs a corpus entry exactly as
it first ran (same passes, target, sampled checks and inputs), so only nondeterminism can make the
re-run reach anything new.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from memcov.native import EXCLUDED


class NoiseFilter:
    def __init__(self, backend: Any) -> None:
        self.backend = backend

    def learn(self, flaky: np.ndarray) -> int:
        """Exclude the `flaky` blocks; returns how many were excluded."""
        flaky = np.asarray(flaky, dtype=np.int64)
        if flaky.size:
            self.backend.global_map.exclude(flaky)
        return int(flaky.size)

    def kept(self, new_indices: np.ndarray | None) -> np.ndarray:
        """A test's newly covered blocks that are not excluded as flaky."""
        if new_indices is None or not len(new_indices):
            return np.array([], np.int64)
        indices = np.asarray(new_indices, dtype=np.int64)
        return indices[self.backend.global_map.entries[indices] != EXCLUDED]

    def signal(self, new_indices: np.ndarray | None) -> int:
        """How many of a test's newly covered blocks are not excluded as flaky."""
        return len(self.kept(new_indices))

    def ignored(self) -> int:
        """Blocks excluded as nondeterministic."""
        return int(self.backend.global_map.excluded())

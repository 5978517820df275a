"""Telling new compiler code from noise in the coverage of TVM's native code.

TVM and LLVM reach some blocks nondeterministically: compiling the very same function again keeps
reaching blocks never seen before (hash tables keyed by pointers grow at different moments, caches
warm up). Such blocks are excluded once seen, and the functions holding them are marked noisy:
a new block in a noisy function does not count as new coverage, because the next one from the
same function most likely has the same cause. Noise is learned at calibration and again
whenever the loop re-runs a corpus entry unchanged.
"""

from __future__ import annotations

from typing import Any

import numpy as np


class NoiseFilter:
    def __init__(self, backend: Any) -> None:
        self.backend = backend
        self.function_of = backend.function_of()
        size = int(self.function_of.max()) + 1 if self.function_of is not None and self.function_of.size else 0
        self.noisy = np.zeros(size, dtype=bool)

    def learn(self, flaky: np.ndarray) -> int:
        """Exclude `flaky` entries and mark their functions noisy; returns how many were excluded."""
        flaky = np.asarray(flaky, dtype=np.int64)
        if not flaky.size:
            return 0
        self.backend.global_map.exclude(flaky)
        if self.noisy.size:
            self.noisy[self.function_of[flaky]] = True
        return int(flaky.size)

    def signal(self, new_indices: np.ndarray | None) -> int:
        """How many of a test's newly covered entries lie outside noisy functions."""
        if new_indices is None or not len(new_indices):
            return 0
        if not self.noisy.size:
            return len(new_indices)
        return int(np.count_nonzero(~self.noisy[self.function_of[np.asarray(new_indices)]]))

    def noisy_functions(self) -> list[int]:
        return np.flatnonzero(self.noisy).tolist()

    def restore(self, functions: list[int]) -> None:
        if self.noisy.size and functions:
            self.noisy[np.asarray(functions, dtype=np.int64)] = True

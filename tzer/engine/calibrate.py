"""Calibration: learn which blocks fire nondeterministically before fuzzing starts.

Some blocks depend on the worker's start (thread pools, lazily built tables): the first seeds run
in one fresh worker without touching the global map, then again in a second fresh worker that
merges as usual; a block seen in only one of the two runs is flaky. Others depend on the history
of the process: re-running the same seeds in the same worker still reaches new blocks, which are
flaky too. Everything found goes to the noise filter (tzer/engine/noise.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from tzer.engine.noise import NoiseFilter
from tzer.engine.pool import Seed
from tzer.execution.executor import Executor

CALIBRATION_SEEDS = 8
RERUNS = 3


def _union(hit_lists: list[Any]) -> np.ndarray:
    arrays = [np.asarray(hits) for hits in hit_lists if hits is not None]
    return np.unique(np.concatenate(arrays)) if arrays else np.array([], np.int64)


def calibrate(executor: Executor, noise: NoiseFilter, seeds: list[Seed],
              make_request: Callable[[Seed, Any, list[Any]], dict[str, Any]],
              log: Callable[[str], None]) -> int:
    """Run the first seeds in two fresh workers and again; returns the number of flaky blocks."""
    chosen = seeds[:CALIBRATION_SEEDS]
    cases = [(seed, make_request(seed, None, seed.passes)) for seed in chosen]
    log(f"calibrating on {len(chosen)} seeds (two fresh workers, then {RERUNS} re-runs)")
    executor.kill()
    first = [executor.run(request, seed.script, merge=False).hits for seed, request in cases]
    executor.kill()
    second = [executor.run(request, seed.script).hits for seed, request in cases]
    flaky = noise.learn(np.setxor1d(_union(first), _union(second)))
    for _ in range(RERUNS):
        for seed, request in cases:
            flaky += noise.learn(rerun_new(executor, seed, request))
    return flaky


def rerun_new(executor: Executor, seed: Seed, request: dict[str, Any]) -> np.ndarray:
    """Run a test that already ran, without merging: whatever it reaches that is still new is noise."""
    return executor.run(request, seed.script, merge=False).new_indices

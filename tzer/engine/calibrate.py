"""Calibration: find the blocks that fire nondeterministically, so they never count as new.

Two kinds of noise exist in TVM's (and LLVM's) code. Some blocks depend on the worker's start
(thread pools, lazily built tables): the first seeds run in one fresh worker without touching
the global map, then again in a second fresh worker that merges as usual; a block seen in only
one of the two runs is flaky. Other blocks depend on the history of the process (hash tables
keyed by pointers grow at different moments): compiling the very same function again keeps
reaching a few new blocks. Re-running the seeds a few more times excludes those blocks and
measures how many such blocks a test reaches by chance, the noise level below which "new
coverage" is not trusted.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from tzer.engine.pool import Seed
from tzer.execution.executor import Executor

CALIBRATION_SEEDS = 8
RERUNS = 3


@dataclass
class Calibration:
    flaky: int
    noise: int


def _union(hit_lists: list[Any]) -> np.ndarray:
    arrays = [np.asarray(hits) for hits in hit_lists if hits is not None]
    return np.unique(np.concatenate(arrays)) if arrays else np.array([], np.int64)


def calibrate(executor: Executor, backend: Any, seeds: list[Seed],
              make_request: Callable[[Seed, Any, list[Any]], dict[str, Any]],
              log: Callable[[str], None]) -> Calibration:
    """Exclude flaky blocks from the global map and return their count and the noise level."""
    chosen = seeds[:CALIBRATION_SEEDS]
    requests = [make_request(seed, None, seed.passes) for seed in chosen]
    log(f"calibrating on {len(chosen)} seeds (two fresh workers, then {RERUNS} re-runs)")
    executor.kill()
    first = [executor.run(request, seed.script, merge=False).hits
             for seed, request in zip(chosen, requests, strict=True)]
    executor.kill()
    second = []
    for seed, request in zip(chosen, requests, strict=True):
        second.append(executor.run(request, seed.script, merge=False).hits)
        executor.coverage.merge()
    flaky = np.setxor1d(_union(first), _union(second))
    backend.global_map.exclude(flaky)
    excluded = int(flaky.size)
    last_round: list[int] = []
    for _ in range(RERUNS):
        last_round = []
        for seed, request in zip(chosen, requests, strict=True):
            executor.run(request, seed.script, merge=False)
            last_round.append(executor.coverage.exclude_new())
        excluded += sum(last_round)
    # The median, not the maximum: the pool of history-dependent blocks drains as the campaign
    # covers them, so the noise a test meets later is lower than what calibration sees.
    return Calibration(flaky=excluded, noise=int(np.median(last_round)) if last_round else 0)

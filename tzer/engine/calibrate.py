"""Calibration: find the blocks that fire nondeterministically, so they never count as new.

The first seeds run in one fresh worker without touching the global map, then again in a
second fresh worker that merges as usual. A block seen in one run but not the other is flaky
(about 1% of TVM's blocks are: thread pools, caches, allocation patterns) and is excluded.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from tzer.engine.pool import Seed
from tzer.execution.executor import Executor

CALIBRATION_SEEDS = 8


def calibrate(executor: Executor, backend: Any, seeds: list[Seed],
              make_request: Callable[[Seed, Any, list[Any]], dict[str, Any]],
              log: Callable[[str], None]) -> int:
    """Run the first seeds twice in fresh workers; exclude blocks hit in only one run."""
    chosen = seeds[:CALIBRATION_SEEDS]
    requests = [make_request(seed, None, seed.passes) for seed in chosen]
    log(f"calibrating on {len(chosen)} seeds (two fresh workers)")
    executor.kill()
    first = [executor.run(request, seed.script, merge=False).hits for seed, request in zip(chosen, requests)]
    executor.kill()
    second = []
    for seed, request in zip(chosen, requests):
        second.append(executor.run(request, seed.script, merge=False).hits)
        executor.coverage.merge()
    union_first = np.unique(np.concatenate([np.asarray(h) for h in first])) if first else np.array([], np.int64)
    union_second = np.unique(np.concatenate([np.asarray(h) for h in second])) if second else np.array([], np.int64)
    flaky = np.setxor1d(union_first, union_second)
    backend.global_map.exclude(flaky)
    return int(flaky.size)

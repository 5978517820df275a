"""The optimized build is not much slower than the opt_level=0 build (sampled).

A slowdown must show twice, each time as the best of several runs, to rule out a noisy neighbour.
"""

from __future__ import annotations

import time
from typing import Any

from tzer.oracles.base import ReproParts
from tzer.oracles.differential import RunsBuilds
from tzer.runtime.testrun import TestRun
from tzer.vocabulary import FindingKind, Outcome, Stage, Status

PERF_RATIO = 3.0
PERF_MIN_SECONDS = 0.002
PERF_REPEATS = 5

REPRO_BODY = f'''\
    def best(executable):
        times = []
        for _ in range({PERF_REPEATS}):
            start = time.perf_counter()
            run(executable, args)
            times.append(time.perf_counter() - start)
        return min(times)

    slow, fast = best(optimized), best(reference)
    assert slow < {PERF_RATIO} * fast or slow - fast < {PERF_MIN_SECONDS}, (
        f"optimized build takes {{slow * 1e3:.2f}} ms, the opt_level=0 one {{fast * 1e3:.2f}} ms")
'''


def best_time(test: TestRun, executable: Any, args: list[Any]) -> float:
    best = float("inf")
    for _ in range(PERF_REPEATS):
        start = time.perf_counter()
        test.run(executable, args)
        best = min(best, time.perf_counter() - start)
    return best


class Perf(RunsBuilds):
    name = "perf"
    kind = FindingKind.PERF
    default_rate = 0.02
    flag = "--perf-rate"
    help = "share of tests timed against the unoptimized build"
    # Times are compared only where the build runs natively in this process: an emulator's or a
    # remote device's overheads would swamp the difference.
    runners = frozenset({"host"})

    def judge_runs(self, test: TestRun, args: list[Any]) -> Outcome | None:
        reference = test.reference_build()
        for _ in range(2):
            unoptimized, optimized = best_time(test, reference, args), best_time(test, test.executable, args)
            if optimized < PERF_RATIO * unoptimized or optimized - unoptimized < PERF_MIN_SECONDS:
                return None
        return Outcome(status=Status.PERF, stage=Stage.RUN, applied_passes=len(test.passes),
                       message=(f"optimized build takes {optimized * 1e3:.2f} ms, the unoptimized one "
                                f"{unoptimized * 1e3:.2f} ms ({optimized / unoptimized:.1f}x slower)"))

    def repro(self, meta: dict[str, Any], script: str, passes: list[dict[str, Any]]) -> ReproParts:
        return self.repro_parts(meta, ["import time"], REPRO_BODY)

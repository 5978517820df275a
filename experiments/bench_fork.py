"""Restart-and-run cost of a clean worker: spawned (a fresh interpreter imports TVM) against forked
from the fork server (tzer/execution/forkserver.py). Compare the two as a ratio of one run.

    python experiments/bench_fork.py [--runs 5]
"""

from __future__ import annotations

import argparse
import time

import memcov
from tzer.execution.executor import Executor

SEED = '''# from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32")):
    for i in range(16):
        B[i] = A[i] * T.float32(2) + T.float32(1)
'''
REQUEST = {"seed_key": "bench", "mutation": None, "passes": [], "checks": {"differential": True}, "rng": 1}


def seconds_per_restart(fork: bool, runs: int) -> float:
    executor = Executor(memcov.open_backend("none", progress=False), timeout=60, fork=fork)
    try:
        executor.run(REQUEST, SEED)  # the fork server's own import is paid once, before timing
        start = time.monotonic()
        for _ in range(runs):
            executor.kill()
            executor.run(REQUEST, SEED)
        return (time.monotonic() - start) / runs
    finally:
        executor.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="restarts timed each way")
    runs = parser.parse_args().runs
    spawned, forked = seconds_per_restart(False, runs), seconds_per_restart(True, runs)
    print(f"restart and run: spawned {spawned:.2f} s, forked {forked:.2f} s ({spawned / forked:.1f}x)")


if __name__ == "__main__":
    main()

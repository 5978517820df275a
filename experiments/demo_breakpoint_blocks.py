"""Three TIR functions under the breakpoint backend: which blocks each reaches, and what a repeat finds.

Each function is compiled in the same worker. The script prints the new blocks of each compile,
how far the three block sets overlap, and what compiling the first function again reaches:
raw (history-dependent blocks of TVM/LLVM keep firing), then as the fuzzer counts it, after
calibration has excluded those blocks.

    python experiments/demo_breakpoint_blocks.py
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

import memcov
from tzer.engine.calibrate import rerun_new
from tzer.engine.noise import NoiseFilter
from tzer.engine.pool import Seed
from tzer.execution.executor import Executor

FUNCTIONS = {
    "add": '''
@T.prim_func
def main(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32"), C: T.Buffer((16,), "float32")):
    for i in range(16):
        C[i] = A[i] + B[i]
''',
    "vectorized_popcount": '''
@T.prim_func
def main(A: T.Buffer((64,), "int32"), B: T.Buffer((64,), "int32")):
    for i in T.vectorized(64):
        B[i] = T.popcount(A[i]) + T.shift_left(A[i], 2)
''',
    "parallel_reduce": '''
@T.prim_func
def main(A: T.Buffer((8, 32), "float32"), B: T.Buffer((8,), "float32")):
    for i in T.parallel(8):
        B[i] = T.float32(0)
        for j in range(32):
            B[i] = B[i] + T.exp(A[i, j])
''',
}


RECALIBRATIONS = 8


def compile_request(key: str) -> dict:
    # One fixed key: the worker parses each function once, as it does for a corpus entry.
    return {"seed_key": key, "mutation": None, "passes": [], "checks": {}, "rng": 0}


def main() -> None:
    backend = memcov.open_backend("breakpoint")
    executor = Executor(backend, timeout=120, log_path=Path("demo_breakpoint_worker.log"))
    try:
        # Each function in a fresh worker with nothing merged: the full set of blocks it reaches.
        reached = {}
        for name, script in FUNCTIONS.items():
            executor.kill()
            result = executor.run(compile_request(name), script, merge=False)
            reached[name] = np.asarray(result.hits)
            print(f"{name:20s} status={result.status}  blocks reached={reached[name].size}")
        names = list(reached)
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                only_a = np.setdiff1d(reached[a], reached[b]).size
                only_b = np.setdiff1d(reached[b], reached[a]).size
                print(f"{a} vs {b}: {only_a} blocks only in {a}, {only_b} only in {b}")
        first = names[0]
        executor.kill()
        merged = executor.run(compile_request(first), FUNCTIONS[first])
        print(f"{first}, merged in a fresh worker: {merged.new_coverage} new blocks")
        # Calibration as the fuzzer does it: what a repeat still reaches depends on the process's
        # history, not on the input; it is excluded.
        noise = NoiseFilter(backend)
        repeats = []
        for _ in range(RECALIBRATIONS):
            repeats.append(noise.learn(rerun_new(executor, Seed(0, FUNCTIONS[first], []), compile_request(first))))
        print(f"{first} repeated {RECALIBRATIONS} times, blocks not covered before at each repeat "
              f"(excluded as flaky): {repeats}")
        for attempt in range(3):
            again = executor.run(compile_request(first), FUNCTIONS[first])
            print(f"{first} once more ({attempt + 1}): {again.new_coverage} blocks not covered before, "
                  f"{noise.signal(again.new_indices)} not excluded as flaky (what tzer counts as new)")
        print(f"covered {backend.global_map.covered()} of {backend.total} blocks; "
              f"{backend.global_map.excluded()} excluded as flaky")
    finally:
        executor.close()
        backend.close()


if __name__ == "__main__":
    main()

"""Throughput of tzer's executor against a bare in-process TVM loop doing the same TVM work.

Both sides run the same (F, P) tests: apply the pass sequence, compile for llvm, and for the
sampled differential tests also build the opt_level=0 reference and run both builds twice on
the same inputs. tzer adds its worker protocol, the coverage backend, the oracles and the
parent's bookkeeping. The script prints both rates, their ratio, and a profile of where tzer's
extra time goes.

    python experiments/bench_throughput.py [--tests 60] [--coverage breakpoint] [--seeds DIR]
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import time
from pathlib import Path

import numpy as np
import tvm

import memcov
import seeds
from tirkit.script import from_script
from tzer.execution.executor import Executor
from tzer.execution.harness import Harness, as_main
from tzer.passes.mutation import random_sequence
from tzer.passes.registry import instantiate, pass_context
from tzer.runners.host import call_main
from tzer.runtime.inputs import NotRunnable, make_arguments
from tzer.vocabulary import Status


def make_tests(count: int, seed_dir: Path | None, diff_rate: float, rng_seed: int) -> list[dict]:
    rng = random.Random(rng_seed)
    corpus = seeds.load(seed_dir)
    chosen = rng.sample(corpus, min(count, len(corpus)))
    tests = []
    for index, seed_file in enumerate(chosen):
        tests.append({"key": f"s{index}", "script": seed_file.script, "passes": random_sequence(rng),
                      "checks": {"differential": rng.random() < diff_rate},
                      "rng": rng.getrandbits(32)})
    return tests


def bare_test(func: tvm.tirx.PrimFunc, test: dict) -> None:
    """The TVM work of one test, without anything tzer adds."""
    mod = tvm.IRModule({"main": func})
    try:
        for spec in test["passes"]:
            with pass_context(spec):
                mod = instantiate(spec)(mod)
        with tvm.transform.PassContext(opt_level=3):
            executable = tvm.compile(mod, target="llvm")
    except Exception:  # noqa: BLE001 - a failing test costs what it costs on both sides
        return
    if not test["checks"]["differential"]:
        return
    try:
        args = make_arguments(func, np.random.default_rng(test["rng"]))
    except NotRunnable:
        return
    with tvm.transform.PassContext(opt_level=0):
        reference = tvm.compile(tvm.IRModule({"main": func}), target="llvm")
    for _ in range(2):
        call_main(reference, args)
        call_main(executable, args)


def bare_loop(tests: list[dict], funcs: dict[str, tvm.tirx.PrimFunc], rounds: int) -> float:
    start = time.perf_counter()
    for _ in range(rounds):
        for test in tests:
            bare_test(funcs[test["key"]], test)
    return rounds * len(tests) / (time.perf_counter() - start)


def survivors(executor: Executor, tests: list[dict]) -> list[dict]:
    """Run every test once through the executor (the warm-up) and drop those that kill a process.

    The bare loop runs in this process, so a test that crashes TVM would end the benchmark.
    """
    kept = []
    for test in tests:
        request = {"seed_key": test["key"], "mutation": None, "passes": test["passes"],
                   "checks": test["checks"], "rng": test["rng"]}
        if executor.run(request, test["script"]).status not in (Status.CRASH, Status.HANG, Status.OOM):
            kept.append(test)
    return kept


def in_process_survivors(tests: list[dict]) -> list[dict]:
    """Drop the tests that crash a plain in-process run too (some TVM crashes depend on the heap).

    Each test runs in a child process that prints its index first, so the one that kills it is
    known; the child is restarted after it.
    """
    import json
    import subprocess
    import sys
    import tempfile

    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        json.dump(tests, handle)
    crashed: set[int] = set()
    start = 0
    while start < len(tests):
        child = subprocess.run([sys.executable, __file__, "--probe", handle.name, str(start)],
                               capture_output=True, text=True)
        done = [int(line) for line in child.stdout.split() if line.isdigit()]
        if child.returncode == 0:
            break
        last = done[-1] if done else start
        crashed.add(last)
        start = last + 1
    return [test for index, test in enumerate(tests) if index not in crashed]


def probe(path: str, start: int) -> None:
    import json

    tests = json.loads(Path(path).read_text())
    for index in range(start, len(tests)):
        print(index, flush=True)
        test = tests[index]
        bare_test(as_main(from_script(test["script"])), test)


def tzer_loop(executor: Executor, tests: list[dict], rounds: int) -> tuple[float, float]:
    """Tests per second through the executor, and the share of time spent in the parent."""
    start = time.perf_counter()
    parent = 0.0
    for _ in range(rounds):
        for test in tests:
            request = {"seed_key": test["key"], "mutation": None, "passes": test["passes"],
                       "checks": test["checks"], "rng": test["rng"]}
            t0 = time.perf_counter()
            result = executor.run(request, test["script"])
            parent += (time.perf_counter() - t0) - result.duration
    elapsed = time.perf_counter() - start
    return rounds * len(tests) / elapsed, parent / elapsed


def harness_profile(tests: list[dict], funcs: dict[str, tvm.tirx.PrimFunc]) -> str:
    """Profile the worker-side code in-process: what the oracles add on top of the TVM calls."""
    harness = Harness(report=lambda _event: None)
    profiler = cProfile.Profile()
    profiler.enable()
    for test in tests:
        harness.run(funcs[test["key"]], test["passes"], dict(**test["checks"]), test["rng"])
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(
        r"tzer|tvm/(compile|driver)|script|verify_well_formed|structural|numpy", 25)
    return out.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tests", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--coverage", default="breakpoint")
    parser.add_argument("--seeds", type=Path)
    parser.add_argument("--diff-rate", type=float, default=0.25)
    parser.add_argument("--rng-seed", type=int, default=1)
    parser.add_argument("--probe", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.probe:
        probe(args.probe[0], int(args.probe[1]))
        return

    tests = make_tests(args.tests, args.seeds, args.diff_rate, args.rng_seed)
    funcs = {test["key"]: as_main(from_script(test["script"])) for test in tests}
    print(f"{len(tests)} tests, {sum(t['checks']['differential'] for t in tests)} differential, "
          f"{args.rounds} timed rounds of each loop, alternating, after one warm-up round")

    backend = memcov.open_backend(args.coverage)
    executor = Executor(backend, timeout=60, log_path=Path("bench_throughput_worker.log"))
    tests = in_process_survivors(survivors(executor, tests))  # also the warm-up
    print(f"{len(tests)} tests left after dropping those that crash or hang a process")
    bare_loop(tests, funcs, 1)
    # Alternate the two loops so that both see the same background load on a shared machine.
    bare_rates, tzer_rates, parent_shares = [], [], []
    for _ in range(args.rounds):
        bare_rates.append(bare_loop(tests, funcs, 1))
        rate, share = tzer_loop(executor, tests, 1)
        tzer_rates.append(rate)
        parent_shares.append(share)
    executor.close()
    backend.close()
    bare_rate = len(bare_rates) / sum(1 / r for r in bare_rates)
    tzer_rate = len(tzer_rates) / sum(1 / r for r in tzer_rates)
    print("round ratios tzer/bare: " + " ".join(f"{t / b:.3f}" for t, b in zip(tzer_rates, bare_rates, strict=True)))
    print(f"bare in-process loop : {bare_rate:7.2f} tests/s")
    print(f"tzer executor ({args.coverage}): {tzer_rate:7.2f} tests/s")
    print(f"ratio tzer/bare      : {tzer_rate / bare_rate:7.3f}")
    print(f"parent-side share of tzer's wall time (IPC, coverage merge, bookkeeping): "
          f"{sum(parent_shares) / len(parent_shares):.1%}")
    print("\nworker-side profile (in-process harness, cumulative):")
    print(harness_profile(tests, funcs))


if __name__ == "__main__":
    main()

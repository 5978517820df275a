"""Benchmark the TIR mutators: validity, compile rate, runtime safety, speed, node types produced.

    PYTHONPATH=. python experiments/bench_mutators.py [--seeds DIR] [--n 2000 | --mutations 10000]
        [--rng-seed 0] [--compile-every 10] [--mutators insert,delete]

Each mutator runs `--n` times. Half the starts are the seed corpus and the empty function (in
turn); the other half continue from one of the last 50 mutants of that mutator, so the numbers
cover grown functions as well as fresh seeds. Every mutant's well-formedness is checked; every
`--compile-every`-th well-formed mutant is compiled with `tvm.compile(f, target="llvm")` and run
once on random inputs, in a worker subprocess so that a crash is counted rather than fatal.
`--mutations N` spreads N mutations over the chosen mutators instead of `--n` each.

The (operator or intrinsic, dtype) table: for every pair TVM accepts (`tirkit.op_universe`,
measured by compiling), how many compiled mutants contain it, and how many of those gained it
from their mutation (it was not in the parent). A pair counts only in a mutant that compiled.
Besides the sampled compiles, a well-formed mutant holding an accepted pair that no compiled
mutant held yet is compiled too ("pair compiles", kept out of the comp% columns so those stay an
unbiased sample): without that, a rare pair would be seen only by the luck of the sampling.
Well-formedness is `tirkit.verify.well_formed`: the s_tir verifier for every function plus the
tirx one for block-free functions, both with assert_mode=True.

The (construct, context) table does the same for the pairs of `tirkit.constructs.census` (a
construct such as AllocBuffer:shared or For:vectorized, inside its innermost context such as a
parallel loop body or a block init) against the universe `tirkit.construct_universe` measured
(well-formed, no undefined behaviour in the reference interpreter, compiles on llvm); a mutant
holding a construct pair no compiled mutant held yet is compiled too.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import select
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

WORKER = r"""
import json, sys
import numpy as np
import tvm
from tirkit.script import from_script
from tzer.runners.host import call_main
from tzer.runtime.inputs import NotRunnable, make_arguments
for line in sys.stdin:
    job = json.loads(line)
    try:
        func = from_script(job["script"])
        executable = tvm.compile(func, target="llvm")
    except Exception as error:
        print(json.dumps({"stage": "compile", "ok": False, "error": str(error).splitlines()[0][:200]}), flush=True)
        continue
    print(json.dumps({"stage": "compile", "ok": True}), flush=True)
    try:
        call_main(executable, make_arguments(func, np.random.default_rng(job["seed"])))
        print(json.dumps({"stage": "run", "ok": True}), flush=True)
    except NotRunnable as error:
        print(json.dumps({"stage": "run", "ok": None, "error": str(error)}), flush=True)
    except Exception as error:
        print(json.dumps({"stage": "run", "ok": False, "error": str(error).splitlines()[0][:200]}), flush=True)
"""
TIMEOUT = 60.0


class Worker:
    """One subprocess that compiles and runs TVMScript functions; restarted after a crash."""

    def __init__(self) -> None:
        self.proc: subprocess.Popen | None = None

    def _start(self) -> subprocess.Popen:
        if self.proc is None or self.proc.poll() is not None:
            env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
            self.proc = subprocess.Popen(
                [sys.executable, "-c", WORKER],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                env=env,
            )
        return self.proc

    def _read(self, proc: subprocess.Popen) -> dict | None:
        ready, _, _ = select.select([proc.stdout], [], [], TIMEOUT)
        if not ready:
            proc.kill()
            proc.wait()
            return {"ok": False, "error": "timeout", "hang": True}
        line = proc.stdout.readline()
        if not line:
            proc.wait()
            return None
        return json.loads(line)

    def test(self, script: str, seed: int) -> tuple[str, str]:
        """("compile_error"|"compile_crash"|"run_crash"|"run_error"|"not_runnable"|"ok"|"hang", detail)."""
        proc = self._start()
        proc.stdin.write(json.dumps({"script": script, "seed": seed}) + "\n")
        proc.stdin.flush()
        compiled = self._read(proc)
        if compiled is None:
            return "compile_crash", f"signal {-proc.returncode}"
        if compiled.get("hang"):
            return "hang", "compile"
        if not compiled["ok"]:
            return "compile_error", compiled["error"]
        ran = self._read(proc)
        if ran is None:
            return "run_crash", f"signal {-proc.returncode}"
        if ran.get("hang"):
            return "hang", "run"
        if ran["ok"] is None:
            return "not_runnable", ran["error"]
        return ("ok", "") if ran["ok"] else ("run_error", ran["error"])

    def close(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.stdin.close()
            self.proc.wait()


def load_seeds(directory: Path) -> dict[str, object]:
    from tirkit.script import from_script

    seeds = {}
    for path in sorted(directory.glob("**/*.py")):
        try:
            seeds[path.stem] = from_script(path.read_text())
        except Exception:  # a seed that does not parse is skipped, not fatal
            continue
    return seeds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=Path, default=Path(__file__).resolve().parents[1] / "seeds" / "corpus")
    parser.add_argument("--n", type=int, default=2000, help="mutations per mutator")
    parser.add_argument("--mutations", type=int, default=0, help="mutations in total (overrides --n)")
    parser.add_argument("--rng-seed", type=int, default=0)
    parser.add_argument("--compile-every", type=int, default=10)
    parser.add_argument("--mutators", default="")
    parser.add_argument("--save-failures", type=Path, default=None, help="write failing mutants here")
    args = parser.parse_args()

    import mutators
    from tirkit import construct_universe
    from tirkit.constructs import CONSTRUCTS, CONTEXTS, census
    from tirkit.nodes import node_types, op_dtype_pairs
    from tirkit.op_universe import load_accepted
    from tirkit.script import to_script

    seeds = load_seeds(args.seeds) if args.seeds.is_dir() else {}
    if not seeds:
        sys.exit(f"bench_mutators: no seed parses in {args.seeds}")
    source = f"{len(seeds)} seeds from {args.seeds}"
    starts = [("empty", mutators.empty_function()), *sorted(seeds.items())]
    chosen = [m for m in mutators.all_mutators() if not args.mutators or m.name in args.mutators.split(",")]
    if args.mutations:
        args.n = -(-args.mutations // len(chosen))
    print(
        f"starts: {source} + the empty function; n={args.n} per mutator; compile+run every "
        f"{args.compile_every}-th well-formed mutant (sampled) in a subprocess"
    )

    accepted = load_accepted()
    pairs = PairTable(accepted, DTYPES, "(operator or intrinsic, dtype)", "op", _op_order, 16)
    constructs = PairTable(
        construct_universe.load_accepted(), CONTEXTS, "(construct, context)", "construct", CONSTRUCTS.index, 46
    )
    extra = Counter()  # the compiles beyond the sample, for a pair no compiled mutant held yet
    worker = Worker()
    rows = []
    produced_all: Counter[str] = Counter()
    totals = Counter()
    all_times: list[float] = []
    for mutator in chosen:
        rng = random.Random(args.rng_seed)
        pool: list[object] = []
        stats = Counter()
        times: list[float] = []
        produced: Counter[str] = Counter()
        errors: Counter[str] = Counter()
        ub_kinds: Counter[str] = Counter()
        for i in range(args.n):
            parent = pool[rng.randrange(len(pool))] if pool and rng.random() < 0.5 else starts[i % len(starts)][1]
            # A splice grafts from another start, as the fuzz loop's donor is another queue entry.
            donor = starts[rng.randrange(len(starts))][1] if mutator.needs_donor else None
            started = time.perf_counter()
            try:
                mutant = mutator.mutate(parent, random.Random(rng.randrange(2**32)), donor)
            except mutators.NoMutation:
                stats["no_mutation"] += 1
                continue
            except Exception as error:  # a mutator bug: counted and shown, not fatal
                stats["exception"] += 1
                errors[f"mutate: {type(error).__name__}: {str(error).splitlines()[0][:100]}"] += 1
                continue
            times.append(time.perf_counter() - started)
            stats["mutants"] += 1
            if not mutators.well_formed(mutant):
                stats["ill_formed"] += 1
                if args.save_failures:
                    _save(args.save_failures, f"{mutator.name}_illformed_{i}", to_script(mutant))
                continue
            stats["well_formed"] += 1
            _judge_ub(mutant, i, stats, ub_kinds)
            pool = (pool + [mutant])[-50:]
            produced.update(+(node_types(mutant) - node_types(parent)))
            present = set(op_dtype_pairs(mutant)) & accepted
            introduced = present - set(op_dtype_pairs(parent))
            found = census(mutant) & constructs.accepted
            gained = found - census(parent)
            sampled = stats["well_formed"] % args.compile_every == 0
            if not sampled and not pairs.would_add(present) and not constructs.would_add(found):
                continue
            try:
                script = to_script(mutant)
            except Exception as error:  # the printer folds constants and refuses some (x / 0.0)
                if sampled:
                    stats["tested"] += 1
                    stats["compile_error"] += 1
                    errors[f"unprintable: {str(error).splitlines()[-1][:120]}"] += 1
                continue
            outcome, detail = worker.test(script, i)
            compiled = outcome in ("ok", "not_runnable", "run_error", "run_crash")
            if compiled:
                pairs.add(present, introduced)
                constructs.add(found, gained)
            if not sampled:
                extra["tested"] += 1
                extra["compiled"] += compiled
                continue
            stats["tested"] += 1
            stats[outcome] += 1
            if outcome != "ok" and outcome != "not_runnable":
                errors[f"{outcome}: {detail[:120]}"] += 1
                if args.save_failures:
                    _save(args.save_failures, f"{mutator.name}_{outcome}_{i}", script)
        for kind, count in ub_kinds.items():
            errors[f"undefined behaviour ({kind}), by the reference interpreter"] += count
        rows.append((mutator.name, stats, times, produced, errors))
        totals.update(stats)
        all_times.extend(times)
        produced_all.update(produced)
    worker.close()

    print()
    header = (
        f"{'mutator':12} {'tries':>6} {'mutants':>7} {'noMut':>6} {'wf%':>7} {'tested':>6} {'comp%':>7} "
        f"{'runOK':>6} {'runErr':>6} {'crash':>5} {'hang':>4} {'interp':>6} {'UB%':>6} {'med ms':>7} {'p95 ms':>7}"
    )
    print(header)
    print("-" * len(header))
    for name, stats, times, _, _ in rows:
        print(_row(name, args.n, stats, times))
    print(_row("ALL", args.n * len(rows), totals, all_times))
    print("\nwf% = well-formed / mutants; comp% = compiled / tested; crash = compile or run crash (signal);\n"
          "interp = well-formed mutants the reference interpreter ran to an outcome on random inputs;\n"
          "UB% = of those, the share with undefined behaviour")
    for name, _, _, produced, errors in rows:
        top = ", ".join(f"{t}:{c}" for t, c in produced.most_common(12))
        print(f"\n[{name}] new nodes: {top}")
        for message, count in errors.most_common(6):
            print(f"    {count:4d} x {message}")
    print("\nnode types produced (all mutators):", ", ".join(f"{t}:{c}" for t, c in produced_all.most_common(40)))
    mutations = sum(stats["mutants"] for _, stats, _, _, _ in rows)
    print(f"\npair compiles (beyond the sample): {extra['tested']} tried, {extra['compiled']} compiled")
    pairs.print(mutations)
    constructs.print(mutations)


DTYPES = "bool int8 int16 int32 int64 uint8 uint16 uint32 uint64 float16 float32 float64".split()


def _op_order(op: str) -> tuple:
    return (op.startswith(("extern:",)), op[0].islower(), op)


class PairTable:
    """Per accepted (row, column) pair, e.g. (operator, dtype) or (construct, context): compiled
    mutants holding it, and those whose mutation introduced it."""

    def __init__(
        self, accepted: frozenset[tuple[str, str]], columns: Sequence[str], what: str, label: str,
        order: Callable[[str], object], width: int,
    ) -> None:
        self.accepted = accepted
        self.columns, self.what, self.label, self.order, self.width = columns, what, label, order, width
        self.compiled: Counter[tuple[str, str]] = Counter()
        self.introduced: Counter[tuple[str, str]] = Counter()

    def would_add(self, present: set[tuple[str, str]]) -> bool:
        return any(p not in self.compiled for p in present)

    def add(self, present: set[tuple[str, str]], introduced: set[tuple[str, str]]) -> None:
        self.compiled.update(present)
        self.introduced.update(introduced)

    def print(self, mutations: int) -> None:
        rows = sorted({row for row, _ in self.accepted}, key=self.order)
        print(f"\n{self.what} pairs over {mutations} mutations: cell = compiled mutants "
              "holding the pair / of them, mutants whose mutation introduced it; '.' = not accepted by TVM, "
              "'MISSING' = accepted but in no compiled mutant")
        print(f"{self.label:{self.width}}" + "".join(f"{d:>11}" for d in self.columns))
        for op in rows:
            cells = []
            for d in self.columns:
                if (op, d) not in self.accepted:
                    cells.append(".")
                elif self.compiled[(op, d)] == 0:
                    cells.append("MISSING")
                else:
                    cells.append(f"{self.compiled[(op, d)]}/{self.introduced[(op, d)]}")
            print(f"{op:{self.width}}" + "".join(f"{c:>11}" for c in cells))
        covered = [p for p in self.accepted if self.compiled[p]]
        by_mutation = [p for p in self.accepted if self.introduced[p]]
        total = len(self.accepted)
        print(f"\n{self.what} pairs accepted by TVM: {total}; in compiled mutants: {len(covered)} "
              f"({100.0 * len(covered) / total:.1f}%); introduced by a mutation: {len(by_mutation)} "
              f"({100.0 * len(by_mutation) / total:.1f}%)")
        missing = sorted(p for p in self.accepted if not self.compiled[p])
        print(f"missing {self.what} pairs ({len(missing)}):", ", ".join(f"{op}:{d}" for op, d in missing) or "none")


def _judge_ub(mutant: object, index: int, stats: Counter, kinds: Counter) -> None:
    """Interpret the mutant on random inputs (the fuzzer's) and count undefined behaviour by kind."""
    import numpy as np

    from tzer.reference import InterpreterOutcome, UndefinedBehaviour, Unsupported, interpret
    from tzer.runtime.inputs import NotRunnable, make_arguments

    try:
        args = make_arguments(mutant, np.random.default_rng(index))
    except NotRunnable:
        return
    try:
        interpret(mutant, args)
    except UndefinedBehaviour as ub:
        stats["ub"] += 1
        kinds[ub.kind.value] += 1
    except Unsupported:
        return
    except InterpreterOutcome:
        pass
    stats["interpreted"] += 1


def _row(name: str, tries: int, stats: Counter, times: list[float]) -> str:
    mutants = stats["mutants"]
    tested = stats["tested"]
    compiled = tested - stats["compile_error"] - stats["compile_crash"] - (stats["hang"])
    wf = 100.0 * stats["well_formed"] / mutants if mutants else 0.0
    comp = 100.0 * compiled / tested if tested else 0.0
    crash = stats["compile_crash"] + stats["run_crash"]
    ub = 100.0 * stats["ub"] / stats["interpreted"] if stats["interpreted"] else 0.0
    med = 1000 * statistics.median(times) if times else 0.0
    p95 = 1000 * sorted(times)[int(0.95 * (len(times) - 1))] if times else 0.0
    return (
        f"{name:12} {tries:6d} {mutants:7d} {stats['no_mutation']:6d} {wf:6.1f}% {tested:6d} {comp:6.1f}% "
        f"{stats['ok']:6d} {stats['run_error']:6d} {crash:5d} {stats['hang']:4d} {stats['interpreted']:6d} "
        f"{ub:5.2f}% {med:7.1f} {p95:7.1f}"
    )


def _save(directory: Path, name: str, script: str) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    (directory / f"{name}.py").write_text(script)


if __name__ == "__main__":
    main()

"""Which of the passes TVM's default pipeline runs before a pass that pass needs, measured on seeds.

    PYTHONPATH=. python experiments/prerequisites.py [--out prerequisites.json] [--only NAME ...]
        [--origins op:exp,op:sum,...] [--no-schedulers] [--primary-only] [--timeout 60]

The rule this measures: for every pass P of the registry, the passes that TVM's default pipeline
(`tvm/s_tir/pipeline.py`, which `tvm.compile` runs for every target) runs before P are its
prerequisites, unless a measured run shows P handles IR without them.

A trial applies a prefix (pipeline passes in pipeline order, default arguments, each in its
`pass_context`) and then P to a test function, with `tirx.BindTarget` inserted before the first
pass the registry marks `needs_target`, as `repair` does. It then checks P's output with
`tirkit.verify.check_well_formed` (where P's input passed it), compiles it with `tvm.compile` at
opt_level=3 for the target and emits its code; on llvm it also runs the build and compares every
buffer with the opt_level=0 build of the untouched function (the fuzzer's differential
reference), within its tolerances. A trial is `ok`, `rejected` (a pass, the pipeline or the target
declined, by `tzer.passes.registry.is_rejection` or the target's refusals) or a `failure` (any
other error, an ill-formed output, a failed build, a wrong result, a crash or a timeout).

For each P: `raw` is P alone, `full` is P after the whole pipeline prefix. If the empty prefix
breaks no test function that the full one did not fail, P needs nothing. Otherwise the prefix is
minimized greedily, from its last pass to its first: a pass Q is dropped when no test function
that was ok or rejected with the current prefix fails without Q (or meets a prefix pass that
declines or fails). Dropping Q drops the passes that need Q with it, since `repair` would bring Q
back for them; a prefix pass found to need Q is learned as such. What survives is P's measured set
of prerequisites (`needed`, with `direct`: those no other survivor needs, what `requires` must
list); each keeps one example of what broke without it. The rule lets P newly decline a function
without Q; `needed_strict` is the set where it may not (as with "Please call pass X before").

Test functions: per operator kind in `--origins`, the smallest shipped seed recipe that exists in
both forms (block and plain), so 24 seeds. llvm runs them as they are. cuda runs them bound to GPU
threads (`TargetInfo.prepare`), plus each block seed scheduled by DLight and by MetaSchedule
(design 0) where that changes it, as the fuzzer's `schedule.*` steps do: the corpus has no shared
memory, vectorized copy, software pipeline or cross-thread reduction, which the GPU passes exist
for. cuda builds are compiled and their CUDA source emitted but not run. Every pass is measured on
both targets, since the fuzzer runs every pass on every target and a prefix pass that needs
something only on cuda would otherwise break later measurements; `--primary-only` measures GPU
passes (`GPU_PASSES`) on cuda only and the others on llvm only.

All TVM work happens in one spawned worker process, restarted when it dies or overruns
`--timeout`; the worker caches the IR after every prefix (by pass names) and the result of every
pass application and every build (by structural hash), so that dropping a pass that did nothing
costs almost nothing. The table goes to stdout, progress to stderr, the details to `--out`.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time
import traceback
from collections import Counter
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

# One core: the worker must not spread TVM's or numpy's thread pools over the other one.
for _variable in ("TVM_NUM_THREADS", "OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")

import numpy as np  # noqa: E402 - after the thread limits, which are read at import
import tvm  # noqa: E402
import tvm_ffi  # noqa: E402

import seeds  # noqa: E402
from tirkit.errors import first_line  # noqa: E402
from tirkit.script import from_script  # noqa: E402
from tirkit.verify import check_well_formed  # noqa: E402
from tzer import targets  # noqa: E402
from tzer.environment import silenced  # noqa: E402
from tzer.execution.harness import as_main  # noqa: E402
from tzer.oracles.differential import first_mismatch  # noqa: E402
from tzer.passes.autoschedule import apply_auto_schedule  # noqa: E402
from tzer.passes.prerequisites import PIPELINE as TVM_PIPELINE  # noqa: E402
from tzer.passes.registry import BIND_TARGET, instantiate, is_rejection, pass_context, registry  # noqa: E402
from tzer.runners.host import call_main  # noqa: E402
from tzer.runtime.inputs import make_arguments  # noqa: E402
from tzer.runtime.testrun import PipelineTracker  # noqa: E402

# The finalize passes, which tvm.tirx.build runs after the pipeline (and MakePackedAPI, excluded
# from the registry): their candidates are the whole pipeline. LowerIntrin runs on host and
# device modules alike, LowerWarpMemory only on device modules.
AFTER_PIPELINE: tuple[str, ...] = ("tirx.LowerIntrin", "tirx.LowerWarpMemory")
# TVM 0.27's s_tir pipeline (tzer.passes.prerequisites.PIPELINE) as registry names, in order, with
# InstrumentBoundCheckers at its place: the pipeline runs it only behind a config flag, but the
# registry offers it, so any later pass may meet its output. Left out: the passes the registry
# excludes (tensor-core fragments) and the finalize passes above. ThreadSync stands for its three
# runs ("shared", "shared.dyn", "warp") with its default argument.
PIPELINE: tuple[str, ...] = tuple(
    name for before in TVM_PIPELINE if before not in AFTER_PIPELINE and before in registry()
    for name in ((before, "s_tir.InstrumentBoundCheckers") if before == "s_tir.RewriteUnsafeSelect" else (before,)))

# Passes that only do something on GPU code (thread bindings, shared or warp memory, cross-thread
# reductions, virtual threads, double buffers of shared memory, kernels to split off): their
# primary target is cuda, the others' llvm.
GPU_PASSES = frozenset({
    "s_tir.LowerCrossThreadReduction", "s_tir.LiftThreadBinding", "s_tir.ManifestSharedMemoryLocalStage",
    "s_tir.LowerAutoCopy", "s_tir.UnifyThreadBinding", "s_tir.InjectPermutedLayout", "s_tir.TransformMmaBufferLayout",
    "s_tir.InjectVirtualThread", "s_tir.InjectDoubleBuffer", "s_tir.ThreadSync", "s_tir.LowerThreadAllreduce",
    "s_tir.MergeSharedMemoryAllocations", "tirx.SplitHostDevice", "tirx.LowerWarpMemory",
})

# Operator kinds of the seed sample: elementwise, padding (conditionals), reductions with and
# without an index result, convolution, matmul, a multi-stage reduction (softmax, layer norm),
# pooling, data-dependent indexing, a scan, and a function from a whole model.
ORIGINS: tuple[str, ...] = ("op:exp", "op:pad", "op:sum", "op:argmax", "op:conv2d_nchw", "op:matmul", "op:softmax",
                            "op:pool2d_max", "op:take", "op:cumsum", "op:layer_norm", "model:mlp")
SCHEDULERS: tuple[str, ...] = ("dlight", "meta_schedule")
OUTCOMES: tuple[str, ...] = ("ok", "rejected", "failure")

Verdict = tuple[str, str, str]
"""(outcome, stage, message): outcome is one of OUTCOMES, stage where it was decided."""
OK: Verdict = ("ok", "", "")


# ---------------------------------------------------------------------------------------------
# Test functions


def choose_seeds(origins: tuple[str, ...]) -> list[dict[str, Any]]:
    """Per origin, both forms of its smallest recipe (by the block form's node count) that has both."""
    index = json.loads((seeds.CORPUS_DIR / "index.json").read_text())["seeds"]
    chosen = []
    for origin in origins:
        recipes: dict[str, dict[str, dict[str, Any]]] = {}
        for row in index:
            if row["origin"] == origin:
                recipes.setdefault(row["name"].rsplit("__", 1)[0], {})[row["form"]] = row
        complete = sorted((rows["block"]["nodes"], recipe) for recipe, rows in recipes.items() if len(rows) == 2)
        if not complete:
            raise SystemExit(f"no seed of origin {origin} exists in both forms")
        rows = recipes[complete[0][1]]
        chosen += [rows["block"], rows["plain"]]
    return chosen


def prepare_cases(rows: list[dict[str, Any]], schedulers: tuple[str, ...]) -> dict[str, Any]:
    """The test functions per target, with their inputs and reference outputs (llvm), plus the
    seeds that could not serve and why. Deterministic: a restarted worker prepares them again
    (TVM's JSON serializer crashes on these functions, so they cannot be handed over)."""
    cases: dict[str, list[dict[str, Any]]] = {"llvm": [], "cuda": []}
    excluded: list[str] = []
    cuda = targets.get("cuda")
    for row in rows:
        func = as_main(from_script((seeds.CORPUS_DIR / row["file"]).read_text()))
        entry = _llvm_case(row["name"], func)
        if isinstance(entry, str):
            excluded.append(f"llvm {row['name']}: {entry}")
        else:
            cases["llvm"].append(entry)
        bound = as_main(cuda.prepare(func))
        variants = [(row["name"], bound)]
        if row["form"] == "block":
            for scheduler in schedulers:
                try:
                    # MetaSchedule warns natively about every rule it lacks for a target, at each restart.
                    with silenced():
                        scheduled = apply_auto_schedule(tvm.IRModule({"main": func}), scheduler, {"seed": 0},
                                                        cuda.target())["main"]
                except Exception as error:  # noqa: BLE001 - a scheduler declining a seed leaves no variant
                    excluded.append(f"cuda {row['name']}+{scheduler}: {first_line(error)}")
                    continue
                if not tvm_ffi.structural_equal(scheduled, bound):
                    variants.append((f"{row['name']}+{scheduler}", as_main(scheduled)))
        for name, variant in variants:
            try:
                build(tvm.IRModule({"main": variant}), cuda, 3)
            except Exception as error:  # noqa: BLE001 - a function the target cannot build proves nothing
                excluded.append(f"cuda {name}: {first_line(error)}")
                continue
            cases["cuda"].append({"name": name, "func": variant, "args": None, "expected": None})
    return {"cases": cases, "excluded": excluded}


def _llvm_case(name: str, func: Any) -> dict[str, Any] | str:
    """An llvm test function with inputs and the opt_level=0 build's outputs; compared only where
    that build runs twice to the same finite result (otherwise it is compiled, not compared)."""
    llvm = targets.get("llvm")
    try:
        reference = build(tvm.IRModule({"main": func}), llvm, 0)
    except Exception as error:  # noqa: BLE001
        return f"the opt_level=0 build fails: {first_line(error)}"
    case = {"name": name, "func": func, "args": None, "expected": None}
    try:
        args = make_arguments(func, np.random.default_rng(0))
        first, second = call_main(reference, args), call_main(reference, args)
    except Exception:  # noqa: BLE001 - NotRunnable or a failing reference run: compiled only
        return case
    finite = all(a.dtype.kind != "f" or np.isfinite(a).all() for a in first)
    if finite and all(np.array_equal(a, b, equal_nan=True) for a, b in zip(first, second, strict=True)):
        case.update(args=args, expected=first)
    return case


def build(mod: tvm.IRModule, info: targets.TargetInfo, opt_level: int,
          tracker: PipelineTracker | None = None) -> Any:
    instruments = [tracker] if tracker is not None else []
    with info.pass_context(opt_level, instruments=instruments):
        return tvm.compile(mod, target=info.target())


# ---------------------------------------------------------------------------------------------
# The worker: every TVM call of a trial happens here


def with_bind_target(names: tuple[str, ...]) -> tuple[str, ...]:
    """`names` with BindTarget before the first pass that needs a target, where `repair` puts it."""
    known = registry()
    for position, name in enumerate(names):
        if known[name].needs_target:
            return (*names[:position], BIND_TARGET, *names[position:])
    return names


class Trials:
    """Runs trials for the cases of a `prepare_cases` payload, caching what repeats."""

    # Past this many cached modules the caches start over: the worker must not grow without end.
    MAX_CACHED = 150_000

    def __init__(self, payload: dict[str, Any]) -> None:
        self.infos = {name: targets.get(name) for name in payload["cases"]}
        self.cases: dict[tuple[str, str], dict[str, Any]] = {}
        for target, cases in payload["cases"].items():
            for case in cases:
                self.cases[(target, case["name"])] = case
        self.tracker = PipelineTracker(lambda _event: None)
        self.clear()

    def clear(self) -> None:
        self.prefixes: dict[tuple[str, str, tuple[str, ...]], tvm.IRModule | Verdict] = {}
        # (target, pass, structural hash of the input) -> [(input, output or error)]: a pass gives
        # structurally equal IR the same result, so a dropped pass that did nothing costs nothing.
        self.applied: dict[tuple[str, str, int], list[tuple[tvm.IRModule, Any]]] = {}
        self.judged: dict[tuple[str, str, bool, int], list[tuple[tvm.IRModule, Verdict]]] = {}
        self.formed: dict[tuple[str, str, tuple[str, ...]], bool] = {}

    def trial(self, target: str, seed: str, prefix: tuple[str, ...], pass_name: str) -> Verdict:
        if len(self.prefixes) + len(self.applied) > self.MAX_CACHED:
            self.clear()
        sequence = with_bind_target((*prefix, pass_name))
        before = self.prefix(target, seed, sequence[:-1])
        if isinstance(before, tuple):
            return before
        after = self.apply(target, sequence[-1], before)
        if isinstance(after, tuple):
            rejected, message = after
            return ("rejected" if rejected else "failure", "pass", message)
        # P answers for the well-formedness of its output only where its input had it: some
        # pipeline passes leave IR the verifier rejects until a later one (LowerCrossThreadReduction
        # until ConvertBlocksToOpaque), which is no fault of the passes run in between.
        return self.judge(target, seed, after, self.well_formed(target, seed, sequence[:-1], before))

    def well_formed(self, target: str, seed: str, names: tuple[str, ...], mod: tvm.IRModule) -> bool:
        key = (target, seed, names)
        if key not in self.formed:
            self.formed[key] = well_formed_module(mod) is None
        return self.formed[key]

    def prefix(self, target: str, seed: str, names: tuple[str, ...]) -> tvm.IRModule | Verdict:
        """The IR after `names`, or the verdict of the first prefix pass that raised."""
        key = (target, seed, names)
        if key not in self.prefixes:
            if not names:
                result: tvm.IRModule | Verdict = tvm.IRModule({"main": self.cases[(target, seed)]["func"]})
            else:
                result = self.prefix(target, seed, names[:-1])
                if not isinstance(result, tuple):
                    after = self.apply(target, names[-1], result)
                    result = ((("rejected" if after[0] else "failure"), f"prefix {names[-1]}", after[1])
                              if isinstance(after, tuple) else after)
            self.prefixes[key] = result
        return self.prefixes[key]

    def apply(self, target: str, name: str, mod: tvm.IRModule) -> tvm.IRModule | tuple[bool, str]:
        """`name` applied to `mod`, or (declined, message) when it raised."""
        bucket = self.applied.setdefault((target, name, tvm_ffi.structural_hash(mod)), [])
        for seen, result in bucket:
            if tvm_ffi.structural_equal(seen, mod):
                return result
        spec = {"name": name}
        try:
            with pass_context(spec):
                result: Any = instantiate(spec, self.infos[target].target())(mod)
        except Exception as error:  # noqa: BLE001 - the pass's verdict on this input
            text = f"{type(error).__name__}: {error}\n{traceback.format_exc()}"
            result = (is_rejection(name, text), first_line(error))
        bucket.append((mod, result))
        return result

    def judge(self, target: str, seed: str, mod: tvm.IRModule, verify: bool) -> Verdict:
        bucket = self.judged.setdefault((target, seed, verify, tvm_ffi.structural_hash(mod)), [])
        for seen, verdict in bucket:
            if tvm_ffi.structural_equal(seen, mod):
                return verdict
        verdict = self._judge(target, seed, mod, verify)
        bucket.append((mod, verdict))
        return verdict

    def _judge(self, target: str, seed: str, mod: tvm.IRModule, verify: bool) -> Verdict:
        info, case = self.infos[target], self.cases[(target, seed)]
        problem = well_formed_module(mod) if verify else None
        if problem is not None:
            return ("failure", "well-formedness", problem)
        funcs = [func for _, func in mod.functions_items() if isinstance(func, tvm.tirx.PrimFunc)]
        refusal = info.refusal(funcs)
        if refusal is not None:
            return ("rejected", "target limit", refusal)
        self.tracker.reset()
        executable = None
        try:
            executable = build(mod, info, 3, self.tracker)
            targets.generate_code(executable, info)
        except Exception as error:  # noqa: BLE001
            # The pipeline pass that raised, or the code generator once the build exists.
            culprit = self.tracker.culprit(target) if executable is None else f"codegen [{target}]"
            text = f"{type(error).__name__}: {error}\n{traceback.format_exc()}"
            declined = is_rejection(culprit, text) or info.refuses(text)
            return ("rejected" if declined else "failure", f"build {culprit}", first_line(error))
        if case["expected"] is None:
            return OK
        try:
            outputs = call_main(executable, case["args"])
        except Exception as error:  # noqa: BLE001 - what the build raised as it ran
            return ("failure", "run", first_line(error))
        mismatch = first_mismatch(case["expected"], outputs, nan_is_value=True)
        return OK if mismatch is None else ("failure", "result", mismatch)


def well_formed_module(mod: tvm.IRModule) -> str | None:
    """The verifier's complaint about a function of `mod`, or None when all are well-formed."""
    for _, func in mod.functions_items():
        if isinstance(func, tvm.tirx.PrimFunc):
            try:
                check_well_formed(func)
            except Exception as error:  # noqa: BLE001
                return first_line(error)
    return None


def serve(conn: Connection) -> None:
    """The worker's loop: ("setup", rows, schedulers) -> the names of the test functions per target
    and the excluded seeds; ("trial", target, seed, prefix, pass) -> Verdict."""
    trials: Trials | None = None
    while True:
        try:
            request = conn.recv()
        except EOFError:
            return
        if request[0] == "setup":
            payload = prepare_cases(request[1], request[2])
            trials = Trials(payload)
            conn.send({"cases": {target: [case["name"] for case in cases]
                                 for target, cases in payload["cases"].items()},
                       "compared": [case["name"] for case in payload["cases"]["llvm"] if case["expected"] is not None],
                       "excluded": payload["excluded"]})
        else:
            assert trials is not None
            conn.send(trials.trial(*request[1:]))


# ---------------------------------------------------------------------------------------------
# The parent: isolation and the minimization


class Worker:
    """A spawned `serve` process, restarted (and set up again) after it dies or overruns a trial."""

    def __init__(self, timeout: float, rows: list[dict[str, Any]], schedulers: tuple[str, ...]) -> None:
        self.timeout = timeout
        self.setup = ("setup", rows, schedulers)
        self.context = multiprocessing.get_context("spawn")
        self.restarts = 0
        self.names = self._start()

    def _start(self) -> dict[str, Any]:
        self.conn, child = self.context.Pipe()
        self.process = self.context.Process(target=serve, args=(child,), daemon=True)
        self.process.start()
        child.close()
        self.conn.send(self.setup)
        return self.conn.recv()

    def _restart(self) -> None:
        self.restarts += 1
        if self.process.is_alive():
            self.process.kill()
        self.process.join()
        self.conn.close()
        self._start()

    def trial(self, target: str, seed: str, prefix: tuple[str, ...], pass_name: str) -> Verdict:
        self.conn.send(("trial", target, seed, prefix, pass_name))
        if not self.conn.poll(self.timeout):
            self._restart()
            return ("failure", "timeout", f"no verdict within {self.timeout:.0f} s")
        try:
            return self.conn.recv()
        except EOFError:
            self.process.join()
            code = self.process.exitcode
            self._restart()
            return ("failure", "crash", f"the worker died (exit code {code})")


def counts(verdicts: dict[str, Verdict]) -> dict[str, int]:
    tally = Counter(v[0] for v in verdicts.values())
    return {outcome: tally.get(outcome, 0) for outcome in OUTCOMES}


def example(case: str, verdict: Verdict) -> str:
    return f"{case}: [{verdict[1]}] {verdict[2]}"


def prefix_pass(verdict: Verdict) -> str | None:
    """The prefix pass that declined or failed, if that is what the verdict is about."""
    return verdict[1].removeprefix("prefix ") if verdict[1].startswith("prefix ") else None


def breaks(before: Verdict, after: Verdict, strict: bool) -> bool:
    """Whether a case that `before` did not fail is broken by the smaller prefix (`after`).

    A prefix pass that now declines or fails counts too (where `minimize` cannot take it out):
    P's run then says nothing about the case, so the dropped pass is kept rather than dropped on
    no evidence. `strict` also counts an ok case that P (or the build) now declines, as with
    "Please call pass ... before"."""
    if before[0] == "failure":
        return False
    if after[0] == "failure":
        return True
    if prefix_pass(after) is not None and prefix_pass(before) is None:
        return True
    return strict and before[0] == "ok" and after[0] == "rejected"


def closure(names: set[str], needs: dict[str, set[str]]) -> set[str]:
    """`names` with everything they need, transitively."""
    result: set[str] = set()
    todo = list(names)
    while todo:
        name = todo.pop()
        if name not in result:
            result.add(name)
            todo.extend(needs.get(name, ()))
    return result


def direct(needed: list[str], needs: dict[str, set[str]]) -> list[str]:
    """The passes of `needed` that no other one of them needs: what `requires` must list, since
    `repair` adds the prerequisites' own prerequisites."""
    implied = set().union(*(closure(needs.get(name, set()), needs) for name in needed)) if needed else set()
    return [name for name in needed if name not in implied]


def minimize(run: Any, cases: list[str], candidates: list[str], full: dict[str, Verdict], raw: dict[str, Verdict],
             needs: dict[str, set[str]], learned: list[dict[str, str]], strict: bool) -> dict[str, Any]:
    """Greedy minimization of the full prefix, from its last pass to its first.

    The empty prefix is tried first (the `raw` runs): where it breaks no case, P needs nothing,
    which a greedy walk can miss when the pipeline's re-run in tvm.compile digests a full or an
    empty prefix but not some part of it. Dropping Q also drops every remaining pass that needs Q
    (by `needs`): `repair` would insert Q for them, so a prefix with them and without Q is one the
    fuzzer never runs. Where a remaining prefix pass R still declines or fails without Q, R needs
    Q too: that is recorded in `needs` and `learned`, and the drop is tried again without R."""
    if not any(breaks(full[case], raw[case], strict) for case in cases):
        return {"needed": [], "examples": {}, "evidence": {"(all)": counts(raw)}, "minimal": counts(raw)}
    current, verdicts = list(candidates), dict(full)
    # The case that last broke something goes first: a needed pass mostly breaks the same few.
    order = list(cases)
    examples: dict[str, str] = {}
    evidence: dict[str, dict[str, Any]] = {}
    for dropped in reversed(candidates):
        if dropped not in current:
            continue
        while True:
            removed = {name for name in current
                       if name == dropped or dropped in closure(needs.get(name, set()), needs)}
            trial = [name for name in current if name not in removed]
            new: dict[str, Verdict] = {}
            broken = None
            for case in order:
                if verdicts[case][0] == "failure":
                    continue
                new[case] = run(trial, case)
                if breaks(verdicts[case], new[case], strict):
                    broken = case
                    break
            culprit = prefix_pass(new[broken]) if broken is not None else None
            if culprit is None or culprit not in PIPELINE or culprit in removed:
                break
            needs.setdefault(culprit, set()).add(dropped)
            learned.append({"pass": culprit, "needs": dropped, "example": example(broken, new[broken])})
        if broken is not None:
            examples[dropped] = example(broken, new[broken])
            order.remove(broken)
            order.insert(0, broken)
            continue
        # The cases that failed with the current prefix too, so that the counts stay complete.
        for case in cases:
            if case not in new:
                new[case] = run(trial, case)
        evidence[dropped] = counts(new)
        evidence[dropped]["newly_rejected"] = sum(1 for case in cases
                                                  if verdicts[case][0] == "ok" and new[case][0] == "rejected")
        if len(removed) > 1:
            evidence[dropped]["dropped_with"] = sorted(removed - {dropped})
        current, verdicts = trial, new
    return {"needed": current, "examples": {name: examples[name] for name in current if name in examples},
            "evidence": evidence, "minimal": counts(verdicts)}


def measure(worker: Worker, pass_name: str, position: int, cases: list[str], needs: dict[str, set[str]],
            learned: list[dict[str, str]]) -> dict[str, Any]:
    """The raw and full outcomes of `pass_name` on `cases` ("target:seed") and its minimized
    prerequisites, by the rule (lenient: P may newly decline a case) and strictly (it may not)."""
    candidates = list(PIPELINE[:position])

    def run(prefix: list[str], case: str) -> Verdict:
        target, _, seed = case.partition(":")
        return worker.trial(target, seed, tuple(prefix), pass_name)

    raw = {case: run([], case) for case in cases}
    full = {case: run(candidates, case) for case in cases}
    lenient = minimize(run, cases, candidates, full, raw, needs, learned, strict=False)
    strict = minimize(run, cases, candidates, full, raw, needs, learned, strict=True)
    targets_ = sorted({case.partition(":")[0] for case in cases})
    return {
        "position": position,
        "target": "cuda" if pass_name in GPU_PASSES else "llvm",
        "measured_on": targets_,
        "candidates": candidates,
        "needed": lenient["needed"],
        "not_needed": [name for name in candidates if name not in lenient["needed"]],
        "direct": direct(lenient["needed"], needs),
        "examples": lenient["examples"],
        "evidence": lenient["evidence"],
        "raw": counts(raw),
        "full": counts(full),
        "minimal": lenient["minimal"],
        "by_target": {target: {"raw": counts({c: v for c, v in raw.items() if c.startswith(target + ":")}),
                               "full": counts({c: v for c, v in full.items() if c.startswith(target + ":")})}
                      for target in targets_},
        "needed_strict": strict["needed"],
        "direct_strict": direct(strict["needed"], needs),
        "examples_strict": strict["examples"],
        "minimal_strict": strict["minimal"],
        "registry_requires": list(registry()[pass_name].requires),
        "full_failures": {case: example(case, v) for case, v in full.items() if v[0] == "failure"},
        "raw_failures": {case: example(case, v) for case, v in raw.items() if v[0] == "failure"},
    }


def passes_to_measure(only: list[str] | None) -> list[tuple[str, int]]:
    chosen = [(name, position) for position, name in enumerate(PIPELINE)]
    chosen += [(name, len(PIPELINE)) for name in AFTER_PIPELINE]
    if only:
        unknown = set(only) - {name for name, _ in chosen}
        if unknown:
            raise SystemExit(f"not a measured pass: {', '.join(sorted(unknown))}")
        chosen = [(name, position) for name, position in chosen if name in only]
    return chosen


def short(counts_: dict[str, int]) -> str:
    return f"{counts_['ok']}/{counts_['rejected']}/{counts_['failure']}"


def listed(names: list[str], closed: list[str]) -> str:
    """The direct prerequisites, and how many passes they bring with their own."""
    if not closed:
        return "(nothing)"
    extra = len(closed) - len(names)
    return ", ".join(names) + (f" (+{extra} of theirs)" if extra else "")


def per_target(result: dict[str, Any], key: str) -> str:
    return " ; ".join(f"{target} {short(result['by_target'][target][key])}" for target in result["measured_on"])


def table(results: dict[str, dict[str, Any]]) -> str:
    lines = ["| # | pass | target | raw ok/rej/fail | full ok/rej/fail | needed (by the rule) | "
             "needed if P may not newly decline | registry requires |",
             "|---:|---|---|---|---|---|---|---|"]
    for name, r in results.items():
        requires = ", ".join(r["registry_requires"]) or "-"
        lines.append(f"| {r['position']} | {name} | {r['target']} | {per_target(r, 'raw')} | {per_target(r, 'full')} | "
                     f"{listed(r['direct'], r['needed'])} | {listed(r['direct_strict'], r['needed_strict'])} | "
                     f"{requires} |")
    return "\n".join(lines)


def notes(results: dict[str, dict[str, Any]], learned: list[dict[str, str]]) -> list[str]:
    """What a reader should not miss: failures despite the full prefix, targets where every build
    with the full prefix is declined, crashes, and what prefix passes were found to need."""
    found = []
    for name, result in results.items():
        for failure in result["full_failures"].values():
            found.append(f"{name} fails even after its full prefix: {failure}")
        for target, tallies in result["by_target"].items():
            if tallies["full"]["ok"] == 0 and tallies["full"]["rejected"]:
                found.append(f"{name} on {target}: every case declined with the full prefix")
        crashes = [f for f in result["raw_failures"].values() if "[crash]" in f or "[timeout]" in f]
        if crashes:
            found.append(f"{name} applied raw kills the process on {len(crashes)} cases, e.g. {crashes[0]}")
    for edge in learned:
        found.append(f"learned: {edge['pass']} needs {edge['needs']} ({edge['example']})")
    free = [name for name, result in results.items() if not result["needed_strict"]]
    found.append(f"{len(free)} of {len(results)} passes need nothing, even strictly: {', '.join(free)}")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=None, help="write the results as JSON here")
    parser.add_argument("--only", nargs="+", default=None, help="measure only these passes")
    parser.add_argument("--origins", default=",".join(ORIGINS), help="operator kinds of the seed sample")
    parser.add_argument("--no-schedulers", action="store_true",
                        help="cuda: no DLight or MetaSchedule variants of the block seeds")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds one trial may take")
    parser.add_argument("--primary-only", action="store_true",
                        help="measure GPU passes on cuda only and the others on llvm only (default: both)")
    args = parser.parse_args()

    started = time.perf_counter()
    rows = choose_seeds(tuple(o for o in args.origins.split(",") if o))
    worker = Worker(args.timeout, rows, () if args.no_schedulers else SCHEDULERS)
    payload = worker.names
    cases = payload["cases"]
    all_cases = [f"{target}:{seed}" for target in ("llvm", "cuda") for seed in cases[target]]
    print(f"seeds: {len(rows)}; test functions: llvm {len(cases['llvm'])} ({len(payload['compared'])} run and "
          f"compared), cuda {len(cases['cuda'])}; set up in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    for line in payload["excluded"]:
        print(f"  excluded: {line}", file=sys.stderr)

    # What each pass needs, for keeping prefixes closed: the registry's `requires` until the pass
    # is measured (passes are measured in pipeline order), then its strict measurement, plus what
    # minimizations learn about prefix passes.
    known = registry()
    needs = {name: set(known[name].requires) for name in (*PIPELINE, *AFTER_PIPELINE)}
    learned: list[dict[str, str]] = []
    results: dict[str, dict[str, Any]] = {}
    for name, position in passes_to_measure(args.only):
        primary = "cuda" if name in GPU_PASSES else "llvm"
        chosen = [case for case in all_cases if not args.primary_only or case.startswith(primary + ":")]
        begun = time.perf_counter()
        result = measure(worker, name, position, chosen, needs, learned)
        needs[name] = set(result["needed_strict"]) | {e["needs"] for e in learned if e["pass"] == name}
        result["seconds"] = round(time.perf_counter() - begun, 1)
        results[name] = result
        print(f"[{time.perf_counter() - started:6.0f} s] {name} ({'+'.join(result['measured_on'])}, {position} "
              f"candidates, {result['seconds']} s): raw {short(result['raw'])}, full {short(result['full'])}, "
              f"needs {listed(result['direct'], result['needed'])}; strictly "
              f"{listed(result['direct_strict'], result['needed_strict'])}", file=sys.stderr)

    elapsed = time.perf_counter() - started
    print(table(results))
    print()
    for line in notes(results, learned):
        print(f"- {line}")
    print(f"\nworker restarts (crashes, timeouts): {worker.restarts}; elapsed {elapsed:.0f} s")
    if args.out is not None:
        document = {
            "tvm_version": tvm.__version__,
            "pipeline": list(PIPELINE),
            "after_pipeline": list(AFTER_PIPELINE),
            "seeds": [row["name"] for row in rows],
            "test_functions": cases,
            "llvm_compared": payload["compared"],
            "excluded": payload["excluded"],
            "passes": results,
            "learned_needs": learned,
            "worker_restarts": worker.restarts,
            "elapsed_s": round(elapsed, 1),
        }
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(document, indent=1) + "\n")


if __name__ == "__main__":
    main()

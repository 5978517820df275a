"""A crash of the compiled code names its guilty pass, found by bisecting the pass sequence in a
clean worker. Real TVM, real SIGFPE: a test-only pass, planted into the workers by a
sitecustomize module, drops every `if` guard, so the guarded division by zero runs."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tzer.campaign.testcase import TestCase
from tzer.engine.confirmer import Confirmer
from tzer.execution.confirm import (
    PIPELINE,
    bisect_run_crash,
    clean_worker,
    crash_producer,
    crashed_at_run,
    observe,
    replay_request,
)
from tzer.signature import finding_signature
from tzer.triage.bugs import collect_findings, group
from tzer.triage.finding import load_finding

PLANTED_PASS = "tirx.PlantedDropGuards"
CRASHING_PASS = "tirx.PlantedCrashUnguarded"

SITECUSTOMIZE = '''
import tvm
from tvm import tirx


def drop(stmt):
    """Every IfThenElse becomes its then-branch (loops and sequences are all the test needs)."""
    if isinstance(stmt, tirx.IfThenElse):
        return drop(stmt.then_case)
    if isinstance(stmt, tirx.For):
        return tirx.For(stmt.loop_var, stmt.min, stmt.extent, stmt.kind, drop(stmt.body),
                        stmt.thread_binding, stmt.annotations)
    if isinstance(stmt, tirx.SeqStmt):
        return tirx.SeqStmt([drop(s) for s in stmt.seq])
    return stmt


def PlantedDropGuards():
    """A test-only miscompile: drops the guards of the function."""
    @tirx.transform.prim_func_pass(opt_level=0)
    def planted(func, mod, ctx):
        return func.with_body(drop(func.body))
    return planted


tirx.transform.PlantedDropGuards = PlantedDropGuards


def PlantedCrashUnguarded():
    """A test-only pass that dies of SIGSEGV on a function with no `if` left."""
    import os
    import signal

    @tirx.transform.prim_func_pass(opt_level=0)
    def planted(func, mod, ctx):
        if "if " not in func.script():
            os.kill(os.getpid(), signal.SIGSEGV)
        return func
    return planted


tirx.transform.PlantedCrashUnguarded = PlantedCrashUnguarded
'''

# Scalars are drawn from [1, 8), so n // 8 is always 0: the guard is never true.
GUARDED = '''# from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32"), n: T.int32):
    for i in range(4):
        if n // 8 != 0:
            B[i] = A[i] * 100 // (n // 8)
        else:
            B[i] = A[i] + 1
'''
UNGUARDED = GUARDED.replace("if n // 8 != 0:", "if True:")

PASSES = [{"name": "tirx.StmtSimplify"}, {"name": "tirx.RemoveNoOp"}, {"name": "tirx.ConvertSSA"},
          {"name": PLANTED_PASS}, {"name": "tirx.RemoveNoOp"}, {"name": "tirx.StmtSimplify"}]
CHECKS = {"differential": True}


@pytest.fixture
def planted_pass(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Workers (which inherit the environment) import the planted pass at start-up."""
    plant = tmp_path / "plant"
    plant.mkdir()
    (plant / "sitecustomize.py").write_text(SITECUSTOMIZE)
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(plant), os.environ.get("PYTHONPATH", "")]))


def _run(executor, script: str, passes: list) -> object:
    return executor.run(replay_request("case", passes, CHECKS, 0), script)


def test_bisection_names_the_pass_after_which_compiled_code_crashes(planted_pass):
    with clean_worker(20.0) as executor:
        assert not crashed_at_run(_run(executor, GUARDED, PASSES[:3]), None)
        full = _run(executor, GUARDED, PASSES)
        assert crashed_at_run(full, "SIGFPE"), full.outcome.message
        assert bisect_run_crash(executor, GUARDED, PASSES, CHECKS, 0, "SIGFPE") == PLANTED_PASS
        # The same crash with the planted pass first: bisection follows it.
        moved = [PASSES[3], *PASSES[:3], *PASSES[4:]]
        assert bisect_run_crash(executor, GUARDED, moved, CHECKS, 0, "SIGFPE") == PLANTED_PASS
        # Crashing with no pass at all (here: undefined behaviour) blames the default pipeline.
        assert bisect_run_crash(executor, UNGUARDED, PASSES, CHECKS, 0, "SIGFPE") == PIPELINE


# StmtSimplify folds the always-true guard away; the crashing pass dies on what is left.
ALWAYS_GUARDED = '''# from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((4,), "int32"), n: T.int32):
    for i in range(4):
        if n * 0 == 0:
            A[i] = i
'''


def test_a_crash_inside_a_pass_names_the_pass_that_made_the_ir_it_crashes_on(planted_pass):
    passes = [{"name": "tirx.RemoveNoOp"}, {"name": "tirx.StmtSimplify"}, {"name": "tirx.ConvertSSA"},
              {"name": CRASHING_PASS}]
    with clean_worker(20.0) as executor:
        seen = observe(_run(executor, ALWAYS_GUARDED, passes))
        assert seen.kind == "crash" and seen.result.where == ("pass", CRASHING_PASS), seen.describe()
        # Alone, and after RemoveNoOp alone, the pass meets the guard and does not crash.
        assert crash_producer(executor, ALWAYS_GUARDED, passes, 3, CHECKS, 0, seen.signature) == (2, True)


def _finding(path: Path, signal: str, guilty: str | None = None) -> Path:
    sig = finding_signature("crash", "run", None, f"worker died: {signal}")
    meta = {"id": int(path.name[3:]), "kind": "crash", "stage": "run", "pass": None,
            "message": f"worker died: {signal}", "signal": signal, "confirmed": "pending", "signature": sig,
            "time": 1.0, "checks": CHECKS, "rng": 0}
    if guilty:
        meta["guilty_pass"] = guilty
    TestCase(GUARDED, PASSES, meta).dump(path)
    return path


def test_confirmation_writes_the_guilty_pass_of_a_crash_at_run(planted_pass, tmp_path):
    path = _finding(tmp_path / "crashes" / "id_000001", "SIGFPE")
    confirmer = Confirmer(timeout=5.0, log_path=tmp_path / "clean.log", rss_limit_mb=4096)
    try:
        confirmer.add(path)
        confirmer.drain(seconds=120.0)
    finally:
        confirmer.close()
    meta = json.loads((path / "meta.json").read_text())
    assert meta["confirmed"] == "confirmed" and meta["guilty_pass"] == PLANTED_PASS
    finding = load_finding(path)
    assert finding.signature == f"crash|run|{PLANTED_PASS}|worker died: SIGFPE"
    # Matching a re-run uses what one run shows: no pass.
    assert finding.run_signature == "crash|run||worker died: SIGFPE" == meta["signature"]


def test_crashes_at_run_after_different_passes_are_different_bugs(tmp_path):
    out = tmp_path / "out"
    _finding(out / "crashes" / "id_000001", "SIGFPE", "tirx.VectorizeLoop(enable_vectorize=True)")
    _finding(out / "crashes" / "id_000002", "SIGFPE", "tirx.VectorizeLoop")
    _finding(out / "crashes" / "id_000003", "SIGFPE", "tirx.UnrollLoop")
    bugs = group(collect_findings(out)[0])
    assert sorted(len(bug.findings) for bug in bugs) == [1, 2]
    assert {bug.signature.split("|")[2] for bug in bugs} == {"tirx.VectorizeLoop", "tirx.UnrollLoop"}

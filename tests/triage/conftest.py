"""Planted findings for the triage tests: real TVM, real failures, no fuzzing campaign needed."""

from __future__ import annotations

import functools
import json
import time
from pathlib import Path

import pytest

from tzer.signature import signature
from tzer.triage.memory import MEMORY_VARIABLE

# s_tir.CompactBufferAllocation on a Ramp store into a local buffer makes the llvm build fail in
# StorageRewrite with "index_lanes == value_dtype.lanes()"; without the pass it compiles.
PLANTED_FUNC = '''# from tvm.script import tirx as T

@T.prim_func
def main(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32"), C: T.Buffer((16,), "int32"),
         n: T.int32):
    L = T.alloc_buffer((8,), "float32", scope="local")
    L[T.Ramp(0, 1, 4)] = A[T.Ramp(0, 1, 4)]
    for i in range(16):
        C[i] = i * 3 + n
    for i in range(16):
        if i < 12:
            B[i] = L[i % 4] + T.float32(1) * A[i]
        else:
            B[i] = T.float32(0)
'''
PLANTED_MESSAGE = "Check failed: index_lanes == value_dtype.lanes() (1 vs. 4) :"
PLANTED_PASSES = [
    {"name": "tirx.StmtSimplify"},
    {"name": "s_tir.CompactBufferAllocation", "args": {"is_strict": False}},
    {"name": "tirx.RemoveNoOp"},
    {"name": "tirx.UnrollLoop", "config": {"auto_max_step": 4}},
]


@functools.cache
def planted_outcome() -> tuple[str | None, str | None, str | None]:
    """Stage, pass and message of the planted failure as the installed harness reports them."""
    from tirkit.script import from_script
    from tzer.execution.harness import Harness

    outcome = Harness(report=lambda event: None).run(from_script(PLANTED_FUNC), PLANTED_PASSES, {}, 0)
    assert outcome.status == "exception" and "index_lanes" in (outcome.message or ""), outcome
    return outcome.stage, outcome.pass_name, outcome.message


def write_finding(folder: Path, *, kind: str = "exception", stage: str | None = "compile",
                  pass_label: str | None = None, message: str = PLANTED_MESSAGE, script: str = PLANTED_FUNC,
                  passes: list | None = None, log: str = "", when: float | None = None,
                  planted: bool = False) -> Path:
    """A finding folder; `planted=True` takes stage, pass and message from a real run of the planted case."""
    if planted:
        stage, pass_label, message = planted_outcome()
    folder.mkdir(parents=True)
    sig = signature(kind, stage, pass_label, message)
    meta = {"id": int(folder.name[3:]) if folder.name.startswith("id_") else 0, "kind": kind, "stage": stage,
            "pass": pass_label, "message": message, "error": message, "signal": None,
            "confirmed": "confirmed", "signature": sig, "time": when or time.time(), "checks": {}, "rng": 0}
    (folder / "func.py").write_text(script)
    (folder / "passes.json").write_text(json.dumps(PLANTED_PASSES if passes is None else passes))
    (folder / "meta.json").write_text(json.dumps(meta))
    if log:
        (folder / "log.txt").write_text(log)
    return folder


@pytest.fixture
def planted_finding(tmp_path: Path) -> Path:
    return write_finding(tmp_path / "exceptions" / "id_000001", planted=True)


@pytest.fixture
def planted_campaign(tmp_path: Path) -> Path:
    """Two findings of the planted bug (17 hits in signatures.json) in a campaign layout."""
    out = tmp_path / "out"
    (out / "queue").mkdir(parents=True)
    now = time.time()
    first = write_finding(out / "exceptions" / "id_000001", when=now - 50, planted=True)
    write_finding(out / "exceptions" / "id_000002", passes=PLANTED_PASSES[1:2], when=now - 40, planted=True)
    sig = json.loads((first / "meta.json").read_text())["signature"]
    (out / "signatures.json").write_text(json.dumps({sig: {
        "kind": "exception", "hits": 17, "first_seen": now - 50, "last_seen": now - 1,
        "examples": ["exceptions/id_000001", "exceptions/id_000002"]}}))
    return out


@pytest.fixture(autouse=True)
def own_bug_memory(tmp_path_factory, monkeypatch):
    """Triage remembers root causes in a file outside the campaign: each test gets its own."""
    monkeypatch.setenv(MEMORY_VARIABLE, str(tmp_path_factory.mktemp("memory") / "bugs.json"))

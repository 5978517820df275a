"""Judging a test: every finding gets exactly one kind, or the test is not a finding at all."""

from __future__ import annotations

from tzer.execution import protocol as P
from tzer.execution.executor import ExecResult

_OUT_OF_MEMORY_MARKERS = ("std::bad_alloc", "MemoryError", "Cannot allocate memory", "out of memory")


def judge(result: ExecResult) -> str | None:
    """The finding kind of `result` (one of protocol.FINDING_KINDS), or None."""
    status = result.status
    if status == P.EXCEPTION:
        text = f"{result.outcome.message or ''}\n{result.outcome.error or ''}"
        if any(marker in text for marker in _OUT_OF_MEMORY_MARKERS):
            return P.OOM
        return P.EXCEPTION
    if status in P.FINDING_KINDS:
        return status
    return None


def compiled(result: ExecResult) -> bool:
    """The test made it through the passes and the llvm build (it counts as a valid test)."""
    return result.status in P.COMPILED

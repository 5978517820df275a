"""Where a worker is, for the parent to read when the worker dies or hangs: which test of a batch,
and which stage and pass of that test.

An analysis request runs many tests in one worker round trip; a crash or a hang ends them all, and
the parent must know which one did it. A TIR test goes through dozens of stages (every pass of
TVM's pipeline is one); a message for each woke the parent 77 times a test. The worker writes both
into a file it shares with the parent (one pwrite each, no message), keeps the time of each phase
itself and sends the phases with its result; the parent reads the file only after the worker is gone.
"""

from __future__ import annotations

import os
import time
from typing import Any

from tzer.vocabulary import Stage

# The environment variable that passes the file's descriptor to the worker, and the key under
# which a dead worker's result carries the index it read (Outcome.details).
PROGRESS_VARIABLE = "TZER_PROGRESS_FD"
_WIDTH = 20
_STAGE_WIDTH = 240  # after the index: "stage<TAB>pass", padded


def clear_progress(fd: int) -> None:
    os.pwrite(fd, b" " * (_WIDTH + _STAGE_WIDTH), 0)


def read_progress(fd: int) -> int | None:
    text = os.pread(fd, _WIDTH, 0).decode(errors="replace").strip()
    return int(text) if text.isdigit() else None


def read_stage(fd: int) -> tuple[Stage, str | None] | None:
    """The stage and pass the worker last entered, where it wrote one."""
    text = os.pread(fd, _STAGE_WIDTH, _WIDTH).decode(errors="replace").rstrip()
    name, _, pass_name = text.partition("\t")
    try:
        return Stage(name), pass_name or None
    except ValueError:
        return None


def phase_of(stage: Stage, pass_name: str | None) -> str:
    """The phase of a test that a stage begins, for the time profile in fuzzer_stats
    (`time_<phase>`): parse, mutate (and print), verify, passes, compile (TVM's pipeline), codegen,
    compile_opt0 (the opt_level=0 build), interpreter (the reference), run, compare."""
    label = pass_name or ""
    if stage == Stage.COMPILE:
        if label.startswith("codegen"):
            return "codegen"
        return "compile_opt0" if "opt_level=0" in label else "compile"
    if stage == Stage.RUN and label == "reference interpreter":
        return "interpreter"
    return "passes" if stage == Stage.PASS else str(stage)


class ProgressSlot:
    """The worker's side: `mark(index)` before each test of a batch."""

    def __init__(self, fd: int | None) -> None:
        self.fd = fd

    @classmethod
    def from_environment(cls) -> ProgressSlot:
        value = os.environ.get(PROGRESS_VARIABLE, "")
        return cls(int(value) if value.isdigit() else None)

    def mark(self, index: int) -> None:
        if self.fd is not None:
            os.pwrite(self.fd, str(index).ljust(_WIDTH).encode(), 0)


class StageClock:
    """The worker's side of the stages: `enter` notes the stage (in the slot, for a death) and
    charges the time since the last one to its phase; `finish` gives what the result carries."""

    def __init__(self, slot: ProgressSlot) -> None:
        self.slot = slot
        self.start()

    def start(self) -> None:
        self.stage: Stage | None = None
        self.pass_name: str | None = None
        self.phases: dict[str, float] = {}
        self.phase, self.since = "", time.monotonic()

    def enter(self, stage: Stage, pass_name: str | None) -> None:
        now = time.monotonic()
        if self.phase:
            self.phases[self.phase] = self.phases.get(self.phase, 0.0) + now - self.since
        self.stage, self.pass_name = stage, pass_name
        self.phase, self.since = phase_of(stage, pass_name), now
        if self.slot.fd is not None:
            text = f"{stage.value}\t{pass_name or ''}".encode()[:_STAGE_WIDTH]
            os.pwrite(self.slot.fd, text.ljust(_STAGE_WIDTH), _WIDTH)

    def finish(self) -> dict[str, Any]:
        """The last stage and pass, and the seconds of each phase, for the "done" message."""
        if self.phase:
            self.phases[self.phase] = self.phases.get(self.phase, 0.0) + time.monotonic() - self.since
            self.phase = ""
        return {"stage": self.stage.value if self.stage else None, "pass": self.pass_name, "phases": self.phases}

"""What an oracle is: a named check that runs inside the worker and reports one finding kind.

An oracle declares how often it runs (a sampling rate with its own `tzer fuzz` flag, or every
test), hooks into the steps of a test in the worker, and writes its part of `repro.py`. The
harness calls the hooks of the oracles a request enables; the first outcome returned ends the test.
"""

from __future__ import annotations

import traceback
from dataclasses import dataclass, field
from typing import Any, ClassVar

import tvm

from tirkit.errors import first_line
from tirkit.nodes import calls_op
from tzer.oracles.raise_site import site_details
from tzer.passes.registry import is_rejection
from tzer.runtime.testrun import TestRun
from tzer.vocabulary import FindingKind, Outcome, Stage, Status

MAX_ERROR_CHARS = 4000
# Hands a buffer's memory to code the function does not contain.
OPAQUE_POINTER = "tirx.tvm_access_ptr"


def failure(status: Status, stage: Stage, error: BaseException, pass_name: str | None = None,
            applied: int = 0) -> Outcome:
    """The outcome of an exception; a pass that declines unsupported input is a rejection."""
    text = f"{type(error).__name__}: {error}\n{traceback.format_exc()}"
    if status == Status.EXCEPTION and is_rejection(pass_name, text):
        status = Status.REJECTED
    return Outcome(status=status, stage=stage, pass_name=pass_name, message=first_line(error),
                   error=text[:MAX_ERROR_CHARS], applied_passes=applied, details=site_details(error))


@dataclass
class ReproParts:
    """An oracle's contribution to repro.py: imports, code at the start of main(), a check run
    after every pass, the body that fails while the bug is present, and helper functions."""

    imports: list[str] = field(default_factory=list)
    prologue: str = ""
    after_pass: str = ""
    body: str = ""
    helpers: str = ""
    runs_builds: bool = False  # the body calls `run(executable, args)`, which the target's runner defines


class Oracle:
    """Base class: every hook passes (returns None) unless an oracle overrides it."""

    name: ClassVar[str]
    kind: ClassVar[FindingKind]
    # What report.md says a correct TVM does, where the finding kind's general words do not fit.
    expected: ClassVar[str] = ""
    # `None`: runs on every test. Otherwise the share of tests it runs on, set by --<flag>.
    default_rate: ClassVar[float | None] = None
    flag: ClassVar[str | None] = None
    help: ClassVar[str] = ""
    # Sampled oracles only: run only on tests where one of these oracles runs too.
    rides_with: ClassVar[tuple[str, ...]] = ()
    # Whether the oracle runs the test's builds: then it judges only tests whose target has a runner
    # here (restricted to `runners`, when set).
    runs_builds: ClassVar[bool] = False
    runners: ClassVar[frozenset[str] | None] = None

    def judges(self, test: TestRun) -> bool:
        """Whether the oracle can judge `test`: one that runs builds needs a runner for its target."""
        if not self.runs_builds:
            return True
        if calls_op(test.func.body, OPAQUE_POINTER):
            # What a buffer holds after it is handed out as an opaque pointer is not the function's
            # to say: TVM's tests mark a block's writes with one and never write (c30h's
            # inconsistency-b3352336 read such a buffer, uninitialised, in both builds).
            return False
        runner = test.runner
        return runner is not None and (self.runners is None or runner.name in self.runners)

    def before_passes(self, test: TestRun) -> None:
        """Look at the input before any pass runs."""

    def after_pass(self, test: TestRun, index: int, label: str, mod: tvm.IRModule) -> Outcome | None:
        """Judge the IR that pass `index` (named `label`) produced, when it changed anything."""
        return None

    def after_passes(self, test: TestRun) -> Outcome | None:
        """Judge the pass sequence as a whole, before the build."""
        return None

    def after_build(self, test: TestRun) -> Outcome | None:
        """Judge the optimized build (`test.executable`)."""
        return None

    def excuse(self, test: TestRun, outcome: Outcome) -> Outcome | None:
        """Called on every test that raised or left ill-formed IR, whether the oracle was drawn or
        not: an outcome that replaces the finding when the test itself explains it (it is invalid),
        else None."""
        return None

    def repro(self, meta: dict[str, Any], script: str, passes: list[dict[str, Any]]) -> ReproParts:
        """The lines of repro.py that show this oracle's finding (`meta` is its meta.json)."""
        raise NotImplementedError(f"oracle {self.name} writes no repro.py")

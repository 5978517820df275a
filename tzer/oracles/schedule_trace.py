"""Which primitive of an automatic scheduler's schedule first left the function broken.

DLight's rules and MetaSchedule's design space are schedules: sequences of primitives, kept in
the schedule's trace. A scheduler step whose output is ill-formed, or that fails inside (a
postprocessor, DefaultGPUSchedule refusing the function), may owe it to one primitive that broke
the IR on the way (c43's exception-ae6f1ac2: transform_block_layout keeps a predicate on the loops
it removed). Replaying the trace once, with the origin check before each instruction and after
the last, finds it; the scheduler's own code is at fault only where no primitive is.
MetaSchedule's postprocessors run primitives too, recorded in the same trace (c43's
exception-358f9453: RewriteReductionBlock's decompose_reduction leaves the init block's reads
empty, and RewriteLayout then fails): they run first, and a block reading a buffer its regions
do not name, which the function did not have, breaks it as well.
"""

from __future__ import annotations

from typing import Any

import tvm
import tvm.s_tir

from tirkit.regions import undeclared_reads
from tzer.oracles.origin import broken
from tzer.passes.autoschedule import scheduled_design


def first_broken_step(mod: tvm.IRModule, scheduler: str, args: dict[str, Any],
                      target: tvm.target.Target) -> tuple[str, str] | None:
    """The primitive of `scheduler`'s schedule of `mod` after which the function is first broken,
    and what is broken; None where every step leaves it sound, or the scheduler makes no schedule."""
    try:
        made = scheduled_design(mod, scheduler, args, target)
    except Exception:  # noqa: BLE001 - a rule failing in its own code makes no schedule to replay
        return None
    if made is None:
        return None
    design, postprocs = made
    for postproc in postprocs:
        try:
            if not postproc.apply(design):
                break
        except Exception:  # noqa: BLE001 - the primitives it ran before failing are in the trace
            break
    undeclared_before = set(undeclared_reads(mod["main"]))
    schedule = tvm.s_tir.Schedule(mod)
    applied: list[str] = []
    found: list[tuple[str, str]] = []

    def check_last() -> None:
        if applied and not found:
            problem = broken(schedule.mod) or _new_undeclared_reads(schedule.mod, undeclared_before)
            if problem is not None:
                found.append((applied[-1], problem))

    def check_before(instruction: Any, _inputs: Any, _attrs: Any, decision: Any) -> Any:
        # The trace calls this before each instruction: the schedule holds what the ones before made.
        check_last()
        applied.append(str(instruction.kind.name))
        return decision

    try:
        design.trace.apply_to_schedule(schedule, remove_postproc=False, decision_provider=check_before)
        check_last()
    except Exception:  # noqa: BLE001 - a trace that does not replay tells nothing past where it stopped
        pass
    return found[0] if found else None


def _new_undeclared_reads(mod: tvm.IRModule, before: set[str]) -> str | None:
    blocks = [name for name in undeclared_reads(mod["main"]) if name not in before]
    return f"block {', '.join(blocks)}: it reads from outside what its read regions do not name" if blocks else None

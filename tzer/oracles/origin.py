"""Which pass first left the IR broken, for a failure that shows in a later pass.

A pass that leaves ill-formed IR behind is often not the one that fails: `tvm.compile` runs the
whole pipeline after the test's sequence, and the defect shows wherever a later pass rebuilds the
damaged node, under as many messages as there are such passes. Checking the IR after every pass
(the verifiers, and the parser, which re-runs the node constructors' checks that a pass's in-place
edits skip) finds the pass that broke it. Triage asks for it; it costs a re-parse per pass, too
slow for fuzzing.
"""

from __future__ import annotations

import tvm
from tvm import tirx

from tirkit.errors import first_line
from tirkit.script import from_script, parser_normal_form, to_script
from tirkit.verify import check_well_formed, dangling_dim_align, lane_mismatch, resized_reinterpret
from tzer.passes.labels import pass_name
from tzer.passes.registry import is_accepted_ill_formed

# From these passes on the IR is host code around packed calls, which TVMScript does not model:
# the check has nothing left to say.
HOST_FORM = ("tirx.MakePackedAPI", "tirx.SplitHostDevice")
# Sound IR that the checks refuse, seen on passing tests of a campaign's queue: an AttrStmt that
# names a loop variable outside its loop (LowerOpaqueBlock's pragmas), and what the parser cannot
# read back (names the printer leaves undefined, `metadata`; a 0-d buffer after FlattenBuffer).
NOT_BROKEN = (".node.", "Undefined variable:", "reduce() of empty iterable", "object has no attribute")
# How a problem starts: the verifiers' complaint, or the parser's.
NOT_WELL_FORMED = "not well-formed"
NOT_REPARSED = "does not re-parse"


def broken(mod: tvm.IRModule, label: str = "input") -> str | None:
    """Why the IR of `mod`, the output of pass `label`, is broken; None when the checks pass."""
    funcs = [func for _, func in mod.functions_items() if isinstance(func, tirx.PrimFunc)]
    problem = None
    for func in funcs:
        try:
            check_well_formed(func)
        except Exception as error:  # noqa: BLE001 - the verifiers raise many kinds
            if not is_accepted_ill_formed(pass_name(label), str(error)):
                problem = f"{NOT_WELL_FORMED}: {first_line(error)}"
                break
        mismatch = lane_mismatch(func) or dangling_dim_align(func) or resized_reinterpret(func)
        if mismatch is not None:
            problem = f"{NOT_WELL_FORMED}: {mismatch}"
            break
    if problem is None and len(funcs) == 1:
        # (A host function that calls its kernel does not parse printed alone.)
        try:
            from_script(to_script(funcs[0]))
        except Exception as error:  # noqa: BLE001 - the printer and parser raise many kinds
            try:
                parser_normal_form(funcs[0])
            except Exception:  # noqa: BLE001 - the parser's own folding refuses the function
                return None
            problem = f"{NOT_REPARSED}: {first_line(error)}"
    if problem is None or any(fragment in problem for fragment in NOT_BROKEN):
        return None
    return problem


@tvm.ir.instrument.pass_instrument
class OriginTracker:
    """Checks the IR after each pass and remembers the first pass whose input was sound and whose
    output is not: `found` is `(pass, problem)` once one has. A function that only fails to re-parse
    may be sound IR the printer writes wrongly (c40's exception-ed7f7918: CommonSubexprElim's int16
    let); a later pass whose output the verifiers refuse, on an input they accepted, is the origin
    then."""

    def __init__(self) -> None:
        # Instrument classes cannot set attributes after construction; mutate a dict instead.
        # "sound": whether the last IR passed the checks (None: past the host form, unchecked);
        # "verified": whether it passed the verifiers.
        self.state: dict[str, object] = {"sound": True, "verified": True, "found": None}

    @property
    def found(self) -> tuple[str, str] | None:
        return self.state["found"]  # type: ignore[return-value]

    def observe(self, label: str, mod: tvm.IRModule) -> None:
        """Check `mod`, the IR after the pass `label` (the test's input when `label` is "input")."""
        found = self.found
        if self.state["sound"] is None or (found is not None and not found[1].startswith(NOT_REPARSED)):
            return
        if pass_name(label) in HOST_FORM:
            self.state["sound"] = None
            return
        problem = broken(mod, label)
        verified = problem is None or problem.startswith(NOT_REPARSED)
        if label != "input" and problem is not None and (
                (found is None and self.state["sound"]) or (not verified and self.state["verified"])):
            self.state["found"] = (label, problem)
        self.state["sound"] = problem is None
        self.state["verified"] = verified

    def run_after_pass(self, mod: tvm.IRModule, info: tvm.transform.PassInfo) -> None:
        self.observe(f"pipeline:{info.name}", mod)

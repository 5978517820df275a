"""Every IR a pass produces must pass the verifiers and print as TVMScript (every test)."""

from __future__ import annotations

import inspect
from typing import Any

import tvm
from tvm import tirx

from tirkit.errors import first_line
from tirkit.script import to_script
from tirkit.verify import check_well_formed, jumps_outside_loops
from tzer.oracles.base import MAX_ERROR_CHARS, Oracle, ReproParts
from tzer.passes.registry import is_accepted_ill_formed
from tzer.runtime.testrun import TestRun
from tzer.vocabulary import FindingKind, Outcome, Stage, Status

REPRO_HELPER = '''

def check_well_formed(mod, transform):
    for _, func in mod.functions_items():
        if isinstance(func, tirx.PrimFunc):
            # raises on ill-formed IR; the tirx verifier does not accept block (s_tir) functions
            tvm.s_tir.analysis.verify_well_formed(func, True)
            if not (func.attrs and func.attrs.get("s_tir", False)):
                tirx.analysis.verify_well_formed(func, True)
            if jumps_outside_loops(func.body, in_loop=False):
                # the verifiers let this pass, but no code generator has a loop to leave
                raise ValueError("break_loop or continue_loop outside any loop")
            func.script()  # raises if the IR cannot be printed


''' + inspect.getsource(jumps_outside_loops)

REPRO_BODY = '''\
    apply_passes(mod, PASSES)  # checks the IR after every pass
'''


def functions(mod: tvm.IRModule) -> list[tirx.PrimFunc]:
    return [f for _, f in mod.functions_items() if isinstance(f, tirx.PrimFunc)]


def ill_formed(oracle: str, index: int, label: str, problem: str) -> Outcome:
    return Outcome(status=Status.ILL_FORMED, stage=Stage.PASS, pass_name=label, message=problem[:500],
                   error=problem[:MAX_ERROR_CHARS], applied_passes=index + 1, details={"oracle": oracle})


def _input_had(test: TestRun, problem: str) -> bool:
    """Whether the pass's input already failed the verifiers so: a form an earlier pass left, and
    was allowed to leave (c30h's ill_formed-a451e7eb: LowerCrossThreadReduction's block, which
    LowerInitBlock passes on unchanged), is not the later pass's fault."""
    if not test.snapshots:
        return False
    for func in functions(test.snapshots[-1]):
        try:
            check_well_formed(func)
        except Exception as error:  # noqa: BLE001
            if first_line(error) == problem:
                return True
    return False


# LowerMatchBuffer checks the binding each match_buffer declares (its AssertBinding). Where the
# function as written already fails it, the test declared an offset or a stride its region does
# not have (c46's exception-b627397d: the expected output of a TVM tensorize test, which that test
# compares structurally and never lowers, declares elem_offset 0 for a region at another offset).
MATCH_UNMET = "The buffer match constraint for"


def match_binding_unmet(func: tirx.PrimFunc) -> str | None:
    """LowerMatchBuffer's complaint about `func` as written, where a binding it declares is unmet."""
    try:
        tvm.s_tir.transform.LowerMatchBuffer()(tvm.IRModule({"main": func}))
    except Exception as error:  # noqa: BLE001
        return first_line(error) if MATCH_UNMET in str(error) else None
    return None


class WellFormed(Oracle):
    name = "well_formed"
    kind = FindingKind.ILL_FORMED

    def after_pass(self, test: TestRun, index: int, label: str, mod: tvm.IRModule) -> Outcome | None:
        for func in functions(mod):
            try:
                check_well_formed(func)
            except Exception as error:  # noqa: BLE001
                if not is_accepted_ill_formed(label, str(error)) and not _input_had(test, first_line(error)):
                    return ill_formed(self.name, index, label,
                                      f"not well-formed after the pass: {first_line(error)}")
            try:
                to_script(func)
            except Exception as error:  # noqa: BLE001
                return ill_formed(self.name, index, label,
                                  f"cannot be printed as TVMScript after the pass: {first_line(error)}")
        return None

    def excuse(self, test: TestRun, outcome: Outcome) -> Outcome | None:
        if MATCH_UNMET not in (outcome.message or ""):
            return None
        unmet = match_binding_unmet(test.func)
        if unmet is None:
            return None
        return Outcome(status=Status.INVALID, stage=Stage.VERIFY, applied_passes=len(test.passes),
                       message=f"a match_buffer of the function as written declares a binding its region does not "
                               f"have: {unmet}"[:500],
                       details={"instead_of": f"{outcome.status} in {outcome.pass_name}: {outcome.message}"[:300]})

    def repro(self, meta: dict[str, Any], script: str, passes: list[dict[str, Any]]) -> ReproParts:
        return ReproParts(after_pass="        check_well_formed(mod, transform)\n", body=REPRO_BODY,
                          helpers=REPRO_HELPER)

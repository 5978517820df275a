"""Printing a pass's output as TVMScript and parsing it back gives the same function (sampled).

Only real printer or parser failures count: text that does not parse, or a re-parse that changes
the function. The parser's deliberate normalization (constant folding by T.min/T.truncmod/...,
the implicit root block) is not one; `tirkit.script.roundtrip_failure` compares up to it.
"""

from __future__ import annotations

import inspect
from typing import Any

import tvm

from tirkit.script import parser_normal_form, roundtrip_failure
from tzer.oracles.base import Oracle, ReproParts
from tzer.oracles.well_formed import REPRO_BODY, functions, ill_formed
from tzer.runtime.testrun import TestRun
from tzer.vocabulary import FindingKind, Outcome

# The repro applies the oracle's own comparison: the normal form's source is copied into it.
REPRO_HELPER = '''

''' + inspect.getsource(parser_normal_form) + '''

def check_round_trip(mod, transform):
    for _, func in mod.functions_items():
        if isinstance(func, tirx.PrimFunc):
            try:
                again = tvm.script.from_source(func.script())
            except Exception:
                try:
                    parser_normal_form(func)
                except Exception:
                    continue  # the parser's folding refuses the function itself: not a round-trip bug
                raise  # the printed IR does not parse
            if not tvm_ffi.structural_equal(func, again):  # equal up to the parser's normalization?
                assert tvm_ffi.structural_equal(parser_normal_form(func), parser_normal_form(again)), (
                    f"TVMScript round trip changes the function after {transform}")
'''


class RoundTrip(Oracle):
    name = "roundtrip"
    kind = FindingKind.ILL_FORMED
    default_rate = 0.05
    flag = "--roundtrip-rate"
    help = "share of tests whose IR is re-parsed after each pass"

    def before_passes(self, test: TestRun) -> None:
        # A pass cannot be blamed for a round-trip failure that its input already had.
        test.details["input_roundtrips"] = roundtrip_failure(test.func) is None

    def after_pass(self, test: TestRun, index: int, label: str, mod: tvm.IRModule) -> Outcome | None:
        if not test.details.get("input_roundtrips"):
            return None
        if len(functions(mod)) > 1:
            # After SplitHostDevice the host function calls its kernel, which one function's
            # TVMScript cannot define: printed alone it never re-parses.
            return None
        for func in functions(mod):
            failure = roundtrip_failure(func)
            if failure:
                return ill_formed(self.name, index, label, f"TVMScript {failure}")
        return None

    def repro(self, meta: dict[str, Any], script: str, passes: list[dict[str, Any]]) -> ReproParts:
        return ReproParts(imports=["import operator", "import tvm_ffi", "from tvm.script import tirx as T"],
                          after_pass="        check_round_trip(mod, transform)\n", body=REPRO_BODY,
                          helpers=REPRO_HELPER)

"""Well-formedness as the fuzzer sees it: block (s_tir) IR needs the s_tir verifier."""

from __future__ import annotations

import tvm
import tvm.s_tir
from tvm import tirx


def is_s_tir(func: tirx.PrimFunc) -> bool:
    return bool(func.attrs is not None and "s_tir" in func.attrs and bool(func.attrs["s_tir"]))


def check_well_formed(func: tirx.PrimFunc) -> None:
    """Raise the verifier's error when `func` is not well-formed.

    As TVMScript's parser does: the s_tir verifier checks the definition rules every function
    shares, and the tirx verifier, which rejects every SBlockRealize, checks block-free functions
    too. assert_mode=True throughout: with False some ill-formed functions take the process down.
    """
    tvm.s_tir.analysis.verify_well_formed(func, True)
    if not is_s_tir(func):
        tirx.analysis.verify_well_formed(func, True)
    if jumps_outside_loops(func.body, in_loop=False):
        # The verifier lets it pass, but codegen has no loop to leave: not a program.
        raise ValueError("break_loop or continue_loop outside any loop")


def jumps_outside_loops(stmt: object, in_loop: bool) -> bool:
    """Whether `stmt` breaks or continues where no loop encloses it (self-contained: repro.py
    embeds its source)."""
    if stmt is None:
        return False
    if isinstance(stmt, (tirx.For, tirx.While)):
        return jumps_outside_loops(stmt.body, True)
    if isinstance(stmt, (tirx.Break, tirx.Continue)):
        return not in_loop
    if isinstance(stmt, tirx.Evaluate):
        value = stmt.value
        jump = isinstance(value, tvm.ir.Call) and getattr(value.op, "name", "") in ("tirx.break_loop",
                                                                                  "tirx.continue_loop")
        return jump and not in_loop
    if isinstance(stmt, tirx.SeqStmt):
        return any(jumps_outside_loops(s, in_loop) for s in stmt.seq)
    if isinstance(stmt, tirx.IfThenElse):
        return jumps_outside_loops(stmt.then_case, in_loop) or jumps_outside_loops(stmt.else_case, in_loop)
    if isinstance(stmt, tvm.s_tir.SBlockRealize):
        stmt = stmt.block
    if isinstance(stmt, tvm.s_tir.SBlock) and jumps_outside_loops(stmt.init, in_loop):
        return True
    return jumps_outside_loops(getattr(stmt, "body", None), in_loop)


def well_formed(func: tirx.PrimFunc) -> bool:
    try:
        check_well_formed(func)
    except Exception:  # noqa: BLE001 - any verifier failure means "not well-formed"
        return False
    return True

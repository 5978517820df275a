"""Well-formedness as the fuzzer sees it: block (s_tir) IR needs the s_tir verifier."""

from __future__ import annotations

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


def well_formed(func: tirx.PrimFunc) -> bool:
    try:
        check_well_formed(func)
    except Exception:  # noqa: BLE001 - any verifier failure means "not well-formed"
        return False
    return True

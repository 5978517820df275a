"""Well-formedness as the fuzzer sees it: block (s_tir) IR needs the s_tir verifier."""

from __future__ import annotations

import tvm.s_tir
from tvm import tirx


def is_s_tir(func: tirx.PrimFunc) -> bool:
    return bool(func.attrs is not None and "s_tir" in func.attrs and bool(func.attrs["s_tir"]))


def check_well_formed(func: tirx.PrimFunc) -> None:
    """Raise the verifier's error when `func` is not well-formed.

    The tirx verifier rejects every SBlockRealize, so block functions use the s_tir one; and
    assert_mode=True because with False the verifier can take the process down.
    """
    check = tvm.s_tir.analysis.verify_well_formed if is_s_tir(func) else tirx.analysis.verify_well_formed
    check(func, True)


def well_formed(func: tirx.PrimFunc) -> bool:
    try:
        check_well_formed(func)
    except Exception:  # noqa: BLE001 - any verifier failure means "not well-formed"
        return False
    return True

"""TVMScript is the only safe serialization of TIR in TVM 0.27 (pickle and save_json crash)."""

from __future__ import annotations

import re

import tvm
import tvm_ffi
from tvm import tirx

_IMPORT = re.compile(r"^\s*(from\s+\S+\s+)?import\s")


def to_script(func: tirx.PrimFunc) -> str:
    return func.script()


def _without_imports(source: str) -> str:
    # The parser rejects import statements, but a seed file written by hand (or printed by
    # TVM, which comments them out) naturally starts with them; keep the line numbers.
    return "\n".join(f"# {line}" if _IMPORT.match(line) else line for line in source.splitlines())


def from_script(source: str) -> tirx.PrimFunc:
    """Parse one PrimFunc from TVMScript; raises ValueError when the text holds anything else."""
    parsed = tvm.script.from_source(_without_imports(source))
    if isinstance(parsed, tvm.IRModule):
        funcs = [f for _, f in parsed.functions_items() if isinstance(f, tirx.PrimFunc)]
        if len(funcs) != 1:
            raise ValueError(f"expected one PrimFunc, found {len(funcs)}")
        parsed = funcs[0]
    if not isinstance(parsed, tirx.PrimFunc):
        raise ValueError(f"expected a PrimFunc, found {type(parsed).__name__}")
    return parsed


def roundtrips(func: tirx.PrimFunc) -> bool:
    """True when printing and re-parsing gives a structurally equal function."""
    return bool(tvm_ffi.structural_equal(func, from_script(to_script(func))))


def structural_hash(func: tirx.PrimFunc) -> str:
    return f"{tvm_ffi.structural_hash(func) & 0xFFFFFFFFFFFFFFFF:016x}"

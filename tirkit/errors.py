"""The one-line form of a TVM error, as findings, tables and logs quote it."""

from __future__ import annotations

import re

MAX_LINE = 500
_NUMBERS = re.compile(r"0x[0-9a-fA-F]+|\d+")


def first_line(error: BaseException) -> str:
    """The line that names the problem; TVM puts a C++ traceback and whole listings around it."""
    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    head = lines[0] if lines else type(error).__name__
    for line in lines:
        if "Check failed" in line or "Error:" in line:
            head = line
            break
    return head[:MAX_LINE]


def numbers_masked(text: str) -> str:
    """`text` with its numbers and addresses as N: two failures at one check, on other values, compare equal."""
    return _NUMBERS.sub("N", text)

"""The one-line form of a TVM error, as findings, tables and logs quote it."""

from __future__ import annotations

MAX_LINE = 500
LISTED_ERRORS = "with the following errors:"


def first_line(error: BaseException) -> str:
    """The line that names the problem; TVM puts a C++ traceback and whole listings around it."""
    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    head = lines[0] if lines else type(error).__name__
    for line in lines:
        if "Check failed" in line or "Error:" in line:
            head = line
            break
    at = lines.index(head) if head in lines else -1
    if head.endswith(LISTED_ERRORS) and 0 <= at < len(lines) - 1:
        # LLVM's verifier lists what is wrong below one line that says nothing of it.
        head = f"{head} {lines[at + 1]}"
    return head[:MAX_LINE]

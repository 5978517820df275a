"""Which test of a batch a worker is on, for the parent to read when the worker dies mid-batch.

An analysis request runs many tests in one worker round trip; a crash or a hang ends them all, and
the parent must know which one did it. The worker writes the test's index into a file it shares
with the parent (one pwrite per test, no message); the parent reads it after the worker is gone.
"""

from __future__ import annotations

import os

# The environment variable that passes the file's descriptor to the worker, and the key under
# which a dead worker's result carries the index it read (Outcome.details).
PROGRESS_VARIABLE = "TZER_PROGRESS_FD"
_WIDTH = 20


def clear_progress(fd: int) -> None:
    os.pwrite(fd, b" " * _WIDTH, 0)


def read_progress(fd: int) -> int | None:
    text = os.pread(fd, _WIDTH, 0).decode(errors="replace").strip()
    return int(text) if text.isdigit() else None


class ProgressSlot:
    """The worker's side: `mark(index)` before each test of a batch."""

    def __init__(self, fd: int | None) -> None:
        self.fd = fd

    @classmethod
    def from_environment(cls) -> ProgressSlot:
        value = os.environ.get(PROGRESS_VARIABLE, "")
        return cls(int(value) if value.isdigit() else None)

    def mark(self, index: int) -> None:
        if self.fd is not None:
            os.pwrite(self.fd, str(index).ljust(_WIDTH).encode(), 0)

"""What a finding is recorded against: the versions of TVM, Python and the machine."""

from __future__ import annotations

import os
import platform
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from importlib.metadata import PackageNotFoundError, version


def tvm_version() -> str:
    """The installed apache-tvm version, read without importing TVM."""
    try:
        return version("apache-tvm")
    except PackageNotFoundError:
        return "unknown"


def environment() -> dict[str, str]:
    return {"TVM": f"apache-tvm {tvm_version()} (pip)", "Python": sys.version.split()[0],
            "OS": platform.platform()}


@contextmanager
def silenced() -> Iterator[None]:
    """Silence what native code prints (warnings of a target's set-up, of Ray's cluster client) at
    the file descriptor level, where Python's own redirection does not reach."""
    sys.stdout.flush()
    sys.stderr.flush()
    saved = [os.dup(1), os.dup(2)]
    with open(os.devnull, "w") as null:
        os.dup2(null.fileno(), 1)
        os.dup2(null.fileno(), 2)
    try:
        yield
    finally:
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        for fd in saved:
            os.close(fd)

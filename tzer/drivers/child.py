"""The driver process: `python -m tzer.drivers.child`, a loop that answers one request at a time.

A request is a pickled `(driver, function, args)`, framed by an 8-byte length on stdin: driver
`opencl` or `wgsl` and one of its module's functions, or `("process", "modules", ())` for the
modules the process imported. The answer is a pickled `("ok", result)`, `("limit", message)`
(PlatformLimit), `("refused", compiler, message)` (SourceRefused) or `("error", message)` (any
other exception), framed the same way on stdout. A kernel that crashes the process (an
out-of-bounds write on PoCL) ends it: the parent sees it die and starts another.

The drivers and their threads print to the process's stdout: the answers go to a copy of it, and
its stdout is pointed at stderr.
"""

from __future__ import annotations

import ctypes
import importlib
import os
import pickle
import signal
import struct
import sys
from typing import Any, BinaryIO

from tzer.drivers.program import PlatformLimit, SourceRefused

DRIVERS = ("opencl", "wgsl")
FRAME = struct.Struct("<Q")
PR_SET_PDEATHSIG = 1


def read_frame(stream: BinaryIO) -> bytes | None:
    """One framed message; None at the end of the stream."""
    header = stream.read(FRAME.size)
    if len(header) < FRAME.size:
        return None
    (size,) = FRAME.unpack(header)
    return stream.read(size)


def write_frame(stream: BinaryIO, payload: bytes) -> None:
    stream.write(FRAME.pack(len(payload)) + payload)
    stream.flush()


def answer(request: tuple[str, str, tuple[Any, ...]]) -> tuple[Any, ...]:
    driver, function, args = request
    if (driver, function) == ("process", "modules"):
        return ("ok", sorted(sys.modules))
    if driver not in DRIVERS:
        return ("error", f"no driver {driver!r}")
    try:
        module = importlib.import_module(f"tzer.drivers.{driver}")
        return ("ok", getattr(module, function)(*args))
    except PlatformLimit as error:
        return ("limit", str(error))
    except SourceRefused as error:
        return ("refused", error.compiler, str(error))
    except Exception as error:  # noqa: BLE001 - the parent reports it as tzer's own failure
        return ("error", f"{type(error).__name__}: {error}")


def _die_with_parent() -> None:
    """Ask Linux to kill this process when its parent dies: a worker killed for a hang must not
    leave a kernel spinning here."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL))
    except (OSError, AttributeError):
        pass


def main() -> None:
    _die_with_parent()
    answers = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    while (payload := read_frame(sys.stdin.buffer)) is not None:
        write_frame(answers, pickle.dumps(answer(pickle.loads(payload))))


if __name__ == "__main__":
    main()

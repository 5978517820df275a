"""The worker process: import TVM once, then run one test per request until told to stop.

Started by the executor as `python -m tzer.execution.worker FD`, where FD is its end of a
socket pair, or forked by a fork server (tzer/execution/forkserver.py). Coverage is attached
first because the sancov runtime must be loaded before TVM.
"""

from __future__ import annotations

import faulthandler
import os
import sys
from multiprocessing.connection import Connection


def prepare() -> None:
    """Import what serving tests needs (TVM above all): what a fork server does once."""
    import memcov

    memcov.attach_worker()
    import tzer.execution.harness  # noqa: F401


def serve(conn: Connection) -> None:
    import memcov

    probe = memcov.attach_worker()
    from tzer.execution.harness import Harness
    from tzer.execution.progress import ProgressSlot, StageClock
    from tzer.vocabulary import Stage

    slot = ProgressSlot.from_environment()
    clock = StageClock(slot)

    def report(event: dict) -> None:
        # A stage goes to the shared slot, not to the parent: see tzer.execution.progress.
        if event.get("event") == "stage":
            clock.enter(Stage(event["stage"]), event.get("pass"))
        else:
            conn.send(event)

    harness = Harness(report=report, probe=probe, progress=slot)
    conn.send({"event": "ready", "pid": os.getpid(), "armed": probe.armed})
    while True:
        try:
            request = conn.recv()
        except EOFError:
            return
        if request.get("op") == "exit":
            return
        clock.start()
        try:
            outcome = harness.handle(request)
        except Exception as error:  # noqa: BLE001 - report tzer's own bugs, keep serving
            conn.send({"event": "internal_error", "error": f"{type(error).__name__}: {error}", **clock.finish()})
            continue
        conn.send({"event": "done", "outcome": outcome.to_dict(), **clock.finish()})


def report_crashes() -> None:
    """Native crashes print the Python stack and, with all_threads, TVM's thread pool too. First
    thing in a worker process: TVM's own crash handler, installed on import, chains to this one,
    and the order decides which frames a crash's log shows (and so its signature)."""
    faulthandler.enable(file=sys.stderr, all_threads=True)


def serve_on(fd: int) -> None:
    """Serve tests on the socket `fd` until told to stop (a spawned worker's and a fork's body)."""
    # Background work (confirming findings) yields the CPU to the fuzzing workers.
    os.nice(int(os.environ.get("TZER_NICE", "0")))
    serve(Connection(fd))


if __name__ == "__main__":
    report_crashes()
    serve_on(int(sys.argv[1]))

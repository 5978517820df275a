"""Clean workers forked from a process that has already imported TVM.

Importing TVM costs a fresh worker 2.5-4 s, against about 0.3 s for a test in a warm one, and
confirming a finding restarts its clean worker before every run. A fork server imports what a
worker needs once; each worker is then a fork of it: a new process in the state a fresh import
leaves, at the cost of a fork. Only workers without coverage are forked (the breakpoint and
sancov backends arm a process of their own at start).

The parent holds one end of a socket pair with the server (`python -m tzer.execution.forkserver
FD`). Per worker, it sends the worker's socket, progress file and log as file descriptors; the
server forks, and the child serves tests exactly as `tzer.execution.worker` does. The server
reaps its children and sends each one's exit status back, because the parent, not being their
parent, cannot wait for them: "F<pid>" after a fork, "X<pid> <wait status>" after an exit.

A forked worker shares the server's address layout, so TVM's orderings by pointer are the same in
every fork; the repro.py that triage runs in a fresh interpreter stays the independent check.
"""

from __future__ import annotations

import os
import select
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

# How often the server reaps exited children when no request arrives.
REAP_SECONDS = 0.02
MESSAGE_BYTES = 64
FDS_PER_WORKER = 3


class ForkServerError(RuntimeError):
    """The fork server could not be started or stopped answering."""


class ForkedProcess:
    """A worker forked by the server, with the part of `subprocess.Popen`'s interface the
    executor uses: `pid`, `returncode`, `poll`, `wait` and `kill`."""

    def __init__(self, pid: int, server: ForkServer) -> None:
        self.pid = pid
        self.server = server
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None:
            self.server.collect(0.0)
            self.returncode = self.server.exit_codes.pop(self.pid, None)
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        deadline = None if timeout is None else time.monotonic() + timeout
        while self.poll() is None:
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                raise subprocess.TimeoutExpired(f"forked worker {self.pid}", timeout or 0.0)
            if not self.server.collect(REAP_SECONDS if left is None else min(REAP_SECONDS * 5, left)):
                raise ForkServerError(f"the fork server stopped before worker {self.pid} exited")
        return self.returncode  # type: ignore[return-value]

    def kill(self) -> None:
        if self.poll() is None:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


class ForkServer:
    """The parent's side: start the server with the workers' environment, fork workers from it."""

    def __init__(self, env: dict[str, str], log_path: Path | None, start_timeout: float) -> None:
        self.start_timeout = start_timeout
        self.exit_codes: dict[int, int] = {}
        parent_sock, child_sock = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        log = open(log_path, "ab") if log_path else subprocess.DEVNULL  # noqa: SIM115
        try:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "tzer.execution.forkserver", str(child_sock.fileno())],
                pass_fds=[child_sock.fileno()], stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                env=env, start_new_session=True)
        finally:
            child_sock.close()
            if log is not subprocess.DEVNULL:
                log.close()
        self.sock = parent_sock

    def spawn(self, worker_fd: int, progress_fd: int, log_fd: int) -> ForkedProcess:
        """Fork a worker that serves tests on `worker_fd`; it waits for the server's imports."""
        try:
            socket.send_fds(self.sock, [b"fork"], [worker_fd, progress_fd, log_fd])
        except OSError as error:
            raise ForkServerError(f"the fork server is gone: {error}") from error
        deadline = time.monotonic() + self.start_timeout
        while (left := deadline - time.monotonic()) > 0:
            forked = self._receive(left)
            if forked is None:
                raise ForkServerError(f"the fork server died ({self.proc.poll()}) before forking a worker")
            if forked:
                return ForkedProcess(forked, self)
        raise ForkServerError(f"the fork server did not fork a worker within {self.start_timeout:.0f} s")

    def collect(self, timeout: float) -> bool:
        """Record the exit statuses the server sent within `timeout`; False once it is gone."""
        while True:
            if self._receive(timeout) is None:
                return False
            if not select.select([self.sock], [], [], 0)[0]:
                return True
            timeout = 0.0

    def _receive(self, timeout: float) -> int | None:
        """Read one message: the pid of a fork, 0 for an exit status (recorded) or for no message
        within `timeout`, None when the server is gone."""
        if not select.select([self.sock], [], [], timeout)[0]:
            return 0 if self.proc.poll() is None else None
        message = self.sock.recv(MESSAGE_BYTES)
        if not message:
            return None
        if message.startswith(b"F"):
            return int(message[1:])
        pid, status = (int(part) for part in message[1:].split())
        self.exit_codes[pid] = os.waitstatus_to_exitcode(status)
        return 0

    def close(self) -> None:
        self.sock.close()
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


# -- the server process ---------------------------------------------------------------------------
def _reap(control: socket.socket) -> None:
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        control.send(f"X{pid} {status}".encode())


def _become_worker(control: socket.socket, worker_fd: int, progress_fd: int, log_fd: int) -> None:
    from tzer.execution.progress import PROGRESS_VARIABLE
    from tzer.execution.worker import serve_on

    control.close()
    os.setsid()
    os.dup2(log_fd, 1)
    os.dup2(log_fd, 2)
    os.close(log_fd)
    os.environ[PROGRESS_VARIABLE] = str(progress_fd)
    code = 0
    try:
        serve_on(worker_fd)
    except BaseException:  # noqa: BLE001 - a forked child must never return into the server's loop
        code = 1
        import traceback

        traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def serve(control: socket.socket) -> None:
    from tzer.execution.worker import prepare, report_crashes

    # As a spawned worker does, before TVM: a fork inherits the handlers in the same order, and
    # the descriptor they write to (2) is the fork's log.
    report_crashes()
    prepare()
    while True:
        readable = select.select([control], [], [], REAP_SECONDS)[0]
        _reap(control)
        if not readable:
            continue
        message, fds, _, _ = socket.recv_fds(control, MESSAGE_BYTES, FDS_PER_WORKER)
        if not message:
            return
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            _become_worker(control, *fds)
        for fd in fds:
            os.close(fd)
        control.send(f"F{pid}".encode())


if __name__ == "__main__":
    serve(socket.socket(fileno=int(sys.argv[1])))

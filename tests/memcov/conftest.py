"""Worker subprocesses for the memcov tests, driven one line at a time."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest


class Worker:
    """A Python worker started with a worker map's environment; `call` returns None if it died or
    did not answer in time."""

    def __init__(self, script: Path, args: list[str], env: dict[str, str],
                 ready_timeout: float = 120) -> None:
        self.proc = subprocess.Popen([sys.executable, str(script), *args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, env={**os.environ, **env})
        self._buffer = b""
        ready = self._readline(ready_timeout)
        assert ready is not None and ready.startswith("ready"), f"worker did not start: {ready!r}"
        self.armed = int(ready.split()[1])

    def _readline(self, timeout: float) -> str | None:
        deadline = time.monotonic() + timeout
        fd = self.proc.stdout.fileno()
        while b"\n" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                return None
            chunk = os.read(fd, 4096)
            if not chunk:
                return None
            self._buffer += chunk
        line, self._buffer = self._buffer.split(b"\n", 1)
        return line.decode()

    def call(self, line: str, timeout: float = 60) -> str | None:
        try:
            self.proc.stdin.write(line.encode() + b"\n")
            self.proc.stdin.flush()
        except BrokenPipeError:
            return None
        return self._readline(timeout)

    def kill(self) -> int:
        """SIGKILL (the executor's timeout) and the exit status."""
        if self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
        return self.wait()

    def wait(self) -> int:
        self.proc.stdin.close()
        self.proc.stdout.close()
        return self.proc.wait(timeout=60)


@pytest.fixture
def start_worker():
    """start_worker(script, args, wmap) -> Worker; every worker is killed at the end of the test."""
    workers: list[Worker] = []

    def start(script: Path, args: list[str], env: dict[str, str]) -> Worker:
        workers.append(Worker(script, args, env))
        return workers[-1]

    yield start
    for worker in workers:
        if worker.proc.poll() is None:
            worker.kill()

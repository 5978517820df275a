"""Parent side of one worker: start it, send tests, enforce time and memory limits, restart it.

Nothing a test does can stop the caller: a worker that crashes, hangs or grows past the memory
limit is killed and replaced on the next test, and the coverage it reached stays in shared
memory, where the parent merges it. One Executor drives one worker; several can run side by side.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import psutil

from tzer.execution import protocol as P

POLL_SECONDS = 0.05
LOG_TAIL_BYTES = 20_000


class WorkerStartError(RuntimeError):
    """A worker could not be started (it died or did not say it was ready)."""


@dataclass
class ExecResult:
    """One test as the parent saw it."""

    status: str
    outcome: P.Outcome
    script: str | None = None
    mutant_hash: str | None = None
    stage: str | None = None
    pass_name: str | None = None
    signal: str | None = None
    new_coverage: int = 0
    duration: float = 0.0
    log_tail: str = ""
    hits: Any = None
    new_indices: Any = None


def _signal_name(returncode: int) -> str:
    if returncode < 0:
        try:
            return signal.Signals(-returncode).name
        except ValueError:
            return f"signal {-returncode}"
    return f"exit code {returncode}"


class Executor:
    """Runs tests in one long-lived worker process."""

    def __init__(self, backend: Any, *, timeout: float = 10.0, rss_limit_mb: int = 4096,
                 log_path: Path | None = None, start_timeout: float = 300.0,
                 env: dict[str, str] | None = None) -> None:
        self.backend = backend
        self.timeout = timeout
        self.rss_limit = rss_limit_mb * 1024 * 1024
        self.start_timeout = start_timeout
        self.log_path = log_path
        self.extra_env = dict(env or {})
        self.coverage = backend.new_worker_map()
        self.proc: subprocess.Popen[bytes] | None = None
        self.conn: Connection | None = None
        self.known_keys: set[str] = set()
        self.adopt_key: str | None = None
        self.starts = 0
        self.armed = 0

    # -- lifecycle ---------------------------------------------------------------------------
    def start(self) -> None:
        parent_sock, child_sock = socket.socketpair()
        env = dict(os.environ)
        env.update(self.coverage.env())
        env.update(self.extra_env)
        log = open(self.log_path, "ab") if self.log_path else subprocess.DEVNULL  # noqa: SIM115
        try:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "tzer.execution.worker", str(child_sock.fileno())],
                pass_fds=[child_sock.fileno()], stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                env=env, start_new_session=True)
        finally:
            child_sock.close()
            if log is not subprocess.DEVNULL:
                log.close()
        self.conn = Connection(parent_sock.detach())
        self.known_keys.clear()
        self.adopt_key = None
        self.starts += 1
        if not self.conn.poll(self.start_timeout):
            self.kill()
            raise WorkerStartError(f"the worker did not start within {self.start_timeout:.0f} s")
        try:
            ready = self.conn.recv()
        except EOFError:
            code = self.proc.wait()
            self.proc = None
            raise WorkerStartError(f"the worker died while starting ({_signal_name(code)}); "
                                   f"see {self.log_path}") from None
        self.armed = int(ready.get("armed", 0))

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def kill(self) -> None:
        if self.proc is not None:
            if self.proc.poll() is None:
                self.proc.kill()
            self.proc.wait()
        if self.conn is not None:
            self.conn.close()
        self.proc, self.conn = None, None

    def close(self) -> None:
        if self.alive() and self.conn is not None:
            try:
                self.conn.send({"op": "exit"})
                self.proc.wait(timeout=5)  # type: ignore[union-attr]
            except (OSError, subprocess.TimeoutExpired):
                pass
        self.kill()
        self.coverage.close()

    def adopt_last_mutant(self, key: str) -> None:
        """The next request tells the worker to keep its last mutant as `key` (no re-parse)."""
        self.adopt_key = key

    # -- one test ----------------------------------------------------------------------------
    def run(self, request: dict[str, Any], seed_script: str | None, merge: bool = True) -> ExecResult:
        """Run one test. `seed_script` is sent only if this worker has not parsed the seed yet.

        `result.hits` holds the test's hits and `result.new_indices` those the campaign had not
        covered; with `merge=False` they stay out of the global map (calibration compares two
        runs before either counts).
        """
        if not self.alive():
            self.start()
        request = dict(request)
        key = request["seed_key"]
        request["seed_script"] = None if key in self.known_keys else seed_script
        request["adopt_last"] = self.adopt_key
        if self.adopt_key is not None:
            self.known_keys.add(self.adopt_key)
            self.adopt_key = None
        log_offset = self._log_size()
        self.coverage.reset()
        started = time.monotonic()
        assert self.conn is not None and self.proc is not None
        self.conn.send(request)
        result = self._wait(started)
        result.duration = time.monotonic() - started
        result.hits = self.coverage.hit_indices()
        # Which hits are new must be read before a merge marks them covered.
        result.new_indices = self.backend.global_map.uncovered(result.hits)
        if merge:
            result.new_coverage = self.coverage.merge()
        if result.status in (P.CRASH, P.HANG, P.OOM):
            result.log_tail = self._log_tail(log_offset)
        elif result.status != P.BAD_SEED:
            self.known_keys.add(key)
        return result

    def _wait(self, started: float) -> ExecResult:
        assert self.conn is not None and self.proc is not None
        result = ExecResult(status="", outcome=P.Outcome(status=""))
        process = psutil.Process(self.proc.pid)
        while True:
            remaining = self.timeout - (time.monotonic() - started)
            if remaining <= 0:
                return self._abort(result, P.HANG, f"no answer within {self.timeout:g} s")
            try:
                ready = self.conn.poll(min(POLL_SECONDS, remaining))
                if ready:
                    event = self.conn.recv()
            except (EOFError, OSError):
                return self._died(result)
            if not ready:
                try:
                    rss = process.memory_info().rss
                except psutil.Error:
                    return self._died(result)
                if rss > self.rss_limit:
                    return self._abort(result, P.OOM, f"worker RSS {rss >> 20} MiB exceeded the limit "
                                                      f"of {self.rss_limit >> 20} MiB")
                continue
            kind = event.get("event")
            if kind == "stage":
                result.stage, result.pass_name = event["stage"], event.get("pass")
            elif kind == "mutant":
                result.script, result.mutant_hash = event["script"], event["hash"]
            elif kind == "done":
                result.outcome = P.Outcome.from_dict(event["outcome"])
                result.status = result.outcome.status
                return result
            elif kind == "internal_error":
                result.outcome = P.Outcome(status="internal_error", message=event["error"])
                result.status = "internal_error"
                return result

    def _abort(self, result: ExecResult, status: str, message: str) -> ExecResult:
        self.kill()
        result.status = status
        result.outcome = P.Outcome(status=status, stage=result.stage, pass_name=result.pass_name,
                                   message=message)
        return result

    def _died(self, result: ExecResult) -> ExecResult:
        assert self.proc is not None
        try:
            code = self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            return self._abort(result, P.HANG, "the worker closed its connection but did not exit")
        self.kill()
        result.signal = _signal_name(code)
        result.status = P.CRASH
        result.outcome = P.Outcome(status=P.CRASH, stage=result.stage, pass_name=result.pass_name,
                                   message=f"worker died: {result.signal}")
        return result

    def _log_size(self) -> int:
        try:
            return self.log_path.stat().st_size if self.log_path else 0
        except OSError:
            return 0

    def _log_tail(self, offset: int) -> str:
        if not self.log_path:
            return ""
        try:
            with open(self.log_path, "rb") as log:
                log.seek(max(offset, self._log_size() - LOG_TAIL_BYTES))
                return log.read().decode("utf-8", "replace")
        except OSError:
            return ""

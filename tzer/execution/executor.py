"""Parent side of the workers: start them, hand out tests, enforce time and memory limits.

`submit` gives a test to an idle worker and returns at once; `poll` returns the tests that have
finished (or crashed, hung or grown past the memory limit) since, so that one loop keeps several
workers busy. `run` is the blocking form of the two. Nothing a test does can stop the caller: a
worker that dies or is killed is replaced on its next test, and the coverage it reached stays in
shared memory, where the parent merges it.

The messages between parent and worker are plain dicts. Parent to worker, one per test:
    {"seed_key": str, "seed_script": str | None, "adopt_last": str | None,
     "mutation": {"mutator": str, "rng": int, "donor": int} | None, "passes": [PassSpec, ...],
     "checks": {oracle name: bool}, "rng": int, "donor_key": str, "donor_script": str}
("donor" and its key and script only for a splice: the queue entry it grafts from).
Worker to parent: {"event": "ready", "pid", "armed"} once started; while a test runs,
{"event": "mutant", "script", "hash"} once the tested function exists; at its end {"event":
"done", "outcome": Outcome fields} or {"event": "internal_error", "error"}, each with the last
"stage" and "pass" and the seconds of each phase ("phases"). The stage and pass of each step go
into the progress file (tzer/execution/progress.py), which the parent reads when a worker dies or hangs.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any

import psutil

from tzer import targets
from tzer.execution.forkserver import ForkedProcess, ForkServer, ForkServerError
from tzer.execution.progress import PROGRESS_VARIABLE, clear_progress, phase_of, read_progress, read_stage
from tzer.vocabulary import WORKER_GONE, ExecResult, Outcome, Stage, Status

POLL_SECONDS = 0.05
LOG_TAIL_BYTES = 20_000


class WorkerStartError(RuntimeError):
    """A worker could not be started (it died or did not say it was ready)."""


def signal_name(returncode: int) -> str:
    if returncode < 0:
        try:
            return signal.Signals(-returncode).name
        except ValueError:
            return f"signal {-returncode}"
    return f"exit code {returncode}"


class Worker:
    """One long-lived worker process and the test it is running, if any."""

    def __init__(self, index: int, backend: Any, env: dict[str, str], log_path: Path | None,
                 start_timeout: float, forks: ForkServer | None = None) -> None:
        self.index = index
        self.forks = forks
        self.backend = backend
        self.coverage = backend.new_worker_map()
        self.env = env
        self.log_path = log_path
        self.start_timeout = start_timeout
        self.proc: subprocess.Popen[bytes] | ForkedProcess | None = None
        self.conn: Connection | None = None
        self.ready = False
        self.known_keys: set[str] = set()
        self.adopt_key: str | None = None
        self.starts = 0
        self.restarts = 0  # starts after the worker died or was killed by a test
        self.stopped_on_purpose = False
        self.armed = 0
        # The entries the current process reached while starting (import tvm), read before the
        # first test resets the worker's map; the breakpoint backend's one-shot traps never report
        # them again in this process.
        self.startup_hits: Any = None
        # The test in flight: its request (not sent until the worker is ready), result so far,
        # whether to merge its coverage, when it started and where its log output begins.
        self.request: dict[str, Any] | None = None
        self.result: ExecResult | None = None
        self.merge = True
        self.started = 0.0
        self.log_offset = 0
        self.last_rss_check = 0.0
        # Where the worker notes which test of a batch it is on (see tzer.execution.progress), an
        # unlinked file both processes hold open: read after a crash, it names the test that died.
        self.progress = tempfile.TemporaryFile()  # noqa: SIM115 - open for the worker's life

    @property
    def busy(self) -> bool:
        return self.result is not None

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def spawn(self) -> None:
        parent_sock, child_sock = socket.socketpair()
        progress = self.progress.fileno()
        self.coverage.reset()  # the previous process's last hits were read when its test ended
        log = open(self.log_path if self.log_path else os.devnull, "ab")  # noqa: SIM115
        try:
            if self.forks is not None:
                self.proc = self.forks.spawn(child_sock.fileno(), progress, log.fileno())
            else:
                env = {**os.environ, **self.coverage.env(), **self.env, PROGRESS_VARIABLE: str(progress)}
                self.proc = subprocess.Popen(
                    [sys.executable, "-m", "tzer.execution.worker", str(child_sock.fileno())],
                    pass_fds=[child_sock.fileno(), progress], stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                    env=env, start_new_session=True)
        except ForkServerError as error:
            raise WorkerStartError(str(error)) from error
        finally:
            child_sock.close()
            log.close()
        self.conn = Connection(parent_sock.detach())
        self.ready = False
        self.known_keys.clear()
        self.adopt_key = None
        self.starts += 1
        self.started = time.monotonic()

    def kill(self) -> None:
        if self.proc is not None:
            if self.proc.poll() is None:
                self.proc.kill()
            self.proc.wait()
        if self.conn is not None:
            self.conn.close()
        self.proc, self.conn, self.ready = None, None, False

    def close(self) -> None:
        if self.alive() and self.ready and self.conn is not None:
            try:
                self.conn.send({"op": "exit"})
                self.proc.wait(timeout=5)  # type: ignore[union-attr]
            except (OSError, subprocess.TimeoutExpired):
                pass
        self.kill()
        self.coverage.close()
        self.progress.close()

    def submit(self, request: dict[str, Any], seed_script: str | None, merge: bool) -> None:
        if not self.alive():
            self.restarts += bool(self.starts) and not self.stopped_on_purpose
            self.stopped_on_purpose = False
            self.kill()
            self.spawn()
        request = dict(request)
        key = request["seed_key"]
        request["seed_script"] = None if key in self.known_keys else seed_script
        request["adopt_last"] = self.adopt_key
        if self.adopt_key is not None:
            self.known_keys.add(self.adopt_key)
            self.adopt_key = None
        self.request = request
        self.result = ExecResult(status=Status.INTERNAL_ERROR, outcome=Outcome(status=Status.INTERNAL_ERROR),
                                 worker=self.index)
        self.merge = merge
        if self.ready:
            self._send()

    def _send(self) -> None:
        assert self.conn is not None and self.request is not None
        self.log_offset = self._log_size()
        self.coverage.reset()
        clear_progress(self.progress.fileno())
        self.started = time.monotonic()
        self.phase, self.phase_started = "dispatch", self.started
        self.conn.send(self.request)

    def _enter(self, phase: str) -> None:
        """Charge the time since the phase began to it and begin `phase` (see `phase_of`)."""
        assert self.result is not None
        now = time.monotonic()
        times = self.result.phase_seconds
        times[self.phase] = times.get(self.phase, 0.0) + now - self.phase_started
        self.phase, self.phase_started = phase, now

    # -- events -------------------------------------------------------------------------------
    def receive(self) -> ExecResult | None:
        """Read what the worker sent; the finished test's result, if this ended it."""
        assert self.conn is not None and self.result is not None
        try:
            while self.conn.poll():
                event = self.conn.recv()
                done = self._event(event)
                if done:
                    return self._finish()
        except (EOFError, OSError):
            return self._died()
        return None

    def _event(self, event: dict[str, Any]) -> bool:
        result = self.result
        assert result is not None
        kind = event.get("event")
        if kind == "ready":
            self.ready = True
            self.armed = int(event.get("armed", 0))
            self.startup_hits = self.coverage.hit_indices()
            self._send()
        elif kind == "mutant":
            result.script, result.mutant_hash = event["script"], event["hash"]
        elif kind == "done":
            self._stages(event)
            result.outcome = Outcome.from_dict(event["outcome"])
            result.status = result.outcome.status
            # A build that crashed in a process of the worker's own (an emulator) left it alive.
            result.signal = result.outcome.details.get("signal")
            return True
        elif kind == "internal_error":
            self._stages(event)
            result.outcome = Outcome(status=Status.INTERNAL_ERROR, message=event["error"])
            result.status = Status.INTERNAL_ERROR
            return True
        return False

    def _stages(self, event: dict[str, Any]) -> None:
        """The last stage and the phase times the worker sent with its result: what the worker did
        not account for (the round trip) is the dispatch phase."""
        result = self.result
        assert result is not None
        if event.get("stage"):
            result.stage, result.pass_name = Stage(event["stage"]), event.get("pass")
        phases = event.get("phases") or {}
        now = time.monotonic()
        times = result.phase_seconds
        times["dispatch"] = times.get("dispatch", 0.0) + max(0.0, now - self.phase_started - sum(phases.values()))
        for phase, seconds in phases.items():
            times[phase] = times.get(phase, 0.0) + seconds
        self.phase, self.phase_started = "done", now

    def _last_stage(self) -> None:
        """A worker that died or hung sent no result: where it was is in the slot it shares."""
        result = self.result
        assert result is not None
        seen = read_stage(self.progress.fileno())
        if seen is not None:
            result.stage, result.pass_name = seen
            self.phase = phase_of(*seen)

    def check_limits(self, now: float, timeout: float, rss_limit: int) -> ExecResult | None:
        """Abort the test when it ran too long or the worker grew too large."""
        if not self.ready:
            if now - self.started > self.start_timeout:
                self.kill()
                raise WorkerStartError(f"the worker did not start within {self.start_timeout:.0f} s")
            return None
        if now - self.started > timeout:
            return self._abort(Status.HANG, f"no answer within {timeout:g} s")
        if now - self.last_rss_check < POLL_SECONDS:
            return None
        self.last_rss_check = now
        try:
            rss = psutil.Process(self.proc.pid).memory_info().rss  # type: ignore[union-attr]
        except psutil.Error:
            return self._died()
        if rss > rss_limit:
            return self._abort(Status.OOM, f"worker RSS {rss >> 20} MiB exceeded the limit of {rss_limit >> 20} MiB")
        return None

    def _abort(self, status: Status, message: str) -> ExecResult:
        self.kill()
        result = self.result
        assert result is not None
        self._last_stage()
        result.status = status
        result.outcome = Outcome(status=status, stage=result.stage, pass_name=result.pass_name, message=message)
        return self._finish()

    def _died(self) -> ExecResult:
        assert self.proc is not None and self.result is not None
        try:
            code = self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            return self._abort(Status.HANG, "the worker closed its connection but did not exit")
        was_ready = self.ready
        self.kill()
        if not was_ready:
            self.result = None
            raise WorkerStartError(f"the worker died while starting ({signal_name(code)}); see {self.log_path}")
        result = self.result
        self._last_stage()
        result.signal = signal_name(code)
        result.status = Status.CRASH
        result.outcome = Outcome(status=Status.CRASH, stage=result.stage, pass_name=result.pass_name,
                                 message=f"worker died: {result.signal}")
        return self._finish()

    def _finish(self) -> ExecResult:
        result = self.result
        assert result is not None and self.request is not None
        if self.ready:
            self._enter("done")
        result.duration = time.monotonic() - self.started
        result.hits = self.coverage.hit_indices()
        # Which hits are new must be read before a merge marks them covered.
        result.new_indices = self.backend.global_map.uncovered(result.hits)
        if self.merge:
            result.new_coverage = self.coverage.merge()
        if result.status in WORKER_GONE:
            result.log_tail = self._log_tail()
            at = read_progress(self.progress.fileno())
            if at is not None:
                result.outcome.details[PROGRESS_VARIABLE] = at
            if result.status == Status.CRASH:
                declined_crash(result, self.request.get("target") or targets.HOST)
        elif result.status != Status.BAD_SEED:
            self.known_keys.add(self.request["seed_key"])
        self.request, self.result = None, None
        return result

    def _log_size(self) -> int:
        try:
            return self.log_path.stat().st_size if self.log_path else 0
        except OSError:
            return 0

    def _log_tail(self) -> str:
        if not self.log_path:
            return ""
        try:
            with open(self.log_path, "rb") as log:
                log.seek(max(self.log_offset, self._log_size() - LOG_TAIL_BYTES))
                return log.read().decode("utf-8", "replace")
        except OSError:
            return ""


def declined_crash(result: ExecResult, target: str) -> None:
    """A worker stopped by its target's back end on purpose, on what that target documents it does
    not support (LLVM's fatal error for an instruction GlobalISel cannot select, say), was declined,
    not crashed: a rejection."""
    info = targets.BY_NAME.get(target)
    if info is None:
        return
    line = next((line for line in result.log_tail.splitlines() if info.refuses(line)), None)
    if line is not None:
        result.status = result.outcome.status = Status.REJECTED
        result.outcome.message = line.strip()


def run_to_end(executor: Any, request: dict[str, Any], seed_script: str | None, merge: bool) -> ExecResult:
    """Submit one test and poll until it ends; no other test may be in flight."""
    index = executor.submit(request, seed_script, merge)
    while True:
        for result in executor.poll():
            if result.worker == index:
                return result
            raise RuntimeError("run() must not be mixed with tests submitted earlier")


class Executor:
    """Runs tests in `jobs` long-lived worker processes, one test per worker at a time."""

    def __init__(self, backend: Any, *, jobs: int = 1, timeout: float = 10.0, rss_limit_mb: int = 4096,
                 log_path: Path | None = None, start_timeout: float = 300.0,
                 env: dict[str, str] | None = None, fork: bool = False) -> None:
        """`fork`: fork workers from a fork server (tzer/execution/forkserver.py) instead of starting
        each one fresh; only for workers without coverage."""
        self.backend = backend
        self.timeout = timeout
        self.rss_limit = rss_limit_mb * 1024 * 1024

        def log_of(index: int) -> Path | None:
            if log_path is None or jobs == 1:
                return log_path
            return log_path.with_name(f"{log_path.stem}-{index}{log_path.suffix}")

        self.forks: ForkServer | None = None
        if fork:
            if backend.name != "none":
                raise ValueError(f"only workers without coverage are forked, not {backend.name!r} ones")
            self.forks = ForkServer({**os.environ, **backend.new_worker_map().env(), **(env or {})},
                                    log_of(0), start_timeout)
        self.workers = [Worker(i, backend, dict(env or {}), log_of(i), start_timeout, self.forks)
                        for i in range(jobs)]

    @property
    def starts(self) -> int:
        return sum(worker.starts for worker in self.workers)

    @property
    def restarts(self) -> int:
        return sum(worker.restarts for worker in self.workers)

    @property
    def armed(self) -> int:
        return max((worker.armed for worker in self.workers), default=0)

    def idle(self) -> list[int]:
        return [worker.index for worker in self.workers if not worker.busy]

    def nodes(self) -> int:
        """Machines the workers run on: this one."""
        return 1

    def pids(self) -> list[int]:
        """Each worker's process id (0 while it is not running)."""
        return [worker.proc.pid if worker.alive() else 0 for worker in self.workers]  # type: ignore[union-attr]

    def submit(self, request: dict[str, Any], seed_script: str | None, merge: bool = True,
               worker: int | None = None) -> int:
        """Start a test on an idle worker (the given one, or the first); returns the worker's index.

        With `merge=False` the test's hits stay out of the global map (calibration compares two
        runs before either counts); `result.new_indices` says which of them are new either way.
        """
        index = self.idle()[0] if worker is None else worker
        chosen = self.workers[index]
        if chosen.busy:
            raise RuntimeError(f"worker {index} is busy")
        chosen.submit(request, seed_script, merge)
        return index

    def poll(self, timeout: float | None = None) -> list[ExecResult]:
        """The tests that finished within `timeout` seconds (None: until at least one does)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            busy = [worker for worker in self.workers if worker.busy]
            if not busy:
                return []
            wait_for = POLL_SECONDS if deadline is None else max(0.0, min(POLL_SECONDS, deadline - time.monotonic()))
            ready = wait([worker.conn for worker in busy if worker.conn is not None], wait_for)
            finished = []
            now = time.monotonic()
            for worker in busy:
                result = worker.receive() if worker.conn in ready else None
                if result is None and worker.busy:
                    result = worker.check_limits(now, self.timeout, self.rss_limit)
                if result is not None:
                    finished.append(result)
            if finished or (deadline is not None and time.monotonic() >= deadline):
                return finished

    def run(self, request: dict[str, Any], seed_script: str | None, merge: bool = True) -> ExecResult:
        """Run one test to its end on an idle worker (the blocking form of submit and poll)."""
        return run_to_end(self, request, seed_script, merge)

    def adopt_last_mutant(self, worker: int, key: str) -> None:
        """The worker's next request tells it to keep its last mutant as `key` (no re-parse)."""
        self.workers[worker].adopt_key = key

    def kill(self) -> None:
        """Stop every worker, dropping any test in flight; each restarts fresh on its next test."""
        for worker in self.workers:
            worker.kill()
            worker.request, worker.result = None, None
            worker.stopped_on_purpose = True

    def close(self) -> None:
        for worker in self.workers:
            worker.close()
        if self.forks is not None:
            self.forks.close()

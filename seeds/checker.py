"""Check a seed folder: each seed parses, is well-formed, round-trips, compiles for llvm and runs.

The checks run in a worker process (`python -m seeds.check_worker`), because running generated code can
take the process down (an out-of-bounds store, a division by zero). When the worker dies or
hangs, the seed it was on gets the status `crash` or `timeout` and a fresh worker continues with
the remaining seeds, so one broken seed never stops the check.

Protocol: the parent writes one seed path per line to the worker's stdin; the worker answers each
with one JSON line {"status", "error"} on stdout.
"""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import tempfile
import threading
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, TextIO

from tqdm import tqdm

from seeds.errors import first_line

OK = "ok"
STATUSES = (
    OK,
    "parse_error",
    "ill_formed",
    "roundtrip_mismatch",
    "compile_error",
    "not_runnable",
    "run_error",
    "crash",
    "timeout",
)
SEED_TIMEOUT = 60.0  # seconds for one seed, worker start-up (importing TVM) included


@dataclass(frozen=True)
class CheckRow:
    name: str
    status: str
    first_error_line: str = ""


@dataclass(frozen=True)
class CheckReport:
    rows: list[CheckRow]

    def counts(self) -> dict[str, int]:
        found = Counter(row.status for row in self.rows)
        return {status: found[status] for status in STATUSES if found[status]}

    def failures(self) -> list[CheckRow]:
        return [row for row in self.rows if row.status != OK]

    def table(self) -> str:
        lines = [f"{len(self.rows)} seeds"]
        lines += [f"  {status:<20} {count}" for status, count in self.counts().items()]
        failures = self.failures()
        if failures:
            width = max(len(row.name) for row in failures)
            lines.append("failures:")
            lines += [f"  {row.name:<{width}}  {row.status:<18}  {row.first_error_line}" for row in failures]
        return "\n".join(lines)


def check_paths(paths: list[Path], progress: bool = True, timeout: float = SEED_TIMEOUT) -> CheckReport:
    """Check the given seed files (sorted by name), restarting the worker after a crash or hang."""
    pending = sorted(paths, key=lambda p: p.stem)
    rows: list[CheckRow] = []
    with tqdm(total=len(pending), desc="checking seeds", disable=not progress, file=sys.stderr) as bar:
        while pending:
            done = _run_worker(pending, timeout, bar)
            rows += done
            pending = pending[len(done) :]
    return CheckReport(rows)


def _run_worker(paths: list[Path], timeout: float, bar: tqdm) -> list[CheckRow]:
    """Check `paths` in one worker until it finishes or fails; the failing seed ends the list."""
    env = dict(os.environ)
    # The worker imports `seeds` and `tzer` from the same tree as this process.
    root = str(Path(__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
    with tempfile.TemporaryFile() as stderr:
        proc = subprocess.Popen(
            [sys.executable, "-m", "seeds.check_worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=stderr,
            env=env,
            text=True,
        )
        lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=_receive, args=(proc.stdout, lines), daemon=True).start()
        # Written from a thread: a long list fills the pipe before the worker reads it, and a
        # worker that dies early must not leave this process blocked on the write.
        threading.Thread(target=_send, args=(proc.stdin, paths), daemon=True).start()
        rows: list[CheckRow] = []
        for path in paths:
            row = _next_row(path, lines, proc, stderr, timeout)
            rows.append(row)
            bar.update(1)
            if row.status in ("crash", "timeout"):
                break
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        proc.stdout.close()
        return rows


def _receive(stdout: TextIO, lines: queue.Queue[str | None]) -> None:
    for line in stdout:
        lines.put(line)
    lines.put(None)  # end of output: the worker exited, so the parent need not wait for a timeout


def _send(stdin: TextIO, paths: list[Path]) -> None:
    try:
        stdin.write("".join(f"{p}\n" for p in paths))
        stdin.close()
    except OSError:  # BrokenPipeError among others
        pass  # the worker died; the parent reports that seed as a crash


def _next_row(path: Path, lines: queue.Queue[str | None], proc: subprocess.Popen, stderr: BinaryIO,
              timeout: float) -> CheckRow:
    """The worker's answer for `path`, or the reason it gave none."""
    try:
        line = lines.get(timeout=timeout)
    except queue.Empty:
        return CheckRow(path.stem, "timeout", f"no answer within {timeout:.0f} s")
    if line is None:  # the worker closed its output: it died on this seed
        try:
            proc.wait(timeout=10.0)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        return CheckRow(path.stem, "crash", _death(proc, stderr))
    try:
        reply = json.loads(line)
        return CheckRow(path.stem, reply["status"], reply["error"])
    except (json.JSONDecodeError, KeyError) as err:
        return CheckRow(path.stem, "crash", f"worker wrote garbage: {first_line(err)}")


def _death(proc: subprocess.Popen, stderr: BinaryIO) -> str:
    """One line on how the worker died: the signal or exit code, and its last words."""
    code = proc.returncode
    how = f"killed by {signal.Signals(-code).name}" if code < 0 else f"exited with code {code}"
    stderr.seek(0)
    tail = [line.strip() for line in stderr.read().decode(errors="replace").splitlines() if line.strip()]
    return f"worker {how}" + (f": {tail[-1]}" if tail else "")

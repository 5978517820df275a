"""Anchor: which basic blocks of libtvm_compiler.so do TVM's own TIR test suites reach?

Runs TVM's Python tests (extracted from the TVM source at the installed wheel's version) folder by
folder, each in one pytest process under memcov's breakpoint meter, and writes, like a tzer campaign's
coverage.npz (GlobalMap.save: backend, build_id, total, covered, excluded):
  OUT/<folder>.npz    the blocks that folder's tests reach on their own ('/' in names becomes '.')
  OUT/coverage.npz    the union over all folders
The global map is cleared before each folder, since a worker arms only blocks the global map lacks;
the parent keeps the union.  A folder that runs past --budget seconds has its process group killed;
what it reached until then is kept; a test that kills pytest is deselected and the folder run again.
`tvm.ir.save_json` (segfaults in the 0.27.0.post1 wheel) raises instead.
`tvm.arith` is aliased to the wheel's `tvm.sym` when missing.

  python experiments/tvm_tests_anchor.py --src /work/anchor/src/tests/python --out /work/anchor/out
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

import memcov

FOLDERS = ["tirx-base", "tirx-analysis", "tirx-transform", "tirx", "arith", "tvmscript", "codegen", "s_tir",
           "s_tir/base", "s_tir/analysis", "s_tir/transform", "s_tir/schedule", "s_tir/dlight",
           "s_tir/meta_schedule"]
# The worker: arm breakpoints before `import tvm`, alias the renamed tvm.arith, then run pytest.
WORKER = """import importlib, os, pkgutil, sys, memcov
memcov.attach_worker()
import pytest, tvm
if {alias} and not hasattr(tvm, "arith") and hasattr(tvm, "sym"):
    tvm.arith = sys.modules["tvm.arith"] = tvm.sym
    for m in pkgutil.iter_modules(tvm.sym.__path__):
        sys.modules["tvm.arith." + m.name] = importlib.import_module("tvm.sym." + m.name)
if {guard}:  # tvm.ir.save_json segfaults in this wheel: make it a failure of the test, not of pytest
    def refuse(*args, **kwargs):
        raise RuntimeError("anchor: tvm.ir.save_json segfaults in this wheel; refused")
    tvm.ir.base.to_json_graph_str = refuse
class Current:  # names each test before it starts, so that a test that kills pytest can be deselected
    def pytest_runtest_logstart(self, nodeid):
        with open(os.environ["ANCHOR_CURRENT"], "a") as f:
            f.write(nodeid + "\\n")
sys.exit(pytest.main(sys.argv[1:], plugins=[Current()]))
"""
OUTCOMES = ("passed", "failed", "skipped", "error", "xfailed", "xpassed", "deselected")
PROGRESS = re.compile(r"^([.FEsxX]+)\s*(\[\s*\d+%\])?$")


def count_outcomes(log: str) -> dict[str, int]:
    """From pytest -q's summary line; if the run was killed, from its progress characters."""
    for line in reversed(log.splitlines()):
        if re.search(r"\d+ (passed|failed|skipped|errors?|deselected|xfailed|xpassed).* in [\d.]+s", line):
            found = {w.rstrip("s") if w == "errors" else w: int(n) for n, w in re.findall(r"(\d+) (\w+)", line)}
            return {k: found.get(k, 0) for k in OUTCOMES}
    chars = "".join(m.group(1) for m in map(PROGRESS.match, log.splitlines()) if m)
    return {"passed": chars.count("."), "failed": chars.count("F"), "skipped": chars.count("s"),
            "error": chars.count("E"), "xfailed": chars.count("x"), "xpassed": chars.count("X"), "deselected": 0}


def run_folder(args: argparse.Namespace, folder: str, env: dict[str, str], budget: float,
               wmap: memcov.WorkerMap) -> tuple[str, int, bool, list[str]]:
    """Run pytest on one folder (nested listed folders ignored), again without each test that kills it
    (a signal), while the budget lasts; returns (log of the last run, returncode, killed, crashed tests)."""
    ignores = [f"--ignore={args.src / other}" for other in args.folders if other.startswith(folder + "/")]
    worker = WORKER.format(alias=not args.no_alias, guard=not args.no_guard)
    cmd = [sys.executable, "-c", worker, str(args.src / folder), "-q",
           "-p", "no:cacheprovider", f"--rootdir={args.src}", "--continue-on-collection-errors", *ignores,
           *(f"--deselect={d}" for d in args.deselect)]
    if args.timeout > 0:
        cmd += [f"--timeout={args.timeout}", "--timeout-method=signal"]
    name = folder.replace("/", ".")
    log_path, current = args.out / (name + ".log"), args.out / (name + ".current")
    crashed: list[str] = []
    deadline = time.monotonic() + budget
    log_path.write_text("")
    while True:
        current.write_text("")
        with open(log_path, "a") as log:
            log.write(f"\n===== run {len(crashed) + 1}, deselected {crashed}\n")
            mark = log.tell()
            log.flush()
            proc = subprocess.Popen([*cmd, *(f"--deselect={c}" for c in crashed)], stdout=log,
                                    stderr=subprocess.STDOUT, cwd=args.src, start_new_session=True,
                                    env=env | {"ANCHOR_CURRENT": str(current)})
            try:
                rc, killed = proc.wait(timeout=max(1.0, deadline - time.monotonic())), False
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                rc, killed = proc.wait(), True
        wmap.merge()  # the next run arms only what is still uncovered
        started = current.read_text().splitlines()
        if killed or rc >= 0 or not started or started[-1] in crashed or len(crashed) >= args.max_crashes:
            with open(log_path, errors="replace") as log:
                log.seek(mark)
                return log.read(), rc, killed, crashed
        crashed.append(started[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--src", type=Path, default=Path("/work/anchor/src/tests/python"))
    parser.add_argument("--out", type=Path, default=Path("/work/anchor/out"))
    parser.add_argument("--folders", nargs="+", default=FOLDERS, help="folders under --src, in order")
    parser.add_argument("--budget", type=float, default=300.0, help="wall-clock seconds per folder")
    parser.add_argument("--total", type=float, default=0.0, help="wall-clock seconds for all folders (0: none)")
    parser.add_argument("--timeout", type=int, default=60, help="pytest-timeout seconds per test (0: off)")
    parser.add_argument("--pylib", default="/work/anchor/pylib", help="extra PYTHONPATH (pytest-timeout)")
    parser.add_argument("--deselect", action="append", default=[], help="a test id that hangs (repeatable)")
    parser.add_argument("--max-crashes", type=int, default=20, help="tests that kill pytest, per folder")
    parser.add_argument("--no-guard", action="store_true", help="let tvm.ir.save_json segfault")
    parser.add_argument("--no-alias", action="store_true", help="do not alias tvm.arith to tvm.sym")
    args = parser.parse_args()
    args.src = args.src.resolve()
    args.out.mkdir(parents=True, exist_ok=True)
    backend = memcov.open_backend("breakpoint")
    gmap, wmap = backend.global_map, backend.new_worker_map()
    pythonpath = os.pathsep.join(p for p in (args.pylib, str(Path(__file__).resolve().parents[1]),
                                             os.environ.get("PYTHONPATH", "")) if p)
    env = os.environ | wmap.env() | {"PYTHONPATH": pythonpath}
    union = np.zeros(gmap.total, dtype=bool)
    start = time.monotonic()
    print(f"{'folder':22} {'pass':>5} {'fail':>5} {'skip':>5} {'err':>4} {'crash':>5} {'rc':>3} killed {'wall_s':>7} "
          f"{'blocks':>8} {'union':>8}", flush=True)
    for folder in args.folders:
        budget = args.budget if not args.total else min(args.budget, args.total - (time.monotonic() - start))
        if budget <= 5:
            print(f"{folder:22} not run: --total spent", flush=True)
            continue
        gmap.entries[:] = 0  # each folder's own set: arm every block again
        wmap.reset()
        t0 = time.monotonic()
        log, rc, killed, crashed = run_folder(args, folder, env, budget, wmap)
        wall = time.monotonic() - t0
        gmap.save(args.out / (folder.replace("/", ".") + ".npz"))
        covered = gmap.entries == 1
        union |= covered
        n = count_outcomes(log)
        print(f"{folder:22} {n['passed']:5} {n['failed']:5} {n['skipped']:5} {n['error']:4} {len(crashed):5} {rc:3} "
              f"{'KILLED' if killed else 'no':6} {wall:7.1f} {int(covered.sum()):8} {int(union.sum()):8}", flush=True)
        for test in crashed:
            print(f"    crashed (signal; deselected, its hits kept): {test}", flush=True)
    gmap.entries[:] = 0
    gmap.entries[union] = 1
    gmap.save(args.out / "coverage.npz")
    print(f"union: {int(union.sum())} of {gmap.total} blocks -> {args.out / 'coverage.npz'}", flush=True)
    wmap.close()


if __name__ == "__main__":
    main()

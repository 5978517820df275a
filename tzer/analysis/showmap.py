"""`tzer showmap`: replay a folder of cases and report the blocks they cover, like afl-showmap.

Inputs (`load_corpus`): a campaign folder (its `queue/`), any folder of test case folders (a
queue, a findings folder such as `crashes/`, `OUT/bugs/`: case folders are looked for up to three
levels down, wherever `func.py` and `passes.json` sit together), or a seed folder of TVMScript
`.py` files (run with no passes). Each case runs with its own passes, its meta.json `checks`
(else none) and `rng` (else 0), so a queue entry runs what the campaign ran.

Repeatability, so that two runs (of two campaigns, tools or TVM versions) compare:
- ONE fresh worker process per invocation, the cases in a fixed order (sorted by relative path
  per input folder, input folders in the order given), merging into one global map.  With the
  breakpoint backend a block traps once per process, so a case's hits are exactly the blocks it
  *adds* after the cases before it.
- Baseline: the worker is started by an empty request (an unknown seed key without a script:
  the harness answers `bad_seed` before touching TVM); the baseline is what the process reached
  while starting (`Worker.startup_hits`: importing the harness, mutators, tirkit) plus what that
  empty request reached.  `import tvm` itself runs before the breakpoint backend can arm (it
  needs the loaded library), so its blocks are invisible to it, in campaigns as here; the
  baseline is small (~200 blocks) and the first case carries TVM's lazy initialisation.
  Baseline blocks are disarmed before any case runs, so "beyond baseline" is exactly the union
  of the cases' additions.  The saved map (`-o`) holds baseline and cases.
- Noise (`--calibrate K`, default 0 = off): the first K cases are first run in a throw-away fresh
  worker without merging; the main worker then runs the baseline request and the same K cases;
  entries reached by only one of the two processes are flaky (the symmetric difference, as in
  tzer/engine/calibrate.py) and excluded from the map, from the counts and from each case's
  additions.  Measured on 102 shipped seeds (every 9th file of seeds/corpus), two invocations:
  without calibration 239054 and 239105 covered (0.02% apart; 259 and 310 blocks seen by only
  one run); with K=8, 238273 and 238343 (0.03% apart, ~800 excluded per run, 704 and 774 seen by
  only one run); K=30 was no better.  The flaky set found differs from run to run, so excluding
  it adds as much disagreement as it removes: calibration stays opt-in.  On the queue of a
  2-minute campaign (1081 cases, one hang): 299333 and 299283 covered (0.017% apart).
- A queue's replay covers less than the campaign's `coverage_covered` (299333 against 434883 in
  that campaign): the campaign also counts what mutating reached in its workers, the mutants it
  did not keep, findings, and every worker restart.  Compare showmap with showmap.
- A case that crashes, hangs or runs out of memory restarts the worker; the new process's
  start-up blocks go to the baseline, and the summary reports the restart, since the order of
  traps after it may differ from a run without it.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from memcov.atlas import TIR_DIRECTORIES
from tzer.analysis.bydir import AtlasUnavailable, atlas_for, by_directory, format_by_dir, read_map
from tzer.argtypes import duration
from tzer.campaign.testcase import FUNC, META, PASSES, TestCase, TestCaseError
from tzer.execution.confirm import replay_request, script_key
from tzer.execution.executor import Executor, WorkerStartError
from tzer.targets import HOST

CASE_DEPTH = 3  # bugs/<bug>/reduced/<case>: how deep case folders are looked for
EMPTY_KEY = "showmap-empty"


class CorpusError(Exception):
    """Input that cannot be replayed; the message is one line for the user."""


@dataclass
class Case:
    """One replayable input: a test case folder or a seed .py file."""

    name: str  # relative path, unique in a corpus, the sort key
    path: Path
    script: str
    passes: list[dict[str, Any]]
    checks: dict[str, bool] = field(default_factory=dict)
    rng: int = 0
    target: str = HOST

    @property
    def is_seed_file(self) -> bool:
        return self.path.is_file()

    @property
    def size(self) -> tuple[int, int, str]:
        """cmin's "smallest": script bytes, then number of passes, then name (a total order)."""
        return len(self.script.encode()), len(self.passes), self.name

    def request(self) -> dict[str, Any]:
        return replay_request(script_key(self.script), self.passes, self.checks, self.rng, self.target)


def _case_dirs(root: Path, depth: int) -> Iterator[Path]:
    if (root / FUNC).is_file() and (root / PASSES).is_file():
        yield root
        return
    if depth == 0:
        return
    for child in sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith(".")):
        yield from _case_dirs(child, depth - 1)


def _folder_case(path: Path, name: str) -> Case:
    try:
        if (path / META).exists():
            case = TestCase.load(path)
        else:  # a case without meta.json (hand-written): func.py and passes.json suffice
            case = TestCase(script=(path / FUNC).read_text(encoding="utf-8"),
                            passes=json.loads((path / PASSES).read_text(encoding="utf-8")))
    except (OSError, ValueError) as error:
        raise CorpusError(f"cannot read test case {path}: {error}") from None
    except TestCaseError as error:
        raise CorpusError(str(error)) from None
    checks = case.meta.get("checks")
    rng = case.meta.get("rng")
    return Case(name, path, case.script, case.passes,
                checks=dict(checks) if isinstance(checks, dict) else {},
                rng=int(rng) if isinstance(rng, int) else 0, target=str(case.meta.get("target") or HOST))


def load_folder(folder: Path) -> list[Case]:
    """The cases of one input folder, sorted by relative path; CorpusError if it has none."""
    folder = Path(folder)
    if not folder.is_dir():
        raise CorpusError(f"no such folder: {folder}")
    root = folder / "queue" if (folder / "queue").is_dir() and not (folder / FUNC).exists() else folder
    dirs = list(_case_dirs(root, CASE_DEPTH))
    if dirs:
        cases = [_folder_case(d, d.relative_to(root).as_posix() or d.name) for d in dirs]
    else:
        cases = [Case(p.name, p, p.read_text(encoding="utf-8"), []) for p in sorted(root.glob("*.py"))
                 if p.is_file() and not p.name.startswith("_")]
    if not cases:
        raise CorpusError(f"{folder}: no test case folders (func.py + passes.json) and no .py seed files")
    return sorted(cases, key=lambda case: case.name)


def load_corpus(folders: Sequence[Path]) -> list[Case]:
    """The cases of every folder in the order given; names get the folder's name when there are several."""
    corpus = []
    for folder in folders:
        cases = load_folder(folder)
        if len(folders) > 1:
            for case in cases:
                case.name = f"{Path(folder).name}/{case.name}"
        corpus.extend(cases)
    names = [case.name for case in corpus]
    if len(set(names)) != len(names):
        raise CorpusError("two input folders give cases of the same name; pass folders with different names")
    return corpus


@dataclass
class CaseResult:
    name: str
    status: str
    added: np.ndarray  # entries this case reached first, in replay order
    duration: float


@dataclass
class ShowMap:
    """What a replay saw; entry indices are those of the backend's global map."""

    backend: str
    build_id: str
    total: int
    baseline: np.ndarray
    cases: list[CaseResult]
    flaky: np.ndarray
    worker_starts: int
    elapsed: float

    def beyond_baseline(self) -> np.ndarray:
        arrays = [case.added for case in self.cases]
        return np.unique(np.concatenate(arrays)) if arrays else np.zeros(0, np.int64)

    def covered(self) -> np.ndarray:
        return np.union1d(self.baseline, self.beyond_baseline())

    def summary(self) -> dict[str, Any]:
        beyond = self.beyond_baseline()
        statuses: dict[str, int] = {}
        for case in self.cases:
            statuses[case.status] = statuses.get(case.status, 0) + 1
        return {"cases": len(self.cases), "covered": int(self.covered().size), "baseline": int(self.baseline.size),
                "beyond_baseline": int(beyond.size), "adding_cases": sum(bool(c.added.size) for c in self.cases),
                "flaky_excluded": int(self.flaky.size), "total": self.total, "backend": self.backend,
                "worker_starts": self.worker_starts, "statuses": statuses, "elapsed_s": round(self.elapsed, 1)}

    def write_csv(self, path: Path) -> None:
        with open(path, "w", newline="", encoding="utf-8") as f:
            writer = csv.writer(f)
            writer.writerow(["index", "case", "status", "added_blocks", "cumulative_beyond_baseline", "duration_s"])
            cumulative = 0
            for index, case in enumerate(self.cases):
                cumulative += int(case.added.size)
                writer.writerow([index, case.name, case.status, int(case.added.size), cumulative,
                                 f"{case.duration:.3f}"])


def _bar(total: int, desc: str) -> Any:
    if not sys.stderr.isatty():
        return None
    from tqdm import tqdm

    return tqdm(total=total, desc=desc, unit="case", dynamic_ncols=True, file=sys.stderr)


@contextmanager
def _executor(backend: Any, timeout: float, log_path: Path | None) -> Iterator[Executor]:
    with tempfile.TemporaryDirectory(prefix="tzer-showmap-") as tmp:
        executor = Executor(backend, timeout=timeout, log_path=log_path or Path(tmp) / "worker.log")
        try:
            yield executor
        finally:
            executor.close()


def _empty_request() -> dict[str, Any]:
    return replay_request(EMPTY_KEY, [], {}, 0)


def replay(cases: Sequence[Case], backend: Any, *, timeout: float = 10.0, calibrate: int = 0,
           log_path: Path | None = None, progress: bool = True,
           on_done: Callable[[Any], None] | None = None) -> ShowMap:
    """Run `cases` in order in one fresh worker, merging into `backend.global_map` (which should be
    empty); `on_done(backend)` runs before the worker is closed (to save the map)."""
    started = time.monotonic()
    gmap = backend.global_map
    flaky = np.zeros(0, np.int64)
    calibration = list(cases[: max(0, calibrate)])
    bar = _bar(len(cases) + len(calibration), "showmap") if progress else None
    with _executor(backend, timeout, log_path) as executor:
        worker = executor.workers[0]
        first: np.ndarray | None = None
        if calibration:  # a throw-away process, nothing merged
            hits = [executor.run(_empty_request(), None, merge=False).hits, worker.startup_hits]
            for case in calibration:
                hits.append(executor.run(case.request(), case.script, merge=False).hits)
                if bar is not None:
                    bar.update()
            first = np.unique(np.concatenate([np.asarray(h, np.int64) for h in hits if h is not None]))
            executor.kill()
        starts = worker.starts
        empty = executor.run(_empty_request(), None)
        baseline = np.union1d(np.asarray(worker.startup_hits, np.int64), np.asarray(empty.hits, np.int64))
        gmap.add(baseline)
        results: list[CaseResult] = []
        for index, case in enumerate(cases):
            starts_before = worker.starts
            result = executor.run(case.request(), case.script)
            if worker.starts != starts_before and index:  # the worker was restarted for this case
                restart = gmap.uncovered(np.asarray(worker.startup_hits, np.int64))
                gmap.add(restart)
                baseline = np.union1d(baseline, restart)
            results.append(CaseResult(case.name, str(result.status), np.asarray(result.new_indices, np.int64),
                                      result.duration))
            if bar is not None:
                bar.update()
            if first is not None and index == len(calibration) - 1:
                second = np.union1d(baseline, np.concatenate([r.added for r in results]))
                flaky = np.setxor1d(first, second)
                gmap.exclude(flaky)
                baseline = np.setdiff1d(baseline, flaky)
                for r in results:
                    r.added = np.setdiff1d(r.added, flaky)
        if bar is not None:
            bar.close()
        if on_done is not None:
            on_done(backend)
        starts = worker.starts - starts
    return ShowMap(backend.name, gmap.build_id, backend.total, baseline, results, flaky, starts,
                   time.monotonic() - started)


def open_backend(name: str) -> Any:
    import memcov

    return memcov.open_backend(name, progress=sys.stderr.isatty())


def add_common_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("folders", nargs="+", type=Path, metavar="DIR",
                        help="campaign folder (its queue/), folder of test case folders, or seed folder of .py files")
    parser.add_argument("--coverage", default="breakpoint",
                        help="coverage backend (a name of memcov.REGISTRY; default breakpoint)")
    parser.add_argument("--timeout", type=duration, default=10.0, help="per case (default 10s)")
    parser.add_argument("--calibrate", type=int, default=0, metavar="K",
                        help="exclude blocks that differ between two fresh runs of the first K cases (default 0: off)")
    parser.add_argument("--log", type=Path, help="worker log file (default: a temporary file)")


def add_showmap_arguments(parser: argparse.ArgumentParser) -> None:
    add_common_arguments(parser)
    parser.add_argument("-o", "--out", type=Path, help="save the covered set (coverage.npz format of GlobalMap.save)")
    parser.add_argument("--per-case", type=Path, metavar="FILE.csv", help="write the blocks each case adds, in order")
    parser.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    parser.add_argument("--by-dir", action="store_true",
                        help="coverage per TVM source directory (memcov.atlas); inputs may then also be saved maps "
                             "(a campaign's coverage.npz, showmap -o), read instead of replayed")
    parser.add_argument("--depth", type=int, default=3,
                        help="--by-dir: directory levels (default 3: src/tirx/transform)")
    parser.add_argument("--all-dirs", action="store_true",
                        help="--by-dir: every TVM directory, not only the TIR ones (" + ", ".join(TIR_DIRECTORIES)
                             + ")")


def format_summary(summary: dict[str, Any]) -> str:
    statuses = ", ".join(f"{k} {v}" for k, v in sorted(summary["statuses"].items()))
    return "\n".join([
        f"cases           : {summary['cases']} ({statuses})",
        f"covered blocks  : {summary['covered']} of {summary['total']} ({summary['backend']})",
        f"import baseline : {summary['baseline']}",
        f"beyond baseline : {summary['beyond_baseline']} (from {summary['adding_cases']} cases that add blocks)",
        f"flaky excluded  : {summary['flaky_excluded']}",
        f"worker starts   : {summary['worker_starts']}",
        f"time            : {summary['elapsed_s']} s",
    ])


def run_cases(args: argparse.Namespace, cases: list[Case],
              on_done: Callable[[Any], None] | None = None) -> ShowMap:
    import memcov

    if args.calibrate < 0:
        raise CorpusError("--calibrate must be 0 or more")
    try:
        backend = open_backend(args.coverage)
    except (memcov.CoverageUnavailable, KeyError, ValueError) as error:
        raise CorpusError(f"coverage {args.coverage!r}: {error}") from None
    try:
        return replay(cases, backend, timeout=args.timeout, calibrate=args.calibrate, log_path=args.log,
                      on_done=on_done)
    except WorkerStartError as error:
        raise CorpusError(f"the worker did not start: {error}") from None
    finally:
        backend.close()


def _saved_maps(args: argparse.Namespace) -> list[Path] | None:
    """The inputs, when they are saved maps to read rather than cases to replay."""
    maps = [path for path in args.folders if path.suffix == ".npz"]
    if not maps:
        return None
    if len(maps) != len(args.folders) or not args.by_dir:
        raise CorpusError("saved maps (.npz) are read with --by-dir only, and not mixed with case folders")
    for path in maps:
        if not path.is_file():
            raise CorpusError(f"no such file: {path}")
    return maps


def _by_directory(backend: str, build_id: str, covered: np.ndarray, depth: int) -> dict[str, Any]:
    if depth < 1:
        raise CorpusError("--depth must be 1 or more")
    try:
        return by_directory(atlas_for(backend, build_id), covered, depth)
    except AtlasUnavailable as error:
        raise CorpusError(str(error)) from None


def _read_maps(paths: list[Path], depth: int) -> dict[str, Any]:
    """--by-dir on saved maps: the union of their covered entries."""
    try:
        maps = [read_map(path) for path in paths]
    except AtlasUnavailable as error:
        raise CorpusError(str(error)) from None
    if len({(backend, build_id) for backend, build_id, _ in maps}) > 1:
        raise CorpusError("the maps come from different backends or TVM builds")
    covered = np.unique(np.concatenate([indices for _, _, indices in maps]))
    return {"maps": [str(path) for path in paths], "covered": int(covered.size),
            **_by_directory(maps[0][0], maps[0][1], covered, depth)}


def _print_by_dir(summary: dict[str, Any], args: argparse.Namespace) -> None:
    print(json.dumps(summary) if args.json else
          format_by_dir(summary, None if args.all_dirs else TIR_DIRECTORIES))


def run_showmap(args: argparse.Namespace) -> int:
    try:
        if (maps := _saved_maps(args)) is not None:
            _print_by_dir(_read_maps(maps, args.depth), args)
            return 0
        cases = load_corpus(args.folders)
        for flag, path in (("-o", args.out), ("--per-case", args.per_case)):
            # Checked before the replay, whose work an unusable output path would throw away.
            if path is not None and not path.parent.is_dir():
                raise CorpusError(f"no such folder for {flag}: {path.parent}")
            if path is not None and path.is_dir():
                raise CorpusError(f"{flag} {path} is a folder; give the path of a file to write")
        result = run_cases(args, cases, on_done=(lambda b: b.global_map.save(args.out)) if args.out else None)
        summary = result.summary()
        if args.by_dir:
            summary |= _by_directory(result.backend, result.build_id, result.covered(), args.depth)
    except CorpusError as error:
        print(f"tzer showmap: {error}", file=sys.stderr)
        return 1
    if args.per_case is not None:
        result.write_csv(args.per_case)
    if args.by_dir:
        if not args.json:
            print(format_summary(summary) + "\n")
        _print_by_dir(summary, args)
    else:
        print(json.dumps(summary) if args.json else format_summary(summary))
    return 0

"""A campaign's life around the loop: set-up, resume, recording results, statistics, the end.

The loop (tzer/engine/loop.py) decides what to run and what to keep; this module owns everything
that outlives a round: the output folder, the pool's persistence, counters, the workers, the
coverage backend and its noise filter, and the findings' confirmation.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import numpy as np

import memcov
from seeds import SeedFile
from tirkit.script import is_block_form, is_tile_program
from tzer.campaign.folder import CampaignError, CampaignFolder, entry_name, pid_alive
from tzer.campaign.journal import COLD, PoolJournal
from tzer.campaign.recorder import Recorder, load_known
from tzer.campaign.state import CampaignState
from tzer.campaign.stats import Counters, StatsWriter, parse_fuzzer_stats, stats_values
from tzer.campaign.sync import new_entries
from tzer.campaign.testcase import TestCase, TestCaseError
from tzer.engine.analysis import AnalysisRounds
from tzer.engine.calibrate import calibrate
from tzer.engine.confirmer import Confirmer
from tzer.engine.favoured import Favoured
from tzer.engine.noise import NoiseFilter
from tzer.engine.pool import SeedPool
from tzer.engine.progress import Progress
from tzer.engine.rarity import BlockFrequency
from tzer.engine.scope import CoverageScope
from tzer.engine.seeding import initial_seeds, seed_folders
from tzer.environment import tvm_version
from tzer.execution.executor import Executor
from tzer.execution.ray_executor import ClusterUnreachable, check_reachable

if TYPE_CHECKING:
    from tzer.execution.ray_executor import RayExecutor
from tzer import runners, targets
from tzer.options import FuzzOptions
from tzer.passes.mutation import random_sequence, random_spec, repair
from tzer.passes.registry import registry
from tzer.runners import rpc
from tzer.targets import HOST
from tzer.vocabulary import ExecResult, FindingKind, Seed, Status

STATS_INTERVAL = 5.0
PLOT_DIRS_INTERVAL = 60.0
# favoured.npz holds a record per covered block (a million in an hour): it is written less often
# than state.json, and entries queued since its last save are favoured on resume.
FAVOURED_SAVE_SECONDS = 60.0
# Past --max-disk-mb, retired entries are deleted down to this share of it, so that deleting
# happens once per tenth of the bound, not for every new entry.
PRUNE_TO = 0.9
# Share of the seeds from TVM's tests whose first sequence starts with a pass their test applies,
# on the input the test gives it. Some rules are reached only so: memhammer's tensor-core tests copy
# an accumulator nothing writes, and LowerAutoCopy fails on them once the pipeline's earlier passes
# have run. The others start on a random sequence, as every other seed does.
TESTED_PASS_SHARE = 0.5
# Tests in a row that fail inside tzer itself (a worker that cannot run any test) before the
# campaign stops: past that, it would only spin and fill the log.
INTERNAL_ERROR_LIMIT = 200
MakeRequest = Callable[[Seed, Any, list[Any]], dict[str, Any]]


def log(message: str) -> None:
    print(f"[tzer] {message}", file=sys.stderr, flush=True)


class Campaign:
    """The state of one campaign in one output folder, and its writers."""

    def __init__(self, opts: FuzzOptions, rng: random.Random) -> None:
        self.opts = opts
        self.rng = rng
        self.pending: list[Seed] = []
        self.synced: list[Seed] = []  # siblings' entries (--sync) to run once
        self.sync_cursors: dict[str, int] = {}  # sibling folder -> the last of its entries read
        self.last_sync = float("-inf")
        # (function hash, pass sequence) -> the targets that combination was compiled for
        self.tested_targets: dict[tuple[str, str], set[str]] = {}
        self.next_seed_id = 1
        self.corpus_load_seconds = 0.0
        self.favoured_saved = time.monotonic()
        try:
            known = load_known(opts.known) if opts.known else []
        except ValueError as error:
            raise CampaignError(str(error)) from None
        try:
            self.targets = targets.chosen(opts.targets)
            self.not_run = not_run(opts.no_run)
        except ValueError as error:
            raise CampaignError(str(error)) from None
        if opts.ray:
            try:
                check_reachable(opts.ray)
            except ClusterUnreachable as error:
                raise CampaignError(f"--ray: {error}") from None
        if opts.rpc:
            # The workers inherit it: there the RPC runner finds its server.
            os.environ[rpc.ADDRESS_VARIABLE] = opts.rpc
            try:
                rpc.address()
            except ValueError as error:
                raise CampaignError(f"--rpc: {error}") from None
        fresh: list[Seed] = []
        if not opts.resume:
            # Bad seeds are reported before anything is created on disk.
            fresh = self._load_fresh_seeds()
        self.fresh_seeds = fresh
        self.folder = CampaignFolder.open(opts.out, opts.resume)
        self.journal = PoolJournal(self.folder.root)
        self.pool = SeedPool(timed=opts.feedback)
        self.analysis = AnalysisRounds(self, rng)
        self.counters = Counters()
        self.start_time = time.time()
        self.session_start = time.monotonic()
        self.session_execs = 0
        self.session_analysis_execs = 0
        self.fuzzing_ended: float | None = None
        self.stop_requested = False
        self.internal_errors_in_a_row = 0
        # Why the campaign stopped on its own failures (INTERNAL_ERROR_LIMIT); None while it works.
        self.broken: str | None = None
        self.tvm_version = tvm_version()
        self.backend: Any = None
        self.executor: Executor | RayExecutor = None  # type: ignore[assignment]  # set by session()
        self.noise: NoiseFilter = None  # type: ignore[assignment]
        self.stats = StatsWriter(self.folder.stats, self.folder.plot_data, self.folder.plot_dirs)
        self.confirmer = Confirmer(opts.timeout, self.folder.worker_log("clean"), opts.rss_limit_mb)
        self.recorder = Recorder(self.folder, {"coverage_backend": opts.coverage, "tvm_version": self.tvm_version},
                                 confirm=self.confirmer.add if opts.confirm else None, known=known)
        self.restarts_before = 0
        self.last_stats = 0.0
        self.last_plot_execs, self.last_plot_time = 0, time.monotonic()
        self.last_plot_dirs = 0.0

    @property
    def feedback_on(self) -> bool:
        return self.opts.feedback and self.backend.name != "none"

    # -- set-up ------------------------------------------------------------------------------
    def new_id(self) -> int:
        """The next queue entry's id (TIR and analysis entries share the numbering)."""
        self.next_seed_id += 1
        return self.next_seed_id - 1

    def _initial_passes(self, seed: SeedFile) -> list[dict[str, Any]]:
        """A random sequence; for a seed whose TVM test applied passes, often one of those first."""
        if self.opts.pass_mutation != "evolutionary":
            return []
        block_form, tile_program = is_block_form(seed.script), is_tile_program(seed.script)
        sequence = random_sequence(self.rng, block_form=block_form, tile_program=tile_program)
        known = registry()
        tested = [known[name] for name in seed.passes if name in known]
        if tested and self.rng.random() < TESTED_PASS_SHARE:
            sequence = repair([random_spec(self.rng, self.rng.choice(tested)), *sequence], block_form, tile_program)
        return sequence

    def _load_fresh_seeds(self) -> list[Seed]:
        started = time.monotonic()
        sources = initial_seeds(self.opts.seeds)
        self.corpus_load_seconds = time.monotonic() - started
        self.rng.shuffle(sources)
        return [Seed(id=self.new_id(), script=seed.script, passes=self._initial_passes(seed), origin="seed",
                     name=seed.name, target=self._initial_target(seed.script)) for seed in sources]

    def _initial_target(self, script: str) -> str:
        # Half the seeds start on the host, whose builds the differential oracles can run; the
        # others spread over the remaining targets from the first minute, not only when they stall.
        # A seed that only some targets accept (GPU kernels, scalable vectors) starts on one of them.
        fitting = self._accepting(script)
        if not fitting:
            return HOST if HOST in self.targets else self.targets[0]
        others = [name for name in fitting if name != HOST]
        if HOST in fitting and (not others or self.rng.random() < 0.5):
            return HOST
        return self.rng.choice(others)

    def _accepting(self, script: str) -> list[str]:
        """The campaign's targets that can take the function `script`: a function bound to GPU
        threads needs a GPU target (a CPU one rejects the kernel, for the test's fault, not TVM's),
        one with scalable vectors a target that has them, a TIRx tile program CUDA."""
        tile_program = is_tile_program(script)
        gpu_bound = tile_program or "threadIdx" in script or "blockIdx" in script
        scalable = "T.vscale()" in script
        return [name for name in self.targets
                if (not gpu_bound or targets.get(name).gpu) and (not scalable or targets.get(name).limits.scalable)
                and (not tile_program or targets.get(name).limits.cuda_intrinsics)]

    def _open_coverage(self) -> None:
        opts = self.opts
        self.backend = memcov.open_backend(opts.coverage, progress=opts.progress,
                                           tvm_library_path=opts.tvm_library_path)
        self.scope = CoverageScope.open(self.backend, opts.coverage_scope)
        if opts.ray:
            from tzer.execution.ray_executor import RayExecutor

            try:
                self.executor = RayExecutor(self.backend, address=opts.ray, jobs=opts.jobs, timeout=opts.timeout,
                                            rss_limit_mb=opts.rss_limit_mb, coverage=opts.coverage,
                                            tvm_library_path=opts.tvm_library_path)
            except ClusterUnreachable as error:
                raise CampaignError(f"--ray: {error}") from None
        else:
            env = {"TVM_LIBRARY_PATH": opts.tvm_library_path} if opts.tvm_library_path else {}
            self.executor = Executor(self.backend, jobs=opts.jobs, timeout=opts.timeout,
                                     rss_limit_mb=opts.rss_limit_mb, log_path=self.folder.worker_log("w0"), env=env)
        self.noise = NoiseFilter(self.backend)
        if opts.feedback and opts.schedule == "rare":
            self.pool.frequency = BlockFrequency(len(self.backend.global_map.entries))
        if opts.feedback:
            self.pool.favoured = Favoured(len(self.backend.global_map.entries))

    def _restore(self) -> None:
        if self.folder.stats.exists():
            stats = parse_fuzzer_stats(self.folder.stats.read_text())
            pid = int(stats.get("fuzzer_pid") or 0)
            if stats.get("status") == "running" and pid != os.getpid() and pid_alive(pid):
                raise CampaignError(f"campaign {self.folder.root} is still being fuzzed by pid {pid}")
        started = time.monotonic()
        state = CampaignState.load(self.folder.state, self.start_time)
        self.journal = PoolJournal.from_position(self.folder.root, state.journal)
        self.journal.resume()
        saved = {entry["id"]: entry for entry in state.pool}
        stored: list[Seed] = []
        legacy: list[int] = []
        queue = str(self.folder.queue)
        for entry_id in self.folder.entry_ids(self.folder.queue):
            info = saved.get(entry_id, {})
            rest = info.pop(COLD, None)
            # An entry the journal holds is restored from it, its other fields parsed when first
            # used; only those queued after the last save are read from their files.
            if rest is not None and "analysis" in info:
                self.analysis.restore_saved(info, rest)
                continue
            if rest is not None or "passes" in info:
                stored.append(Seed.from_journal(f"{queue}/{entry_name(entry_id)}", info, rest))
                if rest is None:  # from a version-1 state.json: the journal gets it at the next save
                    legacy.append(entry_id)
                continue
            try:
                case = TestCase.load(self.folder.queue / entry_name(entry_id))
            except TestCaseError:
                continue
            meta = case.meta
            if case.case is not None:
                self.analysis.restore(entry_id, case.case, meta, info)
                continue
            self.pool.add(Seed(id=entry_id, script=case.script, passes=case.passes, target=meta.get("target", HOST),
                               stall=info.get("stall", 0),
                               energy=info.get("energy", 1.0), picks=info.get("picks", 0),
                               finds=info.get("finds", 0), parent=meta.get("parent"),
                               origin=meta.get("origin", ""), name=meta.get("name", ""),
                               checks=info.get("checks", {}), rng=info.get("rng", 0),
                               function_hash=info.get("function_hash", ""), duration=info.get("duration", 0.0),
                               rare_blocks=info.get("rare_blocks", [])))
        self.pool.extend(stored)
        self.pool.touched.update(legacy)
        # A seed run after the last state save is in the queue already.
        self.pending = [seed for seed in self._restore_pending(state) if seed.id not in self.pool.by_id]
        if not self.pool.seeds and not self.pending and not self.analysis.pool.seeds:
            raise CampaignError(f"cannot resume: {self.folder.queue} holds no complete entries")
        self.next_seed_id = max([*self.pool.by_id, *self.analysis.pool.by_id, *(s.id for s in self.pending)],
                                default=0) + 1
        self.counters = Counters.from_dict(state.counters)
        self.sync_cursors = dict(state.synced)
        # A campaign from before the disk bound counted nothing: its folder is measured once.
        self.folder.stored = self.counters.stored_bytes if "stored_bytes" in state.counters \
            else self.folder.measure_stored()
        self.restarts_before = self.counters.worker_restarts
        self.last_plot_execs = self.counters.execs  # the next plot_data rate covers this session only
        self.counters.findings.clear()
        self.counters.findings.update({kind.value: n for kind, n in self.folder.count_findings().items() if n})
        self.start_time = state.start_time
        state.restore_rng(self.rng)
        if self.folder.coverage.exists():
            self.backend.global_map.load(self.folder.coverage)
        if self.pool.frequency is not None:
            self.pool.frequency.load(self.folder.rarity)
        if self.pool.favoured is not None:
            self.pool.favoured.load(self.folder.favoured)
        for path in self.recorder.pending():
            self.confirmer.add(path)
        if state.problem:
            log(f"warning: {state.problem}: rebuilt {len(self.pool)} corpus entries and {len(self.analysis.pool)} "
                "analysis cases from queue/ with fresh energies, counters from 0 (findings recounted from their "
                "folders) and a fresh random state; initial seeds not run yet are not known")
        self.corpus_load_seconds = time.monotonic() - started
        log(f"resumed: {self.corpus_count()} corpus entries ({len(self.analysis.pool)} of them analysis cases), "
            f"{sum(self.counters.findings.values())} findings, "
            f"{self.backend.global_map.covered()} covered, in {self.corpus_load_seconds * 1e3:.0f} ms")

    def _seed_source(self) -> str | None:
        source = self.opts.seeds
        return source if source in (None, "none") else ",".join(str(p.resolve()) for p in seed_folders(source))

    @staticmethod
    def _restore_pending(state: CampaignState) -> list[Seed]:
        """Initial seeds not run yet when the campaign stopped, re-read from their source."""
        if not state.pending:
            return []
        scripts = {seed.name: seed.script for seed in initial_seeds(state.seed_source)}
        return [Seed(id=entry["id"], script=scripts[entry["name"]], passes=entry["passes"], origin="seed",
                     name=entry["name"], target=entry.get("target", HOST))
                for entry in state.pending if entry["name"] in scripts]

    @contextmanager
    def session(self, make_request: MakeRequest) -> Iterator[None]:
        """Open coverage and workers, resume or calibrate, and always close down cleanly."""
        self._open_coverage()
        previous = {sig: signal.signal(sig, self._request_stop) for sig in (signal.SIGINT, signal.SIGTERM)}
        self.progress = Progress(self.opts)
        self.session_start = time.monotonic()
        try:
            if self.opts.resume:
                self._restore()
            else:
                fresh = self.fresh_seeds
                log(f"loaded {len(fresh)} seeds in {self.corpus_load_seconds * 1e3:.0f} ms")
                if self.opts.calibrate and self.opts.coverage != "none" and fresh:
                    flaky = calibrate(self.executor, self.noise, fresh, make_request, log)
                    log(f"calibration: {flaky} nondeterministic blocks excluded")
                # pop() takes from the end: reversed, so that seeds run in a shuffled but fixed order.
                self.pending = fresh[::-1]
            yield
        finally:
            self._finish()
            for sig, handler in previous.items():
                signal.signal(sig, handler)

    def require_seeds(self) -> None:
        if not self.pool.seeds and self.opts.analysis_share < 1:
            raise CampaignError("no usable seed: every seed failed to parse")

    # -- recording ---------------------------------------------------------------------------
    def record(self, seed: Seed, request: dict[str, Any], result: ExecResult, valuable: bool,
               kind: FindingKind | None) -> None:
        """Count a test and save what it found."""
        if self.counters.record(result, request, valuable):
            self.session_execs += 1
        self.counters.worker_restarts = self.restarts_before + self.executor.restarts
        meta = {"parent": seed.id, "mutator": (request.get("mutation") or {}).get("mutator"),
                "target": request.get("target", HOST),
                "exec": self.counters.execs, "elapsed": self.elapsed(), "new_coverage": result.new_coverage,
                "worker": result.worker}
        if kind is not None:
            path, sig = self.recorder.finding(kind, result, seed.script, request["passes"], request, meta)
            if path is not None:
                self.counters.saved_finding(kind, request.get("target", HOST))
                self.counters.last_find = time.time()
            elif self.recorder.is_known(sig):
                self.counters.suppressed += 1
        if result.status == Status.BAD_SEED:
            what = f"malformed seed {seed.name}" if seed.origin == "seed" else f"corpus entry {seed.id}"
            log(f"warning: skipping {what}: {result.outcome.message}")
            self.counters.bad_seeds += 1
        elif result.status == Status.INTERNAL_ERROR:
            saved = self.recorder.internal_error(result, seed.script, request["passes"], request, meta)
            log(f"warning: internal error in the worker: {result.outcome.message}"
                + (f" (the test is saved in {saved})" if saved else ""))
        self.count_internal_error(result)

    def log_internal_error(self, result: ExecResult) -> None:
        """An analysis request the worker could not run (a bug in tzer): said, not saved."""
        log(f"warning: internal error in the worker (analysis test): {result.outcome.message}")
        self.count_internal_error(result)

    def count_internal_error(self, result: ExecResult) -> None:
        """Counts tests in a row that failed inside tzer; stops the campaign at INTERNAL_ERROR_LIMIT."""
        if result.status != Status.INTERNAL_ERROR:
            self.internal_errors_in_a_row = 0
            return
        self.internal_errors_in_a_row += 1
        if self.internal_errors_in_a_row == INTERNAL_ERROR_LIMIT and self.broken is None:
            self.broken = (f"the last {INTERNAL_ERROR_LIMIT} tests all failed inside tzer itself (last: "
                           f"{result.outcome.message}); the tests are in {self.folder.internal_errors}")
            log(f"stopping: {self.broken}")
            self.stop_requested = True

    def add_initial_seed(self, seed: Seed, result: ExecResult) -> None:
        """The queue entry of an initial seed, or of a sibling's entry (`--sync`) that reached new code."""
        path = self.recorder.corpus_entry(seed.id, seed.script, seed.passes, {
            "origin": seed.origin, "name": seed.name, "target": seed.target, "new_coverage": result.new_coverage,
            "blocks": seed.rare_blocks, "elapsed": self.elapsed(), "exec": self.counters.execs})
        seed.release(str(path))

    def add_child(self, parent: Seed, result: ExecResult, passes: list[dict[str, Any]], origin: str,
                  target: str, rare_blocks: list[int]) -> Seed:
        """A queue entry for what a mutation of `parent` kept; `origin` names the mutator, or
        `passes` or `target` for a new sequence or target of the same function."""
        assert result.script is not None
        child = Seed(id=self.new_id(), script=result.script, passes=passes, parent=parent.id, origin=origin,
                     target=target, rare_blocks=rare_blocks, function_hash=result.mutant_hash or "",
                     duration=result.duration)
        self.pool.offer(child, result.hits)
        self.pool.add(child)
        path = self.recorder.corpus_entry(child.id, child.script, passes, {
            "parent": parent.id, "origin": origin, "name": "", "target": target, "new_coverage": result.new_coverage,
            "blocks": rare_blocks, "elapsed": self.elapsed(), "exec": self.counters.execs})
        child.release(str(path))
        return child

    def other_targets(self, seed: Seed) -> list[str]:
        """The targets a seed can move to: those that accept its function (`_accepting`)."""
        return [name for name in self._accepting(seed.script) if name != seed.target]

    def tested(self, function_hash: str | None, passes: list[dict[str, Any]], target: str) -> None:
        """Note that this function with this sequence was compiled for `target`."""
        if function_hash:
            self.tested_targets.setdefault(_combination(function_hash, passes), set()).add(target)

    def draw_target(self, seed: Seed) -> str | None:
        """A target for `seed` that its function and sequence were not compiled for yet (by it, its
        parent or a sibling), favouring the targets whose tests found the most new blocks per
        test; None when it has nowhere to go."""
        done = self.tested_targets.get(_combination(seed.function_hash, seed.passes), set())
        others = [name for name in self.other_targets(seed) if name not in done]
        return self.rng.choices(others, weights=self.counters.target_weights(others))[0] if others else None

    # -- budget and bookkeeping --------------------------------------------------------------
    def budget_left(self) -> bool:
        if self.stop_requested:
            return False
        opts = self.opts
        if opts.time_budget is not None and time.monotonic() - self.session_start >= opts.time_budget:
            return False
        # --execs counts TIR tests, as execs_done does; a campaign of analysis tests only counts those.
        done = self.session_analysis_execs if opts.analysis_share >= 1 else self.session_execs
        return opts.exec_budget is None or done < opts.exec_budget

    def _request_stop(self, signum: int, _frame: object) -> None:
        if self.stop_requested:
            raise KeyboardInterrupt
        self.stop_requested = True

    def _now(self) -> float:
        # The clock stops with the fuzzing: waiting for the last confirmations is not run time.
        return self.fuzzing_ended if self.fuzzing_ended is not None else time.monotonic()

    def elapsed(self) -> float:
        return self.counters.elapsed_before + (self._now() - self.session_start)

    def execs_per_sec(self) -> float:
        elapsed = self._now() - self.session_start
        return self.session_execs / elapsed if elapsed > 0 else 0.0

    def corpus_count(self) -> int:
        """Entries of queue/: TIR functions and the analysis cases the campaign kept (not the
        initial analysis cases, which every session makes again)."""
        return len(self.pool) + self.analysis.pool.kept

    def analysis_execs_per_sec(self) -> float:
        elapsed = self._now() - self.session_start
        return self.session_analysis_execs / elapsed if elapsed > 0 else 0.0

    def import_synced(self) -> None:
        """Read the siblings' new favoured entries (`--sync`), to run each once."""
        before = len(self.synced)
        same_map = {"coverage_backend": self.opts.coverage, "tvm_version": self.tvm_version}
        for entry in new_entries(self.folder.root, self.sync_cursors):
            meta = entry.case.meta
            target = meta.get("target", HOST)
            if target not in self.targets:
                continue
            # Blocks it brought to its campaign, where the block numbers mean the same here: an
            # entry whose blocks this campaign reached already is not worth a test.
            blocks = meta.get("blocks")
            if blocks and all(meta.get(key) == value for key, value in same_map.items()) \
                    and not len(self.backend.global_map.uncovered(np.asarray(blocks, dtype=np.int64))):
                self.counters.sync_skipped += 1
                continue
            self.synced.append(Seed(id=self.new_id(), script=entry.case.script, passes=entry.case.passes,
                                    target=target, origin="sync", name=f"{entry.node}/{entry_name(entry.entry_id)}"))
        if len(self.synced) > before:
            log(f"sync: {len(self.synced) - before} favoured entries of the campaigns beside {self.folder.root} to run")

    def _sync_positions(self) -> dict[str, int]:
        """The cursors to save: an entry read but not run yet is read again after a resume."""
        positions = dict(self.sync_cursors)
        for seed in self.synced:
            node, _, name = seed.name.partition("/")
            positions[node] = min(positions.get(node, 0), int(name[3:]) - 1)
        return positions

    def keep_within_disk_bound(self) -> None:
        """Past --max-disk-mb, delete retired queue entries, oldest first; stop the campaign when
        only favoured entries and findings are left."""
        limit = self.opts.max_disk_mb << 20
        if not limit or self.folder.stored <= limit:
            return
        pruned: set[int] = set()
        for seed in self.pool.seeds:
            if self.folder.stored <= limit * PRUNE_TO:
                break
            if not self.pool.live(seed):
                self.folder.remove_queue_entry(seed.id)
                pruned.add(seed.id)
        if pruned:
            self.pool.discard(pruned)
            self.counters.pruned += len(pruned)
            log(f"disk bound: deleted {len(pruned)} retired queue entries, oldest first; "
                f"{self.folder.stored / 2**20:.0f} of {self.opts.max_disk_mb} MiB used")
        if self.folder.stored > limit:
            log(f"stopping: queue entries and findings take {self.folder.stored / 2**20:.0f} MiB, over "
                f"--max-disk-mb {self.opts.max_disk_mb}, and no retired entry is left to delete; "
                "--resume with a larger --max-disk-mb continues")
            self.stop_requested = True

    def tick(self, final: bool = False) -> None:
        now = self._now()
        self.progress.update(self)
        self.keep_within_disk_bound()
        if self.opts.sync and now - self.last_sync >= self.opts.sync_every:
            self.last_sync = now
            self.import_synced()
        if final or now - self.last_stats >= STATS_INTERVAL:
            self.last_stats = now
            # State first: fuzzer_stats never claims more than --resume would restore.
            self._save_state(final)
            self._write_stats("finished" if final else "running")
            interval = now - self.last_plot_time
            rate = (self.counters.execs - self.last_plot_execs) / interval if interval > 0 else 0.0
            self.last_plot_execs, self.last_plot_time = self.counters.execs, now
            self.stats.plot_row(self.elapsed(), self.counters.execs, rate, self.backend.global_map.covered(),
                                self.corpus_count(), self.counters.valid_rate(), sum(self.counters.findings.values()),
                                len(self.recorder.signatures), self.counters.analysis_execs)
            if now - self.last_plot_dirs >= PLOT_DIRS_INTERVAL or final:
                self.last_plot_dirs = now
                self.stats.plot_dirs_rows(self.elapsed(), self.scope.directories(self.backend))

    def _write_stats(self, status: str) -> None:
        opts = self.opts
        extra = {"signatures": len(self.recorder.signatures), "confirmations_pending": len(self.confirmer),
                 "ignored_blocks": self.noise.ignored(),
                 "corpus_load_ms": int(self.corpus_load_seconds * 1e3), "workers": opts.jobs,
                 "nodes": self.executor.nodes(), "worker_pids": " ".join(map(str, self.executor.pids())),
                 "n_max": opts.n_max, "targets": ",".join(self.targets),
                 "mutators": opts.mutators, "pass_mutation": opts.pass_mutation, "feedback": int(opts.feedback),
                 "analysis_execs_per_sec": f"{self.analysis_execs_per_sec():.2f}",
                 "analysis_corpus": len(self.analysis.pool), "max_disk_mb": opts.max_disk_mb,
                 "coverage_scope": self.scope.name, "coverage_scope_total": self.scope.blocks(self.backend),
                 **{f"dir_{name}": f"{covered}/{blocks}"
                    for name, (covered, blocks) in self.scope.directories(self.backend).items()}}
        if self.pool.favoured is not None:
            extra["favoured"] = self.pool.favoured.count
            extra["favoured_blocks"] = self.pool.favoured.blocks
        self.stats.write(stats_values(
            self.counters, start_time=self.start_time, run_time=self.elapsed(),
            execs_per_sec=self.execs_per_sec(), corpus=self.corpus_count(), backend=self.backend.name,
            coverage_total=self.backend.total, coverage_covered=self.backend.global_map.covered(),
            status=status, tvm_version=self.tvm_version, command_line=" ".join(opts.command_line),
            pid=os.getpid(), extra=extra))

    def _save_state(self, final: bool = False) -> None:
        self.backend.global_map.save(self.folder.coverage)
        if self.pool.frequency is not None:
            self.pool.frequency.save(self.folder.rarity)
        favoured_due = final or time.monotonic() - self.favoured_saved >= FAVOURED_SAVE_SECONDS
        if self.pool.favoured is not None and favoured_due:
            self.pool.favoured.save(self.folder.favoured)
            self.favoured_saved = time.monotonic()
        self.counters.stored_bytes = self.folder.stored
        counters = self.counters.to_dict()
        counters["elapsed_before"] = self.elapsed()
        changed = [*self.pool.take_touched(), *self.analysis.pool.take_touched()]
        replaced = self.journal.save((seed.state() for seed in changed),
                                     (seed.state() for seeds in (self.pool.seeds, self.analysis.pool.seeds)
                                      for seed in seeds),
                                     len(self.pool) + len(self.analysis.pool))
        CampaignState(start_time=self.start_time, counters=counters,
                      rng=self.rng.getstate(), journal=self.journal.position(),
                      seed_source=self._seed_source(),
                      pending=[seed.state() for seed in self.pending],
                      synced=self._sync_positions()).save(self.folder.state)
        if replaced is not None:
            replaced.unlink(missing_ok=True)

    def _finish(self) -> None:
        covered = 0
        try:
            if self.backend is not None:
                self.fuzzing_ended = time.monotonic()
                self.confirmer.drain()
                self.tick(final=True)
                covered = self.backend.global_map.covered()
        finally:
            self.progress.close()
            self.confirmer.close()
            if self.executor is not None:
                self.executor.close()
            if self.backend is not None:
                self.backend.close()
        log(f"done: {self.counters.execs} execs, {self.counters.analysis_execs} analysis tests, "
            f"{self.corpus_count()} corpus entries, "
            f"{sum(self.counters.findings.values())} findings, {covered} covered; output in {self.folder.root}")


def _combination(function_hash: str, passes: list[dict[str, Any]]) -> tuple[str, str]:
    """The key of `tested_targets`: a function and a pass sequence, whichever seed holds them."""
    return function_hash, json.dumps(passes, sort_keys=True)


def not_run(spec: str) -> frozenset[str]:
    """The targets of `--no-run` (target names, and runner names standing for their targets);
    ValueError for a name that is neither."""
    names = {name.strip() for name in spec.split(",") if name.strip()}
    known_runners = {runner.name for runner in runners.RUNNERS}
    unknown = sorted(names - known_runners - set(targets.BY_NAME))
    if unknown:
        raise ValueError(f"--no-run: unknown target or runner {unknown[0]!r}; "
                         f"runners: {', '.join(sorted(known_runners))}")
    return frozenset(name for name in targets.BY_NAME if name in names or _runner_name(name) in names)


def _runner_name(target: str) -> str | None:
    runner = runners.runner_for(targets.get(target))
    return runner.name if runner is not None else None

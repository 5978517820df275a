"""The campaign: the paper's Algorithm 1 run until the budget is spent, with everything recorded.

Each round takes a seed (F, P, N). When N reached N_max the pass sequence is mutated and
(F, P') is run; otherwise F is mutated and (F', P) is run. What reaches new compiler code is
kept; what breaks the compiler is judged by the oracles and recorded.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sys
import time
from pathlib import Path
from typing import Any

import memcov
import mutators
from tzer.campaign.files import write_json
from tzer.campaign.folder import CampaignError, CampaignFolder, pid_alive
from tzer.campaign.recorder import Recorder
from tzer.campaign.stats import Counters, StatsWriter, parse_fuzzer_stats, stats_values
from tzer.engine.calibrate import calibrate, rerun_new
from tzer.engine.noise import NoiseFilter
from tzer.engine.pool import Seed, SeedPool
from tzer.engine.progress import Progress
from tzer.engine.seeding import initial_seeds
from tzer.execution import protocol as P
from tzer.execution.executor import ExecResult, Executor
from tzer.options import FuzzOptions
from tzer.oracles import compiled, judge
from tzer.passes.mutation import mutate_sequence, random_sequence
from tzer.triage.confirm import CONFIRMED, clean_executor, confirm

STATS_INTERVAL = 5.0
RECALIBRATION_RATE = 0.03
STATE_VERSION = 1


def _tvm_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("apache-tvm")
    except PackageNotFoundError:
        return "unknown"


class Fuzzer:
    """One campaign in one output folder."""

    def __init__(self, opts: FuzzOptions) -> None:
        self.opts = opts
        self.fresh_seeds: list[Seed] = []
        self.pending: list[Seed] = []
        self.next_seed_id = 1
        self.rng = random.Random(opts.seed)
        self.corpus_load_seconds = 0.0
        if not opts.resume:
            # Bad seeds are reported before anything is created on disk.
            self.fresh_seeds = self._load_fresh_seeds()
        self.folder = CampaignFolder.open(opts.out, opts.resume)
        self.pool = SeedPool()
        self.counters = Counters()
        self.mutators = mutators.all_mutators() if opts.mutators == "all" else mutators.general_mutators()
        self.start_time = time.time()
        self.session_start = time.monotonic()
        self.session_execs = 0
        self.stop_requested = False
        self.tvm_version = _tvm_version()
        self.backend: Any = None
        self.executor: Executor | None = None
        self.clean_executor: Executor | None = None
        self.stats = StatsWriter(self.folder.stats, self.folder.plot_data)
        self.recorder = Recorder(self.folder, self._confirm, {
            "coverage_backend": opts.coverage, "tvm_version": self.tvm_version})
        self.last_stats = 0.0
        self.last_plot_execs, self.last_plot_time = 0, time.monotonic()

    # -- set-up ------------------------------------------------------------------------------
    def _open_coverage(self) -> None:
        self.backend = memcov.open_backend(self.opts.coverage, progress=self.opts.progress,
                                           tvm_library_path=self.opts.tvm_library_path)
        env = {"TVM_LIBRARY_PATH": self.opts.tvm_library_path} if self.opts.tvm_library_path else {}
        self.executor = Executor(self.backend, timeout=self.opts.timeout, rss_limit_mb=self.opts.rss_limit_mb,
                                 log_path=self.folder.worker_log("w0"), env=env)
        self.noise = NoiseFilter(self.backend)

    def _initial_passes(self) -> list[dict[str, Any]]:
        return random_sequence(self.rng) if self.opts.pass_mutation == "evolutionary" else []

    def _load_fresh_seeds(self) -> list[Seed]:
        started = time.monotonic()
        sources = initial_seeds(self.opts.seeds)
        self.corpus_load_seconds = time.monotonic() - started
        self.rng.shuffle(sources)
        return [Seed(id=self._new_id(), script=script, passes=self._initial_passes(), origin="seed", name=name)
                for name, script in sources]

    def _restore(self) -> None:
        if self.folder.stats.exists():
            stats = parse_fuzzer_stats(self.folder.stats.read_text())
            pid = int(stats.get("fuzzer_pid") or 0)
            if stats.get("status") == "running" and pid != os.getpid() and pid_alive(pid):
                raise CampaignError(f"campaign {self.folder.root} is still being fuzzed by pid {pid}")
        try:
            state = json.loads(self.folder.state.read_text())
        except (OSError, ValueError):
            state = {}
        saved = {entry["id"]: entry for entry in state.get("pool", [])}
        for entry in self.folder.load_entries(self.folder.queue):
            info = saved.get(entry["id"], {})
            meta = entry["meta"]
            self.pool.add(Seed(id=entry["id"], script=entry["script"], passes=entry["passes"],
                               stall=info.get("stall", 0), energy=info.get("energy", 1.0),
                               picks=info.get("picks", 0), finds=info.get("finds", 0),
                               parent=meta.get("parent"), origin=meta.get("origin", ""),
                               name=meta.get("name", "")))
        # A seed run after the last state save is in the queue already.
        self.pending = [seed for seed in self._restore_pending(state) if seed.id not in self.pool.by_id]
        if not self.pool.seeds and not self.pending:
            raise CampaignError(f"cannot resume: {self.folder.queue} holds no complete entries")
        self.next_seed_id = max([*self.pool.by_id, *(s.id for s in self.pending)], default=0) + 1
        self.counters = Counters.from_dict(state.get("counters", {}))
        self.last_plot_execs = self.counters.execs  # the next plot_data rate covers this session only
        self.counters.findings.clear()
        self.counters.findings.update({k: v for k, v in self.folder.count_findings().items() if v})
        self.start_time = state.get("start_time", self.start_time)
        self.noise.restore(state.get("noisy_functions", []))
        if "rng" in state:
            version, internal, gauss = state["rng"]
            self.rng.setstate((version, tuple(internal), gauss))
        if self.folder.coverage.exists():
            self.backend.global_map.load(self.folder.coverage)
        self._log(f"resumed: {len(self.pool)} corpus entries, {sum(self.counters.findings.values())} findings, "
                  f"{self.backend.global_map.covered()} covered")

    def _seed_source(self) -> str | None:
        source = self.opts.seeds
        return source if source in (None, "none") else str(Path(source).resolve())

    @staticmethod
    def _restore_pending(state: dict[str, Any]) -> list[Seed]:
        """Initial seeds not run yet when the campaign stopped, re-read from their source."""
        waiting = state.get("pending", [])
        if not waiting:
            return []
        scripts = dict(initial_seeds(state.get("seed_source")))
        return [Seed(id=entry["id"], script=scripts[entry["name"]], passes=entry["passes"], origin="seed",
                     name=entry["name"]) for entry in waiting if entry["name"] in scripts]

    # -- running tests -----------------------------------------------------------------------
    def _new_id(self) -> int:
        self.next_seed_id += 1
        return self.next_seed_id - 1

    def _request(self, seed: Seed, mutation: dict[str, Any] | None, passes: list[dict[str, Any]]) -> dict[str, Any]:
        rng = self.rng
        checks = P.Checks(differential=rng.random() < self.opts.diff_rate, perf=rng.random() < self.opts.perf_rate,
                          idempotence=rng.random() < self.opts.idempotence_rate,
                          roundtrip=rng.random() < self.opts.roundtrip_rate)
        return {"seed_key": seed.key, "mutation": mutation, "passes": passes, "checks": checks.to_dict(),
                "rng": rng.getrandbits(32)}

    def _execute(self, seed: Seed, request: dict[str, Any]) -> tuple[ExecResult, bool]:
        """Run one test, record what it found; returns the result and whether it is valuable:
        it compiled and reached a new block outside the noisy functions."""
        assert self.executor is not None
        starts = self.executor.starts
        result = self.executor.run(request, seed.script)
        if self.executor.starts > starts and starts:
            self.counters.worker_restarts += 1
        valuable = compiled(result) and self.noise.signal(result.new_indices) > 0
        self._count(result, request, valuable)
        kind = judge(result)
        if kind is not None:
            meta = {"parent": seed.id, "mutator": (request.get("mutation") or {}).get("mutator"),
                    "exec": self.counters.execs, "elapsed": self._elapsed(), "new_coverage": result.new_coverage}
            saved, _ = self.recorder.finding(kind, result, seed.script, request["passes"], request, meta)
            if saved:
                self.counters.findings[kind] += 1
                self.counters.last_find = time.time()
        if result.status == P.BAD_SEED:
            self._log(f"warning: skipping malformed seed {seed.name or seed.id}: {result.outcome.message}")
            self.counters.bad_seeds += 1
            self.pool.remove(seed)
        elif result.status == "internal_error":
            self._log(f"warning: internal error in the worker: {result.outcome.message}")
        return result, valuable

    def _count(self, result: ExecResult, request: dict[str, Any], valuable: bool) -> None:
        c = self.counters
        status = result.status
        if status in (P.NO_MUTATION, P.BAD_SEED):
            c.no_mutation += status == P.NO_MUTATION
            c.mutator_errors += bool(result.outcome.details.get("mutator_error"))
            return
        if status == "internal_error":
            c.internal_errors += 1
            return
        c.execs += 1
        self.session_execs += 1
        mutator = (request.get("mutation") or {}).get("mutator")
        if mutator:
            c.mutator_tried[mutator] += 1
        if status == P.INVALID:
            c.invalid += 1
            return
        c.valid += 1
        c.rejected += status == P.REJECTED
        if mutator:
            c.mutator_valid[mutator] += 1
        if request["passes"] and result.stage is not None:
            c.pass_seq_tried += 1
            c.pass_seq_applied += not (status in (P.EXCEPTION, P.REJECTED) and result.outcome.stage == P.PASS)
        if "discarded" in result.outcome.details:
            c.discarded_comparisons += 1
        c.valuable += valuable

    def _confirm(self, kind: str, script: str, passes: list[Any], checks: dict[str, bool], rng: int) -> str:
        if not self.opts.confirm:
            return "not_checked"
        if self.clean_executor is None:
            self.clean_executor = clean_executor(self.opts.timeout, self.folder.worker_log("clean"),
                                                 self.opts.rss_limit_mb)
        verdict, _ = confirm(self.clean_executor, script, passes, checks, rng, kind)
        return "confirmed" if verdict == CONFIRMED else "unconfirmed"

    def _add_to_corpus(self, script: str, passes: list[dict[str, Any]], parent: Seed | None, origin: str,
                       name: str = "", new_coverage: int = 0) -> Seed:
        child = Seed(id=self._new_id(), script=script, passes=passes, parent=parent.id if parent else None,
                     origin=origin, name=name)
        self.pool.add(child)
        self.recorder.corpus_entry(child.id, script, passes, {
            "parent": child.parent, "origin": origin, "name": name, "new_coverage": new_coverage,
            "elapsed": self._elapsed(), "exec": self.counters.execs})
        return child

    # -- the loop ----------------------------------------------------------------------------
    def _run_pending_seed(self) -> None:
        """Run one initial seed as it is: a bad seed drops out, a good one joins pool and queue.

        Initial seeds are run one per two rounds, between fuzzing rounds, rather than all up
        front: with hundreds of seeds an up-front dry run would take minutes before the first
        mutant.
        """
        seed = self.pending.pop()
        self.pool.add(seed)
        result, _ = self._execute(seed, self._request(seed, None, seed.passes))
        if result.status != P.BAD_SEED:
            self.recorder.corpus_entry(seed.id, seed.script, seed.passes, {
                "origin": "seed", "name": seed.name, "new_coverage": result.new_coverage,
                "elapsed": self._elapsed(), "exec": self.counters.execs})

    def _round(self) -> None:
        opts, rng = self.opts, self.rng
        if self.pending and (not self.pool.seeds or rng.random() < 0.5):
            self._run_pending_seed()
            return
        if opts.feedback and self.backend.name != "none" and rng.random() < RECALIBRATION_RATE:
            self._recalibrate()
            return
        seed = self.pool.select(rng)
        if opts.pass_mutation == "evolutionary" and seed.stall >= opts.n_max:
            other = self.pool.other(rng, seed)
            _, new_passes = mutate_sequence(seed.passes, rng, other.passes if other else None)
            result, valuable = self._execute(seed, self._request(seed, None, new_passes))
            self.counters.pass_mutations += 1
            gained = valuable if opts.feedback else compiled(result)
            if gained and compiled(result) and seed.id in self.pool.by_id:
                seed.passes = new_passes
                self.counters.pass_mutations_kept += 1
                self.recorder.corpus_passes_changed(seed.id, seed.passes, {
                    "parent": seed.parent, "origin": seed.origin, "name": seed.name,
                    "passes_mutated_at_exec": self.counters.execs, "elapsed": self._elapsed()})
            seed.stall = 0
            return
        mutator = rng.choice(self.mutators)
        if opts.pass_mutation == "evolutionary":
            passes = seed.passes
        elif opts.pass_mutation == "random":
            passes = random_sequence(rng)
        else:
            passes = []
        mutation = {"mutator": mutator.name, "rng": rng.getrandbits(63)}
        result, valuable = self._execute(seed, self._request(seed, mutation, passes))
        gained = valuable if opts.feedback else True
        if gained and compiled(result) and result.script is not None:
            child = self._add_to_corpus(result.script, passes, seed, mutator.name, new_coverage=result.new_coverage)
            assert self.executor is not None
            self.executor.adopt_last_mutant(child.key)
            self.counters.mutator_kept[mutator.name] += 1
            self.pool.rewarded(seed)
            seed.stall = 0
        elif seed.id in self.pool.by_id:
            self.pool.unrewarded(seed)
            seed.stall += 1

    def _recalibrate(self) -> None:
        """Re-run a corpus entry unchanged: anything new it reaches is noise to learn."""
        seed = self.rng.choice(self.pool.seeds)
        assert self.executor is not None
        self.counters.recalibrations += 1
        self.noise.learn(rerun_new(self.executor, seed, self._request(seed, None, seed.passes)))

    def _budget_left(self) -> bool:
        if self.stop_requested:
            return False
        if self.opts.time_budget is not None and time.monotonic() - self.session_start >= self.opts.time_budget:
            return False
        return self.opts.exec_budget is None or self.session_execs < self.opts.exec_budget

    def run(self) -> int:
        """Run the campaign to the end of its budget; returns the process exit code."""
        self._open_coverage()
        previous = {sig: signal.signal(sig, self._request_stop) for sig in (signal.SIGINT, signal.SIGTERM)}
        progress = Progress(self.opts)
        self.session_start = time.monotonic()
        try:
            if self.opts.resume:
                self._restore()
            else:
                fresh = self.fresh_seeds
                self._log(f"loaded {len(fresh)} seeds in {self.corpus_load_seconds * 1e3:.0f} ms")
                if self.opts.calibrate and self.opts.coverage != "none" and fresh:
                    assert self.executor is not None
                    flaky = calibrate(self.executor, self.noise, fresh, self._request, self._log)
                    self._log(f"calibration: {flaky} nondeterministic blocks excluded, "
                              f"{len(self.noise.noisy_functions())} functions marked noisy")
                # pop() takes from the end: reversed, so that seeds run in a shuffled but fixed order.
                self.pending = fresh[::-1]
            while self._budget_left() and (self.pool.seeds or self.pending):
                self._round()
                self._tick(progress)
            if not self.pool.seeds:
                raise CampaignError("no usable seed: every seed failed to parse")
        finally:
            self._finish(progress)
            for sig, handler in previous.items():
                signal.signal(sig, handler)
        return 0

    # -- bookkeeping -------------------------------------------------------------------------
    def _request_stop(self, signum: int, _frame: object) -> None:
        if self.stop_requested:
            raise KeyboardInterrupt
        self.stop_requested = True

    def _elapsed(self) -> float:
        return self.counters.elapsed_before + (time.monotonic() - self.session_start)

    def _execs_per_sec(self) -> float:
        elapsed = time.monotonic() - self.session_start
        return self.session_execs / elapsed if elapsed > 0 else 0.0

    def _tick(self, progress: Progress, final: bool = False) -> None:
        now = time.monotonic()
        progress.update(self)
        if final or now - self.last_stats >= STATS_INTERVAL:
            self.last_stats = now
            # State first: fuzzer_stats never claims more than --resume would restore.
            self._save_state()
            self._write_stats("finished" if final else "running")
            interval = now - self.last_plot_time
            rate = (self.counters.execs - self.last_plot_execs) / interval if interval > 0 else 0.0
            self.last_plot_execs, self.last_plot_time = self.counters.execs, now
            self.stats.plot_row(self._elapsed(), self.counters.execs, rate, self.backend.global_map.covered(),
                                len(self.pool), self.counters.valid_rate(), sum(self.counters.findings.values()))

    def _write_stats(self, status: str) -> None:
        extra = {"n_max": self.opts.n_max, "mutators": self.opts.mutators,
                 "pass_mutation": self.opts.pass_mutation, "feedback": int(self.opts.feedback),
                 "corpus_load_ms": int(self.corpus_load_seconds * 1e3),
                 "signatures": len(self.recorder.signatures),
                 "flaky_blocks": self.backend.global_map.excluded(),
                 "noisy_functions": len(self.noise.noisy_functions())}
        self.stats.write(stats_values(
            self.counters, start_time=self.start_time, run_time=self._elapsed(),
            execs_per_sec=self._execs_per_sec(), corpus=len(self.pool), backend=self.backend.name,
            coverage_total=self.backend.total, coverage_covered=self.backend.global_map.covered(),
            status=status, tvm_version=self.tvm_version, command_line=" ".join(self.opts.command_line),
            pid=os.getpid(), extra=extra))

    def _save_state(self) -> None:
        self.backend.global_map.save(self.folder.coverage)
        counters = self.counters.to_dict()
        counters["elapsed_before"] = self._elapsed()
        version, internal, gauss = self.rng.getstate()
        write_json(self.folder.state, {
            "version": STATE_VERSION, "start_time": self.start_time, "counters": counters,
            "noisy_functions": self.noise.noisy_functions(),
            "rng": [version, list(internal), gauss], "pool": [seed.state() for seed in self.pool.seeds],
            "seed_source": self._seed_source(), "pending": [seed.state() for seed in self.pending]})

    def _finish(self, progress: Progress) -> None:
        covered = 0
        try:
            if self.backend is not None:
                self._tick(progress, final=True)
                covered = self.backend.global_map.covered()
        finally:
            progress.close()
            for executor in (self.executor, self.clean_executor):
                if executor is not None:
                    executor.close()
            if self.backend is not None:
                self.backend.close()
        self._log(f"done: {self.counters.execs} execs, {len(self.pool)} corpus entries, "
                  f"{sum(self.counters.findings.values())} findings, {covered} covered; "
                  f"output in {self.folder.root}")

    def _log(self, message: str) -> None:
        print(f"[tzer] {message}", file=sys.stderr, flush=True)

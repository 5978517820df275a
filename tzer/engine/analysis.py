"""The analysis side of a campaign: its pool of analysis test cases, its rounds and their results.

A round hands a worker one case of the pool and a batch seed; the worker runs up to BATCH_TESTS
mutants of it (tzer/execution/arith_harness.py). What comes back is learnt here: each test that
logged blocks new to the campaign joins the pool (and queue/) beside its parent, findings are
recorded and queued for confirmation, and a crash, a hang or a memory blow-up is pinned on the
test the worker was on, rebuilt from the request. The pool starts with one generated case per
analysis and the cases harvested from the shipped corpus (seeds/arith.json).

Seeds are picked per analysis first (the analysis with the fewest tests so far, so that every
analysis keeps being tested alike), then by energy among that analysis's cases, as the TIR pool
does.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

import seeds
from mutators.arith import NoArithMutation
from tirkit.arith_case import ArithCase, CaseError
from tzer.arith import ANALYSES
from tzer.arith.mutation import fresh, mutant, test_seed
from tzer.arith.run import ArithResult
from tzer.engine.pool import ENERGY_DECAY, ENERGY_FLOOR, ENERGY_GAIN, take_touched
from tzer.execution.progress import PROGRESS_VARIABLE
from tzer.vocabulary import (
    ANALYSIS,
    TIR,
    WORKER_GONE,
    AnalysisFinding,
    ExecResult,
    FindingKind,
    Status,
    Stored,
    lazy_fields,
)

if TYPE_CHECKING:
    from tzer.engine.campaign import Campaign

# Tests per analysis request: a batch takes about half a second. It stops early past BATCH_SECONDS
# (a slow proof), far below --timeout; then a seeded campaign may not repeat itself exactly.
BATCH_TESTS = 256
BATCH_SECONDS = 3.0
DONOR_SHARE = 0.3


@lazy_fields
@dataclass
class AnalysisSeed(Stored):
    """One case of the analysis pool (resumed from the journal with its case left unparsed until
    it is picked: Stored)."""

    id: int
    case: dict[str, Any]
    energy: float = 1.0
    picks: int = 0
    finds: int = 0
    parent: int | None = None
    origin: str = ""

    @property
    def analysis(self) -> str:
        known = self.__dict__.get("analysis")  # a stored entry's, from the journal's first part
        return known if known is not None else str(self.case.get("analysis"))

    def state(self) -> dict[str, Any]:
        """Everything --resume needs, the case included (a few hundred bytes): a resumed campaign
        reads its analysis entries from the pool journal, not from their folders."""
        return {"id": self.id, "analysis": self.analysis, "energy": self.energy, "picks": self.picks,
                "finds": self.finds, "case": self.case, "parent": self.parent, "origin": self.origin}


@dataclass
class AnalysisRound:
    """One planned analysis request; `what` and `script` as the loop reads them off a TIR round."""

    seed: AnalysisSeed
    request: dict[str, Any]
    donor: dict[str, Any] | None = None
    what: str = ANALYSIS
    script: str | None = None


@dataclass
class AnalysisPool:
    seeds: list[AnalysisSeed] = field(default_factory=list)
    by_id: dict[int, AnalysisSeed] = field(default_factory=dict)
    by_analysis: dict[str, list[AnalysisSeed]] = field(default_factory=dict)
    touched: set[int] = field(default_factory=set)  # ids picked or added since take_touched()
    kept: int = 0  # cases a test found (queue entries), not initial ones

    def __len__(self) -> int:
        return len(self.seeds)

    def add(self, seed: AnalysisSeed, saved: bool = False) -> None:
        """`saved`: a case resumed from the journal, which holds its state already."""
        self.seeds.append(seed)
        self.by_id[seed.id] = seed
        self.by_analysis.setdefault(seed.analysis, []).append(seed)
        self.kept += seed.parent is not None
        if not saved:
            self.touched.add(seed.id)

    def select(self, rng: random.Random, tested: dict[str, int]) -> AnalysisSeed:
        """A case of the analysis tested least so far (`tested`: tests per analysis), by energy."""
        fewest = min(tested.get(name, 0) for name in self.by_analysis)
        group = self.by_analysis[rng.choice(sorted(name for name in self.by_analysis
                                                   if tested.get(name, 0) == fewest))]
        weights = np.fromiter((s.energy for s in group), float, len(group))
        cumulative = np.cumsum(weights)
        index = int(np.searchsorted(cumulative, rng.random() * cumulative[-1], side="right"))
        seed = group[min(index, len(group) - 1)]
        seed.picks += 1
        self.touched.add(seed.id)
        return seed

    def take_touched(self) -> list[AnalysisSeed]:
        """The cases picked or added since the last call: only their state can have changed."""
        return take_touched(self.touched, self.by_id)


class AnalysisRounds:
    """Plans analysis rounds and learns from their results, for one campaign."""

    def __init__(self, campaign: Campaign, rng: random.Random) -> None:
        self.campaign = campaign
        self.rng = rng
        self.pool = AnalysisPool()
        self.started = False

    def start(self) -> None:
        """Add the initial cases, once a session: the harvested ones and one generated case per
        analysis. They are not queue entries (they are made again at every start, as the TIR seeds
        are read again): only what a campaign's tests found is."""
        if self.started:
            return
        self.started = True
        for name, case in seeds.arith_cases():
            self.pool.add(AnalysisSeed(self.campaign.new_id(), case, origin=f"harvested:{name}"))
        for name in sorted(ANALYSES):
            case = fresh(name, self.rng.getrandbits(32)).to_json()
            self.pool.add(AnalysisSeed(self.campaign.new_id(), case, origin="generated"))

    def restore(self, entry_id: int, case: dict[str, Any], meta: dict[str, Any], state: dict[str, Any]) -> None:
        """A queue entry read from its folder (`state`: what the journal said of it, if anything)."""
        seed = AnalysisSeed(entry_id, case, energy=state.get("energy", 1.0), picks=state.get("picks", 0),
                            finds=state.get("finds", 0), parent=meta.get("parent"), origin=meta.get("origin", ""))
        self.pool.add(seed)

    def restore_saved(self, state: dict[str, Any], rest: bytes) -> None:
        """A queue entry as the journal holds it, its case parsed when first needed."""
        self.pool.add(AnalysisSeed.stored(state, rest), saved=True)

    def _add(self, case: dict[str, Any], parent: AnalysisSeed, origin: str, new_blocks: int) -> AnalysisSeed:
        """A queue entry for a mutant of `parent` that reached `new_blocks` blocks new to the campaign."""
        campaign = self.campaign
        seed = AnalysisSeed(campaign.new_id(), case, parent=parent.id, origin=origin)
        self.pool.add(seed)
        campaign.recorder.analysis_entry(seed.id, case, {
            "parent": seed.parent, "origin": origin, "analysis": seed.analysis, "new_coverage": new_blocks,
            "elapsed": campaign.elapsed(), "exec": campaign.counters.analysis_execs})
        return seed

    # -- planning ----------------------------------------------------------------------------
    def due(self) -> bool:
        """Whether the next round should be an analysis round, for the workers' time to follow
        --analysis-share."""
        share = self.campaign.opts.analysis_share
        if share <= 0:
            return False
        if share >= 1:
            return True
        spent = self.campaign.counters.subject_seconds
        total = spent[ANALYSIS] + spent[TIR]
        return self.rng.random() < share if total <= 0 else spent[ANALYSIS] < share * total

    def plan(self) -> AnalysisRound:
        self.start()
        rng = self.rng
        effects = self.campaign.counters.analysis_effects
        seed = self.pool.select(rng, {name: counts["tests"] for name, counts in effects.items()})
        donor = rng.choice(self.pool.seeds).case if rng.random() < DONOR_SHARE and len(self.pool) > 1 else None
        request = {"subject": ANALYSIS, "seed_key": f"a{seed.id}", "case": seed.case, "donor": donor,
                   "rng": rng.getrandbits(48), "count": self._batch(), "seconds": BATCH_SECONDS, "mutate": True,
                   "round": ANALYSIS}
        return AnalysisRound(seed, request, donor)

    def _batch(self) -> int:
        """Tests per request: one without a coverage log per test (sancov), which could not tell which
        test of a batch reached what."""
        logs = self.campaign.backend.name.startswith("breakpoint") or not self.campaign.feedback_on
        return BATCH_TESTS if logs else 1

    # -- results -----------------------------------------------------------------------------
    def complete(self, planned: AnalysisRound, result: ExecResult) -> None:
        campaign, counters = self.campaign, self.campaign.counters
        counters.subject_seconds[ANALYSIS] += result.duration
        if result.status == Status.LOST:
            counters.lost_tests += 1
            return
        if result.status in WORKER_GONE:
            self._worker_gone(planned, result)
            return
        batch = result.outcome.details.get("analysis")
        if batch is None:
            if result.status == Status.INTERNAL_ERROR:
                counters.internal_errors += 1
                campaign.log_internal_error(result)
            return
        campaign.count_internal_error(result)
        counters.analysis_execs += batch["tests"]
        campaign.session_analysis_execs += batch["tests"]
        for name, effects in batch["effects"].items():
            mine = counters.analysis_effects.setdefault(name, Counter())
            mine["tests"] += sum(n for key, n in effects.items() if key != "seconds")
            mine.update({key: n for key, n in effects.items() if key != "seconds"})
        gained = self._keep(planned, result, batch["kept"])
        for found in batch["findings"]:
            self._finding(planned, found)
        seed = planned.seed
        if gained:
            seed.energy += ENERGY_GAIN
            seed.finds += 1
        else:
            seed.energy = max(ENERGY_FLOOR, seed.energy * ENERGY_DECAY)

    def _keep(self, planned: AnalysisRound, result: ExecResult, kept: list[dict[str, Any]]) -> bool:
        """Add to the pool each test whose logged blocks hold some new to the campaign."""
        if not kept or result.hits is None or not self.campaign.opts.feedback:
            return False
        hits, new = np.asarray(result.hits), np.asarray(result.new_indices)
        gained = False
        for test in kept:
            start, end = test["log"] if test["log"] is not None else (0, len(hits))
            fresh_blocks = self.campaign.noise.kept(np.intersect1d(hits[start:end], new))
            if len(fresh_blocks) == 0:
                continue
            gained = True
            new = np.setdiff1d(new, fresh_blocks)
            effects = self.campaign.counters.analysis_effects.setdefault(test["analysis"], Counter())
            effects["kept"] += 1
            effects["new_blocks"] += len(fresh_blocks)
            origin = "+".join(test.get("mutations") or []) or "mutant"
            self._add(test["case"], planned.seed, origin, len(fresh_blocks))
        return gained

    def _finding(self, planned: AnalysisRound, found: dict[str, Any]) -> None:
        result = ArithResult.from_dict(found["result"])
        record = result.finding()
        record.details["reduced_from"] = found.get("reduced_from")
        self._record(FindingKind(result.status.value), found["case"], record, planned, found.get("mutations"),
                     found["i"])

    def _worker_gone(self, planned: AnalysisRound, result: ExecResult) -> None:
        """A crash, hang or memory blow-up: the test the worker was on, rebuilt from the request."""
        counters = self.campaign.counters
        index = result.outcome.details.get(PROGRESS_VARIABLE)
        if index is None:
            return
        try:
            case = ArithCase.from_json(planned.seed.case)
            donor = ArithCase.from_json(planned.donor) if planned.donor else None
            tested, names = mutant(case, test_seed(planned.request["rng"], index), donor) \
                if planned.request.get("mutate", True) else (case, [])
        except (CaseError, NoArithMutation):
            return
        counters.analysis_execs += 1
        effects = counters.analysis_effects.setdefault(tested.analysis, Counter())
        effects["tests"] += 1
        effects[result.status.value] += 1
        record = AnalysisFinding(tested.analysis, result.outcome.message or "", result.outcome.message or "",
                                 signal=result.signal, log=result.log_tail)
        self._record(FindingKind(result.status.value), tested.to_json(), record, planned, names, index)

    def _record(self, kind: FindingKind, case: dict[str, Any], found: AnalysisFinding, planned: AnalysisRound,
                mutations: list[str] | None, index: int) -> None:
        campaign = self.campaign
        meta = {"parent": planned.seed.id, "mutation": {"batch": planned.request["rng"], "index": index,
                                                        "mutations": mutations or []},
                "rng": test_seed(planned.request["rng"], index),
                "elapsed": campaign.elapsed(), "exec": campaign.counters.analysis_execs}
        path, _ = campaign.recorder.analysis_finding(kind, case, found, meta)
        if path is not None:
            campaign.counters.saved_finding(kind, None)
            campaign.counters.analysis_effects.setdefault(found.analysis, Counter())["findings"] += 1

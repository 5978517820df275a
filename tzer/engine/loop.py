"""The paper's Algorithm 1, run until the budget is spent, keeping every worker busy.

Each round takes a seed (F, P, T, N). When N reached N_max the pass sequence or the target is
mutated and (F, P', T) or (F, P, T') is run; otherwise F is mutated and (F', P, T) is run. What
reaches new compiler code is kept; what breaks the compiler is judged by the oracles and recorded.

With -j N several rounds are in flight at once: a round is planned (seed chosen, mutation drawn)
when a worker is free and completed when its result comes back, so a seed's N and energy change
when its results arrive, in arrival order. With -j 1 each round completes before the next is
planned, so --seed gives the same sequence of tests as a strictly sequential loop.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import mutators
from tirkit.script import is_block_form, is_tile_program
from tzer import runners, targets
from tzer.engine.analysis import AnalysisRound
from tzer.engine.campaign import Campaign
from tzer.engine.pool import SeedPool
from tzer.engine.rarity import RARE_BLOCKS
from tzer.engine.yields import Yields
from tzer.options import FuzzOptions
from tzer.oracles import ORACLES, judge, sampled
from tzer.passes.mutation import mutate_sequence, random_sequence
from tzer.targets import HOST
from tzer.vocabulary import TIR, ExecResult, Seed, Status

RECALIBRATION_RATE = 0.03
POLL_SECONDS = 0.5
# Rounds a worker runs on one seed before it picks another (AFL fuzzes a queue entry many times in
# a row): the worker parses a seed it has not seen (~20 ms for a block function, as much as a
# compile) once per batch instead of almost every round.
BATCH_ROUNDS = 4
# The prior share of the IR rounds that also draw a new pass sequence and target ("havoc").
HAVOC_SHARE = 0.3
# The least share of fuzzing rounds that evolve the pass sequence, whatever they paid lately: their
# finds are rare in blocks, yet evolving pass sequences was the Tzer paper's largest single gain.
PASS_ROUNDS_LEAST = 0.1


_CHECK_SETS: dict[tuple[tuple[str, bool], ...], dict[str, bool]] = {}


def shared_checks(checks: dict[str, bool]) -> dict[str, bool]:
    """One dict for each combination of sampled checks, shared by the entries that drew it: a
    day's pool holds hundreds of thousands of entries and a few hundred combinations. Never
    changed in place."""
    return _CHECK_SETS.setdefault(tuple(sorted(checks.items())), checks)


@dataclass
class Round:
    """One planned test: which seed, what changes, and the request the worker gets."""

    seed: Seed
    request: dict[str, Any]
    what: str  # "seed" (an initial seed as it is), "sync" (a sibling's entry), "ir", "passes", "target", "havoc"
    # or "recalibrate"
    mutator: str | None = None
    passes: list[dict[str, Any]] | None = None

    @property
    def script(self) -> str:
        return self.seed.script


class Fuzzer:
    """One campaign: plan rounds, hand them to the workers, learn from their results."""

    def __init__(self, opts: FuzzOptions) -> None:
        self.opts = opts
        self.rng = random.Random(opts.seed)
        self.campaign = Campaign(opts, self.rng)
        self.pool: SeedPool = self.campaign.pool
        self.mutators = mutators.all_mutators() if opts.mutators == "all" else mutators.general_mutators()
        self.in_flight: dict[int, Round | AnalysisRound] = {}
        # Each worker's current seed and the rounds left in its batch.
        self.batches: dict[int, tuple[Seed, int]] = {}
        self.round_yields, self.mutator_yields = Yields(), Yields()
        self.analysis = self.campaign.analysis

    def request(self, seed: Seed, mutation: dict[str, Any] | None, passes: list[dict[str, Any]],
                target: str | None = None) -> dict[str, Any]:
        rng, target = self.rng, target or seed.target
        checks = {oracle.name: rng.random() < self.opts.rates[oracle.name] for oracle in sampled()}
        runner = runners.runner_for(targets.get(target))
        emulated_skip = runner is not None and runner.emulated and rng.random() >= self.opts.emulated_run_rate
        if emulated_skip or target in self.campaign.not_run:
            # An emulated run costs a link and an emulator process: only a share of these tests pay it.
            checks = {name: drawn and not ORACLES[name].runs_builds for name, drawn in checks.items()}
        return {"seed_key": seed.key, "mutation": mutation, "passes": passes, "checks": checks,
                "rng": rng.getrandbits(32), "target": target}

    def mutators_for(self, target: str) -> list[mutators.Mutator]:
        """The mutators whose mutants the target can compile (T.vscale() needs scalable vectors)."""
        scalable = targets.get(target).limits.scalable
        return [mutator for mutator in self.mutators if scalable or not mutator.needs_scalable_vectors]

    # -- planning ----------------------------------------------------------------------------
    def _round_priors(self, seed: Seed) -> dict[str, float]:
        """The prior share of each kind of round for `seed`, from the flags: a seed whose N reached
        N_max gets its pass sequence or its target mutated (the paper's rule), another one also in
        --pass-mutation-rate of its rounds. What each kind paid lately scales these (`Yields`)."""
        opts = self.opts
        move = opts.target_mutation_rate if opts.target_choice == "evolutionary" else 0.0
        evolve = opts.pass_mutation == "evolutionary"
        if seed.stall >= opts.n_max and (move or evolve):
            return {"passes": (1 - move) if evolve else 0.0, "target": move}
        share = opts.pass_mutation_rate if move or evolve else 0.0
        priors = {"ir": 1 - share, "passes": share * (1 - move) if evolve else 0.0, "target": share * move}
        if move and evolve:
            # All three at once, as a blind generator changes them (AFL's stacked havoc mutations):
            # a share of the IR rounds to start with, then what it pays.
            priors["havoc"] = priors["ir"] * HAVOC_SHARE
            priors["ir"] -= priors["havoc"]
        return priors

    def _select(self, worker: int) -> Seed:
        """The seed of the worker's next round: its batch's, else one the pool picks."""
        seed, left = self.batches.get(worker, (None, 0))
        if seed is None or left <= 0 or seed.id not in self.pool.by_id:
            seed, left = self.pool.select(self.rng), BATCH_ROUNDS
            self.campaign.counters.picks += 1
            self.campaign.counters.picks_favoured += self.pool.live(seed) > 0
        self.batches[worker] = (seed, left - 1)
        return seed

    def _plan(self, worker: int = 0) -> Round | AnalysisRound | None:
        if self.analysis.due():
            return self.analysis.plan()
        opts, rng, campaign = self.opts, self.rng, self.campaign
        if campaign.synced and (not self.pool.seeds or rng.random() < 0.5):
            # A sibling's entry runs as the sibling ran it: its own passes and target. In the
            # sibling's order, so that what is left to run is what follows the saved cursor.
            seed = campaign.synced.pop(0)
            request = self.request(seed, None, seed.passes)
            seed.checks, seed.rng = shared_checks(request["checks"]), request["rng"]
            return Round(seed, request, "sync")
        if campaign.pending and (not self.pool.seeds or rng.random() < 0.5):
            # Initial seeds run one per two rounds between fuzzing rounds, not all up front: with
            # hundreds of seeds a dry run would take minutes before the first mutant.
            # It joins the pool when its result arrives: with -j N another worker could otherwise
            # pick it before its queue entry exists.
            seed = campaign.pending.pop()
            if seed.target != HOST:
                # Drawn now for the same reason: by now the counts say which targets pay off.
                seed.target = campaign.draw_target(seed) or seed.target
            weights = campaign.counters.pass_weights()
            if weights and opts.pass_mutation == "evolutionary":
                # Drawn now rather than at start: by now the counts say which passes change the IR.
                seed.passes = random_sequence(rng, block_form=is_block_form(seed.script), weights=weights,
                                              tile_program=is_tile_program(seed.script))
            request = self.request(seed, None, seed.passes)
            seed.checks, seed.rng = shared_checks(request["checks"]), request["rng"]
            return Round(seed, request, "seed")
        if not self.pool.seeds:
            return None
        if campaign.feedback_on and rng.random() < RECALIBRATION_RATE:
            seed = rng.choice(self.pool.seeds)
            request = {"seed_key": seed.key, "mutation": None, "passes": seed.passes, "checks": seed.checks,
                       "rng": seed.rng, "target": seed.target}
            return Round(seed, request, "recalibrate")
        seed = self._select(worker)
        kind = self.round_yields.draw(rng, self._round_priors(seed), {"passes": PASS_ROUNDS_LEAST})
        if kind == "target" and (target := campaign.draw_target(seed)):
            return Round(seed, self.request(seed, None, seed.passes, target), "target")
        if kind == "passes" or (kind == "target" and opts.pass_mutation == "evolutionary"):
            other = self.pool.other(rng, seed)
            inside = rng.random() >= opts.outside_contract_rate
            _, new_passes = mutate_sequence(seed.passes, rng, other.passes if other else None,
                                            campaign.counters.pass_weights(), keep_contract=inside,
                                            block_form=is_block_form(seed.script),
                                            tile_program=is_tile_program(seed.script))
            request = self.request(seed, None, new_passes)
            if not inside:
                request["contract"] = "outside"
            return Round(seed, request, "passes", passes=new_passes)
        # As a blind generator (TVMFuzz) does, --target-choice random (and a havoc round) draws the
        # test's target anew.
        havoc = kind == "havoc"
        target = rng.choice([seed.target, *campaign.other_targets(seed)]) \
            if opts.target_choice == "random" or havoc else seed.target
        usable = {m.name: m for m in self.mutators_for(target)}
        mutator = usable[self.mutator_yields.draw(rng, dict.fromkeys(usable, 1.0))]
        if opts.pass_mutation == "random" or havoc:
            passes = random_sequence(rng, block_form=is_block_form(seed.script),
                                     weights=campaign.counters.pass_weights() if havoc else None,
                                     tile_program=is_tile_program(seed.script))
        elif opts.pass_mutation == "evolutionary":
            passes = seed.passes
        else:
            passes = []
        mutation = {"mutator": mutator.name, "rng": rng.getrandbits(63)}
        request = self.request(seed, mutation, passes, target)
        if mutator.needs_donor and (donor := self.pool.other(rng, seed)):
            mutation["donor"] = donor.id
            request.update(donor_key=donor.key, donor_script=donor.script)
        return Round(seed, request, "havoc" if havoc else "ir", mutator=mutator.name, passes=passes)

    def _fill(self) -> None:
        executor = self.campaign.executor
        while self.campaign.budget_left() and (idle := executor.idle()):
            planned = self._plan(idle[0])
            if planned is None:
                return
            planned.request["round"] = planned.what  # for the per-round counts
            worker = executor.submit(planned.request, planned.script, merge=planned.what != "recalibrate",
                                     worker=idle[0])
            self.in_flight[worker] = planned

    # -- learning from results ---------------------------------------------------------------
    def _complete(self, planned: Round | AnalysisRound, result: ExecResult) -> None:
        if isinstance(planned, AnalysisRound):
            self.analysis.complete(planned, result)
            return
        self._complete_tir(planned, result)

    def _complete_tir(self, planned: Round, result: ExecResult) -> None:
        campaign, seed = self.campaign, planned.seed
        campaign.counters.subject_seconds[TIR] += result.duration
        if result.status == Status.LOST:
            campaign.counters.lost_tests += 1
            if planned.what == "seed":
                campaign.pending.append(seed)
            elif planned.what == "sync":
                campaign.synced.insert(0, seed)
            return
        if planned.what == "recalibrate":
            campaign.counters.recalibrations += 1
            campaign.noise.learn(result.new_indices)
            return
        if self.pool.frequency is not None:
            self.pool.frequency.observe(result.hits)
        kept_blocks = campaign.noise.kept(result.new_indices)
        valuable = result.compiled and len(kept_blocks) > 0
        campaign.record(planned.seed, planned.request, result, valuable, judge(result))
        found = result.new_coverage if valuable and self.opts.feedback else 0
        if planned.what in ("ir", "passes", "target", "havoc"):
            self.round_yields.add(planned.what, found)
        if planned.mutator and result.status != Status.NO_MUTATION:
            # A mutator that found nothing to change ran no test: the yields are per test.
            self.mutator_yields.add(planned.mutator, found)
        if result.status == Status.BAD_SEED:
            if seed.id in self.pool.by_id:
                self.pool.remove(seed)
            return
        if result.status == Status.NO_MUTATION:
            # Nothing was tested: the seed keeps its energy and its stall count.
            return
        gained = (valuable if self.opts.feedback else True) and result.compiled and result.script is not None
        counters = campaign.counters
        target = planned.request.get("target") or seed.target
        campaign.tested(result.mutant_hash, planned.request["passes"], target)
        if planned.what == "sync":
            counters.sync_imported += 1
            if not (valuable or not self.opts.feedback and result.compiled):
                return
            counters.sync_kept += 1
        if planned.what in ("seed", "sync"):
            seed.function_hash, seed.duration = result.mutant_hash or "", result.duration
            seed.rare_blocks = kept_blocks[:RARE_BLOCKS].tolist()
            self.pool.offer(seed, result.hits)
            self.pool.add(seed)
            campaign.add_initial_seed(seed, result)
            return
        if planned.what == "passes":
            counters.pass_mutations += 1
            outside = planned.request.get("contract") == "outside"
            counters.contract_outside += outside
            # An out-of-contract sequence is a probe, never a sequence of the pool.
            gained = gained and not outside
            counters.pass_mutations_kept += gained
        elif planned.what == "target":
            counters.target_mutations += 1
            counters.target_mutations_kept += gained
        elif planned.what in ("ir", "havoc"):
            counters.mutator_kept[planned.mutator or ""] += gained
        if gained:
            # (F', P, T), (F, P', T) or (F, P, T') joins the pool beside its seed, which keeps its own
            # sequence and target: the queue holds every combination that reached new code, so
            # that replaying it reaches what the campaign did.
            passes = planned.passes if planned.passes is not None else seed.passes
            child = campaign.add_child(seed, result, passes, planned.mutator or planned.what, target,
                                       kept_blocks[:RARE_BLOCKS].tolist())
            child.checks, child.rng = shared_checks(planned.request["checks"]), planned.request["rng"]
            campaign.executor.adopt_last_mutant(result.worker, child.key)
            self.pool.rewarded(seed)
            seed.stall = 0
        elif seed.id in self.pool.by_id:
            self.pool.unrewarded(seed)
            # A stalled seed whose sequence or target was mutated starts a new round of IR mutations.
            seed.stall = 0 if planned.what in ("passes", "target") else seed.stall + 1

    def _collect(self, wait: float | None) -> None:
        for result in self.campaign.executor.poll(wait):
            self._complete(self.in_flight.pop(result.worker), result)

    # -- the loop ----------------------------------------------------------------------------
    def run(self) -> int:
        """Run the campaign to the end of its budget; returns the process exit code."""
        campaign = self.campaign
        with campaign.session(self.request):
            while True:
                self._fill()
                if not self.in_flight:
                    break
                self._collect(POLL_SECONDS)
                campaign.confirmer.pump()
                campaign.tick()
            campaign.require_seeds()
        return 1 if campaign.broken else 0

"""Generating and mutating pass sequences.

Every operator edits the sequence it is given (insert, delete, replace, swap, change an
argument, crossover); `repair` then adds the prerequisites the registry records, so that most
sequences apply without a precondition error.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from tzer.passes import autoschedule
from tzer.passes.prerequisites import BLOCK_ONLY, PIPELINE, in_pipeline_order
from tzer.passes.registry import BIND_TARGET, PassInfo, PassSpec, registry
from tzer.passes.schedule import is_step

MAX_LENGTH = 12
LOWER_OPAQUE_BLOCK = "s_tir.LowerOpaqueBlock"
DEFAULT_GPU_SCHEDULE = "s_tir.DefaultGPUSchedule"
# A TIRx tile program (T.device_entry, T.cta_id, tile layouts) is another language: TVM's tirx
# pipeline (tvm/tirx/compilation_pipeline.py) lowers it to TIR with LowerTIRx before any other pass,
# and LowerTIRx rejects every other function.
LOWER_TIRX = "tirx.LowerTIRx"
# The share of new sequences for block functions that begin with an automatic scheduler
# (MetaSchedule or DLight), as a tuned or Relax-built kernel does before its passes: drawn
# like any other pass, one of two schedulers among a hundred passes would lead too few.
# Measured by replaying 10-minute campaigns' queues: at 0.3, a block function's case led by
# MetaSchedule added 516 blocks on average, one led by DLight 308, one led by neither 163; but
# a campaign at 0.6 covered no more (856,552 blocks against 865,628 at 0.3).
AUTO_SCHEDULE_SHARE = 0.3


Weights = dict[str, float]


def random_spec(rng: random.Random, info: PassInfo | None = None, weights: Weights | None = None) -> PassSpec:
    """A spec for `info` (or a random pass, drawn by `weights` when given: pass name -> weight) with
    randomly chosen argument and config variants. An automatic scheduler or LowerTIRx is never drawn
    here: they only ever lead a sequence (`random_sequence`, `repair`)."""
    if info is None:
        infos = [i for i in registry().values() if not autoschedule.is_auto_schedule(i.name) and i.name != LOWER_TIRX]
        chosen = rng.choices(infos, [weights.get(i.name, 1.0) for i in infos]) if weights else [rng.choice(infos)]
        info = chosen[0]
    spec: PassSpec = {"name": info.name}
    if info.args:
        spec["args"] = {key: rng.choice(values) for key, values in sorted(info.args.items())}
    if info.config and rng.random() < 0.5:
        spec["config"] = {key: rng.choice(values) for key, values in sorted(info.config.items())}
    return spec


def random_sequence(rng: random.Random, min_length: int = 1, max_length: int = 5,
                    block_form: bool = True, weights: Weights | None = None,
                    tile_program: bool = False) -> list[PassSpec]:
    sequence = [random_spec(rng, weights=weights) for _ in range(rng.randint(min_length, max_length))]
    if block_form and rng.random() < AUTO_SCHEDULE_SHARE:
        scheduler = rng.choice(sorted(autoschedule.SCHEDULERS))
        sequence.insert(0, random_spec(rng, registry()[autoschedule.PREFIX + scheduler]))
    return repair(sequence, block_form, tile_program)


def repair(sequence: list[PassSpec], block_form: bool = True, tile_program: bool = False) -> list[PassSpec]:
    """Insert the missing prerequisites of each pass in front of it, in TVM's pipeline order (and
    BindTarget before the first pass that needs a target).

    For a function without blocks (`block_form=False`) the passes that act on blocks only are no
    prerequisite: that IR already is what they would make of it, and they would only run idle.
    Schedule steps, which work on blocks, are left out there for the same reason. An automatic
    scheduler stays only at the head, where a tuned kernel has it: anywhere else it would schedule
    a function that other passes have already lowered or bound to threads. DefaultGPUSchedule, a
    schedule too, stays only before the pipeline's passes (c42's exception-b07c2116 ran it after
    LowerCrossThreadReduction). A tile program's sequence starts with LowerTIRx, which no other
    function's holds."""
    known = registry()
    sequence = in_its_language(sequence, tile_program)
    repaired: list[PassSpec] = []
    seen: set[str] = set()

    def missing(name: str, found: set[str]) -> set[str]:
        """The prerequisites of `name`, and theirs, that have not run yet."""
        for required in known[name].requires if name in known else ():
            if required not in seen and required not in found and required in known and \
                    (block_form or required not in BLOCK_ONLY):
                found.add(required)
                missing(required, found)
        return found

    def lowers_its_blocks(name: str) -> bool:
        """Whether LowerOpaqueBlock follows `name`: its blocks exist again where the passes after it
        expect none, as the pipeline's order has it."""
        info = known.get(name)
        return info is not None and info.makes_blocks and (LOWER_OPAQUE_BLOCK in seen or not block_form)

    def append(spec: PassSpec) -> None:
        info = known.get(spec["name"])
        if info is not None and info.needs_target and BIND_TARGET not in seen:
            append({"name": BIND_TARGET})
        repaired.append(spec)
        seen.add(spec["name"])
        if lowers_its_blocks(spec["name"]):
            repaired.append({"name": LOWER_OPAQUE_BLOCK})
            seen.add(LOWER_OPAQUE_BLOCK)

    def add(spec: PassSpec) -> None:
        needed = missing(spec["name"], set())
        if any(lowers_its_blocks(name) for name in needed | {spec["name"]}):
            # What that LowerOpaqueBlock needs runs before the pass, where the pipeline runs it: without
            # AnnotateIrregularLoop it dropped an extent-1 loop around a `continue` (c30g's ill_formed-411e1ad7).
            needed |= missing(LOWER_OPAQUE_BLOCK, set()) - {spec["name"]}
        for required in in_pipeline_order(needed):
            append({"name": required, **_default_args(known[required])})
        if spec["name"] == LOWER_OPAQUE_BLOCK and repaired and repaired[-1]["name"] == LOWER_OPAQUE_BLOCK:
            return  # a block-making pass brought it here already (or its own prerequisite did)
        append(spec)

    for position, spec in enumerate(sequence):
        if autoschedule.is_auto_schedule(spec["name"]) and position > 0:
            continue
        if spec["name"] == DEFAULT_GPU_SCHEDULE and seen & {*PIPELINE, LOWER_TIRX}:
            continue
        if block_form or not is_step(spec["name"]):
            add(spec)
    return repaired[:MAX_LENGTH * 2]


def in_its_language(sequence: list[PassSpec], tile_program: bool) -> list[PassSpec]:
    """`sequence` with LowerTIRx at its head for a tile program, and nowhere for any other function:
    outside a pass's contract or inside it, the function is first lowered from its language."""
    rest = [spec for spec in sequence if spec["name"] != LOWER_TIRX]
    return [{"name": LOWER_TIRX}, *rest] if tile_program else rest


def _default_args(info: PassInfo) -> PassSpec:
    return {"args": {key: values[0] for key, values in sorted(info.args.items())}} if info.args else {}


def _insert(seq: list[PassSpec], rng: random.Random, _other: list[PassSpec],
            weights: Weights | None = None) -> list[PassSpec]:
    if len(seq) >= MAX_LENGTH:
        return _delete(seq, rng, _other, weights)
    pos = rng.randint(0, len(seq))
    return seq[:pos] + [random_spec(rng, weights=weights)] + seq[pos:]


def _delete(seq: list[PassSpec], rng: random.Random, other: list[PassSpec],
            weights: Weights | None = None) -> list[PassSpec]:
    if not seq:
        return _insert(seq, rng, other, weights)
    pos = rng.randrange(len(seq))
    return seq[:pos] + seq[pos + 1:]


def _replace(seq: list[PassSpec], rng: random.Random, other: list[PassSpec],
             weights: Weights | None = None) -> list[PassSpec]:
    if not seq:
        return _insert(seq, rng, other, weights)
    pos = rng.randrange(len(seq))
    return seq[:pos] + [random_spec(rng, weights=weights)] + seq[pos + 1:]


def _swap(seq: list[PassSpec], rng: random.Random, other: list[PassSpec],
          weights: Weights | None = None) -> list[PassSpec]:
    if len(seq) < 2:
        return _insert(seq, rng, other, weights)
    i, j = rng.sample(range(len(seq)), 2)
    swapped = list(seq)
    swapped[i], swapped[j] = swapped[j], swapped[i]
    return swapped


def _change_argument(seq: list[PassSpec], rng: random.Random, other: list[PassSpec],
                     weights: Weights | None = None) -> list[PassSpec]:
    known = registry()
    tunable = [i for i, s in enumerate(seq) if s["name"] in known and
               (known[s["name"]].args or known[s["name"]].config)]
    if not tunable:
        return _replace(seq, rng, other, weights)
    pos = rng.choice(tunable)
    info = known[seq[pos]["name"]]
    spec = {key: dict(value) if isinstance(value, dict) else value for key, value in seq[pos].items()}
    choices = [("args", k, v) for k, v in info.args.items()] + [("config", k, v) for k, v in info.config.items()]
    group, key, values = rng.choice(sorted(choices, key=lambda c: (c[0], c[1])))
    if group == "config" and "config" not in spec:
        spec["config"] = {k: v[0] for k, v in sorted(info.config.items())}
    spec.setdefault(group, {})[key] = rng.choice(values)
    return seq[:pos] + [spec] + seq[pos + 1:]


def _crossover(seq: list[PassSpec], rng: random.Random, other: list[PassSpec],
               weights: Weights | None = None) -> list[PassSpec]:
    if not other:
        return _replace(seq, rng, other, weights)
    cut_self = rng.randint(0, len(seq))
    cut_other = rng.randint(0, len(other))
    return (seq[:cut_self] + other[cut_other:])[:MAX_LENGTH]


OPERATORS: dict[str, Callable[[list[PassSpec], random.Random, list[PassSpec], Weights | None], list[PassSpec]]] = {
    "insert": _insert,
    "delete": _delete,
    "replace": _replace,
    "swap": _swap,
    "change_argument": _change_argument,
    "crossover": _crossover,
}


def mutate_sequence(sequence: list[PassSpec], rng: random.Random, other: list[PassSpec] | None = None,
                    weights: Weights | None = None, keep_contract: bool = True,
                    block_form: bool = True, tile_program: bool = False) -> tuple[str, list[PassSpec]]:
    """Apply one randomly chosen operator; `other` is another seed's sequence for crossover.

    `weights` favours passes when one is drawn. With `keep_contract=False` the missing prerequisites
    are not added: a pass may then meet IR of a form it was not written for (out of contract).
    """
    name = rng.choice(sorted(OPERATORS))
    mutated = OPERATORS[name](list(sequence), rng, other or [], weights)
    if not keep_contract:
        return name, in_its_language(mutated, tile_program)
    return name, repair(mutated, block_form, tile_program)

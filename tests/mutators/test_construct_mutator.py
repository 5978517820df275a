"""The construct mutator: every mutant is well-formed, holds a (construct, context) pair of the
measured universe that its parent lacked, is free of undefined behaviour and races, and keeps a
software pipeline's stages as they are numbered."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
import tvm_ffi
from tvm import tirx

import mutators
from mutators.constructs import in_pipeline_stages
from mutators.context import STMT, analyze
from tirkit.accepted_constructs import ACCEPTED
from tirkit.construct_universe import build
from tirkit.constructs import census, context_at
from tirkit.verify import well_formed
from tzer.reference import InterpreterOutcome, UndefinedBehaviour, Unsupported, interpret
from tzer.runtime.inputs import make_arguments

CHAIN = 12


def _chains(funcs: list[tirx.PrimFunc], seeds: int) -> list[tuple[tirx.PrimFunc, tirx.PrimFunc]]:
    """(parent, mutant) along chains of mutations from each function."""
    mutator = mutators.get("construct")
    pairs = []
    for seed in range(seeds):
        rng = random.Random(seed)
        for func in funcs:
            parent = func
            for _ in range(CHAIN // seeds + 1):
                try:
                    mutant = mutator.mutate(parent, rng)
                except mutators.NoMutation:
                    break
                pairs.append((parent, mutant))
                parent = mutant
    return pairs


@pytest.fixture(scope="module")
def chains(funcs: list[tirx.PrimFunc]) -> list[tuple[tirx.PrimFunc, tirx.PrimFunc]]:
    return _chains(funcs, 3)


def test_mutants_are_well_formed_and_add_a_universe_pair(chains):
    assert len(chains) >= 40
    reached: set[tuple[str, str]] = set()
    for parent, mutant in chains:
        assert well_formed(mutant)
        new = (census(mutant) - census(parent)) & ACCEPTED
        assert new, mutant.script()
        reached |= new
    # Blocks' own contexts are reached too, in the block functions.
    assert {context for _, context in reached} >= {"body", "serial", "parallel", "vectorized", "vthread", "block"}
    assert len(reached) >= 100


def test_mutants_have_no_undefined_behaviour_and_no_races(chains):
    # The interpreter judges races too: the iterations of a parallel, vectorized or thread loop
    # that touch one element (the probes index C[i * 4 + k], beyond the static race oracle).
    ran = 0
    for seed, (_, mutant) in enumerate(chains):
        try:
            interpret(mutant, make_arguments(mutant, np.random.default_rng(seed)))
        except UndefinedBehaviour as ub:
            pytest.fail(f"{ub}\n{mutant.script()}")
        except (Unsupported, InterpreterOutcome):
            continue
        ran += 1
    assert ran >= len(chains) // 2


@pytest.mark.parametrize("context", ["body", "serial", "parallel", "vectorized", "vthread", "block", "if", "while"])
def test_context_at_agrees_with_the_census(context):
    func = build("Bind", context)
    binds = [h for h in analyze(func).holes if h.kind == STMT and isinstance(h.node, tirx.Bind)]
    assert binds and all(context_at(func, h.path) == context for h in binds)


def test_a_pipelined_loop_keeps_its_stages():
    func = build("ForAnnotation:software_pipeline_stage", "body")
    holes = [h for h in analyze(func).holes if h.kind == STMT]
    # The loop's body and its two stages are off limits; the loop itself is not.
    assert sum(in_pipeline_stages(func, h.path) for h in holes) == 3


PIPELINED = Path(__file__).resolve().parents[2] / "seeds" / "tvm_tests" / (
    "test_s_tir_transform_inject_software_pipeline__test_less_loop_than_num_stage_before.py")


@pytest.mark.parametrize("name", ["insert", "delete", "replace", "loop_nest"])
def test_no_mutator_leaves_pipeline_annotations_that_number_another_body(name):
    # InjectSoftwarePipeline fails its own checks (a false bug) on a body whose statements its
    # stage and order annotations no longer number one for one.
    from tirkit.pipelining import pipeline_annotations_broken
    from tirkit.script import from_script

    func = from_script(PIPELINED.read_text())
    assert pipeline_annotations_broken(func) is None
    mutator, made = mutators.get(name), 0
    for seed in range(40):
        try:
            mutant = mutator.mutate(func, random.Random(seed))
        except mutators.NoMutation:
            continue
        made += 1
        assert pipeline_annotations_broken(mutant) is None, mutant.script()
    assert made


def test_pipeline_annotations_that_number_another_body_are_found():
    from tirkit.pipelining import pipeline_annotations_broken

    func = build("ForAnnotation:software_pipeline_stage", "body")
    loops = []
    tvm_ffi.structural_walk(func.body, (tirx.For, loops.append))
    loop = next(loop for loop in loops if "software_pipeline_stage" in (loop.annotations or {}))
    three = tirx.For(loop.loop_var, loop.min, loop.extent, loop.kind, tirx.SeqStmt([*loop.body.seq, loop.body.seq[0]]),
                     annotations=loop.annotations)
    assert "3 pipeline components" in pipeline_annotations_broken(func.with_body(three))


def test_a_function_without_blocks_gets_no_software_pipeline():
    # InjectSoftwarePipeline blockizes the stages: in a function without the block form, its
    # output held blocks that neither the tirx verifier nor the parser accepts (false bugs).
    from mutators.constructs import insertable
    from mutators.context import Scope

    pipelined = [c for c, _ in ACCEPTED if c.startswith("ForAnnotation:software_pipeline")]
    assert pipelined
    for construct in pipelined:
        assert insertable(construct, "body", "body", Scope(), s_tir=False) is None
    assert any(insertable(c, "body", "body", Scope(), s_tir=True) for c in pipelined)


def test_a_pipelined_loop_in_a_function_without_blocks_is_no_test():
    from tirkit.pipelining import pipeline_annotations_broken

    func = build("ForAnnotation:software_pipeline_stage", "body")
    assert pipeline_annotations_broken(func) is None
    plain = func.without_attr("s_tir")
    assert "without the block form" in pipeline_annotations_broken(plain)


def test_an_async_queue_is_queue_zero():
    # CUDA's code generator refuses any other queue by design: queue 1 made an invalid finding.
    func = build("AttrStmt:async_commit_queue_scope", "body")
    attrs = []
    tvm_ffi.structural_walk(func.body, (tirx.AttrStmt, attrs.append))
    assert [int(a.value) for a in attrs if a.attr_key == "async_commit_queue_scope"] == [0]

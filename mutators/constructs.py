"""Constructs in contexts: insert a (construct, context) pair of the measured universe
(`tirkit.construct_universe`) at a statement hole of a real function.

The construct and its context are built by the same builders that measure the universe (`place`),
over three buffers allocated fresh at the hole (A float32 filled from the function's data, B int32
with small non-negative values, C float32 zeroed), so whatever the builders promise there holds
here: no undefined behaviour, and no two iterations of a parallel, vectorized or vthread loop
write one element (the fresh buffers are private to each iteration of any enclosing loop, and the
block outputs are never stored into).

One to three pairs go in per mutation, each either directly, when its context is the hole's own
(`context_at`), so the construct meets the function's real loop or block; or wrapped in a new
context built at the hole (a loop of each kind, an `if`, a counted `while`, a block or a block
init), which is legal where the universe accepts that context's own statement in the hole's
context. The enclosing loops beyond the innermost one are checked as the loop mutators check them
(no parallel, vthread or vectorized loop inside another of its kind).
"""

from __future__ import annotations

import random
from dataclasses import replace

import tvm
from tvm import tirx

from mutators.base import Mutator
from mutators.context import STMT, Analysis, Hole, Scope, outside_block_outputs
from mutators.generate import MAX_TRIPS, Generator, convert, new_buffer
from mutators.ops import const
from mutators.tree import seq
from tirkit.accepted_constructs import ACCEPTED
from tirkit.construct_universe import BUILDERS, SIZE, Probe, place
from tirkit.constructs import census, context_at, needs_block_form
from tirkit.pipelining import STAGE

# The statement that creates each context, as a construct: a wrapping context is legal where the
# universe accepts that statement in the hole's context.
_OPENER = {
    "serial": "For:serial",
    "unrolled": "For:unrolled",
    "parallel": "For:parallel",
    "vectorized": "For:vectorized",
    "vthread": "For:vthread",
    "if": "IfThenElse",
    "while": "While",
    "init": "For:serial",  # the init's reduction block sits in a serial loop
}
_JUMPS = ("Break", "Continue")
# Constructs that open a loop of their own kind, beyond their context: parallel loops never nest,
# and the others must not nest in the hole's enclosing loops either (only the innermost context
# is measured).
_PARALLEL = ("For:parallel", "AttrStmt:pragma_parallel_launch_point")
_VTHREAD = ("For:vthread", "AttrStmt:virtual_thread")
_VECTOR = ("For:vectorized",)
# Fill loop, scaffold and the largest probe (a 4-trip loop in a 4-trip context, twice) run about
# this many statements per execution of the hole.
_PROBE_WORK = 256


def _outer_loops_allow(construct: str, context: str, scope: Scope) -> bool:
    if (context == "parallel" or construct in _PARALLEL) and scope.in_parallel:
        return False
    if (context == "vthread" or construct in _VTHREAD) and scope.in_vthread:
        return False
    return not ((context == "vectorized" or construct in _VECTOR) and scope.in_vectorized)


def insertable(construct: str, context: str, here: str, scope: Scope, s_tir: bool) -> str | None:
    """How (construct, context) goes into a hole of context `here`: "direct" (the construct
    itself), "wrap" (inside a new `context`), or None where it cannot."""
    if not _outer_loops_allow(construct, context, scope):
        return None
    if needs_block_form(construct) and not s_tir:
        return None
    if context == here and construct not in _JUMPS:
        # A jump directly in the function's loop would skip the rest of its body.
        return "direct"
    if context in ("block", "init"):
        # Blocks under a vthread count as thread-bound (their reductions become cross-thread ones).
        in_block = s_tir and scope.block_writes is not None and not scope.in_vthread
        return "wrap" if in_block and (context == "block" or (_OPENER[context], here) in ACCEPTED) else None
    if context in _OPENER and (_OPENER[context], here) in ACCEPTED:
        return "wrap"
    return None


def in_pipeline_stages(func: tirx.PrimFunc, path: tuple[tuple[str, int], ...]) -> bool:
    """Whether the statement at `path` is a software-pipelined loop's body or one of its stages:
    the annotations number the body's statements, so a statement inserted there breaks them."""
    node: object = func.body
    for depth, (field, position) in enumerate(path):
        pipelined = isinstance(node, tirx.For) and STAGE in (node.annotations or {})
        if (
            pipelined
            and field == "body"
            and all(step[0] == "seq" for step in path[depth + 1 :])
            and len(path) - depth <= 2
        ):
            return True
        child = getattr(node, field)
        node = child if position < 0 else child[position]
    return False


class Constructs(Mutator):
    name = "construct"
    domain_specific = True

    def holes(self, analysis: Analysis) -> list[Hole]:
        return [
            h
            for h in analysis.holes
            if h.kind == STMT
            and analysis.computes(h.scope)
            and h.scope.trips * _PROBE_WORK <= MAX_TRIPS
            and not isinstance(h.node, (tirx.Bind, tirx.AllocBuffer, tirx.DeclBuffer))
        ]

    def fill(self, hole: Hole, analysis: Analysis, rng: random.Random) -> tirx.Stmt | None:
        if in_pipeline_stages(analysis.func, hole.path):
            return None
        here = context_at(analysis.func, hole.path)
        # The fresh buffers are allocated at the hole: the universe must accept that there.
        if ("AllocBuffer:local", here) not in ACCEPTED or ("For:serial", here) not in ACCEPTED:
            return None
        options = {
            (construct, context): how
            for construct, context in ACCEPTED
            if (how := insertable(construct, context, here, hole.scope, analysis.s_tir)) is not None
        }
        if not options:
            return None
        present = census(analysis.func)
        probe, scaffold = self._scaffold(Generator(rng, analysis, hole.scope), analysis, rng)
        # One to three pairs over the one scaffold: a mutant then reaches more places per compile.
        new = []
        for _ in range(rng.randint(1, 3)):
            construct, context = self._choose(options, present, rng)
            present.add((construct, context))
            if options[(construct, context)] == "direct":
                new.append(BUILDERS[construct](probe, const("int32", 0)))
            else:
                new.append(place(probe, construct, context))
        return seq([*scaffold, *new, hole.node])

    @staticmethod
    def _choose(
        options: dict[tuple[str, str], str], present: set[tuple[str, str]], rng: random.Random
    ) -> tuple[str, str]:
        # Half the time a pair of the hole's own context: it is the only place such a pair can
        # go directly, while a wrapped one can go anywhere its opener can (a uniform choice would
        # rarely meet the function body, whose holes are few).
        how = "direct" if rng.random() < 0.5 and "direct" in options.values() else "wrap"
        chosen = sorted(pair for pair, way in options.items() if way == how) or sorted(options)
        # Prefer a pair the function lacks: a second copy of a pair reaches no new place.
        return rng.choice([pair for pair in chosen if pair not in present] or chosen)

    @staticmethod
    def _scaffold(gen: Generator, analysis: Analysis, rng: random.Random) -> tuple[Probe, list[tirx.Stmt]]:
        """The probe's buffers, allocated and filled: A from a buffer the function may read here
        (its values flow into the construct), B with k, C with zeros."""
        scope = rng.choice(("global", "local"))
        a, b, c = (
            new_buffer(gen.fresh(name), (SIZE,), dtype, scope, analysis.s_tir)
            for name, dtype in (("pa", "float32"), ("pb", "int32"), ("pc", "float32"))
        )
        k = tirx.Var(gen.fresh("pk"), "int32")
        inner = gen.within(replace(gen.scope, vars=(*gen.scope.vars, k), loop_vars=(*gen.scope.loop_vars, k)))
        # Not a block's outputs: another instance's element would make the result order-dependent.
        sources = outside_block_outputs(analysis.readable(gen.scope), gen.scope)
        value: tvm.ir.Expr = tirx.Cast("float32", k)
        if sources:
            source = rng.choice(sources)
            value = convert(
                tirx.BufferLoad(source, [inner.index(int(d), str(d.ty), 3) for d in source.shape]), "float32"
            )
        body = seq(
            [
                tirx.BufferStore(a, value, [k]),
                tirx.BufferStore(b, k, [k]),
                tirx.BufferStore(c, tirx.FloatImm("float32", 0.0), [k]),
            ]
        )
        fill = tirx.For(k, const("int32", 0), const("int32", SIZE), tirx.ForKind.SERIAL, body)
        return Probe(a, b, c, analysis.s_tir), [tirx.AllocBuffer(a), tirx.AllocBuffer(b), tirx.AllocBuffer(c), fill]

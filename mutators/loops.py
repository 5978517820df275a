"""Loop nesting: wrap a statement in 1-3 new loops of every ForKind that is legal there.

Legality on llvm: parallel loops never nest and must not race (see `race_free`, which vectorized
and vthread loops obey too); vectorized loops need a constant extent and a straight-line body; vthread
bindings do not nest either. Loops containing break/continue stay serial/unrolled.
"""

from __future__ import annotations

import random
from dataclasses import replace

import tvm
import tvm.s_tir
import tvm_ffi
from tvm import tirx

from mutators.base import Mutator
from mutators.context import STMT, Analysis, Hole, Scope, storage, view_aliases
from mutators.generate import MAX_TRIPS, Generator, scalar_vars
from mutators.ops import const
from mutators.tree import seq
from tirkit.nodes import work

KINDS = ("serial", "unrolled", "parallel", "vectorized", "vthread")
FOR_KIND = {
    "serial": tirx.ForKind.SERIAL,
    "unrolled": tirx.ForKind.UNROLLED,
    "parallel": tirx.ForKind.PARALLEL,
    "vectorized": tirx.ForKind.VECTORIZED,
    "vthread": tirx.ForKind.THREAD_BINDING,
}
UNROLL_STEPS = (0, 2, 4, 16, 64)
# Unrolling copies the body: keep extent * body work below this.
MAX_UNROLLED_WORK = 256


def _contains(node: object, predicate: object) -> bool:
    return (
        tvm_ffi.structural_walk(
            node, ((tirx.Stmt, tvm.ir.Expr), lambda n: tvm_ffi.VisitInterrupt(n) if predicate(n) else None)
        )
        is not None
    )


def _is_kind(node: object, kind: tirx.ForKind) -> bool:
    return isinstance(node, tirx.For) and int(node.kind) == int(kind)


def _is_loop_control(node: object) -> bool:
    return isinstance(node, tvm.ir.Call) and node.op.name in ("tirx.break_loop", "tirx.continue_loop")


def _is_vthread(node: object) -> bool:
    return _is_kind(node, tirx.ForKind.THREAD_BINDING) or (
        isinstance(node, tirx.AttrStmt) and str(node.attr_key) in ("virtual_thread", "thread_extent")
    )


def _straight_line(node: object) -> bool:
    return not _contains(
        node,
        lambda n: (
            isinstance(
                n,
                (
                    tirx.For,
                    tirx.While,
                    tirx.AllocBuffer,
                    tirx.DeclBuffer,
                    tirx.AttrStmt,
                    tvm.s_tir.SBlockRealize,
                    tirx.IfThenElse,
                    tirx.Bind,
                    tirx.Let,
                ),
            )
            or _is_loop_control(n)
        ),
    )


def race_free(body: tirx.Stmt, var: tirx.Var, aliases: dict[int, int] | None = None) -> bool:
    """Whether the iterations of a loop over `var` with this body touch disjoint memory, so that
    running them in parallel or as vector lanes gives the serial result. Memory allocated in the
    body is private to an iteration. Other memory (a view accesses its base's, see `aliases`) is
    either only read, or only written, and then through one buffer whose index in one dimension
    is `var` in every store: two iterations never write one element."""
    aliases = view_aliases(body, aliases)
    stores: dict[int, list[tirx.BufferStore]] = {}
    loaded: set[int] = set()
    local: set[int] = set()
    tvm_ffi.structural_walk(
        body,
        [
            (tirx.BufferStore, lambda s: stores.setdefault(storage(s.buffer, aliases), []).append(s)),
            (tvm.ir.TensorLoad, lambda e: loaded.add(storage(e.source, aliases))),
            (tirx.AllocBuffer, lambda a: local.add(a.buffer.__hash__())),
        ],
    )
    if _contains(body, lambda n: isinstance(n, tvm.s_tir.SBlockRealize)):
        return False
    for memory, group in stores.items():
        if memory in local:
            continue
        if memory in loaded or len({s.buffer.__hash__() for s in group}) > 1:
            return False
        dims = [{k for k, index in enumerate(s.indices) if index.same_as(var)} for s in group]
        if not set.intersection(*dims):
            return False
    return True


def legal_kinds(
    body: tirx.Stmt, scope: Scope, extent: tvm.ir.Expr, var: tirx.Var, aliases: dict[int, int] | None = None
) -> list[str]:
    """The loop kinds a loop over `var` with this body and extent may have at `scope` (`aliases`:
    the storage of the views declared outside `body`, see `Analysis.aliases`)."""
    constant = isinstance(extent, tirx.IntImm)
    kinds = ["serial"]
    # Unrolling needs a constant extent; nested unrolls multiply code size; an unrolled Let
    # would bind its var once per copy, which the lowering rejects.
    if (
        constant
        and int(extent) * work(body) <= MAX_UNROLLED_WORK
        and not _contains(body, lambda n: _is_kind(n, tirx.ForKind.UNROLLED) or isinstance(n, tirx.Let))
    ):
        kinds.append("unrolled")
    if scope.in_vectorized:
        return kinds
    has_control = _contains(body, _is_loop_control)
    if not (
        scope.in_parallel
        or scope.in_vthread
        or has_control
        or _contains(body, lambda n: _is_kind(n, tirx.ForKind.PARALLEL) or _is_vthread(n))
    ) and race_free(body, var, aliases):
        kinds.append("parallel")
    if constant and 2 <= int(extent) <= 16 and _straight_line(body) and race_free(body, var, aliases):
        kinds.append("vectorized")
    # Blocks under a vthread loop count as thread-bound (their reductions become cross-thread ones).
    # Virtual threads are threads: InjectVirtualThread may interleave their statements, so they
    # must not race either (one virtual thread needs no check).
    if (
        constant
        and int(extent) <= 8
        and not (
            scope.in_vthread
            or has_control
            or _contains(body, lambda n: _is_vthread(n) or isinstance(n, tvm.s_tir.SBlockRealize))
        )
        and (int(extent) == 1 or race_free(body, var, aliases))
    ):
        kinds.append("vthread")
    return kinds


def make_loop(
    var: tirx.Var,
    start: tvm.ir.Expr,
    extent: tvm.ir.Expr,
    kind: str,
    body: tirx.Stmt,
    rng: random.Random,
    annotate: bool = False,
) -> tirx.For:
    annotations = None
    if annotate and kind in ("serial", "unrolled"):
        # Plain ints (not IntImm) so that the annotations round-trip through TVMScript.
        annotations = {
            "pragma_auto_unroll_max_step": rng.choice(UNROLL_STEPS),
            "pragma_unroll_explicit": rng.randint(0, 1),
        }
    binding = None
    if kind == "vthread":
        # The parser rebuilds the binding with no domain and its own var; do the same.
        binding = tirx.IterVar(None, tirx.Var("iter", "int32"), tirx.IterVar.ThreadIndex, "vthread")
    return tirx.For(var, start, extent, FOR_KIND[kind], body, thread_binding=binding, annotations=annotations)


def wrappable(hole: Hole) -> bool:
    """Statements whose declarations reach later siblings cannot move into a loop body."""
    return (
        hole.kind == STMT
        and not hole.scope.in_vectorized
        and not isinstance(hole.node, (tirx.Bind, tirx.AllocBuffer, tirx.DeclBuffer))
    )


class LoopNest(Mutator):
    name = "loop_nest"
    domain_specific = True

    def holes(self, analysis: Analysis) -> list[Hole]:
        return [h for h in analysis.holes if wrappable(h)]

    def fill(self, hole: Hole, analysis: Analysis, rng: random.Random) -> tirx.Stmt | None:
        depth = rng.randint(1, 3)
        loop_vars = [tirx.Var(f"n{rng.randrange(10**6)}", "int32") for _ in range(depth)]
        budget = MAX_TRIPS // (hole.scope.trips * (work(hole.node) + 1))
        extents = []
        for _ in range(depth):
            extent = self._extent(hole.scope, rng, budget)
            budget //= int(extent) if isinstance(extent, tirx.IntImm) else 8
            extents.append(extent)
        inner_scope = replace(
            hole.scope, vars=(*hole.scope.vars, *loop_vars), loop_vars=(*hole.scope.loop_vars, *loop_vars)
        )
        body: tirx.Stmt = hole.node
        if rng.random() < 0.6:
            # A new access pattern whose indices mix the new loop vars.
            store = Generator(rng, analysis, inner_scope).store(rng.randint(2, 6))
            if store is not None:
                body = seq([body, store]) if rng.random() < 0.5 else seq([store, body])
        # Choose kinds from the innermost loop outwards: legality depends on the body.
        scope = hole.scope
        for level in reversed(range(depth)):
            outer_scope = replace(
                scope, vars=(*scope.vars, *loop_vars[:level]), loop_vars=(*scope.loop_vars, *loop_vars[:level])
            )
            kind = rng.choice(legal_kinds(body, outer_scope, extents[level], loop_vars[level], analysis.aliases))
            body = make_loop(
                loop_vars[level], const("int32", 0), extents[level], kind, body, rng, annotate=rng.random() < 0.3
            )
        if rng.random() < 0.15:
            body = tirx.AttrStmt(0, "pragma_auto_unroll_max_step", const("int32", rng.choice(UNROLL_STEPS)), body)
        return body

    def _extent(self, scope: Scope, rng: random.Random, budget: int) -> tvm.ir.Expr:
        """A constant or variable trip count of at most `budget` (at least 1)."""
        variables = scalar_vars(scope, "int32")
        if variables and budget >= 8 and rng.random() < 0.3:
            # A variable extent in [1, k]: bounded so that the loop stays short whatever the
            # value, and never 0, which would skip the wrapped statement (e.g. an initialisation).
            k = rng.randint(2, 8)
            return tirx.Add(tirx.FloorMod(rng.choice(variables), const("int32", k)), const("int32", 1))
        options = [e for e in (1, 2, 3, 4, 4, 8, 8, 16) if e <= max(budget, 1)]
        return const("int32", rng.choice(options))

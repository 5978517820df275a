"""Thread binding on llvm: vthread loop bindings, `virtual_thread` AttrStmts and parallel loops.

threadIdx/blockIdx raise "not implemented" on llvm, and a `thread_extent` AttrStmt over a vthread
re-parses as `virtual_thread`, so those two are not generated.
"""

from __future__ import annotations

import random
from dataclasses import replace

import tvm
from tvm import tirx

from mutators.base import Mutator
from mutators.context import Analysis, Hole
from mutators.generate import MAX_TRIPS, Generator
from mutators.loops import legal_kinds, make_loop, wrappable
from mutators.ops import const
from mutators.tree import seq
from tirkit.nodes import work


class ThreadBinding(Mutator):
    name = "thread_bind"
    domain_specific = True

    def holes(self, analysis: Analysis) -> list[Hole]:
        return [h for h in analysis.holes if wrappable(h)]

    def fill(self, hole: Hole, analysis: Analysis, rng: random.Random) -> tirx.Stmt | None:
        node = hole.node
        if isinstance(node, tirx.For) and int(node.kind) == int(tirx.ForKind.SERIAL) and rng.random() < 0.5:
            # Turn an existing loop into a parallel or vthread one where that is legal.
            kinds = [
                k
                for k in legal_kinds(node.body, hole.scope, node.extent, node.loop_var, analysis.aliases)
                if k in ("parallel", "vthread")
            ]
            if kinds and isinstance(node.min, tirx.IntImm):
                return make_loop(node.loop_var, node.min, node.extent, rng.choice(kinds), node.body, rng)
        extent = rng.choice([1, 2, 3, 4])
        if hole.scope.trips * (work(node) + 1) * extent > MAX_TRIPS:
            return None
        var = tirx.Var(f"vt{rng.randrange(10**6)}", "int32")
        body = node
        if rng.random() < 0.6:
            inner = replace(hole.scope, vars=(*hole.scope.vars, var), loop_vars=(*hole.scope.loop_vars, var))
            store = Generator(rng, analysis, inner).store(rng.randint(2, 6))
            if store is not None:
                body = seq([body, store])
        choice = rng.choice(["for", "attr", "parallel"])
        kinds = legal_kinds(body, hole.scope, const("int32", extent), var, analysis.aliases)
        if choice == "parallel" and "parallel" in kinds:
            return make_loop(var, const("int32", 0), const("int32", extent), "parallel", body, rng)
        if "vthread" not in kinds:
            return None
        if choice == "for":
            return make_loop(var, const("int32", 0), const("int32", extent), "vthread", body, rng)
        thread = tirx.IterVar(tvm.ir.Range(0, extent), var, tirx.IterVar.ThreadIndex, "vthread")
        return tirx.AttrStmt(thread, "virtual_thread", const("int32", extent), body)

"""Scalable vectors: a serial loop becomes a loop over vectors of `k * T.vscale()` lanes, guarded,
as TVM's SVE schedules write it:

    for o in range(T.ceildiv(N, T.vscale() * k)):
        for v in T.vectorized(T.vscale() * k):
            if o * (T.vscale() * k) + v < N:
                body[i := o * (T.vscale() * k) + v]

The function computes the same for every value of T.vscale() (the machine's vector length), so
a build for SVE or RISC-V V must too: the vector-length oracle runs it at several. Only the
targets with scalable vectors compile it (`needs_scalable_vectors`); the others refuse it.
The loop obeys the rules of every vectorized loop (see `legal_kinds`): a straight-line body
whose iterations touch disjoint memory, so that the lanes compute what the serial loop did; and
the rule of every mutator: the stores that initialise an allocation keep their indices.
"""

from __future__ import annotations

import random

import tvm
import tvm_ffi
from tvm import tirx

from mutators.base import Mutator
from mutators.context import STMT, Analysis, Hole
from mutators.loops import legal_kinds
from mutators.ops import const
from tirkit.nodes import work

# Not 1: VectorizeLoop takes only `k * T.vscale()` as scalable lanes ("Invalid expression for
# scalable lanes T.vscale()"), and 1 * T.vscale() folds to T.vscale().
LANE_FACTORS = (2, 4, 8, 16)
# The interpreter runs every lane: keep the loop's work small.
MAX_WORK = 4096


class ScalableVectors(Mutator):
    name = "scalable_vectorize"
    domain_specific = True
    needs_scalable_vectors = True

    def holes(self, analysis: Analysis) -> list[Hole]:
        return [h for h in analysis.holes if h.kind == STMT and isinstance(h.node, tirx.For)
                and int(h.node.kind) == int(tirx.ForKind.SERIAL) and isinstance(h.node.min, tirx.IntImm)
                and int(h.node.min) == 0 and isinstance(h.node.extent, tirx.IntImm) and not h.scope.in_vectorized]

    def fill(self, hole: Hole, analysis: Analysis, rng: random.Random) -> tirx.Stmt | None:
        loop: tirx.For = hole.node
        # Its stores get new indices and a guard: not those that initialise an allocation or count
        # a While loop, which no mutator may move (see mutators.context).
        if not analysis.removable(hole):
            return None
        extent = int(loop.extent)
        if extent < 2:
            return None  # one iteration is no vector (and `lanes + 0` would not read back as written)
        dtype = str(loop.loop_var.ty)
        if dtype != "int32":
            return None  # T.vscale() is an int32
        # The lanes run the body as a vectorized loop would: it must be one a vectorized loop may hold.
        if "vectorized" not in legal_kinds(loop.body, hole.scope, const("int32", 2), loop.loop_var, analysis.aliases):
            return None
        if hole.scope.trips * (work(loop.body) + 1) * extent > MAX_WORK:
            return None
        # `T.vscale() * k`, the form TVMScript gives a scalable extent (`k * T.vscale()` reads back so).
        lanes = tirx.Mul(tirx.vscale(), const("int32", rng.choice(LANE_FACTORS)))
        outer = tirx.Var(f"{loop.loop_var.name}_o", dtype)
        inner = tirx.Var(f"{loop.loop_var.name}_v", dtype)
        index = tirx.Add(tirx.Mul(outer, lanes), inner)
        body = tvm_ffi.structural_map(loop.body, (tvm.ir.Var, lambda v: index if v.same_as(loop.loop_var) else v))
        guarded = tirx.IfThenElse(tirx.LT(index, const(dtype, extent)), body, None)
        vector = tirx.For(inner, const(dtype, 0), lanes, tirx.ForKind.VECTORIZED, guarded)
        trips = tirx.FloorDiv(tirx.Add(lanes, const(dtype, extent - 1)), lanes)
        return tirx.For(outer, const(dtype, 0), trips, tirx.ForKind.SERIAL, vector)

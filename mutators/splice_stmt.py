"""Statement splicing: rebuild a statement subtree of another queue entry in a hole of this function.

Pass bugs live in statement shapes: loop nests of some depth and extents, conditions over loop
variables, binds, reductions that read what they store. Expression splicing carries none of that.
This mutator rebuilds a donor's loops, branches, binds and stores on this function's own buffers
and scope, so that the graft is as well-formed and free of undefined behaviour as generated code:
- a donor loop becomes a serial (or, where it was, unrolled) loop over a fresh variable of the same
  index dtype, its constant bounds capped (MAX_EXTENT) and its trips within the generator's bound;
- a donor buffer maps to one buffer of this function of its dtype for the whole graft (writable
  for a store, readable for a load), so a reduction still reads what it stores;
- an index keeps the donor's integer arithmetic over the mapped loop variables where that is
  small and has only constant divisors, wrapped in floormod of this buffer's extent, as every
  generated index is; otherwise the generator draws one;
- a value comes over as expression splicing grafts it, with the donor's loop and bind variables at
  free positions replaced by their counterparts; a condition that guards the donor's memory
  accesses is rebuilt by the index rule, since here every index is in bounds by itself.
What has no safe counterpart here (allocations, thread bindings, asserts, while loops, loop
control) is left out, and a donor block is replaced by its body.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

import tvm
import tvm.s_tir
import tvm_ffi
from tvm import tirx

from mutators.base import Mutator, replace_or_beside
from mutators.context import EXPR, STMT, Analysis, Hole, Scope, outside_block_outputs, with_buffer
from mutators.generate import MAX_TRIPS, Generator, convert, unroll_hazard
from mutators.loops import MAX_UNROLLED_WORK
from mutators.ops import SCALARS, const, split_dtype
from mutators.splice import NotGraftable, transplant
from mutators.tree import Path, count_nodes, seq, slots, with_child
from tirkit.nodes import work

# A graft stays small enough to read in a report and cheap to run in the reference interpreter.
MAX_NODES = 80
MAX_EXTENT = 16
INDEX_DTYPES = ("int32", "int64")
# Index arithmetic stays far from overflow in either index dtype.
MAX_MAGNITUDE = 2**30
CONSTANT_RANGE = 2**16
SHAPES = (tirx.For, tirx.IfThenElse)
INT_ARITH = (tirx.Add, tirx.Sub, tirx.Mul, tirx.Min, tirx.Max)
COMPARISONS = (tirx.EQ, tirx.NE, tirx.LT, tirx.LE, tirx.GT, tirx.GE)
LOGIC = (tirx.And, tirx.Or, tirx.Not)


class StmtSplice(Mutator):
    name = "splice_stmt"
    domain_specific = False
    needs_donor = True

    def holes(self, analysis: Analysis) -> list[Hole]:
        if analysis.donor is None or not grafts(analysis.donor):
            return []
        return [h for h in analysis.of_kind(STMT) if analysis.computes(h.scope) and not h.scope.in_vectorized]

    def fill(self, hole: Hole, analysis: Analysis, rng: random.Random) -> tirx.Stmt | None:
        assert analysis.donor is not None
        graft = _pick(grafts(analysis.donor), rng)
        rebuild = _Rebuild(analysis, rng, {h.path for h in analysis.donor.of_kind(EXPR)})
        scope, prefix = hole.scope, []
        # Where this function has nothing the graft may store into, and now and then anyway, the
        # graft stores into a filled allocation of its own (AllocBuffer reaches the end of the sequence).
        if not targets(analysis, scope) or rng.random() < 0.25:
            first_store = _first_store(graft.node)
            allocation = None if first_store is None else \
                Generator(rng, analysis, scope).alloc(5, str(first_store.buffer.dtype))
            if allocation is None:
                return None
            buf = allocation.seq[0].buffer
            prefix = [allocation]
            rebuild.buffers[first_store.buffer.__hash__()] = buf
            scope = replace(with_buffer(scope, buf), uninitialised=scope.uninitialised)
        new = rebuild.stmt(graft.node, graft.path, scope)
        if new is None or _first_store(new) is None:
            return None
        return replace_or_beside(seq([*prefix, new]), hole, analysis, rng)


def targets(analysis: Analysis, scope: Scope) -> list[tirx.Var]:
    """The buffers a grafted store may target: not a block's outputs, whose elements each block
    instance owns (a graft's stores would make instances collide)."""
    return outside_block_outputs(analysis.writable(scope), scope)


def grafts(donor: Analysis) -> list[Hole]:
    """The donor's statements with a loop or a branch, of at most MAX_NODES nodes."""
    return [h for h in donor.subtrees(MAX_NODES, STMT) if _has_shape(h.node)]


def _pick(candidates: list[Hole], rng: random.Random) -> Hole:
    """Half the time a graft that no other graft contains: a whole nest rather than its inner loop."""
    if rng.random() < 0.5:
        paths = [h.path for h in candidates]
        outermost = [h for h in candidates if not any(p != h.path and h.path[:len(p)] == p for p in paths)]
        return rng.choice(outermost)
    return rng.choice(candidates)


def _has_shape(stmt: object) -> bool:
    if isinstance(stmt, SHAPES):
        return True
    return isinstance(stmt, tirx.SeqStmt) and any(isinstance(s, SHAPES) for s in stmt.seq)


def _first_store(stmt: object) -> tirx.BufferStore | None:
    found = tvm_ffi.structural_walk(stmt, (tirx.BufferStore, tvm_ffi.VisitInterrupt), order="pre")
    return None if found is None else found.value


@dataclass
class _Counterpart:
    var: tirx.Var
    # The largest magnitude a loop variable takes; None for a bind, whose value is unknown.
    magnitude: int | None


@dataclass
class _Rebuild:
    analysis: Analysis
    rng: random.Random
    free: set[Path]
    names: dict[int, _Counterpart] = field(default_factory=dict)
    buffers: dict[int, tirx.Var] = field(default_factory=dict)

    def stmt(self, node: object, path: Path, scope: Scope) -> tirx.Stmt | None:
        """The donor statement at `path`, rebuilt for `scope`; None where nothing of it remains."""
        if isinstance(node, tirx.SeqStmt):
            rebuilt = []
            for i, item in enumerate(node.seq):
                new = self.stmt(item, (*path, ("seq", i)), scope)
                if new is not None:
                    rebuilt.append(new)
                    if isinstance(new, tirx.Bind):
                        scope = replace(scope, vars=(*scope.vars, new.var))
            return seq(rebuilt) if rebuilt else None
        if isinstance(node, tirx.For):
            return self._loop(node, path, scope)
        if isinstance(node, tirx.IfThenElse):
            then_case = self.stmt(node.then_case, (*path, ("then_case", -1)), scope)
            else_case = (self.stmt(node.else_case, (*path, ("else_case", -1)), scope)
                         if node.else_case is not None else None)
            if then_case is None and else_case is None:
                return None
            condition = self._value(node.condition, (*path, ("condition", -1)), "bool", scope)
            if then_case is None:
                return tirx.IfThenElse(tirx.Not(condition), else_case, None)
            return tirx.IfThenElse(condition, then_case, else_case)
        if isinstance(node, tirx.BufferStore):
            return self._store(node, path, scope)
        if isinstance(node, tirx.Bind) and str(node.var.ty) in SCALARS:
            dtype = str(node.var.ty)
            var = self._renamed(node.var, dtype)
            value = self._value(node.value, (*path, ("value", -1)), dtype, scope)
            self.names[node.var.__hash__()] = _Counterpart(var, None)
            return tirx.Bind(var, value)
        if isinstance(node, tirx.AttrStmt):
            return self.stmt(node.body, (*path, ("body", -1)), scope)
        if isinstance(node, tvm.s_tir.SBlockRealize):
            return self.stmt(node.block.body, (*path, ("block", -1), ("body", -1)), scope)
        return None

    def _renamed(self, var: tirx.Var, dtype: str) -> tirx.Var:
        """A fresh variable named after the donor's."""
        return tirx.Var(f"{var.name}_s{self.rng.randrange(10**6)}", dtype)

    def _loop(self, node: tirx.For, path: Path, scope: Scope) -> tirx.Stmt | None:
        dtype = str(node.loop_var.ty) if str(node.loop_var.ty) in INDEX_DTYPES else "int32"
        start = int(node.min) if isinstance(node.min, tirx.IntImm) and abs(int(node.min)) <= MAX_EXTENT else 0
        extent = (min(int(node.extent), MAX_EXTENT) if isinstance(node.extent, tirx.IntImm)
                  else self.rng.randint(1, 8))
        extent = min(extent, MAX_TRIPS // scope.trips)
        if extent < 1:
            return None
        var = self._renamed(node.loop_var, dtype)
        self.names[node.loop_var.__hash__()] = _Counterpart(var, max(abs(start), abs(start + extent - 1)))
        inner = replace(scope, vars=(*scope.vars, var), loop_vars=(*scope.loop_vars, var),
                        trips=scope.trips * extent, no_control=False)
        body = self.stmt(node.body, (*path, ("body", -1)), inner)
        if body is None:
            return None
        unrolled = (int(node.kind) == int(tirx.ForKind.UNROLLED) and extent * work(body) <= MAX_UNROLLED_WORK
                    and not unroll_hazard(body))
        kind = tirx.ForKind.UNROLLED if unrolled else tirx.ForKind.SERIAL
        return tirx.For(var, const(dtype, start), const(dtype, extent), kind, body)

    def _store(self, node: tirx.BufferStore, path: Path, scope: Scope) -> tirx.Stmt | None:
        if split_dtype(str(node.value.ty))[1] > 1:
            return None
        buf = self._buffer(node.buffer, targets(self.analysis, scope))
        if buf is None:
            return None
        value = self._value(node.value, (*path, ("value", -1)), str(buf.dtype), scope)
        return tirx.BufferStore(buf, value, self._indices(buf, node.indices, scope))

    def _buffer(self, donor_buf: tirx.Var, candidates: list[tirx.Var]) -> tirx.Var | None:
        """The counterpart of a donor buffer among `candidates`: the same one throughout the graft
        where it is a candidate, else one of the donor buffer's dtype, else any."""
        known = self.buffers.get(donor_buf.__hash__())
        if known is not None and any(known.same_as(c) for c in candidates):
            return known
        same = [c for c in candidates if str(c.dtype) == str(donor_buf.dtype)]
        if not (same or candidates):
            return None
        chosen = self.rng.choice(same or candidates)
        self.buffers.setdefault(donor_buf.__hash__(), chosen)
        return chosen

    def _indices(self, buf: tirx.Var, donor_indices: object, scope: Scope) -> list[tvm.ir.Expr]:
        gen = Generator(self.rng, self.analysis, scope)
        donor = list(donor_indices)
        indices = []
        for i, dim in enumerate(buf.shape):
            extent, dtype = int(dim), str(dim.ty)
            if extent == 1:
                indices.append(const(dtype, 0))
                continue
            try:
                if i >= len(donor):
                    raise NotGraftable("the donor buffer has fewer dimensions")
                arith = self._arith(donor[i])[0]
                if str(arith.ty) not in INDEX_DTYPES:
                    raise NotGraftable(f"a {arith.ty} index")
                indices.append(tirx.FloorMod(convert(arith, dtype), const(dtype, extent)))
            except NotGraftable:
                indices.append(gen.index(extent, dtype))
        return indices

    def _value(self, node: tvm.ir.Expr, path: Path, dtype: str, scope: Scope) -> tvm.ir.Expr:
        """The donor expression at `path` as a `dtype` expression for `scope`."""
        gen = Generator(self.rng, self.analysis, scope)
        try:
            if path in self.free and split_dtype(str(node.ty))[1] == 1:
                return convert(transplant(node, path, self.free, lambda leaf: self._leaf(leaf, gen)), dtype)
            return convert(self._arith(node)[0], dtype)
        except NotGraftable:
            return gen.expr(dtype, max(1, min(count_nodes(node, 8), 8)))

    def _leaf(self, leaf: tvm.ir.Expr, gen: Generator) -> tvm.ir.Expr:
        """A recipient expression for a donor variable or load at a free position."""
        dtype = str(leaf.ty)
        if isinstance(leaf, tirx.Var):
            counterpart = self.names.get(leaf.__hash__())
            if counterpart is not None and str(counterpart.var.ty) == dtype:
                return counterpart.var
        elif isinstance(leaf, tvm.ir.TensorLoad):
            readable = outside_block_outputs(self.analysis.readable(gen.scope), gen.scope)
            buf = self._buffer(leaf.source, [b for b in readable if str(b.dtype) == dtype])
            if buf is not None:
                return tirx.BufferLoad(buf, self._indices(buf, leaf.indices, gen.scope))
        return gen.expr(dtype, self.rng.randint(1, 2))

    def _arith(self, node: object) -> tuple[tvm.ir.Expr, int]:
        """`node` over the mapped loop variables, and a bound on its magnitude, where it is integer
        arithmetic with constant divisors that stays far from overflow, or a comparison or logic
        over such arithmetic."""
        if isinstance(node, tirx.IntImm):
            if abs(int(node.value)) > CONSTANT_RANGE:
                raise NotGraftable("a large constant")
            return node, abs(int(node.value))
        if isinstance(node, tirx.Var):
            counterpart = self.names.get(node.__hash__())
            if counterpart is None or counterpart.magnitude is None or str(counterpart.var.ty) != str(node.ty):
                raise NotGraftable(f"{node.name} has no loop counterpart")
            return counterpart.var, counterpart.magnitude
        if isinstance(node, (tirx.FloorDiv, tirx.FloorMod)):
            if not (isinstance(node.b, tirx.IntImm) and int(node.b.value) > 0):
                raise NotGraftable("a divisor that is not a positive constant")
            a, magnitude = self._arith(node.a)
            bound = magnitude if isinstance(node, tirx.FloorDiv) else int(node.b.value) - 1
            return type(node)(a, node.b), bound
        if isinstance(node, tirx.Cast) and str(node.ty) in INDEX_DTYPES and str(node.value.ty) in INDEX_DTYPES:
            value, magnitude = self._arith(node.value)
            return tirx.Cast(str(node.ty), value), magnitude
        if not isinstance(node, (*INT_ARITH, *COMPARISONS, *LOGIC)):
            raise NotGraftable(f"{type(node).__name__} in index arithmetic")
        if isinstance(node, INT_ARITH) and str(node.ty) not in INDEX_DTYPES:
            raise NotGraftable(f"{node.ty} arithmetic")
        magnitudes = []
        for step, child in list(slots(node)):
            new, magnitude = self._arith(child)
            node = with_child(node, step, new)
            magnitudes.append(magnitude)
        if isinstance(node, (tirx.Add, tirx.Sub)):
            bound = sum(magnitudes)
        elif isinstance(node, tirx.Mul):
            bound = magnitudes[0] * magnitudes[1]
        elif isinstance(node, (tirx.Min, tirx.Max)):
            bound = max(magnitudes)
        else:
            bound = 1
        if bound > MAX_MAGNITUDE:
            raise NotGraftable("arithmetic that could overflow")
        return node, bound

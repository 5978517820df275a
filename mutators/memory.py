"""Memory operations: new buffers (AllocBuffer of several scopes and dtypes, DeclBuffer views of
buffers in scope) and new load/store patterns whose indices mix the enclosing loop vars."""

from __future__ import annotations

import random
from dataclasses import replace

import tvm
from tvm import tirx

from mutators.base import Mutator
from mutators.context import STMT, Analysis, Hole, outside_block_outputs, storage, with_buffer
from mutators.generate import MAX_TRIPS, Generator, convert
from mutators.ops import const
from mutators.tree import seq


def reshapes(shape: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Other shapes with the same number of elements (rank 1 to 3)."""
    total = 1
    for dim in shape:
        total *= dim
    divisors = [d for d in range(1, total + 1) if total % d == 0]
    options = {(total,)} | {(d, total // d) for d in divisors}
    options |= {(a, b, total // (a * b)) for a in divisors for b in divisors if total % (a * b) == 0}
    # A shape-(1,) view would print as a scalar declaration, which does not re-parse as a view.
    return sorted(s for s in options if s != tuple(shape) and 1 not in s[1:] and len(s) <= 3 and s != (1,))


class MemoryOps(Mutator):
    name = "memory"
    domain_specific = True

    def holes(self, analysis: Analysis) -> list[Hole]:
        return [
            h
            for h in analysis.holes
            if h.kind == STMT
            and not h.scope.in_vectorized
            and analysis.computes(h.scope)
            and not isinstance(h.node, (tirx.Bind, tirx.AllocBuffer, tirx.DeclBuffer))
        ]

    def fill(self, hole: Hole, analysis: Analysis, rng: random.Random) -> tirx.Stmt | None:
        action = rng.choice(["alloc", "alloc", "view", "pattern", "pattern"])
        gen = Generator(rng, analysis, hole.scope)
        if action == "alloc":
            new = self._alloc(gen, analysis, rng)
        elif action == "view":
            new = self._view(gen, analysis, rng)
        else:
            new = self._pattern(gen, analysis, rng)
        return None if new is None else seq([new, hole.node])

    def _alloc(self, gen: Generator, analysis: Analysis, rng: random.Random) -> tirx.Stmt | None:
        alloc = gen.alloc(rng.randint(2, 6))
        if alloc is None:
            return None
        # Read the new buffer back into a buffer in scope, so the allocation is not dead code.
        new_buffer = alloc.seq[0].buffer
        use = self._pattern(gen.within(with_buffer(gen.scope, new_buffer)), analysis, rng, source=new_buffer)
        return seq([alloc, use]) if use is not None else alloc

    def _view(self, gen: Generator, analysis: Analysis, rng: random.Random) -> tirx.Stmt | None:
        # A view is read (and maybe written), so its base must be readable here.
        bases = [b for b in analysis.readable(gen.scope) if reshapes(tuple(int(d) for d in b.shape))]
        if not bases:
            return None
        base = rng.choice(bases)
        shape = rng.choice(reshapes(tuple(int(d) for d in base.shape)))
        # Same dtype and the base's layout: dtype-changing views do not round-trip exactly.
        view = tirx.decl_buffer(
            shape,
            str(base.dtype),
            name=f"{base.name}_v{rng.randrange(10**4)}",
            data=base.data,
            layout=base.layout,
            scope=base.scope(),
        )
        # A view is not an allocation: inside a block it may only be read.
        in_block = gen.scope.block_writes is not None
        if in_block:
            scope = replace(gen.scope, buffers=(*gen.scope.buffers, view))
        else:
            scope = with_buffer(gen.scope, view, allocated=False)
        # Inside a parallel/vectorized loop, writing through a view of shared memory could race.
        private = gen.scope.private is None or storage(base, analysis.aliases) in gen.scope.private
        writable = base.__hash__() not in analysis.sensitive_buffers and not in_block and private
        inner = gen.within(scope)
        use = inner.store(rng.randint(2, 6), [view]) if writable else None
        if use is None:
            use = self._pattern(inner, analysis, rng, source=view)
        # A view nothing accesses would be dead code: try another hole instead.
        return None if use is None else seq([tirx.DeclBuffer(view, data=base.data), use])

    def _pattern(
        self, gen: Generator, analysis: Analysis, rng: random.Random, source: tirx.Var | None = None
    ) -> tirx.Stmt | None:
        """`dst[f(i..)] = op(src[g(i..)])` in the enclosing loops, or in a fresh loop over dst."""
        targets = outside_block_outputs(analysis.writable(gen.scope), gen.scope)
        sources = [source] if source is not None else analysis.readable(gen.scope)
        if not targets or not sources:
            return None
        dst, src = rng.choice(targets), rng.choice(sources)
        fresh: list[tuple[tirx.Var, int]] = []
        elements = 1
        for dim in dst.shape:
            elements *= int(dim)
        if (not gen.scope.loop_vars or rng.random() < 0.5) and gen.scope.trips * elements <= MAX_TRIPS:
            fresh = [(tirx.Var(f"m{rng.randrange(10**6)}", "int32"), int(d)) for d in dst.shape]
            gen = gen.within(
                replace(
                    gen.scope,
                    vars=(*gen.scope.vars, *(v for v, _ in fresh)),
                    loop_vars=(*gen.scope.loop_vars, *(v for v, _ in fresh)),
                )
            )
        value = tirx.BufferLoad(src, [self._index(gen, int(d), str(d.ty), rng) for d in src.shape])
        value = convert(value, str(dst.dtype))
        if rng.random() < 0.5:
            value = gen.expr(str(dst.dtype), rng.randint(2, 5), reuse=(value,))
        stmt: tirx.Stmt = tirx.BufferStore(dst, value, [self._index(gen, int(d), str(d.ty), rng) for d in dst.shape])
        for var, extent in reversed(fresh):
            stmt = tirx.For(var, const("int32", 0), const("int32", extent), tirx.ForKind.SERIAL, stmt)
        return stmt

    @staticmethod
    def _index(gen: Generator, extent: int, dtype: str, rng: random.Random) -> tvm.ir.Expr:
        index = gen.index(extent, dtype, rng.randint(2, 5))
        if rng.random() < 0.3 and isinstance(index, tirx.FloorMod):
            # A reversed access: extent - 1 - (e mod extent) is still in range.
            return tirx.Sub(const(dtype, extent - 1), index)
        return index

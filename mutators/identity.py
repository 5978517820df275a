"""Identity forms: an expression or index rewritten into an equal, unsimplified form.

`e + (v - v)`, `e * 1`, `e // 1`, `e - 0.0`, `select(c, e, e)`, `min(e, e)`, and a constant split
into a sum of a loop-invariant term and its complement (`c` as `(v - v) + c`, or `a + (c - a)`).
The value is the same for every input, so the function computes what it did and no undefined
behaviour appears (no new term can overflow: `v - v` is 0, and a split constant's parts lie
between 0 and `c`). TVM's rewrite rules and region analyses fire on such forms, which passes
otherwise meet only by chance.
"""

from __future__ import annotations

import random

import tvm_ffi
from tvm import tirx

from mutators.base import Mutator
from mutators.context import EXPR, INDEX, Analysis, Hole
from mutators.generate import Generator, scalar_vars
from mutators.ops import const, is_float, is_int, split_dtype


class IdentityForms(Mutator):
    name = "identity"
    domain_specific = False

    def holes(self, analysis: Analysis) -> list[Hole]:
        return [h for h in analysis.holes if h.kind in (EXPR, INDEX) and split_dtype(h.dtype)[1] == 1
                and (is_int(h.dtype) or is_float(h.dtype) or h.dtype == "bool")]

    def fill(self, hole: Hole, analysis: Analysis, rng: random.Random) -> object | None:
        expr, dtype = hole.node, hole.dtype
        # Forms that hold `e` twice would bind the variable of a Let inside it twice.
        has_let = tvm_ffi.structural_walk(expr, (tirx.Let, tvm_ffi.VisitInterrupt)) is not None
        forms = [] if has_let else ["select", "minmax"]
        if is_int(dtype):
            forms += ["zero_sum", "times_one", "div_one"]
            if isinstance(expr, tirx.IntImm):
                forms += ["split_constant"] * 3
        elif is_float(dtype):
            forms += ["times_one", "minus_zero"]
        if not forms:
            return None
        form = rng.choice(forms)
        if form == "select":
            condition = Generator(rng, analysis, hole.scope).expr("bool", rng.randint(1, 3))
            return tirx.Select(condition, expr, expr)
        if form == "minmax":
            if dtype == "bool":
                return tirx.And(expr, expr) if rng.random() < 0.5 else tirx.Or(expr, expr)
            return (tirx.Min if rng.random() < 0.5 else tirx.Max)(expr, expr)
        if form == "times_one":
            return tirx.Mul(expr, const(dtype, 1))
        if form == "minus_zero":
            # Not `+ 0.0`: -0.0 + 0.0 is +0.0, while -0.0 - 0.0 stays -0.0.
            return tirx.Sub(expr, const(dtype, 0))
        if form == "div_one":
            return tirx.FloorDiv(expr, const(dtype, 1))
        zero = self._zero(hole, rng)
        if form == "zero_sum":
            return tirx.Add(expr, zero) if rng.random() < 0.5 else tirx.Add(zero, expr)
        value = int(expr.value)
        if rng.random() < 0.5 or value == 0:
            return tirx.Add(zero, const(dtype, value))
        part = rng.randint(0, value) if value > 0 else rng.randint(value, 0)
        return tirx.Add(const(dtype, part), const(dtype, value - part))

    @staticmethod
    def _zero(hole: Hole, rng: random.Random) -> tirx.PrimExpr:
        """`v - v` for a variable in scope of the hole's dtype (a loop variable, a parameter), else 0."""
        variables = scalar_vars(hole.scope, hole.dtype)
        if not variables:
            return const(hole.dtype, 0)
        var = rng.choice(variables)
        return tirx.Sub(var, var)

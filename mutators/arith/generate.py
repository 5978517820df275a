"""Random integer and bool expressions that stay defined over their domain.

Every integer subtree is built with a conservative interval of its values over the variables'
ranges, and an operation is only chosen where its result's interval fits its dtype: no overflow,
no divisor that can be zero, shift amounts in range. The intervals are the generator's aid, not
the judge: the worker evaluates every test at its points and never judges one with undefined
behaviour. Constants favour the values analyses special-case (0, ±1, powers of two and their
neighbours, the dtype's limits).

`index_exprs` builds what TVM's loop transformations hand the iterator-map analyses: sums of
fused, split and scaled loop variables, `(x * 8 + y) // 4 % 2 * 3 + ...`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tirkit import exprs
from tirkit.arith_case import Variable
from tirkit.exprs import Tree

INTS = ("int32", "int32", "int32", "int32", "int64", "int64", "int16", "int8", "uint8", "uint16", "uint32",
        "uint64")
NAMES = ("x", "y", "z", "w")


def limits(dtype: str) -> tuple[int, int]:
    if dtype == "bool":
        return 0, 1
    bits = int(dtype.lstrip("uint"))
    if dtype.startswith("u"):
        return 0, (1 << bits) - 1
    return -(1 << (bits - 1)), (1 << (bits - 1)) - 1


@dataclass
class Typed:
    """A generated integer subtree and the interval its values lie in."""

    tree: Tree
    lo: int
    hi: int

    @property
    def dtype(self) -> str:
        return exprs.dtype_of(self.tree)


def interesting_constant(rng: random.Random, dtype: str) -> int:
    lo, hi = limits(dtype)
    roll = rng.random()
    if roll < 0.55:
        value = rng.randint(-8, 16)
    elif roll < 0.8:
        value = (1 << rng.randint(1, min(12, hi.bit_length()))) + rng.choice((-1, 0, 0, 1))
        value = -value if lo < 0 and rng.random() < 0.2 else value
    elif roll < 0.92:
        value = rng.choice((3, 5, 6, 7, 9, 10, 12, 24, 48, 100, 255, 1000))
    else:
        value = rng.choice((lo, lo + 1, hi - 1, hi, hi // 2, lo // 2))
    return max(lo, min(hi, value))


def random_variables(rng: random.Random, count: int | None = None, dtype: str | None = None,
                     start_at_zero: bool = False) -> list[Variable]:
    """One to three variables of one dtype (a small range usually; a wide or a negative one at times)."""
    count = count or rng.choice((1, 1, 2, 2, 2, 3))
    dtype = dtype or rng.choice(INTS)
    low, high = limits(dtype)
    variables = []
    for name in NAMES[:count]:
        roll = rng.random()
        if start_at_zero or roll < 0.6:
            lo, hi = 0, rng.choice((1, 2, 3, 4, 6, 7, 8, 12, 15, 16, 31, 32, 63, 128)) - 1
        elif roll < 0.8:
            lo = rng.randint(-64, 16)
            hi = lo + rng.randint(0, 80)
        else:
            top = min(40, high.bit_length() - 1)
            span = 1 << rng.randint(min(8, top), top)
            lo = rng.choice((0, -span, -(span // 2), 1))
            hi = lo + span
        lo, hi = max(low, lo), min(high - 1, hi)
        hi = max(lo, min(hi, lo + high - 1))
        variables.append(Variable(name, dtype, lo, hi))
    return variables


class Generator:
    """Expressions over `variables`, drawn from `rng`, at most `depth` deep."""

    def __init__(self, rng: random.Random, variables: list[Variable], depth: int = 4) -> None:
        self.rng = rng
        self.variables = variables
        self.depth = depth
        self.lets = 0

    # -- integers ----------------------------------------------------------------------------
    def leaf(self, dtype: str) -> Typed:
        rng = self.rng
        same = [v for v in self.variables if v.dtype == dtype]
        if same and rng.random() < 0.7:
            v = rng.choice(same)
            return Typed(exprs.var(dtype, v.name), v.lo, v.hi)
        others = [v for v in self.variables if v.dtype != dtype]
        low, high = limits(dtype)
        if others and rng.random() < 0.3:
            v = rng.choice(others)
            if low <= v.lo and v.hi <= high:
                return Typed(["cast", dtype, exprs.var(v.dtype, v.name)], v.lo, v.hi)
        value = interesting_constant(rng, dtype)
        return Typed(exprs.const(dtype, value), value, value)

    def integer(self, dtype: str, depth: int | None = None) -> Typed:
        """An integer expression of `dtype` whose values lie within its interval and the dtype."""
        depth = self.depth if depth is None else depth
        if depth <= 0 or self.rng.random() < 0.2:
            return self.leaf(dtype)
        for _ in range(4):
            built = self._operation(dtype, depth)
            if built is not None:
                return built
        return self.leaf(dtype)

    def _operation(self, dtype: str, depth: int) -> Typed | None:
        rng = self.rng
        low, high = limits(dtype)
        kind = rng.choices(("add", "sub", "mul", "floordiv", "floormod", "div", "mod", "min", "max", "select",
                            "ite", "shl", "shr", "bitand", "bitor", "bitxor", "cast", "let", "bitnot"),
                           (10, 7, 8, 8, 8, 3, 3, 3, 3, 3, 2, 2, 2, 2, 1, 1, 2, 1, 1))[0]
        if kind in ("add", "sub", "mul", "min", "max"):
            a = self.integer(dtype, depth - 1)
            if a.tree[0] == "int":
                a = self.leaf(dtype)
            b = self.leaf(dtype) if kind == "mul" and rng.random() < 0.7 else self.integer(dtype, depth - 1)
            if kind == "mul" and b.tree[0] == "int" and rng.random() < 0.5:
                value = self._scale(a, dtype)
                b = Typed(exprs.const(dtype, value), value, value)
            lo, hi = _interval(kind, a, b)
            if lo < low or hi > high:
                return None
            return Typed([kind, dtype, a.tree, b.tree], lo, hi)
        if kind in ("floordiv", "floormod", "div", "mod"):
            a = self.integer(dtype, depth - 1)
            if a.tree[0] == "int":
                return None
            b = self._divisor(dtype, depth - 1)
            if b is None:
                return None
            lo, hi = _interval(kind, a, b)
            if lo < low or hi > high:
                return None
            return Typed([kind, dtype, a.tree, b.tree], lo, hi)
        if kind in ("select", "ite"):
            cond = self.condition(depth - 1)
            a, b = self.integer(dtype, depth - 1), self.integer(dtype, depth - 1)
            return Typed([kind, dtype, cond, a.tree, b.tree], min(a.lo, b.lo), max(a.hi, b.hi))
        if kind in ("shl", "shr"):
            a = self.integer(dtype, depth - 1)
            bits = int(dtype.lstrip("uint"))
            amount = rng.randint(0, min(bits - 1, 12 if kind == "shl" else bits - 1))
            shift: Tree = exprs.const(dtype, amount)
            low_amount = amount
            if rng.random() < 0.3:
                # An amount the analyses only bound: floormod(e, n) lies in [0, n).
                shift = ["floormod", dtype, self.integer(dtype, 1).tree, exprs.const(dtype, amount + 1)]
                low_amount = 0
            if kind == "shl":
                lo, hi = min(a.lo << amount, a.lo), max(a.hi << amount, a.hi)
                if lo < low or hi > high:
                    return None
            else:
                lo, hi = min(a.lo >> amount, a.lo >> low_amount), max(a.hi >> amount, a.hi >> low_amount)
            return Typed([kind, dtype, a.tree, shift], lo, hi)
        if kind in ("bitand", "bitor", "bitxor"):
            a, b = self.integer(dtype, depth - 1), self.integer(dtype, depth - 1)
            if a.lo < 0 or b.lo < 0:
                return Typed([kind, dtype, a.tree, b.tree], low, high)
            top = (1 << max(a.hi, b.hi).bit_length()) - 1
            return Typed([kind, dtype, a.tree, b.tree], 0, min(a.hi, b.hi) if kind == "bitand" else top)
        if kind == "bitnot":
            a = self.integer(dtype, depth - 1)
            if dtype.startswith("u"):
                return Typed(["bitnot", dtype, a.tree], high - a.hi, high - a.lo)
            return Typed(["bitnot", dtype, a.tree], -a.hi - 1, -a.lo - 1)
        if kind == "cast":
            source = rng.choice(INTS)
            a = self.integer(source, depth - 1)
            if low <= a.lo and a.hi <= high:
                return Typed(["cast", dtype, a.tree], a.lo, a.hi)
            return Typed(["cast", dtype, a.tree], low, high)
        # let
        value = self.integer(dtype, depth - 1)
        name = f"t{self.lets}"
        self.lets += 1
        self.variables = [*self.variables, Variable(name, dtype, value.lo, value.hi)]
        try:
            body = self.integer(dtype, depth - 1)
        finally:
            self.variables = self.variables[:-1]
        if name not in exprs.free_vars(body.tree):
            return body
        return Typed(["let", dtype, name, value.tree, body.tree], body.lo, body.hi)

    def _scale(self, a: Typed, dtype: str) -> int:
        """A multiplier that keeps `a * c` inside `dtype`, often a power of two or small."""
        low, high = limits(dtype)
        biggest = max(abs(a.lo), abs(a.hi), 1)
        room = max(1, min(high, -low if low < 0 else high) // biggest)
        choice = self.rng.choice((2, 3, 4, 8, 16, -1, -2, 5, 7, 64, room))
        return max(-room if low < 0 else 0, min(room, choice)) or 1

    def _divisor(self, dtype: str, depth: int) -> Typed | None:
        rng = self.rng
        if rng.random() < 0.8:
            low, _ = limits(dtype)
            value = rng.choice((2, 2, 3, 4, 4, 5, 6, 7, 8, 8, 16, 32, 12, 24, 64, 1))
            if low < 0 and rng.random() < 0.1:
                value = -value
            return Typed(exprs.const(dtype, value), value, value)
        b = self.integer(dtype, depth)
        if b.lo > 0 or b.hi < 0:
            return b
        return None

    # -- conditions --------------------------------------------------------------------------
    def condition(self, depth: int | None = None) -> Tree:
        rng = self.rng
        depth = self.depth if depth is None else depth
        roll = rng.random()
        if depth > 1 and roll < 0.2:
            op = rng.choice(("and", "or"))
            return [op, "bool", self.condition(depth - 1), self.condition(depth - 1)]
        if depth > 1 and roll < 0.25:
            return ["not", "bool", self.condition(depth - 1)]
        dtype = rng.choice([v.dtype for v in self.variables] or ["int32"])
        a = self.integer(dtype, max(0, depth - 1))
        if rng.random() < 0.5:
            value = rng.randint(a.lo, a.hi) if a.hi - a.lo < 1 << 40 else a.lo
            b = Typed(exprs.const(dtype, value), value, value)
        else:
            b = self.integer(dtype, max(0, depth - 1))
        return [rng.choice(exprs.COMPARISONS), "bool", a.tree, b.tree]


def _interval(kind: str, a: Typed, b: Typed) -> tuple[int, int]:
    if kind == "add":
        return a.lo + b.lo, a.hi + b.hi
    if kind == "sub":
        return a.lo - b.hi, a.hi - b.lo
    if kind == "mul":
        corners = [a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi]
        return min(corners), max(corners)
    if kind == "min":
        return min(a.lo, b.lo), min(a.hi, b.hi)
    if kind == "max":
        return max(a.lo, b.lo), max(a.hi, b.hi)
    # Divisors never contain 0 here.
    if kind in ("floordiv", "div"):
        corners = [_divide(kind, x, y) for x in (a.lo, a.hi) for y in (b.lo, b.hi)]
        return min(corners), max(corners)
    # Remainders: |r| < |divisor|, with the sign floor or truncation gives them.
    m = max(abs(b.lo), abs(b.hi)) - 1
    if kind == "floormod":
        return (0, m) if b.lo > 0 else (-m, 0)
    return (-m if a.lo < 0 else 0), (m if a.hi > 0 else 0)


def _divide(kind: str, x: int, y: int) -> int:
    if kind == "floordiv":
        return x // y
    q = abs(x) // abs(y)
    return q if (x < 0) == (y < 0) else -q


def vectorize(tree: Tree, lanes: int, stride: int = 1) -> Tree:
    """The expression over `lanes` lanes: each variable v becomes ramp(v, stride, lanes), each
    constant a broadcast, each operation its vector form (what VectorizeLoop hands the analyzer)."""
    kind, dtype = tree[0], tree[1]
    wide = f"{dtype}x{lanes}"
    if kind == "var":
        return ["ramp", wide, tree, exprs.const(dtype, stride), lanes]
    if kind == "int":
        return ["broadcast", wide, tree, lanes]
    if kind == "let":
        return ["let", wide, tree[2], tree[3], vectorize(tree[4], lanes, stride)]
    return exprs.with_children([kind, wide, *tree[2:]], [vectorize(child, lanes, stride)
                                                         for child in exprs.children(tree)])


def index_exprs(rng: random.Random, variables: list[Variable], count: int) -> list[Tree]:
    """Iterator-map-shaped indices over `variables` (all starting at 0): fused, split and scaled."""
    return [index_expr(rng, variables) for _ in range(count)]


def index_expr(rng: random.Random, variables: list[Variable]) -> Tree:
    dtype = variables[0].dtype
    terms = [_index_term(rng, variables, dtype) for _ in range(rng.choice((1, 1, 2, 2, 3)))]
    tree = terms[0]
    for term in terms[1:]:
        tree = ["add", dtype, tree, term]
    if rng.random() < 0.3:
        tree = ["add", dtype, tree, exprs.const(dtype, rng.randint(-4, 8))]
    return tree


def _index_term(rng: random.Random, variables: list[Variable], dtype: str) -> Tree:
    chosen = rng.sample(variables, rng.randint(1, len(variables)))
    fused: Tree | None = None
    for v in chosen:
        term = exprs.var(dtype, v.name)
        if rng.random() < 0.4:
            term = ["mul", dtype, term, exprs.const(dtype, rng.choice((2, 3, 4, 8)))]
        if fused is None:
            fused = term
        else:
            # Row-major fusion (x * extent(y) + y) mostly, else any stride.
            stride = v.extent if rng.random() < 0.7 else rng.choice((2, 3, 4, 8, 16))
            fused = ["add", dtype, ["mul", dtype, fused, exprs.const(dtype, stride)], term]
    assert fused is not None
    if rng.random() < 0.3:
        fused = ["add", dtype, fused, exprs.const(dtype, rng.randint(1, 4))]
    roll = rng.random()
    if roll < 0.3:
        fused = ["floordiv", dtype, fused, exprs.const(dtype, rng.choice((2, 3, 4, 8, 16)))]
    elif roll < 0.6:
        fused = ["floormod", dtype, fused, exprs.const(dtype, rng.choice((2, 3, 4, 8, 16)))]
    elif roll < 0.8:
        inner = ["floordiv", dtype, fused, exprs.const(dtype, rng.choice((2, 4, 8)))]
        fused = ["floormod", dtype, inner, exprs.const(dtype, rng.choice((2, 3, 4, 8)))]
    if rng.random() < 0.5:
        fused = ["mul", dtype, fused, exprs.const(dtype, rng.choice((2, 3, 4, 8, 10, 16)))]
    return fused

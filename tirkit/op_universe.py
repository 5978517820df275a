"""The (operator or intrinsic, dtype) pairs that TVM accepts: measured, not assumed.

For every candidate operator and every scalar dtype, a tiny PrimFunc stores the operator applied
to loads of that dtype; the pair is accepted when `tvm.compile(f, target="llvm")` succeeds. The
pair's name is what `tirkit.nodes.op_pair` reports for the built expression's root, so the
universe and the pairs found in mutants use the same keys (`tirx.abs` on an int is a Select).

The result is cached in `tirkit/accepted_pairs.py`; recompute it after a TVM upgrade with
`python -m tirkit.op_universe` (about a minute). Candidates are compiled in batches, each in a
forked child so that an LLVM abort rejects the batch instead of killing the caller; a failing
batch is split in halves until the failing pairs are isolated.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

import tvm
from tvm import tirx

from tirkit.nodes import op_pair

SCALARS = (
    "bool",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "float16",
    "float32",
    "float64",
)
LANES = 4
# Operand sources of a candidate: x, y of the dtype under test, c a bool, s another dtype.
Build = Callable[[tvm.ir.Expr, tvm.ir.Expr, tvm.ir.Expr, Callable[[str], tvm.ir.Expr], str], tvm.ir.Expr]

_BINARY_NODES = (
    "Add Sub Mul Div Mod FloorDiv FloorMod Min Max EQ NE LT LE GT GE And Or "
    "BitwiseAnd BitwiseOr BitwiseXor LShift RShift"
).split()
_UNARY_INTRINSICS = (
    "exp exp2 exp10 log log2 log10 log1p sqrt rsqrt sin cos tan sinh cosh tanh asin acos atan asinh "
    "acosh atanh erf sigmoid floor ceil trunc round nearbyint abs popcount clz isnan isinf isfinite"
).split()
_BINARY_INTRINSICS = "atan2 pow hypot copysign nextafter logaddexp".split()
# libm has these for float32 ("...f") and float64 only: a float16 call would have no symbol.
EXTERN_UNARY = ("cbrt", "expm1", "erfc", "tgamma", "lgamma", "logb")
EXTERN_BINARY = ("fmin", "fmax", "fdim", "remainder", "fmod")
_SAME_WIDTH = {"float16": "int16", "float32": "int32", "float64": "int64", "int16": "float16", "int32": "float32"}
_SAME_WIDTH.update({"int64": "float64", "uint16": "float16", "uint32": "float32", "uint64": "float64"})


def _extern(name: str, arity: int) -> Build:
    def build(
        x: tvm.ir.Expr, y: tvm.ir.Expr, c: tvm.ir.Expr, load: Callable[[str], tvm.ir.Expr], d: str
    ) -> tvm.ir.Expr:
        if d not in ("float32", "float64"):
            raise TypeError("libm has no such function")
        return tirx.call_pure_extern(d, name + ("f" if d == "float32" else ""), *(x, y)[:arity])

    return build


def candidates() -> list[Build]:
    """One builder per candidate operator; each is tried on every scalar dtype."""
    builds: list[Build] = [(lambda x, y, c, load, d, n=n: getattr(tirx, n)(x, y)) for n in _BINARY_NODES]
    builds += [
        lambda x, y, c, load, d: tirx.Not(x),
        lambda x, y, c, load, d: tirx.BitwiseNot(x),
        lambda x, y, c, load, d: tirx.Select(c, x, y),
        lambda x, y, c, load, d: tirx.Cast(d, load("int32" if d == "float32" else "float32")),
        lambda x, y, c, load, d: tirx.reinterpret(d, load(_SAME_WIDTH[d])),
        lambda x, y, c, load, d: tirx.Ramp(x, y, LANES),
        lambda x, y, c, load, d: tirx.Broadcast(x, LANES),
        lambda x, y, c, load, d: tirx.likely(x),
        lambda x, y, c, load, d: tirx.if_then_else(c, x, y),
        lambda x, y, c, load, d: tirx.ldexp(x, load("int32")),
    ]
    builds += [(lambda x, y, c, load, d, n=n: getattr(tirx, n)(x)) for n in _UNARY_INTRINSICS]
    builds += [(lambda x, y, c, load, d, n=n: getattr(tirx, n)(x, y)) for n in _BINARY_INTRINSICS]
    builds += [_extern(n, 1) for n in EXTERN_UNARY] + [_extern(n, 2) for n in EXTERN_BINARY]
    return builds


def _probe_function(exprs: list[tvm.ir.Expr], buffers: dict[str, tirx.Var]) -> tirx.PrimFunc:
    stores = []
    for i, expr in enumerate(exprs):
        dtype = str(expr.ty)
        out = tirx.decl_buffer((LANES,), dtype.split("x")[0], name=f"out{i}")
        buffers[f"out{i}"] = out
        zero = tirx.IntImm("int32", 0)
        index = tirx.Ramp(zero, tirx.IntImm("int32", 1), LANES) if "x" in dtype else zero
        stores.append(tirx.BufferStore(out, expr, [index]))
    body = stores[0] if len(stores) == 1 else tirx.SeqStmt(stores)  # a one-item SeqStmt raises
    return tirx.PrimFunc(list(buffers.values()), body).with_attr("global_symbol", "main")


def _compiles(exprs: list[tvm.ir.Expr], buffers: dict[str, tirx.Var]) -> bool:
    """Whether a function storing all of `exprs` compiles on llvm, judged in a forked child."""
    pid = os.fork()
    if pid == 0:  # the child: compile, report by exit status, never return into the caller
        code = 1
        try:
            tvm.compile(_probe_function(exprs, dict(buffers)), target="llvm")
            code = 0
        except BaseException:  # any failure, including a C++ check, is "not accepted"
            pass
        os._exit(code)
    _, status = os.waitpid(pid, 0)
    return os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0


def _accepted(items: list[tuple[tuple[str, str], tvm.ir.Expr]], buffers: dict) -> list[tuple[str, str]]:
    if not items:
        return []
    if _compiles([e for _, e in items], buffers):
        return [pair for pair, _ in items]
    if len(items) == 1:
        return []
    half = len(items) // 2
    return _accepted(items[:half], buffers) + _accepted(items[half:], buffers)


def measure() -> set[tuple[str, str]]:
    """Every candidate on every scalar dtype, kept when it compiles."""
    accepted: set[tuple[str, str]] = set()
    for dtype in SCALARS:
        buffers = {d: tirx.decl_buffer((LANES,), d, name=f"in_{d}") for d in SCALARS}

        def load(d: str, buffers: dict = buffers) -> tvm.ir.Expr:
            return tirx.BufferLoad(buffers[d], [tirx.IntImm("int32", 0)])

        x, y, c = load(dtype), tirx.BufferLoad(buffers[dtype], [tirx.IntImm("int32", 1)]), load("bool")
        items: dict[tuple[str, str], tvm.ir.Expr] = {}
        for build in candidates():
            try:
                expr = build(x, y, c, load, dtype)
            except Exception:  # rejected at construction (a TypeError for a dtype mismatch)
                continue
            pair = op_pair(expr)
            if pair is not None and pair not in accepted:
                items.setdefault(pair, expr)
        accepted.update(_accepted(list(items.items()), buffers))
    return accepted


def load_accepted() -> frozenset[tuple[str, str]]:
    """The cached universe (see the module docstring to refresh it)."""
    from tirkit.accepted_pairs import ACCEPTED

    return ACCEPTED


def main() -> None:
    pairs = sorted(measure())
    target = Path(__file__).with_name("accepted_pairs.py")
    lines = [f'    ("{op}", "{dtype}"),' for op, dtype in pairs]
    target.write_text(
        '"""Generated by `python -m tirkit.op_universe` with TVM '
        f'{tvm.__version__}:\nthe (operator, dtype) pairs that compile on llvm."""\n\n'
        "ACCEPTED: frozenset[tuple[str, str]] = frozenset(\n    [\n"
        + "\n".join("    " + line for line in lines)
        + "\n    ]\n)\n"
    )
    print(f"{len(pairs)} accepted pairs written to {target}", file=sys.stderr)


if __name__ == "__main__":
    main()

"""TVMScript is the only safe serialization of TIR in TVM 0.27 (pickle and save_json crash)."""

from __future__ import annotations

import operator
import re

import tvm
import tvm_ffi
from tvm import tirx
from tvm.script import tirx as T

from tirkit.errors import first_line
from tirkit.threads import DEVICE_ENTRY

_IMPORT = re.compile(r"^\s*(from\s+\S+\s+)?import\s")


def to_script(func: tirx.PrimFunc) -> str:
    return func.script()


def _without_imports(source: str) -> str:
    # The parser rejects import statements, but a seed file written by hand (or printed by
    # TVM, which comments them out) naturally starts with them; keep the line numbers.
    return "\n".join(f"# {line}" if _IMPORT.match(line) else line for line in source.splitlines())


def from_script(source: str) -> tirx.PrimFunc:
    """Parse one PrimFunc from TVMScript; raises ValueError when the text holds anything else."""
    parsed = tvm.script.from_source(_without_imports(source))
    if isinstance(parsed, tvm.IRModule):
        funcs = [f for _, f in parsed.functions_items() if isinstance(f, tirx.PrimFunc)]
        if len(funcs) != 1:
            raise ValueError(f"expected one PrimFunc, found {len(funcs)}")
        parsed = funcs[0]
    if not isinstance(parsed, tirx.PrimFunc):
        raise ValueError(f"expected a PrimFunc, found {type(parsed).__name__}")
    return parsed


def roundtrips(func: tirx.PrimFunc) -> bool:
    """True when printing and re-parsing gives a structurally equal function."""
    return bool(tvm_ffi.structural_equal(func, from_script(to_script(func))))


def parser_normal_form(func: tirx.PrimFunc) -> tirx.PrimFunc:
    """`func` as the parser builds it from text: with its implicit root block and its folding.

    Raises when that folding refuses the function (e.g. a constant division by zero).
    Self-contained (only tvm, tvm_ffi, tirx, T and operator): repro.py files carry its source.
    """
    # The printer writes `a + b` only when TVM's folding constructor would keep the node as it is,
    # and `T.Add(a, b)` otherwise (src/tirx/script/printer/expr.cc); but Mod, Min and Max always
    # print as the folding helpers T.truncmod/T.min/T.max, and intrinsic calls as T.<name>, whose
    # helpers fold constant arguments or expand the call (T.isinf(x) becomes a comparison). Once
    # one subexpression folds, the sugared operators around it fold too. Rebuilding the function
    # with the helpers the parser calls gives what the parser makes of it; they only rewrite an
    # expression into an equal one.
    binary = {
        tirx.Add: operator.add, tirx.Sub: operator.sub, tirx.Mul: operator.mul, tirx.Div: tirx.div,
        tirx.FloorDiv: T.floordiv, tirx.FloorMod: T.floormod, tirx.Mod: T.truncmod,
        tirx.Min: T.min, tirx.Max: T.max, tirx.BitwiseAnd: operator.and_, tirx.BitwiseOr: operator.or_,
        tirx.BitwiseXor: operator.xor, tirx.LShift: operator.lshift, tirx.RShift: operator.rshift,
    }
    # The T.<op> helpers of TVM 0.27 that fold constants or expand the call (found by calling each
    # with constant arguments).
    folding_calls = {"if_then_else", "likely", "ceil", "floor", "round", "trunc", "nearbyint",
                     "fabs", "isnan", "isinf", "isfinite"}

    def fold_call(call: tvm.ir.Call) -> tvm.ir.Expr:
        name = getattr(call.op, "name", "")
        short = name.split(".", 1)[-1]
        if name.startswith(("tirx.", "prim.")) and short in folding_calls:
            return getattr(T, short)(*call.args)
        return call

    # Comparisons print as `a >= b`, whose operators fold two constants (`T.max(0, -3) >= 0` comes
    # back as True once T.max folded).
    comparisons = {tirx.EQ: operator.eq, tirx.NE: operator.ne, tirx.LT: operator.lt, tirx.LE: operator.le,
                   tirx.GT: operator.gt, tirx.GE: operator.ge}
    constants = (tirx.IntImm, tirx.FloatImm)

    def fold_comparison(e: tvm.ir.Expr) -> tvm.ir.Expr:
        both = isinstance(e.a, constants) and isinstance(e.b, constants)
        return comparisons[type(e)](e.a, e.b) if both else e

    # A region prints as slices `min:min + extent`; the parser takes each extent as the simplified
    # `stop - start`, so `(64 * x + y) // 2` comes back as `x * 32 + y // 2`.
    analyzer = tvm.sym.Analyzer()

    def parsed_extent(start: tvm.ir.Expr, extent: tvm.ir.Expr) -> tvm.ir.Expr:
        # Simplifying `start + extent - start` again may reorder a sum it gave (`n + m` then `m + n`):
        # taken to its fixed point, both sides of a round trip reach the same form.
        for _ in range(4):
            again = analyzer.simplify(start + extent - start)
            if tvm_ffi.structural_equal(again, extent):
                break
            extent = again
        return extent

    def slice_extents(region: tvm.ir.TensorRegion) -> tvm.ir.TensorRegion:
        ranges = [tvm.ir.Range.from_min_extent(r.min, parsed_extent(r.min, r.extent)) for r in region.region]
        return tvm.ir.TensorRegion(region.source, ranges, region.ty)

    # A loop prints as `range(extent)` or `T.serial(min, min + extent)`, and the parser takes its
    # extent as the simplified `stop - start` too: `range(1 + y * 2)` comes back as `y * 2 + 1`.
    def loop_extent(loop: tirx.For) -> tirx.For:
        extent = parsed_extent(loop.min, loop.extent)
        if tvm_ffi.structural_equal(extent, loop.extent):
            return loop
        return tirx.For(loop.loop_var, loop.min, extent, loop.kind, loop.body, loop.thread_binding,
                        loop.annotations, loop.step)

    # script.Complete is the parser's own last step: an s_tir body that is not one root block is
    # wrapped in one.
    s_tir = bool(func.attrs and func.attrs.get("s_tir"))
    completed = tvm_ffi.get_global_func("script.Complete")(func, [], s_tir)
    return tvm_ffi.structural_map(completed, [(tuple(binary), lambda e: binary[type(e)](e.a, e.b)),
                                              (tuple(comparisons), fold_comparison),
                                              (tvm.ir.Call, fold_call), (tirx.BitwiseNot, lambda e: ~e.a),
                                              (tvm.ir.TensorRegion, slice_extents), (tirx.For, loop_extent)],
                                  order="post")


def roundtrip_failure(func: tirx.PrimFunc) -> str | None:
    """Why printing `func` and parsing it back does not give `func` again; None when it does.

    Differences that are only the parser's deliberate normalization (constant folding, the
    implicit root block) are not failures: both sides are compared in the parser's normal form.
    A printer or parser error counts unless the parser's folding refuses `func` itself, since
    then the text fails for the same reason as the folding (e.g. a constant division by zero).
    """
    try:
        again = from_script(to_script(func))
    except Exception as error:  # noqa: BLE001 - the printer and parser raise many kinds
        try:
            parser_normal_form(func)
        except Exception:  # noqa: BLE001
            return None
        return f"does not re-parse: {first_line(error)}"
    if tvm_ffi.structural_equal(func, again):
        return None
    try:
        expected, actual = parser_normal_form(func), parser_normal_form(again)
    except Exception:  # noqa: BLE001 - the parser read it without complaint: compare as printed
        expected, actual = func, again
    if tvm_ffi.structural_equal(expected, actual):
        return None
    path = tvm_ffi.get_first_structural_mismatch(expected, actual)
    # The last fields of the path name what changed (`loop_var.ty.dtype`); the full path would make
    # every location a different bug signature.
    where = ".".join(re.sub(r"\[\d+\]", "", str(path[0])).split(".")[-3:]) if path else "?"
    if where.endswith(THREAD_VAR_PATHS):
        # Sibling launches of one thread variable are legal and print as separate launches, which
        # the parser cannot tell apart from distinct variables: same program, other identity.
        return None
    return f"round trip changes {where}"


THREAD_VAR_PATHS = ("node.var", "thread_binding.var")


def structural_hash(func: tirx.PrimFunc) -> str:
    return f"{tvm_ffi.structural_hash(func) & 0xFFFFFFFFFFFFFFFF:016x}"


def is_block_form(script: str) -> bool:
    """Whether the TVMScript of a function is in block form: it holds SBlocks, or loops bound to
    threads (`T.thread_binding`), which only the block lowering passes (LowerOpaqueBlock) turn
    into the attributes that the later passes read."""
    return "T.sblock(" in script or "T.thread_binding(" in script


def is_tile_program(script: str) -> bool:
    """Whether the TVMScript of a function is a TIRx tile program (`T.device_entry()`, printed as
    `T.attr({"tirx.device_entry": ...})`), which only LowerTIRx turns into TIR."""
    return f'"{DEVICE_ENTRY}"' in script

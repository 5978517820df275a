"""Whether an analysis of `tvm.sym` fails alike on an expression of the IR a pass failed on.

A pass that simplifies its indices through the iterator-map rewriter (FlattenBuffer simplifies
every flattened index) meets the rewriter's defects inside itself. TVM's stripped stack often
names no frame of the rewriter there, only the check that failed (constant folding refusing a
division by zero). Calling the analysis on the indices of the pass's input, under the loops'
ranges, tells: where it raises the same error, the analysis is at fault, whichever pass made a
valid index it cannot handle (c42's exception-b3d40861: `i % 16 - i`).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import Any

import tvm
import tvm_ffi
from tvm import tirx

from tirkit.errors import first_line, numbers_masked
from tzer.oracles.raise_site import DETECT_ITER_MAP, RaiseSite, raise_site
from tzer.reference.expressions import ExpressionCompiler


@dataclass(frozen=True)
class ProbeFailure:
    """`component`'s `call` raised the error on the indices `expression`, at `site` (None where
    TVM named no file)."""

    component: str
    call: str
    expression: str
    site: RaiseSite | None


def failing_analysis(func: tirx.PrimFunc, message: str) -> ProbeFailure | None:
    """The analysis that raises `message` (numbers masked) on the indices of an access in `func`, under
    the ranges of its loops; None when none does."""
    wanted = numbers_masked(message)
    ranges, accesses = _loops_and_accesses(func)
    for indices in accesses:
        try:
            tvm.sym.iter_map_simplify(indices, ranges)
        except Exception as error:  # noqa: BLE001 - compared by message
            if numbers_masked(first_line(error)) == wanted:
                return ProbeFailure(DETECT_ITER_MAP, "tvm.sym.iter_map_simplify", str(indices), raise_site(error))
    return None


# The most iteration points a wrong simplification is looked for at: each costs two closure calls.
MAX_POINTS = 4096


def wrong_simplification(func: tirx.PrimFunc) -> ProbeFailure | None:
    """An access of `func` whose indices the iterator-map rewriter simplifies, under the ranges of its
    loops, into indices of another value at some iteration (c46's inconsistency-2dcecaca:
    FlattenBuffer's `x % 5 * 5 + (x + 3) % 5` became `(x + 3) % 5 * 6`); None when none does, or the
    loops are too many points to try."""
    ranges, accesses = _loops_and_accesses(func)
    for indices in accesses:
        try:
            simplified = list(tvm.sym.iter_map_simplify(indices, ranges))
        except Exception:  # noqa: BLE001 - a refusal is failing_analysis's to find
            continue
        if tvm_ffi.structural_equal(simplified, indices):
            continue
        point = _differing_point(indices, simplified, ranges)
        if point is not None:
            shown = ", ".join(f"{name}={value}" for name, value in point.items())
            return ProbeFailure(DETECT_ITER_MAP, "tvm.sym.iter_map_simplify",
                                f"{list(indices)} (simplified into {simplified}, which differs at {shown})", None)
    return None


def _differing_point(indices: list[Any], simplified: list[Any], ranges: dict[Any, tvm.ir.Range]
                     ) -> dict[str, int] | None:
    """The first iteration point of the loops `indices` use at which `simplified` has another value."""
    seen: list[Any] = []
    for index in indices:
        tvm_ffi.structural_walk(index, [(tirx.Var, seen.append)], order="pre")
    used = [var for var in ranges if any(var.same_as(other) for other in seen)]
    spans = []
    for var in used:
        low, extent = ranges[var].min, ranges[var].extent
        if not isinstance(low, tirx.IntImm) or not isinstance(extent, tirx.IntImm):
            return None
        spans.append(range(int(low.value), int(low.value) + int(extent.value)))
    if math.prod(len(span) for span in spans) > MAX_POINTS:
        return None
    compiler = ExpressionCompiler()
    for var in used:
        compiler.define(var)
    try:
        before = [compiler.expr(index) for index in indices]
        after = [compiler.expr(index) for index in simplified]
    except Exception:  # noqa: BLE001 - a form the reference cannot evaluate, or a free variable
        return None
    try:
        for values in itertools.product(*spans):
            env = list(values)
            if [fn(env) for fn in before] != [fn(env) for fn in after]:
                return {str(var.name): value for var, value in zip(used, values, strict=True)}
    except Exception:  # noqa: BLE001 - an index the reference refuses at a point (a division by zero)
        return None
    return None


def _loops_and_accesses(func: tirx.PrimFunc) -> tuple[dict[Any, tvm.ir.Range], list[list[Any]]]:
    """Every loop variable's range, and the indices of every buffer access: each access's own, and
    its flattened offset where the buffer has more than one dimension."""
    ranges: dict[Any, tvm.ir.Range] = {}
    accesses: list[list[Any]] = []

    def loop(node: tirx.For) -> None:
        ranges[node.loop_var] = tvm.ir.Range.from_min_extent(node.min, node.extent)

    def access(node: Any) -> None:
        indices = list(node.indices)
        accesses.append(indices)
        if len(indices) > 1:
            try:
                buffer = node.source if isinstance(node, tvm.ir.TensorLoad) else node.buffer
                accesses.append(list(buffer.offset_of(indices)))
            except Exception:  # noqa: BLE001 - a buffer without a flat layout is probed by its indices
                pass

    tvm_ffi.structural_walk(func.body, [(tirx.For, loop), ((tirx.BufferStore, tvm.ir.TensorLoad), access)],
                            order="pre")
    return ranges, accesses

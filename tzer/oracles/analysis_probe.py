"""Whether an analysis of `tvm.sym` fails alike on an expression of the IR a pass failed on.

A pass that simplifies its indices through the iterator-map rewriter (FlattenBuffer simplifies
every flattened index) meets the rewriter's defects inside itself. TVM's stripped stack often
names no frame of the rewriter there, only the check that failed (constant folding refusing a
division by zero). Calling the analysis on the indices of the pass's input, under the loops'
ranges, tells: where it raises the same error, the analysis is at fault, whichever pass made a
valid index it cannot handle (c42's exception-b3d40861: `i % 16 - i`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import tvm
import tvm_ffi
from tvm import tirx

from tirkit.errors import first_line, numbers_masked
from tzer.oracles.raise_site import DETECT_ITER_MAP, RaiseSite, raise_site


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
                accesses.append(list(node.buffer.offset_of(indices)))
            except Exception:  # noqa: BLE001 - a buffer without a flat layout is probed by its indices
                pass

    tvm_ffi.structural_walk(func.body, [(tirx.For, loop), ((tirx.BufferStore, tvm.ir.TensorLoad), access)],
                            order="pre")
    return ranges, accesses

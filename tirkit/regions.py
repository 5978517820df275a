"""Keeping SBlocks' declared read and write regions true to what their bodies access.

Passes trust `T.reads`/`T.writes` to reorder, fuse and compact block instances. A mutant that
reads another buffer inside a block without declaring it is a wrong test, not a compiler bug, so
the regions of every block are detected again (as TVMScript does when they are left out). One
access no region can declare: a block reading its own output at an element other than the one it
writes (another instance's result), which `reads_other_outputs` finds.
"""

from __future__ import annotations

import tvm
import tvm.s_tir
import tvm_ffi
from tvm import tirx


def _buffer_vars(func: tirx.PrimFunc) -> dict[tirx.Var, tirx.Var]:
    found: dict[tirx.Var, tirx.Var] = {p: p for p in func.params if isinstance(p.ty, tirx.BufferType)}

    def visit(node: object) -> None:
        if isinstance(node, tvm.s_tir.SBlock):
            found.update({b: b for b in node.alloc_buffers})
        elif isinstance(node, (tirx.AllocBuffer, tirx.DeclBuffer)):
            found[node.buffer] = node.buffer

    tvm_ffi.structural_walk(func.body, [(tirx.Stmt, visit)], order="pre")
    return found


def refresh_block_regions(func: tirx.PrimFunc) -> tirx.PrimFunc:
    """`func` with the read and write regions of each non-opaque block detected from its body."""
    buffers = _buffer_vars(func)
    detect = tvm.s_tir.analysis.get_sblock_read_write_region

    def refresh(block: tvm.s_tir.SBlock) -> tvm.s_tir.SBlock:
        if not len(block.iter_vars):
            return block
        reads, writes = detect(block, buffers)
        return tvm.s_tir.SBlock(block.iter_vars, reads, writes, block.name_hint, block.body, block.init,
                                block.alloc_buffers, block.match_buffers, block.annotations)

    return func.with_body(tvm_ffi.structural_map(func.body, (tvm.s_tir.SBlock, refresh), order="post"))


def _accesses(body: tirx.Stmt) -> tuple[list, list]:
    stores: list = []
    loads: list = []

    def visit(node: object) -> None:
        if isinstance(node, tirx.BufferStore):
            stores.append((node.buffer, node.indices))
        elif isinstance(node, tvm.ir.TensorLoad):
            loads.append((node.source, node.indices))

    tvm_ffi.structural_walk(body, [((tirx.Stmt, tvm.ir.Expr), visit)], order="pre")
    return stores, loads


def reads_other_outputs(func: tirx.PrimFunc) -> bool:
    """Whether some block reads a buffer it writes at indices other than those it stores to."""
    blocks: list[tvm.s_tir.SBlock] = []

    def visit(node: object) -> None:
        if isinstance(node, tvm.s_tir.SBlock) and len(node.iter_vars):
            blocks.append(node)

    tvm_ffi.structural_walk(func.body, [(tirx.Stmt, visit)], order="pre")
    for block in blocks:
        stores, loads = _accesses(block.body)
        if block.init is not None:
            stores += _accesses(block.init)[0]
        for buffer, indices in loads:
            written = [i for b, i in stores if b.same_as(buffer)]
            if written and not any(tvm_ffi.structural_equal(indices, i) for i in written):
                return True
    return False

"""Keeping SBlocks' declared read and write regions true to what their bodies access.

Passes trust `T.reads`/`T.writes` to reorder, fuse and compact block instances. A mutant that
reads another buffer inside a block without declaring it is a wrong test, not a compiler bug, so
the regions of every block are detected again (as TVMScript does when they are left out).
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

"""Binding a function's loops to GPU threads, so that a GPU target can compile it.

GPU code generators refuse a kernel whose loops are not bound to `blockIdx`/`threadIdx`.
`s_tir.DefaultGPUSchedule` binds the loops of most block functions; what it cannot schedule
(block-free functions, several root-level blocks with allocations) runs as a single GPU thread
instead, which every code generator accepts and which computes the same result.
"""

from __future__ import annotations

import tvm
import tvm.s_tir
import tvm_ffi
from tvm import tirx

_THREAD_TAGS = ("threadIdx.x", "blockIdx.x")
# The tags of a GPU's real threads; a `vthread` is a virtual thread that InjectVirtualThread
# serialises into the code of one real thread.
_GPU_THREAD_PREFIXES = ("threadIdx.", "blockIdx.")


# The attribute TVMScript's T.device_entry() writes at the head of a TIRx tile program.
DEVICE_ENTRY = "tirx.device_entry"


def is_device_entry(node: object) -> bool:
    """Whether `node` is the entry of a TIRx tile program (`T.device_entry()`)."""
    return isinstance(node, tirx.AttrStmt) and node.attr_key == DEVICE_ENTRY


def binds_gpu_thread(node: object) -> bool:
    """Whether `node` is a loop or attribute that binds a GPU thread (a `vthread` does not), or the
    entry of a TIRx tile program, whose scope ids (T.cta_id, T.thread_id) LowerTIRx binds."""
    if is_device_entry(node):
        return True
    if isinstance(node, tirx.For) and node.kind == tirx.ForKind.THREAD_BINDING:
        binding = node.thread_binding
        return binding is not None and str(binding.thread_tag).startswith(_GPU_THREAD_PREFIXES)
    if isinstance(node, tirx.AttrStmt) and node.attr_key == "thread_extent":
        return isinstance(node.node, tirx.IterVar) and str(node.node.thread_tag).startswith(_GPU_THREAD_PREFIXES)
    return False


def is_thread_bound(func: tirx.PrimFunc) -> bool:
    """Whether some loop or attribute of `func` already binds a GPU thread (a `vthread` does not)."""
    def visit(node: object) -> tvm_ffi.VisitInterrupt | None:
        return tvm_ffi.VisitInterrupt(node) if binds_gpu_thread(node) else None

    return tvm_ffi.structural_walk(func.body, [(tirx.Stmt, visit)], order="pre") is not None


def _single_thread(body: tirx.Stmt) -> tirx.Stmt:
    for tag in _THREAD_TAGS:
        thread = tirx.IterVar(tvm.ir.Range(0, 1), tirx.Var(tag, "int32"), tirx.IterVar.ThreadIndex, tag)
        body = tirx.AttrStmt(thread, "thread_extent", tirx.IntImm("int32", 1), body)
    return body


def as_single_thread(func: tirx.PrimFunc) -> tirx.PrimFunc:
    """`func` run by one GPU thread; inside the root block, whose allocations the kernel needs."""
    body = func.body
    if isinstance(body, tvm.s_tir.SBlockRealize):
        root = body.block
        init, kernel = root.init, root.body
        if init is not None and not root.iter_vars:
            # A block without iteration variables runs its init once, before its body. Left outside
            # the kernel, the init would be host code storing into device memory.
            init, kernel = None, tirx.SeqStmt([root.init, root.body])
        block = tvm.s_tir.SBlock(root.iter_vars, root.reads, root.writes, root.name_hint, _single_thread(kernel),
                                 init, root.alloc_buffers, root.match_buffers, root.annotations)
        return func.with_body(tvm.s_tir.SBlockRealize(body.iter_values, body.predicate, block))
    return func.with_body(_single_thread(body))


def bind_threads(func: tirx.PrimFunc, target: tvm.target.Target) -> tirx.PrimFunc:
    """`func` with its loops bound to the threads of the GPU `target`; unchanged if already bound."""
    if is_thread_bound(func):
        return func
    try:
        with target:
            scheduled = tvm.s_tir.transform.DefaultGPUSchedule()(tvm.IRModule({"main": func}))["main"]
    except Exception:  # noqa: BLE001 - the schedule does not apply; one thread always does
        return as_single_thread(func)
    # The schedule binds only the loops of blocks: a block-free function comes back unbound.
    return scheduled if is_thread_bound(scheduled) else as_single_thread(func)

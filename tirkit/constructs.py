"""(construct, context) pairs: which statement and expression constructs a function holds, and
inside what.

A construct is a statement or expression form that a pass treats on its own terms, named with its
variant: `AllocBuffer:shared`, `DeclBuffer:dtype`, `For:vectorized`, `ForAnnotation:<key>`,
`AttrStmt:<key>`, `BufferStore:ramp_index`, `Select`, ... (`CONSTRUCTS` below lists the
measured ones; `census` also reports keys outside it, e.g. an attr key no pass reads).

The context of a construct is the innermost enclosing statement that changes how passes treat
what is inside it (`CONTEXTS`): a loop by its kind, a vthread or GPU thread binding (a
thread-bound For, or a `virtual_thread`/`thread_extent` AttrStmt), a block's body or its init,
a branch of an IfThenElse, a While body; `body` when none encloses it. Only bodies are inside:
a loop's bounds, a branch's or a While's condition, a thread AttrStmt's extent and a block's
iter values and predicate are evaluated outside it, so their expressions belong to the
enclosing context. A function's root block (the block without iter vars that TVMScript wraps
around a block function's body) is the function body, not a block context.
"""

from __future__ import annotations

import tvm
import tvm.s_tir
import tvm_ffi
from tvm import tirx

CONTEXTS = ("body", "serial", "unrolled", "parallel", "vectorized", "thread", "vthread", "block", "init", "if", "while")
_FOR_KINDS = {
    int(tirx.ForKind.SERIAL): "serial",
    int(tirx.ForKind.UNROLLED): "unrolled",
    int(tirx.ForKind.PARALLEL): "parallel",
    int(tirx.ForKind.VECTORIZED): "vectorized",
}
ALLOC_SCOPES = ("global", "local", "shared")
# The attr keys that the default "s_tir" pipeline or the llvm/cpu code generator reads
# (src/s_tir/transform, src/tirx/transform, src/target/llvm in TVM 0.27), but reduce_scope:
# its node is the CommReducer of a GPU thread allreduce, which llvm does not lower; and
# pragma_loop_partition_hint: its node is the covered loop's var, which LowerOpaqueBlock writes
# from the loop annotation (below); before that the verifier refuses the var, and any other node
# (an enclosing loop's var, unrolled into a constant) fails LoopPartition's check (c30f's
# exception-706b44b7).
ATTR_KEYS = (
    "pragma_auto_unroll_max_step",
    "pragma_unroll_explicit",
    "pragma_parallel_launch_point",
    "pragma_parallel_stride_pattern",
    "pragma_parallel_barrier_when_finish",
    "double_buffer_scope",
    "storage_alignment",
    "compute_scope",
    "volatile_scope",
    "extern_scope",
    "virtual_thread",
    "thread_extent",
    "async_scope",
    "async_commit_queue_scope",
    "async_wait_queue_scope",
)
# Loop annotations the pipeline reads: LowerOpaqueBlock turns pragma_* ones into AttrStmts,
# InjectSoftwarePipeline, LoopPartition and AnnotateIrregularLoop read the others.
LOOP_ANNOTATIONS = (
    "pragma_auto_unroll_max_step",
    "pragma_unroll_explicit",
    "pragma_loop_partition_hint",
    "software_pipeline_stage",
    "software_pipeline_order",
    "software_pipeline_async_stages",
    "irregular_loop_mark",
)
CONSTRUCTS = (
    *(f"AllocBuffer:{scope}" for scope in ALLOC_SCOPES),
    "DeclBuffer:same",
    "DeclBuffer:dtype",
    "DeclBuffer:shape",
    "Bind",
    "IfThenElse",
    "While",
    "Break",
    "Continue",
    "AssertStmt",
    "Evaluate",
    *(f"AttrStmt:{key}" for key in ATTR_KEYS),
    *(f"For:{kind}" for kind in ("serial", "unrolled", "parallel", "vectorized", "thread", "vthread")),
    *(f"ForAnnotation:{key}" for key in LOOP_ANNOTATIONS),
    "BufferStore:ramp_index",
    "BufferStore:broadcast_value",
    "Let",
    "Select",
    "Shuffle",
    "reinterpret",
)
_JUMPS = {"tirx.break_loop": "Break", "tirx.continue_loop": "Continue"}
_THREAD_ATTRS = ("virtual_thread", "thread_extent")


def _thread_context(tag: str) -> str:
    return "vthread" if tag.startswith("vthread") else "thread"


def _decl_buffer_variant(decl: tirx.DeclBuffer) -> str:
    data, view = decl.data, decl.buffer
    if not (isinstance(data, tvm.ir.Call) and getattr(data.op, "name", "") == "tirx.buffer_data" and data.args):
        return "DeclBuffer:raw"  # over a handle, not another buffer's data: no base to compare
    base = data.args[0]
    if str(view.dtype) != str(base.dtype):
        return "DeclBuffer:dtype"
    same_shape = len(view.shape) == len(base.shape) and all(
        tvm_ffi.structural_equal(a, b) for a, b in zip(view.shape, base.shape, strict=True)
    )
    return "DeclBuffer:same" if same_shape else "DeclBuffer:shape"


def _expression_constructs(exprs: list[object], context: str, found: set[tuple[str, str]]) -> None:
    def visit(node: object) -> None:
        if isinstance(node, tirx.Let):
            found.add(("Let", context))
        elif isinstance(node, tirx.Select):
            found.add(("Select", context))
        elif isinstance(node, tirx.Shuffle):
            found.add(("Shuffle", context))
        elif isinstance(node, tvm.ir.Call) and getattr(node.op, "name", "") == "tirx.reinterpret":
            found.add(("reinterpret", context))

    for expr in exprs:
        if expr is not None:
            tvm_ffi.structural_walk(expr, [(tvm.ir.Expr, visit)], order="pre")


def _visit(stmt: tirx.Stmt, context: str, found: set[tuple[str, str]]) -> None:
    if isinstance(stmt, tirx.SeqStmt):
        for s in stmt.seq:
            _visit(s, context, found)
    elif isinstance(stmt, tirx.For):
        kind = int(stmt.kind)
        inner = _FOR_KINDS.get(kind)
        if inner is None:  # a thread binding: its tag tells a vthread from a GPU thread
            inner = _thread_context(str(stmt.thread_binding.thread_tag) if stmt.thread_binding is not None else "")
        found.add((f"For:{inner}", context))
        for key in stmt.annotations or {}:
            found.add((f"ForAnnotation:{key}", context))
        _expression_constructs([stmt.min, stmt.extent, stmt.step], context, found)
        _visit(stmt.body, inner, found)
    elif isinstance(stmt, tirx.While):
        found.add(("While", context))
        _expression_constructs([stmt.condition], context, found)
        _visit(stmt.body, "while", found)
    elif isinstance(stmt, tirx.IfThenElse):
        found.add(("IfThenElse", context))
        _expression_constructs([stmt.condition], context, found)
        _visit(stmt.then_case, "if", found)
        if stmt.else_case is not None:
            _visit(stmt.else_case, "if", found)
    elif isinstance(stmt, tirx.AttrStmt):
        key = str(stmt.attr_key)
        found.add((f"AttrStmt:{key}", context))
        _expression_constructs([stmt.value], context, found)
        inner = context
        if key in _THREAD_ATTRS:
            # A thread_extent over a vthread IterVar is a vthread too (TVMScript reprints it so).
            tag = str(stmt.node.thread_tag) if isinstance(stmt.node, tirx.IterVar) else ""
            inner = "vthread" if key == "virtual_thread" else _thread_context(tag)
        _visit(stmt.body, inner, found)
    elif isinstance(stmt, tvm.s_tir.SBlockRealize):
        _expression_constructs([*stmt.iter_values, stmt.predicate], context, found)
        block = stmt.block
        if block.init is not None:
            _visit(block.init, "init", found)
        _visit(block.body, "block", found)
    elif isinstance(stmt, tirx.Evaluate):
        value = stmt.value
        op = getattr(value.op, "name", "") if isinstance(value, tvm.ir.Call) else ""
        if op in _JUMPS:
            found.add((_JUMPS[op], context))
        elif isinstance(value, tvm.ir.Call) and isinstance(value.op, tvm.ir.Op):
            found.add(("Evaluate", context))
        _expression_constructs([value], context, found)
    elif isinstance(stmt, tirx.BufferStore):
        if any(isinstance(i, tirx.Ramp) for i in stmt.indices):
            found.add(("BufferStore:ramp_index", context))
        if isinstance(stmt.value, tirx.Broadcast):
            found.add(("BufferStore:broadcast_value", context))
        _expression_constructs([stmt.value, *stmt.indices], context, found)
    elif isinstance(stmt, tirx.AllocBuffer):
        found.add((f"AllocBuffer:{stmt.buffer.scope() or 'global'}", context))
    elif isinstance(stmt, tirx.DeclBuffer):
        found.add((_decl_buffer_variant(stmt), context))
    elif isinstance(stmt, (tirx.Break, tirx.Continue)):
        found.add((type(stmt).__name__, context))
    elif isinstance(stmt, tirx.Bind):
        found.add(("Bind", context))
        _expression_constructs([stmt.value], context, found)
    elif isinstance(stmt, tirx.AssertStmt):
        found.add(("AssertStmt", context))
        _expression_constructs([stmt.condition], context, found)
    elif isinstance(getattr(stmt, "body", None), tirx.Stmt):  # a form without a construct of its own
        _visit(stmt.body, context, found)


def _is_root_block(stmt: tirx.Stmt) -> bool:
    if not isinstance(stmt, tvm.s_tir.SBlockRealize):
        return False
    block = stmt.block
    return block.name_hint == "root" and not len(block.iter_vars) and block.init is None


def needs_block_form(construct: str) -> bool:
    """Whether `construct` can stand only in a function in block form (s_tir): a pipelined loop's
    stages become blocks (InjectSoftwarePipeline), which no other function may hold."""
    return construct.startswith("ForAnnotation:software_pipeline")


def census(func: tirx.PrimFunc) -> set[tuple[str, str]]:
    """The (construct, context) pairs present in `func` (the module docstring has the rules)."""
    found: set[tuple[str, str]] = set()
    body = func.body
    if _is_root_block(body):
        _expression_constructs([body.predicate], "body", found)
        body = body.block.body
    _visit(body, "body", found)
    return found


def context_at(func: tirx.PrimFunc, path: tuple[tuple[str, int], ...]) -> str:
    """The context (as `census` names it) of the statement at `path` in `func`'s body: a path is
    a list of (field, position in a list field or -1) steps, as `mutators.tree` writes them."""
    node: object = func.body
    root = node.block if _is_root_block(node) else None
    context = "body"
    for field, position in path:
        if isinstance(node, tirx.For) and field == "body":
            context = _FOR_KINDS.get(int(node.kind)) or _thread_context(
                str(node.thread_binding.thread_tag) if node.thread_binding is not None else ""
            )
        elif isinstance(node, tirx.While) and field == "body":
            context = "while"
        elif isinstance(node, tirx.IfThenElse) and field in ("then_case", "else_case"):
            context = "if"
        elif isinstance(node, tirx.AttrStmt) and field == "body" and str(node.attr_key) in _THREAD_ATTRS:
            tag = str(node.node.thread_tag) if isinstance(node.node, tirx.IterVar) else ""
            context = "vthread" if str(node.attr_key) == "virtual_thread" else _thread_context(tag)
        elif isinstance(node, tvm.s_tir.SBlock) and not node.same_as(root) and field in ("body", "init"):
            context = "block" if field == "body" else "init"
        child = getattr(node, field)
        node = child if position < 0 else child[position]
    return context

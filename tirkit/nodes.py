"""Counting the nodes of a TIR function, for sizes and for the node-type distributions."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import tvm
import tvm.s_tir
import tvm_ffi
from tvm import tirx

from tirkit.threads import DEVICE_ENTRY, binds_gpu_thread, is_device_entry


def node_types(func: tirx.PrimFunc) -> Counter[str]:
    """How many statement and expression nodes of each type the function's body holds."""
    counts: Counter[str] = Counter()

    def count(node: object) -> None:
        counts[type(node).__name__] += 1

    tvm_ffi.structural_walk(func.body, [((tirx.Stmt, tvm.ir.Expr), count)], order="post")
    return counts


def node_count(func: tirx.PrimFunc) -> int:
    return sum(node_types(func).values())


def work(stmt: object) -> int:
    """Statements a statement executes, counting loop trips (unknown extents count as 8)."""
    if isinstance(stmt, tirx.SeqStmt):
        return sum(work(s) for s in stmt.seq)
    if isinstance(stmt, tirx.For):
        extent = stmt.extent
        return (int(extent) if isinstance(extent, tirx.IntImm) else 8) * work(stmt.body)
    if isinstance(stmt, tirx.While):
        return 8 * work(stmt.body)
    if isinstance(stmt, tirx.IfThenElse):
        return work(stmt.then_case) + (work(stmt.else_case) if stmt.else_case is not None else 0)
    if isinstance(stmt, tirx.AttrStmt):
        return work(stmt.body) * (
            int(stmt.value) if isinstance(stmt.node, tirx.IterVar) and isinstance(stmt.value, tirx.IntImm) else 1
        )
    if isinstance(stmt, tvm.s_tir.SBlockRealize):
        return work(stmt.block.body) + (work(stmt.block.init) if stmt.block.init is not None else 0)
    return 1


def allocated_elements(func: tirx.PrimFunc) -> int:
    """Elements of the buffers the function allocates (each counted once, whatever its loops)."""
    total = [0]

    def count(buffer: tirx.Var) -> None:
        size = 1
        for dim in buffer.shape:
            size *= int(dim) if isinstance(dim, tirx.IntImm) else 1
        total[0] += size

    def visit(node: object) -> None:
        if isinstance(node, tirx.AllocBuffer):
            count(node.buffer)
        elif isinstance(node, tvm.s_tir.SBlock):
            for buffer in node.alloc_buffers:
                count(buffer)

    tvm_ffi.structural_walk(func.body, [(tirx.Stmt, visit)], order="pre")
    return total[0]


# --- (operator, dtype) pairs -----------------------------------------------------------------
# Leaves and binders carry a dtype but are not operators: they are left out of the pairs.
_NOT_OPERATORS = ("Var", "IntImm", "FloatImm", "StringImm", "TensorLoad", "BufferLoad", "Let")
# Nodes whose result is bool whatever they compare: the pair is keyed by the operand dtype,
# since "EQ on float16" is what a pass has to handle, not "EQ producing bool".
_KEYED_BY_OPERAND = ("EQ", "NE", "LT", "LE", "GT", "GE", "isnan", "isinf", "isfinite", "clz")


def _lanes_free(dtype: str) -> str:
    """The dtype without its lane count ("int32x4" -> "int32xN"): the lane count is a shape
    detail, the element type is what the pair is about."""
    base, _, lanes = dtype.partition("x")
    return f"{base}xN" if lanes else dtype


# How an op pair names a call of C's math library through call_pure_extern.
EXTERN = "extern:"
_EXTERN_CALLS = ("tirx.call_extern", "tirx.call_pure_extern")


def op_pair(node: object) -> tuple[str, str] | None:
    """The (operator or intrinsic, dtype) of one expression node, or None for leaves.

    Calls are named by their op without the namespace ("tirx.exp" and "prim.clz" -> "exp",
    "clz"); `call_pure_extern` by the libm function it calls ("extern:cbrt" for cbrtf too).
    Ramp and Broadcast are keyed by their element dtype; other vector nodes by "<base>xN"."""
    name = type(node).__name__
    # Regions and other non-scalar expressions have no PrimType: not operators either.
    if name in _NOT_OPERATORS or not isinstance(getattr(node, "ty", None), tvm.ir.PrimType):
        return None
    dtype = str(node.ty)
    if isinstance(node, tvm.ir.Call):
        if not isinstance(node.op, tvm.ir.Op):
            return None
        name = str(node.op.name).rsplit(".", 1)[-1]
        if name == "call_pure_extern" and node.args and isinstance(node.args[0], tvm.ir.StringImm):
            extern = str(node.args[0].value)
            name = EXTERN + (extern[:-1] if dtype == "float32" and extern.endswith("f") else extern)
        if name in _KEYED_BY_OPERAND and node.args:
            dtype = str(node.args[0].ty)
    elif name in _KEYED_BY_OPERAND:
        dtype = str(node.a.ty)
    elif isinstance(node, tirx.Ramp):
        dtype = str(node.base.ty)
    elif isinstance(node, tirx.Broadcast):
        dtype = str(node.value.ty)
    return name, _lanes_free(dtype)


def op_dtype_pairs(root: object) -> Counter[tuple[str, str]]:
    """How often each (operator or intrinsic, dtype) pair occurs among the expression nodes of
    `root` (a PrimFunc, a statement or an expression)."""
    pairs: Counter[tuple[str, str]] = Counter()

    def visit(node: object) -> None:
        pair = op_pair(node)
        if pair is not None:
            pairs[pair] += 1

    body = root.body if isinstance(root, tirx.PrimFunc) else root
    tvm_ffi.structural_walk(body, [((tirx.Stmt, tvm.ir.Expr), visit)], order="post")
    return pairs


def calls_op(root: object, name: str) -> bool:
    """Whether `root` calls the operator `name` (`tirx.tvm_access_ptr`, say) anywhere."""
    def hit(call: tvm.ir.Call) -> tvm_ffi.VisitInterrupt | None:
        return tvm_ffi.VisitInterrupt(call) if getattr(call.op, "name", None) == name else None

    return tvm_ffi.structural_walk(root, (tvm.ir.Call, hit)) is not None


def uses_var(root: object, var: tvm.ir.Var) -> bool:
    """Whether `var` occurs anywhere in `root` (a statement, an expression or a list of them)."""
    hit = tvm_ffi.structural_walk(root, (tvm.ir.Var, lambda v: tvm_ffi.VisitInterrupt(v) if v.same_as(var) else None))
    return hit is not None


# --- what a function needs of a code generator ------------------------------------------------
@dataclass(frozen=True)
class Needs:
    """What compiling a function asks of a code generator: element dtypes (of its expressions,
    buffers and variables), the widths of its vector expressions, (operator, dtype) pairs, and
    whether it uses scalable vectors (T.vscale()), parallel loops or GPU thread indices (a loop
    bound to `threadIdx` or `blockIdx`). Vectorized loops are not vectors yet: the pipeline's
    VectorizeLoop decides what they become."""

    dtypes: frozenset[str]
    lanes: frozenset[int]
    pairs: frozenset[tuple[str, str]]
    scalable: bool
    parallel: bool = False
    opaque_pointers: bool = False  # a T.handle (pointer to no element type) used in the body
    threads: bool = False
    scopes: frozenset[str] = frozenset()  # storage scopes of the buffers it allocates
    # NVIDIA PTX intrinsics it calls (is_cuda_op), CUDA launches it asks, a TIRx tile program's entry
    cuda_ops: frozenset[str] = frozenset()
    unrolled: int = 1  # iterations of its largest nest of unrolled loops (see _largest_unrolled_nest)
    # A tensor-core fragment (a `wmma.*` buffer) loaded or stored element by element, as a schedule
    # does before tensorize replaces those accesses with the fragment intrinsics.
    fragment_elements: bool = False
    externs: frozenset[str] = frozenset()  # the functions it calls by name (call_extern, call_pure_extern)


_CUDA_LAUNCHES = ("tirx.use_programtic_dependent_launch", "tirx.use_cooperative_launch")


def needs(funcs: list[tirx.PrimFunc]) -> Needs:
    dtypes: set[str] = set()
    lanes: set[int] = set()
    scalable = [False]
    parallel = [False]
    opaque = [False]
    threads = [False]
    scopes: set[str] = set()
    cuda_ops: set[str] = set()
    externs: set[str] = set()
    unrolled: list[tirx.For] = []
    fragment_accesses: list[object] = []
    copied: list[object] = []

    def copied_fragment(node: object) -> None:
        if _accesses_a_fragment(node):
            copied.append(node)

    def add_dtype(text: str) -> None:
        base, _, width = text.partition("x")
        dtypes.add(base)
        if "vscale" in width:
            scalable[0] = True
        elif width.isdigit():
            lanes.add(int(width))

    def visit(node: object) -> None:
        if isinstance(node, tirx.For) and node.kind == tirx.ForKind.PARALLEL:
            parallel[0] = True
        if _is_unrolled(node):
            unrolled.append(node)
        if binds_gpu_thread(node):
            threads[0] = True
        if is_device_entry(node):
            # A TIRx tile program: only CUDA resolves its scope ids (LowerTIRx in tzer/passes/registry.py).
            cuda_ops.add(DEVICE_ENTRY)
        if isinstance(node, tirx.Var) and isinstance(node.ty, tvm.ir.PointerType) and \
                str(node.ty.element_type) in ("", "void"):
            opaque[0] = True
        if isinstance(node, tvm.ir.Call) and is_cuda_op(getattr(node.op, "name", "")):
            cuda_ops.add(node.op.name)
        if isinstance(node, tvm.ir.Call) and getattr(node.op, "name", "") in _EXTERN_CALLS and node.args and \
                isinstance(node.args[0], tvm.ir.StringImm):
            externs.add(str(node.args[0].value))
        if _accesses_a_fragment(node):
            fragment_accesses.append(node)
        elif isinstance(node, tvm.s_tir.SBlock) and node.annotations.get("auto_copy"):
            # LowerAutoCopy, in the pipeline, turns an auto_copy block's copy into fragment intrinsics.
            tvm_ffi.structural_walk(node.body, [((tirx.Stmt, tvm.ir.Expr), copied_fragment)], order="pre")
        if isinstance(node, (tirx.AllocBuffer, tirx.DeclBuffer)):
            add_dtype(str(node.buffer.dtype))
            scopes.add(str(node.buffer.scope()))
        elif isinstance(node, tvm.s_tir.SBlock):
            scopes.update(str(buffer.scope()) for buffer in node.alloc_buffers)
        elif isinstance(getattr(node, "ty", None), tvm.ir.PrimType):
            add_dtype(str(node.ty))
            if isinstance(node, tvm.ir.Call) and getattr(node.op, "name", "") in ("prim.vscale", "tirx.vscale"):
                scalable[0] = True

    pairs: Counter[tuple[str, str]] = Counter()
    for func in funcs:
        # CUDA's programmatic dependent and cooperative launches, asked by a kernel's launch
        # parameters (src/runtime/metadata.h): only the CUDA runtime has them (c47's
        # exception-987f8b15: a seed from a CUDA test asked them of a Metal kernel).
        launch = func.attrs.get("tirx.kernel_launch_params", []) if func.attrs is not None else []
        cuda_ops.update(str(tag) for tag in launch if str(tag) in _CUDA_LAUNCHES)
        for param in func.params:
            add_dtype(str(param.dtype) if isinstance(param.ty, tirx.BufferType) else str(param.ty))
        tvm_ffi.structural_walk(func.body, [((tirx.Stmt, tvm.ir.Expr), visit)], order="pre")
        pairs.update(op_dtype_pairs(func))
    return Needs(frozenset(dtypes - {"handle", ""}), frozenset(lanes - {1}), frozenset(pairs), scalable[0],
                 parallel[0], opaque[0], threads[0], frozenset(scopes), frozenset(cuda_ops),
                 _largest_unrolled_nest(unrolled),
                 any(not any(node.same_as(other) for other in copied) for node in fragment_accesses),
                 frozenset(externs))


def _accesses_a_fragment(node: object) -> bool:
    """A load or store of one element of a tensor-core fragment (a `wmma.*` buffer)."""
    accessed = node.buffer if isinstance(node, tirx.BufferStore) else \
        node.source if isinstance(node, tvm.ir.TensorLoad) else None
    return accessed is not None and str(accessed.scope()).startswith("wmma.")


def _is_unrolled(node: object) -> bool:
    """An unrolled loop (`T.unroll`, or what UnrollLoop marks) of a constant extent."""
    return isinstance(node, tirx.For) and node.kind == tirx.ForKind.UNROLLED and isinstance(node.extent, tirx.IntImm)


def _largest_unrolled_nest(loops: list[tirx.For]) -> int:
    """The iterations of the largest nest of the unrolled `loops`: the code generator copies the
    innermost body that many times."""
    chains: dict[tirx.For, int] = {}

    def chain(loop: tirx.For) -> int:
        if loop not in chains:
            inner: list[tirx.For] = []
            tvm_ffi.structural_walk(loop.body, [(tirx.For, lambda node: inner.append(node))], order="pre")
            chains[loop] = max(1, int(loop.extent)) * max((chain(node) for node in inner if _is_unrolled(node)),
                                                          default=1)
        return chains[loop]

    return max((chain(loop) for loop in loops), default=1)


def is_cuda_op(name: str) -> bool:
    """Whether operator `name` is one of NVIDIA's PTX intrinsics (`tirx.ptx.cp_async_commit_group`,
    `tirx.ptx_legacy.ldmatrix`, `tirx.s_tir.cp_async_raw`), which only the CUDA code generator
    writes (as inline PTX)."""
    return ".ptx" in name or "ptx_" in name or "cp_async" in name

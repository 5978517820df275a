"""Well-formedness as the fuzzer sees it: block (s_tir) IR needs the s_tir verifier."""

from __future__ import annotations

import tvm
import tvm.s_tir
import tvm_ffi
from tvm import tirx

from tirkit.threads import DEVICE_ENTRY, is_device_entry


def is_s_tir(func: tirx.PrimFunc) -> bool:
    return bool(func.attrs is not None and "s_tir" in func.attrs and bool(func.attrs["s_tir"]))


def is_tile_function(func: tirx.PrimFunc) -> bool:
    """Whether `func` is a TIRx tile program: it has a `T.device_entry()`."""
    def entry(node: tirx.AttrStmt) -> tvm_ffi.VisitInterrupt | None:
        return tvm_ffi.VisitInterrupt(node) if is_device_entry(node) else None

    return tvm_ffi.structural_walk(func.body, (tirx.AttrStmt, entry)) is not None


# What check_well_formed says of a break or continue no loop encloses.
JUMP_OUTSIDE_LOOPS = "break_loop or continue_loop outside any loop"


def check_well_formed(func: tirx.PrimFunc) -> None:
    """Raise the verifier's error when `func` is not well-formed.

    As TVMScript's parser does: the s_tir verifier checks the definition rules every function
    shares, and the tirx verifier, which rejects every SBlockRealize, checks block-free functions
    too. assert_mode=True throughout: with False some ill-formed functions take the process down.
    """
    tvm.s_tir.analysis.verify_well_formed(func, True)
    if not is_s_tir(func):
        tirx.analysis.verify_well_formed(func, True)
    if jumps_outside_loops(func.body, in_loop=False):
        # The verifier lets it pass, but codegen has no loop to leave: not a program.
        raise ValueError(JUMP_OUTSIDE_LOOPS)


def jumps_outside_loops(stmt: object, in_loop: bool) -> bool:
    """Whether `stmt` breaks or continues where no loop encloses it (self-contained: repro.py
    embeds its source)."""
    if stmt is None:
        return False
    if isinstance(stmt, (tirx.For, tirx.While)):
        return jumps_outside_loops(stmt.body, True)
    if isinstance(stmt, (tirx.Break, tirx.Continue)):
        return not in_loop
    if isinstance(stmt, tirx.Evaluate):
        value = stmt.value
        jump = isinstance(value, tvm.ir.Call) and getattr(value.op, "name", "") in ("tirx.break_loop",
                                                                                  "tirx.continue_loop")
        return jump and not in_loop
    if isinstance(stmt, tirx.SeqStmt):
        return any(jumps_outside_loops(s, in_loop) for s in stmt.seq)
    if isinstance(stmt, tirx.IfThenElse):
        return jumps_outside_loops(stmt.then_case, in_loop) or jumps_outside_loops(stmt.else_case, in_loop)
    if isinstance(stmt, tvm.s_tir.SBlockRealize):
        stmt = stmt.block
    if isinstance(stmt, tvm.s_tir.SBlock) and jumps_outside_loops(stmt.init, in_loop):
        return True
    return jumps_outside_loops(getattr(stmt, "body", None), in_loop)


# Intrinsics that tell the compiler something rather than compute a value: TVM produces and
# consumes them only as a statement, `Evaluate(call)`; LLVM codegen gives them no value.
STATEMENT_INTRINSICS = frozenset({"tirx.assume", "tirx.break_loop", "tirx.continue_loop", "tirx.tvm_storage_sync"})


def unsupported_form(body: tirx.Stmt) -> str | None:
    """Why `body` holds a form that the verifiers let pass but no TVM program means; None when
    it holds none."""
    as_statement, everywhere, negative, scope_ids = 0, 0, False, False
    attrs: dict[str, list[tirx.AttrStmt]] = {"pragma_loop_partition_hint": [], "pragma_parallel_launch_point": [],
                                             DEVICE_ENTRY: []}

    def visit(node: object) -> None:
        nonlocal as_statement, everywhere, negative, scope_ids
        if isinstance(node, tirx.Evaluate):
            as_statement += _is_statement_intrinsic(node.value)
        elif isinstance(node, tirx.AttrStmt) and str(node.attr_key) in attrs:
            attrs[str(node.attr_key)].append(node)
        scope_ids = scope_ids or isinstance(node, tirx.ScopeIdDefStmt)
        everywhere += _is_statement_intrinsic(node)
        negative = negative or _negative_unsigned_constant(node)

    tvm_ffi.structural_walk(body, [((tirx.Stmt, tvm.ir.Expr), visit)], order="pre")
    if everywhere > as_statement:
        return "a statement-only intrinsic (assume, break_loop, ...) is used as a value"
    if attrs["pragma_loop_partition_hint"]:
        # LowerOpaqueBlock writes it from a loop's annotation, keyed by that loop's var, which the
        # verifier refuses before the loop; keyed by anything else, LoopPartition's check fails.
        return "a loop partition hint is written as an attribute, not as its loop's annotation"
    if not all(_holds_parallel_loop(point.body) for point in attrs["pragma_parallel_launch_point"]):
        # CodeGenCPU launches the parallel loop inside it, and refuses a region that has none.
        return "a parallel launch point holds no parallel loop"
    if negative:
        # TVM's constant folder refuses it on purpose ("will cause a negative uint").
        return "an unsigned subtraction of constants goes below zero"
    if scope_ids and not attrs[DEVICE_ENTRY]:
        # Only LowerTIRx resolves them, and only in a tile program; the default pipeline's
        # LowerIntrin has no rule for them ("Do not have a default for tirx.ScopeIdDefStmt").
        return "TIRx scope ids (T.cta_id, T.thread_id, ...) outside a tile program (no T.device_entry())"
    return None


def _holds_parallel_loop(stmt: tirx.Stmt) -> bool:
    def visit(node: object) -> tvm_ffi.VisitInterrupt | None:
        if isinstance(node, tirx.For) and int(node.kind) == int(tirx.ForKind.PARALLEL):
            return tvm_ffi.VisitInterrupt(node)
        return None

    return tvm_ffi.structural_walk(stmt, [(tirx.For, visit)], order="pre") is not None


def _is_statement_intrinsic(node: object) -> bool:
    return isinstance(node, tvm.ir.Call) and getattr(node.op, "name", "") in STATEMENT_INTRINSICS


def _negative_unsigned_constant(node: object) -> bool:
    if not isinstance(node, tirx.Sub) or not str(node.ty).startswith("uint") or "x" in str(node.ty):
        return False
    if not (_is_constant(node.a) and _is_constant(node.b)):
        return False
    analyzer = tvm.sym.Analyzer()
    try:
        a, b = analyzer.simplify(node.a), analyzer.simplify(node.b)
    except Exception:  # noqa: BLE001 - a negative constant inside refuses to fold too
        return True
    return isinstance(a, tirx.IntImm) and isinstance(b, tirx.IntImm) and int(a.value) < int(b.value)


def _is_constant(expr: object) -> bool:
    def visit(node: object) -> tvm_ffi.VisitInterrupt | None:
        varies = isinstance(node, (tvm.ir.Var, tvm.ir.Call)) or type(node).__name__ == "TensorLoad"
        return tvm_ffi.VisitInterrupt(node) if varies else None

    return tvm_ffi.structural_walk(expr, [(tvm.ir.Expr, visit)], order="pre") is None


def well_formed(func: tirx.PrimFunc) -> bool:
    try:
        check_well_formed(func)
    except Exception:  # noqa: BLE001 - any verifier failure means "not well-formed"
        return False
    return True


def _lanes(text: object) -> int:
    """The lanes of a dtype as text (`float32x4` -> 4); 1 for a scalar or a scalable vector."""
    width = str(text).partition("x")[2]
    return int(width) if width.isdigit() else 1


def _bits(dtype: object) -> int | None:
    """The width in bits of a scalar or fixed vector dtype as text; None for a handle or scalable vector."""
    try:
        parsed = tvm.DataType(str(dtype))
    except Exception:  # noqa: BLE001 - a type TVM's DataType cannot parse has no width here
        return None
    return None if "vscale" in str(dtype) or str(dtype) == "handle" else parsed.bits * parsed.lanes


def resized_reinterpret(func: tirx.PrimFunc) -> str | None:
    """A `reinterpret` between types of different widths: the bits of its operand are the bits of
    its value, so both are one width (the constructor checks it; a pass that narrows the operand
    in place does not)."""
    found: list[str] = []

    def visit(node: object) -> tvm_ffi.VisitInterrupt | None:
        if isinstance(node, tvm.ir.Call) and getattr(node.op, "name", "") == "tirx.reinterpret" and node.args:
            source, target = _bits(node.args[0].ty), _bits(node.ty)
            if source is not None and target is not None and source != target:
                found.append(f"a reinterpret of {node.args[0].ty} as {node.ty}")
                return tvm_ffi.VisitInterrupt(node)
        return None

    tvm_ffi.structural_walk(func.body, [(tvm.ir.Expr, visit)], order="pre")
    return found[0] if found else None


def lane_mismatch(func: tirx.PrimFunc) -> str | None:
    """A store whose value has other lanes than its index selects, or a buffer whose shape is a
    vector: what the node constructors refuse (BufferStore checks `index_lanes * buffer_lanes ==
    value_lanes`) and a pass's in-place rewrite of a node's fields does not check."""
    found: list[str] = []

    def visit(node: object) -> None:
        if found:
            return
        if isinstance(node, (tirx.AllocBuffer, tirx.DeclBuffer)):
            if any(_lanes(getattr(extent, "ty", "")) > 1 for extent in node.buffer.shape):
                found.append(f"buffer {node.buffer.name} has a vector in its shape")
        elif isinstance(node, tirx.BufferStore) and node.indices:
            wanted = _lanes(node.indices[-1].ty) * _lanes(node.buffer.dtype)
            got = _lanes(node.value.ty)
            if got != wanted:
                found.append(f"a store of {got} lanes into {wanted} lanes of {node.buffer.name}")

    tvm_ffi.structural_walk(func.body, [(tirx.Stmt, visit)], order="pre")
    return found[0] if found else None


def undefined_attr_buffers(func: tirx.PrimFunc) -> list[str]:
    """The buffers an AttrStmt names (`T.attr(B, "volatile_scope", 1)`) that `func` does not
    define. TVM's verifiers do not look at an AttrStmt's node, and the printer can only write such
    a buffer as a free `T.Buffer`, which parses as another buffer: a pass that replaced a buffer
    and left the attribute on the old one made the function so."""
    defined: list[tvm.ir.Var] = list(func.params)
    named: list[tvm.ir.Var] = []

    def visit(node: object) -> None:
        if isinstance(node, (tirx.AllocBuffer, tirx.DeclBuffer)):
            defined.append(node.buffer)
        elif isinstance(node, tvm.s_tir.SBlock):
            defined.extend([*node.alloc_buffers, *(match.buffer for match in node.match_buffers)])
        elif isinstance(node, tirx.AttrStmt) and isinstance(node.node, tvm.ir.Var) and hasattr(node.node, "data"):
            named.append(node.node)

    tvm_ffi.structural_walk(func.body, [(tirx.Stmt, visit)], order="pre")
    return [str(buffer) for buffer in named if not any(buffer.same_as(known) for known in defined)]


def mistyped_thread_bindings(func: tirx.PrimFunc) -> list[str]:
    """The loops whose thread binding's variable has another type than the loop's own variable.
    TVMScript writes a binding as the loop's (`T.thread_binding(T.int64(1), "threadIdx.x")`), as
    the parser and `sch.bind` build it: a pass that builds it otherwise made a function no text
    can spell."""
    found: list[str] = []

    def visit(loop: tirx.For) -> None:
        binding = loop.thread_binding
        if binding is not None and str(binding.var.ty) != str(loop.loop_var.ty):
            found.append(f"{loop.loop_var} ({loop.loop_var.ty}) bound to {binding.thread_tag} ({binding.var.ty})")

    tvm_ffi.structural_walk(func.body, [(tirx.For, visit)], order="pre")
    return found


def dangling_dim_align(func: tirx.PrimFunc) -> str | None:
    """A block whose `buffer_dim_align` annotation (storage_align's) names a write buffer by an
    index the block's writes do not have: the passes that lay out storage read `writes[index]`
    unchecked (StorageAlignCollector), so a pass that moved the buffer out of the block's writes
    and kept the annotation broke the function."""
    found: list[str] = []

    def visit(block: tvm.s_tir.SBlock) -> None:
        aligns = block.annotations.get("buffer_dim_align") if block.annotations else None
        for entry in aligns or []:
            if int(entry[0]) >= len(block.writes):
                found.append(f"block {block.name_hint}'s buffer_dim_align names write buffer {int(entry[0])} "
                             f"of {len(block.writes)}")

    tvm_ffi.structural_walk(func.body, [(tvm.s_tir.SBlock, visit)], order="pre")
    return found[0] if found else None

"""Keeping SBlocks' declared read and write regions true to what their bodies access.

Passes trust `T.reads`/`T.writes` to reorder, fuse and compact block instances. A mutant that
reads another buffer inside a block without declaring it is a wrong test, not a compiler bug, so
the regions of every block are detected again (as TVMScript does when they are left out). One
access no region can declare: a block reading its own output at an element other than the one it
writes (another instance's result), which `reads_other_outputs` finds.
"""

from __future__ import annotations

from collections.abc import Callable

import tvm
import tvm.s_tir
import tvm_ffi
from tvm import tirx

from tirkit.nodes import uses_var
from tirkit.pipelining import pipeline_annotations_broken


def _buffer_vars(func: tirx.PrimFunc) -> dict[tirx.Var, tirx.Var]:
    found: dict[tirx.Var, tirx.Var] = {p: p for p in func.params if isinstance(p.ty, tirx.BufferType)}

    def visit(node: object) -> None:
        if isinstance(node, tvm.s_tir.SBlock):
            found.update({b: b for b in node.alloc_buffers})
        elif isinstance(node, (tirx.AllocBuffer, tirx.DeclBuffer)):
            found[node.buffer] = node.buffer

    tvm_ffi.structural_walk(func.body, [(tirx.Stmt, visit)], order="pre")
    return found


def detected_regions(func: tirx.PrimFunc, block: tvm.s_tir.SBlock) -> tuple[list, list]:
    """The read and write regions that TVM's access region detector (GetSBlockReadWriteRegion)
    gives for `block`, a block of `func`, from its body."""
    reads, writes = tvm.s_tir.analysis.get_sblock_read_write_region(block, _buffer_vars(func))
    return list(reads), list(writes)


def refresh_block_regions(func: tirx.PrimFunc) -> tirx.PrimFunc:
    """`func` with the read and write regions of each block but the root detected from its body."""
    buffers = _buffer_vars(func)
    detect = tvm.s_tir.analysis.get_sblock_read_write_region

    def refresh(block: tvm.s_tir.SBlock) -> tvm.s_tir.SBlock:
        # The root block declares nothing; a block without iter vars inside it is refreshed too,
        # since the regions of the blocks around it are detected from its declared ones.
        if _is_root(block):
            return block
        reads, writes = detect(block, buffers)
        # A buffer the block allocates is its own: a region over it would name a buffer before its
        # declaration (TVMScript does not re-parse it, the interpreter has no storage for it yet).
        local = _allocated_in(block)
        reads = [r for r in reads if r.source not in local]
        writes = [w for w in writes if w.source not in local]
        return tvm.s_tir.SBlock(
            block.iter_vars,
            reads,
            writes,
            block.name_hint,
            block.body,
            block.init,
            block.alloc_buffers,
            block.match_buffers,
            block.annotations,
        )

    return func.with_body(tvm_ffi.structural_map(func.body, (tvm.s_tir.SBlock, refresh), order="post"))


def undeclared_reads(func: tirx.PrimFunc) -> list[str]:
    """The blocks of `func` (but the root) whose body or init reads a buffer from outside that
    their read regions do not name, as TVM's access region detector finds."""
    buffers = _buffer_vars(func)
    found: list[str] = []

    def visit(block: tvm.s_tir.SBlock) -> None:
        if _is_root(block):
            return
        declared = {region.source for region in block.reads} | _allocated_in(block)
        reads, _ = tvm.s_tir.analysis.get_sblock_read_write_region(block, buffers)
        if any(region.source not in declared for region in reads):
            found.append(str(block.name_hint))

    tvm_ffi.structural_walk(func.body, [(tvm.s_tir.SBlock, visit)], order="pre")
    return found


def _is_root(block: tvm.s_tir.SBlock) -> bool:
    """Whether `block` is a function's root block, which declares no regions."""
    return not len(block.iter_vars) and str(block.name_hint) == "root"


def _allocated_in(block: tvm.s_tir.SBlock) -> set[tirx.Var]:
    """The buffers `block` allocates (its alloc_buffers, an AllocBuffer in its body or init), and
    the views of them."""
    found: set[tirx.Var] = set(block.alloc_buffers)

    def visit(node: object) -> None:
        if isinstance(node, tirx.AllocBuffer):
            found.add(node.buffer)
        elif isinstance(node, tirx.DeclBuffer):
            data = node.data
            if isinstance(data, tvm.ir.Call) and data.args and any(data.args[0].same_as(b) for b in found):
                found.add(node.buffer)

    for part in (block.body, block.init):
        if part is not None:
            tvm_ffi.structural_walk(part, [(tirx.Stmt, visit)], order="pre")
    return found


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
            # An init that reads the block's output elsewhere reads what another instance writes.
            init_stores, init_loads = _accesses(block.init)
            stores += init_stores
            loads += init_loads
        local = _allocated_in(block)  # no other instance sees the block's own allocations
        for buffer, indices in loads:
            if buffer in local:
                continue
            written = [i for b, i in stores if b.same_as(buffer)]
            if written and not any(tvm_ffi.structural_equal(indices, i) for i in written):
                return True
    return False


# const_int_bound's answer for an expression it knows nothing about (a parameter, say).
UNKNOWN = -(1 << 62)


class _Bounds:
    """The constant bounds of the loop, Bind and block iteration variables of a function, and its
    block realizations, for judging whether a declared index can leave what holds it."""

    def __init__(self, func: tirx.PrimFunc) -> None:
        self.realizes: list[tvm.s_tir.SBlockRealize] = []
        self.analyzer = tvm.sym.Analyzer()

        def visit(node: object) -> None:
            if isinstance(node, tirx.For):
                self._bind(node.loop_var, tvm.ir.Range.from_min_extent(node.min, node.extent))
            elif isinstance(node, tirx.Bind):
                self._bind(node.var, node.value)
            elif isinstance(node, tvm.s_tir.SBlockRealize):
                self.realizes.append(node)
                for iter_var in node.block.iter_vars:
                    self._bind(iter_var.var, iter_var.dom)

        tvm_ffi.structural_walk(func.body, [(tirx.Stmt, visit)], order="pre")

    def _bind(self, var: tirx.Var, value: object) -> None:
        try:
            self.analyzer.bind(var, value)
        except (RuntimeError, TypeError):
            # The simplifier's own checks can fail on a value (a folded cast of a negative
            # constant to uint, say), and it takes no handle-typed call: the variable then has
            # no known bound, which passes.
            pass

    def outside(self, expr: tvm.ir.Expr, low: int, high: int) -> bool:
        if tvm_ffi.structural_walk(expr, (tvm.ir.TensorLoad, tvm_ffi.VisitInterrupt)) is not None:
            # A gathered index (take's `A[idx[i]]`) is as good as the data: no bound to judge.
            return False
        bound = self.analyzer.const_int_bound(expr)
        known = UNKNOWN < bound.min_value and bound.max_value < -UNKNOWN
        return known and (bound.min_value < low or bound.max_value > high)

    def axis_outside(self, rng: tvm.ir.Range, size: object) -> bool:
        """Whether a declared range can leave an axis of `size` elements (a constant size only)."""
        # Simplified first: the bound of `m + (e - m)` is the sum of two bounds, wider than the
        # buffer, and a reduced case could then keep a region truly beyond it.
        end = self.analyzer.simplify(rng.min + rng.extent)
        return isinstance(size, tirx.IntImm) and (self.outside(rng.min, 0, int(size)) or
                                                  self.outside(end, 0, int(size)))


def declared_outside(func: tirx.PrimFunc) -> list[str]:
    """What a block declares beyond what holds it: an iteration value that can leave its iteration
    domain, or a read or write region that can leave its buffer, for some value of the loops and
    iteration variables in their ranges (constant bounds only; a bound that is unknown passes).

    Passes reason on the declared domains and regions, not on the values that happen to run: a
    block declared over 4 iterations of a 1-element buffer is a wrong test even where its loop
    runs once.
    """
    bounds = _Bounds(func)
    found: list[str] = []
    for realize in bounds.realizes:
        block = realize.block
        # A predicate (T.where) may keep the values of an imperfect split inside the domain.
        predicated = not (isinstance(realize.predicate, tirx.IntImm) and int(realize.predicate))
        bindings = [] if predicated else list(zip(block.iter_vars, realize.iter_values, strict=True))
        for iter_var, value in bindings:
            dom = iter_var.dom
            if (
                isinstance(dom.min, tirx.IntImm)
                and isinstance(dom.extent, tirx.IntImm)
                and bounds.outside(value, int(dom.min), int(dom.min) + int(dom.extent) - 1)
            ):
                found.append(f"block {block.name_hint}: {iter_var.var.name} = {value} leaves its domain {dom}")
        for kind, regions in (("reads", block.reads), ("writes", block.writes)):
            for region in regions:
                for axis, (rng, size) in enumerate(zip(region.region, region.source.ty.shape, strict=True)):
                    if bounds.axis_outside(rng, size):
                        found.append(
                            f"block {block.name_hint} {kind} {region.source.name} beyond its "
                            f"{int(size)} elements on axis {axis}"
                        )
    return found


def clip_declared_regions(func: tirx.PrimFunc) -> tirx.PrimFunc:
    """`func` with each axis of a declared region that can leave its buffer widened to the whole
    axis. TOPI's padding blocks declare the unguarded index (`data[i - 1]` under an if_then_else),
    which leaves the buffer at its edges; the whole axis is a true bound of the guarded accesses."""
    bounds = _Bounds(func)

    def clip(region: tirx.BufferRegion) -> tirx.BufferRegion:
        shape = region.source.ty.shape
        ranges = [tvm.ir.Range.from_min_extent(0, size) if bounds.axis_outside(rng, size) else rng
                  for rng, size in zip(region.region, shape, strict=True)]
        return tirx.BufferRegion(region.source, ranges)

    def visit(block: tvm.s_tir.SBlock) -> tvm.s_tir.SBlock:
        return tvm.s_tir.SBlock(block.iter_vars, [clip(r) for r in block.reads], [clip(w) for w in block.writes],
                                block.name_hint, block.body, block.init, block.alloc_buffers, block.match_buffers,
                                block.annotations)

    return func.with_body(tvm_ffi.structural_map(func.body, (tvm.s_tir.SBlock, visit), order="post"))


def _blocks_under(stmt: object) -> list[tvm.s_tir.SBlockRealize]:
    """The block realizations in `stmt` that no other block encloses within it."""
    if isinstance(stmt, tvm.s_tir.SBlockRealize):
        return [stmt]
    if isinstance(stmt, tirx.SeqStmt):
        return [r for s in stmt.seq for r in _blocks_under(s)]
    children = [getattr(stmt, name, None) for name in ("body", "then_case", "else_case")]
    return [r for child in children if isinstance(child, tirx.Stmt) for r in _blocks_under(child)]


def init_block_repeats(func: tirx.PrimFunc) -> bool:
    """Whether a block with a `T.init()` sits under a loop of more than one iteration that none of
    its bindings use: each of its instances then runs several times, and whether the init runs
    each time or once is the test's guess (blockize reads it one way, the unlowered loop the
    other: c30h's inconsistency-516ed56e)."""
    found = []

    def visit(loop: tirx.For) -> None:
        # Only a loop known to run more than once: an extent such as an outer loop's variable
        # (c30h's exception-5b9b5d89, `for n in T.grid(k0)` with k0 < 1) says nothing.
        if not isinstance(loop.extent, tirx.IntImm) or int(loop.extent) <= 1:
            return
        for realize in _blocks_under(loop.body):
            if realize.block.init is not None and not any(
                    uses_var(value, loop.loop_var) for value in realize.iter_values):
                found.append(realize)

    tvm_ffi.structural_walk(func.body, [(tirx.For, visit)], order="pre")
    return bool(found)


def init_uses_reduction_vars(func: tirx.PrimFunc) -> bool:
    """Whether some block's `T.init()` uses one of the block's reduction iteration variables.

    The init runs once per spatial instance, before the first reduction step: a reduction variable
    has no value there (DecomposeReduction and MetaSchedule's rules leave it undefined).
    """
    found = []

    def visit(block: tvm.s_tir.SBlock) -> None:
        if block.init is None:
            return
        reduction = [v.var for v in block.iter_vars if int(v.iter_type) == int(tirx.IterVar.CommReduce)]
        if any(uses_var(block.init, var) for var in reduction):
            found.append(block)

    tvm_ffi.structural_walk(func.body, [(tvm.s_tir.SBlock, visit)], order="pre")
    return bool(found)


def spatial_instances_collide(func: tirx.PrimFunc) -> bool:
    """Whether some block stores to an element that several of its spatial instances store to: a
    store whose indices leave out one of the block's spatial iteration variables (of more than one
    value), to a buffer the block does not allocate itself.

    TensorIR's spatial instances are unordered (schedules parallelize and vectorize them): two that
    write one element give whichever result the order gives, and no order is the right one.
    """
    collides = []

    def visit(block: tvm.s_tir.SBlock) -> None:
        spatial = [
            v.var
            for v in block.iter_vars
            if int(v.iter_type) == int(tirx.IterVar.DataPar)
            and not (isinstance(v.dom.extent, tirx.IntImm) and int(v.dom.extent) <= 1)
        ]
        if not spatial:
            return
        own = list(block.alloc_buffers)
        stores: list[tirx.BufferStore] = []
        nested: list[tirx.BufferStore] = []

        def collect(into: list) -> Callable[[object], None]:
            return lambda node: into.append(node) if isinstance(node, tirx.BufferStore) else None

        def inner(child: tvm.s_tir.SBlock) -> None:
            # A nested block's stores use its own iteration variables: it is judged on its own.
            tvm_ffi.structural_walk(child, [(tirx.Stmt, collect(nested))], order="pre")

        def scratch(node: object) -> None:
            # A buffer allocated in the block's body is each instance's own.
            if isinstance(node, tirx.AllocBuffer):
                own.append(node.buffer)
            collect(stores)(node)

        # The init's stores too: an init that leaves out a spatial variable initializes one element
        # for several instances, and the others accumulate into whatever was there.
        for part in (block.body, block.init):
            if part is not None:
                tvm_ffi.structural_walk(part, [(tvm.s_tir.SBlock, inner), (tirx.Stmt, scratch)], order="pre")
        for node in stores:
            if any(node.same_as(n) for n in nested) or any(node.buffer.same_as(b) for b in own):
                continue
            if any(not uses_var(node.indices, var) for var in spatial):
                collides.append(node)

    tvm_ffi.structural_walk(func.body, [(tvm.s_tir.SBlock, visit)], order="pre")
    return bool(collides)


def block_semantics_broken(func: tirx.PrimFunc) -> str | None:
    """Why the function's blocks mean nothing TensorIR can order, or its pipelined loops' stages
    no longer number their bodies, though the verifier accepts them; None when they are sound."""
    if init_uses_reduction_vars(func):
        return "a block init uses a reduction variable"
    if init_block_repeats(func):
        return "a block with an init runs an instance more than once (a loop its bindings do not use)"
    if spatial_instances_collide(func):
        return "spatial instances of a block store to the same element"
    not_copies = auto_copies_copying_nothing(func)
    if not_copies:
        return f"an auto_copy block copies no one buffer into another ({', '.join(not_copies)})"
    return pipeline_annotations_broken(func)


def auto_copies_copying_nothing(func: tirx.PrimFunc) -> list[str]:
    """The blocks annotated `auto_copy` (what read_at and write_at make) that are no copy, as their
    declared regions or their body say: LowerAutoCopy rewrites such a block as a copy of its one
    read into its one write (of the wmma accumulator among several reads) and checks it is one. A
    block holding blocks of its own is LowerAutoCopy's output (TVM's tests keep its annotation),
    not a copy to lower again (c42's crash-571b3abb: TileWmmaBlock indexes a loop it has not)."""
    buffers = _buffer_vars(func)
    found: list[str] = []

    def copies(reads: list, writes: list) -> bool:
        return len(writes) == 1 and (len(reads) == 1 or any(
            str(region.source.scope()) == "wmma.accumulator" for region in reads))

    def visit(block: tvm.s_tir.SBlock) -> None:
        if not block.annotations.get("auto_copy"):
            return
        if tvm_ffi.structural_walk(block.body, (tvm.s_tir.SBlock, tvm_ffi.VisitInterrupt)) is not None:
            found.append(str(block.name_hint))
            return
        reads, writes = tvm.s_tir.analysis.get_sblock_read_write_region(block, buffers)
        local = _allocated_in(block)  # a staging buffer of a lowered copy
        reads = [region for region in reads if region.source not in local]
        writes = [region for region in writes if region.source not in local]
        if not (copies(list(block.reads), list(block.writes)) and copies(reads, writes)):
            found.append(str(block.name_hint))

    tvm_ffi.structural_walk(func.body, [(tvm.s_tir.SBlock, visit)], order="pre")
    return found

"""Schedule primitives as steps of a pass sequence (`schedule.split`, `schedule.compute_at`, ...).

A step names its primitive and picks its operands by index: the block among the function's
blocks in program order, the loop among that block's loops, each taken modulo how many there
are, so that any step applies to any function. A function without a root block (before the
block form, after the block lowering passes, or wrapped by a pass) leaves the step idle, and so
does a function already bound to GPU threads or marked `tirx.is_scheduled` (`schedulable`): TVM's
schedules bind threads last, and primitives such as cache_read or reindex after the binding build
blocks the bound loops then race on. Opaque blocks (ConvertBlocksToOpaque's) are never picked. A
primitive that refuses its operands raises ScheduleError: a rejection, not a bug. Checks that
fail inside a primitive are bugs like a pass's.

`apply_step` is self-contained (it imports what it uses) because repro.py embeds its source.
"""

from __future__ import annotations

import inspect
from typing import Any

import tvm

PREFIX = "schedule."
# compute_at.cc:SolveBlockVarDomain raises for a region it cannot invert (a pooling window's
# `v * 2 + r`), as its message says, on purpose (c30h's exception-f7041ffb).
REJECTS = ("An error occurred in the schedule primitive", "TensorRegion pattern match failed")

_BLOCK = tuple(range(8))
_LOOP = (0, 1, 2, -1)
_BUFFER = (0, 1)
_SCOPE = ("global", "local", "shared")
# Argument variants of each primitive, as the pass registry holds them for passes.
PRIMITIVES: dict[str, dict[str, tuple[Any, ...]]] = {
    "split": {"block": _BLOCK, "loop": _LOOP, "factor": (2, 3, 4, 8, 16)},
    "fuse": {"block": _BLOCK, "loop": _LOOP},
    "reorder": {"block": _BLOCK, "loop": _LOOP, "other": (1, 2, 3)},
    "parallel": {"block": _BLOCK, "loop": _LOOP},
    "vectorize": {"block": _BLOCK, "loop": (-1, 0, 1)},
    "unroll": {"block": _BLOCK, "loop": _LOOP},
    "loop_partition": {"block": _BLOCK, "loop": _LOOP, "factor": (2, 3, 4)},
    "add_unit_loop": {"block": _BLOCK},
    "annotate": {"block": _BLOCK, "loop": _LOOP,
                 "key": ("pragma_auto_unroll_max_step", "pragma_unroll_explicit"),
                 "value": (0, 1, 16)},
    "blockize": {"block": _BLOCK, "loop": _LOOP},
    "cache_read": {"block": _BLOCK, "buffer": _BUFFER, "scope": _SCOPE},
    "cache_write": {"block": _BLOCK, "buffer": _BUFFER, "scope": _SCOPE},
    "reindex": {"block": _BLOCK, "buffer": _BUFFER, "side": ("read", "write")},
    "set_scope": {"block": _BLOCK, "buffer": _BUFFER, "scope": ("local", "shared", "global")},
    "storage_align": {"block": _BLOCK, "buffer": _BUFFER, "axis": (0, -1), "factor": (4, 16),
                      "offset": (0, 1)},
    "transform_layout": {"block": _BLOCK, "buffer": _BUFFER, "side": ("write", "read")},
    "compute_inline": {"block": _BLOCK},
    "reverse_compute_inline": {"block": _BLOCK},
    "compute_at": {"block": _BLOCK, "other": (1, 2, 3), "loop": _LOOP, "preserve": (False, True)},
    "reverse_compute_at": {"block": _BLOCK, "other": (1, 2, 3), "loop": _LOOP, "preserve": (False, True)},
    "rfactor": {"block": _BLOCK, "loop": _LOOP},
    "decompose_reduction": {"block": _BLOCK, "loop": _LOOP},
    "decompose_padding": {"block": _BLOCK, "loop": _LOOP},
    "pad_einsum": {"block": _BLOCK, "factor": (2, 4, 8, 16)},
    "cache_index": {"block": _BLOCK, "factor": (0, 1, 2)},
    "transform_block_layout": {"block": _BLOCK},
    "merge": {"block": _BLOCK, "other": (1, 2, 3), "loop": _LOOP},
}


def is_step(name: str) -> bool:
    return name.startswith(PREFIX)


def schedulable(mod: tvm.IRModule) -> bool:
    """Whether a schedule may work on `mod`'s function `main`: its body is its root block (a pass
    that wrapped the body, in an attribute say, has left the function to the passes), no attribute
    statement wraps a block, and nothing scheduled it for a GPU yet. TVM's schedules bind GPU
    threads last, and its flows leave a function marked `tirx.is_scheduled` alone: primitives
    after the binding build blocks that race, and auto-schedulers rebind bound loops."""
    import tvm.s_tir
    import tvm_ffi

    func = mod["main"]
    if not isinstance(func.body, tvm.s_tir.SBlockRealize):
        return False
    if func.attrs is not None and "tirx.is_scheduled" in func.attrs and bool(func.attrs["tirx.is_scheduled"]):
        return False

    def binds_gpu_thread(node: object) -> bool:
        if isinstance(node, tvm.tirx.For):
            tag = str(node.thread_binding.thread_tag) if node.thread_binding is not None else ""
        else:
            tag = str(node.node.thread_tag) if node.attr_key == "thread_extent" else ""
        return tag.startswith(("threadIdx.", "blockIdx."))

    # An attribute statement around blocks breaks the loop chains that the primitives walk
    # (ReIndex checks that a loop's body is the next loop): TensorIR writes loop attributes as
    # annotations, and a function with one there is left to the passes.
    def wraps_blocks(node: object) -> bool:
        return isinstance(node, tvm.tirx.AttrStmt) and tvm_ffi.structural_walk(
            node.body, (tvm.s_tir.SBlockRealize, tvm_ffi.VisitInterrupt)) is not None

    def unschedulable(node: object) -> object:
        return tvm_ffi.VisitInterrupt(node) if binds_gpu_thread(node) or wraps_blocks(node) else None

    walk = [((tvm.tirx.For, tvm.tirx.AttrStmt), unschedulable)]
    return tvm_ffi.structural_walk(func.body, walk, order="pre") is None


def apply_step(mod: tvm.IRModule, primitive: str, args: dict[str, object]) -> tvm.IRModule:
    """`mod` with schedule primitive `primitive` applied to its function `main` (see the module)."""
    import tvm.s_tir
    import tvm_ffi

    if not schedulable(mod):
        return mod
    body = mod["main"].body
    names: list[str] = []
    opaque: set[str] = set()

    def record(block: tvm.s_tir.SBlock) -> None:
        names.append(block.name_hint)
        if not len(block.iter_vars):
            opaque.add(block.name_hint)

    tvm_ffi.structural_walk(body, [(tvm.s_tir.SBlock, record)], order="pre")
    # The root block holds the whole function: no primitive takes it. Nor does an opaque block
    # (ConvertBlocksToOpaque's output): TVM schedules blocks before the lowering passes.
    names = [name for name in names if name != body.block.name_hint and names.count(name) == 1
             and name not in opaque]
    if not names:
        return mod
    sch = tvm.s_tir.Schedule(mod)

    def pick(values: list, key: str) -> object:
        return values[args.get(key, 0) % len(values)]

    block_name = pick(names, "block")
    other_name = names[(args.get("block", 0) + args.get("other", 1)) % len(names)]
    block, other = sch.get_sblock(block_name), sch.get_sblock(other_name)
    loops = sch.get_loops(block)
    stmt = sch.get(block)
    buffers = {"read": stmt.reads, "write": stmt.writes}
    needs_loop = primitive in ("split", "fuse", "reorder", "parallel", "vectorize", "unroll", "loop_partition",
                               "annotate", "blockize", "rfactor", "decompose_reduction", "decompose_padding",
                               "merge")
    if needs_loop and not loops:
        return mod
    loop = pick(loops, "loop") if loops else None
    if primitive == "split":
        sch.split(loop, factors=[None, args.get("factor", 2)])
    elif primitive == "fuse":
        index = args.get("loop", 0) % len(loops)
        if index + 1 >= len(loops):
            return mod
        sch.fuse(loops[index], loops[index + 1])
    elif primitive == "reorder":
        second = loops[(args.get("loop", 0) + args.get("other", 1)) % len(loops)]
        if len(loops) < 2 or second.same_as(loop):
            return mod
        sch.reorder(second, loop)
    elif primitive in ("parallel", "vectorize", "unroll", "blockize"):
        getattr(sch, primitive)(loop)
    elif primitive == "loop_partition":
        sch.loop_partition(loop, factors=[None, args.get("factor", 2)])
    elif primitive == "add_unit_loop":
        sch.add_unit_loop(block)
    elif primitive == "annotate":
        sch.annotate(loop, args.get("key", "pragma_auto_unroll_max_step"), args.get("value", 16))
    elif primitive in ("cache_read", "cache_write"):
        regions = buffers["read" if primitive == "cache_read" else "write"]
        if not regions:
            return mod
        getattr(sch, primitive)(block, args.get("buffer", 0) % len(regions), args.get("scope", "global"))
    elif primitive in ("reindex", "transform_layout"):
        side = args.get("side", "write")
        if not buffers[side]:
            return mod
        operand = (side, args.get("buffer", 0) % len(buffers[side]))
        if primitive == "reindex":
            target = buffers[side][operand[1]].source

            def accesses(root: object) -> int:
                found: list[object] = []

                def visit(node: object) -> None:
                    source = node.buffer if isinstance(node, tvm.tirx.BufferStore) else node.source
                    if source.same_as(target):
                        found.append(node)

                tvm_ffi.structural_walk(root, [((tvm.tirx.BufferStore, tvm.ir.TensorLoad), visit)], order="pre")
                return len(found)

            # Its docstring: "only one block who reads/writes the target buffer", which TVM does not
            # check (c30f's ill_formed-c27cda9a: the block around it wrote the buffer too).
            if accesses(body) != accesses(stmt):
                return mod
            sch.reindex(block, operand)
        else:
            sch.transform_layout(block, operand, lambda *indices: list(reversed(indices)))
            # A parameter's layout is the caller's: transposing a square one keeps its type but not
            # what its elements mean (c42's inconsistency-e3e24304), which the check below misses.
            # The primitive still runs on it: failing there is its own bug (c42's exception-a40d1ae0).
            if any(buffers[side][operand[1]].source.same_as(param) for param in mod["main"].params):
                return mod
    elif primitive in ("set_scope", "storage_align"):
        if not buffers["write"]:
            return mod
        index = args.get("buffer", 0) % len(buffers["write"])
        if primitive == "set_scope":
            sch.set_scope(block, index, args.get("scope", "local"))
        else:
            ndim = len(buffers["write"][index].region)
            if ndim == 0:
                return mod
            sch.storage_align(block, index, args.get("axis", 0) % ndim, args.get("factor", 16), args.get("offset", 0))
    elif primitive in ("compute_inline", "reverse_compute_inline"):
        getattr(sch, primitive)(block)
    elif primitive in ("compute_at", "reverse_compute_at"):
        targets = sch.get_loops(other)
        if not targets or other_name == block_name:
            return mod
        getattr(sch, primitive)(block, targets[args.get("loop", 0) % len(targets)],
                                preserve_unit_loops=args.get("preserve", False))
    elif primitive == "rfactor":
        sch.rfactor(loop, 0)
    elif primitive in ("decompose_reduction", "decompose_padding"):
        getattr(sch, primitive)(block, loop)
    elif primitive == "pad_einsum":
        sch.pad_einsum(block, [args.get("factor", 4)] * len(stmt.iter_vars))
    elif primitive == "cache_index":
        sch.cache_index(block, "global", args.get("factor", 0))
    elif primitive == "transform_block_layout":
        if not stmt.iter_vars:
            return mod
        sch.transform_block_layout(block, tvm.tirx.IndexMap.from_func(lambda *indices: list(reversed(indices)),
                                                                      ndim=len(stmt.iter_vars)))
    elif primitive == "merge":
        # Its contract: loops of one nesting depth, each the only child of its parent up to their
        # lowest common ancestor; so never a loop both blocks share.
        targets = sch.get_loops(other)
        if other_name == block_name or len(targets) != len(loops) or \
                any(sch.get(a).same_as(sch.get(b)) for a, b in zip(loops, targets, strict=True)):
            return mod
        depth = args.get("loop", 0) % len(loops)
        sch.merge(loops[depth], targets[depth])
    else:
        raise ValueError(f"unknown schedule primitive {primitive!r}")
    # A layout change of a parameter changes what the function is called with: the test, which
    # runs every build on the same inputs, keeps its interface.
    before, after = mod["main"].params, sch.mod["main"].params
    if not tvm_ffi.structural_equal([p.ty for p in before], [p.ty for p in after]):
        return mod
    return sch.mod


class ScheduleStep:
    """A pass-like object for one step: called on a module, returns the scheduled module."""

    def __init__(self, spec: dict[str, Any]) -> None:
        self.primitive = spec["name"].removeprefix(PREFIX)
        self.args = dict(spec.get("args", {}))

    def __call__(self, mod: Any) -> Any:
        return apply_step(mod, self.primitive, self.args)


def step_source() -> str:
    """The source of `apply_step`, for repro.py (with `schedulable_source()`)."""
    return inspect.getsource(apply_step)


def schedulable_source() -> str:
    return inspect.getsource(schedulable)

"""IR reductions: smaller variants of a function, as TVMScript, biggest cuts first.

Every variant is one edit of the current function: drop unused parameters, drop statements,
replace a statement by a child (a loop by its body, a branch by one arm), shrink a loop extent
or a buffer shape, replace an expression by a same-typed child or a constant. Variants that do
not verify or do not survive a TVMScript round trip are skipped here, before they cost a test.
Each variant is strictly smaller (IR nodes, then script length), so a reduction always ends.

Reducing a case that fails only at run time (a wrong result, a slowdown) must not create
undefined behaviour that fails the same way by accident; `runtime_safe` keeps index and divisor
expressions intact (they can only become 0 and 1) and leaves buffer shapes alone.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator

import tvm
import tvm.s_tir
import tvm_ffi
from tvm import tirx

from tirkit.nodes import node_count, uses_var
from tirkit.regions import declared_outside
from tirkit.script import from_script, to_script
from tirkit.verify import check_well_formed

Node = object
_LEAVES = (tvm.ir.Var, tirx.IntImm, tirx.FloatImm, tvm.ir.StringImm)
_DIVISIONS = (tirx.Div, tirx.Mod, tirx.FloorDiv, tirx.FloorMod)
_SCALAR = re.compile(r"^(u?int\d+|float\d+|bfloat16|bool)$")
_CHILD_FIELDS = ("a", "b", "true_value", "false_value", "value", "base")
_DOMAIN = re.compile(r"T\.axis\.(?:spatial|reduce|scan|opaque|S|R)\((?P<extent>\d+), ")
_SHAPE = re.compile(r"T\.(?:Buffer|alloc_buffer|alloc_local|alloc_shared)\(\((?P<dims>[0-9, ]+)\)")


def script_lines(script: str) -> int:
    """Lines of TVMScript that are code (no blank or comment lines)."""
    return sum(1 for line in script.splitlines() if line.strip() and not line.lstrip().startswith("#"))


def ir_nodes(script: str) -> int:
    return node_count(from_script(script))


def candidates(script: str, runtime_safe: bool = False) -> Iterator[str]:
    """Valid, strictly smaller one-edit variants of `script`, in a fixed order."""
    return (text for _, text in numbered_candidates(script, runtime_safe))


def numbered_candidates(script: str, runtime_safe: bool = False, start: int = 0) -> Iterator[tuple[int, str]]:
    """`candidates` with each one's number among all edits tried, from edit number `start` on: a
    reducer resumes where its last edit kept the failure, instead of re-testing the edits before it."""
    func = from_script(script)
    bound = _size_key(func, script)
    # A variant may declare nothing beyond its buffers and domains that the case did not (nothing,
    # for most cases the fuzzer made): a reduced case that declares a 4-element region of a 1-element
    # buffer is a wrong test to a maintainer, even where its loops run the block once.
    beyond = frozenset(declared_outside(func))
    seen = {script}
    variants = (_func_variants(func, runtime_safe), _domain_variants(script), _shape_variants(script, runtime_safe))
    for number, variant in enumerate(itertools.chain(*variants)):
        if number < start:
            continue
        checked = _valid_script(variant, beyond)
        if checked is None or checked[0] in seen:
            continue
        text, key = checked
        seen.add(text)
        if key < bound:
            yield number, text


def _size_key(func: tirx.PrimFunc, script: str) -> tuple[int, int, int]:
    """What "smaller" means: fewer nodes, then smaller loops and buffers, then shorter text."""
    return node_count(func), _volume(func), len(script)


def _volume(func: tirx.PrimFunc) -> int:
    """Sum of constant loop extents and buffer sizes: shrinking them keeps the node count."""
    total = 0

    def add_shape(buffer: tvm.ir.Var) -> None:
        nonlocal total
        size = 1
        for dim in buffer.shape:
            size *= int(dim) if isinstance(dim, tirx.IntImm) else 1
        total += size

    def visit(node: Node) -> None:
        nonlocal total
        if isinstance(node, tirx.For) and isinstance(node.extent, tirx.IntImm):
            total += int(node.extent)
        elif isinstance(node, tvm.s_tir.SBlockRealize):
            total += sum(int(v.dom.extent) for v in node.block.iter_vars if isinstance(v.dom.extent, tirx.IntImm))
        elif isinstance(node, tirx.AllocBuffer):
            add_shape(node.buffer)

    tvm_ffi.structural_walk(func.body, [(tirx.Stmt, visit)])
    for param in func.params:
        if isinstance(param.ty, tirx.BufferType):
            add_shape(param)
    return total


def _valid_script(variant: tirx.PrimFunc | str, beyond: frozenset[str]) -> tuple[str, tuple[int, int, int]] | None:
    """The variant's TVMScript and size if the worker would test exactly this function, and it
    declares nothing beyond its buffers and domains but what `beyond` lists; else None.

    The text must verify and survive a second print/parse unchanged: some edits print as text
    that parses to another function (a shape-(1,) global buffer prints as a scalar). Parsing
    costs most of a candidate; a text that prints back unchanged needs no second parse.
    """
    try:
        first = variant if isinstance(variant, str) else to_script(variant)
        parsed = from_script(first)
        check_well_formed(parsed)
        if not set(declared_outside(parsed)) <= beyond:
            return None
        text = to_script(parsed)
        if text != first and not tvm_ffi.structural_equal(parsed, from_script(text)):
            return None
        return text, _size_key(parsed, text)
    except Exception:  # noqa: BLE001 - any failure means the edit broke the function; skip it
        return None


# -- edits of the function object -----------------------------------------------------------
def _func_variants(func: tirx.PrimFunc, runtime_safe: bool) -> Iterator[tirx.PrimFunc]:
    yield from _unused_param_variants(func)
    positions = _positions(func.body)
    # Post-order puts a parent after its children: walking backwards tries outer (bigger) cuts first.
    order = list(reversed(range(len(positions))))
    for edits in (_statement_edits, _loop_edits):
        for index in order:
            for replacement in edits(positions[index]):
                yield _rebuild(func, index, replacement)
    protected = _protected(positions) if runtime_safe else set()
    for index in order:
        node = positions[index]
        if hash(node) in protected:
            replacements = _protected_edits(node, positions, index)
        else:
            replacements = _expression_edits(node)
        for replacement in replacements:
            yield _rebuild(func, index, replacement)


def _positions(body: tirx.Stmt) -> list[Node]:
    """Every statement and expression of `body`, in the order _replace_at counts them."""
    found: list[Node] = []

    def record(node: Node) -> Node:
        found.append(node)
        return node

    tvm_ffi.structural_map(body, [((tirx.Stmt, tvm.ir.Expr), record)], order="post")
    return found


def _rebuild(func: tirx.PrimFunc, index: int, replacement: Node) -> tirx.PrimFunc:
    counter = itertools.count()

    def visit(node: Node) -> Node:
        return replacement if next(counter) == index else node

    body = tvm_ffi.structural_map(func.body, [((tirx.Stmt, tvm.ir.Expr), visit)], order="post")
    return tirx.PrimFunc(func.params, body, func.ret_type, func.attrs)


def _unused_param_variants(func: tirx.PrimFunc) -> Iterator[tirx.PrimFunc]:
    # One buffer parameter stays: without any, MakePackedAPI binds no device id, and a workspace
    # allocation fails the build for that alone ("Unknown device id in current IR").
    buffers = [p for p in func.params if isinstance(p.ty, tirx.BufferType)]
    kept = buffers[:1] if not any(uses_var(func.body, b) for b in buffers) else []
    unused = [p for p in func.params if not uses_var(func.body, p) and not any(p.same_as(k) for k in kept)]
    if len(unused) > 1:
        yield _with_params(func, [p for p in func.params if not any(p.same_as(u) for u in unused)])
    for param in unused:
        yield _with_params(func, [p for p in func.params if not p.same_as(param)])


def _with_params(func: tirx.PrimFunc, params: list[tvm.ir.Var]) -> tirx.PrimFunc:
    return tirx.PrimFunc(params, func.body, func.ret_type, func.attrs)


def _substitute(root: Node, var: tvm.ir.Var, value: tvm.ir.Expr) -> Node:
    return tvm_ffi.structural_map(root, (tvm.ir.Var, lambda v: value if v.same_as(var) else v))


def _statement_edits(node: Node) -> Iterator[Node]:
    if isinstance(node, tirx.SeqStmt):
        yield from _drop_chunks(list(node.seq))
    elif isinstance(node, tirx.For):
        yield _substitute(node.body, node.loop_var, node.min)
    elif isinstance(node, tirx.IfThenElse):
        yield node.then_case
        if node.else_case is not None:
            yield node.else_case
            yield tirx.IfThenElse(node.condition, node.then_case, None)
    elif isinstance(node, (tirx.AttrStmt, tirx.While)):
        yield node.body


def _drop_chunks(stmts: list[tirx.Stmt]) -> Iterator[tirx.Stmt]:
    """The statement list without one chunk: halves first, then quarters, down to single ones."""
    size = max(1, len(stmts) // 2)
    while True:
        for start in range(0, len(stmts), size):
            keep = stmts[:start] + stmts[start + size:]
            yield _sequence(keep)
        if size == 1:
            return
        size = max(1, size // 2)


def _sequence(stmts: list[tirx.Stmt]) -> tirx.Stmt:
    if not stmts:
        return tirx.Evaluate(tirx.const(0, "int32"))
    return stmts[0] if len(stmts) == 1 else tirx.SeqStmt(stmts)


def _loop_edits(node: Node) -> Iterator[Node]:
    if not isinstance(node, tirx.For):
        return
    if isinstance(node.extent, tirx.IntImm) and int(node.extent) > 1:
        dtype = str(node.extent.ty)
        for extent in (1, int(node.extent) // 2):
            yield tirx.For(node.loop_var, node.min, tirx.const(extent, dtype), node.kind, node.body,
                           node.thread_binding, node.annotations, node.step)
    if node.kind != tirx.ForKind.SERIAL or (node.annotations and len(node.annotations)):
        yield tirx.For(node.loop_var, node.min, node.extent, tirx.ForKind.SERIAL, node.body, None, None,
                       node.step)


def _scalar_type(node: Node) -> str | None:
    try:
        dtype = str(node.ty)
    except Exception:  # noqa: BLE001 - nodes without a primitive type are not replaced
        return None
    return dtype if _SCALAR.match(dtype) else None


def _constants(dtype: str) -> list[tvm.ir.Expr]:
    if dtype == "bool":
        return [tirx.const(True, "bool"), tirx.const(False, "bool")]
    if dtype.startswith(("float", "bfloat")):
        return [tirx.const(0.0, dtype), tirx.const(1.0, dtype)]
    return [tirx.const(0, dtype), tirx.const(1, dtype)]


def _expression_edits(node: Node) -> Iterator[Node]:
    if isinstance(node, tirx.Stmt) or isinstance(node, _LEAVES):
        return
    dtype = _scalar_type(node)
    if isinstance(node, tirx.Let):
        yield _substitute(node.body, node.var, node.value)
    children = [getattr(node, name, None) for name in _CHILD_FIELDS]
    if isinstance(node, tvm.ir.Call):
        children += list(node.args)
    for child in children:
        if isinstance(child, tvm.ir.Expr) and dtype is not None and _scalar_type(child) == dtype:
            yield child
    if dtype is not None:
        yield from _constants(dtype)


def _protected(positions: list[Node]) -> set[int]:
    """Hashes (object identities) of nodes inside buffer indices or divisors."""
    roots: list[Node] = []
    for node in positions:
        if isinstance(node, tirx.BufferStore) or hasattr(node, "indices") and hasattr(node, "source"):
            roots.extend(node.indices)
        elif isinstance(node, _DIVISIONS):
            roots.append(node.b)
    inside: set[int] = set()
    for root in roots:
        tvm_ffi.structural_walk(root, [(tvm.ir.Expr, lambda n: inside.add(hash(n)))])
    return inside


def _protected_edits(node: Node, positions: list[Node], index: int) -> Iterator[Node]:
    """An index may become 0 and a divisor 1: both keep a run-time test free of undefined behaviour."""
    if isinstance(node, _LEAVES) or _scalar_type(node) is None:
        return
    dtype = str(node.ty)
    parent = next((p for p in positions[index + 1:] if _is_child(p, node)), None)
    if isinstance(parent, _DIVISIONS) and parent.b.same_as(node):
        yield tirx.const(1, dtype)
    elif parent is not None and any(i.same_as(node) for i in getattr(parent, "indices", ())):
        yield tirx.const(0, dtype)


def _is_child(parent: Node, node: Node) -> bool:
    if isinstance(parent, _DIVISIONS):
        return parent.b.same_as(node)
    return any(i.same_as(node) for i in getattr(parent, "indices", ()) or ())


# -- edits of the script text -----------------------------------------------------------------
def _domain_variants(script: str) -> Iterator[str]:
    """Collapse or halve one block iteration domain given by its extent (`T.axis.spatial(4, i)`),
    so that the buffers its regions cover can shrink after it."""
    for match in _DOMAIN.finditer(script):
        extent = int(match["extent"])
        for smaller in sorted({1, extent // 2} - {0}):
            if smaller < extent:
                start, end = match.span("extent")
                yield script[:start] + str(smaller) + script[end:]


def _shape_variants(script: str, runtime_safe: bool) -> Iterator[str]:
    """Halve or collapse one buffer dimension; the parser rebuilds every use of the buffer."""
    if runtime_safe:
        return
    for match in _SHAPE.finditer(script):
        dims = [d.strip() for d in match["dims"].split(",")]
        for position, dim in enumerate(dims):
            if not dim.isdigit() or int(dim) <= 1:
                continue
            for smaller in (1, int(dim) // 2):
                new_dims = dims[:position] + [str(smaller)] + dims[position + 1:]
                text = ", ".join(d for d in new_dims if d)
                text += "," if len([d for d in new_dims if d]) == 1 else ""
                start, end = match.span("dims")
                yield script[:start] + text + script[end:]

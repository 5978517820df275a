"""Positional access to TIR trees: the child slots of each node type and rebuilding along a path.

TVM 0.27 has no Python mutator classes and its nodes cannot be copied with one field replaced, so
every node type the mutators descend into is listed here with its child fields and constructor.
Types not listed (Shuffle, Reduce, AllocBuffer, ...) are leaves: mutators never look inside them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import tvm
import tvm.s_tir
import tvm_ffi
from tvm import tirx
from tvm.tirx.script.builder import ir as script_ir

# A path step is (field name, position in a list field or -1 for a plain field).
Step = tuple[str, int]
Path = tuple[Step, ...]

BINARY_TYPES = (
    tirx.Add,
    tirx.Sub,
    tirx.Mul,
    tirx.Div,
    tirx.Mod,
    tirx.FloorDiv,
    tirx.FloorMod,
    tirx.Min,
    tirx.Max,
    tirx.EQ,
    tirx.NE,
    tirx.LT,
    tirx.LE,
    tirx.GT,
    tirx.GE,
    tirx.And,
    tirx.Or,
    tirx.LShift,
    tirx.RShift,
    tirx.BitwiseAnd,
    tirx.BitwiseOr,
    tirx.BitwiseXor,
)
UNARY_TYPES = (tirx.Not, tirx.BitwiseNot)


def _for(n: tirx.For, f: dict) -> tirx.For:
    return tirx.For(n.loop_var, f["min"], f["extent"], n.kind, f["body"], n.thread_binding, n.annotations, n.step)


def _sblock(n: tvm.s_tir.SBlock, f: dict) -> tvm.s_tir.SBlock:
    return tvm.s_tir.SBlock(
        n.iter_vars,
        n.reads,
        n.writes,
        n.name_hint,
        f["body"],
        f["init"],
        n.alloc_buffers,
        n.match_buffers,
        n.annotations,
    )


def _call(n: tvm.ir.Call, f: dict) -> tvm.ir.Call:
    return tvm.ir.Call(n.op, list(f["args"]), attrs=n.attrs, ty_args=n.ty_args, ret_ty=n.ty)


# type -> (child fields, constructor from the node and a dict of its (possibly new) children)
_SPECS: list[tuple[type, tuple[str, ...], Callable]] = [
    (tirx.SeqStmt, ("seq",), lambda n, f: tirx.SeqStmt(list(f["seq"]))),
    (tirx.For, ("min", "extent", "body"), _for),
    (tirx.While, ("condition", "body"), lambda n, f: tirx.While(f["condition"], f["body"])),
    (
        tirx.IfThenElse,
        ("condition", "then_case", "else_case"),
        lambda n, f: tirx.IfThenElse(f["condition"], f["then_case"], f["else_case"]),
    ),
    (tirx.Evaluate, ("value",), lambda n, f: tirx.Evaluate(f["value"])),
    (tirx.BufferStore, ("value", "indices"), lambda n, f: tirx.BufferStore(n.buffer, f["value"], list(f["indices"]))),
    (tirx.AttrStmt, ("value", "body"), lambda n, f: tirx.AttrStmt(n.node, n.attr_key, f["value"], f["body"])),
    # The FFI argument order is (condition, kind, parts); the Python docstring has it wrong.
    (tirx.AssertStmt, ("condition",), lambda n, f: tirx.AssertStmt(f["condition"], n.kind, n.message_parts)),
    (tirx.Bind, ("value",), lambda n, f: tirx.Bind(n.var, f["value"])),
    (
        tvm.s_tir.SBlockRealize,
        ("iter_values", "predicate", "block"),
        lambda n, f: tvm.s_tir.SBlockRealize(list(f["iter_values"]), f["predicate"], f["block"]),
    ),
    (tvm.s_tir.SBlock, ("body", "init"), _sblock),
    (BINARY_TYPES, ("a", "b"), lambda n, f: type(n)(f["a"], f["b"])),
    (UNARY_TYPES, ("a",), lambda n, f: type(n)(f["a"])),
    (
        tirx.Select,
        ("condition", "true_value", "false_value"),
        lambda n, f: tirx.Select(f["condition"], f["true_value"], f["false_value"]),
    ),
    (tirx.Cast, ("value",), lambda n, f: tirx.Cast(str(n.ty), f["value"])),
    (tirx.Let, ("value", "body"), lambda n, f: tirx.Let(n.var, f["value"], f["body"])),
    (tirx.Ramp, ("base", "stride"), lambda n, f: tirx.Ramp(f["base"], f["stride"], n.lanes)),
    (tirx.Broadcast, ("value",), lambda n, f: tirx.Broadcast(f["value"], n.lanes)),
    (tvm.ir.TensorLoad, ("indices",), lambda n, f: tirx.BufferLoad(n.source, list(f["indices"]))),
    (tvm.ir.Call, ("args",), _call),
]


def _spec(node: object) -> tuple[tuple[str, ...], Callable] | None:
    for types, fields, build in _SPECS:
        if isinstance(node, types):
            return fields, build
    return None


def slots(node: object) -> Iterator[tuple[Step, object]]:
    """The (step, child) pairs of a node, in field order; None children are skipped."""
    spec = _spec(node)
    if spec is None:
        return
    for field in spec[0]:
        value = getattr(node, field)
        if value is None:
            continue
        if isinstance(value, (list, tuple, tvm_ffi.Array)):
            for i, item in enumerate(value):
                yield (field, i), item
        else:
            yield (field, -1), value


def count_nodes(node: object, cap: int) -> int:
    """The nodes of the tree under `node`, counted up to `cap`: a larger tree counts as `cap`."""
    count, stack = 0, [node]
    while stack and count < cap:
        count += 1
        stack.extend(child for _, child in slots(stack.pop()))
    return count


def with_child(node: object, step: Step, new: object) -> object:
    fields, build = _spec(node)
    values = {f: getattr(node, f) for f in fields}
    field, index = step
    if index < 0:
        values[field] = new
    else:
        items = list(values[field])
        items[index] = new
        values[field] = items
    return build(node, values)


def get_at(root: object, path: Path) -> object:
    node = root
    for field, index in path:
        node = getattr(node, field)
        if index >= 0:
            node = node[index]
    return node


def replace_at(root: tirx.Stmt, path: Path, new: object) -> tirx.Stmt:
    """A copy of `root` with the node at `path` replaced, then SeqStmts flattened."""
    return normalize(_replace(root, path, new))


def _replace(node: object, path: Path, new: object) -> object:
    if not path:
        return new
    step = path[0]
    child = getattr(node, step[0])
    if step[1] >= 0:
        child = child[step[1]]
    return with_child(node, step, _replace(child, path[1:], new))


def _flatten(seq: tirx.SeqStmt) -> tirx.Stmt:
    items: list[tirx.Stmt] = []
    for stmt in seq.seq:
        items.extend(stmt.seq if isinstance(stmt, tirx.SeqStmt) else [stmt])
    if len(items) == 1:
        return items[0]
    if len(items) == len(seq.seq):
        return seq
    return tirx.SeqStmt(items)


# The printer writes Min, Max and Mod as T.min / T.max / T.truncmod calls, and the parser's
# versions of those simplify (constant folding, min(x, x) -> x, 0 % x -> 0). Rebuilding the nodes
# with the parser's functions gives the tree the parser would produce.
_REPARSED = {tirx.Min: script_ir.min, tirx.Max: script_ir.max, tirx.Mod: script_ir.truncmod}


def _refold(node: tirx.Min | tirx.Max | tirx.Mod) -> object:
    return _REPARSED[type(node)](node.a, node.b)


def _refold_call(node: tvm.ir.Call) -> object:
    """Intrinsics over constants: the parser's T.<name> evaluates them (T.ceil(2.5) -> 3.0)."""
    if not all(isinstance(a, (tirx.IntImm, tirx.FloatImm)) for a in node.args):
        return node
    name = node.op.name[len("tirx.") :] if node.op.name.startswith("tirx.") else ""
    rebuild = getattr(script_ir, name, None)
    if not name or rebuild is None or name in ("call_pure_extern", "if_then_else"):
        return node
    try:
        return rebuild(*node.args)
    except Exception:  # a helper with another signature than the op: keep the node
        return node


def normalize(stmt: tirx.Stmt) -> tirx.Stmt:
    """Put a tree in the form TVMScript re-parses it into, so mutants round-trip exactly:
    nested and one-element SeqStmts are flattened (which only widens Bind/AllocBuffer scopes),
    and min/max/truncmod and intrinsics over constants are simplified as the parser does."""
    return tvm_ffi.structural_map(
        stmt,
        [(tirx.SeqStmt, _flatten), ((tirx.Min, tirx.Max, tirx.Mod), _refold), (tvm.ir.Call, _refold_call)],
        order="post",
    )


def seq(stmts: list[tirx.Stmt]) -> tirx.Stmt:
    """A statement list as one statement (SeqStmt refuses to be empty)."""
    flat: list[tirx.Stmt] = []
    for stmt in stmts:
        flat.extend(stmt.seq if isinstance(stmt, tirx.SeqStmt) else [stmt])
    return flat[0] if len(flat) == 1 else tirx.SeqStmt(flat)

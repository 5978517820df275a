"""TIR expressions as plain JSON trees, and back: the form an arithmetic-analysis test travels,
is saved and is mutated in, without TVM objects (which do not pickle).

A tree is a list: `["var", dtype, name]`, `["int", dtype, value]` (bool constants too, 0 or 1),
or `[op, dtype, *operands]` for an operation in `OPERATIONS`; `let` carries its variable's name
(`["let", dtype, name, value, body]`), `ramp` and `broadcast` their lane count last. The dtype
is the node's own (`"int32"`, `"bool"`, `"int32x4"`); a `cast` names the dtype it casts to.

`to_tvm` builds the tree with TVM's node constructors, which fold nothing: the expression an
analysis receives is exactly the tree (Python's operators on TIR values fold `x + 0` to `x`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import tvm
from tvm import tirx

Tree = list  # see the module docstring

ARITHMETIC = ("add", "sub", "mul", "div", "mod", "floordiv", "floormod", "min", "max")
BITWISE = ("shl", "shr", "bitand", "bitor", "bitxor")
COMPARISONS = ("eq", "ne", "lt", "le", "gt", "ge")
LOGICAL = ("and", "or")
# op -> (TVM node class, number of expression operands)
_NODES: dict[str, tuple[Any, int]] = {
    "add": (tirx.Add, 2), "sub": (tirx.Sub, 2), "mul": (tirx.Mul, 2), "div": (tirx.Div, 2), "mod": (tirx.Mod, 2),
    "floordiv": (tirx.FloorDiv, 2), "floormod": (tirx.FloorMod, 2), "min": (tirx.Min, 2), "max": (tirx.Max, 2),
    "shl": (tirx.LShift, 2), "shr": (tirx.RShift, 2), "bitand": (tirx.BitwiseAnd, 2),
    "bitor": (tirx.BitwiseOr, 2), "bitxor": (tirx.BitwiseXor, 2),
    "eq": (tirx.EQ, 2), "ne": (tirx.NE, 2), "lt": (tirx.LT, 2), "le": (tirx.LE, 2), "gt": (tirx.GT, 2),
    "ge": (tirx.GE, 2), "and": (tirx.And, 2), "or": (tirx.Or, 2), "not": (tirx.Not, 1),
    "bitnot": (tirx.BitwiseNot, 1), "select": (tirx.Select, 3),
}
_OP_OF_NODE = {cls.__name__: op for op, (cls, _) in _NODES.items()}
OPERATIONS = frozenset([*_NODES, "cast", "ite", "let", "ramp", "broadcast"])
IF_THEN_ELSE = "prim.if_then_else"

# Python spellings of operations for repro scripts; `None` where TVM's operator would not build
# the same node (truncated division, shifts and logic have functions of their own).
_PYTHON_BINARY = {"add": "+", "sub": "-", "mul": "*", "floordiv": "//", "floormod": "%", "lt": "<", "le": "<=",
                  "gt": ">", "ge": ">=", "bitand": "&", "bitor": "|", "bitxor": "^", "shl": "<<", "shr": ">>"}
_PYTHON_CALL = {"div": "tirx.truncdiv", "mod": "tirx.truncmod", "min": "tirx.min", "max": "tirx.max",
                "eq": "tirx.EQ", "ne": "tirx.NE", "and": "tirx.And", "or": "tirx.Or", "not": "tirx.Not",
                "select": "tirx.Select", "ite": "tirx.if_then_else", "bitnot": "tirx.BitwiseNot"}


class UnsupportedExpr(ValueError):
    """A TVM expression with a node the tree form does not have (a buffer load, a float, a call)."""


class MalformedTree(ValueError):
    """A tree that is not one of the forms above; the message is one line."""


def var(dtype: str, name: str) -> Tree:
    return ["var", dtype, name]


def const(dtype: str, value: int) -> Tree:
    return ["int", dtype, int(value)]


def op(name: str, dtype: str, *operands: Any) -> Tree:
    return [name, dtype, *operands]


def dtype_of(tree: Tree) -> str:
    return tree[1]


def children(tree: Tree) -> list[Tree]:
    """The expression operands of a node, in order (a let's value, then its body)."""
    kind = tree[0]
    if kind in ("var", "int"):
        return []
    if kind == "let":
        return [tree[3], tree[4]]
    if kind in ("ramp",):
        return [tree[2], tree[3]]
    if kind == "broadcast":
        return [tree[2]]
    return list(tree[2:])


def with_children(tree: Tree, new: list[Tree]) -> Tree:
    """The node with its expression operands replaced, in the order `children` gives them."""
    kind = tree[0]
    if kind in ("var", "int"):
        return tree
    if kind == "let":
        return [kind, tree[1], tree[2], new[0], new[1]]
    if kind == "ramp":
        return [kind, tree[1], new[0], new[1], tree[4]]
    if kind == "broadcast":
        return [kind, tree[1], new[0], tree[3]]
    return [kind, tree[1], *new]


def walk(tree: Tree, path: tuple[int, ...] = ()) -> Iterator[tuple[tuple[int, ...], Tree]]:
    """Every node with its path (indices into `children`), parents first."""
    yield path, tree
    for index, child in enumerate(children(tree)):
        yield from walk(child, (*path, index))


def at(tree: Tree, path: tuple[int, ...]) -> Tree:
    for index in path:
        tree = children(tree)[index]
    return tree


def replace_at(tree: Tree, path: tuple[int, ...], new: Tree) -> Tree:
    """A copy of `tree` with the node at `path` replaced by `new` (the rest is shared)."""
    if not path:
        return new
    kids = children(tree)
    kids[path[0]] = replace_at(kids[path[0]], path[1:], new)
    return with_children(tree, kids)


def size(tree: Tree) -> int:
    return sum(1 for _ in walk(tree))


def free_vars(tree: Tree, bound: frozenset[str] = frozenset()) -> set[str]:
    """Names of the variables the tree reads that no let inside it binds."""
    if tree[0] == "var":
        return set() if tree[2] in bound else {tree[2]}
    if tree[0] == "let":
        return free_vars(tree[3], bound) | free_vars(tree[4], bound | {tree[2]})
    found: set[str] = set()
    for child in children(tree):
        found |= free_vars(child, bound)
    return found


def check(tree: Any) -> None:
    """Raise MalformedTree unless `tree` has one of the forms above (types are TVM's to check)."""
    if not isinstance(tree, list) or len(tree) < 3 or not isinstance(tree[0], str) or not isinstance(tree[1], str):
        raise MalformedTree(f"not an expression tree: {str(tree)[:80]}")
    kind = tree[0]
    if kind == "var":
        if not isinstance(tree[2], str) or len(tree) != 3:
            raise MalformedTree(f"malformed variable {tree}")
        return
    if kind == "int":
        if isinstance(tree[2], bool) or not isinstance(tree[2], int) or len(tree) != 3:
            raise MalformedTree(f"malformed constant {tree}")
        return
    if kind not in OPERATIONS:
        raise MalformedTree(f"unknown operation {kind!r}")
    arity = {"cast": 1, "ite": 3, "let": 2, "ramp": 2, "broadcast": 1}.get(kind) or _NODES[kind][1]
    extra = {"let": 1, "ramp": 1, "broadcast": 1}.get(kind, 0)
    if len(tree) != 2 + arity + extra:
        raise MalformedTree(f"{kind} takes {arity} operands: {str(tree)[:80]}")
    if kind == "let" and not isinstance(tree[2], str):
        raise MalformedTree(f"malformed let {str(tree)[:80]}")
    if kind in ("ramp", "broadcast") and (not isinstance(tree[-1], int) or tree[-1] < 1):
        raise MalformedTree(f"malformed {kind} lanes {tree[-1]!r}")
    for child in children(tree):
        check(child)


def to_tvm(tree: Tree, variables: dict[str, tirx.Var]) -> tvm.ir.PrimExpr:
    """The TVM expression of `tree`; `variables` maps the free variables' names to their Vars."""
    kind, dtype = tree[0], tree[1]
    if kind == "var":
        return variables[tree[2]]
    if kind == "int":
        return tirx.IntImm(dtype, tree[2])
    if kind == "cast":
        return tirx.Cast(dtype, to_tvm(tree[2], variables))
    if kind == "ite":
        cond, then, other = (to_tvm(child, variables) for child in tree[2:])
        return tvm.ir.Call(tvm.ir.Op.get(IF_THEN_ELSE), [cond, then, other], ret_ty=dtype)
    if kind == "let":
        value = to_tvm(tree[3], variables)
        bound = tirx.Var(tree[2], dtype_of(tree[3]))
        return tirx.Let(bound, value, to_tvm(tree[4], {**variables, tree[2]: bound}))
    if kind == "ramp":
        return tirx.Ramp(to_tvm(tree[2], variables), to_tvm(tree[3], variables), tree[4])
    if kind == "broadcast":
        return tirx.Broadcast(to_tvm(tree[2], variables), tree[3])
    cls, _ = _NODES[kind]
    return cls(*(to_tvm(child, variables) for child in tree[2:]))


def from_tvm(expr: Any, leaf: Callable[[Any], Tree] | None = None) -> Tree:
    """The tree of a TVM expression; raises UnsupportedExpr for a node it has no form for.
    With `leaf`, variables and the nodes without a form (buffer loads, calls) become `leaf(node)`."""
    name = type(expr).__name__
    if name == "Var":
        return leaf(expr) if leaf is not None else var(str(expr.ty), expr.name)
    if name == "IntImm":
        return const(str(expr.ty), int(expr.value))
    dtype = str(expr.ty)
    if name in _OP_OF_NODE:
        kind = _OP_OF_NODE[name]
        arity = _NODES[kind][1]
        fields = {1: ("a",), 2: ("a", "b"), 3: ("condition", "true_value", "false_value")}[arity]
        return [kind, dtype, *(from_tvm(getattr(expr, f), leaf) for f in fields)]
    if name == "Cast":
        return ["cast", dtype, from_tvm(expr.value, leaf)]
    if name == "Let" and leaf is None:
        return ["let", dtype, expr.var.name, from_tvm(expr.value), from_tvm(expr.body)]
    if name == "Ramp":
        return ["ramp", dtype, from_tvm(expr.base, leaf), from_tvm(expr.stride, leaf), int(expr.lanes)]
    if name == "Broadcast":
        return ["broadcast", dtype, from_tvm(expr.value, leaf), int(expr.lanes)]
    if name == "Call" and expr.op.name == IF_THEN_ELSE:
        return ["ite", dtype, *(from_tvm(arg, leaf) for arg in expr.args)]
    if leaf is not None:
        return leaf(expr)
    raise UnsupportedExpr(f"{name} {str(expr)[:60]}")


def let_vars(tree: Tree) -> dict[str, str]:
    """The variables lets inside `tree` bind: name -> dtype."""
    return {node[2]: dtype_of(node[3]) for _, node in walk(tree) if node[0] == "let"}


def to_python(tree: Tree, operators: bool = True) -> str:
    """Python source that builds `tree` with `tirx` imported and every variable in scope, the
    let-bound ones included (`let_vars`): with `operators`, Python's operators where TVM's would
    build the same node (a caller checks that they did: they fold constants), else constructors."""
    kind, dtype = tree[0], tree[1]
    if kind == "var":
        return tree[2]
    if kind == "int":
        return f'tirx.IntImm("{dtype}", {tree[2]})'
    kids = [to_python(child, operators) for child in children(tree)]
    if operators and kind in _PYTHON_BINARY:
        a, b = children(tree)
        # A Python int takes the other operand's dtype: `x + 1` builds Add(x, IntImm(x's dtype, 1)).
        if b[0] == "int" and a[0] != "int" and b[1] == a[1]:
            kids[1] = str(b[2])
        elif a[0] == "int" and b[0] != "int" and a[1] == b[1]:
            kids[0] = str(a[2])
        return f"({kids[0]} {_PYTHON_BINARY[kind]} {kids[1]})"
    if operators and kind in _PYTHON_CALL:
        return f"{_PYTHON_CALL[kind]}({', '.join(kids)})"
    if kind == "ite":
        return f'tvm.ir.Call(tvm.ir.Op.get("{IF_THEN_ELSE}"), [{", ".join(kids)}], ret_ty="{dtype}")'
    if kind == "cast":
        return f'tirx.Cast("{dtype}", {kids[0]})'
    if kind == "let":
        return f"tirx.Let({tree[2]}, {kids[0]}, {kids[1]})"
    if kind == "ramp":
        return f"tirx.Ramp({kids[0]}, {kids[1]}, {tree[4]})"
    if kind == "broadcast":
        return f"tirx.Broadcast({kids[0]}, {tree[3]})"
    return f"tirx.{_NODES[kind][0].__name__}({', '.join(kids)})"

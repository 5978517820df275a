"""From an unsound answer to wrong code: TIR functions in which a pass may act on the wrong answer.

Each function loops over the case's domain (one loop per variable, the case's constraints as a
branch) and stores, for each point, a value whose computation a pass simplifies with the analysis
at fault:

- `value`: the expression itself (the simplifier rewrites it);
- `claim`: a condition the wrong answer decides (an expression against the bound const_int_bound
  gave, a congruence with modular_set's, the proved condition, the compared pair), as
  `select(claim, 1, 0)`: a simplifier that trusts the answer folds it;
- `load`: for the iterator-map analyses, an element of a buffer indexed by the case's
  expressions, whose flattening (FlattenBuffer) simplifies the index with the iterator map.

Triage builds them, runs each against the reference interpreter in a clean worker, and attaches
the first that a pass miscompiles to the bug.
"""

from __future__ import annotations

import math
from typing import Any

from tvm import tirx

from tirkit import exprs
from tirkit.arith_case import ArithCase

OUTPUT = "int64"
MAX_POINTS = 4096


def witness_functions(case: ArithCase, violation: dict[str, Any] | None) -> list[tuple[str, tirx.PrimFunc]]:
    """(label, function) of each template that applies to the case."""
    if math.prod(v.extent for v in case.variables) > MAX_POINTS:
        return []
    if any("x" in exprs.dtype_of(tree) for tree in case.exprs):
        # A vector value in a scalar store: TVM's BufferStore constructor segfaults on it (seen in
        # triage) instead of raising, so no template takes vectors.
        return []
    made = []
    for label, build in _templates(case, violation or {}):
        try:
            made.append((label, _compacted(case) if build is None else _function(case, build)))
        except Exception:  # noqa: BLE001 - a template that does not fit this case: the others may
            continue
    return made


Builder = Any  # (variables: dict[str, Var]) -> (value PrimExpr, [(buffer, shape)] to fill with their index)


def _templates(case: ArithCase, violation: dict[str, Any]) -> list[tuple[str, Builder]]:
    analysis = case.analysis
    trees = case.exprs
    dtype = exprs.dtype_of(trees[0])
    templates: list[tuple[str, Builder]] = []
    if dtype == "bool" or analysis in ("can_prove", "deduce_bound", "detect_clip_bound"):
        templates.append(("claim", lambda v: (tirx.Select(exprs.to_tvm(trees[0], v), _one(), _zero()), [])))
    else:
        templates.append(("value", lambda v: (tirx.Cast(OUTPUT, exprs.to_tvm(trees[0], v)), [])))
    if analysis == "const_int_bound" and "expected" in violation:
        lo, hi = _bound(violation.get("answer", ""))
        for label, end, make in (("claim: below max", hi, tirx.LE), ("claim: above min", lo, tirx.GE)):
            if end is not None and abs(end) < 1 << 31:
                templates.append((label, lambda v, end=end, make=make: (tirx.Select(
                    make(exprs.to_tvm(trees[0], v), tirx.IntImm(dtype, end)), _one(), _zero()), [])))
    if analysis in ("can_prove_equal", "try_compare") and len(trees) == 2:
        for name in ("eq", "lt", "le"):
            templates.append((f"claim: {name}", lambda v, name=name: (tirx.Select(
                exprs.to_tvm([name, "bool", trees[0], trees[1]], v), _one(), _zero()), [])))
    if analysis in ("int_set", "const_int_bound", "modular_set", "estimate_region_upper_bound",
                    "estimate_region_strict_bound", "estimate_region_lower_bound") and dtype in ("int32", "int64"):
        templates.append(("compacted buffer", None))
    if analysis in ("iter_map_simplify", "normalize_iter_map_to_expr", "detect_iter_map", "normalize_to_iter_sum",
                    "subspace_divide", "inverse_affine_iter_map") and dtype in ("int32", "int64"):
        templates.append(("load", lambda v: _load(case, case.exprs, v)))
        split = _row_major(case, trees[0]) if len(trees) == 1 else None
        if split is not None:
            templates.append(("load after flattening", lambda v: _load(case, split, v)))
    return templates


def _row_major(case: ArithCase, tree: exprs.Tree) -> list[exprs.Tree] | None:
    """`[a, b]` for an index `a * c + b` with b in [0, c): the indices of a 2-d buffer of c columns
    whose flattening (FlattenBuffer) gives the index back, for the iterator map to simplify."""
    if tree[0] != "add":
        return None
    for first, second in ((tree[2], tree[3]), (tree[3], tree[2])):
        if first[0] == "mul" and first[3][0] == "int" and first[3][2] > 0:
            try:
                if _upper(case, second) < first[3][2]:
                    return [first[2], second]
            except ValueError:
                continue
    return None


def _one() -> tirx.IntImm:
    return tirx.IntImm(OUTPUT, 1)


def _zero() -> tirx.IntImm:
    return tirx.IntImm(OUTPUT, 0)


def _bound(answer: str) -> tuple[int | None, int | None]:
    """(min, max) of a printed ConstIntBound."""
    try:
        lo = int(answer.split("min_value=")[1].split(",")[0])
        hi = int(answer.split("max_value=")[1].rstrip(")"))
    except (IndexError, ValueError):
        return None, None
    return lo, hi


def _load(case: ArithCase, indices: list[exprs.Tree], variables: dict[str, tirx.Var]
          ) -> tuple[Any, list[tuple[Any, list[int]]]]:
    """`T[i0, i1, ...]` of a buffer T whose every element holds its own flat index."""
    shape = [_upper(case, tree) + 1 for tree in indices]
    if len(indices) > 1 and indices[0] is not case.exprs[0]:
        shape[1] = max(shape[1], _row_major_columns(case))
    table = tirx.decl_buffer(shape, OUTPUT, name="T")
    return tirx.BufferLoad(table, [exprs.to_tvm(tree, variables) for tree in indices]), [(table, shape)]


def _row_major_columns(case: ArithCase) -> int:
    tree = case.exprs[0]
    first = tree[2] if tree[2][0] == "mul" and tree[2][3][0] == "int" else tree[3]
    return int(first[3][2])


def _upper(case: ArithCase, tree: exprs.Tree) -> int:
    """The largest value of an index over the domain (ValueError where one is negative)."""
    import itertools

    import tvm

    variables = {v.name: tirx.Var(v.name, v.dtype) for v in case.variables}
    expr = exprs.to_tvm(tree, variables)
    values = []
    for point in itertools.product(*(range(v.lo, v.hi + 1) for v in case.variables)):
        bound = tvm.sym.Analyzer()
        for v, value in zip(case.variables, point, strict=True):
            bound.bind(variables[v.name], tirx.IntImm(v.dtype, value))
        folded = bound.simplify(expr)
        if not isinstance(folded, tirx.IntImm):
            raise ValueError("an index that does not fold")
        values.append(int(folded.value))
    if min(values) < 0:
        raise ValueError("a negative index")
    return max(values)


def _function(case: ArithCase, build: Builder) -> tirx.PrimFunc:
    """main(B): for each point of the domain (and its constraints), B[flat point] = build's value."""
    loops = []
    variables: dict[str, tirx.Var] = {}
    binds = []
    for v in case.variables:
        var = tirx.Var(v.name, v.dtype)
        variables[v.name] = var
        if v.dtype in ("int32", "int64"):
            # The case's variable is the loop's own: passes know a loop variable's range.
            loops.append((var, v.lo, v.extent))
            continue
        loop_dtype = "int64" if v.dtype in ("uint32", "uint64") else "int32"
        loop = tirx.Var(f"{v.name}_i", loop_dtype)
        loops.append((loop, v.lo, v.extent))
        binds.append(tirx.Bind(var, tirx.Cast(v.dtype, loop)))
    value, tables = build(variables)
    size = math.prod(extent for _, _, extent in loops)
    out = tirx.decl_buffer((size,), OUTPUT, name="B")
    flat: Any = None
    for loop, lo, extent in loops:
        position = tirx.Cast("int64", tirx.Sub(loop, tirx.IntImm(str(loop.ty), lo)) if lo else loop)
        flat = position if flat is None else tirx.Add(tirx.Mul(flat, tirx.IntImm("int64", extent)), position)
    body: tirx.Stmt = tirx.BufferStore(out, value, [flat if flat is not None else tirx.IntImm("int64", 0)])
    for constraint in reversed(case.constraints):
        body = tirx.IfThenElse(exprs.to_tvm(constraint, variables), body, None)
    body = tirx.SeqStmt([*binds, body]) if binds else body
    for loop, lo, extent in reversed(loops):
        body = tirx.For(loop, tirx.IntImm(str(loop.ty), lo), tirx.IntImm(str(loop.ty), extent),
                        tirx.ForKind.SERIAL, body)
    for table, shape in tables:
        body = tirx.SeqStmt([tirx.AllocBuffer(table), _fill(table, shape), body])
    return tirx.PrimFunc([out], body).with_attr("global_symbol", "main")


def _compacted(case: ArithCase) -> tirx.PrimFunc:
    """Two blocks over the domain: one writes an intermediate buffer at the expression, the other
    reads it back there. CompactBufferAllocation shrinks the buffer to the region the analyzer
    bounds the expression to: a bound that leaves a value out moves that element."""
    from tirkit.script import from_script

    if any(v.lo != 0 or v.dtype not in ("int32", "int64") for v in case.variables):
        raise ValueError("block iterators start at 0 and are int32 or int64")
    size = _upper(case, case.exprs[0]) + 1
    variables = {v.name: tirx.Var(v.name, v.dtype) for v in case.variables}
    index = str(exprs.to_tvm(case.exprs[0], variables))
    names = [v.name for v in case.variables]
    extents = [v.extent for v in case.variables]
    loops = ", ".join(f"{name}_l" for name in names)
    grid = ", ".join(str(extent) for extent in extents)
    flat = " + ".join(f"{name} * {math.prod(extents[i + 1:])}" for i, name in enumerate(names))
    axes = "\n".join(f"            {name} = T.axis.spatial({extent}, {name}_l)"
                      for name, extent in zip(names, extents, strict=True))
    script = f"""
# from tvm.script import tirx as T

@T.prim_func(s_tir=True)
def main(B: T.Buffer(({math.prod(extents)},), "int64")):
    C = T.alloc_buffer(({size},), "int64")
    for {loops} in T.grid({grid}):
        with T.sblock("write"):
{axes}
            T.reads()
            T.writes(C[{index}])
            C[{index}] = T.int64({flat}) + T.int64(1)
    for {loops} in T.grid({grid}):
        with T.sblock("read"):
{axes}
            T.reads(C[{index}])
            T.writes(B[{flat}])
            B[{flat}] = C[{index}]
"""
    return from_script(script)


def _fill(table: Any, shape: list[int]) -> tirx.Stmt:
    indices = [tirx.Var(f"f{d}", "int32") for d in range(len(shape))]
    flat: Any = None
    for index, extent in zip(indices, shape, strict=True):
        position = tirx.Cast("int64", index)
        flat = position if flat is None else tirx.Add(tirx.Mul(flat, tirx.IntImm("int64", extent)), position)
    body: tirx.Stmt = tirx.BufferStore(table, flat, indices)
    for index, extent in reversed(list(zip(indices, shape, strict=True))):
        body = tirx.For(index, tirx.IntImm("int32", 0), tirx.IntImm("int32", extent), tirx.ForKind.SERIAL, body)
    return body

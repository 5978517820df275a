"""repro.py of an analysis bug: a few lines that need nothing but `pip install apache-tvm`.

They build the variables, the expressions and an analyzer with the case's ranges and
constraints, call the one analysis (the analysis's `repro_call`), then check its answer at the
point the judge found (its `repro_check`): each value is computed in TIR's integer semantics by
a small evaluator written into the script (not by TVM's simplifier, which is under test), and
the script asserts the promise the answer broke. It exits 0 once the bug is fixed and fails with
an AssertionError (or TVM's exception, or a signal) while it is not.
"""

from __future__ import annotations

from typing import Any

from tirkit import exprs
from tirkit.arith_case import ArithCase
from tzer.arith import get

HEADER = '''\
"""{title}

Found by tzer (a coverage-guided fuzzer for TVM's TIR) testing the arithmetic analyzer, TVM {version}.
Run: python repro.py   (exits 0 once the bug is fixed)
"""
import contextlib
import itertools

import tvm
from tvm import sym, tirx
from tvm.ir import Range


_COMBINE = {{
    "Add": lambda a, b: a + b, "Sub": lambda a, b: a - b, "Mul": lambda a, b: a * b,
    "FloorDiv": lambda a, b: a // b, "FloorMod": lambda a, b: a % b,
    "Div": lambda a, b: abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1),
    "Mod": lambda a, b: a - b * (abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1)),
    "Min": min, "Max": max, "LShift": lambda a, b: a << b, "RShift": lambda a, b: a >> b,
    "BitwiseAnd": lambda a, b: a & b, "BitwiseOr": lambda a, b: a | b, "BitwiseXor": lambda a, b: a ^ b,
    "EQ": lambda a, b: a == b, "NE": lambda a, b: a != b, "LT": lambda a, b: a < b,
    "LE": lambda a, b: a <= b, "GT": lambda a, b: a > b, "GE": lambda a, b: a >= b,
    "And": lambda a, b: bool(a and b), "Or": lambda a, b: bool(a or b),
}}


def _fit(value, ty):
    """`value` in the element type `ty` (two's complement wrap, as a cast between integer types)."""
    name = str(ty).split("x")[0]
    if name == "bool":
        return bool(value)
    bits = int(name.split("int")[1])
    value &= (1 << bits) - 1
    return value - (1 << bits) if name.startswith("int") and value >> (bits - 1) else value


def _lanes(value, count):
    return value if isinstance(value, tuple) else (value,) * count


def _each(ty, combine, *values):
    """`combine` applied lane by lane when any of `values` is a vector (a tuple of lanes)."""
    count = max((len(v) for v in values if isinstance(v, tuple)), default=0)
    if not count:
        return _fit(combine(*values), ty)
    return tuple(_fit(combine(*lane), ty) for lane in zip(*(_lanes(v, count) for v in values)))


def at(expr, point):
    """The value of `expr` (a tuple of lanes for a vector) with each variable of `point` (Var -> int)
    bound to its value, in TIR's integer semantics. Written out here rather than asked of TVM's
    constant folder: that is the simplifier under test, and it does not fold every node."""
    kind = type(expr).__name__
    if kind == "Var":
        return point[expr]
    if kind == "IntImm":
        return _fit(int(expr.value), expr.ty)
    if kind in _COMBINE:
        return _each(expr.ty, _COMBINE[kind], at(expr.a, point), at(expr.b, point))
    if kind in ("Not", "BitwiseNot"):
        return _each(expr.ty, lambda a: not a if str(expr.ty).startswith("bool") else ~a, at(expr.a, point))
    if kind == "Cast":
        return _each(expr.ty, lambda a: a, at(expr.value, point))
    if kind == "Ramp":
        base, stride = at(expr.base, point), at(expr.stride, point)
        return tuple(_fit(base + stride * lane, expr.ty) for lane in range(int(expr.lanes)))
    if kind == "Broadcast":
        return (at(expr.value, point),) * int(expr.lanes)
    if kind == "Let":
        return at(expr.body, {{**point, expr.var: at(expr.value, point)}})
    if kind == "Select" or (kind == "Call" and expr.op.name == "prim.if_then_else"):
        cond, then, other = (expr.condition, expr.true_value, expr.false_value) if kind == "Select" else expr.args
        return _each(expr.ty, lambda c, t, o: t if c else o, at(cond, point), at(then, point), at(other, point))
    raise NotImplementedError(f"no evaluation of {{kind}}: {{expr}}")

'''


def repro_source(case: ArithCase, violation: dict[str, Any] | None, title: str, version: str) -> str:
    """The text of repro.py for `case`; `violation` is the judge's (None for an exception or a crash,
    which the call alone shows)."""
    analysis = get(case.analysis)
    lines = [HEADER.format(title=title, version=version)]
    names = {v.name: v.dtype for v in case.variables}
    for tree in [*case.exprs, *case.constraints]:
        names.update(exprs.let_vars(tree))
    lines += [f'{name} = tirx.Var("{name}", "{dtype}")' for name, dtype in names.items()]
    lines.append(f"variables = {{{', '.join(f'{n!r}: {n}' for n in names)}}}")
    lines.append("exprs = [")
    lines += [f"    {python_of(tree)}," for tree in case.exprs]
    lines.append("]")
    lines.append(f"constraints = [{', '.join(python_of(tree) for tree in case.constraints)}]")
    lines.append("ranges = {" + ", ".join(
        f'{v.name}: Range(tirx.IntImm("{v.dtype}", {v.lo}), tirx.IntImm("{v.dtype}", {v.hi + 1}))'
        for v in case.variables) + "}")
    lines.append("predicate = " + (_and_all(len(case.constraints)) if case.constraints else "tirx.const(True)"))
    lines.append("analyzer = sym.Analyzer()")
    extensions = int(case.options.get("extensions") or 0)
    if extensions:
        lines.append(f"analyzer.enabled_extensions = {extensions}")
    lines.append("for var, extent in ranges.items():")
    lines.append("    analyzer.bind(var, extent)")
    lines.append("with contextlib.ExitStack() as scope:  # the constraints, as constraint_scope enters them")
    lines.append("    for constraint in constraints:")
    lines.append("        scope.enter_context(analyzer.constraint_scope(constraint))")
    lines += [f"    {line}" for line in analysis.repro_call(case)]
    lines.append('print("answer:", answer)')
    if violation is not None:
        point = violation.get("point") or {}
        lines.append(f"POINT = {{{', '.join(f'{name}: {value}' for name, value in point.items())}}}")
        check = analysis.repro_check(case, violation)
        if any("DOMAIN" in line for line in check):
            lines.append(f"DOMAIN = [dict(zip(ranges, values)) for values in itertools.product("
                         f"{', '.join(f'range({v.lo}, {v.hi + 1})' for v in case.variables)})]")
        lines += check
    return "\n".join(lines) + "\n"


def _and_all(count: int) -> str:
    text = "constraints[0]"
    for index in range(1, count):
        text = f"tirx.And({text}, constraints[{index}])"
    return text


def python_of(tree: exprs.Tree) -> str:
    """Python that builds `tree`: with operators where they build the very same nodes, else with
    constructors (TVM's operators fold constants)."""
    import tvm_ffi
    from tvm import tirx

    source = exprs.to_python(tree, operators=True)
    names = {**{name: tirx.Var(name, dtype) for name, dtype in exprs.let_vars(tree).items()}}
    free: dict[str, Any] = {}
    for _, node in exprs.walk(tree):
        if node[0] == "var" and node[2] not in names:
            free[node[2]] = tirx.Var(node[2], node[1])
    scope = {"tirx": tirx, "tvm": __import__("tvm"), **free, **names}
    try:
        built = eval(source, scope)  # noqa: S307 - our own generated source, to compare with the tree
        same = tvm_ffi.structural_equal(built, exprs.to_tvm(tree, free), map_free_vars=True)
    except Exception:  # noqa: BLE001 - an operator that does not take these operands: constructors then
        same = False
    return source if same else exprs.to_python(tree, operators=False)

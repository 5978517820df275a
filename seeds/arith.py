"""Analysis test cases harvested from real IR: the shapes TVM's passes hand its arithmetic analyzer.

`harvest(func)` takes every buffer index, branch condition and loop extent of a TIR function with
the ranges of the loop and block variables around it (a variable of unknown range gets
DEFAULT_RANGE; a buffer load or a call inside an expression becomes a fresh variable of its dtype).
An index over iterators that start at 0 becomes an iter_map_simplify case, another index or an
extent a simplify case, a condition a can_prove case; mutation moves them to the other analyses.

`arith_cases()` reads the cases harvested from the shipped corpus and TVM's pass tests,
`seeds/arith.json`, which `python -m seeds.arith` writes again.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ARITH_SEEDS: Path = Path(__file__).resolve().parent / "arith.json"
DEFAULT_RANGE = (0, 63)
MAX_NODES = 60
INDEX_TYPES = ("int32", "int64")


def arith_cases() -> list[tuple[str, dict[str, Any]]]:
    """(name, case JSON) of every harvested case shipped with tzer."""
    if not ARITH_SEEDS.exists():
        return []
    return [(entry["name"], entry["case"]) for entry in json.loads(ARITH_SEEDS.read_text(encoding="utf-8"))]


def harvest(func: Any, limit: int = 40) -> list[dict[str, Any]]:
    """Up to `limit` distinct cases (as JSON) from the expressions of `func`."""
    import tvm
    import tvm.s_tir
    import tvm_ffi
    from tvm import tirx

    ranges: dict[Any, tuple[int, int]] = {}
    found: list[tuple[str, Any]] = []

    def visit(node: Any) -> None:
        if isinstance(node, tirx.For):
            if isinstance(node.min, tirx.IntImm) and isinstance(node.extent, tirx.IntImm) and node.extent.value > 0:
                ranges[node.loop_var] = (int(node.min.value), int(node.min.value + node.extent.value - 1))
            elif not isinstance(node.extent, tirx.IntImm):
                found.append(("extent", node.extent))
        elif isinstance(node, tvm.s_tir.SBlock):
            for iter_var in node.iter_vars:
                dom = iter_var.dom
                if isinstance(dom.min, tirx.IntImm) and isinstance(dom.extent, tirx.IntImm) and dom.extent.value > 0:
                    ranges[iter_var.var] = (int(dom.min.value), int(dom.min.value + dom.extent.value - 1))
        elif isinstance(node, (tirx.BufferStore, tvm.ir.TensorLoad)):
            found.extend(("index", index) for index in node.indices)
        elif isinstance(node, tirx.IfThenElse):
            found.append(("condition", node.condition))

    tvm_ffi.structural_walk(func.body, [((tirx.Stmt, tvm.ir.Expr), visit)], order="pre")
    cases: dict[str, dict[str, Any]] = {}
    for role, expr in found:
        case = _case(role, expr, ranges)
        if case is not None:
            cases.setdefault(json.dumps(case, sort_keys=True), case)
        if len(cases) >= limit:
            break
    return list(cases.values())


def _case(role: str, expr: Any, ranges: dict[Any, tuple[int, int]]) -> dict[str, Any] | None:
    from tirkit import exprs
    from tirkit.arith_case import ArithCase, CaseError

    if role != "condition" and str(expr.ty) not in INDEX_TYPES:
        return None
    names: dict[Any, str] = {}
    variables: list[list[Any]] = []

    def leaf(node: Any) -> exprs.Tree:
        """A variable for a loop or block variable, or for what the tree form cannot hold."""
        key = node if type(node).__name__ == "Var" else None
        if key is not None and key in names:
            return exprs.var(str(node.ty), names[key])
        name = f"v{len(variables)}"
        node_dtype = str(node.ty)
        if not node_dtype.startswith(("int", "uint")):
            raise exprs.UnsupportedExpr(node_dtype)
        lo, hi = ranges.get(key, DEFAULT_RANGE) if key is not None else DEFAULT_RANGE
        variables.append([name, node_dtype, lo, hi])
        if key is not None:
            names[key] = name
        return exprs.var(node_dtype, name)

    try:
        tree = exprs.from_tvm(expr, leaf)
    except exprs.UnsupportedExpr:
        return None
    if exprs.size(tree) > MAX_NODES or not variables:
        return None
    iterators = all(dt in INDEX_TYPES and lo == 0 for _, dt, lo, _ in variables)
    analysis = "can_prove" if role == "condition" else "iter_map_simplify" if iterators and role == "index" \
        else "simplify"
    try:
        return ArithCase.from_json({"analysis": analysis, "variables": variables, "exprs": [tree]}).to_json()
    except CaseError:
        return None


def main() -> None:
    """Harvest the shipped corpus and TVM's pass tests into seeds/arith.json."""
    import seeds
    from tirkit.script import from_script

    entries = []
    seen: set[str] = set()
    for folder in (seeds.CORPUS_DIR, seeds.TVM_TESTS_DIR):
        for seed in seeds.load(folder):
            try:
                func = from_script(seed.script)
            except Exception:  # noqa: BLE001 - a seed that does not parse has nothing to give
                continue
            for index, case in enumerate(harvest(func, limit=8)):
                key = json.dumps(case, sort_keys=True)
                if key not in seen:
                    seen.add(key)
                    entries.append({"name": f"{seed.name}#{index}", "case": case})
    ARITH_SEEDS.write_text(json.dumps(entries, indent=0) + "\n", encoding="utf-8")
    print(f"{len(entries)} cases written to {ARITH_SEEDS}", file=sys.stderr)


if __name__ == "__main__":
    main()

"""Generating and mutating analysis test cases: pure functions of (case, rng, donor), without TVM.

A worker runs many mutants of one case per request; the parent can rebuild any of them from the
request alone (the one a crash or a hang ended on, say), since a mutant depends on nothing else.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from mutators.arith.generate import (
    Generator,
    index_exprs,
    interesting_constant,
    limits,
    random_variables,
    vectorize,
)
from tirkit import exprs
from tirkit.arith_case import ArithCase, Shape, Variable
from tirkit.exprs import Tree


class NoArithMutation(Exception):
    """The mutation found nothing to change in this case."""


def generate(rng: random.Random, analysis: str, shape: Shape) -> ArithCase:
    """A fresh case for `analysis`, whose inputs have `shape`."""
    kind = shape.kind
    index = kind in ("index", "region")
    variables = random_variables(rng, start_at_zero=index, dtype=rng.choice(("int32", "int32", "int64")) if index
                                 else None)
    gen = Generator(rng, variables, depth=rng.randint(1, 5))
    dtype = variables[0].dtype
    options: dict = {}
    if kind == "value":
        trees = [gen.condition() if shape.conditions and rng.random() < 0.15 else gen.integer(dtype).tree]
        if shape.vectors and rng.random() < 0.1 and '"ite"' not in str(trees[0]).replace("'", '"'):
            stride = rng.choice((1, 1, 2, 4) if dtype.startswith("u") else (1, 1, 2, -1, 4))
            trees = [vectorize(trees[0], rng.choice((2, 4, 8)), stride)]
    elif kind == "condition":
        trees = [gen.condition()]
    elif kind == "pair":
        first = gen.integer(dtype).tree
        second = _near(rng, first, variables) if rng.random() < 0.6 else gen.integer(dtype).tree
        trees = [first, second]
    elif kind == "solve":
        trees = [_solvable(rng, gen, variables)]
    elif kind == "clip":
        trees = [_clip(rng, gen, variables)]
    elif kind == "linear":
        trees = [_linear(rng, gen, variables)]
    else:
        trees = index_exprs(rng, variables, rng.randint(*shape.count))
    case = ArithCase(analysis, variables, trees, options=options)
    if rng.random() < 0.2:
        case.constraints = [gen.condition(2)]
    return fit_options(rng, case, shape)


def fit_options(rng: random.Random, case: ArithCase, shape: Shape) -> ArithCase:
    """The case with the options its shape needs, chosen among its own variables."""
    dtype = exprs.dtype_of(case.exprs[0])
    used = sorted(set().union(*(exprs.free_vars(t) for t in case.exprs))
                  & {v.name for v in case.variables if v.dtype == dtype or dtype == "bool"})
    names = used or [v.name for v in case.variables]
    options = dict(case.options)
    if shape.kind == "solve" and options.get("var") not in names:
        options["var"] = rng.choice(names)
    if shape.kind in ("linear", "clip") and (not set(options.get("vars") or []) <= set(names)
                                             or "vars" not in options):
        options["vars"] = rng.sample(names, rng.randint(1, len(names)))
    if shape.kind == "region" and len(options.get("extents") or []) != len(case.exprs):
        options["extents"] = [rng.choice((1, 1, 2, 4, 8)) for _ in case.exprs]
    return replace(case, options=options)


def _fitting(dtype: str, value: int) -> Tree:
    """A constant of `dtype`, the value moved into the dtype's range (an unsigned one has no -1)."""
    lo, hi = limits(dtype)
    return exprs.const(dtype, max(lo, min(hi, value)))


def _solvable(rng: random.Random, gen: Generator, variables: list[Variable]) -> Tree:
    """A comparison with one variable once on a path of +, -, * and floordiv (what deduce_bound
    solves), against an expression of the others."""
    target = rng.choice(variables)
    dtype = target.dtype
    others = Generator(rng, [v for v in variables if v is not target] or variables, depth=1)
    tree: Tree = exprs.var(dtype, target.name)
    for _ in range(rng.randint(1, 3)):
        step = rng.choice(("add", "sub", "mul", "floordiv", "rsub"))
        other = others.integer(dtype, 1).tree if rng.random() < 0.5 else _fitting(dtype, rng.randint(-9, 9))
        if step == "mul":
            tree = ["mul", dtype, tree, _fitting(dtype, rng.choice((2, 3, -1, -2, 4)))]
        elif step == "floordiv":
            tree = ["floordiv", dtype, tree, _fitting(dtype, rng.choice((2, 3, 4, -3)))]
        elif step == "rsub":
            tree = ["sub", dtype, other, tree]
        else:
            tree = [step, dtype, tree, other]
    rhs = others.integer(dtype, 1).tree if rng.random() < 0.5 else _fitting(dtype, rng.randint(-20, 20))
    comparison = rng.choice(("lt", "le", "gt", "ge", "eq"))
    return [comparison, "bool", tree, rhs] if rng.random() < 0.8 else [comparison, "bool", rhs, tree]


def _clip(rng: random.Random, gen: Generator, variables: list[Variable]) -> Tree:
    """A conjunction of comparisons, each of one variable (coefficient ±1) with a bound."""
    tree: Tree | None = None
    for _ in range(rng.randint(1, 4)):
        v = rng.choice(variables)
        side: Tree = exprs.var(v.dtype, v.name)
        if rng.random() < 0.3:
            side = ["add", v.dtype, side, _fitting(v.dtype, rng.randint(-4, 4))]
        if rng.random() < 0.2 and not v.dtype.startswith("u"):
            side = ["sub", v.dtype, _fitting(v.dtype, rng.randint(0, 9)), side]
        bound = _fitting(v.dtype, rng.randint(v.lo - 2, v.hi + 2) if v.extent < 1 << 20 else v.lo)
        comparison: Tree = [rng.choice(("lt", "le", "gt", "ge", "eq")), "bool", side, bound]
        if rng.random() < 0.5:
            comparison = [comparison[0], "bool", bound, side]
        tree = comparison if tree is None else ["and", "bool", tree, comparison]
    assert tree is not None
    return tree


def _linear(rng: random.Random, gen: Generator, variables: list[Variable]) -> Tree:
    dtype = variables[0].dtype
    tree: Tree = _fitting(dtype, rng.randint(-5, 5))
    for v in variables:
        coeff = rng.choice((1, 2, 3, -1, 4))
        tree = ["add", dtype, tree, ["mul", dtype, exprs.var(dtype, v.name), _fitting(dtype, coeff)]]
    if rng.random() < 0.3:
        tree = ["add", dtype, tree, gen.integer(dtype, 1).tree]
    return tree


def _near(rng: random.Random, tree: Tree, variables: list[Variable]) -> Tree:
    """A variation of `tree`: often equal in value, for the analyses that compare two expressions."""
    dtype = exprs.dtype_of(tree)
    roll = rng.random()
    if roll < 0.3:
        return ["add", dtype, ["sub", dtype, tree, exprs.const(dtype, 1)], exprs.const(dtype, 1)]
    if roll < 0.5 and tree[0] in ("add", "mul", "min", "max", "bitand", "bitor", "bitxor"):
        return [tree[0], dtype, tree[3], tree[2]]
    mutated = _mutate_trees(rng, [tree], variables, None)
    return mutated[0] if mutated else tree


# -- mutations of a case ----------------------------------------------------------------------
Mutation = Callable[[random.Random, ArithCase, dict[str, Shape], ArithCase | None], ArithCase]


def mutate(case: ArithCase, rng: random.Random, shapes: dict[str, Shape],
           donor: ArithCase | None = None) -> tuple[ArithCase, list[str]]:
    """A mutant of `case` and the names of the mutations applied (one to three, stacked).
    `shapes` are the analyses a case may move to. Raises NoArithMutation when none applied."""
    names: list[str] = []
    for _ in range(rng.choice((1, 1, 1, 2, 2, 3))):
        name = rng.choices(list(MUTATIONS), weights=[weight for _, weight in MUTATIONS.values()])[0]
        try:
            case = MUTATIONS[name][0](rng, case, shapes, donor)
        except NoArithMutation:
            continue
        names.append(name)
    if not names:
        raise NoArithMutation("no mutation applied")
    return fit_options(rng, case, shapes[case.analysis]), names


def _regenerate(rng: random.Random, case: ArithCase, shapes: dict[str, Shape], donor: ArithCase | None) -> ArithCase:
    return generate(rng, case.analysis, shapes[case.analysis])


def _pick_tree(rng: random.Random, case: ArithCase) -> tuple[str, int]:
    pools = [("exprs", i) for i in range(len(case.exprs))] + [("constraints", i) for i in range(len(case.constraints))]
    return rng.choice(pools)


def _with_tree(case: ArithCase, where: tuple[str, int], tree: Tree) -> ArithCase:
    field_name, index = where
    trees = list(getattr(case, field_name))
    trees[index] = tree
    return replace(case, **{field_name: trees})


def _rewrite_node(rng: random.Random, case: ArithCase, choose: Callable[[Tree], bool],
                  rewrite: Callable[[Tree], Tree | None]) -> ArithCase:
    """Replace one node that `choose` accepts (drawn at random) by what `rewrite` makes of it."""
    where = _pick_tree(rng, case)
    tree = getattr(case, where[0])[where[1]]
    nodes = [(path, node) for path, node in exprs.walk(tree) if choose(node)]
    rng.shuffle(nodes)
    for path, node in nodes[:4]:
        new = rewrite(node)
        if new is not None and new != node:
            return _with_tree(case, where, exprs.replace_at(tree, path, new))
    raise NoArithMutation("nothing to rewrite")


def _generator(rng: random.Random, case: ArithCase, depth: int) -> Generator:
    return Generator(rng, case.variables, depth=depth)


def _subtree(rng: random.Random, case: ArithCase, shapes: dict[str, Shape], donor: ArithCase | None) -> ArithCase:
    gen = _generator(rng, case, rng.randint(1, 3))
    index = shapes[case.analysis].kind in ("index", "region")

    def rewrite(node: Tree) -> Tree:
        dtype = exprs.dtype_of(node)
        if dtype == "bool":
            return gen.condition(2)
        if index and rng.random() < 0.5 and all(v.lo == 0 for v in case.variables):
            same = [v for v in case.variables if v.dtype == dtype]
            if same:
                return index_exprs(rng, same, 1)[0]
        return gen.integer(dtype).tree

    return _rewrite_node(rng, case, lambda node: "x" not in exprs.dtype_of(node), rewrite)


def _constant(rng: random.Random, case: ArithCase, shapes: dict[str, Shape], donor: ArithCase | None) -> ArithCase:
    def rewrite(node: Tree) -> Tree | None:
        dtype, value = node[1], node[2]
        if dtype == "bool":
            return exprs.const(dtype, 1 - value)
        lo, hi = limits(dtype)
        new = rng.choice((value + 1, value - 1, value * 2, value // 2, -value, value + rng.randint(-16, 16),
                          interesting_constant(rng, dtype)))
        return exprs.const(dtype, new) if lo <= new <= hi else None

    return _rewrite_node(rng, case, lambda node: node[0] == "int", rewrite)


_SWAPS = [("add", "sub"), ("floordiv", "floormod", "div", "mod"), ("min", "max"), exprs.COMPARISONS, ("and", "or"),
          ("shl", "shr"), ("bitand", "bitor", "bitxor"), ("select", "ite")]
_SWAP_OF = {op: group for group in _SWAPS for op in group}


def _operator(rng: random.Random, case: ArithCase, shapes: dict[str, Shape], donor: ArithCase | None) -> ArithCase:
    def rewrite(node: Tree) -> Tree | None:
        options = [op for op in _SWAP_OF[node[0]] if op != node[0]]
        return [rng.choice(options), *node[1:]] if options else None

    return _rewrite_node(rng, case, lambda node: node[0] in _SWAP_OF, rewrite)


def _wrap(rng: random.Random, case: ArithCase, shapes: dict[str, Shape], donor: ArithCase | None) -> ArithCase:
    def rewrite(node: Tree) -> Tree:
        dtype = exprs.dtype_of(node)
        op = rng.choice(("add", "sub", "mul", "floordiv", "floormod", "floordiv", "floormod", "min", "max", "cast"))
        if op == "cast":
            wider = {"int8": "int32", "int16": "int32", "int32": "int64", "uint8": "int32", "uint16": "int32",
                     "uint32": "int64"}.get(dtype)
            return ["cast", dtype, ["cast", wider, node]] if wider else node
        value = rng.choice((1, 2, 3, 4, 8, 16)) if op in ("floordiv", "floormod", "mul") else \
            interesting_constant(rng, dtype)
        return [op, dtype, node, exprs.const(dtype, value)]

    return _rewrite_node(rng, case, lambda node: exprs.dtype_of(node) not in ("bool",) and
                         "x" not in exprs.dtype_of(node), rewrite)


def _unwrap(rng: random.Random, case: ArithCase, shapes: dict[str, Shape], donor: ArithCase | None) -> ArithCase:
    def rewrite(node: Tree) -> Tree | None:
        same = [child for child in exprs.children(node) if exprs.dtype_of(child) == exprs.dtype_of(node)
                and not exprs.free_vars(child) - {v.name for v in case.variables}]
        return rng.choice(same) if same else None

    return _rewrite_node(rng, case, lambda node: bool(exprs.children(node)), rewrite)


def _range(rng: random.Random, case: ArithCase, shapes: dict[str, Shape], donor: ArithCase | None) -> ArithCase:
    index = shapes[case.analysis].kind in ("index", "region")
    position = rng.randrange(len(case.variables))
    v = case.variables[position]
    low, high = limits(v.dtype)
    roll = rng.random()
    if roll < 0.4:
        lo, hi = v.lo, v.lo + rng.choice((0, 1, 2, 3, 4, 7, 8, 15, 16, 31, 32, 64, v.extent + 1, v.extent - 2))
    elif roll < 0.6 and not index:
        shift = rng.choice((-1, 1, -8, 8, -v.lo))
        lo, hi = v.lo + shift, v.hi + shift
    elif roll < 0.8:
        lo, hi = v.lo, v.lo + (1 << rng.randint(4, 30))
    else:
        lo, hi = (0 if index else rng.choice((low, -1000, 0))), rng.choice((high, 1000, (1 << 20)))
    lo, hi = max(low, lo), min(high - 1, hi)
    hi = min(hi, lo + high - 1)
    if hi < lo or (lo, hi) == (v.lo, v.hi):
        raise NoArithMutation("range unchanged")
    variables = list(case.variables)
    variables[position] = Variable(v.name, v.dtype, lo, hi)
    return replace(case, variables=variables)


def _constraint(rng: random.Random, case: ArithCase, shapes: dict[str, Shape], donor: ArithCase | None) -> ArithCase:
    if case.constraints and rng.random() < 0.4:
        constraints = list(case.constraints)
        constraints.pop(rng.randrange(len(constraints)))
        return replace(case, constraints=constraints)
    return replace(case, constraints=[*case.constraints, _generator(rng, case, 2).condition(2)][-3:])


def _analysis(rng: random.Random, case: ArithCase, shapes: dict[str, Shape], donor: ArithCase | None) -> ArithCase:
    shape = shapes[case.analysis]
    others = [name for name, other in shapes.items() if name != case.analysis and other.kind == shape.kind
              and other.count[0] <= len(case.exprs) <= other.count[1]]
    if not others:
        raise NoArithMutation("no other analysis takes this shape")
    return replace(case, analysis=rng.choice(others), options={})


def _splice(rng: random.Random, case: ArithCase, shapes: dict[str, Shape], donor: ArithCase | None) -> ArithCase:
    """A subtree of the donor's expressions, its variables renamed to this case's of their dtype."""
    if donor is None:
        raise NoArithMutation("no donor")
    pieces = [node for tree in donor.exprs for _, node in exprs.walk(tree) if exprs.children(node)]
    if not pieces:
        raise NoArithMutation("donor has no operation")
    piece = rng.choice(pieces)
    renamed: dict[str, str] = {}
    dtypes = {v.name: v.dtype for v in donor.variables}
    for name in exprs.free_vars(piece):
        if name not in dtypes:
            raise NoArithMutation("the donor's piece reads a let variable bound outside it")
        dtype = dtypes[name]
        same = [v.name for v in case.variables if v.dtype == dtype]
        if not same:
            raise NoArithMutation("no variable of the donor's dtype")
        renamed[name] = rng.choice(same)
    piece = _rename(piece, renamed)
    dtype = exprs.dtype_of(piece)
    return _rewrite_node(rng, case, lambda node: exprs.dtype_of(node) == dtype, lambda node: piece)


def _rename(tree: Tree, names: dict[str, str]) -> Tree:
    if tree[0] == "var":
        return ["var", tree[1], names.get(tree[2], tree[2])]
    return exprs.with_children(tree, [_rename(child, names) for child in exprs.children(tree)])


def _mutate_trees(rng: random.Random, trees: list[Tree], variables: list[Variable], donor: ArithCase | None
                  ) -> list[Tree] | None:
    case = ArithCase("", variables, trees)
    shapes = {"": Shape("value")}
    for name in ("constant", "operator", "wrap", "subtree"):
        try:
            return MUTATIONS[name][0](rng, case, shapes, donor).exprs
        except NoArithMutation:
            continue
    return None


# name -> (mutation, weight)
MUTATIONS: dict[str, tuple[Mutation, float]] = {
    "subtree": (_subtree, 4), "constant": (_constant, 4), "operator": (_operator, 3), "wrap": (_wrap, 3),
    "unwrap": (_unwrap, 2), "range": (_range, 3), "constraint": (_constraint, 1.5), "analysis": (_analysis, 1.5),
    "splice": (_splice, 1.5), "regenerate": (_regenerate, 1),
}

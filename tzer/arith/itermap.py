"""The iterator-map family: detection, simplification, normalization, inversion, subspace division.

The case's expressions are the indices, its variables the iterators (Range(lo, hi + 1)), its
constraints the predicate; the points judged are those that satisfy it. A failed detection (an
empty result) is the contract's "cannot", never a finding. What each answer promises, from
src/arith/iter_affine_map.cc and TVM's tests:

- detect_iter_map: each index has at most one split; where no padding was introduced, the image of
  the points is exactly the product of the splits' ranges (surjective and bijective), reached once
  per point (bijective); the padding predicate is false at every real point;
- normalize_iter_map_to_expr and iter_map_simplify: the same value as the input index;
- normalize_to_iter_sum: the sum normalizes back to its input;
- inverse_affine_iter_map: applied to the outputs of a bijective map, gives back each iterator;
- subspace_divide: each index is `outer * extent(inner) + inner`, outer in [0, its extent), outer
  over the other iterators and inner over the sub-iterators only, and the two predicates hold.
"""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np
from tvm import sym, tirx

from tirkit import exprs
from tirkit.arith_case import ArithCase, Shape
from tirkit.errors import first_line
from tzer.arith import contracts
from tzer.arith.base import (
    Analysis,
    Declined,
    Materialized,
    Unjudged,
    Violation,
    answer_shape,
    equal_check,
    first,
    point_at,
)
from tzer.reference import Unsupported
from tzer.reference.pointwise import evaluate
from tzer.signature import mask_message

LEVELS = ("bijective", "surjective", "nocheck")


def _level(case: ArithCase) -> str:
    return str(case.options.get("check_level", "surjective"))


def _trivial(case: ArithCase) -> bool:
    return bool(case.options.get("simplify_trivial", True))


class _IterMap(Analysis):
    shape = Shape("index", (1, 3))
    contract = "equal"
    index_types_only = True

    def prepare(self, case: ArithCase, rng: random.Random) -> dict[str, Any]:
        return {"check_level": rng.choice(("surjective", "surjective", "bijective", "nocheck")),
                "simplify_trivial": rng.random() < 0.8}

    def detect(self, m: Materialized, level: str | None = None) -> Any:
        return sym.detect_iter_map(m.exprs, m.ranges(), m.predicate(), level or _level(m.case), _trivial(m.case))

    def _detect_source(self, case: ArithCase, level: str | None = None) -> str:
        return (f"sym.detect_iter_map(exprs, ranges, predicate, {level or _level(case)!r}, "
                f"simplify_trivial_iterators={_trivial(case)})")


class DetectIterMap(_IterMap):
    name = "detect_iter_map"
    contract = "iter_map"

    def call(self, m: Materialized) -> Any:
        return self.detect(m)

    def judge(self, m: Materialized, answer: Any) -> Violation | None:
        if len(answer.indices) == 0:
            raise Declined("no iterator map")
        normalized = [sym.normalize_iter_map_to_expr(index) for index in answer.indices]
        padding = sym.normalize_iter_map_to_expr(answer.padding_predicate)
        pad = contracts.evaluated(m, padding)
        where = first(np.asarray(pad.values, bool))
        if where is not None:
            return Violation("padding predicate", point_at(m, where), "False at a real point", "True", str(padding),
                             answer_shape(padding))
        for t, index in enumerate(answer.indices):
            if len(index.args) > 1:
                return Violation("one split per index", {}, "at most one split", f"{len(index.args)} splits",
                                 str(normalized[t]))
        level = _level(m.case)
        no_padding = isinstance(padding, tirx.IntImm) and not padding.value
        if level == "nocheck" or not m.points.exhaustive or not no_padding:
            return None
        return self._image(m, answer.indices, normalized, level)

    def _image(self, m: Materialized, indices: Any, normalized: list[Any], level: str) -> Violation | None:
        """The image of the points against the product of the splits' ranges, {base + scale * k}."""
        splits = []
        for index in indices:
            parts = [index.base] + ([index.args[0].scale, index.args[0].extent] if index.args else [])
            if not all(isinstance(p, tirx.IntImm) for p in parts):
                return None
            scale, extent = (int(index.args[0].scale.value), int(index.args[0].extent.value)) if index.args else (1, 1)
            splits.append((int(index.base.value), scale, extent))
        columns = [np.asarray(value.values, dtype=object) for value in m.values]
        image = set(zip(*(column.tolist() for column in columns), strict=True))
        text = ", ".join(str(n) for n in normalized)
        for t, (base, scale, extent) in enumerate(splits):
            offsets = (columns[t] - base)
            inside = np.asarray((offsets % scale == 0) & (offsets // scale >= 0) & (offsets // scale < extent), bool) \
                if scale else np.asarray(offsets == 0, bool)
            where = first(~inside)
            if where is not None:
                return Violation("image", point_at(m, where), "indices within the splits' ranges",
                                 f"index {t} = {columns[t][where]}", text, f"image|{len(splits)}")
        expected = math.prod(extent for _, _, extent in splits)
        if len(image) != expected:
            return Violation(f"{level} image", {}, f"{expected} distinct index tuples", f"{len(image)}", text,
                             f"{level}|{len(splits)}")
        if level == "bijective" and len(image) != m.points.count:
            return Violation("bijective", {}, f"{m.points.count} distinct index tuples (one per point)",
                             f"{len(image)}", text, f"injective|{len(splits)}")
        return None

    def describe(self, answer: Any) -> str:
        return str([str(sym.normalize_iter_map_to_expr(index)) for index in answer.indices])

    def repro_call(self, case: ArithCase) -> list[str]:
        return [f"answer = {self._detect_source(case)}",
                "normalized = [sym.normalize_iter_map_to_expr(index) for index in answer.indices]",
                "padding = sym.normalize_iter_map_to_expr(answer.padding_predicate)"]

    def repro_check(self, case: ArithCase, violation: dict[str, Any]) -> list[str]:
        check = violation.get("check", "")
        if check == "padding predicate":
            return ['print(f"at {POINT}: the padding predicate {padding} is {bool(at(padding, POINT))}")',
                    'assert not at(padding, POINT), "the padding predicate holds at a real point"']
        if check == "one split per index":
            return ['assert all(len(index.args) <= 1 for index in answer.indices), "an index with several splits"']
        return ["points = [p for p in DOMAIN if at(predicate, p)]",
                "image = {tuple(at(e, p) for e in exprs) for p in points}",
                "splits = [[int(i.base) + int(i.args[0].scale) * k for k in range(int(i.args[0].extent))]",
                "          if i.args else [int(i.base)] for i in answer.indices]",
                "product = set(itertools.product(*splits))",
                'print(f"{len(points)} points reach {len(image)} index tuples; the splits span {len(product)}")',
                'assert image == product, "the image is not the product of the splits\' ranges"',
                *(['assert len(image) == len(points), "two points share an index tuple"']
                  if _level(case) == "bijective" else [])]


class NormalizeIterMapToExpr(_IterMap):
    name = "normalize_iter_map_to_expr"

    def call(self, m: Materialized) -> Any:
        result = self.detect(m)
        return [sym.normalize_iter_map_to_expr(index) for index in result.indices]

    def judge(self, m: Materialized, answer: Any) -> Violation | None:
        if not answer:
            raise Declined("no iterator map")
        for value, out in zip(m.values, answer, strict=True):
            violation = contracts.equal(m, value, out, "value")
            if violation:
                return violation
        return None

    def describe(self, answer: Any) -> str:
        return str([str(a) for a in answer])

    def repro_call(self, case: ArithCase) -> list[str]:
        return [f"result = {self._detect_source(case)}",
                "answer = [sym.normalize_iter_map_to_expr(index) for index in result.indices]"]

    def repro_check(self, case: ArithCase, violation: dict[str, Any]) -> list[str]:
        return equal_check("answer")


class IterMapSimplify(NormalizeIterMapToExpr):
    name = "iter_map_simplify"

    def call(self, m: Materialized) -> Any:
        return list(sym.iter_map_simplify(m.exprs, m.ranges(), m.predicate(), _level(m.case), _trivial(m.case)))

    def repro_call(self, case: ArithCase) -> list[str]:
        return [f"answer = sym.iter_map_simplify(exprs, ranges, predicate, {_level(case)!r}, "
                f"simplify_trivial_iterators={_trivial(case)})"]


class NormalizeToIterSum(_IterMap):
    name = "normalize_to_iter_sum"
    shape = Shape("index", (1, 1))

    def prepare(self, case: ArithCase, rng: random.Random) -> dict[str, Any]:
        return {}

    def call(self, m: Materialized) -> Any:
        return sym.normalize_iter_map_to_expr(sym.normalize_to_iter_sum(m.exprs[0], m.ranges()))

    def judge(self, m: Materialized, answer: Any) -> Violation | None:
        return contracts.equal(m, m.values[0], answer, "value")

    def repro_call(self, case: ArithCase) -> list[str]:
        return ["answer = sym.normalize_iter_map_to_expr(sym.normalize_to_iter_sum(exprs[0], ranges))"]

    def repro_check(self, case: ArithCase, violation: dict[str, Any]) -> list[str]:
        return equal_check("[answer]")


class InverseAffineIterMap(_IterMap):
    """On a bijective map (its iterators starting at 0, as the inverse requires)."""

    name = "inverse_affine_iter_map"
    contract = "inverse"

    def prepare(self, case: ArithCase, rng: random.Random) -> dict[str, Any]:
        return {"check_level": "bijective", "simplify_trivial": rng.random() < 0.8}

    def accepts(self, case: ArithCase) -> str | None:
        if any(v.lo != 0 for v in case.variables):
            return "takes iterators that start at 0"
        return super().accepts(case)

    def call(self, m: Materialized) -> Any:
        result = self.detect(m, "bijective")
        if len(result.indices) == 0:
            return None
        outputs = [tirx.Var(f"o{t}", str(index.ty)) for t, index in enumerate(result.indices)]
        return outputs, dict(sym.inverse_affine_iter_map(result.indices, outputs))

    def judge(self, m: Materialized, answer: Any) -> Violation | None:
        if answer is None:
            raise Declined("not bijective")
        outputs, inverse = answer
        env = {output: value.values for output, value in zip(outputs, m.values, strict=True)}
        for name, var in m.variables.items():
            if name not in m.points.values or var not in inverse:
                continue
            try:
                got = evaluate(inverse[var], env, m.points.count, keep_overflow=True)
            except Unsupported as error:
                raise Unjudged(str(error)) from None
            where = first(np.asarray(got.values != m.points.values[name], bool) | got.undefined)
            if where is not None:
                return Violation(f"inverse of {name}", point_at(m, where), str(int(m.points.values[name][where])),
                                 str(got.values[where]), f"{name} = {inverse[var]}", answer_shape(inverse[var]))
        return None

    def describe(self, answer: Any) -> str:
        return "None" if answer is None else str({str(k): str(v) for k, v in answer[1].items()})

    def repro_call(self, case: ArithCase) -> list[str]:
        return [f"result = {self._detect_source(case, 'bijective')}",
                "outputs = [tirx.Var(f'o{t}', str(index.ty)) for t, index in enumerate(result.indices)]",
                "answer = sym.inverse_affine_iter_map(result.indices, outputs)"]

    def repro_check(self, case: ArithCase, violation: dict[str, Any]) -> list[str]:
        return ["out = {output: at(index, POINT) for output, index in zip(outputs, exprs)}",
                "for var, inverse in answer.items():",
                '    print(f"at {POINT}: the outputs are {out}; {var} = {inverse} gives {at(inverse, out)}")',
                '    assert at(inverse, out) == POINT[var], "the inverse does not give the iterator back"']


class SubspaceDivide(_IterMap):
    name = "subspace_divide"
    contract = "subspace"

    def prepare(self, case: ArithCase, rng: random.Random) -> dict[str, Any]:
        names = [v.name for v in case.variables]
        return {**super().prepare(case, rng), "sub": sorted(rng.sample(names, rng.randint(0, len(names))))}

    def _sub(self, m: Materialized) -> list[Any]:
        return [m.variables[name] for name in m.case.options.get("sub", []) if name in m.variables]

    def call(self, m: Materialized) -> Any:
        return sym.subspace_divide(m.exprs, m.ranges(), self._sub(m), m.predicate(), _level(m.case),
                                   _trivial(m.case))

    def judge(self, m: Materialized, answer: Any) -> Violation | None:
        if len(answer) == 0:
            raise Declined("no division")
        sub = {var.name for var in self._sub(m)}
        # An iterator of extent 1 is the constant 0 wherever it stands.
        trivial = {v.name for v in m.case.variables if v.extent == 1}
        for t, value in enumerate(m.values):
            outer_mark, inner_mark = answer[t]
            outer = sym.normalize_iter_map_to_expr(outer_mark.source)
            inner = sym.normalize_iter_map_to_expr(inner_mark.source)
            for part, expr, allowed in (("outer", outer, False), ("inner", inner, True)):
                wrong = sorted(name for name in _free(expr) - trivial if (name in sub) != allowed)
                if wrong:
                    return Violation(f"{part} iterators", {}, f"{part} over {'sub' if allowed else 'other'} "
                                     "iterators only", f"uses {wrong[0]}", str(expr), f"{part}-uses")
            recomposed = tirx.Add(tirx.Mul(outer, inner_mark.extent), inner)
            violation = contracts.equal(m, value, recomposed, "recomposition")
            if violation:
                return violation
            outer_value = contracts.evaluated(m, outer)
            violation = contracts.within(m, outer_value, 0, _constant(outer_mark.extent) - 1, "outer extent",
                                         f"[0, {outer_mark.extent})")
            if violation:
                return violation
        outer_pred, inner_pred = answer[len(m.values)][0].extent, answer[len(m.values)][1].extent
        both = contracts.evaluated(m, tirx.And(outer_pred, inner_pred))
        return contracts.holds(m, both, "predicates", f"{outer_pred} and {inner_pred}")

    def describe(self, answer: Any) -> str:
        return str([[str(mark.source), str(mark.extent)] for row in answer for mark in row])

    def repro_call(self, case: ArithCase) -> list[str]:
        sub = ", ".join(case.options.get("sub", []))
        return [f"answer = sym.subspace_divide(exprs, ranges, [{sub}], predicate, {_level(case)!r}, "
                f"simplify_trivial_iterators={_trivial(case)})"]

    def repro_check(self, case: ArithCase, violation: dict[str, Any]) -> list[str]:
        sub = ", ".join(case.options.get("sub", []))
        check = violation.get("check", "")
        if check == "predicates":
            return ["outer_pred, inner_pred = answer[len(exprs)][0].extent, answer[len(exprs)][1].extent",
                    'print(f"at {POINT}: {outer_pred} is {at(outer_pred, POINT)}, {inner_pred} is '
                    '{at(inner_pred, POINT)}")',
                    'assert at(outer_pred, POINT) and at(inner_pred, POINT), "a predicate fails at a real point"']
        if check.endswith("iterators"):
            part = 0 if check.startswith("outer") else 1
            return [f"sub = [{sub}]",
                    "for t in range(len(exprs)):",
                    f"    part = sym.normalize_iter_map_to_expr(answer[t][{part}].source)",
                    "    free = tirx.analysis.undefined_vars(part)",
                    "    used = [v for v in variables.values() if any(v.same_as(u) for u in free)",
                    "            and int(ranges[v].extent) > 1]",
                    f'    print(f"{("outer", "inner")[part]} part {{part}} uses {{used}}; sub-iterators {{sub}}")',
                    f"    assert all(any(v.same_as(s) for s in sub) == {bool(part)} for v in used), "
                    f'"the {("outer", "inner")[part]} part uses the wrong iterators"']
        return ["for t, expr in enumerate(exprs):",
                "    (outer_mark, inner_mark) = answer[t]",
                "    outer = sym.normalize_iter_map_to_expr(outer_mark.source)",
                "    inner = sym.normalize_iter_map_to_expr(inner_mark.source)",
                "    value, composed = at(expr, POINT), at(outer, POINT) * int(inner_mark.extent) + at(inner, POINT)",
                '    print(f"at {POINT}: {expr} is {value}; outer {outer} * {inner_mark.extent} + inner {inner} is '
                '{composed}")',
                '    assert value == composed, "the division does not recompose the index"',
                '    assert 0 <= at(outer, POINT) < int(outer_mark.extent), "outer outside its extent"']


def _constant(expr: Any) -> int:
    if not isinstance(expr, tirx.IntImm):
        raise Unjudged(f"non-constant extent {expr}")
    return int(expr.value)


def _free(expr: Any) -> set[str]:
    try:
        return exprs.free_vars(exprs.from_tvm(expr))
    except exprs.UnsupportedExpr as error:
        raise Unjudged(str(error)) from None


# The analyses whose answer is built from DetectIterMap's on the same input (at this check level):
# where that map already breaks its own contract, the defect is DetectIterMap's, however the later
# call then shows it.
# The region bounds (EstimateRegionStrictBound, src/sym/int_set.cc) evaluate the splits of a
# surjective map of the region's starts, and ignore its padding predicate.
BUILT_ON_DETECT: dict[str, str | None] = {
    "normalize_iter_map_to_expr": None, "iter_map_simplify": None, "inverse_affine_iter_map": "bijective",
    "subspace_divide": None, "estimate_region_strict_bound": "surjective",
    "estimate_region_lower_bound": "surjective", "estimate_region_upper_bound": "surjective",
}


# Analyses that detect an iterator map of their input before they do their own part.
DETECT_FIRST = (*BUILT_ON_DETECT, "normalize_to_iter_sum")


def detect_fails_alike(m: Materialized, message: str) -> bool:
    """Whether DetectIterMap alone, on the case's input, raises what the analysis raised (`message`,
    masked): then the analysis met DetectIterMap's defect, not one of its own."""
    if m.case.analysis not in DETECT_FIRST:
        return False
    try:
        DetectIterMap().detect(m, BUILT_ON_DETECT.get(m.case.analysis))
    except Exception as error:  # noqa: BLE001 - any failure is compared by its masked message
        return mask_message(first_line(error)) == mask_message(message)
    return False


def detect_violation(m: Materialized) -> Violation | None:
    """DetectIterMap's own contract on the case's input, at the level the case's analysis detects
    with, and the value of each index its map stands for, evaluated split by split here (not by
    normalize_iter_map_to_expr, which a later analysis shares); None when the map holds, or when it
    cannot be judged."""
    if m.case.analysis not in BUILT_ON_DETECT:
        return None
    detect = DetectIterMap()
    try:
        answer = detect.detect(m, BUILT_ON_DETECT[m.case.analysis])
        if len(answer.indices) == 0:
            return None
        broken = detect.judge(m, answer) or _unreached_padded_split(m, answer)
        if broken is not None:
            return broken
        for t, index in enumerate(answer.indices):
            got = _map_values(m, index)
            want = np.asarray(m.values[t].values, dtype=object)
            where = first(np.asarray(got != want, bool))
            if where is not None:
                # The form of the wrong map, as the analyses built on it show it: one defect of the map
                # is one root cause across them, and defects of other forms stay apart.
                written = sym.normalize_iter_map_to_expr(index)
                return Violation("map value", point_at(m, where), str(want[where]), str(got[where]), str(written),
                                 f"map value|{answer_shape(written)}")
    except Exception:  # noqa: BLE001 - declined, unjudged, or DetectIterMap refuses: no evidence
        return None
    return None


def _unreached_padded_split(m: Materialized, answer: Any) -> Violation | None:
    """A surjective map whose padding leaves a value of an index's split never reached by a real
    point: padding may add values past the source's end, not a split whose range the source never
    reaches (c45's unsound-1bb07191, `x // 2` of x in [0, 2) padded to 4)."""
    padding = sym.normalize_iter_map_to_expr(answer.padding_predicate)
    if BUILT_ON_DETECT.get(m.case.analysis) != "surjective" or not m.points.exhaustive or \
            (isinstance(padding, tirx.IntImm) and not padding.value):
        return None
    for t, index in enumerate(answer.indices):
        if len(index.args) != 1:
            continue
        split = index.args[0]
        parts = (index.base, split.scale, split.extent)
        if not all(isinstance(part, tirx.IntImm) for part in parts):
            continue
        base, scale, extent = (int(part.value) for part in parts)
        reached = set(np.asarray(m.values[t].values, dtype=object).tolist())
        missing = next((base + scale * k for k in range(extent) if base + scale * k not in reached), None)
        if missing is not None:
            written = sym.normalize_iter_map_to_expr(index)
            return Violation("padded split", {}, f"every value of {written}'s split reached by a point",
                             f"{missing} is never reached (padding {padding})", str(written),
                             f"padded|{answer_shape(written)}")
    return None


def _map_values(m: Materialized, node: Any) -> np.ndarray:
    """The values an iterator map's sum or split stands for at the case's points, by the splits'
    definition: `floormod(floordiv(source, lower_factor), extent) * scale`, summed onto the base."""
    def values(expr: Any) -> np.ndarray:
        return np.asarray(m.evaluate(expr).values, dtype=object)

    if isinstance(node, sym.IterSumExpr):
        total = values(node.base)
        for split in node.args:
            total = total + _map_values(m, split)
        return total
    source = node.source.source
    marked = _map_values(m, source) if isinstance(source, sym.IterSumExpr) else values(source)
    return (marked // values(node.lower_factor)) % values(node.extent) * values(node.scale)

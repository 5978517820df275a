"""Deletion: replace a node with one of its children that satisfies the same constraints."""

from __future__ import annotations

import random

from tvm import tirx

from mutators.base import Mutator
from mutators.context import EXPR, STMT, Analysis, Hole
from mutators.tree import seq, slots
from tirkit.nodes import uses_var


class Deletion(Mutator):
    name = "delete"
    domain_specific = False

    def holes(self, analysis: Analysis) -> list[Hole]:
        hole_paths = {h.path for h in analysis.holes}
        result = []
        for hole in analysis.holes:
            if hole.kind == EXPR:
                # Only children that are holes themselves: the others are guarded or sensitive.
                if any(
                    (*hole.path, step) in hole_paths and str(child.ty) == hole.dtype
                    for step, child in slots(hole.node)
                    if hasattr(child, "ty")
                ):
                    result.append(hole)
            elif hole.kind == STMT and self._stmt_candidates(hole, analysis):
                result.append(hole)
        return result

    def fill(self, hole: Hole, analysis: Analysis, rng: random.Random) -> object | None:
        if hole.kind == EXPR:
            hole_paths = {h.path for h in analysis.holes}
            children = [
                child
                for step, child in slots(hole.node)
                if hasattr(child, "ty") and str(child.ty) == hole.dtype and (*hole.path, step) in hole_paths
            ]
            if isinstance(hole.node, tirx.Let):
                children = [c for c in children if not uses_var(c, hole.node.var)]
            return rng.choice(children) if children else None
        candidates = self._stmt_candidates(hole, analysis)
        return rng.choice(candidates) if candidates else None

    def _stmt_candidates(self, hole: Hole, analysis: Analysis) -> list[tirx.Stmt]:
        node = hole.node
        if not isinstance(node, tirx.SeqStmt) and not analysis.removable(hole):
            # Collapsing a loop or a branch would skip stores that keep an index or divisor safe.
            return []
        if isinstance(node, tirx.SeqStmt):
            # Drop one removable statement of the sequence.
            paths = {h.path: h for h in analysis.holes}
            options = []
            for i in range(len(node.seq)):
                child = paths.get((*hole.path, ("seq", i)))
                if child is not None and analysis.removable(child):
                    options.append(seq([s for j, s in enumerate(node.seq) if j != i]))
            return options
        if isinstance(node, tirx.For) and isinstance(node.min, tirx.IntImm) and not hole.scope.in_vectorized:
            # The loop var keeps the loop's first value, which every index already allows. A Bind
            # (rather than substitution) avoids constant subtrees the parser would fold.
            if not uses_var(node.body, node.loop_var):
                return [node.body]
            return [seq([tirx.Bind(node.loop_var, node.min), node.body])]
        if isinstance(node, tirx.IfThenElse) and _is_hole_path(analysis, (*hole.path, ("condition", -1))):
            # Only when the condition guards no memory access (then it is a free hole).
            return [node.then_case] + ([node.else_case] if node.else_case is not None else [])
        if isinstance(node, tirx.AttrStmt) and not isinstance(node.node, tirx.IterVar):
            return [node.body]
        return []


def _is_hole_path(analysis: Analysis, path: tuple) -> bool:
    return any(h.path == path for h in analysis.holes)

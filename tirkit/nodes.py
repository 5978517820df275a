"""Counting the nodes of a TIR function, for sizes and for the node-type distributions."""

from __future__ import annotations

from collections import Counter

import tvm
import tvm_ffi
from tvm import tirx


def node_types(func: tirx.PrimFunc) -> Counter[str]:
    """How many statement and expression nodes of each type the function's body holds."""
    counts: Counter[str] = Counter()

    def count(node: object) -> None:
        counts[type(node).__name__] += 1

    tvm_ffi.structural_walk(func.body, [((tirx.Stmt, tvm.ir.Expr), count)], order="post")
    return counts


def node_count(func: tirx.PrimFunc) -> int:
    return sum(node_types(func).values())

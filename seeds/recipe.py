"""Recipes for single-operator seeds: TOPI compute definitions turned into PrimFuncs.

Every recipe builds small static shapes so that a seed compiles in well under a second and runs in
milliseconds. At run time integer inputs lie in [0, 4) (see tzer/execution/inputs.py), so ops
that read indices from data only get axes of length >= 4 or clamp, and integer divisors get +1:
a seed must have no undefined behaviour, or every mutant of it would be a false alarm.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tvm import te, tirx, topi

Tensors = list[te.Tensor]

SHORT_DTYPE = {"float32": "f32", "float16": "f16", "int8": "i8", "int32": "i32", "int64": "i64", "bool": "b"}
FLOATS = ("float32", "float16")
INTS = ("int8", "int32", "int64")


@dataclass(frozen=True)
class OpSeed:
    """One TOPI seed: `op` names the operator (origin `op:<op>`), `name` is unique in the corpus."""

    name: str
    op: str
    make: Callable[[], Tensors]


def P(shape: tuple[int, ...], name: str, dtype: str = "float32") -> te.Tensor:
    return te.placeholder(shape, dtype, name=name)


def safe_divisor(t: te.Tensor) -> te.Tensor:
    """Integer inputs include 0; adding 1 keeps division and modulo defined."""
    return topi.add(t, tirx.const(1, t.dtype))

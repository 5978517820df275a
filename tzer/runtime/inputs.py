"""Random arguments for a PrimFunc's parameters, so that a compiled function can be run.

Integer inputs stay small and non-negative because TOPI seeds (take, gather, one_hot, ...) use
input values as indices; larger values would make the test program, not the compiler, misbehave.
"""

from __future__ import annotations

import numpy as np
from tvm import tirx

SCALAR_RANGE = (1, 8)
INT_RANGE = (0, 4)


class NotRunnable(ValueError):
    """The function's parameters cannot be given concrete values (symbolic shapes, handles)."""


def _buffer_array(shape: tuple[int, ...], dtype: str, rng: np.random.Generator) -> np.ndarray:
    if dtype == "bool":
        return rng.integers(0, 2, shape).astype("bool")
    if dtype.startswith(("int", "uint")):
        return rng.integers(*INT_RANGE, shape).astype(dtype)
    if dtype.startswith("float"):
        return rng.uniform(-1.0, 1.0, shape).astype(dtype)
    raise NotRunnable(f"unsupported buffer dtype {dtype}")


def make_arguments(func: tirx.PrimFunc, rng: np.random.Generator) -> list[np.ndarray | int | float]:
    """One value per parameter: a numpy array for a buffer, a Python number for a scalar."""
    args: list[np.ndarray | int | float] = []
    for param in func.params:
        if isinstance(param.ty, tirx.BufferType):
            if not all(isinstance(dim, tirx.IntImm) for dim in param.shape):
                raise NotRunnable(f"buffer {param.name} has a symbolic shape")
            shape = tuple(int(dim) for dim in param.shape)
            args.append(_buffer_array(shape, str(param.dtype), rng))
            continue
        dtype = str(param.ty)
        if dtype.startswith(("int", "uint")):
            args.append(int(rng.integers(*SCALAR_RANGE)))
        elif dtype.startswith("float"):
            args.append(float(rng.uniform(-1.0, 1.0)))
        elif dtype == "bool":
            args.append(bool(rng.integers(0, 2)))
        else:
            raise NotRunnable(f"parameter {param.name} has unsupported type {dtype}")
    return args

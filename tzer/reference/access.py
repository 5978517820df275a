"""Checked element reads and writes: bounds, initialisation and race tracking."""

from __future__ import annotations

from collections.abc import Callable

from tzer.reference.errors import UBKind, UndefinedBehaviour
from tzer.reference.memory import RaceTracker, View
from tzer.reference.values import Scalar

Env = list
IndexFn = Callable[[Env], int]


def out_of_bounds(view: View, index: object, what: str) -> UndefinedBehaviour:
    return UndefinedBehaviour(
        UBKind.out_of_bounds, f"{what} of {view.name} at flat index {index}, outside [0, {view.limit})"
    )


def uninitialised(view: View, index: int) -> UndefinedBehaviour:
    return UndefinedBehaviour(UBKind.uninitialized_read, f"read of {view.name}[{index}] before any store to it")


def read(view: View, index: int, trackers: list[RaceTracker], as_python: bool) -> Scalar:
    if not 0 <= index < view.limit:
        raise out_of_bounds(view, index, "read")
    storage = view.storage
    j = index + view.offset
    if storage.init is not None and not storage.init[j]:
        raise uninitialised(view, index)
    for tracker in trackers:
        tracker.access(storage, j, False)
    return storage.data.item(j) if as_python else storage.data[j]


def write(view: View, index: int, value: Scalar, trackers: list[RaceTracker]) -> None:
    if not 0 <= index < view.limit:
        raise out_of_bounds(view, index, "write")
    storage = view.storage
    j = index + view.offset
    for tracker in trackers:
        tracker.access(storage, j, True)
    storage.data[j] = value
    if storage.init is not None:
        storage.init[j] = 1


def flat_index(indices: list[tuple[IndexFn | None, int]], strides: tuple[int, ...],
               shape: tuple[int, ...] | None = None) -> IndexFn:
    """Row-major (or explicitly strided) flattening of scalar indices, unrolled for small ranks.

    `indices` holds (closure, None) or (None, constant) per dimension: constant indices (a batch
    index of 0, say) are folded into one offset when the closure is built. With `shape`, each
    index must lie in its own dimension: `A[-1, 5]` of a 4x4 buffer is out of bounds even where
    its flat index is not, as TVM's analyses (regions, narrowing, compaction) assume.
    """
    if shape is None or len(shape) < 2:
        return _flat(indices, strides)
    dims = list(enumerate(zip(indices, shape, strides, strict=True)))
    outside = [(d, const, extent) for d, ((fn, const), extent, _) in dims if fn is None and not 0 <= const < extent]
    base = sum(const * stride for _, ((fn, const), _, stride) in dims if fn is None)
    dynamic = [(d, fn, extent, stride) for d, ((fn, _), extent, stride) in dims if fn is not None]

    def checked(env: Env) -> int:
        # Each index is evaluated once: checked against its dimension, then flattened.
        if outside:
            raise _outside_dimension(*outside[0])
        total = base
        for d, fn, extent, stride in dynamic:
            value = fn(env)
            if not 0 <= value < extent:
                raise _outside_dimension(d, value, extent)
            total += value * stride
        return total

    return checked


def _outside_dimension(dimension: int, index: int, extent: int) -> UndefinedBehaviour:
    return UndefinedBehaviour(UBKind.out_of_bounds, f"index {index} of dimension {dimension} outside [0, {extent})")


def _flat(indices: list[tuple[IndexFn | None, int]], strides: tuple[int, ...]) -> IndexFn:
    base = sum(const * stride for (fn, const), stride in zip(indices, strides, strict=True) if fn is None)
    pairs = [(fn, stride) for (fn, _), stride in zip(indices, strides, strict=True) if fn is not None]
    flat = _linear(pairs)
    if base == 0:
        return flat
    return lambda env: flat(env) + base


def _linear(pairs: list[tuple[IndexFn, int]]) -> IndexFn:
    n = len(pairs)
    if n == 0:
        return lambda env: 0
    if n == 1:
        f0, s0 = pairs[0]
        return f0 if s0 == 1 else lambda env: f0(env) * s0
    if n == 2:
        (f0, s0), (f1, s1) = pairs
        return lambda env: f0(env) * s0 + f1(env) * s1
    if n == 3:
        (f0, s0), (f1, s1), (f2, s2) = pairs
        return lambda env: f0(env) * s0 + f1(env) * s1 + f2(env) * s2
    if n == 4:
        (f0, s0), (f1, s1), (f2, s2), (f3, s3) = pairs
        return lambda env: f0(env) * s0 + f1(env) * s1 + f2(env) * s2 + f3(env) * s3
    return lambda env: sum(f(env) * s for f, s in pairs)


def vector_flat_index(index_fns: list[Callable], strides: tuple[int, ...], lanes: int) -> Callable[[Env], list]:
    """Flat indices of each lane, where some of the indices are vectors (Ramp, Broadcast, ...)."""

    def indices(env: Env) -> list[int]:
        flat = [0] * lanes
        for f, stride in zip(index_fns, strides, strict=True):
            value = f(env)
            if isinstance(value, tuple):
                flat = [a + b * stride for a, b in zip(flat, value, strict=True)]
            else:
                flat = [a + value * stride for a in flat]
        return flat

    return indices

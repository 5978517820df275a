"""Shared functions for the mutator tests: the empty function, TOPI block IR, and block-free TIR."""

from __future__ import annotations

import pytest
from tvm import te, tirx, topi

import mutators
from tirkit.lowering import to_plain


@pytest.fixture(scope="session")
def block_func() -> tirx.PrimFunc:
    a = te.placeholder((4, 8), "float32", name="A")
    return te.create_prim_func([a, topi.nn.softmax(a)])


@pytest.fixture(scope="session")
def plain_func(block_func: tirx.PrimFunc) -> tirx.PrimFunc:
    return to_plain(block_func)


@pytest.fixture(scope="session")
def int_func() -> tirx.PrimFunc:
    a = te.placeholder((16,), "int32", name="A")
    b = te.placeholder((16,), "int32", name="B")
    return to_plain(te.create_prim_func([a, b, topi.right_shift(topi.bitwise_and(a, b), 1)]))


@pytest.fixture(scope="session")
def funcs(block_func: tirx.PrimFunc, plain_func: tirx.PrimFunc, int_func: tirx.PrimFunc) -> list[tirx.PrimFunc]:
    return [mutators.empty_function(), block_func, plain_func, int_func]

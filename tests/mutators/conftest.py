"""Shared functions for the mutator tests: the empty function, TOPI block IR, and block-free TIR."""

from __future__ import annotations

import pytest
import tvm
import tvm.s_tir
from tvm import te, tirx, topi

import mutators


def _lower(func: tirx.PrimFunc) -> tirx.PrimFunc:
    st = tvm.s_tir.transform
    seq = tvm.transform.Sequential(
        [
            st.CanonicalizeLoop(),
            st.LowerInitBlock(),
            st.PlanAndUpdateBufferAllocationLocation(),
            st.ConvertBlocksToOpaque(),
            st.CompactBufferAllocation(),
            st.LowerMatchBuffer(),
            st.LowerOpaqueBlock(),
        ]
    )
    with tvm.transform.PassContext(opt_level=3):
        return seq(tvm.IRModule({"main": func}))["main"].without_attr("s_tir")


@pytest.fixture(scope="session")
def block_func() -> tirx.PrimFunc:
    a = te.placeholder((4, 8), "float32", name="A")
    return te.create_prim_func([a, topi.nn.softmax(a)])


@pytest.fixture(scope="session")
def plain_func(block_func: tirx.PrimFunc) -> tirx.PrimFunc:
    return _lower(block_func)


@pytest.fixture(scope="session")
def int_func() -> tirx.PrimFunc:
    a = te.placeholder((16,), "int32", name="A")
    b = te.placeholder((16,), "int32", name="B")
    return _lower(te.create_prim_func([a, b, topi.right_shift(topi.bitwise_and(a, b), 1)]))


@pytest.fixture(scope="session")
def funcs(block_func: tirx.PrimFunc, plain_func: tirx.PrimFunc, int_func: tirx.PrimFunc) -> list[tirx.PrimFunc]:
    return [mutators.empty_function(), block_func, plain_func, int_func]

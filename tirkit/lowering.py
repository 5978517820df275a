"""Lowering block (s_tir) PrimFuncs to block-free TIR, so the corpus covers both IR forms.

The pass list mirrors the front of TVM's default "s_tir" pipeline: it removes SBlocks while keeping
multi-dimensional buffers, so the result still prints as TVMScript that parses back exactly.
"""

from __future__ import annotations

import tvm
import tvm.s_tir
from tvm import tirx


def to_plain(func: tirx.PrimFunc) -> tirx.PrimFunc:
    """The same computation without SBlocks (and without the `s_tir` attribute that allows them)."""
    st = tvm.s_tir.transform
    seq = tvm.transform.Sequential(
        [
            st.CanonicalizeLoop(),
            st.LowerCrossThreadReduction(),
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

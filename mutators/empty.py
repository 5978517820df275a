"""The "no seed" starting function: three buffer parameters and an empty body."""

from __future__ import annotations

from tvm import tirx

SIZE = 16


def empty_function() -> tirx.PrimFunc:
    params = [
        tirx.decl_buffer((SIZE,), "float32", name="A"),
        tirx.decl_buffer((SIZE,), "int32", name="B"),
        tirx.decl_buffer((SIZE,), "float32", name="C"),
    ]
    body = tirx.Evaluate(tirx.IntImm("int32", 0))
    return tirx.PrimFunc(params, body).with_attr("global_symbol", "main")

"""Every operator of the tables compiles on llvm (the generator relies on it)."""

import pytest
import tvm
from tvm import tirx

from mutators.generate import convert
from mutators.ops import ALL_OPS, OTHER_CONSTRUCTORS, const, guard_divisor, ops_for


def test_at_least_80_operators():
    assert len(ALL_OPS) + len(OTHER_CONSTRUCTORS) - 3 >= 80  # minus the leaves IntImm, FloatImm, Var
    assert len({op.name for op in ALL_OPS}) == len(ALL_OPS)


def _arg(kind: str, dtype: str, buffers: dict) -> tvm.ir.Expr:
    wanted = {"T": dtype, "N": "float32", "B": "bool", "F": "float32", "i32": "int32", "W": "int32"}[kind]
    if wanted == "bool":
        return tirx.LT(tirx.BufferLoad(buffers["float32"], [const("int32", 0)]), const("float32", 0.5))
    return tirx.BufferLoad(buffers[wanted], [const("int32", 1)])


@pytest.mark.parametrize("dtype", ["float32", "float64", "int32", "int8", "uint32", "bool", "float16"])
def test_every_op_compiles(dtype):
    names = sorted({dtype, "float32", "int32"} - {"bool"})
    buffers = {d: tirx.decl_buffer((4,), d, name=f"b_{d}") for d in names}
    out = buffers[dtype] if dtype in buffers else buffers["int32"]
    body = []
    for op in ops_for(dtype):
        value = op.build(*[_arg(kind, dtype, buffers) for kind in op.args])
        assert str(value.ty) == dtype, op.name
        body.append(tirx.BufferStore(out, convert(value, str(out.dtype)), [const("int32", 2)]))
    func = tirx.PrimFunc(list(buffers.values()), tirx.SeqStmt(body)).with_attr("global_symbol", "main")
    tvm.compile(func, target="llvm")


def test_divisor_guard_is_positive():
    guarded = guard_divisor(tirx.Var("x", "int32"))
    assert isinstance(guarded, tirx.Add) and isinstance(guarded.a, tirx.FloorMod)
    assert int(guarded.a.b) > 0 and int(guarded.b) >= 1

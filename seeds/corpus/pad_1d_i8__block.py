# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((8,), "int8"), PadInput: T.Buffer((11,), "int8")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i0 in range(11):
        with T.sblock("PadInput"):
            v_i0 = T.axis.spatial(11, i0)
            T.reads(A[v_i0 - 3])
            T.writes(PadInput[v_i0])
            PadInput[v_i0] = T.if_then_else(3 <= v_i0 and v_i0 < 11, A[v_i0 - 3], T.int8(0))

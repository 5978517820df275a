# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 2, 4, 4), "float32"), PadInput: T.Buffer((1, 2, 6, 6), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i0, i1, i2, i3 in T.grid(1, 2, 6, 6):
        with T.sblock("PadInput"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(A[v_i0, v_i1, v_i2 - 1, v_i3 - 1])
            T.writes(PadInput[v_i0, v_i1, v_i2, v_i3])
            PadInput[v_i0, v_i1, v_i2, v_i3] = T.if_then_else(1 <= v_i2 and v_i2 < 5 and 1 <= v_i3 and v_i3 < 5, A[v_i0, v_i1, v_i2 - 1, v_i3 - 1], T.float32(-1.0))

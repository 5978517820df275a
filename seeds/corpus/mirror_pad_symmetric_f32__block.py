# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((4, 5), "float32"), MirrorPadInput: T.Buffer((7, 8), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i0, i1 in T.grid(7, 8):
        with T.sblock("MirrorPadInput"):
            v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
            T.reads(A[0:4, 0:5])
            T.writes(MirrorPadInput[v_i0, v_i1])
            MirrorPadInput[v_i0, v_i1] = A[T.if_then_else(5 <= v_i0, 8 - v_i0, T.if_then_else(v_i0 < 1, 0 - v_i0, v_i0 - 1)), T.if_then_else(7 <= v_i1, 11 - v_i1, T.if_then_else(v_i1 < 2, 1 - v_i1, v_i1 - 2))]

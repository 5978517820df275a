# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((4, 8), "float32"), PadInput: T.Buffer((7, 11), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i0, i1 in T.grid(7, 11):
        with T.sblock("PadInput"):
            v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
            T.reads(A[v_i0 - 1, v_i1 - 2])
            T.writes(PadInput[v_i0, v_i1])
            PadInput[v_i0, v_i1] = T.if_then_else(1 <= v_i0 and v_i0 < 5 and 2 <= v_i1 and v_i1 < 10, A[v_i0 - 1, v_i1 - 2], T.float32(0.0))

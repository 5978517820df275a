# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((3, 5), "float16"), PadInput: T.Buffer((4, 7), "float16")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i0, i1 in T.grid(4, 7):
        with T.sblock("PadInput"):
            v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
            T.reads(A[v_i0, v_i1 - 2])
            T.writes(PadInput[v_i0, v_i1])
            PadInput[v_i0, v_i1] = T.if_then_else(0 <= v_i0 and v_i0 < 3 and 2 <= v_i1 and v_i1 < 7, A[v_i0, v_i1 - 2], T.float16(0.0))

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((4, 8), "float32"), compute: T.Buffer((4, 8), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i0, i1 in T.grid(4, 8):
        with T.sblock("compute"):
            v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
            T.reads(A[v_i0, v_i1])
            T.writes(compute[v_i0, v_i1])
            compute[v_i0, v_i1] = T.sinh(A[v_i0, v_i1])

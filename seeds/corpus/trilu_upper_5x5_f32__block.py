# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((5, 5), "float32"), trilu: T.Buffer((5, 5), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i0, i1 in T.grid(5, 5):
        with T.sblock("trilu"):
            v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
            T.reads(A[v_i0, v_i1])
            T.writes(trilu[v_i0, v_i1])
            trilu[v_i0, v_i1] = T.Select(v_i0 <= v_i1, A[v_i0, v_i1], T.float32(0.0))

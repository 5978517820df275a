# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((2, 3, 4), "float32"), compute: T.Buffer((2, 12), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i, j in T.grid(2, 12):
        with T.sblock("compute"):
            v_i, v_j = T.axis.remap("SS", [i, j])
            T.reads(A[v_i, v_j % 12 // 4, v_j % 4])
            T.writes(compute[v_i, v_j])
            compute[v_i, v_j] = A[v_i, v_j % 12 // 4, v_j % 4]

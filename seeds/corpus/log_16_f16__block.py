# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((16,), "float16"), compute: T.Buffer((16,), "float16")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for i0 in range(16):
        with T.sblock("compute"):
            v_i0 = T.axis.spatial(16, i0)
            T.reads(A[v_i0])
            T.writes(compute[v_i0])
            compute[v_i0] = T.log(A[v_i0])

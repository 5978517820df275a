# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((8,), "float32"), T_strided_slice: T.Buffer((3,), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0 in range(3):
        with T.sblock("T_strided_slice"):
            v_ax0 = T.axis.spatial(3, ax0)
            T.reads(A[6 - v_ax0 * 2])
            T.writes(T_strided_slice[v_ax0])
            T_strided_slice[v_ax0] = A[6 - v_ax0 * 2]

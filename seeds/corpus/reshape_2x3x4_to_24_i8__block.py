# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((2, 3, 4), "int8"), T_reshape: T.Buffer((24,), "int8")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0 in range(24):
        with T.sblock("T_reshape"):
            v_ax0 = T.axis.spatial(24, ax0)
            T.reads(A[v_ax0 % 24 // 12, v_ax0 % 12 // 4, v_ax0 % 4])
            T.writes(T_reshape[v_ax0])
            T_reshape[v_ax0] = A[v_ax0 % 24 // 12, v_ax0 % 12 // 4, v_ax0 % 4]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((4, 5), "float32"), idx: T.Buffer((6,), "int32"), T_take: T.Buffer((6,), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0 in range(6):
        with T.sblock("T_take"):
            v_ax0 = T.axis.spatial(6, ax0)
            T.reads(A[idx[v_ax0] % 20 // 5, idx[v_ax0] % 5], idx[v_ax0])
            T.writes(T_take[v_ax0])
            T_take[v_ax0] = A[idx[v_ax0] % 20 // 5, idx[v_ax0] % 5]

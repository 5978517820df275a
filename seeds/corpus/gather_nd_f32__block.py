# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((4, 5, 2), "float32"), idx: T.Buffer((2, 3), "int32"), T_gather_nd: T.Buffer((3, 2), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1 in T.grid(3, 2):
        with T.sblock("T_gather_nd"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(A[idx[0, v_ax0], idx[1, v_ax0], v_ax1], idx[0:2, v_ax0])
            T.writes(T_gather_nd[v_ax0, v_ax1])
            T_gather_nd[v_ax0, v_ax1] = A[idx[0, v_ax0], idx[1, v_ax0], v_ax1]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((2, 1, 4), "int64"), T_broadcast_to: T.Buffer((2, 5, 4), "int64")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1, ax2 in T.grid(2, 5, 4):
        with T.sblock("T_broadcast_to"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(A[v_ax0, 0, v_ax2])
            T.writes(T_broadcast_to[v_ax0, v_ax1, v_ax2])
            T_broadcast_to[v_ax0, v_ax1, v_ax2] = A[v_ax0, 0, v_ax2]

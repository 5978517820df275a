# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((5, 3), "float32"), idx: T.Buffer((2, 3), "int32"), T_take: T.Buffer((2, 3, 3), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1, ax2 in T.grid(2, 3, 3):
        with T.sblock("T_take"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(A[T.min(T.max(0, idx[v_ax0, v_ax1]), 4), v_ax2], idx[v_ax0, v_ax1])
            T.writes(T_take[v_ax0, v_ax1, v_ax2])
            T_take[v_ax0, v_ax1, v_ax2] = A[T.min(T.max(0, idx[v_ax0, v_ax1]), 4), v_ax2]

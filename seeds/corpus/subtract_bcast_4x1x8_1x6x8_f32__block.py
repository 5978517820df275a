# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((4, 1, 8), "float32"), B: T.Buffer((1, 6, 8), "float32"), T_subtract: T.Buffer((4, 6, 8), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1, ax2 in T.grid(4, 6, 8):
        with T.sblock("T_subtract"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(A[v_ax0, 0, v_ax2], B[0, v_ax1, v_ax2])
            T.writes(T_subtract[v_ax0, v_ax1, v_ax2])
            T_subtract[v_ax0, v_ax1, v_ax2] = A[v_ax0, 0, v_ax2] - B[0, v_ax1, v_ax2]

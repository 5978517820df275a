# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 2, 3), "float16"), B: T.Buffer((1, 2, 5), "float16"), T_concat: T.Buffer((1, 2, 8), "float16")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1, ax2 in T.grid(1, 2, 8):
        with T.sblock("T_concat"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(B[v_ax0, v_ax1, v_ax2 - 3], A[v_ax0, v_ax1, v_ax2])
            T.writes(T_concat[v_ax0, v_ax1, v_ax2])
            T_concat[v_ax0, v_ax1, v_ax2] = T.if_then_else(3 <= v_ax2, B[v_ax0, v_ax1, v_ax2 - 3], A[v_ax0, v_ax1, v_ax2])

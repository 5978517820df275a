# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((3, 4), "float32"), B: T.Buffer((3, 4), "float32"), T_stack: T.Buffer((3, 2, 4), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1, ax2 in T.grid(3, 2, 4):
        with T.sblock("T_stack"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(B[v_ax0, v_ax2], A[v_ax0, v_ax2])
            T.writes(T_stack[v_ax0, v_ax1, v_ax2])
            T_stack[v_ax0, v_ax1, v_ax2] = T.if_then_else(v_ax1 == 1, B[v_ax0, v_ax2], A[v_ax0, v_ax2])

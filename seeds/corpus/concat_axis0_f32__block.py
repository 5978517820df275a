# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((2, 4), "float32"), B: T.Buffer((3, 4), "float32"), T_concat: T.Buffer((5, 4), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1 in T.grid(5, 4):
        with T.sblock("T_concat"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(B[v_ax0 - 2, v_ax1], A[v_ax0, v_ax1])
            T.writes(T_concat[v_ax0, v_ax1])
            T_concat[v_ax0, v_ax1] = T.if_then_else(2 <= v_ax0, B[v_ax0 - 2, v_ax1], A[v_ax0, v_ax1])

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((2, 1), "int32"), B: T.Buffer((2, 3), "int32"), C: T.Buffer((2, 2), "int32"), T_concat: T.Buffer((2, 6), "int32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1 in T.grid(2, 6):
        with T.sblock("T_concat"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(C[v_ax0, v_ax1 - 4], B[v_ax0, v_ax1 - 1], A[v_ax0, v_ax1])
            T.writes(T_concat[v_ax0, v_ax1])
            T_concat[v_ax0, v_ax1] = T.if_then_else(4 <= v_ax1, C[v_ax0, v_ax1 - 4], T.if_then_else(1 <= v_ax1, B[v_ax0, v_ax1 - 1], A[v_ax0, v_ax1]))

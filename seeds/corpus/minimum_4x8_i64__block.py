# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((4, 8), "int64"), B: T.Buffer((4, 8), "int64"), T_minimum: T.Buffer((4, 8), "int64")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1 in T.grid(4, 8):
        with T.sblock("T_minimum"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(A[v_ax0, v_ax1], B[v_ax0, v_ax1])
            T.writes(T_minimum[v_ax0, v_ax1])
            T_minimum[v_ax0, v_ax1] = T.min(A[v_ax0, v_ax1], B[v_ax0, v_ax1])

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((2, 3), "int32"), T_repeat: T.Buffer((2, 6), "int32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1 in T.grid(2, 6):
        with T.sblock("T_repeat"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(A[v_ax0, v_ax1 // 2])
            T.writes(T_repeat[v_ax0, v_ax1])
            T_repeat[v_ax0, v_ax1] = A[v_ax0, v_ax1 // 2]

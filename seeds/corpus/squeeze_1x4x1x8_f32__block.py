# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 4, 1, 8), "float32"), T_squeeze: T.Buffer((4, 8), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1 in T.grid(4, 8):
        with T.sblock("T_squeeze"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(A[0, v_ax0, 0, v_ax1])
            T.writes(T_squeeze[v_ax0, v_ax1])
            T_squeeze[v_ax0, v_ax1] = A[0, v_ax0, 0, v_ax1]

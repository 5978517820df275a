# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((4, 6), "float32"), T_reshape: T.Buffer((2, 12), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1 in T.grid(2, 12):
        with T.sblock("T_reshape"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(A[(v_ax0 * 2 + v_ax1 // 6) % 4, v_ax1 % 6])
            T.writes(T_reshape[v_ax0, v_ax1])
            T_reshape[v_ax0, v_ax1] = A[(v_ax0 * 2 + v_ax1 // 6) % 4, v_ax1 % 6]

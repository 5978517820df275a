# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((12,), "int64"), T_reshape: T.Buffer((2, 2, 3), "int64")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1, ax2 in T.grid(2, 2, 3):
        with T.sblock("T_reshape"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(A[(v_ax0 * 6 + v_ax1 * 3 + v_ax2) % 12])
            T.writes(T_reshape[v_ax0, v_ax1, v_ax2])
            T_reshape[v_ax0, v_ax1, v_ax2] = A[(v_ax0 * 6 + v_ax1 * 3 + v_ax2) % 12]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(idx: T.Buffer((2, 3), "int32"), T_one_hot: T.Buffer((4, 2, 3), "int32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1, ax2 in T.grid(4, 2, 3):
        with T.sblock("T_one_hot"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(idx[v_ax1, v_ax2])
            T.writes(T_one_hot[v_ax0, v_ax1, v_ax2])
            T_one_hot[v_ax0, v_ax1, v_ax2] = T.Select(idx[v_ax1, v_ax2] == v_ax0, 7, -1)

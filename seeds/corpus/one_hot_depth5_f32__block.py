# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(idx: T.Buffer((6,), "int32"), T_one_hot: T.Buffer((6, 5), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1 in T.grid(6, 5):
        with T.sblock("T_one_hot"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(idx[v_ax0])
            T.writes(T_one_hot[v_ax0, v_ax1])
            T_one_hot[v_ax0, v_ax1] = T.Select(idx[v_ax0] == v_ax1, T.float32(1.0), T.float32(0.0))

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(conv1_bias: T.Buffer((T.int64(8),), "float32"), T_reshape: T.Buffer((T.int64(1), T.int64(8), T.int64(1)), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1, ax2 in T.grid(T.int64(1), T.int64(8), T.int64(1)):
        with T.sblock("T_reshape"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(conv1_bias[(v_ax1 + v_ax2) % T.int64(8)])
            T.writes(T_reshape[v_ax0, v_ax1, v_ax2])
            T_reshape[v_ax0, v_ax1, v_ax2] = conv1_bias[(v_ax1 + v_ax2) % T.int64(8)]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(conv1_bias: T.Buffer((T.int64(4),), "float32"), T_reshape: T.Buffer((T.int64(1), T.int64(4), T.int64(1), T.int64(1)), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(4), T.int64(1), T.int64(1)):
        with T.sblock("T_reshape"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(conv1_bias[(v_ax1 + v_ax2 + v_ax3) % T.int64(4)])
            T.writes(T_reshape[v_ax0, v_ax1, v_ax2, v_ax3])
            T_reshape[v_ax0, v_ax1, v_ax2, v_ax3] = conv1_bias[(v_ax1 + v_ax2 + v_ax3) % T.int64(4)]

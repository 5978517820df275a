# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(conv2d1: T.Buffer((T.int64(1), T.int64(4), T.int64(6), T.int64(6)), "float32"), x: T.Buffer((T.int64(1), T.int64(4), T.int64(6), T.int64(6)), "float32"), T_add: T.Buffer((T.int64(1), T.int64(4), T.int64(6), T.int64(6)), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(4), T.int64(6), T.int64(6)):
        with T.sblock("T_add"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(conv2d1[v_ax0, v_ax1, v_ax2, v_ax3], x[v_ax0, v_ax1, v_ax2, v_ax3])
            T.writes(T_add[v_ax0, v_ax1, v_ax2, v_ax3])
            T_add[v_ax0, v_ax1, v_ax2, v_ax3] = conv2d1[v_ax0, v_ax1, v_ax2, v_ax3] + x[v_ax0, v_ax1, v_ax2, v_ax3]

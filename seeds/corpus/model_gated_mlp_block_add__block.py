# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(rms_norm: T.Buffer((T.int64(1), T.int64(3), T.int64(8)), "float32"), norm_bias: T.Buffer((T.int64(8),), "float32"), T_add: T.Buffer((T.int64(1), T.int64(3), T.int64(8)), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1, ax2 in T.grid(T.int64(1), T.int64(3), T.int64(8)):
        with T.sblock("T_add"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(rms_norm[v_ax0, v_ax1, v_ax2], norm_bias[v_ax2])
            T.writes(T_add[v_ax0, v_ax1, v_ax2])
            T_add[v_ax0, v_ax1, v_ax2] = rms_norm[v_ax0, v_ax1, v_ax2] + norm_bias[v_ax2]

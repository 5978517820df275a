# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(split_0: T.Buffer((T.int64(1), T.int64(4), T.int64(1), T.int64(2), T.int64(8)), "float32"), T_squeeze: T.Buffer((T.int64(1), T.int64(4), T.int64(2), T.int64(8)), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(4), T.int64(2), T.int64(8)):
        with T.sblock("T_squeeze"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(split_0[v_ax0, v_ax1, T.int64(0), v_ax2, v_ax3])
            T.writes(T_squeeze[v_ax0, v_ax1, v_ax2, v_ax3])
            T_squeeze[v_ax0, v_ax1, v_ax2, v_ax3] = split_0[v_ax0, v_ax1, T.int64(0), v_ax2, v_ax3]

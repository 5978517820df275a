# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(add: T.Buffer((T.int64(1), T.int64(4), T.int64(48)), "float32"), T_reshape: T.Buffer((T.int64(1), T.int64(4), T.int64(3), T.int64(2), T.int64(8)), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1, ax2, ax3, ax4 in T.grid(T.int64(1), T.int64(4), T.int64(3), T.int64(2), T.int64(8)):
        with T.sblock("T_reshape"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_ax4 = T.axis.remap("SSSSS", [ax0, ax1, ax2, ax3, ax4])
            T.reads(add[T.int64(0), ((v_ax2 * T.int64(16) + v_ax3 * T.int64(8) + v_ax4) // T.int64(48) + v_ax1) % T.int64(4), (v_ax2 * T.int64(16) + v_ax3 * T.int64(8) + v_ax4) % T.int64(48)])
            T.writes(T_reshape[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4])
            T_reshape[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] = add[T.int64(0), ((v_ax2 * T.int64(16) + v_ax3 * T.int64(8) + v_ax4) // T.int64(48) + v_ax1) % T.int64(4), (v_ax2 * T.int64(16) + v_ax3 * T.int64(8) + v_ax4) % T.int64(48)]

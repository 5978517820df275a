# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 8, 4, 4), "float32"), T_layout_trans: T.Buffer((1, 2, 4, 4, 4), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1, ax2, ax3, ax4 in T.grid(1, 2, 4, 4, 4):
        with T.sblock("T_layout_trans"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_ax4 = T.axis.remap("SSSSS", [ax0, ax1, ax2, ax3, ax4])
            T.reads(A[v_ax0, v_ax1 * 4 + v_ax4, v_ax2, v_ax3])
            T.writes(T_layout_trans[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4])
            T.sblock_attr({"dst_layout": "NCHW4c", "input_shape": [1, 8, 4, 4], "schedule_rule": "None", "src_layout": "NCHW"})
            T_layout_trans[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] = T.if_then_else(v_ax0 < 1 and v_ax1 * 4 + v_ax4 < 8 and v_ax2 < 4 and v_ax3 < 4, A[v_ax0, v_ax1 * 4 + v_ax4, v_ax2, v_ax3], T.float32(0.0))

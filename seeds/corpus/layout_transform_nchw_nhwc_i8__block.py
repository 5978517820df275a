# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1, 4, 3, 5), "int8"), T_layout_trans: T.Buffer((1, 3, 5, 4), "int8")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1, ax2, ax3 in T.grid(1, 3, 5, 4):
        with T.sblock("T_layout_trans"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(A[v_ax0, v_ax3, v_ax1, v_ax2])
            T.writes(T_layout_trans[v_ax0, v_ax1, v_ax2, v_ax3])
            T.sblock_attr({"dst_layout": "NHWC", "input_shape": [1, 4, 3, 5], "schedule_rule": "None", "src_layout": "NCHW"})
            T_layout_trans[v_ax0, v_ax1, v_ax2, v_ax3] = T.if_then_else(v_ax0 < 1 and v_ax3 < 4 and v_ax1 < 3 and v_ax2 < 5, A[v_ax0, v_ax3, v_ax1, v_ax2], T.int8(0))

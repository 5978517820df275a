# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(reshape: T.Buffer((T.int64(1), T.int64(4), T.int64(3), T.int64(2), T.int64(8)), "float32"), T_split_sections: T.Buffer((T.int64(1), T.int64(4), T.int64(1), T.int64(2), T.int64(8)), "float32"), T_split_sections_1: T.Buffer((T.int64(1), T.int64(4), T.int64(1), T.int64(2), T.int64(8)), "float32"), T_split_sections_2: T.Buffer((T.int64(1), T.int64(4), T.int64(1), T.int64(2), T.int64(8)), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    for ax0, ax1, ax2, ax3, ax4 in T.grid(T.int64(1), T.int64(4), T.int64(1), T.int64(2), T.int64(8)):
        with T.sblock("T_split_sections"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_ax4 = T.axis.remap("SSSSS", [ax0, ax1, ax2, ax3, ax4])
            T.reads(reshape[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4])
            T.writes(T_split_sections[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4])
            T_split_sections[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] = reshape[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4]
    for ax0, ax1, ax2, ax3, ax4 in T.grid(T.int64(1), T.int64(4), T.int64(1), T.int64(2), T.int64(8)):
        with T.sblock("T_split_sections_1"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_ax4 = T.axis.remap("SSSSS", [ax0, ax1, ax2, ax3, ax4])
            T.reads(reshape[v_ax0, v_ax1, v_ax2 + T.int64(1), v_ax3, v_ax4])
            T.writes(T_split_sections_1[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4])
            T_split_sections_1[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] = reshape[v_ax0, v_ax1, v_ax2 + T.int64(1), v_ax3, v_ax4]
    for ax0, ax1, ax2, ax3, ax4 in T.grid(T.int64(1), T.int64(4), T.int64(1), T.int64(2), T.int64(8)):
        with T.sblock("T_split_sections_2"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_ax4 = T.axis.remap("SSSSS", [ax0, ax1, ax2, ax3, ax4])
            T.reads(reshape[v_ax0, v_ax1, v_ax2 + T.int64(2), v_ax3, v_ax4])
            T.writes(T_split_sections_2[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4])
            T_split_sections_2[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] = reshape[v_ax0, v_ax1, v_ax2 + T.int64(2), v_ax3, v_ax4]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def splitted_square_sum_with_predicate(A: T.Buffer((1, 7, 7, 512), "float32"), B: T.Buffer((1, 1, 1, 512), "float32")):
    # with T.sblock("root"):
    for i0_i1_i2_i3_0_fused, ax0, ax1, ax2, ax3, ax4_ax5_fused_0, ax4_ax5_fused_1 in T.grid(2, 1, 1, 1, 256, 1, 256):
        with T.sblock("B"):
            ax0_1, ax1_1, ax2_1 = T.axis.remap("SSS", [ax0, ax1, ax2])
            ax3_1 = T.axis.spatial(512, i0_i1_i2_i3_0_fused * 256 + ax3)
            rv0 = T.axis.reduce(7, (ax4_ax5_fused_0 * 256 + ax4_ax5_fused_1) // 7)
            rv1 = T.axis.reduce(7, (ax4_ax5_fused_0 * 256 + ax4_ax5_fused_1) % 7)
            T.where(ax4_ax5_fused_0 * 256 + ax4_ax5_fused_1 < 49)
            T.reads(A[ax0_1, ax1_1 * 7 + rv0, ax2_1 * 7 + rv1, ax3_1])
            T.writes(B[ax0_1, ax1_1, ax2_1, ax3_1])
            with T.init():
                B[ax0_1, ax1_1, ax2_1, ax3_1] = T.float32(0.0)
            B[ax0_1, ax1_1, ax2_1, ax3_1] = B[ax0_1, ax1_1, ax2_1, ax3_1] + A[ax0_1, ax1_1 * 7 + rv0, ax2_1 * 7 + rv1, ax3_1]

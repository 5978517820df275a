# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def inline_block_with_init(A: T.Buffer((1, 512, 7, 7), "float32"), B: T.Buffer((1, 512, 1, 1), "float32")):
    # with T.sblock("root"):
    B_rf = T.sblock_alloc_buffer((1, 512, 1, 1, 49))
    for i0, i1, i2, i3, i4, i5 in T.grid(1, 512, 1, 1, 49, 1):
        with T.sblock("tensor_rf"):
            vi4 = T.axis.spatial(49, i4)
            ax0 = T.axis.spatial(1, 0)
            ax1 = T.axis.spatial(512, i1)
            ax2 = T.axis.spatial(1, 0)
            ax3 = T.axis.spatial(1, 0)
            T.reads(A[ax0, ax1, ax2 * 7 + vi4 // 7, ax3 * 7 + vi4 % 7])
            T.writes(B_rf[ax0, ax1, ax2, ax3, vi4])
            with T.init():
                B_rf[ax0, ax1, ax2, ax3, vi4] = T.float32(0.0)
            B_rf[ax0, ax1, ax2, ax3, vi4] = B_rf[ax0, ax1, ax2, ax3, vi4] + A[ax0, ax1, ax2 * 7 + vi4 // 7, ax3 * 7 + vi4 % 7]
    for i0, i1, ax0, ax1, ax2, ax3, ax4 in T.grid(1, 512, 49, 1, 1, 1, 1):
        with T.sblock("tensor"):
            vi4, ax0_1 = T.axis.remap("RS", [ax0, ax1])
            ax1_1 = T.axis.spatial(512, i1 + ax2)
            ax2_1, ax3_1 = T.axis.remap("SS", [ax3, ax4])
            T.reads(B_rf[ax0_1, ax1_1, ax2_1, ax3_1, vi4])
            T.writes(B[ax0_1, ax1_1, ax2_1, ax3_1])
            with T.init():
                B[ax0_1, ax1_1, ax2_1, ax3_1] = T.float32(0.0)
            B[ax0_1, ax1_1, ax2_1, ax3_1] = B[ax0_1, ax1_1, ax2_1, ax3_1] + B_rf[ax0_1, ax1_1, ax2_1, ax3_1, vi4]

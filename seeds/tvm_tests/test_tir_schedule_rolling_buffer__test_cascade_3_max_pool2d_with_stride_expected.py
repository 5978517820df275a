# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def expected(A: T.Buffer((1, 24, 24, 16), "int8"), C: T.Buffer((1, 8, 8, 16), "int8")):
    # with T.sblock("root"):
    B_0 = T.sblock_alloc_buffer((1, 13, 22, 16), "int8")
    B_1 = T.sblock_alloc_buffer((1, 6, 10, 16), "int8")
    for i0_0, i1_0, i2_0, i3_0 in T.grid(1, 2, 2, 1):
        for ax0, ax1, ax2, ax3, ax4 in T.grid(13, 13, 16, 3, 3):
            with T.sblock("B_0"):
                ax0_1 = T.axis.spatial(1, 0)
                ax1_1 = T.axis.opaque(22, i1_0 * 8 + ax0)
                ax2_1 = T.axis.spatial(22, i2_0 * 8 + ax1)
                ax3_1, rv0, rv1 = T.axis.remap("SRR", [ax2, ax3, ax4])
                T.where((i1_0 < 1 or 5 <= ax0) and (i2_0 < 1 or 5 <= ax1))
                T.reads(A[ax0_1, ax1_1 + rv0, ax2_1 + rv1, ax3_1])
                T.writes(B_0[ax0_1, ax1_1 % 13, ax2_1, ax3_1])
                with T.init():
                    B_0[ax0_1, ax1_1 % 13, ax2_1, ax3_1] = T.int8(-128)
                B_0[ax0_1, ax1_1 % 13, ax2_1, ax3_1] = T.max(B_0[ax0_1, ax1_1 % 13, ax2_1, ax3_1], A[ax0_1, ax1_1 + rv0, ax2_1 + rv1, ax3_1])
        for ax0, ax1, ax2, ax3, ax4 in T.grid(6, 6, 16, 3, 3):
            with T.sblock("B_1"):
                ax0_2 = T.axis.spatial(1, 0)
                ax1_2 = T.axis.opaque(10, i1_0 * 4 + ax0)
                ax2_2 = T.axis.spatial(10, i2_0 * 4 + ax1)
                ax3_2, rv0, rv1 = T.axis.remap("SRR", [ax2, ax3, ax4])
                T.where((i1_0 < 1 or 2 <= ax0) and (i2_0 < 1 or 2 <= ax1))
                T.reads(B_0[ax0_2, (ax1_2 * 2 + rv0) % 13, ax2_2 * 2 + rv1, ax3_2])
                T.writes(B_1[ax0_2, ax1_2 % 6, ax2_2, ax3_2])
                with T.init():
                    B_1[ax0_2, ax1_2 % 6, ax2_2, ax3_2] = T.int8(-128)
                B_1[ax0_2, ax1_2 % 6, ax2_2, ax3_2] = T.max(B_1[ax0_2, ax1_2 % 6, ax2_2, ax3_2], B_0[ax0_2, (ax1_2 * 2 + rv0) % 13, ax2_2 * 2 + rv1, ax3_2])
        for i0_1, i1_1, i2_1, i3_1, i4, i5 in T.grid(1, 4, 4, 16, 3, 3):
            with T.sblock("C"):
                ax0_3 = T.axis.spatial(1, i0_0 + i0_1)
                ax1_3 = T.axis.opaque(8, i1_0 * 4 + i1_1)
                ax2_3 = T.axis.spatial(8, i2_0 * 4 + i2_1)
                ax3_3 = T.axis.spatial(16, i3_0 * 16 + i3_1)
                rv0, rv1 = T.axis.remap("RR", [i4, i5])
                T.reads(B_1[ax0_3, (ax1_3 + rv0) % 6, ax2_3 + rv1, ax3_3])
                T.writes(C[ax0_3, ax1_3, ax2_3, ax3_3])
                with T.init():
                    C[ax0_3, ax1_3, ax2_3, ax3_3] = T.int8(-128)
                C[ax0_3, ax1_3, ax2_3, ax3_3] = T.max(C[ax0_3, ax1_3, ax2_3, ax3_3], B_1[ax0_3, (ax1_3 + rv0) % 6, ax2_3 + rv1, ax3_3])

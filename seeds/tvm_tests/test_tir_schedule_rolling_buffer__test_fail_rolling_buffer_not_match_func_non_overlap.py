# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def func_non_overlap(A: T.Buffer((1, 12, 12, 16), "int8"), C: T.Buffer((1, 12, 12, 16), "int8")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((1, 12, 12, 16), "int8")
    for i0_0, i1_0, i2_0, i3_0 in T.grid(1, 3, 3, 1):
        for ax0, ax1, ax2 in T.grid(4, 4, 16):
            with T.sblock("B"):
                ax0_1 = T.axis.spatial(1, 0)
                ax1_1 = T.axis.spatial(12, i1_0 * 4 + ax0)
                ax2_1 = T.axis.spatial(12, i2_0 * 4 + ax1)
                ax3 = T.axis.spatial(16, ax2)
                T.reads(A[ax0_1, ax1_1, ax2_1, ax3])
                T.writes(B[ax0_1, ax1_1, ax2_1, ax3])
                with T.init():
                    B[ax0_1, ax1_1, ax2_1, ax3] = T.int8(-128)
                B[ax0_1, ax1_1, ax2_1, ax3] = A[ax0_1, ax1_1, ax2_1, ax3]
        for i0_1, i1_1, i2_1, i3_1, i4, i5 in T.grid(1, 4, 4, 16, 1, 1):
            with T.sblock("C"):
                ax0 = T.axis.spatial(1, i0_0 + i0_1)
                ax1 = T.axis.spatial(12, i1_0 * 4 + i1_1)
                ax2 = T.axis.spatial(12, i2_0 * 4 + i2_1)
                ax3 = T.axis.spatial(16, i3_0 * 16 + i3_1)
                rv0, rv1 = T.axis.remap("RR", [i4, i5])
                T.reads(B[ax0, ax1 + rv0, ax2 + rv1, ax3])
                T.writes(C[ax0, ax1, ax2, ax3])
                with T.init():
                    C[ax0, ax1, ax2, ax3] = T.int8(-128)
                C[ax0, ax1, ax2, ax3] = T.max(C[ax0, ax1, ax2, ax3], B[ax0, ax1 + rv0, ax2 + rv1, ax3])

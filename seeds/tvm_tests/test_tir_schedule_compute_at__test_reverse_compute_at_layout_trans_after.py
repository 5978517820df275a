# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def after(A: T.Buffer((1, 3, 5, 5, 16), "float32"), C: T.Buffer((1, 6, 5, 5, 8), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((1, 3, 5, 5, 16))
    for i0, i1 in T.grid(1, 3):
        for i2, i3, i4 in T.grid(5, 5, 16):
            with T.sblock("compute"):
                v_i0, v_i1, v_i2, v_i3, v_i4 = T.axis.remap("SSSSS", [i0, i1, i2, i3, i4])
                T.reads(A[v_i0, v_i1, v_i2, v_i3, v_i4])
                T.writes(B[v_i0, v_i1, v_i2, v_i3, v_i4])
                B[v_i0, v_i1, v_i2, v_i3, v_i4] = A[v_i0, v_i1, v_i2, v_i3, v_i4] + T.float32(1.0)
        for ax0, ax1, ax2, ax3 in T.grid(2, 5, 5, 8):
            with T.sblock("T_layout_trans"):
                v_ax0 = T.axis.spatial(1, 0)
                v_ax1 = T.axis.spatial(6, i1 * 2 + ax0)
                v_ax2, v_ax3, v_ax4 = T.axis.remap("SSS", [ax1, ax2, ax3])
                T.reads(B[v_ax0, (v_ax1 * 8 + v_ax4) // 16, v_ax2, v_ax3, (v_ax1 * 8 + v_ax4) % 16])
                T.writes(C[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4])
                C[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] = B[v_ax0, (v_ax1 * 8 + v_ax4) // 16, v_ax2, v_ax3, (v_ax1 * 8 + v_ax4) % 16]

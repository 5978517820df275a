# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def blockized_after_compute_at(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((128, 128))
    for i0_0, i1_0 in T.grid(8, 8):
        for ax0, ax1 in T.grid(16, 16):
            with T.sblock("B"):
                vi = T.axis.spatial(128, i0_0 * 16 + ax0)
                vj = T.axis.spatial(128, i1_0 * 16 + ax1)
                T.reads(A[vi, vj])
                T.writes(B[vi, vj])
                B[vi, vj] = A[vi, vj] * T.float32(2.0)
        with T.sblock("C_outer"):
            vi_o, vj_o = T.axis.remap("SS", [i0_0, i1_0])
            T.reads(B[vi_o * 16:vi_o * 16 + 16, vj_o * 16:vj_o * 16 + 16])
            T.writes(C[vi_o * 16:vi_o * 16 + 16, vj_o * 16:vj_o * 16 + 16])
            for i0_1, i1_1 in T.grid(16, 16):
                with T.sblock("C_inner"):
                    vi = T.axis.spatial(128, vi_o * 16 + i0_1)
                    vj = T.axis.spatial(128, vj_o * 16 + i1_1)
                    T.reads(B[vi, vj])
                    T.writes(C[vi, vj])
                    C[vi, vj] = B[vi, vj] + T.float32(1.0)

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def blockized_2_after_reverse_compute_at(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((128, 128))
    for i_o, j_o in T.grid(8, 8):
        with T.sblock("B_outer"):
            vio, vjo = T.axis.remap("SS", [i_o, j_o])
            T.reads(A[vio * 16:vio * 16 + 16, vjo * 16:vjo * 16 + 16])
            T.writes(B[vio * 16:vio * 16 + 16, vjo * 16:vjo * 16 + 16])
            for i_i, j_i in T.grid(16, 16):
                with T.sblock("B_inner"):
                    vi = T.axis.spatial(128, vio * 16 + i_i)
                    vj = T.axis.spatial(128, vjo * 16 + j_i)
                    T.reads(A[vi, vj])
                    T.writes(B[vi, vj])
                    B[vi, vj] = A[vi, vj] * T.float32(2.0)
        for ax0, ax1 in T.grid(16, 16):
            with T.sblock("C"):
                vi = T.axis.spatial(128, i_o * 16 + ax0)
                vj = T.axis.spatial(128, j_o * 16 + ax1)
                T.reads(B[vi, vj])
                T.writes(C[vi, vj])
                C[vi, vj] = B[vi, vj] + T.float32(1.0)

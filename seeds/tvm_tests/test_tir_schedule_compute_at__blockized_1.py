# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def blockized_1(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((128, 128))
    for i, j in T.grid(128, 128):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(B[vi, vj])
            B[vi, vj] = A[vi, vj] * T.float32(2.0)
    for i, j in T.grid(8, 8):
        with T.sblock("C_outer"):
            vi_o, vj_o = T.axis.remap("SS", [i, j])
            T.reads(B[vi_o * 16:vi_o * 16 + 16, vj_o * 16:vj_o * 16 + 16])
            T.writes(C[vi_o * 16:vi_o * 16 + 16, vj_o * 16:vj_o * 16 + 16])
            for i_i, j_i in T.grid(16, 16):
                with T.sblock("C_inner"):
                    vi = T.axis.spatial(128, vi_o * 16 + i_i)
                    vj = T.axis.spatial(128, vj_o * 16 + j_i)
                    T.reads(B[vi, vj])
                    T.writes(C[vi, vj])
                    C[vi, vj] = B[vi, vj] + T.float32(1.0)

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def before_blockize_rca(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((128, 128))
    for i, j in T.grid(8, 8):
        with T.sblock("B_o"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi * 16:vi * 16 + 16, vj * 16:vj * 16 + 16])
            T.writes(B[vi * 16:vi * 16 + 16, vj * 16:vj * 16 + 16])
            for i_1, j_1 in T.grid(16, 16):
                with T.sblock("B"):
                    vi_i, vj_i = T.axis.remap("SS", [i_1, j_1])
                    T.reads(A[vi * 16 + vi_i, vj * 16 + vj_i])
                    T.writes(B[vi * 16 + vi_i, vj * 16 + vj_i])
                    B[vi * 16 + vi_i, vj * 16 + vj_i] = A[vi * 16 + vi_i, vj * 16 + vj_i] * T.float32(2.0)
        for ax0, ax1 in T.grid(16, 16):
            with T.sblock("C"):
                vi = T.axis.spatial(128, i * 16 + ax0)
                vj = T.axis.spatial(128, j * 16 + ax1)
                T.reads(B[vi, vj])
                T.writes(C[vi, vj])
                C[vi, vj] = B[vi, vj] + T.float32(1.0)

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def before_blockize_compute_at(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((128, 128))
    for i_0, j_0 in T.grid(8, 8):
        for ax0, ax1 in T.grid(16, 16):
            with T.sblock("B"):
                vi = T.axis.spatial(128, i_0 * 16 + ax0)
                vj = T.axis.spatial(128, j_0 * 16 + ax1)
                T.reads(A[vi, vj])
                T.writes(B[vi, vj])
                B[vi, vj] = A[vi, vj] * T.float32(2.0)
        with T.sblock("C_o"):
            vi_o, vj_o = T.axis.remap("SS", [i_0, j_0])
            T.reads(B[vi_o * 16:vi_o * 16 + 16, vj_o * 16:vj_o * 16 + 16])
            T.writes(C[vi_o * 16:vi_o * 16 + 16, vj_o * 16:vj_o * 16 + 16])
            for i_1, j_1 in T.grid(16, 16):
                with T.sblock("C"):
                    vi_i, vj_i = T.axis.remap("SS", [i_1, j_1])
                    T.reads(B[vi_o * 16 + vi_i, vj_o * 16 + vj_i])
                    T.writes(C[vi_o * 16 + vi_i, vj_o * 16 + vj_i])
                    C[vi_o * 16 + vi_i, vj_o * 16 + vj_i] = B[vi_o * 16 + vi_i, vj_o * 16 + vj_i] + T.float32(1.0)

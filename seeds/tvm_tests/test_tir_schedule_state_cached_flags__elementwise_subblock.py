# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def elementwise_subblock(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((128, 128))
    for i, j in T.grid(32, 32):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi * 4:vi * 4 + 4, vj * 4:vj * 4 + 4])
            T.writes(B[vi * 4:vi * 4 + 4, vj * 4:vj * 4 + 4])
            for ii, jj in T.grid(4, 4):
                with T.sblock("B_sub"):
                    vi_i, vj_i = T.axis.remap("SS", [ii, jj])
                    T.reads(A[vi * 4 + vi_i, vj * 4 + vj_i])
                    T.writes(B[vi * 4 + vi_i, vj * 4 + vj_i])
                    B[vi * 4 + vi_i, vj * 4 + vj_i] = A[vi * 4 + vi_i, vj * 4 + vj_i] * T.float32(2.0)
    for i, j in T.grid(128, 128):
        with T.sblock("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(B[vi, vj])
            T.writes(C[vi, vj])
            C[vi, vj] = B[vi, vj] + T.float32(1.0)

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def decomposed_gemm_after_vectorize(A: T.Buffer((16, 16), "float32"), B: T.Buffer((16, 16), "float32"), C: T.Buffer((16, 16), "float32")):
    # with T.sblock("root"):
    local = T.sblock_alloc_buffer((16, 16))
    for i, j in T.grid(4, 4):
        for ii, jj in T.grid(4, 4):
            with T.sblock("init"):
                vi = T.axis.spatial(16, i * 4 + ii)
                vj = T.axis.spatial(16, j * 4 + jj)
                T.reads()
                T.writes(local[vi, vj])
                local[vi, vj] = T.float32(0.0)
        for k, ii, jj in T.grid(16, 4, 4):
            with T.sblock("update"):
                vi = T.axis.spatial(16, i * 4 + ii)
                vj = T.axis.spatial(16, j * 4 + jj)
                vk = T.axis.reduce(16, k)
                T.reads(local[vi, vj], A[vi, vk], B[vj, vk])
                T.writes(local[vi, vj])
                local[vi, vj] = local[vi, vj] + A[vi, vk] * B[vj, vk]
        for ii in range(4):
            for jj in T.vectorized(4):
                with T.sblock("C"):
                    vi = T.axis.spatial(16, i * 4 + ii)
                    vj = T.axis.spatial(16, j * 4 + jj)
                    T.reads(local[vi, vj])
                    T.writes(C[vi, vj])
                    C[vi, vj] = local[vi, vj]

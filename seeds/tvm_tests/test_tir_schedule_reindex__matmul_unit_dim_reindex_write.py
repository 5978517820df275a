# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def matmul_unit_dim_reindex_write(A: T.Buffer((1, 512), "float32"), B: T.Buffer((512, 1), "float32"), C: T.Buffer((1, 1), "float32")):
    # with T.sblock("root"):
    C_reindex = T.sblock_alloc_buffer((1, 1))
    for i0, i1, i2 in T.grid(1, 1, 512):
        with T.sblock("matmul"):
            i, j, k = T.axis.remap("SSR", [i0, i1, i2])
            T.reads(C_reindex[i, j], A[i, k], B[k, j])
            T.writes(C_reindex[i, j])
            with T.init():
                C_reindex[i, j] = T.float32(0.0)
            C_reindex[i, j] = C_reindex[i, j] + A[i, k] * B[k, j]
    for i0, i1 in T.grid(1, 1):
        with T.sblock("C_reindex"):
            v0, v1 = T.axis.remap("SS", [i0, i1])
            T.reads(C_reindex[v0, v1])
            T.writes(C[v0, v1])
            C[v0, v1] = C_reindex[v0, v1]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def transpose_elementwise_reindex_read(A: T.Buffer((128, 128), "float32"), B: T.Buffer((128, 128), "float32")):
    # with T.sblock("root"):
    A_reindex = T.sblock_alloc_buffer((128, 128))
    for i, j in T.grid(128, 128):
        with T.sblock("A_reindex"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vj, vi])
            T.writes(A_reindex[vi, vj])
            A_reindex[vi, vj] = A[vj, vi]
    for i, j in T.grid(128, 128):
        with T.sblock("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A_reindex[vi, vj])
            T.writes(B[vi, vj])
            B[vi, vj] = A_reindex[vi, vj] * T.float32(2.0)

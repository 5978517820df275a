# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def elementwise_overcomputed_producer_simplify_predicate(A: T.Buffer((128, 128), "float32"), C: T.Buffer((127, 127), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((128, 128))
    for i in range(16384):
        with T.sblock("B"):
            vi = T.axis.spatial(128, i // 128)
            vj = T.axis.spatial(128, i % 128)
            T.reads(A[vi, vj])
            T.writes(B[vi, vj])
            B[vi, vj] = A[vi, vj] * T.float32(2.0)
    for i, j in T.grid(127, 127):
        with T.sblock("C"):
            cvi, cvj = T.axis.remap("SS", [i, j])
            T.reads(B[cvi, cvj])
            T.writes(C[cvi, cvj])
            C[cvi, cvj] = B[cvi, cvj] + T.float32(1.0)

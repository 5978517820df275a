# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def elementwise_overcomputed_producer_simplify_predicate_reverse_inlined(A: T.Buffer((128, 128), "float32"), C: T.Buffer((127, 127), "float32")):
    # with T.sblock("root"):
    for i in range(16384):
        with T.sblock("B"):
            vi = T.axis.spatial(128, i // 128)
            vj = T.axis.spatial(128, i % 128)
            T.where(i < 16255 and i % 128 < 127)
            T.reads(A[vi, vj])
            T.writes(C[vi, vj])
            C[vi, vj] = A[vi, vj] * T.float32(2.0) + T.float32(1.0)

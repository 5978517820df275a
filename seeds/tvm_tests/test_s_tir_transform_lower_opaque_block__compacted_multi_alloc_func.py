# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def compacted_multi_alloc_func(A: T.Buffer((32,), "float32"), D: T.Buffer((32,), "float32")):
    # with T.sblock("root"):
    for i in range(32):
        with T.sblock(""):
            T.reads(A[i])
            T.writes(D[i])
            B = T.sblock_alloc_buffer((32,))
            C = T.sblock_alloc_buffer((32,))
            B[i] = A[i] + T.float32(1.0)
            C[i] = A[i] + B[i]
            D[i] = C[i] * T.float32(2.0)

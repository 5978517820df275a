# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def transformed_trivial_pipeline(A: T.Buffer((16, 1), "float32"), C: T.Buffer((16, 1), "float32")):
    # with T.sblock("root"):
    for tx in T.thread_binding(16, thread="threadIdx.x"):
        with T.sblock(""):
            T.reads(A[tx, 0])
            T.writes(C[tx, 0])
            B = T.sblock_alloc_buffer((2, 16, 1), scope="shared")
            with T.sblock(""):
                T.reads(A[tx, 0])
                T.writes(B[0, tx, 0])
                B[0, tx, 0] = A[tx, 0] * T.float32(2.0)
            with T.sblock(""):
                T.reads()
                T.writes()
                T.evaluate(0)
            with T.sblock(""):
                T.reads(B[0, tx, 0])
                T.writes(C[tx, 0])
                C[tx, 0] = B[0, tx, 0] + T.float32(1.0)

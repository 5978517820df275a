# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def transformed_nested_pipeline_prefetch_inner(A: T.Buffer((16, 16, 16), "float32"), C: T.Buffer((16, 16, 16), "float32")):
    # with T.sblock("root"):
    for tx in T.thread_binding(16, thread="threadIdx.x"):
        with T.sblock(""):
            T.reads(A[tx, 0:16, 0:16])
            T.writes(C[tx, 0:16, 0:16])
            A_shared = T.sblock_alloc_buffer((2, 16, 1, 16), scope="shared")
            B = T.sblock_alloc_buffer((2, 16, 1, 1), scope="shared")
            with T.sblock(""):
                T.reads(A[tx, 0, 0:16], A_shared[0, tx, 0, 0])
                T.writes(A_shared[0, tx, 0, 0:16], B[0, tx, 0, 0])
                with T.sblock(""):
                    T.reads(A[tx, 0, 0:16])
                    T.writes(A_shared[0, tx, 0, 0:16])
                    for j in range(16):
                        with T.sblock(""):
                            T.reads(A[tx, 0, j])
                            T.writes(A_shared[0, tx, 0, j])
                            A_shared[0, tx, 0, j] = A[tx, 0, j]
                with T.sblock(""):
                    T.reads(A_shared[0, tx, 0, 0])
                    T.writes(B[0, tx, 0, 0])
                    B[0, tx, 0, 0] = A_shared[0, tx, 0, 0] * T.float32(2.0)
            with T.sblock(""):
                T.reads(A[tx, 1:16, 0:16], A_shared[0:2, tx, 0:16, 0:16], B[0:2, tx, 0:15, 0])
                T.writes(A_shared[0:2, tx, 0, 0:16], B[0:2, tx, 0:16, 0], C[tx, 0:15, 0:16])
                for i in range(15):
                    with T.sblock(""):
                        T.reads(A[tx, i + 1, 0:16])
                        T.writes(A_shared[(i + 1) % 2, tx, 0, 0:16])
                        for j in range(16):
                            with T.sblock(""):
                                T.reads(A[tx, i + 1, j])
                                T.writes(A_shared[(i + 1) % 2, tx, 0, j])
                                A_shared[(i + 1) % 2, tx, 0, j] = A[tx, i + 1, j]
                    with T.sblock(""):
                        T.reads(A_shared[i % 2, tx, i, 1:16], B[0:2, tx, i, 0])
                        T.writes(B[0:2, tx, i, 0], C[tx, i, 0:15])
                        for j in range(15):
                            with T.sblock(""):
                                T.reads(A_shared[i % 2, tx, i, j + 1])
                                T.writes(B[(j + 1) % 2, tx, i, 0])
                                B[(j + 1) % 2, tx, i, 0] = A_shared[i % 2, tx, 0, j + 1] * T.float32(2.0)
                            with T.sblock(""):
                                T.reads(B[j % 2, tx, i, 0])
                                T.writes(C[tx, i, j])
                                C[tx, i, j] = B[j % 2, tx, i, 0] + T.float32(1.0)
                    with T.sblock(""):
                        T.reads(A_shared[(i + 1) % 2, tx, i + 1, 0])
                        T.writes(B[0, tx, i + 1, 0])
                        B[0, tx, i + 1, 0] = A_shared[(i + 1) % 2, tx, 0, 0] * T.float32(2.0)
                    with T.sblock(""):
                        T.reads(B[1, tx, i, 0])
                        T.writes(C[tx, i, 15])
                        C[tx, i, 15] = B[1, tx, i, 0] + T.float32(1.0)
            with T.sblock(""):
                T.reads(A_shared[1, tx, 15, 1:16], B[0:2, tx, 15, 0])
                T.writes(B[0:2, tx, 15, 0], C[tx, 15, 0:16])
                with T.sblock(""):
                    T.reads(A_shared[1, tx, 15, 1:16], B[0:2, tx, 15, 0])
                    T.writes(B[0:2, tx, 15, 0], C[tx, 15, 0:15])
                    for j in range(15):
                        with T.sblock(""):
                            T.reads(A_shared[1, tx, 15, j + 1])
                            T.writes(B[(j + 1) % 2, tx, 15, 0])
                            B[(j + 1) % 2, tx, 15, 0] = A_shared[1, tx, 0, j + 1] * T.float32(2.0)
                        with T.sblock(""):
                            T.reads(B[j % 2, tx, 15, 0])
                            T.writes(C[tx, 15, j])
                            C[tx, 15, j] = B[j % 2, tx, 15, 0] + T.float32(1.0)
                with T.sblock(""):
                    T.reads(B[1, tx, 15, 0])
                    T.writes(C[tx, 15, 15])
                    C[tx, 15, 15] = B[1, tx, 15, 0] + T.float32(1.0)

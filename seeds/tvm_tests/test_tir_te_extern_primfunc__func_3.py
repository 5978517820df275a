# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def func_3(C: T.Buffer((1,), "float32"), A: T.Buffer((16,), "float32"), D: T.Buffer((2,), "float32"), E: T.Buffer((16,), "float32"), F: T.Buffer((16,), "float32")):
    # with T.sblock("root"):
    for i in range(16):
        with T.sblock(""):
            T.reads(A[i], E[i], C[0], D[0:2])
            T.writes(E[i], F[i], C[0], A[i])
            B = T.sblock_alloc_buffer((1,))
            with T.sblock(""):
                T.reads(A[i])
                T.writes(B[0])
                B[0] = A[i] * T.float32(2.0)
            with T.sblock(""):
                T.reads(A[i], E[i], C[0], B[0], D[0:2])
                T.writes(E[i], F[i], C[0], A[i])
                E[i] = A[i]
                F[i] = E[i] + T.float32(1.0)
                C[0] = C[0] + A[i] + B[0] + T.float32(1.0) + D[0]
                A[i] = B[0] + T.float32(1.0) + D[1]

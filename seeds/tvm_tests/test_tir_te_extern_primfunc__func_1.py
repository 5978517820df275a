# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def func_1(A: T.Buffer((16,), "float32"), C: T.Buffer((1,), "float32")):
    # with T.sblock("root"):
    for i in range(16):
        with T.sblock(""):
            T.reads(A[i], C[0])
            T.writes(C[0], A[i])
            B = T.sblock_alloc_buffer((1,))
            with T.sblock(""):
                T.reads(A[i])
                T.writes(B[0])
                B[0] = A[i] * T.float32(2.0)
            with T.sblock(""):
                T.reads(C[0], A[i], B[0])
                T.writes(C[0], A[i])
                C[0] = C[0] + A[i] + B[0] + T.float32(1.0)
                A[i] = B[0] + T.float32(1.0)

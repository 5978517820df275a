# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def func(A: T.Buffer((64, 32), "float32"), B: T.Buffer((64, 32), "float32"), C: T.Buffer((64, 32), "float32")):
    # with T.sblock("root"):
    for i, j in T.grid(64, 32):
        with T.sblock(""):
            T.reads(A[i, j], B[i, j])
            T.writes(B[i, j], C[i, j])
            with T.sblock("B"):
                T.reads(A[i, j])
                T.writes(B[i, j])
                B[i, j] = A[i, j]
            with T.sblock("C"):
                T.reads(B[i, j])
                T.writes(C[i, j])
                C[i, j] = B[i, j]

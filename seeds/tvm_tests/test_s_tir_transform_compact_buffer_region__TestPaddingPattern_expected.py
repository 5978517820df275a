# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def expected(A: T.Buffer((16, 16), "float32"), C: T.Buffer((20, 20), "float32")):
    # with T.sblock("root"):
    B = T.sblock_alloc_buffer((16, 16))
    for i, j in T.grid(16, 16):
        with T.sblock(""):
            T.reads(A[i, j])
            T.writes(B[i, j])
            B[i, j] = A[i, j]
    for i, j in T.grid(20, 20):
        with T.sblock(""):
            T.reads(B[i - 2, j - 2])
            T.writes(C[i, j])
            C[i, j] = T.if_then_else(2 <= i and i < 18 and 2 <= j and j < 18, B[i - 2, j - 2], T.float32(0.0))

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def before(A: T.Buffer((128,), "float32"), B: T.Buffer((130,), "float32")):
    for i, j in T.grid(T.int64(2), T.int64(65)):
        if i * T.int64(65) + j >= T.int64(0) and i * T.int64(65) + j < T.int64(128):
            A[i * T.int64(65) + j] = T.float32(0.0)
    for i, j in T.grid(T.int64(2), T.int64(65)):
        B[i * T.int64(65) + j] = T.if_then_else(i * T.int64(65) + j >= T.int64(0) and i * T.int64(65) + j < T.int64(128), A[i * T.int64(65) + j], T.float32(0.0))

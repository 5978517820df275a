# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def expected_after(A: T.Buffer((128,), "float32"), B: T.Buffer((130,), "float32")):
    for i, j in T.grid(2, 65):
        if i * 65 + j >= 0 and i * 65 + j < 128:
            A[i * 65 + j] = T.float32(0.0)
    for i, j in T.grid(2, 65):
        B[i * 65 + j] = T.if_then_else(i * 65 + j >= 0 and i * 65 + j < 128, A[i * 65 + j], T.float32(0.0))

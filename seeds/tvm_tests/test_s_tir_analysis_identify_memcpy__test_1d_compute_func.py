# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def func(A: T.Buffer((1024,), "float32"), B: T.Buffer((1024,), "float32")):
    for i in range(1024):
        B[i] = A[i] + T.float32(1.0)

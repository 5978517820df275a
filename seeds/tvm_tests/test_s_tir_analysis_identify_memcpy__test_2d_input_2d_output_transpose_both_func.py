# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def func(A: T.Buffer((32, 32), "float32"), B: T.Buffer((32, 32), "float32")):
    for i, j in T.grid(32, 32):
        B[j, i] = A[j, i]

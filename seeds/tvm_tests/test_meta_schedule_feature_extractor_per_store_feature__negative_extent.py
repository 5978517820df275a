# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def negative_extent(A: T.Buffer((1,), "float32")):
    for j in range(-1):
        A[j] = A[j] + T.float32(1.0)

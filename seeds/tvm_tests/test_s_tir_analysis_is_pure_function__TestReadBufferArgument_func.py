# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def func(A: T.Buffer((16,), "float32")) -> T.float32:
    return A[0]

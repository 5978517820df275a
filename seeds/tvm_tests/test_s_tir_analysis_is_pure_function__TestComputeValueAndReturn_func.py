# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def func(N: T.int32, M: T.int32) -> T.int32:
    return N * M

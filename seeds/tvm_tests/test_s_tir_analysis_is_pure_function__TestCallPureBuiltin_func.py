# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def func(x: T.float32) -> T.float32:
    return T.cos(x)

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def func_b(n: T.int32):
    T.evaluate(n)

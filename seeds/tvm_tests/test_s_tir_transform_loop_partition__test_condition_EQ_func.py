# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def func(m: T.int64, n: T.int64):
    for i in range(10):
        T.evaluate(T.Select(T.likely(i == 5), m, n))

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def func(n: T.int64, m: T.int64):
    for i, j, k in T.grid(4, n, m):
        if T.likely(T.Cast("int64", i) * m + j + k < n):
            T.evaluate(m)
        else:
            T.evaluate(n)
        if T.likely(T.Cast("int64", i) * m + j - k < n):
            T.evaluate(m)
        else:
            T.evaluate(n)

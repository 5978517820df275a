# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def func_a(A: T.Buffer((1,), "float32")):
    T.evaluate(A[0])

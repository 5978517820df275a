# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((1,), "int32"), n: T.int32):
    A[0] = n << 1

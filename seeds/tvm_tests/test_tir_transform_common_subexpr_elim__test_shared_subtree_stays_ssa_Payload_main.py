# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(B: T.Buffer((50,), "int32"), i1: T.int32, i2: T.int32):
    B[i1] = (i1 + i2) * 2
    B[i2] = (i1 + i2) * 3

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(B: T.Buffer((50,), "int32"), i1: T.int32, i2: T.int32, i3: T.int32, x: T.int32, y: T.int32, z: T.int32):
    B[i1] = x + y + z
    B[i2] = x + y + z
    B[i3] = x + y

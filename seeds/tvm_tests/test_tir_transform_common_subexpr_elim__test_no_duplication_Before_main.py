# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(x: T.int32, y: T.int32, z: T.int32):
    a: T.let[T.int32] = x + (y + z)
    T.evaluate(a)

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(B: T.Buffer((50,), "int32"), i1: T.int32, i2: T.int32, z3: T.int32):
    z1: T.let[T.int32] = 1
    z2: T.let[T.int32] = 2
    cse_v1: T.let[T.int32] = z1 + z2
    B[i1] = cse_v1
    x: T.let[T.int32] = 1
    y: T.let[T.int32] = 1
    cse_v2: T.let[T.int32] = x + y
    a: T.let[T.int32] = cse_v2 + cse_v1
    b: T.let[T.int32] = cse_v2 + z3
    B[i2] = a + b

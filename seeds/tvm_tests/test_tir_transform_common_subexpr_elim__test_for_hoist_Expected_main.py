# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(B: T.Buffer((50,), "int32"), y: T.int32, z: T.int32):
    cse_v1: T.let[T.int32] = y + z
    B[0] = cse_v1
    for i in range(10):
        B[i + 1] = cse_v1

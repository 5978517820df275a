# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(B: T.Buffer((50,), "int32"), y: T.int32, z: T.int32):
    B[0] = y + z
    for i in range(10):
        B[i + 1] = y + z

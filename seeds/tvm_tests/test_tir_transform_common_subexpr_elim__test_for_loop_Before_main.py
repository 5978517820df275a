# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(B: T.Buffer((50,), "int32"), y: T.int32, z: T.int32):
    for i in range(10):
        B[i] = y + z
        B[i + 10] = y + z

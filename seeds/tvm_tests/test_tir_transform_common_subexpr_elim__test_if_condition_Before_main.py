# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(B: T.Buffer((50,), "int32"), y: T.int32, z: T.int32):
    if y + z > 0:
        B[0] = y + z

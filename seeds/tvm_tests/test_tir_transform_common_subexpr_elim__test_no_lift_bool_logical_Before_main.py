# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(B: T.Buffer((50,), "int32"), a: T.bool, b: T.bool, x: T.int32):
    if a and b:
        B[0] = x
    if a and b:
        B[1] = x + 1

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True, s_tir=True)
def main(A: T.Buffer((16,), "int32")):
    x: T.int32 = 5
    for i in range(16):
        A[i] = 0

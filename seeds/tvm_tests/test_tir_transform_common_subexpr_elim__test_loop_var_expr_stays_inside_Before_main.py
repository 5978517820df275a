# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((50,), "int32"), B: T.Buffer((50,), "int32")):
    for i in range(10):
        A[i * 4] = B[i * 4]

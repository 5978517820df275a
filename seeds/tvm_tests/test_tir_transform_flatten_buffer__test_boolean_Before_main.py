# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((10,), "bool"), B: T.Buffer((10,), "bool")):
    for i0 in range(10):
        B[i0] = A[i0]

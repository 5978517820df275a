# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((50,), "int32"), B: T.Buffer((50,), "int32")):
    B[0] = A[0] + A[0]
    B[1] = A[0] + A[0]

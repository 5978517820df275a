# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(private=True, s_tir=True)
def main(A: T.Buffer((1,), "int32")):
    A[0] = T.Cast("int32", T.ceil(T.log2(T.float64(14.0))))

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((2, 3, 4), "int8", layout=None), compute: T.Buffer((2, 3, 4), "int8", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for i0, i1, i2 in T.grid(2, 3, 4):
        compute[i0, i1, i2] = A[i0, i1, i2]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((1, 4, 3, 3), "float32", layout=None), slope: T.Buffer((4,), "float32", layout=None), compute: T.Buffer((1, 4, 3, 3), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for i1, i2, i3 in T.grid(4, 3, 3):
        compute[0, i1, i2, i3] = T.Select(T.float32(0.0) < A[0, i1, i2, i3], A[0, i1, i2, i3], A[0, i1, i2, i3] * slope[i1])

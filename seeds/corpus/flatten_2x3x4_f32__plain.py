# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((2, 3, 4), "float32", layout=None), compute: T.Buffer((2, 12), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for i, j in T.grid(2, 12):
        compute[i, j] = A[i, j % 12 // 4, j % 4]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((4, 8), "float32", layout=None), compute: T.Buffer((4, 8), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for i0, i1 in T.grid(4, 8):
        compute[i0, i1] = T.exp(A[i0, i1])

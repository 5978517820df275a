# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((5, 5), "float32", layout=None), trilu: T.Buffer((5, 5), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for i0, i1 in T.grid(5, 5):
        trilu[i0, i1] = T.Select(i0 <= i1, A[i0, i1], T.float32(0.0))

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((4, 6), "int32", layout=None), trilu: T.Buffer((4, 6), "int32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for i0, i1 in T.grid(4, 6):
        trilu[i0, i1] = T.Select(i1 <= i0 + 1, A[i0, i1], 0)

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((2, 4), "float32", layout=None), B: T.Buffer((3, 4), "float32", layout=None), T_concat: T.Buffer((5, 4), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1 in T.grid(5, 4):
        T_concat[ax0, ax1] = T.if_then_else(2 <= ax0, B[ax0 - 2, ax1], A[ax0, ax1])

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((2, 1), "int32", layout=None), B: T.Buffer((2, 3), "int32", layout=None), C: T.Buffer((2, 2), "int32", layout=None), T_concat: T.Buffer((2, 6), "int32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1 in T.grid(2, 6):
        T_concat[ax0, ax1] = T.if_then_else(4 <= ax1, C[ax0, ax1 - 4], T.if_then_else(1 <= ax1, B[ax0, ax1 - 1], A[ax0, ax1]))

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((1, 2, 3), "float16", layout=None), B: T.Buffer((1, 2, 5), "float16", layout=None), T_concat: T.Buffer((1, 2, 8), "float16", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax1, ax2 in T.grid(2, 8):
        T_concat[0, ax1, ax2] = T.if_then_else(3 <= ax2, B[0, ax1, ax2 - 3], A[0, ax1, ax2])

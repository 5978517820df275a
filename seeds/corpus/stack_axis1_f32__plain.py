# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((3, 4), "float32", layout=None), B: T.Buffer((3, 4), "float32", layout=None), T_stack: T.Buffer((3, 2, 4), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1, ax2 in T.grid(3, 2, 4):
        T_stack[ax0, ax1, ax2] = T.if_then_else(ax1 == 1, B[ax0, ax2], A[ax0, ax2])

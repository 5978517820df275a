# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((2, 3, 4), "int32", layout=None), T_transpose: T.Buffer((2, 4, 3), "int32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1, ax2 in T.grid(2, 4, 3):
        T_transpose[ax0, ax1, ax2] = A[ax0, ax2, ax1]

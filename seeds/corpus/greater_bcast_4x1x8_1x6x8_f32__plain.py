# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((4, 1, 8), "float32", layout=None), B: T.Buffer((1, 6, 8), "float32", layout=None), T_greater: T.Buffer((4, 6, 8), "bool", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1, ax2 in T.grid(4, 6, 8):
        T_greater[ax0, ax1, ax2] = B[0, ax1, ax2] < A[ax0, 0, ax2]

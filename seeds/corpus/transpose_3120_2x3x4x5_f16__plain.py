# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((2, 3, 4, 5), "float16", layout=None), T_transpose: T.Buffer((5, 3, 4, 2), "float16", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1, ax2, ax3 in T.grid(5, 3, 4, 2):
        T_transpose[ax0, ax1, ax2, ax3] = A[ax3, ax1, ax2, ax0]

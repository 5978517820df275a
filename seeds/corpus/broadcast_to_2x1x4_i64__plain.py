# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((2, 1, 4), "int64", layout=None), T_broadcast_to: T.Buffer((2, 5, 4), "int64", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1, ax2 in T.grid(2, 5, 4):
        T_broadcast_to[ax0, ax1, ax2] = A[ax0, 0, ax2]

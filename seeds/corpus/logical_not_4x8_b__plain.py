# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((4, 8), "bool", layout=None), T_logical_not: T.Buffer((4, 8), "bool", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1 in T.grid(4, 8):
        T_logical_not[ax0, ax1] = not A[ax0, ax1]

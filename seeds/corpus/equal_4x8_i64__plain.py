# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((4, 8), "int64", layout=None), B: T.Buffer((4, 8), "int64", layout=None), T_equal: T.Buffer((4, 8), "bool", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1 in T.grid(4, 8):
        T_equal[ax0, ax1] = A[ax0, ax1] == B[ax0, ax1]

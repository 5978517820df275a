# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((1, 4, 1, 8), "float32", layout=None), T_squeeze: T.Buffer((4, 8), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1 in T.grid(4, 8):
        T_squeeze[ax0, ax1] = A[0, ax0, 0, ax1]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((4, 3), "int32", layout=None), idx: T.Buffer((2, 3), "int64", layout=None), T_gather: T.Buffer((2, 3), "int32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1 in T.grid(2, 3):
        T_gather[ax0, ax1] = A[idx[ax0, ax1], ax1]

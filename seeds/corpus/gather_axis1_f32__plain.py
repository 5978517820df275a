# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((3, 5), "float32", layout=None), idx: T.Buffer((3, 4), "int32", layout=None), T_gather: T.Buffer((3, 4), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1 in T.grid(3, 4):
        T_gather[ax0, ax1] = A[ax0, idx[ax0, ax1]]

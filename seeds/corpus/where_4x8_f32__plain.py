# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(C: T.Buffer((4, 8), "bool", layout=None), A: T.Buffer((4, 8), "float32", layout=None), B: T.Buffer((4, 8), "float32", layout=None), T_where: T.Buffer((4, 8), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1 in T.grid(4, 8):
        T_where[ax0, ax1] = T.Select(0 < T.Cast("int32", C[ax0, ax1]), A[ax0, ax1], B[ax0, ax1])

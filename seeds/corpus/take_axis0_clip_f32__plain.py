# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((5, 3), "float32", layout=None), idx: T.Buffer((2, 3), "int32", layout=None), T_take: T.Buffer((2, 3, 3), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1, ax2 in T.grid(2, 3, 3):
        T_take[ax0, ax1, ax2] = A[T.min(T.max(0, idx[ax0, ax1]), 4), ax2]

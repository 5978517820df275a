# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((2, 3, 4), "int64", layout=None), T_sign: T.Buffer((2, 3, 4), "int64", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1, ax2 in T.grid(2, 3, 4):
        T_sign[ax0, ax1, ax2] = T.Select(T.int64(0) < A[ax0, ax1, ax2], T.int64(1), T.Select(A[ax0, ax1, ax2] < T.int64(0), T.int64(-1), T.int64(0)))

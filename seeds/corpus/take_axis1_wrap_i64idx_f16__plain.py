# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((2, 6), "float16", layout=None), idx: T.Buffer((4,), "int64", layout=None), T_take: T.Buffer((2, 4), "float16", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1 in T.grid(2, 4):
        T_take[ax0, ax1] = A[ax0, T.truncmod(T.truncmod(idx[ax1], T.int64(6)) + T.int64(6), T.int64(6))]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((2, 3), "float32", layout=None), T_tile: T.Buffer((T.int64(4), T.int64(9)), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1 in T.grid(T.int64(4), T.int64(9)):
        T_tile[ax0, ax1] = A[ax0 % T.int64(2), ax1 % T.int64(3)]

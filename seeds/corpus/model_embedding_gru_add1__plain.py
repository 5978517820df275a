# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(split_0: T.Buffer((T.int64(2), T.int64(6)), "float32", layout=None), split_01: T.Buffer((T.int64(2), T.int64(6)), "float32", layout=None), T_add: T.Buffer((T.int64(2), T.int64(6)), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1 in T.grid(T.int64(2), T.int64(6)):
        T_add[ax0, ax1] = split_0[ax0, ax1] + split_01[ax0, ax1]

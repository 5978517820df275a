# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(sigmoid1: T.Buffer((T.int64(2), T.int64(6)), "float32", layout=None), T_subtract: T.Buffer((T.int64(2), T.int64(6)), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1 in T.grid(T.int64(2), T.int64(6)):
        T_subtract[ax0, ax1] = T.float32(1.0) - sigmoid1[ax0, ax1]

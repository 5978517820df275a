# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(sigmoid: T.Buffer((T.int64(2), T.int64(6)), "float32", layout=None), split_21: T.Buffer((T.int64(2), T.int64(6)), "float32", layout=None), T_multiply: T.Buffer((T.int64(2), T.int64(6)), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1 in T.grid(T.int64(2), T.int64(6)):
        T_multiply[ax0, ax1] = sigmoid[ax0, ax1] * split_21[ax0, ax1]

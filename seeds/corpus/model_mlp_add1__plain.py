# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(matmul1: T.Buffer((T.int64(4), T.int64(8)), "float32", layout=None), layers_1_bias: T.Buffer((T.int64(8),), "float32", layout=None), T_add: T.Buffer((T.int64(4), T.int64(8)), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1 in T.grid(T.int64(4), T.int64(8)):
        T_add[ax0, ax1] = matmul1[ax0, ax1] + layers_1_bias[ax1]

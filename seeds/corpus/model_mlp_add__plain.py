# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(matmul: T.Buffer((T.int64(4), T.int64(32)), "float32", layout=None), layers_0_bias: T.Buffer((T.int64(32),), "float32", layout=None), T_add: T.Buffer((T.int64(4), T.int64(32)), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1 in T.grid(T.int64(4), T.int64(32)):
        T_add[ax0, ax1] = matmul[ax0, ax1] + layers_0_bias[ax1]

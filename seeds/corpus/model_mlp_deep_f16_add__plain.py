# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(matmul: T.Buffer((T.int64(2), T.int64(12)), "float16", layout=None), layers_0_bias: T.Buffer((T.int64(12),), "float16", layout=None), T_add: T.Buffer((T.int64(2), T.int64(12)), "float16", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1 in T.grid(T.int64(2), T.int64(12)):
        T_add[ax0, ax1] = matmul[ax0, ax1] + layers_0_bias[ax1]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(matmul2: T.Buffer((T.int64(2), T.int64(4)), "float16", layout=None), layers_2_bias: T.Buffer((T.int64(4),), "float16", layout=None), T_add: T.Buffer((T.int64(2), T.int64(4)), "float16", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1 in T.grid(T.int64(2), T.int64(4)):
        T_add[ax0, ax1] = matmul2[ax0, ax1] + layers_2_bias[ax1]

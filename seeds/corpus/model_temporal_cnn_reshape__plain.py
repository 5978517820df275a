# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(conv1_bias: T.Buffer((T.int64(8),), "float32", layout=None), T_reshape: T.Buffer((T.int64(1), T.int64(8), T.int64(1)), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax1 in range(T.int64(8)):
        T_reshape[T.int64(0), ax1, T.int64(0)] = conv1_bias[T.Add(ax1, T.int64(0)) % T.int64(8)]

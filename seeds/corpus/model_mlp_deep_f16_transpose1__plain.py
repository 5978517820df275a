# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(layers_1_weight: T.Buffer((T.int64(12), T.int64(12)), "float16", layout=None), T_transpose: T.Buffer((T.int64(12), T.int64(12)), "float16", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1 in T.grid(T.int64(12), T.int64(12)):
        T_transpose[ax0, ax1] = layers_1_weight[ax1, ax0]

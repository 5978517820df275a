# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(embed_weight: T.Buffer((T.int64(10), T.int64(8)), "float32", layout=None), tokens: T.Buffer((T.int64(2),), "int32", layout=None), T_take: T.Buffer((T.int64(2), T.int64(8)), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1 in T.grid(T.int64(2), T.int64(8)):
        T_take[ax0, ax1] = embed_weight[tokens[ax0], ax1]

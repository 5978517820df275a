# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(qkv_weight: T.Buffer((T.int64(48), T.int64(16)), "float32", layout=None), T_transpose: T.Buffer((T.int64(16), T.int64(48)), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1 in T.grid(T.int64(16), T.int64(48)):
        T_transpose[ax0, ax1] = qkv_weight[ax1, ax0]

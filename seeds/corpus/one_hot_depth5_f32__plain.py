# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(idx: T.Buffer((6,), "int32", layout=None), T_one_hot: T.Buffer((6, 5), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1 in T.grid(6, 5):
        T_one_hot[ax0, ax1] = T.Select(idx[ax0] == ax1, T.float32(1.0), T.float32(0.0))

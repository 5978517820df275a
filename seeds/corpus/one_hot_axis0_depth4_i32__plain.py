# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(idx: T.Buffer((2, 3), "int32", layout=None), T_one_hot: T.Buffer((4, 2, 3), "int32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1, ax2 in T.grid(4, 2, 3):
        T_one_hot[ax0, ax1, ax2] = T.Select(idx[ax1, ax2] == ax0, 7, -1)

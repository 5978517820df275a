# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(W: T.Buffer((8, 4), "float32", layout=None), tokens: T.Buffer((2, 3), "int32", layout=None), T_take: T.Buffer((2, 3, 4), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1, ax2 in T.grid(2, 3, 4):
        T_take[ax0, ax1, ax2] = W[tokens[ax0, ax1], ax2]

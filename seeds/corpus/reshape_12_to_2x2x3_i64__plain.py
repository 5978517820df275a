# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((12,), "int64", layout=None), T_reshape: T.Buffer((2, 2, 3), "int64", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1, ax2 in T.grid(2, 2, 3):
        T_reshape[ax0, ax1, ax2] = A[(ax0 * 6 + ax1 * 3 + ax2) % 12]

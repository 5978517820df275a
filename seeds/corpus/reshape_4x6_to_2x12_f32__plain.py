# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((4, 6), "float32", layout=None), T_reshape: T.Buffer((2, 12), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1 in T.grid(2, 12):
        T_reshape[ax0, ax1] = A[(ax0 * 2 + ax1 // 6) % 4, ax1 % 6]

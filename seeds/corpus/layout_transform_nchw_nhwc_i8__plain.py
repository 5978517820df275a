# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((1, 4, 3, 5), "int8", layout=None), T_layout_trans: T.Buffer((1, 3, 5, 4), "int8", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax1, ax2, ax3 in T.grid(3, 5, 4):
        T_layout_trans[0, ax1, ax2, ax3] = T.if_then_else(T.LT(0, 1) and ax3 < 4 and ax1 < 3 and ax2 < 5, A[0, ax3, ax1, ax2], T.int8(0))

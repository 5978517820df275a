# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((1, 8, 4, 4), "float32", layout=None), T_layout_trans: T.Buffer((1, 2, 4, 4, 4), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax1, ax2, ax3, ax4 in T.grid(2, 4, 4, 4):
        T_layout_trans[0, ax1, ax2, ax3, ax4] = T.if_then_else(T.LT(0, 1) and ax1 * 4 + ax4 < 8 and ax2 < 4 and ax3 < 4, A[0, ax1 * 4 + ax4, ax2, ax3], T.float32(0.0))

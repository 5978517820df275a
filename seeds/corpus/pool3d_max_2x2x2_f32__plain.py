# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((1, 2, 4, 4, 4), "float32", layout=None), pool_max: T.Buffer((1, 2, 2, 2, 2), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax1, ax2, ax3, ax4, rv0, rv1, rv2 in T.grid(2, 2, 2, 2, 2, 2, 2):
        if rv0 == 0 and rv1 == 0 and rv2 == 0:
            pool_max[0, ax1, ax2, ax3, ax4] = T.float32(-340282346638528859811704183484516925440.0)
        pool_max[0, ax1, ax2, ax3, ax4] = T.max(pool_max[0, ax1, ax2, ax3, ax4], A[0, ax1, ax2 * 2 + rv0, ax3 * 2 + rv1, ax4 * 2 + rv2])

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((1, 8, 8, 4), "float32", layout=None), pool_max: T.Buffer((1, 6, 6, 4), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax1, ax2, ax3, rv0, rv1 in T.grid(6, 6, 4, 2, 2):
        if rv0 == 0 and rv1 == 0:
            pool_max[0, ax1, ax2, ax3] = T.float32(-340282346638528859811704183484516925440.0)
        pool_max[0, ax1, ax2, ax3] = T.max(pool_max[0, ax1, ax2, ax3], A[0, rv0 * 2 + ax1, rv1 * 2 + ax2, ax3])

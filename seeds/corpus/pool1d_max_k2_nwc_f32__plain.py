# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((1, 16, 4), "float32", layout=None), pool_max: T.Buffer((1, 8, 4), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax1, ax2, rv0 in T.grid(8, 4, 2):
        if rv0 == 0:
            pool_max[0, ax1, ax2] = T.float32(-340282346638528859811704183484516925440.0)
        pool_max[0, ax1, ax2] = T.max(pool_max[0, ax1, ax2], A[0, ax1 * 2 + rv0, ax2])

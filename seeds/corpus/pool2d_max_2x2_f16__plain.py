# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((1, 4, 8, 8), "float16", layout=None), pool_max: T.Buffer((1, 4, 4, 4), "float16", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax1, ax2, ax3, rv0, rv1 in T.grid(4, 4, 4, 2, 2):
        if rv0 == 0 and rv1 == 0:
            pool_max[0, ax1, ax2, ax3] = T.float16(-65504.0)
        pool_max[0, ax1, ax2, ax3] = T.max(pool_max[0, ax1, ax2, ax3], A[0, ax1, ax2 * 2 + rv0, ax3 * 2 + rv1])

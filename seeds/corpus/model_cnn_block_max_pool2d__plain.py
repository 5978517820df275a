# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(relu: T.Buffer((T.int64(1), T.int64(8), T.int64(8), T.int64(8)), "float32", layout=None), pool_max: T.Buffer((T.int64(1), T.int64(8), T.int64(4), T.int64(4)), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax1, ax2, ax3, rv0, rv1 in T.grid(T.int64(8), T.int64(4), T.int64(4), T.int64(2), T.int64(2)):
        if rv0 == T.int64(0) and rv1 == T.int64(0):
            pool_max[T.int64(0), ax1, ax2, ax3] = T.float32(-340282346638528859811704183484516925440.0)
        pool_max[T.int64(0), ax1, ax2, ax3] = T.max(pool_max[T.int64(0), ax1, ax2, ax3], relu[T.int64(0), ax1, ax2 * T.int64(2) + rv0, ax3 * T.int64(2) + rv1])

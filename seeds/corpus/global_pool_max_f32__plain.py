# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((2, 4, 6, 6), "float32", layout=None), adaptive_pool_max: T.Buffer((2, 4, 1, 1), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1, rv0, rv1 in T.grid(2, 4, 6, 6):
        if rv0 == 0 and rv1 == 0:
            adaptive_pool_max[ax0, ax1, 0, 0] = T.float32(-340282346638528859811704183484516925440.0)
        adaptive_pool_max[ax0, ax1, 0, 0] = T.max(adaptive_pool_max[ax0, ax1, 0, 0], A[ax0, ax1, T.Mul(0, 6) + rv0, T.Mul(0, 6) + rv1])

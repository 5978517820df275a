# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((2, 4, 12), "float32", layout=None), adaptive_pool_max: T.Buffer((2, 4, 5), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax0, ax1, ax2 in T.grid(2, 4, 5):
        for rv0 in range(T.Select((ax2 * 12 + 2) % 5 == 0, (ax2 * 12 + 12) // 5, (ax2 * 12 + 12) // 5 + 1) - ax2 * 12 // 5):
            if rv0 == 0:
                adaptive_pool_max[ax0, ax1, ax2] = T.float32(-340282346638528859811704183484516925440.0)
            adaptive_pool_max[ax0, ax1, ax2] = T.max(adaptive_pool_max[ax0, ax1, ax2], A[ax0, ax1, ax2 * 12 // 5 + rv0])

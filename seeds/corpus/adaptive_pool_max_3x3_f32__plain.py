# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((1, 4, 8, 8), "float32", layout=None), adaptive_pool_max: T.Buffer((1, 4, 3, 3), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    for ax1, ax2, ax3 in T.grid(4, 3, 3):
        for rv0, rv1 in T.grid(T.Select((ax2 * 8 + 2) % 3 == 0, (ax2 * 8 + 8) // 3, (ax2 * 8 + 8) // 3 + 1) - ax2 * 8 // 3, T.Select((ax3 * 8 + 2) % 3 == 0, (ax3 * 8 + 8) // 3, (ax3 * 8 + 8) // 3 + 1) - ax3 * 8 // 3):
            if rv0 == 0 and rv1 == 0:
                adaptive_pool_max[0, ax1, ax2, ax3] = T.float32(-340282346638528859811704183484516925440.0)
            adaptive_pool_max[0, ax1, ax2, ax3] = T.max(adaptive_pool_max[0, ax1, ax2, ax3], A[0, ax1, ax2 * 8 // 3 + rv0, ax3 * 8 // 3 + rv1])

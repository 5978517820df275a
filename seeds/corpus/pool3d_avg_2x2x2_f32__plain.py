# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((1, 2, 4, 4, 4), "float32", layout=None), pool_avg: T.Buffer((1, 2, 2, 2, 2), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    pool_sum = T.alloc_buffer((1, 2, 2, 2, 2), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for ax1, ax2, ax3, ax4, rv0, rv1, rv2 in T.grid(2, 2, 2, 2, 2, 2, 2):
        if rv0 == 0 and rv1 == 0 and rv2 == 0:
            pool_sum[0, ax1, ax2, ax3, ax4] = T.float32(0.0)
        pool_sum[0, ax1, ax2, ax3, ax4] = pool_sum[0, ax1, ax2, ax3, ax4] + A[0, ax1, ax2 * 2 + rv0, ax3 * 2 + rv1, ax4 * 2 + rv2]
    for ax1, ax2, ax3, ax4 in T.grid(2, 2, 2, 2):
        pool_avg[0, ax1, ax2, ax3, ax4] = pool_sum[0, ax1, ax2, ax3, ax4] / T.Cast("float32", (T.min(1, 3 - ax2 * 2) + 1) * (T.min(1, 3 - ax3 * 2) + 1) * (T.min(1, 3 - ax4 * 2) + 1))

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((1, 4, 8, 8), "float16", layout=None), pool_avg: T.Buffer((1, 4, 4, 4), "float16", layout=None)):
    T.func_attr({"tirx.noalias": True})
    pool_sum = T.alloc_buffer((1, 4, 4, 4), "float16", layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for ax1, ax2, ax3, rv0, rv1 in T.grid(4, 4, 4, 2, 2):
        if rv0 == 0 and rv1 == 0:
            pool_sum[0, ax1, ax2, ax3] = T.float16(0.0)
        pool_sum[0, ax1, ax2, ax3] = pool_sum[0, ax1, ax2, ax3] + A[0, ax1, ax2 * 2 + rv0, ax3 * 2 + rv1]
    for ax1, ax2, ax3 in T.grid(4, 4, 4):
        pool_avg[0, ax1, ax2, ax3] = pool_sum[0, ax1, ax2, ax3] / T.Cast("float16", (T.min(1, 7 - ax2 * 2) + 1) * (T.min(1, 7 - ax3 * 2) + 1))

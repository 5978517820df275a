# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((1, 8, 8, 4), "float32", layout=None), pool_avg: T.Buffer((1, 6, 6, 4), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    pool_sum = T.alloc_buffer((1, 6, 6, 4), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for ax1, ax2, ax3, rv0, rv1 in T.grid(6, 6, 4, 2, 2):
        if rv0 == 0 and rv1 == 0:
            pool_sum[0, ax1, ax2, ax3] = T.float32(0.0)
        pool_sum[0, ax1, ax2, ax3] = pool_sum[0, ax1, ax2, ax3] + A[0, rv0 * 2 + ax1, rv1 * 2 + ax2, ax3]
    for ax1, ax2, ax3 in T.grid(6, 6, 4):
        pool_avg[0, ax1, ax2, ax3] = pool_sum[0, ax1, ax2, ax3] / T.Cast("float32", (T.Div(T.min(2, 7 - ax1), 2) + 1) * (T.Div(T.min(2, 7 - ax2), 2) + 1))

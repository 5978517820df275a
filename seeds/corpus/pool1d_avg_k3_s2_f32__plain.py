# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((2, 4, 16), "float32", layout=None), pool_avg: T.Buffer((2, 4, 8), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    pad_temp = T.alloc_buffer((2, 4, 18), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    pool_sum = T.alloc_buffer((2, 4, 8), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for ax0, ax1, ax2 in T.grid(2, 4, 18):
        pad_temp[ax0, ax1, ax2] = T.if_then_else(1 <= ax2 and ax2 < 17, A[ax0, ax1, ax2 - 1], T.float32(0.0))
    for ax0, ax1, ax2, rv0 in T.grid(2, 4, 8, 3):
        if rv0 == 0:
            pool_sum[ax0, ax1, ax2] = T.float32(0.0)
        pool_sum[ax0, ax1, ax2] = pool_sum[ax0, ax1, ax2] + pad_temp[ax0, ax1, ax2 * 2 + rv0]
    for ax0, ax1, ax2 in T.grid(2, 4, 8):
        pool_avg[ax0, ax1, ax2] = pool_sum[ax0, ax1, ax2] / T.Cast("float32", T.min(1, 16 - ax2 * 2) + 2)

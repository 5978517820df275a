# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((1, 16, 4), "float32", layout=None), pool_avg: T.Buffer((1, 8, 4), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    pool_sum = T.alloc_buffer((1, 8, 4), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for ax1, ax2, rv0 in T.grid(8, 4, 2):
        if rv0 == 0:
            pool_sum[0, ax1, ax2] = T.float32(0.0)
        pool_sum[0, ax1, ax2] = pool_sum[0, ax1, ax2] + A[0, ax1 * 2 + rv0, ax2]
    for ax1, ax2 in T.grid(8, 4):
        pool_avg[0, ax1, ax2] = pool_sum[0, ax1, ax2] / T.Cast("float32", T.min(1, 15 - ax1 * 2) + 1)

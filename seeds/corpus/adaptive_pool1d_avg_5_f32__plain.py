# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((2, 4, 12), "float32", layout=None), adaptive_pool_avg: T.Buffer((2, 4, 5), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    adaptive_pool_sum = T.alloc_buffer((2, 4, 5), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for ax0, ax1, ax2 in T.grid(2, 4, 5):
        for rv0 in range(T.Select((ax2 * 12 + 2) % 5 == 0, (ax2 * 12 + 12) // 5, (ax2 * 12 + 12) // 5 + 1) - ax2 * 12 // 5):
            if rv0 == 0:
                adaptive_pool_sum[ax0, ax1, ax2] = T.float32(0.0)
            adaptive_pool_sum[ax0, ax1, ax2] = adaptive_pool_sum[ax0, ax1, ax2] + A[ax0, ax1, ax2 * 12 // 5 + rv0]
    for ax0, ax1, ax2 in T.grid(2, 4, 5):
        adaptive_pool_avg[ax0, ax1, ax2] = adaptive_pool_sum[ax0, ax1, ax2] / T.Cast("float32", T.Select((ax2 * 12 + 2) % 5 == 0, (ax2 * 12 + 12) // 5, (ax2 * 12 + 12) // 5 + 1) - ax2 * 12 // 5)

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((1, 7, 9, 4), "float32", layout=None), adaptive_pool_avg: T.Buffer((1, 2, 5, 4), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    adaptive_pool_sum = T.alloc_buffer((1, 2, 5, 4), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for ax1, ax2, ax3 in T.grid(2, 5, 4):
        for rv0, rv1 in T.grid(T.Select((ax1 * 7 + 1) % 2 == 0, (ax1 * 7 + 7) // 2, (ax1 * 7 + 7) // 2 + 1) - ax1 * 7 // 2, T.Select((ax2 * 9 + 4) % 5 == 0, (ax2 * 9 + 9) // 5, (ax2 * 9 + 9) // 5 + 1) - ax2 * 9 // 5):
            if rv0 == 0 and rv1 == 0:
                adaptive_pool_sum[0, ax1, ax2, ax3] = T.float32(0.0)
            adaptive_pool_sum[0, ax1, ax2, ax3] = adaptive_pool_sum[0, ax1, ax2, ax3] + A[0, ax1 * 7 // 2 + rv0, ax2 * 9 // 5 + rv1, ax3]
    for ax1, ax2, ax3 in T.grid(2, 5, 4):
        adaptive_pool_avg[0, ax1, ax2, ax3] = adaptive_pool_sum[0, ax1, ax2, ax3] / (T.Cast("float32", T.Select((ax1 * 7 + 1) % 2 == 0, (ax1 * 7 + 7) // 2, (ax1 * 7 + 7) // 2 + 1) - ax1 * 7 // 2) * T.Cast("float32", T.Select((ax2 * 9 + 4) % 5 == 0, (ax2 * 9 + 9) // 5, (ax2 * 9 + 9) // 5 + 1) - ax2 * 9 // 5))

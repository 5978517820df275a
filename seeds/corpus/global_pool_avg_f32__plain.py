# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((2, 4, 6, 6), "float32", layout=None), adaptive_pool_avg: T.Buffer((2, 4, 1, 1), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    adaptive_pool_sum = T.alloc_buffer((2, 4, 1, 1), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for ax0, ax1, rv0, rv1 in T.grid(2, 4, 6, 6):
        if rv0 == 0 and rv1 == 0:
            adaptive_pool_sum[ax0, ax1, 0, 0] = T.float32(0.0)
        adaptive_pool_sum[ax0, ax1, 0, 0] = adaptive_pool_sum[ax0, ax1, 0, 0] + A[ax0, ax1, T.Mul(0, 6) + rv0, T.Mul(0, 6) + rv1]
    for ax0, ax1 in T.grid(2, 4):
        adaptive_pool_avg[ax0, ax1, 0, 0] = adaptive_pool_sum[ax0, ax1, 0, 0] / T.float32(36.0)

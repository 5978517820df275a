# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((1, 5, 5, 8), "float16", layout=None), adaptive_pool_avg: T.Buffer((1, 1, 1, 8), "float16", layout=None)):
    T.func_attr({"tirx.noalias": True})
    adaptive_pool_sum = T.alloc_buffer((1, 1, 1, 8), "float16", layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for ax3, rv0, rv1 in T.grid(8, 5, 5):
        if rv0 == 0 and rv1 == 0:
            adaptive_pool_sum[0, 0, 0, ax3] = T.float16(0.0)
        adaptive_pool_sum[0, 0, 0, ax3] = adaptive_pool_sum[0, 0, 0, ax3] + A[0, T.Mul(0, 5) + rv0, T.Mul(0, 5) + rv1, ax3]
    for ax3 in range(8):
        adaptive_pool_avg[0, 0, 0, ax3] = adaptive_pool_sum[0, 0, 0, ax3] / (T.float16(5.0) * T.float16(5.0))

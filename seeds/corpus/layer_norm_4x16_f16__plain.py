# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((4, 16), "float16", layout=None), gamma: T.Buffer((16,), "float16", layout=None), beta: T.Buffer((16,), "float16", layout=None), T_layer_norm: T.Buffer((4, 16), "float16", layout=None)):
    T.func_attr({"tirx.noalias": True})
    A_sum = T.alloc_buffer((4,), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    A_mean = T.alloc_buffer((4,), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    A_var_sum = T.alloc_buffer((4,), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for ax0, k1 in T.grid(4, 16):
        if k1 == 0:
            A_sum[ax0] = T.float32(0.0)
        A_sum[ax0] = A_sum[ax0] + T.Cast("float32", A[ax0, k1])
    for ax0 in range(4):
        A_mean[ax0] = A_sum[ax0] / T.float32(16.0)
    for ax0, k1 in T.grid(4, 16):
        if k1 == 0:
            A_var_sum[ax0] = T.float32(0.0)
        A_var_sum[ax0] = A_var_sum[ax0] + (T.Cast("float32", A[ax0, k1]) - A_mean[ax0]) * (T.Cast("float32", A[ax0, k1]) - A_mean[ax0])
    for ax0, ax1 in T.grid(4, 16):
        T_layer_norm[ax0, ax1] = T.Cast("float16", (T.Cast("float32", A[ax0, ax1]) - A_mean[ax0]) * T.rsqrt(A_var_sum[ax0] / T.float32(16.0) + T.float32(1.0000000000000001e-05))) * gamma[ax1] + beta[ax1]

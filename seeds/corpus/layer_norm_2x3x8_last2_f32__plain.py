# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(A: T.Buffer((2, 3, 8), "float32", layout=None), gamma: T.Buffer((3, 8), "float32", layout=None), beta: T.Buffer((3, 8), "float32", layout=None), T_layer_norm: T.Buffer((2, 3, 8), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    A_sum = T.alloc_buffer((2,), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    A_mean = T.alloc_buffer((2,), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    A_var_sum = T.alloc_buffer((2,), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for ax0, k1, k2 in T.grid(2, 3, 8):
        if k1 == 0 and k2 == 0:
            A_sum[ax0] = T.float32(0.0)
        A_sum[ax0] = A_sum[ax0] + A[ax0, k1, k2]
    for ax0 in range(2):
        A_mean[ax0] = A_sum[ax0] / T.float32(24.0)
    for ax0, k1, k2 in T.grid(2, 3, 8):
        if k1 == 0 and k2 == 0:
            A_var_sum[ax0] = T.float32(0.0)
        A_var_sum[ax0] = A_var_sum[ax0] + (A[ax0, k1, k2] - A_mean[ax0]) * (A[ax0, k1, k2] - A_mean[ax0])
    for ax0, ax1, ax2 in T.grid(2, 3, 8):
        T_layer_norm[ax0, ax1, ax2] = (A[ax0, ax1, ax2] - A_mean[ax0]) * T.rsqrt(A_var_sum[ax0] / T.float32(24.0) + T.float32(1.0000000000000001e-05)) * gamma[ax1, ax2] + beta[ax1, ax2]

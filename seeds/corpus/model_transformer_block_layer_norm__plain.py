# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(x: T.Buffer((T.int64(1), T.int64(4), T.int64(16)), "float32", layout=None), ln1_weight: T.Buffer((T.int64(16),), "float32", layout=None), ln1_bias: T.Buffer((T.int64(16),), "float32", layout=None), T_layer_norm: T.Buffer((T.int64(1), T.int64(4), T.int64(16)), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    x_sum = T.alloc_buffer((T.int64(1), T.int64(4)), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    x_mean = T.alloc_buffer((T.int64(1), T.int64(4)), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    x_var_sum = T.alloc_buffer((T.int64(1), T.int64(4)), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for ax1, k2 in T.grid(T.int64(4), T.int64(16)):
        if k2 == T.int64(0):
            x_sum[T.int64(0), ax1] = T.float32(0.0)
        x_sum[T.int64(0), ax1] = x_sum[T.int64(0), ax1] + x[T.int64(0), ax1, k2]
    for ax1 in range(T.int64(4)):
        x_mean[T.int64(0), ax1] = x_sum[T.int64(0), ax1] / T.float32(16.0)
    for ax1, k2 in T.grid(T.int64(4), T.int64(16)):
        if k2 == T.int64(0):
            x_var_sum[T.int64(0), ax1] = T.float32(0.0)
        x_var_sum[T.int64(0), ax1] = x_var_sum[T.int64(0), ax1] + (x[T.int64(0), ax1, k2] - x_mean[T.int64(0), ax1]) * (x[T.int64(0), ax1, k2] - x_mean[T.int64(0), ax1])
    for ax1, ax2 in T.grid(T.int64(4), T.int64(16)):
        T_layer_norm[T.int64(0), ax1, ax2] = (x[T.int64(0), ax1, ax2] - x_mean[T.int64(0), ax1]) * T.rsqrt(x_var_sum[T.int64(0), ax1] / T.float32(16.0) + T.float32(1.0000000000000001e-05)) * ln1_weight[ax2] + ln1_bias[ax2]

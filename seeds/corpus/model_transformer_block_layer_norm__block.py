# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(x: T.Buffer((T.int64(1), T.int64(4), T.int64(16)), "float32"), ln1_weight: T.Buffer((T.int64(16),), "float32"), ln1_bias: T.Buffer((T.int64(16),), "float32"), T_layer_norm: T.Buffer((T.int64(1), T.int64(4), T.int64(16)), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    x_sum = T.sblock_alloc_buffer((T.int64(1), T.int64(4)))
    x_mean = T.sblock_alloc_buffer((T.int64(1), T.int64(4)))
    x_var_sum = T.sblock_alloc_buffer((T.int64(1), T.int64(4)))
    for ax0, ax1, k2 in T.grid(T.int64(1), T.int64(4), T.int64(16)):
        with T.sblock("x_sum"):
            v_ax0, v_ax1, v_k2 = T.axis.remap("SSR", [ax0, ax1, k2])
            T.reads(x[v_ax0, v_ax1, v_k2])
            T.writes(x_sum[v_ax0, v_ax1])
            with T.init():
                x_sum[v_ax0, v_ax1] = T.float32(0.0)
            x_sum[v_ax0, v_ax1] = x_sum[v_ax0, v_ax1] + x[v_ax0, v_ax1, v_k2]
    for ax0, ax1 in T.grid(T.int64(1), T.int64(4)):
        with T.sblock("x_mean"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(x_sum[v_ax0, v_ax1])
            T.writes(x_mean[v_ax0, v_ax1])
            x_mean[v_ax0, v_ax1] = x_sum[v_ax0, v_ax1] / T.float32(16.0)
    for ax0, ax1, k2 in T.grid(T.int64(1), T.int64(4), T.int64(16)):
        with T.sblock("x_var_sum"):
            v_ax0, v_ax1, v_k2 = T.axis.remap("SSR", [ax0, ax1, k2])
            T.reads(x[v_ax0, v_ax1, v_k2], x_mean[v_ax0, v_ax1])
            T.writes(x_var_sum[v_ax0, v_ax1])
            with T.init():
                x_var_sum[v_ax0, v_ax1] = T.float32(0.0)
            x_var_sum[v_ax0, v_ax1] = x_var_sum[v_ax0, v_ax1] + (x[v_ax0, v_ax1, v_k2] - x_mean[v_ax0, v_ax1]) * (x[v_ax0, v_ax1, v_k2] - x_mean[v_ax0, v_ax1])
    for ax0, ax1, ax2 in T.grid(T.int64(1), T.int64(4), T.int64(16)):
        with T.sblock("T_layer_norm"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(x[v_ax0, v_ax1, v_ax2], x_mean[v_ax0, v_ax1], x_var_sum[v_ax0, v_ax1], ln1_weight[v_ax2], ln1_bias[v_ax2])
            T.writes(T_layer_norm[v_ax0, v_ax1, v_ax2])
            T_layer_norm[v_ax0, v_ax1, v_ax2] = (x[v_ax0, v_ax1, v_ax2] - x_mean[v_ax0, v_ax1]) * T.rsqrt(x_var_sum[v_ax0, v_ax1] / T.float32(16.0) + T.float32(1.0000000000000001e-05)) * ln1_weight[v_ax2] + ln1_bias[v_ax2]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func
def main(conv2d: T.Buffer((T.int64(1), T.int64(4), T.int64(6), T.int64(6)), "float32", layout=None), norm_weight: T.Buffer((T.int64(4),), "float32", layout=None), norm_bias: T.Buffer((T.int64(4),), "float32", layout=None), T_reshape: T.Buffer((T.int64(1), T.int64(4), T.int64(6), T.int64(6)), "float32", layout=None)):
    T.func_attr({"tirx.noalias": True})
    T_reshape_1 = T.alloc_buffer((T.int64(1), T.int64(2), T.int64(2), T.int64(6), T.int64(6)), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    conv2d_red_temp_v0 = T.alloc_buffer((T.int64(1), T.int64(2)), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    conv2d_red_temp_v1 = T.alloc_buffer((T.int64(1), T.int64(2)), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_reshape_2 = T.alloc_buffer((T.int64(2), T.int64(2)), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_reshape_3 = T.alloc_buffer((T.int64(2), T.int64(2)), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    T_group_norm = T.alloc_buffer((T.int64(1), T.int64(2), T.int64(2), T.int64(6), T.int64(6)), layout=None, annotations={"buffer_allocated_addr": [], "buffer_data_alignment": 64})
    for ax1, ax2, ax3, ax4 in T.grid(T.int64(2), T.int64(2), T.int64(6), T.int64(6)):
        T_reshape_1[T.int64(0), ax1, ax2, ax3, ax4] = conv2d[T.int64(0), (ax1 * T.int64(2) + (ax4 // T.int64(6) + ax3) // T.int64(6) + ax2) % T.int64(4), (ax4 // T.int64(6) + ax3) % T.int64(6), ax4 % T.int64(6)]
    for ax1, k2, k3, k4 in T.grid(T.int64(2), T.int64(2), T.int64(6), T.int64(6)):
        if k2 == T.int64(0) and k3 == T.int64(0) and k4 == T.int64(0):
            conv2d_red_temp_v0[T.int64(0), ax1] = T.float32(0.0)
            conv2d_red_temp_v1[T.int64(0), ax1] = T.float32(0.0)
        v_conv2d_red_temp_v0: T.let[T.float32] = conv2d_red_temp_v0[T.int64(0), ax1] + T_reshape_1[T.int64(0), ax1, k2, k3, k4]
        v_conv2d_red_temp_v1: T.let[T.float32] = conv2d_red_temp_v1[T.int64(0), ax1] + T_reshape_1[T.int64(0), ax1, k2, k3, k4] * T_reshape_1[T.int64(0), ax1, k2, k3, k4]
        conv2d_red_temp_v0[T.int64(0), ax1] = v_conv2d_red_temp_v0
        conv2d_red_temp_v1[T.int64(0), ax1] = v_conv2d_red_temp_v1
    for ax0, ax1 in T.grid(T.int64(2), T.int64(2)):
        T_reshape_2[ax0, ax1] = norm_weight[(ax0 * T.int64(2) + ax1) % T.int64(4)]
    for ax0, ax1 in T.grid(T.int64(2), T.int64(2)):
        T_reshape_3[ax0, ax1] = norm_bias[(ax0 * T.int64(2) + ax1) % T.int64(4)]
    for ax1, ax2, ax3, ax4 in T.grid(T.int64(2), T.int64(2), T.int64(6), T.int64(6)):
        T_group_norm[T.int64(0), ax1, ax2, ax3, ax4] = (T_reshape_1[T.int64(0), ax1, ax2, ax3, ax4] - conv2d_red_temp_v0[T.int64(0), ax1] / T.float32(72.0)) * T.rsqrt(conv2d_red_temp_v1[T.int64(0), ax1] / T.float32(72.0) - conv2d_red_temp_v0[T.int64(0), ax1] / T.float32(72.0) * (conv2d_red_temp_v0[T.int64(0), ax1] / T.float32(72.0)) + T.float32(1.0000000000000001e-05)) * T_reshape_2[ax1, ax2] + T_reshape_3[ax1, ax2]
    for ax1, ax2, ax3 in T.grid(T.int64(4), T.int64(6), T.int64(6)):
        T_reshape[T.int64(0), ax1, ax2, ax3] = T_group_norm[T.int64(0), ((ax3 // T.int64(6) + ax2) // T.int64(6) + ax1) % T.int64(4) // T.int64(2), ((ax3 // T.int64(6) + ax2) // T.int64(6) + ax1) % T.int64(2), (ax3 // T.int64(6) + ax2) % T.int64(6), ax3 % T.int64(6)]

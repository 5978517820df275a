# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(conv2d: T.Buffer((T.int64(1), T.int64(4), T.int64(6), T.int64(6)), "float32"), norm_weight: T.Buffer((T.int64(4),), "float32"), norm_bias: T.Buffer((T.int64(4),), "float32"), T_reshape: T.Buffer((T.int64(1), T.int64(4), T.int64(6), T.int64(6)), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    T_reshape_1 = T.sblock_alloc_buffer((T.int64(1), T.int64(2), T.int64(2), T.int64(6), T.int64(6)))
    conv2d_red_temp_v0 = T.sblock_alloc_buffer((T.int64(1), T.int64(2)))
    conv2d_red_temp_v1 = T.sblock_alloc_buffer((T.int64(1), T.int64(2)))
    T_reshape_2 = T.sblock_alloc_buffer((T.int64(2), T.int64(2)))
    T_reshape_3 = T.sblock_alloc_buffer((T.int64(2), T.int64(2)))
    T_group_norm = T.sblock_alloc_buffer((T.int64(1), T.int64(2), T.int64(2), T.int64(6), T.int64(6)))
    for ax0, ax1, ax2, ax3, ax4 in T.grid(T.int64(1), T.int64(2), T.int64(2), T.int64(6), T.int64(6)):
        with T.sblock("T_reshape"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_ax4 = T.axis.remap("SSSSS", [ax0, ax1, ax2, ax3, ax4])
            T.reads(conv2d[T.int64(0), (v_ax1 * T.int64(2) + (v_ax4 // T.int64(6) + v_ax3) // T.int64(6) + v_ax2) % T.int64(4), (v_ax4 // T.int64(6) + v_ax3) % T.int64(6), v_ax4 % T.int64(6)])
            T.writes(T_reshape_1[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4])
            T_reshape_1[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] = conv2d[T.int64(0), (v_ax1 * T.int64(2) + (v_ax4 // T.int64(6) + v_ax3) // T.int64(6) + v_ax2) % T.int64(4), (v_ax4 // T.int64(6) + v_ax3) % T.int64(6), v_ax4 % T.int64(6)]
    for ax0, ax1, k2, k3, k4 in T.grid(T.int64(1), T.int64(2), T.int64(2), T.int64(6), T.int64(6)):
        with T.sblock("conv2d_red_temp"):
            v_ax0, v_ax1, v_k2, v_k3, v_k4 = T.axis.remap("SSRRR", [ax0, ax1, k2, k3, k4])
            T.reads(T_reshape_1[v_ax0, v_ax1, v_k2, v_k3, v_k4])
            T.writes(conv2d_red_temp_v0[v_ax0, v_ax1], conv2d_red_temp_v1[v_ax0, v_ax1])
            with T.init():
                conv2d_red_temp_v0[v_ax0, v_ax1] = T.float32(0.0)
                conv2d_red_temp_v1[v_ax0, v_ax1] = T.float32(0.0)
            v_conv2d_red_temp_v0: T.let[T.float32] = conv2d_red_temp_v0[v_ax0, v_ax1] + T_reshape_1[v_ax0, v_ax1, v_k2, v_k3, v_k4]
            v_conv2d_red_temp_v1: T.let[T.float32] = conv2d_red_temp_v1[v_ax0, v_ax1] + T_reshape_1[v_ax0, v_ax1, v_k2, v_k3, v_k4] * T_reshape_1[v_ax0, v_ax1, v_k2, v_k3, v_k4]
            conv2d_red_temp_v0[v_ax0, v_ax1] = v_conv2d_red_temp_v0
            conv2d_red_temp_v1[v_ax0, v_ax1] = v_conv2d_red_temp_v1
    for ax0, ax1 in T.grid(T.int64(2), T.int64(2)):
        with T.sblock("T_reshape_1"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(norm_weight[(v_ax0 * T.int64(2) + v_ax1) % T.int64(4)])
            T.writes(T_reshape_2[v_ax0, v_ax1])
            T_reshape_2[v_ax0, v_ax1] = norm_weight[(v_ax0 * T.int64(2) + v_ax1) % T.int64(4)]
    for ax0, ax1 in T.grid(T.int64(2), T.int64(2)):
        with T.sblock("T_reshape_2"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(norm_bias[(v_ax0 * T.int64(2) + v_ax1) % T.int64(4)])
            T.writes(T_reshape_3[v_ax0, v_ax1])
            T_reshape_3[v_ax0, v_ax1] = norm_bias[(v_ax0 * T.int64(2) + v_ax1) % T.int64(4)]
    for ax0, ax1, ax2, ax3, ax4 in T.grid(T.int64(1), T.int64(2), T.int64(2), T.int64(6), T.int64(6)):
        with T.sblock("T_group_norm"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_ax4 = T.axis.remap("SSSSS", [ax0, ax1, ax2, ax3, ax4])
            T.reads(T_reshape_1[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4], conv2d_red_temp_v0[v_ax0, v_ax1], conv2d_red_temp_v1[v_ax0, v_ax1], T_reshape_2[v_ax1, v_ax2], T_reshape_3[v_ax1, v_ax2])
            T.writes(T_group_norm[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4])
            T_group_norm[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] = (T_reshape_1[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] - conv2d_red_temp_v0[v_ax0, v_ax1] / T.float32(72.0)) * T.rsqrt(conv2d_red_temp_v1[v_ax0, v_ax1] / T.float32(72.0) - conv2d_red_temp_v0[v_ax0, v_ax1] / T.float32(72.0) * (conv2d_red_temp_v0[v_ax0, v_ax1] / T.float32(72.0)) + T.float32(1.0000000000000001e-05)) * T_reshape_2[v_ax1, v_ax2] + T_reshape_3[v_ax1, v_ax2]
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(4), T.int64(6), T.int64(6)):
        with T.sblock("T_reshape_3"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(T_group_norm[T.int64(0), ((v_ax3 // T.int64(6) + v_ax2) // T.int64(6) + v_ax1) % T.int64(4) // T.int64(2), ((v_ax3 // T.int64(6) + v_ax2) // T.int64(6) + v_ax1) % T.int64(2), (v_ax3 // T.int64(6) + v_ax2) % T.int64(6), v_ax3 % T.int64(6)])
            T.writes(T_reshape[v_ax0, v_ax1, v_ax2, v_ax3])
            T_reshape[v_ax0, v_ax1, v_ax2, v_ax3] = T_group_norm[T.int64(0), ((v_ax3 // T.int64(6) + v_ax2) // T.int64(6) + v_ax1) % T.int64(4) // T.int64(2), ((v_ax3 // T.int64(6) + v_ax2) // T.int64(6) + v_ax1) % T.int64(2), (v_ax3 // T.int64(6) + v_ax2) % T.int64(6), v_ax3 % T.int64(6)]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def layer_norm_tuple_sum(data: T.Buffer((128, 768), "float32"), gamma: T.Buffer((768,), "float32"), bias: T.Buffer((768,), "float32"), T_layer_norm: T.Buffer((128, 768), "float32")):
    # with T.sblock("root"):
    data_red_temp_v0 = T.sblock_alloc_buffer((128,))
    data_red_temp_v1 = T.sblock_alloc_buffer((128,))
    for i0_fused in T.thread_binding(128, thread="blockIdx.x"):
        for i1_0 in range(24):
            for i1_1 in T.thread_binding(32, thread="threadIdx.x"):
                with T.sblock("data_red_temp"):
                    ax0 = T.axis.spatial(128, i0_fused)
                    k1 = T.axis.reduce(768, i1_0 * 32 + i1_1)
                    T.reads(data[ax0, k1])
                    T.writes(data_red_temp_v0[ax0], data_red_temp_v1[ax0])
                    with T.init():
                        data_red_temp_v0[ax0] = T.float32(0.0)
                        data_red_temp_v1[ax0] = T.float32(0.0)
                    v_data_red_temp_v0: T.let[T.float32] = data_red_temp_v0[ax0] + data[ax0, k1]
                    v_data_red_temp_v1: T.let[T.float32] = data_red_temp_v1[ax0] + data[ax0, k1] * data[ax0, k1]
                    data_red_temp_v0[ax0] = v_data_red_temp_v0
                    data_red_temp_v1[ax0] = v_data_red_temp_v1
    for i0_i1_fused_0 in T.thread_binding(384, thread="blockIdx.x"):
        for i0_i1_fused_1 in T.thread_binding(256, thread="threadIdx.x"):
            with T.sblock("T_layer_norm"):
                ax0 = T.axis.spatial(128, (i0_i1_fused_0 * 256 + i0_i1_fused_1) // 768)
                ax1 = T.axis.spatial(768, (i0_i1_fused_0 * 256 + i0_i1_fused_1) % 768)
                T.reads(data[ax0, ax1], data_red_temp_v0[ax0], data_red_temp_v1[ax0], gamma[ax1], bias[ax1])
                T.writes(T_layer_norm[ax0, ax1])
                T_layer_norm[ax0, ax1] = (data[ax0, ax1] - data_red_temp_v0[ax0] * T.float32(0.0013020833333333333)) * T.rsqrt(data_red_temp_v1[ax0] * T.float32(0.0013020833333333333) - data_red_temp_v0[ax0] * T.float32(0.0013020833333333333) * (data_red_temp_v0[ax0] * T.float32(0.0013020833333333333)) + T.float32(1.0000000000000001e-05)) * gamma[ax1] + bias[ax1]

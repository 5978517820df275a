# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(inputs: T.Buffer((1, 256, 64), "float32"), weight: T.Buffer((3, 64, 128), "float32"), conv1d_nlc: T.Buffer((1, 128, 128), "float32")):
    T.func_attr({"tirx.noalias": True})
    with T.sblock("root"):
        T.reads()
        T.writes()
        T.sblock_attr({"meta_schedule.unroll_explicit": 16})
        conv1d_nlc_local = T.sblock_alloc_buffer((1, 128, 128), scope="local")
        PadInput_shared = T.sblock_alloc_buffer((1, 258, 64), scope="shared")
        weight_shared = T.sblock_alloc_buffer((3, 64, 128), scope="shared")
        for n_0_l_0_co_0_fused in T.thread_binding(4, thread="blockIdx.x"):
            for n_1_l_1_co_1_fused in T.thread_binding(16, thread="vthread.x"):
                for n_2_l_2_co_2_fused in T.thread_binding(4, thread="threadIdx.x"):
                    for rl_0, rc_0 in T.grid(1, 16):
                        for ax0_ax1_ax2_fused in range(260):
                            with T.sblock("PadInput_shared"):
                                v0 = T.axis.spatial(1, 0)
                                v1 = T.axis.spatial(258, n_0_l_0_co_0_fused * 64 + ax0_ax1_ax2_fused // 4)
                                v2 = T.axis.spatial(64, rc_0 * 4 + ax0_ax1_ax2_fused % 4)
                                T.reads(inputs[v0, v1 - 1, v2])
                                T.writes(PadInput_shared[v0, v1, v2])
                                T.sblock_attr({"meta_schedule.cooperative_fetch": 4})
                                PadInput_shared[v0, v1, v2] = T.if_then_else(1 <= v1 and v1 < 257, inputs[v0, v1 - 1, v2], T.float32(0.0))
                        for ax0_ax1_ax2_fused in range(1536):
                            with T.sblock("weight_shared"):
                                v0 = T.axis.spatial(3, ax0_ax1_ax2_fused // 512)
                                v1 = T.axis.spatial(64, rc_0 * 4 + ax0_ax1_ax2_fused % 512 // 128)
                                v2 = T.axis.spatial(128, ax0_ax1_ax2_fused % 128)
                                T.reads(weight[v0, v1, v2])
                                T.writes(weight_shared[v0, v1, v2])
                                T.sblock_attr({"meta_schedule.cooperative_fetch": 3})
                                weight_shared[v0, v1, v2] = weight[v0, v1, v2]
                        for rl_1, rc_1, n_3, l_3, co_3, rl_2, rc_2, n_4, l_4, co_4 in T.grid(1, 2, 1, 1, 2, 3, 2, 1, 4, 8):
                            with T.sblock("conv1d_nlc"):
                                v_n = T.axis.spatial(1, n_3 + n_4)
                                v_l = T.axis.spatial(128, n_0_l_0_co_0_fused * 32 + n_1_l_1_co_1_fused // 2 * 4 + l_3 * 4 + l_4)
                                v_co = T.axis.spatial(128, n_1_l_1_co_1_fused % 2 * 64 + n_2_l_2_co_2_fused * 16 + co_3 * 8 + co_4)
                                v_rl = T.axis.reduce(3, rl_0 * 3 + rl_1 * 3 + rl_2)
                                v_rc = T.axis.reduce(64, rc_0 * 4 + rc_1 * 2 + rc_2)
                                T.reads(PadInput_shared[v_n, v_l * 2 + v_rl, v_co // 128 * 64 + v_rc], weight_shared[v_rl, v_rc, v_co])
                                T.writes(conv1d_nlc_local[v_n, v_l, v_co])
                                T.sblock_attr({"meta_schedule.thread_extent_high_inclusive": 1024, "meta_schedule.thread_extent_low_inclusive": 32, "meta_schedule.tiling_structure": "SSSRRSRS"})
                                with T.init():
                                    conv1d_nlc_local[v_n, v_l, v_co] = T.float32(0.0)
                                conv1d_nlc_local[v_n, v_l, v_co] = conv1d_nlc_local[v_n, v_l, v_co] + PadInput_shared[v_n, v_l * 2 + v_rl, v_co // 128 * 64 + v_rc] * weight_shared[v_rl, v_rc, v_co]
                    for ax0, ax1, ax2 in T.grid(1, 4, 16):
                        with T.sblock("conv1d_nlc_local"):
                            v0 = T.axis.spatial(1, ax0)
                            v1 = T.axis.spatial(128, n_0_l_0_co_0_fused * 32 + n_1_l_1_co_1_fused // 2 * 4 + ax1)
                            v2 = T.axis.spatial(128, n_1_l_1_co_1_fused % 2 * 64 + n_2_l_2_co_2_fused * 16 + ax2)
                            T.reads(conv1d_nlc_local[v0, v1, v2])
                            T.writes(conv1d_nlc[v0, v1, v2])
                            conv1d_nlc[v0, v1, v2] = conv1d_nlc_local[v0, v1, v2]

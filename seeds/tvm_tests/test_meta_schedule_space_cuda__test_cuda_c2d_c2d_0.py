# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(inputs: T.Buffer((1, 224, 224, 3), "float32"), weight: T.Buffer((7, 7, 3, 64), "float32"), conv2d_nhwc: T.Buffer((1, 112, 112, 64), "float32")):
    T.func_attr({"tirx.noalias": True})
    with T.sblock("root"):
        T.reads()
        T.writes()
        T.sblock_attr({"meta_schedule.unroll_explicit": 16})
        conv2d_nhwc_local = T.sblock_alloc_buffer((1, 112, 112, 64), scope="local")
        PadInput_shared = T.sblock_alloc_buffer((1, 230, 230, 3), scope="shared")
        weight_shared = T.sblock_alloc_buffer((7, 7, 3, 64), scope="shared")
        for n_0_h_0_w_0_co_0_fused in T.thread_binding(16, thread="blockIdx.x"):
            for n_1_h_1_w_1_co_1_fused in T.thread_binding(56, thread="vthread.x"):
                for n_2_h_2_w_2_co_2_fused in T.thread_binding(14, thread="threadIdx.x"):
                    for rh_0, rw_0, rc_0 in T.grid(1, 1, 1):
                        for ax0_ax1_ax2_ax3_fused in range(80379):
                            with T.sblock("PadInput_shared"):
                                v0 = T.axis.spatial(1, 0)
                                v1 = T.axis.spatial(230, ax0_ax1_ax2_ax3_fused // 351)
                                v2 = T.axis.spatial(230, n_0_h_0_w_0_co_0_fused // 8 * 112 + ax0_ax1_ax2_ax3_fused % 351 // 3)
                                v3 = T.axis.spatial(3, ax0_ax1_ax2_ax3_fused % 3)
                                T.reads(inputs[v0, v1 - 3, v2 - 3, v3])
                                T.writes(PadInput_shared[v0, v1, v2, v3])
                                T.sblock_attr({"meta_schedule.cooperative_fetch": 2})
                                PadInput_shared[v0, v1, v2, v3] = T.if_then_else(3 <= v1 and v1 < 227 and 3 <= v2 and v2 < 227, inputs[v0, v1 - 3, v2 - 3, v3], T.float32(0.0))
                        for ax0_ax1_ax2_ax3_fused in range(1176):
                            with T.sblock("weight_shared"):
                                v0 = T.axis.spatial(7, ax0_ax1_ax2_ax3_fused // 168)
                                v1 = T.axis.spatial(7, ax0_ax1_ax2_ax3_fused % 168 // 24)
                                v2 = T.axis.spatial(3, ax0_ax1_ax2_ax3_fused % 24 // 8)
                                v3 = T.axis.spatial(64, n_0_h_0_w_0_co_0_fused % 8 * 8 + ax0_ax1_ax2_ax3_fused % 8)
                                T.reads(weight[v0, v1, v2, v3])
                                T.writes(weight_shared[v0, v1, v2, v3])
                                T.sblock_attr({"meta_schedule.cooperative_fetch": 4})
                                weight_shared[v0, v1, v2, v3] = weight[v0, v1, v2, v3]
                        for rh_1, rw_1, rc_1, n_3, h_3, w_3, co_3, rh_2, rw_2, rc_2, n_4, h_4, w_4, co_4 in T.grid(1, 7, 1, 1, 8, 4, 1, 7, 1, 3, 1, 1, 1, 2):
                            with T.sblock("conv2d_nhwc"):
                                v_n = T.axis.spatial(1, n_3 + n_4)
                                v_h = T.axis.spatial(112, n_2_h_2_w_2_co_2_fused * 8 + h_3 + h_4)
                                v_w = T.axis.spatial(112, n_0_h_0_w_0_co_0_fused // 8 * 56 + n_1_h_1_w_1_co_1_fused // 4 * 4 + w_3 + w_4)
                                v_co = T.axis.spatial(64, n_0_h_0_w_0_co_0_fused % 8 * 8 + n_1_h_1_w_1_co_1_fused % 4 * 2 + co_3 * 2 + co_4)
                                v_rh = T.axis.reduce(7, rh_0 * 7 + rh_1 * 7 + rh_2)
                                v_rw = T.axis.reduce(7, rw_0 * 7 + rw_1 + rw_2)
                                v_rc = T.axis.reduce(3, rc_0 * 3 + rc_1 * 3 + rc_2)
                                T.reads(PadInput_shared[v_n, v_h * 2 + v_rh, v_w * 2 + v_rw, v_co // 64 * 3 + v_rc], weight_shared[v_rh, v_rw, v_rc, v_co])
                                T.writes(conv2d_nhwc_local[v_n, v_h, v_w, v_co])
                                T.sblock_attr({"meta_schedule.thread_extent_high_inclusive": 1024, "meta_schedule.thread_extent_low_inclusive": 32, "meta_schedule.tiling_structure": "SSSRRSRS"})
                                with T.init():
                                    conv2d_nhwc_local[v_n, v_h, v_w, v_co] = T.float32(0.0)
                                conv2d_nhwc_local[v_n, v_h, v_w, v_co] = conv2d_nhwc_local[v_n, v_h, v_w, v_co] + PadInput_shared[v_n, v_h * 2 + v_rh, v_w * 2 + v_rw, v_co // 64 * 3 + v_rc] * weight_shared[v_rh, v_rw, v_rc, v_co]
                    for ax0, ax1, ax2, ax3 in T.grid(1, 8, 4, 2):
                        with T.sblock("conv2d_nhwc_local"):
                            v0 = T.axis.spatial(1, ax0)
                            v1 = T.axis.spatial(112, n_2_h_2_w_2_co_2_fused * 8 + ax1)
                            v2 = T.axis.spatial(112, n_0_h_0_w_0_co_0_fused // 8 * 56 + n_1_h_1_w_1_co_1_fused // 4 * 4 + ax2)
                            v3 = T.axis.spatial(64, n_0_h_0_w_0_co_0_fused % 8 * 8 + n_1_h_1_w_1_co_1_fused % 4 * 2 + ax3)
                            T.reads(conv2d_nhwc_local[v0, v1, v2, v3])
                            T.writes(conv2d_nhwc[v0, v1, v2, v3])
                            conv2d_nhwc[v0, v1, v2, v3] = conv2d_nhwc_local[v0, v1, v2, v3]

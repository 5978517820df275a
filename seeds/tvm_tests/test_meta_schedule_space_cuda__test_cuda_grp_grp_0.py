# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(inputs: T.Buffer((1, 56, 56, 64), "float32"), weight: T.Buffer((3, 3, 16, 128), "float32"), conv2d_nhwc: T.Buffer((1, 28, 28, 128), "float32")):
    T.func_attr({"tirx.noalias": True})
    with T.sblock("root"):
        T.reads()
        T.writes()
        T.sblock_attr({"meta_schedule.unroll_explicit": 16})
        conv2d_nhwc_local = T.sblock_alloc_buffer((1, 28, 28, 128), scope="local")
        PadInput_shared = T.sblock_alloc_buffer((1, 58, 58, 64), scope="shared")
        weight_shared = T.sblock_alloc_buffer((3, 3, 16, 128), scope="shared")
        for n_0_h_0_w_0_co_0_fused in T.thread_binding(2, thread="blockIdx.x"):
            for n_1_h_1_w_1_co_1_fused in T.thread_binding(1, thread="vthread.x"):
                for n_2_h_2_w_2_co_2_fused in T.thread_binding(112, thread="threadIdx.x"):
                    for rh_0, rw_0, rc_0 in T.grid(3, 3, 1):
                        for ax0_ax1_ax2_ax3_fused in range(95040):
                            with T.sblock("PadInput_shared"):
                                v0 = T.axis.spatial(1, 0)
                                v1 = T.axis.spatial(58, n_0_h_0_w_0_co_0_fused * 28 + rh_0 + ax0_ax1_ax2_ax3_fused % 95040 // 3520)
                                v2 = T.axis.spatial(58, rw_0 + ax0_ax1_ax2_ax3_fused % 3520 // 64)
                                v3 = T.axis.spatial(64, ax0_ax1_ax2_ax3_fused % 64)
                                T.reads(inputs[v0, v1 - 1, v2 - 1, v3])
                                T.writes(PadInput_shared[v0, v1, v2, v3])
                                T.sblock_attr({"meta_schedule.cooperative_fetch": 2})
                                PadInput_shared[v0, v1, v2, v3] = T.if_then_else(1 <= v1 and v1 < 57 and 1 <= v2 and v2 < 57, inputs[v0, v1 - 1, v2 - 1, v3], T.float32(0.0))
                        for ax0_ax1_ax2_ax3_fused in range(2048):
                            with T.sblock("weight_shared"):
                                v0, v1 = T.axis.remap("SS", [rh_0, rw_0])
                                v2 = T.axis.spatial(16, ax0_ax1_ax2_ax3_fused // 128)
                                v3 = T.axis.spatial(128, ax0_ax1_ax2_ax3_fused % 128)
                                T.reads(weight[v0, v1, v2, v3])
                                T.writes(weight_shared[v0, v1, v2, v3])
                                T.sblock_attr({"meta_schedule.cooperative_fetch": 1})
                                weight_shared[v0, v1, v2, v3] = weight[v0, v1, v2, v3]
                        for rh_1, rw_1, rc_1, n_3, h_3, w_3, co_3, rh_2, rw_2, rc_2, n_4, h_4, w_4, co_4 in T.grid(1, 1, 2, 1, 2, 1, 2, 1, 1, 8, 1, 7, 4, 4):
                            with T.sblock("conv2d_nhwc"):
                                v_n = T.axis.spatial(1, n_3 + n_4)
                                v_h = T.axis.spatial(28, n_0_h_0_w_0_co_0_fused * 14 + h_3 * 7 + h_4)
                                v_w = T.axis.spatial(28, n_2_h_2_w_2_co_2_fused // 16 * 4 + w_3 * 4 + w_4)
                                v_co = T.axis.spatial(128, n_2_h_2_w_2_co_2_fused % 16 * 8 + co_3 * 4 + co_4)
                                v_rh = T.axis.reduce(3, rh_0 + rh_1 + rh_2)
                                v_rw = T.axis.reduce(3, rw_0 + rw_1 + rw_2)
                                v_rc = T.axis.reduce(16, rc_0 * 16 + rc_1 * 8 + rc_2)
                                T.reads(PadInput_shared[v_n, v_h * 2 + v_rh, v_w * 2 + v_rw, v_co // 32 * 16 + v_rc], weight_shared[v_rh, v_rw, v_rc, v_co])
                                T.writes(conv2d_nhwc_local[v_n, v_h, v_w, v_co])
                                T.sblock_attr({"meta_schedule.thread_extent_high_inclusive": 1024, "meta_schedule.thread_extent_low_inclusive": 32, "meta_schedule.tiling_structure": "SSSRRSRS"})
                                with T.init():
                                    conv2d_nhwc_local[v_n, v_h, v_w, v_co] = T.float32(0.0)
                                conv2d_nhwc_local[v_n, v_h, v_w, v_co] = conv2d_nhwc_local[v_n, v_h, v_w, v_co] + PadInput_shared[v_n, v_h * 2 + v_rh, v_w * 2 + v_rw, v_co // 32 * 16 + v_rc] * weight_shared[v_rh, v_rw, v_rc, v_co]
                    for ax0, ax1, ax2, ax3 in T.grid(1, 14, 4, 8):
                        with T.sblock("conv2d_nhwc_local"):
                            v0 = T.axis.spatial(1, ax0)
                            v1 = T.axis.spatial(28, n_0_h_0_w_0_co_0_fused * 14 + ax1)
                            v2 = T.axis.spatial(28, n_2_h_2_w_2_co_2_fused // 16 * 4 + ax2)
                            v3 = T.axis.spatial(128, n_2_h_2_w_2_co_2_fused % 16 * 8 + ax3)
                            T.reads(conv2d_nhwc_local[v0, v1, v2, v3])
                            T.writes(conv2d_nhwc[v0, v1, v2, v3])
                            conv2d_nhwc[v0, v1, v2, v3] = conv2d_nhwc_local[v0, v1, v2, v3]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(placeholder: T.Buffer((1, 112, 112, 32), "float32"), placeholder_1: T.Buffer((1, 3, 3, 32), "float32"), depth_conv2d_nhwc: T.Buffer((1, 112, 112, 32), "float32")):
    T.func_attr({"tirx.noalias": True})
    with T.sblock("root"):
        T.reads()
        T.writes()
        T.sblock_attr({"meta_schedule.unroll_explicit": 16})
        depth_conv2d_nhwc_local = T.sblock_alloc_buffer((1, 112, 112, 32), scope="local")
        PadInput_shared = T.sblock_alloc_buffer((1, 114, 114, 32), scope="shared")
        placeholder_shared = T.sblock_alloc_buffer((1, 3, 3, 32), scope="shared")
        for n_0_h_0_w_0_c_0_fused in T.thread_binding(1, thread="blockIdx.x"):
            for n_1_h_1_w_1_c_1_fused in T.thread_binding(8, thread="vthread.x"):
                for n_2_h_2_w_2_c_2_fused in T.thread_binding(14, thread="threadIdx.x"):
                    for rh_0, rw_0 in T.grid(1, 1):
                        for ax0_ax1_ax2_ax3_fused in range(415872):
                            with T.sblock("PadInput_shared"):
                                v0 = T.axis.spatial(1, 0)
                                v1 = T.axis.spatial(114, ax0_ax1_ax2_ax3_fused // 3648)
                                v2 = T.axis.spatial(114, ax0_ax1_ax2_ax3_fused % 3648 // 32)
                                v3 = T.axis.spatial(32, ax0_ax1_ax2_ax3_fused % 32)
                                T.reads(placeholder[v0, v1 - 1, v2 - 1, v3])
                                T.writes(PadInput_shared[v0, v1, v2, v3])
                                T.sblock_attr({"meta_schedule.cooperative_fetch": 3})
                                PadInput_shared[v0, v1, v2, v3] = T.if_then_else(1 <= v1 and v1 < 113 and 1 <= v2 and v2 < 113, placeholder[v0, v1 - 1, v2 - 1, v3], T.float32(0.0))
                        for ax0_ax1_ax2_ax3_fused in range(288):
                            with T.sblock("placeholder_shared"):
                                v0 = T.axis.spatial(1, 0)
                                v1 = T.axis.spatial(3, ax0_ax1_ax2_ax3_fused // 96)
                                v2 = T.axis.spatial(3, ax0_ax1_ax2_ax3_fused % 96 // 32)
                                v3 = T.axis.spatial(32, ax0_ax1_ax2_ax3_fused % 32)
                                T.reads(placeholder_1[v0, v1, v2, v3])
                                T.writes(placeholder_shared[v0, v1, v2, v3])
                                T.sblock_attr({"meta_schedule.cooperative_fetch": 3})
                                placeholder_shared[v0, v1, v2, v3] = placeholder_1[v0, v1, v2, v3]
                        for rh_1, rw_1, n_3, h_3, w_3, c_3, rh_2, rw_2, n_4, h_4, w_4, c_4 in T.grid(3, 1, 1, 4, 16, 8, 1, 3, 1, 7, 1, 1):
                            with T.sblock("depth_conv2d_nhwc"):
                                v_n = T.axis.spatial(1, n_3 + n_4)
                                v_h = T.axis.spatial(112, n_1_h_1_w_1_c_1_fused // 2 * 28 + h_3 * 7 + h_4)
                                v_w = T.axis.spatial(112, n_2_h_2_w_2_c_2_fused // 2 * 16 + w_3 + w_4)
                                v_c = T.axis.spatial(32, n_1_h_1_w_1_c_1_fused % 2 * 16 + n_2_h_2_w_2_c_2_fused % 2 * 8 + c_3 + c_4)
                                v_rh = T.axis.reduce(3, rh_0 * 3 + rh_1 + rh_2)
                                v_rw = T.axis.reduce(3, rw_0 * 3 + rw_1 * 3 + rw_2)
                                T.reads(PadInput_shared[v_n, v_h + v_rh, v_w + v_rw, v_c], placeholder_shared[0, v_rh, v_rw, v_c])
                                T.writes(depth_conv2d_nhwc_local[v_n, v_h, v_w, v_c])
                                T.sblock_attr({"meta_schedule.thread_extent_high_inclusive": 1024, "meta_schedule.thread_extent_low_inclusive": 32, "meta_schedule.tiling_structure": "SSSRRSRS"})
                                with T.init():
                                    depth_conv2d_nhwc_local[v_n, v_h, v_w, v_c] = T.float32(0.0)
                                depth_conv2d_nhwc_local[v_n, v_h, v_w, v_c] = depth_conv2d_nhwc_local[v_n, v_h, v_w, v_c] + PadInput_shared[v_n, v_h + v_rh, v_w + v_rw, v_c] * placeholder_shared[0, v_rh, v_rw, v_c]
                    for ax0, ax1, ax2, ax3 in T.grid(1, 28, 16, 8):
                        with T.sblock("depth_conv2d_nhwc_local"):
                            v0 = T.axis.spatial(1, ax0)
                            v1 = T.axis.spatial(112, n_1_h_1_w_1_c_1_fused // 2 * 28 + ax1)
                            v2 = T.axis.spatial(112, n_2_h_2_w_2_c_2_fused // 2 * 16 + ax2)
                            v3 = T.axis.spatial(32, n_1_h_1_w_1_c_1_fused % 2 * 16 + n_2_h_2_w_2_c_2_fused % 2 * 8 + ax3)
                            T.reads(depth_conv2d_nhwc_local[v0, v1, v2, v3])
                            T.writes(depth_conv2d_nhwc[v0, v1, v2, v3])
                            depth_conv2d_nhwc[v0, v1, v2, v3] = depth_conv2d_nhwc_local[v0, v1, v2, v3]

# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(p0: T.Buffer((1, 56, 56, 64), "float32"), p1: T.Buffer((6, 6, 64, 64), "float32"), p2: T.Buffer((1, 1, 1, 64), "float32"), p3: T.Buffer((1, 56, 56, 64), "float32"), T_relu: T.Buffer((1, 56, 56, 64), "float32")):
    T.func_attr({"layout_free_buffers": [1], "tirx.noalias": True})
    # with T.sblock("root"):
    input_tile_local = T.sblock_alloc_buffer((6, 6, 196, 64), scope="local")
    data_pack = T.sblock_alloc_buffer((6, 6, 196, 64))
    bgemm = T.sblock_alloc_buffer((6, 6, 196, 64))
    inverse = T.sblock_alloc_buffer((4, 4, 196, 64))
    bgemm_local = T.sblock_alloc_buffer((6, 6, 196, 64), scope="local")
    data_pack_shared = T.sblock_alloc_buffer((6, 6, 196, 64), scope="shared")
    p1_shared = T.sblock_alloc_buffer((6, 6, 64, 64), scope="shared")
    for i2_0_i3_0_i2_1_i3_1_fused_0 in T.thread_binding(98, thread="blockIdx.x", annotations={"pragma_auto_unroll_max_step": 1024, "pragma_unroll_explicit": 1}):
        for i2_0_i3_0_i2_1_i3_1_fused_1 in T.thread_binding(128, thread="threadIdx.x"):
            for ax0, ax1, ax2, ax3 in T.grid(6, 6, 1, 1):
                with T.sblock("input_tile"):
                    eps, nu = T.axis.remap("SS", [ax0, ax1])
                    p = T.axis.spatial(196, (i2_0_i3_0_i2_1_i3_1_fused_0 * 128 + i2_0_i3_0_i2_1_i3_1_fused_1) // 896 * 14 + (i2_0_i3_0_i2_1_i3_1_fused_0 * 128 + i2_0_i3_0_i2_1_i3_1_fused_1) % 112 // 8 + ax2)
                    ci = T.axis.spatial(64, (i2_0_i3_0_i2_1_i3_1_fused_0 * 128 + i2_0_i3_0_i2_1_i3_1_fused_1) % 896 // 112 * 8 + (i2_0_i3_0_i2_1_i3_1_fused_0 * 128 + i2_0_i3_0_i2_1_i3_1_fused_1) % 8 + ax3)
                    T.reads(p0[p // 196, p % 196 // 14 * 4 + eps - 1, p % 14 * 4 + nu - 1, ci])
                    T.writes(input_tile_local[eps, nu, p, ci])
                    T.sblock_attr({"schedule_rule": "None"})
                    input_tile_local[eps, nu, p, ci] = T.if_then_else(1 <= p % 196 // 14 * 4 + eps and p % 196 // 14 * 4 + eps < 57 and 1 <= p % 14 * 4 + nu and p % 14 * 4 + nu < 57, p0[p // 196, p % 196 // 14 * 4 + eps - 1, p % 14 * 4 + nu - 1, ci], T.float32(0.0))
            for i0 in T.unroll(6):
                for i1 in T.unroll(6):
                    with T.sblock("data_pack_init"):
                        eps, nu = T.axis.remap("SS", [i0, i1])
                        p = T.axis.spatial(196, (i2_0_i3_0_i2_1_i3_1_fused_0 * 128 + i2_0_i3_0_i2_1_i3_1_fused_1) // 896 * 14 + (i2_0_i3_0_i2_1_i3_1_fused_0 * 128 + i2_0_i3_0_i2_1_i3_1_fused_1) % 112 // 8)
                        ci = T.axis.spatial(64, (i2_0_i3_0_i2_1_i3_1_fused_0 * 128 + i2_0_i3_0_i2_1_i3_1_fused_1) % 896 // 112 * 8 + (i2_0_i3_0_i2_1_i3_1_fused_0 * 128 + i2_0_i3_0_i2_1_i3_1_fused_1) % 8)
                        T.reads()
                        T.writes(data_pack[eps, nu, p, ci])
                        T.sblock_attr({"auto_scheduler_simplify_const_tensor_indices": ["eps", "nu", "r_a", "r_b"], "schedule_rule": "meta_schedule.winograd_data_pack.cuda"})
                        data_pack[eps, nu, p, ci] = T.float32(0.0)
                    for i4 in T.unroll(6):
                        for i5 in T.unroll(6):
                            with T.sblock("data_pack_update"):
                                eps, nu = T.axis.remap("SS", [i0, i1])
                                p = T.axis.spatial(196, (i2_0_i3_0_i2_1_i3_1_fused_0 * 128 + i2_0_i3_0_i2_1_i3_1_fused_1) // 896 * 14 + (i2_0_i3_0_i2_1_i3_1_fused_0 * 128 + i2_0_i3_0_i2_1_i3_1_fused_1) % 112 // 8)
                                ci = T.axis.spatial(64, (i2_0_i3_0_i2_1_i3_1_fused_0 * 128 + i2_0_i3_0_i2_1_i3_1_fused_1) % 896 // 112 * 8 + (i2_0_i3_0_i2_1_i3_1_fused_0 * 128 + i2_0_i3_0_i2_1_i3_1_fused_1) % 8)
                                r_a, r_b = T.axis.remap("RR", [i4, i5])
                                T.reads(data_pack[eps, nu, p, ci], input_tile_local[r_a, r_b, p, ci])
                                T.writes(data_pack[eps, nu, p, ci])
                                T.sblock_attr({"auto_scheduler_simplify_const_tensor_indices": ["eps", "nu", "r_a", "r_b"], "schedule_rule": "meta_schedule.winograd_data_pack.cuda"})
                                data_pack[eps, nu, p, ci] = data_pack[eps, nu, p, ci] + input_tile_local[r_a, r_b, p, ci] * T.Select(r_a % 6 == 5 and eps % 6 == 5, T.float32(1.0), T.Select(r_a % 6 == 5 and eps % 6 == 4, T.float32(0.0), T.Select(r_a % 6 == 5 and eps % 6 == 3, T.float32(0.0), T.Select(r_a % 6 == 5 and eps % 6 == 2, T.float32(0.0), T.Select(r_a % 6 == 5 and eps % 6 == 1, T.float32(0.0), T.Select(r_a % 6 == 5 and eps % 6 == 0, T.float32(0.0), T.Select(r_a % 6 == 4 and eps % 6 == 5, T.float32(1.5), T.Select(r_a % 6 == 4 and eps % 6 == 4, T.float32(1.0), T.Select(r_a % 6 == 4 and eps % 6 == 3, T.float32(1.0), T.Select(r_a % 6 == 4 and eps % 6 == 2, T.float32(1.0), T.Select(r_a % 6 == 4 and eps % 6 == 1, T.float32(1.0), T.Select(r_a % 6 == 4 and eps % 6 == 0, T.float32(1.0), T.Select(r_a % 6 == 3 and eps % 6 == 5, T.float32(-2.0), T.Select(r_a % 6 == 3 and eps % 6 == 4, T.float32(-0.5), T.Select(r_a % 6 == 3 and eps % 6 == 3, T.float32(2.0), T.Select(r_a % 6 == 3 and eps % 6 == 2, T.float32(2.5), T.Select(r_a % 6 == 3 and eps % 6 == 1, T.float32(0.5), T.Select(r_a % 6 == 3 and eps % 6 == 0, T.float32(1.5), T.Select(r_a % 6 == 2 and eps % 6 == 5, T.float32(-1.5), T.Select(r_a % 6 == 2 and eps % 6 == 4, T.float32(-1.0), T.Select(r_a % 6 == 2 and eps % 6 == 3, T.float32(-1.0), T.Select(r_a % 6 == 2 and eps % 6 == 2, T.float32(0.5), T.Select(r_a % 6 == 2 and eps % 6 == 1, T.float32(-2.5), T.Select(r_a % 6 == 2 and eps % 6 == 0, T.float32(-2.0), T.Select(r_a % 6 == 1 and eps % 6 == 5, T.float32(1.0), T.Select(r_a % 6 == 1 and eps % 6 == 4, T.float32(0.5), T.Select(r_a % 6 == 1 and eps % 6 == 3, T.float32(-2.0), T.Select(r_a % 6 == 1 and eps % 6 == 2, T.float32(-1.0), T.Select(r_a % 6 == 1 and eps % 6 == 1, T.float32(1.0), T.Select(r_a % 6 == 1 and eps % 6 == 0, T.float32(-1.5), T.Select(r_a % 6 == 0 and eps % 6 == 5, T.float32(0.0), T.Select(r_a % 6 == 0 and eps % 6 == 4, T.float32(0.0), T.Select(r_a % 6 == 0 and eps % 6 == 3, T.float32(0.0), T.Select(r_a % 6 == 0 and eps % 6 == 2, T.float32(0.0), T.Select(r_a % 6 == 0 and eps % 6 == 1, T.float32(0.0), T.Select(r_a % 6 == 0 and eps % 6 == 0, T.float32(1.0), T.float32(0.0))))))))))))))))))))))))))))))))))))) * T.Select(r_b % 6 == 5 and nu % 6 == 5, T.float32(1.0), T.Select(r_b % 6 == 5 and nu % 6 == 4, T.float32(0.0), T.Select(r_b % 6 == 5 and nu % 6 == 3, T.float32(0.0), T.Select(r_b % 6 == 5 and nu % 6 == 2, T.float32(0.0), T.Select(r_b % 6 == 5 and nu % 6 == 1, T.float32(0.0), T.Select(r_b % 6 == 5 and nu % 6 == 0, T.float32(0.0), T.Select(r_b % 6 == 4 and nu % 6 == 5, T.float32(1.5), T.Select(r_b % 6 == 4 and nu % 6 == 4, T.float32(1.0), T.Select(r_b % 6 == 4 and nu % 6 == 3, T.float32(1.0), T.Select(r_b % 6 == 4 and nu % 6 == 2, T.float32(1.0), T.Select(r_b % 6 == 4 and nu % 6 == 1, T.float32(1.0), T.Select(r_b % 6 == 4 and nu % 6 == 0, T.float32(1.0), T.Select(r_b % 6 == 3 and nu % 6 == 5, T.float32(-2.0), T.Select(r_b % 6 == 3 and nu % 6 == 4, T.float32(-0.5), T.Select(r_b % 6 == 3 and nu % 6 == 3, T.float32(2.0), T.Select(r_b % 6 == 3 and nu % 6 == 2, T.float32(2.5), T.Select(r_b % 6 == 3 and nu % 6 == 1, T.float32(0.5), T.Select(r_b % 6 == 3 and nu % 6 == 0, T.float32(1.5), T.Select(r_b % 6 == 2 and nu % 6 == 5, T.float32(-1.5), T.Select(r_b % 6 == 2 and nu % 6 == 4, T.float32(-1.0), T.Select(r_b % 6 == 2 and nu % 6 == 3, T.float32(-1.0), T.Select(r_b % 6 == 2 and nu % 6 == 2, T.float32(0.5), T.Select(r_b % 6 == 2 and nu % 6 == 1, T.float32(-2.5), T.Select(r_b % 6 == 2 and nu % 6 == 0, T.float32(-2.0), T.Select(r_b % 6 == 1 and nu % 6 == 5, T.float32(1.0), T.Select(r_b % 6 == 1 and nu % 6 == 4, T.float32(0.5), T.Select(r_b % 6 == 1 and nu % 6 == 3, T.float32(-2.0), T.Select(r_b % 6 == 1 and nu % 6 == 2, T.float32(-1.0), T.Select(r_b % 6 == 1 and nu % 6 == 1, T.float32(1.0), T.Select(r_b % 6 == 1 and nu % 6 == 0, T.float32(-1.5), T.Select(r_b % 6 == 0 and nu % 6 == 5, T.float32(0.0), T.Select(r_b % 6 == 0 and nu % 6 == 4, T.float32(0.0), T.Select(r_b % 6 == 0 and nu % 6 == 3, T.float32(0.0), T.Select(r_b % 6 == 0 and nu % 6 == 2, T.float32(0.0), T.Select(r_b % 6 == 0 and nu % 6 == 1, T.float32(0.0), T.Select(r_b % 6 == 0 and nu % 6 == 0, T.float32(1.0), T.float32(0.0)))))))))))))))))))))))))))))))))))))
    for i0_0_i1_0_i2_0_i3_0_fused in T.thread_binding(168, thread="blockIdx.x", annotations={"pragma_auto_unroll_max_step": 1024, "pragma_unroll_explicit": 1}):
        for i0_1_i1_1_i2_1_i3_1_fused in T.thread_binding(4, thread="vthread.x"):
            for i0_2_i1_2_i2_2_i3_2_fused in T.thread_binding(48, thread="threadIdx.x"):
                for i0_3_init, i1_3_init, i2_3_init, i3_3_init, i0_4_init, i1_4_init, i2_4_init, i3_4_init in T.grid(1, 1, 14, 1, 1, 1, 1, 1):
                    with T.sblock("bgemm_init"):
                        eps = T.axis.spatial(6, i0_1_i1_1_i2_1_i3_1_fused // 2 * 3 + i0_2_i1_2_i2_2_i3_2_fused // 16 + i0_3_init + i0_4_init)
                        nu = T.axis.spatial(6, i0_0_i1_0_i2_0_i3_0_fused // 28 + i1_3_init + i1_4_init)
                        p = T.axis.spatial(196, i0_0_i1_0_i2_0_i3_0_fused % 28 // 4 * 28 + i0_1_i1_1_i2_1_i3_1_fused % 2 * 14 + i2_3_init + i2_4_init)
                        co = T.axis.spatial(64, i0_0_i1_0_i2_0_i3_0_fused % 4 * 16 + i0_2_i1_2_i2_2_i3_2_fused % 16 + i3_3_init + i3_4_init)
                        T.reads()
                        T.writes(bgemm_local[eps, nu, p, co])
                        T.sblock_attr({"layout_free_placeholders": [], "meta_schedule.thread_extent_high_inclusive": 1024, "meta_schedule.thread_extent_low_inclusive": 32, "meta_schedule.tiling_structure": "SSSRRSRS"})
                        bgemm_local[eps, nu, p, co] = T.float32(0.0)
                for i4_0 in range(2):
                    for ax0_ax1_ax2_ax3_fused_0 in range(28):
                        for ax0_ax1_ax2_ax3_fused_1 in T.thread_binding(48, thread="threadIdx.x"):
                            for ax0_ax1_ax2_ax3_fused_2 in T.vectorized(4):
                                with T.sblock("data_pack_shared"):
                                    v0 = T.axis.spatial(6, (ax0_ax1_ax2_ax3_fused_0 * 192 + ax0_ax1_ax2_ax3_fused_1 * 4 + ax0_ax1_ax2_ax3_fused_2) // 896)
                                    v1 = T.axis.spatial(6, i0_0_i1_0_i2_0_i3_0_fused // 28)
                                    v2 = T.axis.spatial(196, i0_0_i1_0_i2_0_i3_0_fused % 28 // 4 * 28 + (ax0_ax1_ax2_ax3_fused_0 * 192 + ax0_ax1_ax2_ax3_fused_1 * 4 + ax0_ax1_ax2_ax3_fused_2) % 896 // 32)
                                    v3 = T.axis.spatial(64, i4_0 * 32 + (ax0_ax1_ax2_ax3_fused_0 * 192 + ax0_ax1_ax2_ax3_fused_1 * 4 + ax0_ax1_ax2_ax3_fused_2) % 32)
                                    T.reads(data_pack[v0, v1, v2, v3])
                                    T.writes(data_pack_shared[v0, v1, v2, v3])
                                    data_pack_shared[v0, v1, v2, v3] = data_pack[v0, v1, v2, v3]
                    for ax0_ax1_ax2_ax3_fused_0 in range(16):
                        for ax0_ax1_ax2_ax3_fused_1 in T.thread_binding(48, thread="threadIdx.x"):
                            for ax0_ax1_ax2_ax3_fused_2 in T.vectorized(4):
                                with T.sblock("p1_shared"):
                                    v0 = T.axis.spatial(6, (ax0_ax1_ax2_ax3_fused_0 * 192 + ax0_ax1_ax2_ax3_fused_1 * 4 + ax0_ax1_ax2_ax3_fused_2) // 512)
                                    v1 = T.axis.spatial(6, i0_0_i1_0_i2_0_i3_0_fused // 28)
                                    v2 = T.axis.spatial(64, i0_0_i1_0_i2_0_i3_0_fused % 4 * 16 + (ax0_ax1_ax2_ax3_fused_0 * 192 + ax0_ax1_ax2_ax3_fused_1 * 4 + ax0_ax1_ax2_ax3_fused_2) % 512 // 32)
                                    v3 = T.axis.spatial(64, i4_0 * 32 + (ax0_ax1_ax2_ax3_fused_0 * 192 + ax0_ax1_ax2_ax3_fused_1 * 4 + ax0_ax1_ax2_ax3_fused_2) % 32)
                                    T.reads(p1[v0, v1, v2, v3])
                                    T.writes(p1_shared[v0, v1, v2, v3])
                                    p1_shared[v0, v1, v2, v3] = p1[v0, v1, v2, v3]
                    for i4_1, i0_3, i1_3, i2_3, i3_3, i4_2, i0_4, i1_4, i2_4, i3_4 in T.grid(2, 1, 1, 14, 1, 16, 1, 1, 1, 1):
                        with T.sblock("bgemm_update"):
                            eps = T.axis.spatial(6, i0_1_i1_1_i2_1_i3_1_fused // 2 * 3 + i0_2_i1_2_i2_2_i3_2_fused // 16 + i0_3 + i0_4)
                            nu = T.axis.spatial(6, i0_0_i1_0_i2_0_i3_0_fused // 28 + i1_3 + i1_4)
                            p = T.axis.spatial(196, i0_0_i1_0_i2_0_i3_0_fused % 28 // 4 * 28 + i0_1_i1_1_i2_1_i3_1_fused % 2 * 14 + i2_3 + i2_4)
                            co = T.axis.spatial(64, i0_0_i1_0_i2_0_i3_0_fused % 4 * 16 + i0_2_i1_2_i2_2_i3_2_fused % 16 + i3_3 + i3_4)
                            ci = T.axis.reduce(64, i4_0 * 32 + i4_1 * 16 + i4_2)
                            T.reads(bgemm_local[eps, nu, p, co], data_pack_shared[eps, nu, p, ci], p1_shared[eps, nu, co, ci])
                            T.writes(bgemm_local[eps, nu, p, co])
                            T.sblock_attr({"layout_free_placeholders": [], "meta_schedule.thread_extent_high_inclusive": 1024, "meta_schedule.thread_extent_low_inclusive": 32, "meta_schedule.tiling_structure": "SSSRRSRS"})
                            bgemm_local[eps, nu, p, co] = bgemm_local[eps, nu, p, co] + data_pack_shared[eps, nu, p, ci] * p1_shared[eps, nu, co, ci]
                for ax0, ax1, ax2, ax3 in T.grid(1, 1, 14, 1):
                    with T.sblock("bgemm_local"):
                        v0 = T.axis.spatial(6, i0_1_i1_1_i2_1_i3_1_fused // 2 * 3 + i0_2_i1_2_i2_2_i3_2_fused // 16 + ax0)
                        v1 = T.axis.spatial(6, i0_0_i1_0_i2_0_i3_0_fused // 28 + ax1)
                        v2 = T.axis.spatial(196, i0_0_i1_0_i2_0_i3_0_fused % 28 // 4 * 28 + i0_1_i1_1_i2_1_i3_1_fused % 2 * 14 + ax2)
                        v3 = T.axis.spatial(64, i0_0_i1_0_i2_0_i3_0_fused % 4 * 16 + i0_2_i1_2_i2_2_i3_2_fused % 16 + ax3)
                        T.reads(bgemm_local[v0, v1, v2, v3])
                        T.writes(bgemm[v0, v1, v2, v3])
                        bgemm[v0, v1, v2, v3] = bgemm_local[v0, v1, v2, v3]
    for i2_0_i3_0_i2_1_i3_1_fused_0 in T.thread_binding(25, thread="blockIdx.x", annotations={"pragma_auto_unroll_max_step": 1024, "pragma_unroll_explicit": 1}):
        for i2_0_i3_0_i2_1_i3_1_fused_1 in T.thread_binding(512, thread="threadIdx.x"):
            for i0 in T.unroll(4):
                for i1 in T.unroll(4):
                    with T.sblock("inverse_init"):
                        vh, vw = T.axis.remap("SS", [i0, i1])
                        p = T.axis.spatial(196, (i2_0_i3_0_i2_1_i3_1_fused_0 * 512 + i2_0_i3_0_i2_1_i3_1_fused_1) // 448 * 7 + (i2_0_i3_0_i2_1_i3_1_fused_0 * 512 + i2_0_i3_0_i2_1_i3_1_fused_1) % 224 // 32)
                        co = T.axis.spatial(64, (i2_0_i3_0_i2_1_i3_1_fused_0 * 512 + i2_0_i3_0_i2_1_i3_1_fused_1) % 448 // 224 * 32 + (i2_0_i3_0_i2_1_i3_1_fused_0 * 512 + i2_0_i3_0_i2_1_i3_1_fused_1) % 32)
                        T.where(i2_0_i3_0_i2_1_i3_1_fused_0 * 512 + i2_0_i3_0_i2_1_i3_1_fused_1 < 12544)
                        T.reads()
                        T.writes(inverse[vh, vw, p, co])
                        T.sblock_attr({"auto_scheduler_simplify_const_tensor_indices": ["vh", "vw", "r_a", "r_b"], "schedule_rule": "meta_schedule.winograd_inverse.cuda"})
                        inverse[vh, vw, p, co] = T.float32(0.0)
                    for i4 in T.unroll(6):
                        for i5 in T.unroll(6):
                            with T.sblock("inverse_update"):
                                vh, vw = T.axis.remap("SS", [i0, i1])
                                p = T.axis.spatial(196, (i2_0_i3_0_i2_1_i3_1_fused_0 * 512 + i2_0_i3_0_i2_1_i3_1_fused_1) // 448 * 7 + (i2_0_i3_0_i2_1_i3_1_fused_0 * 512 + i2_0_i3_0_i2_1_i3_1_fused_1) % 224 // 32)
                                co = T.axis.spatial(64, (i2_0_i3_0_i2_1_i3_1_fused_0 * 512 + i2_0_i3_0_i2_1_i3_1_fused_1) % 448 // 224 * 32 + (i2_0_i3_0_i2_1_i3_1_fused_0 * 512 + i2_0_i3_0_i2_1_i3_1_fused_1) % 32)
                                r_a, r_b = T.axis.remap("RR", [i4, i5])
                                T.where(i2_0_i3_0_i2_1_i3_1_fused_0 * 512 + i2_0_i3_0_i2_1_i3_1_fused_1 < 12544)
                                T.reads(inverse[vh, vw, p, co], bgemm[r_a, r_b, p, co])
                                T.writes(inverse[vh, vw, p, co])
                                T.sblock_attr({"auto_scheduler_simplify_const_tensor_indices": ["vh", "vw", "r_a", "r_b"], "schedule_rule": "meta_schedule.winograd_inverse.cuda"})
                                inverse[vh, vw, p, co] = inverse[vh, vw, p, co] + bgemm[r_a, r_b, p, co] * T.Select(r_a % 6 == 5 and vh % 4 == 3, T.float32(1.0), T.Select(r_a % 6 == 5 and vh % 4 == 2, T.float32(0.0), T.Select(r_a % 6 == 5 and vh % 4 == 1, T.float32(0.0), T.Select(r_a % 6 == 5 and vh % 4 == 0, T.float32(0.0), T.Select(r_a % 6 == 4 and vh % 4 == 3, T.float32(-8.0), T.Select(r_a % 6 == 4 and vh % 4 == 2, T.float32(4.0), T.Select(r_a % 6 == 4 and vh % 4 == 1, T.float32(-2.0), T.Select(r_a % 6 == 4 and vh % 4 == 0, T.float32(1.0), T.Select(r_a % 6 == 3 and vh % 4 == 3, T.float32(0.125), T.Select(r_a % 6 == 3 and vh % 4 == 2, T.float32(0.25), T.Select(r_a % 6 == 3 and vh % 4 == 1, T.float32(0.5), T.Select(r_a % 6 == 3 and vh % 4 == 0, T.float32(1.0), T.Select(r_a % 6 == 2 and vh % 4 == 3, T.float32(1.0), T.Select(r_a % 6 == 2 and vh % 4 == 2, T.float32(1.0), T.Select(r_a % 6 == 2 and vh % 4 == 1, T.float32(1.0), T.Select(r_a % 6 == 2 and vh % 4 == 0, T.float32(1.0), T.Select(r_a % 6 == 1 and vh % 4 == 3, T.float32(-1.0), T.Select(r_a % 6 == 1 and vh % 4 == 2, T.float32(1.0), T.Select(r_a % 6 == 1 and vh % 4 == 1, T.float32(-1.0), T.Select(r_a % 6 == 1 and vh % 4 == 0, T.float32(1.0), T.Select(r_a % 6 == 0 and vh % 4 == 3, T.float32(0.0), T.Select(r_a % 6 == 0 and vh % 4 == 2, T.float32(0.0), T.Select(r_a % 6 == 0 and vh % 4 == 1, T.float32(0.0), T.Select(r_a % 6 == 0 and vh % 4 == 0, T.float32(1.0), T.float32(0.0))))))))))))))))))))))))) * T.Select(r_b % 6 == 5 and vw % 4 == 3, T.float32(1.0), T.Select(r_b % 6 == 5 and vw % 4 == 2, T.float32(0.0), T.Select(r_b % 6 == 5 and vw % 4 == 1, T.float32(0.0), T.Select(r_b % 6 == 5 and vw % 4 == 0, T.float32(0.0), T.Select(r_b % 6 == 4 and vw % 4 == 3, T.float32(-8.0), T.Select(r_b % 6 == 4 and vw % 4 == 2, T.float32(4.0), T.Select(r_b % 6 == 4 and vw % 4 == 1, T.float32(-2.0), T.Select(r_b % 6 == 4 and vw % 4 == 0, T.float32(1.0), T.Select(r_b % 6 == 3 and vw % 4 == 3, T.float32(0.125), T.Select(r_b % 6 == 3 and vw % 4 == 2, T.float32(0.25), T.Select(r_b % 6 == 3 and vw % 4 == 1, T.float32(0.5), T.Select(r_b % 6 == 3 and vw % 4 == 0, T.float32(1.0), T.Select(r_b % 6 == 2 and vw % 4 == 3, T.float32(1.0), T.Select(r_b % 6 == 2 and vw % 4 == 2, T.float32(1.0), T.Select(r_b % 6 == 2 and vw % 4 == 1, T.float32(1.0), T.Select(r_b % 6 == 2 and vw % 4 == 0, T.float32(1.0), T.Select(r_b % 6 == 1 and vw % 4 == 3, T.float32(-1.0), T.Select(r_b % 6 == 1 and vw % 4 == 2, T.float32(1.0), T.Select(r_b % 6 == 1 and vw % 4 == 1, T.float32(-1.0), T.Select(r_b % 6 == 1 and vw % 4 == 0, T.float32(1.0), T.Select(r_b % 6 == 0 and vw % 4 == 3, T.float32(0.0), T.Select(r_b % 6 == 0 and vw % 4 == 2, T.float32(0.0), T.Select(r_b % 6 == 0 and vw % 4 == 1, T.float32(0.0), T.Select(r_b % 6 == 0 and vw % 4 == 0, T.float32(1.0), T.float32(0.0)))))))))))))))))))))))))
    for i0_i1_i2_i3_fused_0 in T.thread_binding(1568, thread="blockIdx.x", annotations={"pragma_auto_unroll_max_step": 1024, "pragma_unroll_explicit": 1}):
        for i0_i1_i2_i3_fused_1 in T.thread_binding(128, thread="threadIdx.x"):
            with T.sblock("conv2d_winograd"):
                n = T.axis.spatial(1, 0)
                h = T.axis.spatial(56, (i0_i1_i2_i3_fused_0 * 128 + i0_i1_i2_i3_fused_1) // 3584)
                w = T.axis.spatial(56, (i0_i1_i2_i3_fused_0 * 128 + i0_i1_i2_i3_fused_1) % 3584 // 64)
                co = T.axis.spatial(64, (i0_i1_i2_i3_fused_0 * 128 + i0_i1_i2_i3_fused_1) % 64)
                T.reads(inverse[h % 4, w % 4, n * 196 + h // 4 * 14 + w // 4, co], p2[n, 0, 0, co], p3[n, h, w, co])
                T.writes(T_relu[n, h, w, co])
                T_relu[n, h, w, co] = T.max(inverse[h % 4, w % 4, n * 196 + h // 4 * 14 + w // 4, co] + p2[n, 0, 0, co] + p3[n, h, w, co], T.float32(0.0))

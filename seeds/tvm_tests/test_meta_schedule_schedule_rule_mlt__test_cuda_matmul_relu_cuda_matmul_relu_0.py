# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((512, 512), "float32"), B: T.Buffer((512, 512), "float32"), compute: T.Buffer((512, 512), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    C = T.sblock_alloc_buffer((512, 512))
    C_local = T.sblock_alloc_buffer((512, 512), scope="local")
    A_shared = T.sblock_alloc_buffer((512, 512), scope="shared")
    B_shared = T.sblock_alloc_buffer((512, 512), scope="shared")
    for i0_0_i1_0_fused in T.thread_binding(64, thread="blockIdx.x"):
        for i0_1_i1_1_fused in T.thread_binding(64, thread="vthread.x"):
            for i0_2_i1_2_fused in T.thread_binding(8, thread="threadIdx.x"):
                for i2_0 in range(8):
                    for ax0_ax1_fused in range(4096):
                        with T.sblock("A_shared"):
                            v0 = T.axis.spatial(512, i0_0_i1_0_fused // 8 * 64 + ax0_ax1_fused // 64)
                            v1 = T.axis.spatial(512, i2_0 * 64 + ax0_ax1_fused % 64)
                            T.reads(A[v0, v1])
                            T.writes(A_shared[v0, v1])
                            T.sblock_attr({"meta_schedule.cooperative_fetch": 2})
                            A_shared[v0, v1] = A[v0, v1]
                    for ax0_ax1_fused in range(4096):
                        with T.sblock("B_shared"):
                            v0 = T.axis.spatial(512, i2_0 * 64 + ax0_ax1_fused // 64)
                            v1 = T.axis.spatial(512, i0_0_i1_0_fused % 8 * 64 + ax0_ax1_fused % 64)
                            T.reads(B[v0, v1])
                            T.writes(B_shared[v0, v1])
                            T.sblock_attr({"meta_schedule.cooperative_fetch": 4})
                            B_shared[v0, v1] = B[v0, v1]
                    for i2_1, i0_3, i1_3, i2_2, i0_4, i1_4 in T.grid(8, 2, 1, 8, 2, 2):
                        with T.sblock("C"):
                            i = T.axis.spatial(512, i0_0_i1_0_fused // 8 * 64 + i0_1_i1_1_fused // 8 * 8 + i0_2_i1_2_fused // 4 * 4 + i0_3 * 2 + i0_4)
                            j = T.axis.spatial(512, i0_0_i1_0_fused % 8 * 64 + i0_1_i1_1_fused % 8 * 8 + i0_2_i1_2_fused % 4 * 2 + i1_3 * 2 + i1_4)
                            k = T.axis.reduce(512, i2_0 * 64 + i2_1 * 8 + i2_2)
                            T.reads(A_shared[i, k], B_shared[k, j])
                            T.writes(C_local[i, j])
                            T.sblock_attr({"meta_schedule.thread_extent_high_inclusive": 1024, "meta_schedule.thread_extent_low_inclusive": 32, "meta_schedule.tiling_structure": "SSSRRSRS"})
                            with T.init():
                                C_local[i, j] = T.float32(0.0)
                            C_local[i, j] = C_local[i, j] + A_shared[i, k] * B_shared[k, j]
                for ax0, ax1 in T.grid(4, 2):
                    with T.sblock("C_local"):
                        v0 = T.axis.spatial(512, i0_0_i1_0_fused // 8 * 64 + i0_1_i1_1_fused // 8 * 8 + i0_2_i1_2_fused // 4 * 4 + ax0)
                        v1 = T.axis.spatial(512, i0_0_i1_0_fused % 8 * 64 + i0_1_i1_1_fused % 8 * 8 + i0_2_i1_2_fused % 4 * 2 + ax1)
                        T.reads(C_local[v0, v1])
                        T.writes(C[v0, v1])
                        C[v0, v1] = C_local[v0, v1]
    for i0, i1 in T.grid(512, 512):
        with T.sblock("compute"):
            i0_1, i1_1 = T.axis.remap("SS", [i0, i1])
            T.reads(C[i0_1, i1_1])
            T.writes(compute[i0_1, i1_1])
            compute[i0_1, i1_1] = T.max(C[i0_1, i1_1], T.float32(0.0))

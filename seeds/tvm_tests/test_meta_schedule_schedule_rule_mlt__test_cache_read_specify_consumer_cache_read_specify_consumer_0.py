# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((512, 512), "float32"), B: T.Buffer((512, 512), "float32"), T_add: T.Buffer((512, 512), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    C = T.sblock_alloc_buffer((512, 512))
    C_local = T.sblock_alloc_buffer((512, 512), scope="local")
    A_shared = T.sblock_alloc_buffer((512, 512), scope="shared")
    B_shared = T.sblock_alloc_buffer((512, 512), scope="shared")
    for i_0_j_0_fused in T.thread_binding(2, thread="blockIdx.x"):
        for i_1_j_1_fused in T.thread_binding(512, thread="vthread.x"):
            for i_2_j_2_fused in T.thread_binding(16, thread="threadIdx.x"):
                for k_0 in range(2):
                    for ax0_ax1_fused in range(131072):
                        with T.sblock("A_shared"):
                            v0 = T.axis.spatial(512, ax0_ax1_fused // 256)
                            v1 = T.axis.spatial(512, k_0 * 256 + ax0_ax1_fused % 256)
                            T.reads(A[v0, v1])
                            T.writes(A_shared[v0, v1])
                            T.sblock_attr({"meta_schedule.cooperative_fetch": 2})
                            A_shared[v0, v1] = A[v0, v1]
                    for ax0_ax1_fused in range(65536):
                        with T.sblock("B_shared"):
                            v0 = T.axis.spatial(512, k_0 * 256 + ax0_ax1_fused // 256)
                            v1 = T.axis.spatial(512, i_0_j_0_fused * 256 + ax0_ax1_fused % 256)
                            T.reads(B[v0, v1])
                            T.writes(B_shared[v0, v1])
                            T.sblock_attr({"meta_schedule.cooperative_fetch": 3})
                            B_shared[v0, v1] = B[v0, v1]
                    for k_1, i_3, j_3, k_2, i_4, j_4 in T.grid(64, 1, 1, 4, 1, 16):
                        with T.sblock("C"):
                            v_i = T.axis.spatial(512, i_1_j_1_fused // 8 * 8 + i_2_j_2_fused // 2 + i_3 + i_4)
                            v_j = T.axis.spatial(512, i_0_j_0_fused * 256 + i_1_j_1_fused % 8 * 32 + i_2_j_2_fused % 2 * 16 + j_3 * 16 + j_4)
                            v_k = T.axis.reduce(512, k_0 * 256 + k_1 * 4 + k_2)
                            T.reads(A_shared[v_i, v_k], B_shared[v_k, v_j])
                            T.writes(C_local[v_i, v_j])
                            T.sblock_attr({"meta_schedule.thread_extent_high_inclusive": 1024, "meta_schedule.thread_extent_low_inclusive": 32, "meta_schedule.tiling_structure": "SSSRRSRS"})
                            with T.init():
                                C_local[v_i, v_j] = T.float32(0.0)
                            C_local[v_i, v_j] = C_local[v_i, v_j] + A_shared[v_i, v_k] * B_shared[v_k, v_j]
                for ax0, ax1 in T.grid(1, 16):
                    with T.sblock("C_local"):
                        v0 = T.axis.spatial(512, i_1_j_1_fused // 8 * 8 + i_2_j_2_fused // 2 + ax0)
                        v1 = T.axis.spatial(512, i_0_j_0_fused * 256 + i_1_j_1_fused % 8 * 32 + i_2_j_2_fused % 2 * 16 + ax1)
                        T.reads(C_local[v0, v1])
                        T.writes(C[v0, v1])
                        C[v0, v1] = C_local[v0, v1]
    for ax0, ax1 in T.grid(512, 512):
        with T.sblock("T_add"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(C[v_ax0, v_ax1], A[v_ax0, v_ax1])
            T.writes(T_add[v_ax0, v_ax1])
            T_add[v_ax0, v_ax1] = C[v_ax0, v_ax1] + A[v_ax0, v_ax1]

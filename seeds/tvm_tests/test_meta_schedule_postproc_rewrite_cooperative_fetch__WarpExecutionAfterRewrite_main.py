# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(A: T.Buffer((512, 512), "float32"), B: T.Buffer((512, 512), "float32"), C: T.Buffer((512, 512), "float32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    C_local = T.sblock_alloc_buffer((512, 512), scope="local")
    A_shared = T.sblock_alloc_buffer((512, 512), scope="shared")
    B_shared = T.sblock_alloc_buffer((512, 512), scope="shared")
    for i0_0_i1_0_fused in T.thread_binding(16, thread="blockIdx.x"):
        for i0_1_i1_1_fused in T.thread_binding(16, thread="vthread.x"):
            for i0_2_i1_2_fused in T.thread_binding(8, thread="threadIdx.y"):
                for i2_0 in range(1):
                    for ax0_ax1_fused_0 in range(1024):
                        for ax0_ax1_fused_1 in T.thread_binding(8, thread="threadIdx.y"):
                            for ax0_ax1_fused_2 in T.thread_binding(32, thread="threadIdx.x"):
                                with T.sblock("A_shared"):
                                    v0 = T.axis.spatial(512, (ax0_ax1_fused_0 * 256 + ax0_ax1_fused_1 * 32 + ax0_ax1_fused_2) // 512)
                                    v1 = T.axis.spatial(512, (ax0_ax1_fused_0 * 256 + ax0_ax1_fused_1 * 32 + ax0_ax1_fused_2) % 512)
                                    T.reads(A[v0, v1])
                                    T.writes(A_shared[v0, v1])
                                    A_shared[v0, v1] = A[v0, v1]
                    for ax0_ax1_fused_0 in range(32):
                        for ax0_ax1_fused_1 in T.thread_binding(8, thread="threadIdx.y"):
                            for ax0_ax1_fused_2 in T.thread_binding(32, thread="threadIdx.x"):
                                for ax0_ax1_fused_3 in T.vectorized(2):
                                    with T.sblock("B_shared"):
                                        v0 = T.axis.spatial(512, (ax0_ax1_fused_0 * 512 + ax0_ax1_fused_1 * 64 + ax0_ax1_fused_2 * 2 + ax0_ax1_fused_3) // 32)
                                        v1 = T.axis.spatial(512, i0_0_i1_0_fused * 32 + (ax0_ax1_fused_0 * 512 + ax0_ax1_fused_1 * 64 + ax0_ax1_fused_2 * 2 + ax0_ax1_fused_3) % 32)
                                        T.reads(B[v0, v1])
                                        T.writes(B_shared[v0, v1])
                                        B_shared[v0, v1] = B[v0, v1]
                    for i2_1, i0_3, i1_3, i2_2, i0_4, i1_4 in T.grid(16, 2, 2, 32, 16, 2):
                        with T.sblock("C"):
                            i = T.axis.spatial(512, i0_1_i1_1_fused * 32 + i0_3 * 16 + i0_4)
                            j = T.axis.spatial(512, i0_0_i1_0_fused * 32 + i0_2_i1_2_fused * 4 + i1_3 * 2 + i1_4)
                            k = T.axis.reduce(512, i2_0 * 512 + i2_1 * 32 + i2_2)
                            T.reads(A_shared[i, k], B_shared[k, j])
                            T.writes(C_local[i, j])
                            T.sblock_attr({"warp_execution": 1})
                            with T.init():
                                C_local[i, j] = T.float32(0.0)
                            C_local[i, j] = C_local[i, j] + A_shared[i, k] * B_shared[k, j]
                for ax0, ax1 in T.grid(32, 4):
                    with T.sblock("C_local"):
                        v0 = T.axis.spatial(512, i0_1_i1_1_fused * 32 + ax0)
                        v1 = T.axis.spatial(512, i0_0_i1_0_fused * 32 + i0_2_i1_2_fused * 4 + ax1)
                        T.reads(C_local[v0, v1])
                        T.writes(C[v0, v1])
                        C[v0, v1] = C_local[v0, v1]

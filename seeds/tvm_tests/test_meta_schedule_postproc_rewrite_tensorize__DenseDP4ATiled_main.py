# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@T.prim_func(s_tir=True)
def main(X: T.Buffer((128, 128), "int8"), W: T.Buffer((128, 128), "int8"), compute: T.Buffer((128, 128), "int32")):
    T.func_attr({"tirx.noalias": True})
    # with T.sblock("root"):
    compute_local = T.sblock_alloc_buffer((128, 128), "int32", scope="local")
    X_shared = T.sblock_alloc_buffer((128, 128), "int8", scope="shared")
    W_shared = T.sblock_alloc_buffer((128, 128), "int8", scope="shared")
    for i0_0_i1_0_fused in T.thread_binding(16, thread="blockIdx.x"):
        for i0_1_i1_1_fused in T.thread_binding(2, thread="vthread.x"):
            for i0_2_i1_2_fused in T.thread_binding(2, thread="threadIdx.x"):
                for i2_0_0 in range(2):
                    for ax0_ax1_fused in range(1024):
                        with T.sblock("X_shared"):
                            v0 = T.axis.spatial(128, i0_0_i1_0_fused // 2 * 16 + ax0_ax1_fused // 64)
                            v1 = T.axis.spatial(128, i2_0_0 * 64 + ax0_ax1_fused % 64)
                            T.reads(X[v0, v1])
                            T.writes(X_shared[v0, v1])
                            T.sblock_attr({"meta_schedule.cooperative_fetch": 4})
                            X_shared[v0, v1] = X[v0, v1]
                    for ax0_ax1_fused in range(4096):
                        with T.sblock("W_shared"):
                            v0 = T.axis.spatial(128, i0_0_i1_0_fused % 2 * 64 + ax0_ax1_fused // 64)
                            v1 = T.axis.spatial(128, i2_0_0 * 64 + ax0_ax1_fused % 64)
                            T.reads(W[v0, v1])
                            T.writes(W_shared[v0, v1])
                            T.sblock_attr({"meta_schedule.cooperative_fetch": 1})
                            W_shared[v0, v1] = W[v0, v1]
                    for i2_0_1, i0_3, i1_3, i2_0_2, i0_4, i1_4 in T.grid(2, 4, 16, 8, 4, 1):
                        with T.sblock("compute_o"):
                            i = T.axis.spatial(128, i0_0_i1_0_fused // 2 * 16 + i0_3 * 4 + i0_4)
                            j = T.axis.spatial(128, i0_0_i1_0_fused % 2 * 64 + i0_1_i1_1_fused * 32 + i0_2_i1_2_fused * 16 + i1_3)
                            k_o = T.axis.reduce(32, i2_0_0 * 16 + i2_0_1 * 8 + i2_0_2)
                            T.reads(X_shared[i, k_o * 4:k_o * 4 + 4], W_shared[j, k_o * 4:k_o * 4 + 4])
                            T.writes(compute_local[i, j])
                            T.sblock_attr({"meta_schedule.auto_tensorize": "dp4a_s8s8s32"})
                            with T.init():
                                with T.sblock("compute_init"):
                                    T.reads()
                                    T.writes(compute_local[i, j])
                                    compute_local[i, j] = 0
                            for i2_1 in range(4):
                                with T.sblock("compute"):
                                    k = T.axis.reduce(4, i2_1)
                                    T.reads(compute_local[i, j], X_shared[i, k_o * 4 + k], W_shared[j, k_o * 4 + k])
                                    T.writes(compute_local[i, j])
                                    T.sblock_attr({"meta_schedule.tiling_structure": "SSSRRSRS"})
                                    compute_local[i, j] = compute_local[i, j] + T.Cast("int32", X_shared[i, k_o * 4 + k]) * T.Cast("int32", W_shared[j, k_o * 4 + k])
                for ax0, ax1 in T.grid(16, 16):
                    with T.sblock("compute_local"):
                        v0 = T.axis.spatial(128, i0_0_i1_0_fused // 2 * 16 + ax0)
                        v1 = T.axis.spatial(128, i0_0_i1_0_fused % 2 * 64 + i0_1_i1_1_fused * 32 + i0_2_i1_2_fused * 16 + ax1)
                        T.reads(compute_local[v0, v1])
                        T.writes(compute[v0, v1])
                        compute[v0, v1] = compute_local[v0, v1]
